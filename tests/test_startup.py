"""Start-up: a command loads only what it needs (by `sys.modules`, not by the clock).

Each check runs in a fresh interpreter, so what other tests imported cannot hide an
import. And the plain-dict graph walks of `solve/matching.py`, which keep networkx out
of every ruling, held equal to networkx's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.data import data_dir
from adjudicator.deduction.solve.matching import (
    Matching,
    _reach,
    _strong_components,
    _weak_components,
    match,
)
from tests.budget import examples

MID_GAME = data_dir("examples") / "gads-hill-mid.toml"

#: Never loaded by a command that needs no solver and plays no other game.
HEAVY = (
    "ortools",
    "pandas",
    "numpy",
    "adjudicator.dry_gulch",
    "adjudicator.black_hills",
)

_PROBE = """
import json, sys
from typer.testing import CliRunner
from adjudicator.cli.main import app
result = CliRunner().invoke(app, sys.argv[1:])
print(json.dumps({"exit": result.exit_code, "output": result.output,
                  "modules": sorted(sys.modules)}))
"""


def _modules_after(*args: str, env: dict[str, str] | None = None) -> set[str]:
    """The modules a fresh interpreter holds after running the command in-process."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=True, env=env
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["exit"] == 0, report["output"]
    return set(report["modules"])


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_stop_loads_no_solver_and_no_other_game() -> None:
    modules = _modules_after("stop", str(MID_GAME))
    assert _loaded(modules, HEAVY) == []
    # the matching walks the graph itself: a ruling needs no networkx either; nor does a
    # command that writes nothing need the writer (tomlkit) or the web app's stack
    assert _loaded(modules, ("networkx",)) == []
    assert _loaded(modules, ("tomlkit", "adjudicator.core.writes")) == []
    assert _loaded(modules, ("starlette", "uvicorn", "jinja2", "dask", "pyarrow")) == []
    assert _loaded(modules, ("matplotlib",)) == []
    # nor the CP-SAT adapter or the brute-force twin: matching decides, and they load when asked
    assert _loaded(modules, ("adjudicator.core.cpsat", "adjudicator.deduction.solve.solver")) == []
    assert _loaded(modules, ("adjudicator.deduction.solve.twin",)) == []


#: What reads a board or card file: its pydantic models, its checks, the clue language.
READERS = (
    "adjudicator.deduction.files.board_file",
    "adjudicator.deduction.files.board_model",
    "adjudicator.deduction.files.card_file",
    "adjudicator.deduction.models.clue",
)


@pytest.mark.parametrize(
    "args",
    [
        ("stop", str(MID_GAME)),
        ("state", "check", str(MID_GAME)),
        ("board", "show", "gads-hill-1874"),
    ],
    ids=" ".join,
)
def test_a_shipped_edition_is_read_once(tmp_path: Path, args: tuple[str, ...]) -> None:
    # issue 37: the first command reads the edition's files and keeps what it read in
    # the cache (`core/cache.py`); the next one reads it from there, with no file reader
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    assert _loaded(_modules_after(*args, env=env), READERS) != []
    assert _loaded(_modules_after(*args, env=env), READERS) == []


def test_a_ruling_by_a_building_s_name_loads_no_move_notation() -> None:
    # `--as school` is read with the German names' files, not with the record's notation
    # (its nine move classes are a record's, not a ruling's)
    modules = _modules_after("play", str(MID_GAME), "43", "--as", "school")
    notation = ("adjudicator.deduction.game.moves", "adjudicator.deduction.game.notation")
    assert _loaded(modules, notation) == []


def test_the_card_list_needs_no_board_picture_and_no_game_state() -> None:
    modules = _modules_after("cards", "list", "old-town")
    assert _loaded(modules, ("adjudicator.render.terminal", "adjudicator.render.layout")) == []
    assert _loaded(modules, ("adjudicator.deduction.models.state",)) == []


def test_what_a_user_wrote_is_printed_as_written() -> None:
    from adjudicator.cli.output import console, err_console

    for out in (console, err_console):
        with out.capture() as captured:
            out.print("ann :horse:")
        assert captured.get() == "ann :horse:\n"


@pytest.mark.parametrize(
    "args",
    [
        ("stop", str(data_dir("examples") / "old-town-mid.toml")),
        ("play", str(MID_GAME), "43", "--as", "school"),
        ("board", "show", "old-town"),
    ],
    ids=" ".join,
)
def test_rulings_on_clues_of_relations_need_no_networkx(args: tuple[str, ...]) -> None:
    # Old Town's clues name neighbours, and 43 is a condition card: the board's plain-dict
    # neighbours answer them, without the networkx graph (its import alone is ~100 ms).
    assert _loaded(_modules_after(*args), ("networkx", *HEAVY)) == []


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("state", "check", str(MID_GAME)),
        ("board", "show", "gads-hill-1874"),
        ("cards", "list", "gads-hill-1874"),
    ],
    ids=" ".join,
)
def test_commands_without_a_solver_load_none_of_it(args: tuple[str, ...]) -> None:
    assert _loaded(_modules_after(*args), HEAVY) == []


