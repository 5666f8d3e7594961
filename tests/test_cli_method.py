"""`--method` hands every decision of a ruling to the engine named, and the three agree."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.solve import matching, solver, twin

runner = CliRunner()
MID = str(data_dir("examples") / "gads-hill-mid.toml")
COMMANDS = [
    ["stop", MID],
    ["play", MID, "43", "--as", "school"],  # a condition card: a relation
    ["play", MID, "23", "--as", "casino", "--then", "43", "--then-as", "school"],
    ["discard", MID, "23", "43", "--take", "bank@c3"],
]


def _ruling(args: list[str]) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_every_method_gives_the_same_ruling(args: list[str]) -> None:
    auto = _ruling(args)
    assert _ruling([*args, "--method", "cpsat"]) == auto
    assert _ruling([*args, "--method", "twin"]) == auto


@pytest.mark.parametrize("args", COMMANDS[1:2])
def test_cpsat_decides_when_asked_and_matching_does_not(args: list[str]) -> None:
    with (
        mock.patch.object(solver, "analyse", wraps=solver.analyse) as cp,
        mock.patch.object(matching, "analyse", wraps=matching.analyse) as mt,
    ):
        _ruling([*args, "--method", "cpsat"])
        assert cp.called and not mt.called
    with mock.patch.object(twin, "analyse", wraps=twin.analyse) as tw:
        _ruling(args)
        assert not tw.called


def test_an_unknown_method_is_refused() -> None:
    result = runner.invoke(app, ["stop", MID, "--method", "guess"])
    assert result.exit_code == 2
    assert "guess" in result.output
