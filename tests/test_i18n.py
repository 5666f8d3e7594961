"""Issue 39, item 2: the page and the command line's frame in German, through gettext
catalogs kept with Babel's tools. The catalogs are complete and current (no English text
added without extracting it, no entry missing or fuzzy, the shipped .mo compiled from the
.po); every template renders in German with `<html lang="de">` and none of its English
left; the language comes from the menu's cookie, else Accept-Language; `--lang de` and
the environment choose it on the command line, and `--json` stays the same."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core import i18n
from adjudicator.web.app import create_app
from adjudicator.web.i18n import LANG_COOKIE, accepted, negotiate, script_messages

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "adjudicator" / "locale"
POT = LOCALE / "messages.pot"
PO = LOCALE / "de" / "LC_MESSAGES" / "messages.po"
MO = LOCALE / "de" / "LC_MESSAGES" / "messages.mo"
TEMPLATES = ROOT / "adjudicator" / "web" / "templates"
EXAMPLES = ROOT / "examples"
TOKEN = "t" * 32
BASE = "http://192.168.1.20:8000"
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The command line's language is process-wide: put English back for other tests."""
    yield
    i18n.set_language("en")


def _catalog(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as fh:
        return read_po(fh)


def _ids(path: Path) -> set[str]:
    return {m.id for m in _catalog(path) if m.id and isinstance(m.id, str)}


# ----- the catalogs -------------------------------------------------------------------


def test_the_template_holds_every_marked_string(tmp_path: Path) -> None:
    """What CI runs so that new English text cannot land untranslated: `pybabel extract`
    of the tree now must find exactly the committed template's messages (scripts/catalog
    refreshes both)."""
    out = tmp_path / "now.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(out), str(ROOT)]
    )
    now, committed = _ids(out), _ids(POT)
    assert now - committed == set(), "new English text: run scripts/catalog and translate it"
    assert committed - now == set(), "the template lists text that is gone: run scripts/catalog"


def test_every_german_entry_is_there_translated_and_not_fuzzy() -> None:
    catalog = _catalog(PO)
    assert not catalog.fuzzy
    entries = {m.id: m for m in catalog if m.id}
    assert set(entries) == _ids(POT)
    for msgid, m in entries.items():
        assert m.string, f"no German for {msgid!r}"
        assert "fuzzy" not in m.flags, f"fuzzy: {msgid!r}"
        # a placeholder lost or misspelt in German would show as a KeyError or raw braces
        fields = re.compile(r"%\(\w+\)s|\{\w+\}")
        assert sorted(fields.findall(m.string)) == sorted(fields.findall(msgid)), msgid


def test_the_shipped_mo_is_the_po_compiled() -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(PO))
    assert MO.read_bytes() == compiled.getvalue(), "run scripts/catalog (pybabel compile)"


def test_the_page_scripts_catalog_is_every_script_string_in_german() -> None:
    js = set(script_messages())
    assert {"write or pick a move first", "{player} to play", "refused: {why}"} <= js
    assert js <= _ids(POT)
    german = i18n.translations("de")
    assert all(german.gettext(m) != m for m in js if m not in ("coach",))


# ----- the page's language ------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("de-AT", "de"),
        ("fr-CH, fr;q=0.9, de;q=0.5", "de"),
        ("en-GB,en;q=0.9,de;q=0.8", "en"),
        ("de;q=0, en", "en"),  # q=0: not wanted at all
        ("fr", "en"),
        ("", "en"),
        ("de;q=oops", "en"),  # a malformed weight counts as refused, never an error
    ],
)
def test_accept_language_chooses(header: str, lang: str) -> None:
    assert negotiate(header) == lang


def test_accepted_orders_by_weight_then_by_place() -> None:
    assert accepted("en;q=0.5, de, fr;q=0.5") == ["de", "en", "fr"]


def _local(tmp_path: Path, **headers: str) -> TestClient:
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1", headers=headers)


def test_the_menu_keeps_the_choice_in_a_cookie_over_the_browser(tmp_path: Path) -> None:
    client = _local(tmp_path, **{"accept-language": "de"})
    assert '<html lang="de">' in client.get("/?list=1").text
    chosen = client.get("/?list=1&lang=en")
    assert '<html lang="en">' in chosen.text
    assert client.cookies.get(LANG_COOKIE) == "en"
    assert '<html lang="en">' in client.get("/?list=1").text  # the cookie beats the header
    client.get("/?list=1&lang=xx")  # not a language: changes nothing
    assert client.cookies.get(LANG_COOKIE) == "en"
    assert '<html lang="de">' in client.get("/?list=1&lang=de").text