def test_help_loads_no_engine() -> None:
    modules = _modules_after("--help")
    assert _loaded(modules, ("adjudicator.deduction", "networkx")) == []


def test_the_policy_option_is_the_simulation_s_policy() -> None:
    from typing import get_args

    from adjudicator.cli import simulate_cmd
    from adjudicator.deduction.game import simulate

    assert get_args(simulate_cmd.Policy) == get_args(simulate.Policy)


# ----- the graph walks of solve/matching.py against networkx ---------------------------

NODES = st.integers(0, 11)


@st.composite
def digraphs(draw: st.DrawFn) -> dict[int, list[int]]:
    nodes = draw(st.lists(NODES, unique=True, max_size=12))
    graph: dict[int, list[int]] = {n: [] for n in nodes}
    if nodes:
        for a, b in draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)))):
            if b not in graph[a]:
                graph[a].append(b)
    return graph


def _nx(graph: Mapping[int, list[int]]) -> nx.DiGraph[int]:
    g: nx.DiGraph[int] = nx.DiGraph()
    g.add_nodes_from(graph)
    g.add_edges_from((a, b) for a, bs in graph.items() for b in bs)
    return g


def _partition(components: Iterable[Iterable[int]]) -> set[frozenset[int]]:
    return {frozenset(c) for c in components}


@settings(max_examples=examples(500), deadline=None)
@given(digraphs())
def test_strong_components_are_networkx_s(graph: dict[int, list[int]]) -> None:
    ours = _strong_components(graph)
    assert sum(len(c) for c in ours) == len(graph)  # a partition: no node twice
    assert _partition(ours) == _partition(nx.strongly_connected_components(_nx(graph)))


@settings(max_examples=examples(300), deadline=None)
@given(digraphs(), st.data())
def test_weak_components_are_networkx_s(graph: dict[int, list[int]], data: st.DataObject) -> None:
    keep = data.draw(st.sets(st.sampled_from(sorted(graph)))) if graph else set()
    theirs = nx.connected_components(_nx(graph).subgraph(keep).to_undirected(as_view=True))
    assert _partition(_weak_components(graph, keep)) == _partition(theirs)


@settings(max_examples=examples(300), deadline=None)
@given(digraphs(), st.data())
def test_reach_is_networkx_descendants(graph: dict[int, list[int]], data: st.DataObject) -> None:
    starts = data.draw(st.lists(st.sampled_from(sorted(graph)))) if graph else []
    g = _nx(graph)
    assert _reach(graph, starts) == set(starts).union(*(nx.descendants(g, s) for s in starts))


BUILDINGS = [f"b{i}" for i in range(6)]
SPACES = [f"s{i}" for i in range(7)]


@st.composite
def domains(draw: st.DrawFn) -> dict[str, frozenset[str]]:
    chosen = draw(st.lists(st.sampled_from(BUILDINGS), unique=True, max_size=6))
    return {b: frozenset(draw(st.sets(st.sampled_from(SPACES), max_size=4))) for b in chosen}


def _nx_graph(m: Matching) -> nx.DiGraph[tuple[str, str]]:
    """The alternating graph as matching.py built it with networkx."""
    g: nx.DiGraph[tuple[str, str]] = nx.DiGraph()
    for b, spaces in m.domains.items():
        g.add_node(("b", b))
        for s in spaces:
            if m.mate.get(b) == s:
                g.add_edge(("s", s), ("b", b))
            else:
                g.add_edge(("b", b), ("s", s))
    return g


def _nx_support(m: Matching) -> dict[str, frozenset[str]]:
    """Régin's support as matching.py computed it with networkx."""
    g = _nx_graph(m)
    from_free = set().union(
        *(nx.descendants(g, ("b", b)) | {("b", b)} for b in m.domains if b not in m.mate)
    )
    free_spaces = [n for n in g if n[0] == "s" and n[1] not in m.owner]
    to_free = set().union(*(nx.ancestors(g, n) | {n} for n in free_spaces))
    component = {}
    for i, comp in enumerate(nx.strongly_connected_components(g)):
        for n in comp:
            component[n] = i
    return {
        b: frozenset(
            s
            for s in spaces
            if m.mate.get(b) == s
            or ("s", s) in to_free
            or ("b", b) in from_free
            or component[("b", b)] == component[("s", s)]
        )
        for b, spaces in m.domains.items()
    }


