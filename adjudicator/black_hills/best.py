"""The best turn: for each character in hand, the best order of its skills, an event, a
robbery and investing, ranked by reputation gained, then by the worth of the resources kept.

Every candidate turn is refereed (`turn.py`), so only legal turns are ranked. Where chance
decides (the aiming die of a robbery, the four cards the Shaman is dealt, a blind Colonel's
steal), a turn is ranked by its exact expectation (`chance.py`): the choices before the
first roll, deal or steal are made once, those after it (whom to rob, which card to play,
investing, another chance) for each outcome, so a turn meeting two chances (the Shaman
drawing, then robbing) nests the second's expectation in each outcome of the first.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from adjudicator.black_hills.candidates import (
    INVEST_MOST,
    Candidate,
    Outcome,
    candidate_turns,
    is_blind,
    judge_of,
)
from adjudicator.black_hills.chance import chance_candidates
from adjudicator.black_hills.legal import legal_turns
from adjudicator.black_hills.moves import Action, Invest, Place, ShamanCopy, ShamanDraw
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.state import BHState

__all__ = [
    "Candidate",
    "Outcome",
    "best_turns",
    "candidate_turns",
    "most_reputation",
]


def _rank(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...], chance: bool
) -> list[Candidate]:
    rules = state.rules
    judge = judge_of(state)
    # Each character's best so far and its key (`Candidate.key`, worked out once): a sure
    # turn's is its whole numbers, and its candidate is written only when it is better.
    best: dict[str, tuple[tuple[Fraction | int, Fraction | int], Candidate]] = {}

    def better(cid: str, key: tuple[Fraction | int, Fraction | int]) -> bool:
        return cid not in best or key > best[cid][0]

    blind = state.options.colonel_steal == "blind"  # else no candidate steals blind
    for cid, move, v in legal_turns(state, player, invest_steps, judge):
        if blind and any(is_blind(a) and not _certain(state, a) for a in move.actions):
            continue  # a blind steal's card is chance's: ranked by chance.py
        assert v.state is not None
        kept = rules.worth(v.state.player(player).holding())
        if better(cid, (v.reputation_gained, kept)):
            best[cid] = (
                (v.reputation_gained, kept),
                Candidate(cid, format_turn_move(move), v, kept),
            )
    if chance:
        for cand in chance_candidates(state, player, invest_steps, judge):
            if better(cand.character, cand.key):
                best[cand.character] = (cand.key, cand)
    ranked = sorted(best.values(), key=lambda kc: (-kc[0][0], -kc[0][1], kc[1].character))
    return [c for _, c in ranked]


def _certain(state: BHState, action: Action) -> bool:
    """Whether a blind Colonel's steal draws a card known beforehand: the victim holds one
    event card ("steal an event card from any player he chooses": the player is chosen, the
    card drawn unseen, and a hand of one leaves nothing to chance). No action of the turn
    before the steal changes the victim's hand, so the hand at the turn's start is the one
    drawn from; such a steal is a sure turn, counted by `most_reputation` (`invest`)."""
    place = action.place if isinstance(action, ShamanCopy | ShamanDraw) else action
    if not isinstance(place, Place) or place.steal is None:
        return False
    return len(state.player(place.steal.victim).events) == 1


def best_turns(state: BHState, player: str | None = None, chance: bool = True) -> list[Candidate]:
    """The best turn for each character in hand, best first (investing the most, by the
    solver, whenever the turn invests); with `chance`, robberies, the Shaman's draw and a
    blind steal too, alone or together, by their expectation."""
    return _rank(state, player or state.active, INVEST_MOST, chance)


def most_reputation(state: BHState, player: str | None = None) -> Candidate | None:
    """The turn that buys the player the most reputation now (then keeps the most worth):
    a Settler's or the Sheriff's investment, the Bank event, the Merchant's trade first,
    whatever the character gathers or takes before — every payment decided by CP-SAT
    (`invest.best_payment`). For a player not on turn: as if it were their turn."""
    who = player or state.active
    if who != state.active:
        state = replace(state, active=who)  # the referee works on its own copy
    # What the player can be sure of: no robbery, no draw.
    return max(best_turns(state, who, chance=False), key=lambda c: c.key, default=None)