def test_the_menu_lists_both_languages_and_keeps_the_page(tmp_path: Path) -> None:
    page = _local(tmp_path).get("/?list=1").text
    menu = re.search(r'<form class="lang-menu".*?</form>', page, re.S)
    assert menu is not None
    assert '<option value="en" selected>English</option>' in menu.group()
    assert '<option value="de">Deutsch</option>' in menu.group()
    assert '<input type="hidden" name="list" value="1">' in menu.group()


# ----- every template in German -------------------------------------------------------


def _visible(html: str) -> str:
    """The page's own words: the board's SVG and the JSON data (the engines' words, out
    of this catalog's reach) left out."""
    html = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    return re.sub(r"<script.*?</script>", "", html, flags=re.S)


def _template_messages() -> set[str]:
    """The templates' English, as the catalog lists it by place."""
    found = set()
    for m in _catalog(POT):
        if m.id and any(loc.endswith(".html") for loc, _line in m.locations):
            found.add(m.id)
    return found


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every page of the app in German, as the host's screen sees it (seat links too)."""
    root = tmp_path_factory.mktemp("de")
    app_ = create_app(root, token=TOKEN, hosts=("192.168.1.20",), address=BASE)
    host = TestClient(app_, base_url=BASE, headers={"x-token": TOKEN, "accept-language": "de"})
    shown = {"index": host.get("/?list=1").text}
    for edition in EDITIONS:
        form = {"name": edition, "edition": edition, "players": "ann, bob, cid", "seed": "3"}
        made = host.post("/api/games", json=form)
        assert made.status_code in (200, 201), made.text
        shown[edition] = host.get(f"/g/{edition}.game").text
    made = host.post("/api/puzzles", json={"edition": "old-town", "level": "easy", "seed": "1"})
    assert made.status_code == 201, made.text
    shown["puzzle"] = host.get(made.json()["url"]).text
    shown["error"] = host.get("/g/nothing.game").text
    return shown


def test_every_template_is_rendered(pages: dict[str, str]) -> None:
    """Each template file, page or part, is drawn by some page here."""
    marks = {
        "base.html": 'class="lang-menu"',
        "index.html": 'id="new-game"',
        "game.html": 'id="stop-card"',
        "table.html": 'id="moves-button"',
        "puzzle.html": 'id="hint-steps"',
        "error.html": 'class="error" id="status"',
        "_hint.html": 'id="hint-button"',
        "_record.html": 'id="replay-button"',
        "_seats.html": 'id="seats-card"',
        "_end.html": 'id="end-card"',
        "_move_line.html": 'id="move-text"',
        "_view_scripts.html": 'id="initial"',
        "_game_page.html": '<span id="title">',
    }
    assert set(marks) == {p.name for p in TEMPLATES.glob("*.html")}
    for name, mark in marks.items():
        assert any(mark in html for html in pages.values()), name


