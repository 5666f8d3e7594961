"""`legal_moves(game)` (dry_gulch/game/moves.py): every move it yields is one the flow
accepts, and on random seeded games it finds what a brute-force twin finds: every line
of the phase's vocabulary (each card, permit and site id of the game, the three turned
up) written out, read by `parse_move` and tried on `DGGame.apply`, the accepted kept.
The twin shares no code with the generator: it knows the notation and nothing of the
rules."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.game.flow import DGGame, new_game, turned_up
from adjudicator.dry_gulch.game.moves import legal_moves
from adjudicator.dry_gulch.game.notation import Draw
from adjudicator.dry_gulch.game.record import DGHeader, format_move, parse_move
from adjudicator.dry_gulch.game.simulate import choose
from adjudicator.dry_gulch.game.table import TABLE
from adjudicator.dry_gulch.options import DGOptions
from tests.budget import examples

RULES = load_rules()
PERMITS = sorted(p for p, v in RULES.permits.items() if v.special != "residence")
SITES = sorted(RULES.sites)
EVENTS = sorted(RULES.events)


def _lines(game: DGGame) -> list[str]:
    """Every move of the notation the phase could hold, as text (no named cards)."""
    me = game.state.active
    if game.phase == "events":
        shown = turned_up(game)
        out = []
        for discard in shown:
            left = list(shown)
            left.remove(discard)
            for n in range(len(left) + 1):
                for take in combinations(left, n):
                    taking = f" take {' '.join(take)}" if take else ""
                    out.append(f"events discard {discard}{taking}")
        return [f"{me}: {line}" for line in out]
    plays = [f"play {e}" for e in EVENTS] + [f"play {e} at {s}" for e in EVENTS for s in SITES]
    if game.phase == "draw":
        ordinary = ["resources"] + [
            f"permit {w} {p}" for w in ("discard", "stack") for p in PERMITS
        ]
        draws = [f"draw {o}" for o in ordinary] + [f"draw {o} bank" for o in ordinary]
        texts = sorted({c.text for c in game.state.player(me).hand})
        reopen = [f"reopen {a} {b}" for a, b in combinations_with_replacement(texts, 2)]
        return [f"{me}: {line}" for line in [*draws, "draw bank", *reopen, *plays]]
    # the residence too: the set-up's move with `[Residences "in turn"]`, refused after it
    builds = [f"build {p} at {s}" for p in [*PERMITS, "residence"] for s in SITES]
    misfortunes = [f"{e} {s}" for e in ("fire", "vandalism") for s in SITES]
    return [f"{me}: {line}" for line in [*builds, *misfortunes, *plays, "discard"]]


def _twin(game: DGGame) -> set[str]:
    found = set()
    for line in _lines(game):
        move = parse_move(line)
        if game.apply(move)[1].legal:
            found.add(format_move(move))
    return found


def _played(seed: int, moves: int, options: DGOptions, in_turn: bool = False) -> DGGame:
    game = new_game(DGHeader(("ann", "bob", "cid"), seed, options=options, in_turn=in_turn))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game, out = game.apply(choose(game, "random", rng))
        assert out.legal
    return game


OPTIONS = st.builds(
    DGOptions,
    bank_draw=st.sampled_from(["instead", "extra"]),
    open_permits=st.booleans(),
    city_hall=st.booleans(),
    spreading_fire=st.booleans(),
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 150), OPTIONS, st.booleans())
def test_the_moves_are_those_the_flow_accepts_of_the_whole_vocabulary(
    seed: int, moves: int, options: DGOptions, in_turn: bool
) -> None:
    game = _played(seed, moves, options, in_turn)
    mine = [format_move(m) for m in legal_moves(game)]
    assert len(mine) == len(set(mine)), "a move yielded twice"
    for text in mine:
        assert game.apply(parse_move(text))[1].legal, text
    assert set(mine) == _twin(game)


def test_a_move_reads_back_from_its_text_and_its_repr_is_the_value() -> None:
    game = _played(3, 9, DGOptions())
    for move in legal_moves(game):
        assert str(move) == format_move(move)
        assert parse_move(str(move)) == move
    draw = Draw("ann", how=("resources",))
    assert str(draw) == "ann: draw resources"
    assert repr(draw) == "Draw(player='ann', claimed=None, line=0, how=('resources',))"


def test_the_table_offers_them_and_a_finished_game_none() -> None:
    game = _played(5, 0, DGOptions())
    assert list(TABLE.legal_moves(game)) == list(legal_moves(game))
    assert all(m.player == game.state.active for m in legal_moves(game))
    long = _played(2, 2000, DGOptions())
    if long.over:
        assert list(legal_moves(long)) == []


def test_the_residences_chosen_in_turn_are_every_free_edge_site_and_nothing_else() -> None:
    """`[Residences "in turn"]`: each of the three set-up moves offers the free edge sites
    the twin finds among every line of the notation (a draw, a build, a play refused)."""
    for placed in range(3):
        game = _played(7, placed, DGOptions(), in_turn=True)
        assert game.phase == "residence" and game.state.active == ("ann", "bob", "cid")[placed]
        mine = [format_move(m) for m in legal_moves(game)]
        assert mine and all(" build residence at " in m for m in mine)
        assert set(mine) == _twin(game)
    assert _played(7, 3, DGOptions(), in_turn=True).phase == "draw"
