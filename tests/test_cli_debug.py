"""`--debug` belongs to the command run with it (issue 36): it was a process-wide dict, so a
command run with it turned every other command of the process, in any thread, into one
that shows a traceback instead of its one line."""

from __future__ import annotations

import threading
from pathlib import Path

import typer
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.cli.output import handle_errors
from adjudicator.core.errors import InputError


@handle_errors
def _refuse() -> None:
    raise InputError("club.game", "", "no such record")


def test_debug_in_one_invocation_is_not_another_threads(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    shown = CliRunner().invoke(app, ["--debug", "hint", missing])
    assert isinstance(shown.exception, InputError)  # --debug: the traceback's exception
    outcome: list[BaseException] = []

    def other() -> None:
        try:
            _refuse()
        except BaseException as exc:  # what the other command ended with
            outcome.append(exc)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert isinstance(outcome[0], typer.Exit) and outcome[0].exit_code == 1
    plain = CliRunner().invoke(app, ["hint", missing])
    assert plain.exit_code == 1 and not isinstance(plain.exception, InputError)