def test_no_template_text_is_left_unmarked() -> None:
    """Every word a template shows is in `{% trans %}` or `_()`; what is left is the name
    of the program, and the placeholders that show record notation (kept as it is)."""
    notation = re.compile(r'placeholder="[^"]*"')
    for path in sorted(TEMPLATES.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\{#.*?#\}", "", text, flags=re.S)
        text = re.sub(r'\{% if lang == "en" %\}.*?\{% else %\}', "", text, flags=re.S)
        text = re.sub(r"\{%\s*trans\b.*?endtrans\s*%\}", "", text, flags=re.S)
        text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", text, flags=re.S)
        text = re.sub(r"<script.*?</script>", "", text, flags=re.S)
        said = re.findall(r'(?:aria-label|title|alt)="([^"]*[A-Za-z][^"]*)"', text)
        text = re.sub(r"<[^>]*>", " ", notation.sub("", text))
        words = [w for w in re.findall(r"[A-Za-z][\w'-]*", text) if w != "adjudicator"]
        assert (words, said) == ([], []), path.name


#: The page scripts' strings of two words or more that are not text a player reads:
#: class names, and the strict mode's pragma (selectors, "#..." and "<...", are left too).
SCRIPT_WORDS_NOT_TEXT = {
    "use strict",
    "small why",
    "small why draw",
    "status move-status",
    "status hint-status",
    "status error connection",
}


def test_no_script_text_is_left_unmarked() -> None:
    """Every string of words in the page's scripts goes through `_()` (a sentence built
    with `+` would be English on a German page, and `pybabel extract` cannot see it)."""
    words = re.compile(r"""(?<!_\()(["'])((?:(?!\1).)*?[A-Za-z]{2,} [A-Za-z]{2,}(?:(?!\1).)*)\1""")
    left = []
    for path in sorted((ROOT / "adjudicator" / "web" / "static").glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for found in words.finditer(line):
                text = found.group(2)
                if text not in SCRIPT_WORDS_NOT_TEXT and text[0] not in "#<":
                    left.append(f"{path.name}:{number}: {text}")
    assert left == []


def test_every_page_speaks_german(pages: dict[str, str]) -> None:
    english = {m for m in _template_messages() if "%(" not in m and " " in m}
    for name, html in pages.items():
        assert '<html lang="de">' in html, name
        words = _visible(html)
        left = sorted(m for m in english if re.search(rf">\s*{re.escape(m)}\s*<", words))
        assert left == [], f"{name}: still English: {left}"
    assert "<h2>Neue Partie</h2>" in pages["index"]
    assert "<h2>Spieler</h2>" in pages["dry-gulch"] and ">Eintragen<" in pages["dry-gulch"]
    assert "Plätze: mit dem Handy beitreten" in pages["old-town"]
    assert "Rätsel:" in pages["puzzle"]


def test_the_page_carries_its_scripts_catalog(pages: dict[str, str]) -> None:
    found = re.search(r'<script id="i18n" type="application/json">(.*?)</script>', pages["index"])
    assert found is not None
    catalog = json.loads(found.group(1))
    assert catalog["{player} to play"] == "{player} ist am Zug"
    assert set(catalog) == set(script_messages())


def test_an_english_page_is_as_before(tmp_path: Path) -> None:
    page = _local(tmp_path, **{"accept-language": "en-US"}).get("/?list=1").text
    assert '<html lang="en">' in page and "<h2>New game</h2>" in page
    assert '<script id="i18n" type="application/json">{}</script>' in page


# ----- the command line ---------------------------------------------------------------


def test_lang_de_speaks_german_on_the_command_line() -> None:
    example = str(EXAMPLES / "gads-hill-mid.toml")
    hint = runner.invoke(app, ["--lang", "de", "hint", example, "--top", "1"])
    assert hint.exit_code == 0, hint.output
    assert "Hinweis: Gads Hill 1874" in hint.stdout and "Beste Aktionen für cid" in hint.stdout
    helped = runner.invoke(app, ["--lang", "de", "play", "--help"])
    assert "Über das Ausspielen einer Karte entscheiden" in helped.stdout
    assert "Optionen" in helped.stdout and "Die Karte: ihre Nummer" in helped.stdout
    refused = runner.invoke(app, ["--lang", "de", "play", example, "99"])
    assert refused.exit_code == 1
    assert refused.stderr.startswith("Fehler: ") and "CARD 99" in refused.stderr


def test_the_environment_chooses_and_lang_overrides_it() -> None:
    example = str(EXAMPLES / "gads-hill-mid.toml")
    german = runner.invoke(app, ["stop", example], env={"LANGUAGE": None, "LANG": "de_DE.UTF-8"})
    assert "STOP-Ansprüche" in german.stdout
    english = runner.invoke(
        app, ["--lang", "en", "stop", example], env={"LANGUAGE": None, "LANG": "de_DE.UTF-8"}
    )
    assert "STOP claims" in english.stdout and "Ansprüche" not in english.stdout
    # LC_ALL beats LANG, as for gettext itself; a language without a catalog is English
    assert (
        "STOP claims"
        in runner.invoke(
            app, ["stop", example], env={"LANGUAGE": None, "LANG": "de_DE.UTF-8", "LC_ALL": "C"}
        ).stdout
    )
    assert i18n.from_environment({"LANGUAGE": "fr:de", "LANG": "en_US"}) == "de"


def test_lang_refuses_an_unknown_language() -> None:
    result = runner.invoke(app, ["--lang", "xx", "stop", str(EXAMPLES / "gads-hill-mid.toml")])
    assert result.exit_code == 2
    assert "'xx': the languages are en, de" in result.output


def test_json_is_the_same_in_any_language() -> None:
    args = ["hint", str(EXAMPLES / "gads-hill-mid.toml"), "--top", "2", "--json"]
    english = runner.invoke(app, ["--lang", "en", *args])
    german = runner.invoke(app, ["--lang", "de", *args])
    assert english.exit_code == german.exit_code == 0
    assert json.loads(german.stdout) == json.loads(english.stdout)


def test_a_german_table_writes_the_record_an_english_table_writes(tmp_path: Path) -> None:
    def new(name: str, *lang: str) -> str:
        record = tmp_path / name
        args = ["game", "new", str(record), "--edition", "gads-hill-1874", "--seed", "2"]
        made = runner.invoke(app, [*lang, *args, "--players", "ann,bob,cid"])
        assert made.exit_code == 0, made.output
        return record.read_text(encoding="utf-8")

    assert new("de.game", "--lang", "de") == new("en.game", "--lang", "en")
