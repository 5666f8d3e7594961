"""The deduction games' legal-move generator (`TABLE.legal_moves`): every move it yields is
ruled legal by `TABLE.apply`, and a brute-force twin that shares no code with it (every
line of the notation the player to act could write with the cards in hand and the
buildings of the game, read by `parse_move` and kept when `apply` rules it legal) finds
the same moves, on random seeded games of both editions. The hint's suggestions and
self-play's moves are among them."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import Header, Take, format_move
from adjudicator.deduction.game.simulate import play_game
from adjudicator.deduction.table import TABLE
from adjudicator.tables import table
from tests.budget import examples

PLAYERS = ("ann", "bob", "cid")


def _walk(edition: str, seed: int, steps: int, options: dict[str, Any]) -> Game:
    """A seeded game after `steps` moves chosen at random among the legal ones."""
    game = new_game(Header(edition, PLAYERS, seed=seed, options=options))
    rng = random.Random(seed)
    for _ in range(steps):
        moves = list(TABLE.legal_moves(game))
        if not moves:
            break
        game, ruled = TABLE.apply(game, rng.choice(moves))
        assert ruled.legal, ruled
    return game


def twin_moves(game: Game) -> set[str]:
    """Brute force: every move line the player to act could write, kept when legal."""
    s = game.state
    names = [p.name for p in s.players]
    buildings = list(s.board.buildings)
    held = {b for p in s.players for b in p.buildings}
    beside = [b for b in buildings if b not in s.placed and b not in s.retired and b not in held]
    found: set[str] = set()

    def keep(line: str) -> bool:
        move = TABLE.parse_move(line, "twin")
        legal = TABLE.apply(game, move)[1].legal
        if legal:
            found.add(TABLE.format_move(move))
        return legal

    if game.phase == "over":
        return found
    # T2: while a draw of the player who just acted is legal, that player acts
    drawer = game.drawer
    if game.phase == "draw" and drawer is not None:
        cards = sorted(s.cards.cards)
        firsts = [n for n in cards if keep(f"{drawer} draws {n}")]
        if game.to_draw >= 2:
            for a in firsts:
                for b in cards:
                    if b != a:
                        keep(f"{drawer} draws {a} {b}")
        if found:
            for b in buildings:
                keep(f"{drawer}: buy {b}")
            return found
    if game.phase == "start":
        p = s.active
        assert p is not None
    else:
        assert game.last_actor is not None
        p = names[(names.index(game.last_actor) + 1) % len(names)]
    keep(f"{p}: STOP")
    for k in (1, 2):
        for chosen in combinations(buildings, k):
            keep(f"{p}: take {' '.join(chosen)}")
    for b in buildings:
        keep(f"{p}: buy {b}")
    me = s.player(p)
    hand = list(me.hand or ())
    buys: list[str | None] = [None, *beside]
    for k in (1, 2):
        for cards in permutations(hand, k):
            for buy in buys:
                options = [None, *me.buildings, *([buy] if buy else [])]
                for mys in (
                    [[a] for a in options] if k == 1 else [[a, b] for a in options for b in options]
                ):
                    parts = [
                        f"{n} as {m}" if m else f"{n}" for n, m in zip(cards, mys, strict=True)
                    ]
                    for at in range(k + 1) if buy else [0]:
                        line = list(parts)
                        if buy:
                            line.insert(at, f"buy {buy}")
                        keep(f"{p}: " + "; ".join(line))
    for pair in combinations(hand, 2):
        for building, spaces in s.markers.items():
            for space in spaces:
                action = f"discard {pair[0]} {pair[1]} take {building}@{space}"
                keep(f"{p}: {action}")
                for buy in beside:
                    keep(f"{p}: buy {buy}; {action}")
                    keep(f"{p}: {action}; buy {buy}")
    keep(f"{p}: pass")
    for buy in beside:
        keep(f"{p}: buy {buy}; pass")
        keep(f"{p}: pass; buy {buy}")
    return found


#: Tables small enough for the twin, which rules every line one by one: one card a turn,
#: or two without buying, or two with buying (the default Gads Hill) at a few positions.
OPTIONS = [
    {},
    {"two_cards_until": 0},
    {"buying": False},
]


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(["old-town", "gads-hill-1874"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 30),
    options=st.sampled_from(OPTIONS),
)
def test_legal_moves_are_legal_and_the_twin_finds_the_same(
    edition: str, seed: int, steps: int, options: dict[str, Any]
) -> None:
    if edition == "old-town":
        options = {}  # Old Town: one card a turn, no buying
    game = _walk(edition, seed, steps, options)
    engine = list(TABLE.legal_moves(game))
    written = [TABLE.format_move(m) for m in engine]
    assert len(set(written)) == len(written)  # each move once
    for move in engine:
        assert TABLE.apply(game, move)[1].legal, format_move(move)
    assert set(written) == twin_moves(game)


def test_the_protocol_has_it_for_the_deduction_games() -> None:
    assert list(table("deduction").legal_moves(_walk("old-town", 1, 0, {})))


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_hints_moves_are_legal_moves(edition: str) -> None:
    game = _walk(edition, 5, 6, {})
    game = game.finish()[0] if game.phase != "start" else game
    player = game.state.active
    assert player is not None
    legal = {format_move(m) for m in TABLE.legal_moves(game)}
    hint = TABLE.hint(game, player, "test")
    assert hint.actions
    for action in hint.actions:
        assert format_move(action_move(action, player)) in legal


@pytest.mark.parametrize(
    ("edition", "policy"), [("old-town", "random"), ("gads-hill-1874", "greedy")]
)
def test_self_play_moves_are_legal_moves(edition: str, policy: Any) -> None:
    """Every move a self-played game wrote is one the generator gives at that point (its
    points claimed aside), up to the first 12 moves."""
    result = play_game(edition, PLAYERS, 3, policy)
    game = new_game(result.record.header)
    for move in result.record.moves[:12]:
        legal = [replace(m, claimed=None) for m in TABLE.legal_moves(game)]
        bare = replace(move, claimed=None)
        if isinstance(bare, Take):  # the refill's buildings are a set (A4)
            assert any(
                isinstance(m, Take) and set(m.buildings) == set(bare.buildings) for m in legal
            )
        else:
            assert bare in legal
        game, ruled = TABLE.apply(game, move)
        assert ruled.legal
