"""The clue language: a small, safe expression language over board facts.

A clue names a set of building spaces, for example::

    street(main-st) and north_of(railway)
    corner(piedmont-st, main-st) or region(eastern-suburbia)
    not next_to_railway()
    spaces(b1, c2)

It is parsed into a tree of `Clue` nodes by a hand-written tokenizer and a
recursive-descent parser, and evaluated against a `Board`. Nothing is ever
executed. A clue is at most `MAX_CLUE_CHARS` long and nests `not` and parentheses at
most `MAX_CLUE_DEPTH` deep, so parsing is linear in its length, the recursion of the
parser, of `evaluate` and of `str` stays shallow, and anything beyond is a `ClueError`
(code `limit`). Atoms:

- ``street(S)``: the entrance opens onto street S
- ``north_of(L)``, ``south_of(L)``, ``east_of(L)``, ``west_of(L)``: the side of a line
  (a street or the railway)
- ``between(L1, L2)``: between two parallel lines
- ``corner(S1, S2)``: on a corner of the two crossing streets; ``corner()``: on any corner
- ``next_to_railway()``; ``edge()`` or ``edge(DIRECTION)``: at the edge of town
- ``in_sight(X)``: one of the eight cells around landmark or space X
- ``next_to(X)``, ``opposite(X)``: the relations of the board graph to space or landmark X
- ``region(R)``; ``spaces(A, B, ...)``; ``all()``
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from adjudicator.core.limits import MAX_CLUE_CHARS, MAX_CLUE_DEPTH, clip
from adjudicator.deduction.models.board import Board, Direction

__all__ = ["ATOMS", "Atom", "Clue", "ClueError", "Not", "Op", "evaluate", "parse"]


class ClueError(ValueError):
    """A clue that does not parse, or names something the board does not have.

    `code`: `syntax`, `limit` (too long or nested too deep), `arguments`, or
    `unknown-street` / `unknown-space` / `unknown-region` / `unknown-landmark` for names
    the board does not have."""

    def __init__(self, message: str, code: str = "syntax") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Atom:
    """One atom of a clue by name, with its arguments: `street(main-st)`, `in_sight(cemetery)`."""

    name: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})"


@dataclass(frozen=True, slots=True)
class Not:
    """A clue negated: the spaces its operand does not name."""

    operand: Clue

    def __str__(self) -> str:
        return f"not {_wrap(self.operand)}"


@dataclass(frozen=True, slots=True)
class Op:
    """Clues joined by `and` (the spaces all name) or `or` (any names)."""

    op: str  # "and" | "or"
    operands: tuple[Clue, ...]

    def __str__(self) -> str:
        return f" {self.op} ".join(_wrap(o) for o in self.operands)


Clue = Atom | Not | Op


def _wrap(c: Clue) -> str:
    return f"({c})" if isinstance(c, Op) else str(c)


_TOKEN = re.compile(r"\s*(?:(?P<word>[a-z0-9_]+(?:-[a-z0-9]+)*)|(?P<punct>[(),]))")


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            snippet = text[pos : pos + 24].strip()[:12]
            raise ClueError(f"unexpected {snippet!r} at column {pos + 1}")
        out.append(m.group("word") or m.group("punct"))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_CLUE_CHARS:
            raise ClueError(
                f"a clue of {len(text)} characters (the limit is {MAX_CLUE_CHARS})", "limit"
            )
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0  # `not`s and parentheses open around the token being read

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, expected: str | None = None, what: str | None = None) -> str:
        """The next token; `expected` is a literal it must equal, `what` describes any token."""
        tok = self.peek()
        if tok is None:
            raise ClueError(f"clue ends too early (expected {what or expected or 'more'})")
        if expected is not None and tok != expected:
            raise ClueError(f"expected {expected!r}, found {clip(tok)}")
        self.i += 1
        return tok

    def parse(self) -> Clue:
        node = self.expr()
        if self.peek() is not None:
            raise ClueError(f"unexpected {clip(self.peek())} after a complete clue")
        return node

    def expr(self) -> Clue:
        return self._chain("or", self.term)

    def term(self) -> Clue:
        return self._chain("and", self.factor)

    def _chain(self, op: str, sub: Callable[[], Clue]) -> Clue:
        parts = [sub()]
        while self.peek() == op:
            self.take()
            parts.append(sub())
        return parts[0] if len(parts) == 1 else Op(op, tuple(parts))

    def factor(self) -> Clue:
        tok = self.peek()
        if tok not in ("not", "("):
            return self.atom()
        # Each level below recurses a few frames: the limit keeps the stack shallow.
        self.depth += 1
        if self.depth > MAX_CLUE_DEPTH:
            raise ClueError(
                f"'not' and parentheses nested more than {MAX_CLUE_DEPTH} deep (the limit)",
                "limit",
            )
        self.take()
        if tok == "not":
            node: Clue = Not(self.factor())
        else:
            node = self.expr()
            self.take(")")
        self.depth -= 1
        return node

    def atom(self) -> Clue:
        name = self.take(what="an atom")
        if name in ("and", "or", ")", ",") or name not in ATOMS:
            raise ClueError(f"unknown atom {clip(name)} (known: {', '.join(sorted(ATOMS))})")
        args: list[str] = []
        if self.peek() == "(":
            self.take()
            while self.peek() != ")":
                args.append(self.take(what="an argument"))
                if self.peek() == ",":
                    self.take()
                elif self.peek() != ")":
                    raise ClueError(f"expected ',' or ')' after {clip(args[-1])}")
            self.take(")")
        return Atom(name, tuple(args))


def parse(text: str) -> Clue:
    """Parse a clue; raises `ClueError` with a plain message on bad input."""
    return _Parser(text).parse()


# ----- evaluation --------------------------------------------------------------------

AtomFn = Callable[[Board, tuple[str, ...], Mapping[str, str]], frozenset[str]]


def _need(args: tuple[str, ...], n: int | tuple[int, ...], name: str) -> None:
    allowed = (n,) if isinstance(n, int) else n
    if len(args) not in allowed:
        noun = "argument" if allowed == (1,) else "arguments"
        raise ClueError(f"{name} takes {' or '.join(map(str, allowed))} {noun}", "arguments")


def _line(board: Board, line: str, runs: str | None = None) -> str:
    if line not in board.lines:
        raise ClueError(f"unknown street {clip(line)}", "unknown-street")
    if runs is not None and board.lines[line].runs != runs:
        raise ClueError(f"{clip(line)} does not run {runs}")
    return line


def _where(board: Board, pred: Callable[[str], bool]) -> frozenset[str]:
    return frozenset(s for s in board.building_spaces if pred(s))


def _side(side: str, runs: str) -> AtomFn:
    def fn(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
        _need(args, 1, f"{side}_of")
        line = _line(board, args[0], runs)
        return _where(board, lambda s: board.side_of(s, line) == side)

    return fn


def _street(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, 1, "street")
    line = _line(board, args[0])
    return _where(board, lambda s: board.spaces[s].street == line)


def _between(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, 2, "between")
    a, b = (_line(board, x) for x in args)
    if board.lines[a].runs != board.lines[b].runs:
        raise ClueError("between takes two parallel streets")
    return _where(board, lambda s: board.side_of(s, a) != board.side_of(s, b))


def _corner(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, (0, 2), "corner")
    streets = list(board.streets)
    if args:
        pair = [_line(board, x) for x in args]
        if {board.lines[x].runs for x in pair} != {"east-west", "north-south"}:
            raise ClueError("corner takes two crossing streets")
        return _where(board, lambda s: all(board.borders(s, x) for x in pair))

    def on_corner(s: str) -> bool:
        runs = {board.lines[x].runs for x in streets if board.borders(s, x)}
        return len(runs) == 2

    return _where(board, on_corner)


def _next_to_railway(
    board: Board, args: tuple[str, ...], setup: Mapping[str, str]
) -> frozenset[str]:
    _need(args, 0, "next_to_railway")
    rail = board.railway
    if rail is None:
        raise ClueError("this board has no railway")
    return _where(board, lambda s: board.borders(s, rail.id))


def _edge(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, (0, 1), "edge")
    known: dict[str, Direction] = {d: d for d in ("north", "south", "east", "west")}
    for d in args:
        if d not in known:
            raise ClueError(f"unknown direction {clip(d)}")
    directions = [known[d] for d in args] or list(known.values())
    return _where(board, lambda s: any(board.on_edge(s, d) for d in directions))


def _site(board: Board, site: str, setup: Mapping[str, str]) -> str:
    """A site a clue may refer to: a space, a landmark field, or a landmark set up on a frame."""
    if site in board.spaces or site in board.fields:
        return site
    for frame, landmark in setup.items():
        if landmark == site:
            return frame
    if site in board.landmarks:
        raise ClueError(
            f"landmark {clip(site)} has no field until it is set up on a frame", "unknown-landmark"
        )
    raise ClueError(f"unknown space or landmark {clip(site)}", "unknown-space")


def _graph_atom(relation: str) -> AtomFn:
    def fn(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
        _need(args, 1, relation)
        site = _site(board, args[0], setup)
        near = board.neighbours(site, relation)
        return frozenset(s for s in board.building_spaces if s in near)

    return fn


def _region(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, 1, "region")
    if args[0] not in board.regions:
        raise ClueError(f"unknown region {clip(args[0])}", "unknown-region")
    return board.regions[args[0]]


def _spaces(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    for a in args:
        if a not in board.spaces or board.spaces[a].frame:
            raise ClueError(f"unknown building space {clip(a)}", "unknown-space")
    return frozenset(args)


def _all(board: Board, args: tuple[str, ...], setup: Mapping[str, str]) -> frozenset[str]:
    _need(args, 0, "all")
    return frozenset(board.building_spaces)


ATOMS: dict[str, AtomFn] = {
    "street": _street,
    "north_of": _side("north", "east-west"),
    "south_of": _side("south", "east-west"),
    "east_of": _side("east", "north-south"),
    "west_of": _side("west", "north-south"),
    "between": _between,
    "corner": _corner,
    "next_to_railway": _next_to_railway,
    "edge": _edge,
    "in_sight": _graph_atom("in_sight"),
    "next_to": _graph_atom("next_to"),
    "opposite": _graph_atom("opposite"),
    "region": _region,
    "spaces": _spaces,
    "all": _all,
}


def evaluate(
    clue: Clue | str, board: Board, setup: Mapping[str, str] | None = None
) -> frozenset[str]:
    """The building spaces a clue names on `board` (`setup`: frame field -> landmark)."""
    node = parse(clue) if isinstance(clue, str) else clue
    setup = setup or {}
    if isinstance(node, Atom):
        return ATOMS[node.name](board, node.args, setup)
    if isinstance(node, Not):
        return frozenset(board.building_spaces) - evaluate(node.operand, board, setup)
    sets = [evaluate(o, board, setup) for o in node.operands]
    if node.op == "and":
        return frozenset.intersection(*sets)
    return frozenset.union(*sets)
