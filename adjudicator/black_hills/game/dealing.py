"""Chance at a served table (`adjudicator serve`, `Table.deal`): in a seeded game a seat
writes the choice a player makes and the server deals what chance decides, from the seed,
as the replay of the record deals it.

Chance in a Black Hills turn: the aiming die of a robbery (`rob bob`, dealt `die=N`), the
card a blind Colonel's steal draws (`steal bob`, dealt `drew=ID`) and the four the Shaman
is dealt from the discards (`shaman draw hunter`, dealt `dealt=A,B,C,D`; the seat sees the
four first, as the face-down choice `shaman draw`: `public_move.listed_move`). The rounds'
characters and event cards are dealt by the replay itself (`round.py`, `setup.py`).

A seat that names an outcome is refused, citing the rule (a player does not choose the
die). So is a turn whose later choices would tell the outcome before it is committed: one
that is legal for one face of the die and not for another (a preview would then say what
the die shows), or one playing an event card the player did not hold when the turn began
(only the card the Colonel draws can be one: unseen until the turn is written). A turn
refused whatever chance deals is refused by its reason alone (the ruling's log up to the
refusal would tell the die).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from adjudicator.black_hills import moves
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.errors import InvalidTurnError
from adjudicator.black_hills.game.record import BHMove
from adjudicator.black_hills.moves import TurnMove
from adjudicator.black_hills.notation import format_turn_move, parse_turn_move
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.shaman import deal as shaman_deal
from adjudicator.black_hills.state import BHState
from adjudicator.core.errors import RulesError

__all__ = ["as_chosen", "check_chance", "deal", "named_outcome", "steal_of", "without_outcomes"]


def steal_of(action: moves.Action) -> moves.Steal | None:
    """The Colonel's steal the action makes, if any (written with him or after him)."""
    if isinstance(action, moves.Steal):
        return action
    place = action.place if isinstance(action, moves.ShamanCopy | moves.ShamanDraw) else action
    return place.steal if isinstance(place, moves.Place) else None


def named_outcome(move: TurnMove, blind: bool = False) -> tuple[str, Code] | None:
    """The first outcome of chance the move writes itself (`die=3`, `drew=bank`,
    `dealt=...`; with `blind`, the option `colonel-steal=blind`, a card the steal names:
    `steal bob bank`) and the rule it belongs to; None when it writes none."""
    for a in move.actions:
        steal = steal_of(a)
        if isinstance(a, moves.Rob) and a.die is not None:
            return f"die={a.die}", Code.AIMING_DIE
        if steal is not None and (steal.blind or blind) and steal.event:
            return f"{'drew=' if steal.blind else ''}{steal.event}", Code.COLONEL
        if isinstance(a, moves.ShamanDraw) and a.dealt:
            return f"dealt={','.join(a.dealt)}", Code.SHAMAN
    return None


def _unwritten(state: BHState, a: moves.Action) -> bool:
    """Whether the action leaves chance something to deal that the seed then deals."""
    steal = steal_of(a)
    blind = state.options.colonel_steal == "blind"
    if steal is not None and blind and steal.event is None:
        return True
    if isinstance(a, moves.ShamanDraw) and a.place is not None and not a.dealt:
        return True
    return isinstance(a, moves.Rob) and a.die is None


def _with_steal(a: moves.Action, steal: moves.Steal) -> moves.Action:
    if isinstance(a, moves.Steal):
        return steal
    if isinstance(a, moves.ShamanCopy | moves.ShamanDraw):
        assert a.place is not None
        return replace(a, place=replace(a.place, steal=steal))
    assert isinstance(a, moves.Place)
    return replace(a, steal=steal)


def _next(dealt: list[str], kind: str) -> str | None:
    """What chance dealt next, if it is of this kind (a steal from an empty hand deals
    nothing, so the next outcome may be a later action's)."""
    if dealt and dealt[0].startswith(f"{kind} "):
        return dealt.pop(0).split()[1]
    return None


def _filled(state: BHState, move: TurnMove, dealt: list[str]) -> TurnMove:
    """The move with each outcome left to chance written in: the die and the drawn card
    as `dealt` gives them (`Verdict.dealt`, in order), the Shaman's four from the seed."""
    out: list[moves.Action] = []
    for a in move.actions:
        steal = steal_of(a)
        if isinstance(a, moves.ShamanDraw) and a.place is not None and not a.dealt:
            a = replace(a, dealt=tuple(shaman_deal(state)))
        if isinstance(a, moves.Rob) and a.die is None:
            face = _next(dealt, "die")
            a = a if face is None else replace(a, die=int(face))
        elif steal is not None and _unwritten(state, a):
            drew = _next(dealt, "drew")
            a = a if drew is None else _with_steal(a, replace(steal, event=drew, blind=True))
        out.append(a)
    return TurnMove(move.player, tuple(out))


def without_outcomes(move: TurnMove) -> TurnMove:
    """The move as its player chose it: no die, no card drawn, no deal written."""
    out: list[moves.Action] = []
    for a in move.actions:
        steal = steal_of(a)
        if isinstance(a, moves.Rob):
            a = replace(a, die=None)
        if isinstance(a, moves.ShamanDraw):
            a = replace(a, dealt=())
        if steal is not None and steal.blind:
            a = _with_steal(a, moves.Steal(steal.victim))
        out.append(a)
    return TurnMove(move.player, tuple(out))