def _nx_conflicts(m: Matching) -> list[tuple[frozenset[str], frozenset[str]]]:
    g = _nx_graph(m)
    reached = set().union(
        *(nx.descendants(g, ("b", b)) | {("b", b)} for b in m.domains if b not in m.mate)
    )
    groups = [
        (
            frozenset(n[1] for n in comp if n[0] == "b"),
            frozenset(n[1] for n in comp if n[0] == "s"),
        )
        for comp in nx.connected_components(g.subgraph(reached).to_undirected(as_view=True))
    ]
    return sorted(groups, key=lambda g: sorted(g[0]))


@settings(max_examples=examples(500), deadline=None)
@given(domains())
def test_matching_analysis_and_conflicts_are_networkx_s(
    doms: dict[str, frozenset[str]],
) -> None:
    m = match(doms)
    assert m.analysis().support == _nx_support(m)
    assert m.conflicts() == _nx_conflicts(m)


def test_evolve_is_replace_without_cached_values() -> None:
    """`evolve` copies a frozen model as `dataclasses.replace` does, leaves behind what a
    cached property computed from the old fields, and refuses a field the class lacks."""
    from dataclasses import replace

    import pytest

    from adjudicator.core.data import data_dir
    from adjudicator.core.evolve import evolve
    from adjudicator.deduction.files.state_file import load_state

    state = load_state(data_dir("examples") / "gads-hill-mid.toml")
    assert state.options.two_cards_until  # computed and cached on `state`
    quick = evolve(state, option_overrides={"two_cards_until": 0})
    assert quick == replace(state, option_overrides={"two_cards_until": 0})
    assert quick.options.two_cards_until == 0
    with pytest.raises(TypeError, match="no field 'nope'"):
        evolve(state, nope=1)


# ----- the console script builds only the command asked for ----------------------------


def test_the_command_table_names_every_command_of_the_full_app() -> None:
    import typer.main

    from adjudicator.cli.main import COMMANDS, app

    group = typer.main.get_command(app)
    assert isinstance(group, typer.main.TyperGroup)
    assert sorted(group.list_commands(None)) == sorted(COMMANDS)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["stop", "board", "replay", "simulate"])
def test_a_command_asked_for_is_built_alone(name: str) -> None:
    import typer.main

    from adjudicator.cli.main import _asked, make_app

    assert _asked(["--debug", name, "x"]) == name
    group = typer.main.get_command(make_app([name]))
    assert isinstance(group, typer.main.TyperGroup)
    assert group.list_commands(None) == [name]  # type: ignore[arg-type]


@pytest.mark.parametrize("args", [[], ["--help"], ["stpo"], ["--version"]])
def test_anything_else_builds_every_command(args: list[str]) -> None:
    from adjudicator.cli.main import _asked

    assert _asked(args) is None


def test_the_console_script_runs_the_command_asked_for() -> None:
    script = "import sys; from adjudicator.cli.main import run; sys.argv[0] = 'adjudicator'; run()"
    done = subprocess.run(
        [sys.executable, "-c", script, "stop", str(MID_GAME), "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == 6  # the mid-game example's one claim
    typo = subprocess.run([sys.executable, "-c", script, "stpo"], capture_output=True, text=True)
    assert typo.returncode == 2 and "stop" in typo.stderr  # Click's "did you mean"


@pytest.mark.parametrize("args", [[], ["--help"]], ids=["no-args", "help"])
def test_the_top_level_help_is_the_same_without_the_commands_parameters(
    args: list[str],
) -> None:
    from typer.testing import CliRunner

    from adjudicator.cli.main import app, listing

    full = CliRunner().invoke(app, args, terminal_width=100)
    lean = CliRunner().invoke(listing(app), args, terminal_width=100)
    assert lean.exit_code == full.exit_code and "stop" in full.output
    assert lean.output == full.output
    # and the full app's commands still have their parameters
    assert "--claim" in CliRunner().invoke(app, ["stop", "--help"]).output


@pytest.mark.parametrize(("given", "seen"), [(None, "__all__"), ("", ""), ("logfire", "logfire")])
def test_the_console_script_looks_for_no_pydantic_plugin(given: str | None, seen: str) -> None:
    # Looking for pydantic's plugins reads every installed package's metadata (issue 37);
    # a user who names the setting keeps their own value.
    script = (
        "import os, sys\nfrom adjudicator.cli.main import run\n"
        "sys.argv[1:] = ['--version']\n"
        "try:\n    run()\nfinally:\n    print(repr(os.environ.get('PYDANTIC_DISABLE_PLUGINS')))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if given is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = given
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == repr(seen)


def test_python_dash_m_runs_the_same_command_line() -> None:
    """`python -m adjudicator` is the `adjudicator` script (the standard way to run a
    package's command line with the Python of one's choice)."""
    import json
    import subprocess
    import sys

    args = ["stop", "example:gads-hill-mid", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] > 0
