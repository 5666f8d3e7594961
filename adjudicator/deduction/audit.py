"""Auditing a card set: the contradictions, misprints and dead cards a table would find.

The board: its counts (`end_at` against its spaces and buildings, `board_counts.py`).
Per card: clue and map disagree; a map of the wrong size for its kind; unknown
buildings, streets or spaces; frame fields on a map; a relation with no pair of
spaces inside the card's maps; a card no situation lets anyone play. Across
cards: duplicates; buildings with no building card, or two; two building cards
of one building with disjoint maps; pairs of cards no town satisfies both.

Whether a card can be played is asked of the rulings engine, on the most
favourable board: the card's buildings still open and every other space built
on but the ones it needs. Whether two cards contradict is decided on a full
town (every space holds a building, as at the end of a game), where 'my
building' is whichever building stands at the partner space: a card then says
only where its named building stands (`_named_spaces`). Its twin,
`contradict_brute_force`, tries every pair of spaces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from adjudicator.deduction.files.card_file import CardProblem
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.board_counts import board_count_warnings
from adjudicator.deduction.models.cards import Card, CardSet
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState, Player
from adjudicator.deduction.rules.explain import and_list, space_list
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status

__all__ = [
    "Audit",
    "Finding",
    "audit_cards",
    "contradict",
    "contradict_brute_force",
    "playable_witness",
]

Severity = Literal["error", "warning", "note"]
_ORDER = {"error": 0, "warning": 1, "note": 2}


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    cards: tuple[int, ...]
    message: str


@dataclass
class Audit:
    findings: list[Finding] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]


_PROBLEM_SEVERITY: dict[str, Severity] = {"space-twice": "warning"}


def _named_spaces(board: Board, card: Card) -> frozenset[str]:
    """On a full town: the spaces where the card's named building may stand."""
    if card.kind != "condition":
        return card.spaces
    assert card.relation is not None
    mine = card.my_spaces if card.my_spaces is not None else frozenset(board.building_spaces)
    pairs = board.relation_pairs(card.relation)
    return frozenset(s for s in card.spaces if any((s, m) in pairs for m in mine))


def contradict(board: Board, a: Card, b: Card) -> bool:
    """No full town satisfies both cards (district cards never contradict: on a full town
    some building stands on every space)."""
    if a.kind == "district" or b.kind == "district":
        return False
    sa, sb = _named_spaces(board, a), _named_spaces(board, b)
    if a.subject == b.subject:
        return not (sa & sb)
    return not sa or not sb or (len(sa | sb) < 2)


def contradict_brute_force(board: Board, a: Card, b: Card) -> bool:
    """The twin of `contradict`: try every pair of spaces for the two named buildings and
    every partner space for 'my building'."""
    if a.kind == "district" or b.kind == "district":
        return False
    spaces = board.building_spaces

    def holds(card: Card, at: str) -> bool:
        if at not in card.spaces:
            return False
        if card.kind != "condition":
            return True
        assert card.relation is not None
        mine = card.my_spaces if card.my_spaces is not None else frozenset(spaces)
        return any(board.related(card.relation, at, m) for m in mine if m != at)

    for x in spaces:
        for y in spaces:
            same_building = a.subject == b.subject
            if (x == y) != same_building:
                continue
            if holds(a, x) and holds(b, y):
                return False
    return True


def _witness(edition: Edition, card: Card, mine: str, keep: frozenset[str]) -> GameState:
    """The board most favourable to a card: every space built on but `keep`."""
    board = edition.board
    named = {mine} | ({card.subject} if card.kind != "district" else set())
    others = [b for b in board.buildings if b not in named]
    free = [s for s in board.building_spaces if s not in keep]
    placed = dict(zip(others, free, strict=False))
    return GameState(edition, edition.id, "ann", (Player("ann", (mine,)),), placed=placed)