def _refusal(player: str, code: Code, words: str) -> RulesError:
    return RulesError(f"{player}: {words} ({code})")


def _check_events(state: BHState, move: TurnMove) -> None:
    """After a blind steal, an event the player did not hold as the turn began can only
    be the card drawn, which is not seen before the turn is committed."""
    held = set(state.player(move.player).events)
    stealing = False
    for a in move.actions:
        named = (
            a.events
            if isinstance(a, moves.Discard)
            else (a.event,)
            if isinstance(a, moves.Event)
            else ()
        )
        unseen = [e for e in named if e not in held]
        if stealing and unseen:
            raise _refusal(
                move.player,
                Code.COLONEL,
                f"the card the Colonel draws is seen once the turn is committed: "
                f"{move.player} does not hold {unseen[0]!r} now; play it next turn",
            )
        stealing = stealing or (_unwritten(state, a) and steal_of(a) is not None)


def _faces(state: BHState, move: TurnMove) -> list[TurnMove]:
    """The move with each face of the die written in each robbery left to chance, when
    something follows the first such robbery (what comes before cannot hang on it)."""
    robs = [i for i, a in enumerate(move.actions) if isinstance(a, moves.Rob) and a.die is None]
    follows = robs and (robs[0] < len(move.actions) - 1)
    if not follows and not any(isinstance(a, moves.Return) for a in move.actions):
        return []
    faces = sorted(set(state.rules.die))
    out = []
    for dice in product(faces, repeat=len(robs)):
        acts = list(move.actions)
        for i, d in zip(robs, dice, strict=True):
            rob = acts[i]
            assert isinstance(rob, moves.Rob)
            acts[i] = replace(rob, die=d)
        out.append(TurnMove(move.player, tuple(acts)))
    return out


def _check_faces(state: BHState, move: TurnMove) -> None:
    """A turn ruled the same whatever the die shows: otherwise its preview (or a refused
    commit) would tell the face before the die is rolled."""
    rulings = {
        (v.legal, "" if v.legal else v.reasons[0].message)
        for v in (referee_text(state, format_turn_move(m)) for m in _faces(state, move))
    }
    if len(rulings) > 1:
        raise _refusal(
            move.player,
            Code.AIMING_DIE,
            "whether that turn stands hangs on the aiming die, which is rolled when the move "
            "is committed: write choices after the robbery that stand whatever it shows",
        )


def as_chosen(state: BHState, move: TurnMove) -> TurnMove | None:
    """A legal move as its player may choose it before chance deals (`Table.legal_moves`):
    a blind steal names the victim, not the card; None for a move that would tell what
    chance deals before it is committed (`deal` refuses it)."""
    if state.options.colonel_steal == "blind":
        move = TurnMove(
            move.player,
            tuple(
                _with_steal(a, moves.Steal(s.victim)) if (s := steal_of(a)) is not None else a
                for a in move.actions
            ),
        )
    try:
        _check_events(state, move)
        _check_faces(state, move)
    except RulesError:
        return None
    return move


def check_chance(state: BHState, move: BHMove) -> None:
    """`Table.check_chance` for Black Hills: a seat in a seeded game that writes an outcome
    (`die=`, `drew=`, `dealt=`) is refused citing its rule; nothing face down is read."""
    _seated_turn(state, move)


def _seated_turn(state: BHState, move: BHMove) -> TurnMove | None:
    """The turn of a seeded game, refused where it names an outcome; None where the seed
    deals nothing (unseeded) or the text is no turn (the referee says so)."""
    if not state.seeded or state.seed is None:
        return None
    try:
        turn = parse_turn_move(move.text)
    except InvalidTurnError:
        return None
    named = named_outcome(turn, state.options.colonel_steal == "blind")
    if named is not None:
        word, code = named
        raise _refusal(
            move.player,
            code,
            f"{word}: in a game dealt from its seed the server deals what chance decides "
            "when the move is committed; write the choice only",
        )
    return turn


def deal(state: BHState, move: BHMove) -> BHMove:
    """`Table.deal` for Black Hills (see the module's docstring): in a seeded game, the move
    with chance's outcomes dealt from the seed (marked `dealt`); refused (`RulesError`,
    citing the rule) where the seat wrote an outcome, or where the turn's legality would
    tell one. Unseeded: the move as written (the table says what happened)."""
    turn = _seated_turn(state, move)
    if turn is None:
        return move
    if not any(_unwritten(state, a) for a in turn.actions):
        return move
    _check_events(state, turn)
    _check_faces(state, turn)
    verdict = referee_text(state, format_turn_move(turn))
    if not verdict.legal:
        # the reason alone: the ruling's log up to the refusal would say what was dealt
        reason = verdict.reasons[0]
        raise _refusal(move.player, reason.code, reason.message)
    filled = _filled(state, turn, list(verdict.dealt))
    return replace(move, text=format_turn_move(filled), dealt=True)
