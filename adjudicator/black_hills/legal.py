"""The moves the player to act may make now, each refereed legal: at a round's set-up every
waiting player's keep (`keep A B`, a line of its own), else the player on turn's turns —
each placement with its choices (`candidates.py`), an event before or after it, investing
the most or not, the Shaman's draw (dealt from the seed), and a robbery of one or two
players before, between or after the rest (the die rolled from the seed).

Left to the referee's defaults, so not offered: a payment named (`invest 2 gold:1 ...`),
points short of the most, and what goes back at the round's end (`return`). The best-turn
search ranks `legal_turns`; self-play draws from `legal_moves`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from adjudicator.black_hills.candidates import (
    INVEST_MOST,
    Judge,
    candidate_turns,
    judge_of,
    keeps,
    orders,
    placements,
)
from adjudicator.black_hills.draft import shaman_pool
from adjudicator.black_hills.moves import Invest, Keep, Place, Rob, ShamanDraw, TurnMove
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = ["legal_moves", "legal_turns", "robbing_turns", "setup_keeps"]


def legal_turns(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...], judge: Judge
) -> Iterator[tuple[str, TurnMove, Verdict]]:
    """(character, turn, verdict) for each candidate turn the referee rules legal, of those
    a ranking that takes the first of equal turns can pick (`candidates.orders`)."""
    for cid, move in candidate_turns(state, player, invest_steps, ranked=True):
        v = judge(move)
        if v.legal:
            yield cid, move, v


def setup_keeps(state: BHState) -> Iterator[TurnMove]:
    """Every keep each player still to keep may write, before the first turn."""
    kept = state.rules.characters_kept
    for name in must_keep(state):
        hand = sorted(state.player(name).characters)
        for cards in combinations(hand, min(kept, len(hand))):
            yield TurnMove(name, (Keep(cards),))


def _draws(state: BHState, player: str) -> Iterator[TurnMove]:
    """The Shaman playing each card of the discards (the referee deals the four)."""
    for prefix, keep in keeps(state, player):
        if "shaman" in keep:
            for drawn in sorted(set(shaman_pool(state)) - {"shaman"}):
                for place in placements(state, player, drawn):
                    assert isinstance(place, Place)
                    for order in orders(state, player, ShamanDraw(place), INVEST_MOST):
                        yield TurnMove(player, (*prefix, *order))


def _robbed(state: BHState, player: str, turns: list[TurnMove]) -> Iterator[TurnMove]:
    """Each turn with a robbery of one or two players not protected, before, between or
    after its actions (BH-ORDER: "in any order"; a Jailbreak hires the gunman it robs with,
    so `event jailbreak; rob bob; miner` comes before the character)."""
    me = state.player(player)
    if me.gunmen == 0 and state.jail == 0:
        return  # no gunman, and none to hire from the jail
    others = [n for n in state.names() if n != player and n not in state.protected]
    victims = [c for size in (1, 2) for c in combinations(others, size)]
    for move in turns:
        for who in victims:
            rob = Rob(tuple((n, None) for n in who))
            for at in range(len(move.actions) + 1):
                yield TurnMove(player, (*move.actions[:at], rob, *move.actions[at:]))


def robbing_turns(state: BHState, player: str) -> Iterator[tuple[str, TurnMove]]:
    """(character, turn) for each candidate turn of `player` with a robbery whose die is
    rolled at the commit (`_robbed`), refereed or not: the Shaman's draw left out (its
    deal is shown before its turn is chosen, `web/face_down`)."""
    for cid, move in candidate_turns(state, player, INVEST_MOST):
        for robbed in _robbed(state, player, [move]):
            yield cid, robbed


def legal_moves(state: BHState, robberies: bool = True) -> Iterator[TurnMove]:
    """Every move listed above that the referee rules legal, each once, in a fixed order:
    the set-up's keeps, else the turns, the Shaman's draws, then (with `robberies`) the
    turns that rob."""
    if state.winner is not None:
        return
    judge = judge_of(state)
    if must_keep(state):
        yield from (m for m in setup_keeps(state) if judge(m).legal)
        return
    player = state.active
    tries = [m for _, m in candidate_turns(state, player, INVEST_MOST)]
    tries += _draws(state, player)
    if robberies:
        tries += list(_robbed(state, player, list(tries)))
    seen: set[TurnMove] = set()
    for move in tries:
        if move not in seen:
            seen.add(move)
            if judge(move).legal:
                yield move
