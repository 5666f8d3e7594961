"""`cli/help_page.py` draws a page as Typer's help module does, on an app built to reach
what ours does not use (emoji codes, ANSI colours, kept paragraphs, counted, ranged and
paired flags, a default shown as words, hidden things): the same page, colours included,
or Typer's own where it declines (ANSI)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_APP = """
import sys
from typing import Annotated, Optional
import typer
from typer.core import TyperCommand, TyperGroup
from adjudicator.cli.help_page import HelpCommand, HelpGroup


def build(G, C):
    app = typer.Typer(
        cls=G, help="Top :horse: help [bold]x[/bold]\\n\\nsecond", epilog="Epi :smile: done"
    )

    @app.command(cls=C, help="Cmd :horse: first\\nline two\\n\\n\\bkept\\nas is")
    def cmd(
        x: Annotated[int, typer.Argument(help="arg :horse:", min=0, max=3)],
        n: Annotated[int, typer.Option("--n", "-n", count=True, help="count")] = 0,
        r: Annotated[float, typer.Option(min=0.5, clamp=True, help="range")] = 1.0,
        flag: Annotated[bool, typer.Option("--flag/--no-flag", "-f/-F", help="a flag")] = True,
        s: Annotated[str, typer.Option(show_default="custom", help="words")] = "a",
        hid: Annotated[str, typer.Option(hidden=True)] = "h",
        many: Annotated[Optional[list[str]], typer.Option(help="many")] = None,
    ) -> None:
        pass

    @app.command(cls=C, short_help="Short :horse:")
    def other() -> None:
        "Doc\\n\\n more"

    @app.command(cls=C, hidden=True)
    def secret() -> None:
        pass

    @app.command(cls=C, help="\\b\\nfirst\\nsecond line\\n\\nrest")
    def bee() -> None:
        pass

    coloured = typer.Typer(cls=G, help="Where a help text is in ANSI colours.")
    app.add_typer(coloured, name="coloured")

    @coloured.command(cls=C, help="\\x1b[31mred\\x1b[0m words")
    def ansi() -> None:
        pass

    return app


ours = sys.argv[1] == "ours"
app = build(HelpGroup, HelpCommand) if ours else build(TyperGroup, TyperCommand)
try:
    app(sys.argv[2:], prog_name="prog")
except SystemExit:
    pass
print("#", "typer.rich_utils" in sys.modules)
"""

PAGES = [["--help"], ["cmd", "--help"], ["other", "--help"], ["bee", "--help"]]


def _page(drawer: str, args: list[str], width: int) -> tuple[str, bool]:
    env = {**os.environ, "FORCE_COLOR": "1", "COLUMNS": str(width), "TERMINAL_WIDTH": ""}
    env.pop("NO_COLOR", None)
    done = subprocess.run(
        [sys.executable, "-c", _APP, drawer, *args], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    page, loaded = done.stdout.rsplit("# ", 1)
    return page, loaded.strip() == "True"


@pytest.mark.parametrize("args", PAGES, ids=" ".join)
@pytest.mark.parametrize("width", [50, 100])
def test_a_page_is_typer_s_own(args: list[str], width: int) -> None:
    ours, typers_module = _page("ours", args, width)
    assert not typers_module
    assert "\x1b[" in ours and "Usage" in ours
    assert ours == _page("typer", args, width)[0]


def test_a_help_text_in_ansi_colours_is_left_to_typer() -> None:
    for args in (["coloured", "--help"], ["coloured", "ansi", "--help"]):
        ours, typers_module = _page("ours", args, 80)
        assert typers_module
        assert ours == _page("typer", args, 80)[0]
