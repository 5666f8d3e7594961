"""The game protocol is typed (issue 36, item 2): no `Any` in its signatures, each entry
held by mypy to `Table` over its own game, move and record types, and an entry given
another game's move refused by mypy before it runs."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mypy import api

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "adjudicator" / "core" / "table.py"

#: The classes of the protocol whose signatures and fields hold no `Any`. `Files` (state
#: files, boards, cards) is typed separately, with the entries' files parts.
TYPED = ("Ruled", "Setup", "Replayed", "Table")

#: Each entry module and the protocol type it declares itself to be.
ENTRIES = {
    "adjudicator/deduction/table.py": "Table[Game, Move, Record]",
    "adjudicator/dry_gulch/game/table.py": "Table[DGGame, Move, DGRecord]",
    "adjudicator/black_hills/game/table.py": "Table[BHState, BHMove, BHRecord]",
}


def _annotations(node: ast.AST) -> list[ast.expr]:
    """Every annotation a class holds: its fields' and its methods' parameters and returns."""
    found: list[ast.expr] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.AnnAssign):
            found.append(sub.annotation)
        if isinstance(sub, ast.FunctionDef):
            args = sub.args
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if arg is not None and arg.annotation is not None:
                    found.append(arg.annotation)
            if sub.returns is not None:
                found.append(sub.returns)
    return found


def _names_any(annotation: ast.expr) -> bool:
    text = ast.unparse(annotation)
    # a string annotation is parsed too: `"Any"` hides nothing
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return _names_any(ast.parse(annotation.value, mode="eval").body)
    return any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(annotation)) or (
        "typing.Any" in text
    )


def test_the_protocol_names_no_any() -> None:
    tree = ast.parse(PROTOCOL.read_text(encoding="utf-8"))
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    assert set(TYPED) <= set(classes)
    untyped = [
        f"{name}: {ast.unparse(a)}"
        for name in TYPED
        for a in _annotations(classes[name])
        if _names_any(a)
    ]
    assert untyped == []


def test_the_check_sees_an_any() -> None:
    """The check above can fail: an `Any` in a signature, a field or a string is seen."""
    source = textwrap.dedent(
        """
        class Table:
            x: "dict[str, Any]"
            def f(self, a: int) -> Any: ...
            def g(self, *b: typing.Any) -> None: ...
        """
    )
    found = [a for a in _annotations(ast.parse(source)) if _names_any(a)]
    assert len(found) == 3


@pytest.mark.parametrize("module", sorted(ENTRIES))
def test_each_entry_declares_its_protocol_type(module: str) -> None:
    """Each entry assigns its `TABLE` to the protocol over its own types, which
    `mypy --strict adjudicator` checks (a move type the entry's `apply` does not take, or a
    method unlike the protocol's, fails it)."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    declared = [
        ast.unparse(n.annotation)
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.value, ast.Name) and n.value.id == "TABLE"
    ]
    assert declared == [ENTRIES[module]]


def test_mypy_refuses_another_games_move(tmp_path: Path) -> None:
    """Through the protocol's type, an entry takes its own moves and no other game's: mypy
    refuses a Dry Gulch move given to Black Hills' `apply`, and accepts Black Hills' own."""
    snippet = tmp_path / "moves.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from adjudicator.black_hills.game.record import BHMove, BHRecord
            from adjudicator.black_hills.game.table import TABLE
            from adjudicator.black_hills.state import BHState
            from adjudicator.core.table import Table
            from adjudicator.dry_gulch.game.record import Move

            entry: Table[BHState, BHMove, BHRecord] = TABLE

            def own(game: BHState, move: BHMove) -> BHState:
                return entry.apply(game, move)[0]

            def other(game: BHState, move: Move) -> BHState:
                return entry.apply(game, move)[0]  # line 14
            """
        ),
        encoding="utf-8",
    )
    out, _err, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), str(snippet)]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert len(errors) == 1 and "moves.py:14:" in errors[0] and '"Move"' in errors[0]


@pytest.mark.parametrize(
    ("edition", "players"),
    [
        ("old-town", ("ann", "bob", "cy")),
        ("dry-gulch", ("ann", "bob", "cy")),
        ("black-hills", ("ann", "bob", "cy")),
    ],
)
def test_an_entry_numbers_its_own_moves(edition: str, players: tuple[str, ...]) -> None:
    """The page numbers a move as its record line through the protocol (`numbered`), not by
    looking for a `line` field: the move keeps its writing and carries the line."""
    from adjudicator.core.table import Setup
    from adjudicator.tables import table_of_edition

    table = table_of_edition(edition)
    _text, game = table.new_record(edition, players, 7, Setup("t.game", ROOT))
    move = next(iter(table.legal_moves(game)))
    numbered = table.numbered(move, 9)
    assert numbered.line == 9
    assert table.format_move(numbered) == table.format_move(move)
    assert table.apply(game, numbered)[1].legal


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874", "dry-gulch", "black-hills"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_legal_moves_round_trip_through_the_notation(
    edition: str, seed: int, data: st.DataObject
) -> None:
    """Each legal move the protocol lists is a value its notation writes and reads back as
    itself (`parse_move(format_move(m)) == m`), along a seeded game played by picks of
    legal moves."""
    from adjudicator.core.table import Setup
    from adjudicator.tables import table_of_edition

    table = table_of_edition(edition)
    _text, game = table.new_record(edition, ("ann", "bob", "cy"), seed, Setup("t.game", ROOT))
    for step in range(4):
        moves = list(table.legal_moves(game))
        assert moves or step > 0  # a new game has a move to make
        if not moves:
            break
        for move in moves:
            assert table.parse_move(table.format_move(move), "t.game") == move
        game, ruled = table.apply(game, data.draw(st.sampled_from(moves)))
        assert ruled.legal