def playable_witness(edition: Edition, card: Card) -> tuple[bool, str]:
    """Whether some situation lets the card be played, and if not, why (the engine's
    reason on the most favourable boards)."""
    board = edition.board
    if not card.spaces:
        return False, "its map has no building space"
    mine = next((b for b in board.buildings if b != card.subject), None)
    if mine is None:  # a board of one building: no player has one in front of them
        return False, "the board has no building but its subject for a player to hold"
    if card.kind != "condition":
        options = [frozenset(card.spaces)]
        if len(card.spaces) > board.markers_per_building:
            first = board.sort_spaces(card.spaces)[: board.markers_per_building]
            options = [frozenset(first)]
    else:
        assert card.relation is not None
        mine_spaces = (
            card.my_spaces if card.my_spaces is not None else frozenset(board.building_spaces)
        )
        pairs = board.relation_pairs(card.relation)
        options = [
            frozenset({s, m})
            for s in board.sort_spaces(card.spaces)
            for m in board.sort_spaces(mine_spaces)
            if (s, m) in pairs
        ]
        if not options:
            phrase = card.relation.replace("_", " ")
            return False, (f"no space of its map is {phrase} a space of my building's map")
    why = "its map has no building space"
    for keep in options[:8] or [frozenset()]:
        ruling = rule_play(
            _witness(edition, card, mine, keep),
            card.number,
            mine if card.needs_my_building else None,
            "ann",
        )
        if ruling.status is Status.PLAYABLE:
            return True, ""
        why = f"{ruling.reasons[0].code}: {ruling.reasons[0].message}"
    return False, why


def audit_cards(
    edition: Edition,
    problems: Sequence[CardProblem] = (),
    progress: Callable[[int], None] | None = None,
) -> Audit:
    """The static audit of a card set (everything but simulated games)."""
    board, cards = edition.board, edition.cards
    audit = Audit()
    add = audit.findings.append
    for p in problems:
        add(
            Finding(
                _PROBLEM_SEVERITY.get(p.code, "error"),
                p.code,
                (p.card,),
                f"card {p.card}: {p.message}",
            )
        )
    for m in cards.mismatches:
        add(Finding("error", "clue-map", (m.card,), m.message(board)))
    _per_card(edition, cards, add, progress)
    _across_cards(board, cards, add)
    _make_up(board, cards, add)
    for line in board_count_warnings(board):
        add(Finding("warning", "board-counts", (), line))
    audit.findings.sort(key=lambda f: (_ORDER[f.severity], f.code, f.cards))
    return audit


def _per_card(
    edition: Edition,
    cards: CardSet,
    add: Callable[[Finding], None],
    progress: Callable[[int], None] | None,
) -> None:
    board = edition.board
    for card in cards:
        sizes = board.card_sizes.get(card.kind)
        if sizes and len(card.spaces) not in sizes:
            label = board.kind_label(card.kind)
            add(
                Finding(
                    "error",
                    "map-size",
                    (card.number,),
                    f"card {card.number}: a {label} card has {' or '.join(map(str, sizes))} "
                    f"spaces on its map, this one {len(card.spaces)}",
                )
            )
        if card.kind == "condition":
            assert card.relation is not None
            mine = (
                card.my_spaces if card.my_spaces is not None else frozenset(board.building_spaces)
            )
            pairs = board.relation_pairs(card.relation)
            if not any((s, m) in pairs for s in card.spaces for m in mine):
                add(
                    Finding(
                        "error",
                        "relation-impossible",
                        (card.number,),
                        f"card {card.number}: no space of its map is "
                        f"{card.relation.replace('_', ' ')} a space of my building's map",
                    )
                )
        ok, why = playable_witness(edition, card)
        impossible = card.kind == "condition" and not _named_spaces(board, card)
        if not ok and not impossible:  # an impossible relation is reported on its own
            add(
                Finding(
                    "error",
                    "never-playable",
                    (card.number,),
                    f"card {card.number} can never be played: {why}",
                )
            )
        if progress is not None:
            progress(1)


def _signature(card: Card) -> tuple[Any, ...]:
    return (card.kind, card.subject, card.spaces, card.relation, card.my_spaces)


