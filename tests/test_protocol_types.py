"""The game protocol is typed (issue 36, item 2): no `Any` in its signatures, each entry
held by mypy to `Table` over its own game, move and record types, and an entry given
another game's move refused by mypy before it runs."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Collection
from pathlib import Path
from typing import Any, Protocol, TypeAlias, get_args, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mypy import api

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "adjudicator" / "core" / "table.py"

#: The classes of the protocol whose signatures and fields hold no `Any`: the rules part
#: (`Table`), its files part (`Files`: state files, boards, cards) and what they pass.
TYPED = ("Ruled", "Setup", "Replayed", "Files", "Table")

#: Each entry module and the protocol type it declares itself to be: its game, move and
#: record, then its files part's state, board, cards and card.
ENTRIES = {
    "adjudicator/deduction/table.py": "Table[Game, Move, Record, GameState, Board, Edition, Card]",
    "adjudicator/dry_gulch/game/table.py": (
        "Table[DGGame, Move, DGRecord, DGState, Rules, Rules, CardsFound]"
    ),
    "adjudicator/black_hills/game/table.py": (
        "Table[BHState, BHMove, BHRecord, BHState, Rules, Rules, CardsFound]"
    ),
}

#: Each files module (what `tables.files` loads alone) and the files part it declares.
FILES_ENTRIES = {
    "adjudicator/deduction/table_files.py": "Files[GameState, Board, Edition, Card]",
    "adjudicator/dry_gulch/game/files.py": "Files[DGState, Rules, Rules, CardsFound]",
    "adjudicator/black_hills/game/files.py": "Files[BHState, Rules, Rules, CardsFound]",
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


def _holds_any(hint: object) -> bool:
    """Whether a resolved annotation is `Any` or has it among its arguments, at any depth
    (`dict[str, Any]`, `tuple[str, Collection[Any]]`, `Any | None`)."""
    return hint is Any or any(_holds_any(arg) for arg in get_args(hint))


def _resolved_hints(cls: type) -> dict[str, object]:
    """Every annotation of a class of the protocol as Python resolves it (aliases such as
    `JSON` followed to what they stand for): its fields', and each parameter and return
    of its own methods and properties, named `method.parameter`."""
    hints: dict[str, object] = {
        f"{cls.__name__}.{k}": v
        for k, v in get_type_hints(cls).items()
        if k in vars(cls).get("__annotations__", {})
    }
    for name, member in vars(cls).items():
        function = member.fget if isinstance(member, property) else member
        if inspect.isfunction(function) and not name.startswith("__"):
            for arg, hint in get_type_hints(function).items():
                hints[f"{cls.__name__}.{name}.{arg}"] = hint
    return hints


def test_the_protocol_resolves_to_no_any() -> None:
    """The same as Python reads the signatures: an `Any` behind an alias (a `JSON` made
    `dict[str, Any]` again) or in a member the text check does not parse is found."""
    from adjudicator.core import table

    hints = {
        where: hint
        for name in TYPED
        for where, hint in _resolved_hints(getattr(table, name)).items()
    }
    members = {where.split(".")[1] for where in hints if where.startswith("Files.")}
    assert {"read_state", "board", "card", "cards_export", "german_files"} <= members
    assert [where for where, hint in hints.items() if _holds_any(hint)] == []


#: What the resolved check must see through: an alias that stands for `Any` data.
_Loose: TypeAlias = dict[str, Any]


class _Leaky(Protocol):
    """A protocol with `Any` where `Files` had it: behind an alias, nested, in a union."""

    size: Any
    count: int

    @property
    def names(self) -> list[Any]: ...
    def read(self, data: _Loose) -> int: ...
    def board(self) -> tuple[str, Collection[Any]]: ...
    def card(self, card: Any | None) -> None: ...
    def fine(self, data: dict[str, object]) -> list[str]: ...


def test_the_resolved_check_sees_an_any() -> None:
    """The check above can fail: an `Any` in a field, a property, behind an alias, nested
    or in a union is seen, and only those."""
    found = [w for w, h in _resolved_hints(_Leaky).items() if _holds_any(h)]
    assert sorted(found) == sorted(
        [
            "_Leaky.size",
            "_Leaky.names.return",
            "_Leaky.read.data",
            "_Leaky.board.return",
            "_Leaky.card.card",
        ]
    )


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


def _declared(module: str, value: str) -> list[str]:
    """The types a module's top level declares its `value` (`TABLE`, `FILES`) to be."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    return [
        ast.unparse(n.annotation)
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.value, ast.Name) and n.value.id == value
    ]


