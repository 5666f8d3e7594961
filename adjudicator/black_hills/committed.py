"""A robbery written whole before the die is rolled: the served table's seeded game.

At a real table the robber throws the aiming die and then goes on with the turn knowing it
("he cannot start one without having finished the previous one": the robbery is finished,
its die thrown, before the next action starts), and `best` ranks so (BH-CHANCE). A seat at
a served seeded game writes the whole line first and the server rolls the die at the commit
(`game/dealing.py`): nothing after the robbery can follow the die. So the page ranks such a
turn as it is played there: each listed line (`legal.robbing_turns`, the robbery before,
between or after the other actions) by its expectation over the die's faces with every
choice fixed, a line counted only if the referee takes it for every face (a line legal for
one face only is refused at the commit: it would tell the die).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from adjudicator.black_hills.candidates import Candidate, Judge, Outcome, judge_of
from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.legal import robbing_turns
from adjudicator.black_hills.moves import Rob, TurnMove
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.state import BHState

__all__ = ["committed_turns", "die_odds"]


def die_odds(rules: Rules) -> list[tuple[int, Fraction]]:
    """Each face of the aiming die and its probability (BH-DATA-DIE: each side alike)."""
    faces = list(rules.die)
    return [(f, Fraction(faces.count(f), len(faces))) for f in sorted(set(faces))]


def _rolled(move: TurnMove, die: int) -> TurnMove:
    return TurnMove(
        move.player,
        tuple(
            replace(a, die=die) if isinstance(a, Rob) and a.die is None else a
            for a in move.actions
        ),
    )


def _committed(state: BHState, cid: str, move: TurnMove, judge: Judge) -> Candidate | None:
    """The line ranked over the die (None: refused for some face)."""
    outcomes = []
    for face, p in die_odds(state.rules):
        rolled = _rolled(move, face)
        v = judge(rolled)
        if not v.legal:
            return None
        assert v.state is not None
        kept = state.rules.worth(v.state.player(move.player).holding())
        outcomes.append(Outcome(f"die {face}", p, format_turn_move(rolled), v, kept))
    first = outcomes[0]
    return Candidate(cid, format_turn_move(move), first.verdict, first.kept, tuple(outcomes))


def committed_turns(state: BHState, player: str) -> list[Candidate]:
    """The player's best robbing line for each character, written whole before the die
    (see the module's docstring), best first by expected reputation, then expected worth
    kept. From `state` as given: the hint passes the player's view (`knows.view_state`)."""
    judge = judge_of(state)
    best: dict[str, Candidate] = {}
    for cid, move in robbing_turns(state, player):
        cand = _committed(state, cid, move, judge)
        if cand is not None and (cid not in best or cand.key > best[cid].key):
            best[cid] = cand
    return sorted(best.values(), key=lambda c: (-c.key[0], -c.key[1], c.character))