def _across_cards(board: Board, cards: CardSet, add: Callable[[Finding], None]) -> None:
    seen: dict[tuple[Any, ...], int] = {}
    for card in cards:
        sig = _signature(card)
        if sig in seen:
            add(
                Finding(
                    "warning",
                    "duplicate",
                    (seen[sig], card.number),
                    f"cards {seen[sig]} and {card.number} say the same",
                )
            )
        else:
            seen[sig] = card.number
    by_building: dict[str, list[Card]] = {b: [] for b in board.buildings}
    for card in cards:
        if card.kind == "building":
            by_building[card.subject].append(card)
    missing = [b for b, cs in by_building.items() if not cs]
    if missing:
        add(
            Finding(
                "warning",
                "no-building-card",
                (),
                "no building card for " + and_list(board.building_name(b) for b in missing),
            )
        )
    for b, cs in by_building.items():
        if len(cs) > 1:
            add(
                Finding(
                    "warning",
                    "two-building-cards",
                    tuple(c.number for c in cs),
                    f"the {board.building_name(b)} has {len(cs)} building cards: "
                    + and_list(str(c.number) for c in cs),
                )
            )
    # Cards that can never stand are reported on their own; they would contradict all.
    standing = [c for c in cards if c.kind == "district" or _named_spaces(board, c)]
    for a, other in combinations(standing, 2):
        if not contradict(board, a, other):
            continue
        if a.subject != other.subject:
            (only,) = _named_spaces(board, a) | _named_spaces(board, other)
            add(
                Finding(
                    "warning",
                    "same-space",
                    (a.number, other.number),
                    f"cards {a.number} and {other.number} put the "
                    f"{board.building_name(a.subject)} and the "
                    f"{board.building_name(other.subject)} both on {board.space_name(only)} "
                    "alone: no town satisfies both",
                )
            )
        elif a.kind == other.kind == "building":
            add(
                Finding(
                    "warning",
                    "disjoint-building-cards",
                    (a.number, other.number),
                    f"building cards {a.number} and {other.number} put the "
                    f"{board.building_name(a.subject)} on "
                    f"{space_list(board, a.spaces, 'or')} and on "
                    f"{space_list(board, other.spaces, 'or')}: both cannot be true",
                )
            )
        else:
            add(
                Finding(
                    "warning",
                    "contradiction",
                    (a.number, other.number),
                    f"cards {a.number} and {other.number} contradict each other outright: "
                    "no town satisfies both",
                )
            )


def simulation_stats(
    edition: Edition, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Per card, how often it was playable when held and how often it died in a hand, from
    greedy self-play; and how many games stalled."""
    from adjudicator.deduction.game.simulate import (
        simulate,  # the simulator builds on the whole engine
    )

    stats = simulate(
        edition.id,
        games,
        seed,
        "greedy",
        3,
        (lambda _r: progress(1)) if progress else None,
        card_set=edition,
    )
    per_card = []
    for n, c in sorted(stats.cards.items()):
        held = c.held
        per_card.append(
            {
                "card": n,
                "held": held,
                "playable_when_held": round(c.playable / held, 3) if held else None,
                "died_in_hand": round(c.dead / held, 3) if held else None,
            }
        )
    turns = stats.turns
    return {
        "games": stats.games,
        "stalled": stats.games - stats.finished,
        "turns": {
            "mean": round(sum(turns) / len(turns), 2) if turns else 0.0,
            "min": min(turns, default=0),
            "max": max(turns, default=0),
        },
        "cards": per_card,
    }


def _make_up(board: Board, cards: CardSet, add: Callable[[Finding], None]) -> None:
    """The set's cards of each kind: as the edition prints them, and enough to deal."""
    counts = {
        k: sum(1 for c in cards if c.kind == k) for k in ("building", "district", "condition")
    }
    expected = dict(board.card_counts)
    if expected and counts != expected:
        said = ", ".join(f"{counts[k]} {board.kind_label(k)}" for k in counts)
        want = ", ".join(f"{n} {board.kind_label(k)}" for k, n in expected.items())
        add(Finding("warning", "make-up", (), f"the set has {said} cards; {board.name} has {want}"))
    # The fewest players the edition seats, dealt as its board file's [deal] says.
    need = board.deal.needs(board.deal.min_players)
    short = [f"{n} {board.kind_label(k)}" for k, n in need.items() if counts.get(k, 0) < n]
    if short:
        add(
            Finding(
                "error",
                "cannot-deal",
                (),
                "too few cards to deal even two players: "
                f"it needs at least {', '.join(short)} cards",
            )
        )
