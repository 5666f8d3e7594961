"""A short, seeded run of the fuzzer (tests/fuzz.py) over every kind of input, and the
fuzzer's own oracle shown to catch a crash, a hang, an over-long or second error line,
output that is not JSON under `--json`, and a web response that is a 500 or not one line."""

from __future__ import annotations

import json
import os
import random
import resource
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cli.output import handle_errors
from adjudicator.core.errors import InputError
from tests.budget import examples
from tests.fuzz import (
    KINDS,
    LONG_LINE,
    MUTATORS,
    Cli,
    _as_toml,
    fuzz_balanced,
    fuzz_kind,
    groups,
    kind_rng,
    main,
    mutate,
    run_one,
    seeds,
    web_check,
)

#: Mutants per kind: about 10 s in all on one core (card sets are the slowest to read).
SMOKE = {
    "state": 80,
    "dry-gulch": 60,
    "black-hills": 60,
    "board": 50,
    "cards": 30,
    "record": 40,
    "puzzle": 60,
    "move": 40,
    "special": 60,
    "write": 40,
    "web": 80,
}


@contextmanager
def memory_cap(gigabytes: float) -> Iterator[None]:
    """A mutant that asks for gigabytes fails with a MemoryError (a finding) instead of
    taking the machine's memory; the cap is lifted again for the other tests."""
    old = resource.getrlimit(resource.RLIMIT_AS)
    cap = int(gigabytes * 2**30)
    if old[1] != resource.RLIM_INFINITY:
        cap = min(cap, old[1])
    resource.setrlimit(resource.RLIMIT_AS, (cap, old[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, old)


@pytest.mark.parametrize("kind", list(SMOKE))
def test_fuzz_smoke(kind: str, tmp_path: Path) -> None:
    with memory_cap(4):
        stats = fuzz_kind(
            kind, seeds().get(kind), random.Random(19), inputs=SMOKE[kind], out=tmp_path
        )
    assert stats.inputs == SMOKE[kind]
    assert stats.runs >= stats.inputs
    # Both ends of the oracle are reached: mutants get past the checks, and are refused.
    assert stats.accepted > 0 and stats.refused > 0
    assert stats.accepted + stats.refused + len(stats.findings) == stats.inputs
    report = "\n\n".join(f"{f.what}: {' '.join(f.args)}\n{f.detail}" for f in stats.findings)
    assert not stats.findings, report


#: The nightly campaign: this many inputs of each kind, from a new seed each night.
NIGHTLY_INPUTS = 1_000


@pytest.mark.nightly
@pytest.mark.parametrize("kind", list(SMOKE))
def test_the_nightly_campaign_finds_nothing(kind: str, tmp_path: Path) -> None:
    """What the smoke test checks, on new inputs each night (the seed is in the failure's
    report: `python -m tests.fuzz --kind KIND --seed SEED --inputs 1000` finds it again); an
    input's hang limit is a minute, so a loaded machine finds no hang that is not one."""
    seed = int.from_bytes(os.urandom(4), "big")
    with memory_cap(4):
        stats = fuzz_kind(
            kind,
            seeds().get(kind),
            kind_rng(seed, kind),
            inputs=NIGHTLY_INPUTS,
            limit=60.0,
            out=tmp_path,
        )
    assert stats.inputs == NIGHTLY_INPUTS
    report = "\n\n".join(f"{f.what}: {' '.join(f.args)}\n{f.detail}" for f in stats.findings)
    assert not stats.findings, f"seed {seed}: {report}"


def test_every_kind_has_seeds() -> None:
    kinds = seeds()
    assert set(SMOKE) == set(KINDS) == {*kinds, "web", "move", "special", "write"}
    assert all(kinds[k] for k in kinds)
    assert {s.name for s in kinds["record"]} >= {"old-town-table.game"}
    assert len(kinds["puzzle"]) >= 4


def test_the_summary_is_printed_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--json` prints the numbers of the table, and summary.json keeps them."""
    with memory_cap(4):
        args = ["--inputs", "5", "--kind", "state", "--kind", "web", "--memory-gb", "0"]
        status = main([*args, "--json", "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    printed = json.loads(out)
    assert printed == json.loads((tmp_path / "summary.json").read_text())
    assert status == 0 and printed["total"] == {"inputs": 10, "failing": 0, "distinct": 0}
    for kind in ("state", "web"):
        numbers = printed["kinds"][kind]
        assert numbers["inputs"] == 5 and numbers["crashes"] == numbers["hangs"] == 0
        assert numbers["accepted"] + numbers["refused"] == 5
        line = next(x for x in err.splitlines() if x.startswith(kind + " "))
        assert line.split()[1:3] == ["5", str(numbers["inputs_per_s"])]


def test_a_balanced_run_evens_out_the_inputs(tmp_path: Path) -> None:
    """Turns go to the kind with the fewest inputs: a slow kind gets more of the time. The
    run is counted in inputs, not seconds, and an input's hang limit is generous, so a
    loaded machine runs the same test (under load black-hills once got no input in 2 s)."""
    with memory_cap(4):
        kinds = ["cards", "black-hills"]
        stats = fuzz_balanced(kinds, 3, None, inputs=200, limit=120.0, out=tmp_path)
    cards, bh = stats["cards"], stats["black-hills"]
    assert cards.inputs > 0 and bh.inputs > 0
    assert abs(cards.inputs - bh.inputs) <= 60
    assert not cards.findings and not bh.findings


def test_jobs_share_the_kinds() -> None:
    shares = groups(list(KINDS), 2)
    assert sorted(k for g in shares for k in g) == sorted(KINDS)
    assert len(shares) == 2 and all(shares)
    assert groups(["state"], 3) == [["state"]]


def test_mutations_are_seeded() -> None:
    seed = seeds()["state"][0]
    others = [seed.text]
    first = [mutate(random.Random(5), seed.text, others) for _ in range(3)]
    again = [mutate(random.Random(5), seed.text, others) for _ in range(3)]
    assert first == again
    many = {mutate(random.Random(i), seed.text, others)[0] for i in range(30)}
    assert len(many) > 20  # the mutants differ from one another
    assert seed.text not in many or len(many) > 20


# ----- the oracle itself ----------------------------------------------------------------------

toy = typer.Typer()


@toy.command()
@handle_errors
def go(what: str, as_json: bool = typer.Option(False, "--json")) -> None:
    if what == "crash":
        raise KeyError("boom")
    if what == "hang":
        time.sleep(5)
    if what == "long":  # (InputError shortens a long value: print one past it)
        typer.echo("error: " + "x" * LONG_LINE, err=True)
        raise typer.Exit(1)
    if what == "refuse":
        raise InputError("f.toml", "name", "no")

    if what == "twice":  # two error lines for one refusal
        typer.echo("error: one", err=True)
        raise InputError("f.toml", "name", "two")
    if what == "text":  # not JSON under --json
        typer.echo("{'a': 1}")
    if what == "nan":
        typer.echo('{"a": NaN}')
    if what == "json":
        typer.echo('{"a": 1}')


@toy.command()
def other() -> None:
    """A second command, so that `go` keeps its name (a one-command app has none)."""


@pytest.mark.parametrize(
    ("args", "finding"),
    [
        (["fine"], None),
        (["refuse"], None),
        (["nosuch", "--no-such-option"], None),  # a usage error: exit 2
        (["crash"], "crash"),
        (["hang"], "hang"),
        (["long"], "long-line"),
        (["twice"], "many-lines"),
        (["text", "--json"], "bad-json"),
        (["nan", "--json"], "bad-json"),
        (["json", "--json"], None),
        (["text"], None),  # rendered output is not held to JSON
    ],
)
def test_the_oracle(args: list[str], finding: str | None) -> None:
    cli = Cli(toy)
    code, found = run_one(cli, "toy", ["go", *args], limit=0.5)
    assert (found.what if found else None) == finding, found
    if finding == "crash":
        assert found is not None and "KeyError" in found.detail
    if finding is None:
        assert code in (0, 1, 2)


@pytest.mark.parametrize(
    ("path", "status", "body", "finding"),
    [
        ("/api/g/x.game", 200, b"{}", None),
        ("/api/g/x.game", 400, b'{"error": "x.game: no such record", "code": "input"}', None),
        ("/api/g/x.game/move", 422, b'{"legal": false, "message": "not your turn"}', None),
        ("/api/g/x.game", 404, b"Not Found", None),  # no route: Starlette's router
        ("/g/x.game", 404, b"<html>no such record</html>", None),  # a page, not the API
        ("/api/g/x.game", 500, b'{"error": "internal error"}', "http-500"),
        ("/api/g/x.game", 400, b"Traceback (most recent call last):", "bad-error"),
        ("/api/g/x.game", 400, b'{"error": "one\\ntwo"}', "bad-error"),
        ("/api/g/x.game", 400, b'{"code": "input"}', "bad-error"),
    ],
)
def test_the_web_oracle(path: str, status: int, body: bytes, finding: str | None) -> None:
    found = web_check(path, status, body, "application/json")
    assert (found[0] if found else None) == finding


def _nested(inner: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)


toml_values = st.recursive(
    st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=20),
    _nested,
    max_leaves=12,
)


@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(st.text(max_size=8), toml_values, max_size=5))
def test_a_structured_mutant_is_written_as_the_toml_it_was(table: dict[str, object]) -> None:
    """Boards, card sets and puzzles are TOML only: a structured mutant, JSON, is written
    back as TOML that reads as the same data (tables as headers, the rest inline)."""
    assert tomllib.loads(_as_toml(json.dumps(table).encode()).decode()) == table


def test_a_structured_mutant_with_a_lone_surrogate_is_bad_utf8() -> None:
    """A mutated JSON text may escape half a surrogate pair: the TOML written from it is a
    file that is not UTF-8 (an input like any other), not an error of the fuzzer's own."""
    assert (
        _as_toml(b'{"a": "\\ud800", "t": {"b": ["x"]}}')
        == b'"a" = "\xed\xa0\x80"\n\n["t"]\n"b" = ["x"]'
    )
    assert _as_toml(b'{"a": ') == b'{"a": '  # garbled by a later step: kept as it is


@settings(max_examples=examples(150), deadline=None)
@given(
    st.binary(max_size=200).map(lambda b: b'clue = "' + b + b'"\nx = 1') | st.binary(max_size=300),
    st.integers(0, 2**32),
)
def test_every_mutation_takes_any_bytes(data: bytes, seed: int) -> None:
    """A step of a mutant may follow any other (a byte flip, then a clue grown): each
    takes bytes that are not UTF-8 or not TOML and gives bytes, never fails itself."""
    for step in MUTATORS:
        assert isinstance(step(random.Random(seed), data, [data, b"a\nb"]), bytes)
    assert isinstance(mutate(random.Random(seed), data, [data])[0], bytes)


def test_the_commit_oracle_catches_a_record_that_holds_another_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `move` kind's oracle, shown on the fault it was made for (issue 29): with the
    line check and the read-back taken out, a move with a line break is written as given
    and the fuzzer says the record no longer holds (or reads as) the move ruled on."""
    import adjudicator.core.move_line as ml
    import adjudicator.web.moving as web_games
    from adjudicator.core.files import read_text, write_atomic

    def unchecked(
        path: Path,
        line: str,
        moves_of: object,
        ruled: object,
        body: str | None = None,
        before: object = None,
    ) -> str:
        new = ml.appended(read_text(path) if body is None else body, line)
        write_atomic(path, new)
        return new

    monkeypatch.setattr(ml, "move_line", lambda text: text.strip())
    monkeypatch.setattr(ml, "append_move", unchecked)
    monkeypatch.setattr(web_games, "move_line", ml.move_line)
    monkeypatch.setattr(web_games, "append_move", unchecked)
    stats = fuzz_kind("move", None, random.Random(5), inputs=150, out=tmp_path)
    assert {f.what for f in stats.findings} == {"commit"}


def test_the_write_oracle_catches_a_file_its_reader_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `write` kind's oracle: with the read-back before a write taken out, points past
    the limit are written, and `state check` refuses the file the write left."""
    import adjudicator.core.writes as writes

    monkeypatch.setattr(writes, "read_back", lambda shown, text, check: None)
    stats = fuzz_kind("write", None, random.Random(5), inputs=150, out=tmp_path)
    assert {f.what for f in stats.findings} == {"unreadable"}