@pytest.mark.parametrize("module", sorted(ENTRIES))
def test_each_entry_declares_its_protocol_type(module: str) -> None:
    """Each entry assigns its `TABLE` to the protocol over its own types, which
    `mypy --strict adjudicator` checks (a move type the entry's `apply` does not take, a
    state its files part does not read, or a method unlike the protocol's, fails it)."""
    assert _declared(module, "TABLE") == [ENTRIES[module]]


@pytest.mark.parametrize("module", sorted(FILES_ENTRIES))
def test_each_files_part_declares_its_protocol_type(module: str) -> None:
    """Each files module, which `tables.files` loads without the entry's record flow,
    assigns its `FILES` to `Files` over its own state, board, cards and card."""
    assert _declared(module, "FILES") == [FILES_ENTRIES[module]]


def test_mypy_refuses_another_games_move(tmp_path: Path) -> None:
    """Through the protocol's type, an entry takes its own moves and no other game's: mypy
    refuses a Dry Gulch move given to Black Hills' `apply`, and accepts Black Hills' own."""
    snippet = tmp_path / "moves.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from adjudicator.black_hills.data import Rules
            from adjudicator.black_hills.game.record import BHMove, BHRecord
            from adjudicator.black_hills.game.table import TABLE
            from adjudicator.black_hills.state import BHState
            from adjudicator.core.card_names import CardsFound
            from adjudicator.core.table import Table
            from adjudicator.dry_gulch.game.record import Move

            entry: Table[BHState, BHMove, BHRecord, BHState, Rules, Rules, CardsFound] = TABLE

            def own(game: BHState, move: BHMove) -> BHState:
                return entry.apply(game, move)[0]

            def other(game: BHState, move: Move) -> BHState:
                return entry.apply(game, move)[0]  # line 16
            """
        ),
        encoding="utf-8",
    )
    out, _err, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), str(snippet)]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert len(errors) == 1 and "moves.py:16:" in errors[0] and '"Move"' in errors[0]


def test_mypy_refuses_another_games_state_to_a_files_part(tmp_path: Path) -> None:
    """Through `Files`' type, an entry's files part reads and writes its own states and
    boards and no other game's: mypy refuses Dry Gulch's files part declared as Black
    Hills' and a Dry Gulch state given to Black Hills' `state_file_data`, and accepts
    Black Hills' own (an `Any` in `Files`' signatures would let all three through)."""
    snippet = tmp_path / "states.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from adjudicator.black_hills.data import Rules
            from adjudicator.black_hills.game.files import FILES
            from adjudicator.black_hills.state import BHState
            from adjudicator.core.card_names import CardsFound
            from adjudicator.core.table import JSON, Files
            from adjudicator.dry_gulch.game import files as dry_gulch
            from adjudicator.dry_gulch.state import DGState

            entry: Files[BHState, Rules, Rules, CardsFound] = FILES
            wrong: Files[BHState, Rules, Rules, CardsFound] = dry_gulch.FILES  # line 11

            def own(state: BHState) -> JSON:
                return entry.state_file_data(state)

            def other(state: DGState) -> JSON:
                return entry.state_file_data(state)  # line 17
            """
        ),
        encoding="utf-8",
    )
    out, _err, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), str(snippet)]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert [e.split(": error:")[0].rsplit(":", 1)[-1] for e in errors] == ["11", "17"]
    assert '"DGState"' in errors[1]


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
