"""One registry of the games (issue 36, `adjudicator/tables.py`): each entry names its rules,
its command-line views and its page; the page names no game; a fifth game plugs in with
one entry; a record of one game loads no other."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator import tables
from adjudicator.render.pages import page, puzzle_page
from adjudicator.render.tables import VIEWS
from adjudicator.tables import GAMES, TABLES, Entry, entry_of_record, table_of_record

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "adjudicator" / "web"
EXAMPLES = ROOT / "examples"

#: What `render/tables.py` asks of every entry's views module.
VIEW_FUNCTIONS = (
    "ruled_lines",
    "after_lines",
    "hint_lines",
    "hint_data",
    "review_lines",
    "review_data",
    "show_lines",
    "show_svg",
    "new_lines",
)


@pytest.mark.parametrize("name", list(GAMES))
def test_each_entry_says_what_its_table_says_and_has_its_views_and_page(name: str) -> None:
    e = GAMES[name]
    t = e.table()
    assert (t.name, t.title, t.score_word) == (e.name, e.title, e.score_word)
    views = e.load("views")
    assert all(callable(getattr(views, f)) for f in VIEW_FUNCTIONS)
    assert page(name).template in {"game.html", "table.html"}
    assert TABLES[name] == e.rules and VIEWS[name] == e.views


def test_the_page_names_no_game() -> None:
    """No module of `web/` imports a game package or is named after a game: the pages
    reach each game through its entry."""
    games = re.compile(r"adjudicator\.(deduction|dry_gulch|black_hills)")
    named = re.compile(r"deduction|dry_gulch|black_hills|old_town|gads_hill")
    for path in WEB.rglob("*.py"):
        rel = path.relative_to(WEB)
        assert not named.search(str(rel)), rel
        assert not games.search(path.read_text(encoding="utf-8")), rel


def test_the_edition_tag_is_read_in_the_registry_only() -> None:
    """A game's identity is told in one place: no module of `web/` reads the tag itself."""
    for path in WEB.rglob("*.py"):
        assert "Edition" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('[Edition "dry-gulch"]\n', "dry-gulch"),
        ('  [ Edition " Black-Hills " ]\n', "black-hills"),
        ('[Edition "old-town"]\n', "deduction"),
        ('[Edition "my-board"]\n', "deduction"),
        ("no tag at all\n", "deduction"),
    ],
)
def test_a_record_is_told_by_its_edition_tag(text: str, name: str) -> None:
    assert entry_of_record(text).name == name
    assert table_of_record(text).name == name


def test_a_fifth_game_plugs_in_with_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry added to `GAMES` alone is found by its records' tag, and its rules, views
    and page by the older registries' names (here the fifth game borrows Dry Gulch's
    modules)."""
    fifth = replace(GAMES["dry-gulch"], name="fifth", title="Fifth", tags=("fifth",))
    monkeypatch.setitem(GAMES, "fifth", fifth)
    assert entry_of_record('[Edition "fifth"]\n') is fifth
    assert TABLES["fifth"] == fifth.rules and VIEWS["fifth"] == fifth.views
    assert "fifth" in list(VIEWS) and len(TABLES) == 4
    assert page("fifth") is page("dry-gulch")


def test_an_entry_without_a_part_says_so() -> None:
    assert GAMES["dry-gulch"].puzzles is None
    with pytest.raises(LookupError, match="Dry Gulch has no puzzles"):
        GAMES["dry-gulch"].load("puzzles")
    assert "dry-gulch" not in tables.Parts("puzzles")
    assert puzzle_page().EDITIONS == ("gads-hill-1874", "old-town")


_LOADED = """
import json, sys
from adjudicator.tables import table_of_record
from adjudicator.render.pages import page
from adjudicator.render.tables import VIEWS
import importlib
t = table_of_record(open(sys.argv[1]).read())
page(t.name)
importlib.import_module(VIEWS[t.name])
print(json.dumps(sorted({m.split(".")[1] for m in sys.modules if m.startswith("adjudicator.")})))
"""


@pytest.mark.parametrize(
    ("example", "others"),
    [
        ("dry-gulch-table.game", {"deduction", "black_hills"}),
        ("black-hills-table.game", {"deduction", "dry_gulch"}),
        ("old-town-table.game", {"dry_gulch", "black_hills"}),
    ],
)
def test_a_record_of_one_game_loads_no_other(example: str, others: set[str]) -> None:
    """The entry, its rules, views and page of one game's record load no other game."""
    out = subprocess.run(
        [sys.executable, "-c", _LOADED, str(EXAMPLES / example)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    loaded = set(json.loads(out.stdout))
    assert not loaded & others, loaded


def test_an_entry_is_frozen() -> None:
    with pytest.raises(AttributeError):
        GAMES["deduction"].title = "x"  # type: ignore[misc]
    assert isinstance(GAMES["deduction"], Entry)
