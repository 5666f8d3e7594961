"""A whole game of Dry Gulch, move by move (RULINGS-dry-gulch `DG-PHASE`, `DG-WIN`).

"Each turn of a player consists of the following phases: Draw event cards; Either draw a
resource card or draw building permits; Build; Receive rewards; Discard cards." Each move
of a record is ruled by the phase modules (`events.py`, `draw.py`, `place.py` and
`search.cheapest`, `misfortune.py`, `reward.py`, `discard.py`); this module only keeps the
order of the phases, the turn, the round and the end.

Readings (RULINGS-dry-gulch): the event phase is skipped in the first round and when no
event card is left anywhere; the build phase holds any number of buildings, misfortunes
and violet cards, in any order; the `discard` move closes the turn: the rewards are drawn
(`DG-REWARD`), then the discard phase (`DG-DISCARD`). The face-up cards are played from
the table (`play ID`, `play ID at SITE`, `fire SITE`; `other_events.py`): the turn does
not close while one can still be played (`DG-EVENT-FACE-UP`), and those no building allows
are discarded when it closes. A building is paid with the
payment that keeps the most worth (`DG-PAY-KEEP`); the General Stores' allowance is one
card a store a turn, over all the turn's buildings (`DG-STORE`). A player wins the moment
they have enough influence in their own build phase (`DG-WIN`), from the draw on. Every
random draw comes from the header's seed and the number of moves played, so a record
replays the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.discard import discard_phase
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.draw import rule_draw
from adjudicator.dry_gulch.events import event_phase
from adjudicator.dry_gulch.game.notation import (
    Build,
    Discard,
    Draw,
    EventCard,
    Events,
    Misfortune,
    Move,
    Reopen,
    Violet,
)
from adjudicator.dry_gulch.game.outcome import Outcome
from adjudicator.dry_gulch.game.payments import payment_for, payment_named
from adjudicator.dry_gulch.game.record import DGHeader
from adjudicator.dry_gulch.losses import Named
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.other_events import CODES, play_event, playable_face_up
from adjudicator.dry_gulch.pay import why_not
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.reward import reward_phase
from adjudicator.dry_gulch.score import has_enough, score
from adjudicator.dry_gulch.setup import new_table, residence_chosen
from adjudicator.dry_gulch.state import DGState, parse_card
from adjudicator.dry_gulch.table_options import (
    reopen_city_hall,
    spread_fire,
    unplayable_kept,
    violet_built,
)

__all__ = [
    "DGGame",
    "Outcome",
    "Phase",
    "move_seed",
    "new_game",
    "payment_for",
    "payment_named",
    "turned_up",
]

Phase = Literal["residence", "events", "draw", "build", "over"]


def _start(state: DGState) -> Phase:
    """The first phase of the active player's turn (`DG-EVENT-ROUND1`)."""
    decks = state.decks
    assert decks is not None
    if decks.round > 1 and (decks.events or decks.event_discard):
        return "events"
    return "draw"


def move_seed(base: int, n: int) -> int:
    """The seed of the n-th move's draws: the same record always draws the same cards."""
    return random.Random(f"dry-gulch:{base}:{n}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class DGGame:
    header: DGHeader
    state: DGState
    phase: Phase
    turn: int = 1
    played: int = 0  # legal moves so far: the seeds of the draws
    built: tuple[str, ...] = ()  # sites built on this turn
    violet: tuple[str, ...] = ()  # violet cards played this turn
    stores_used: int = 0
    winner: str | None = None
    decisive: str | None = None  # the card whose move won the game

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        assert self.state.decks is not None
        return self.state.decks.round

    def influence(self, name: str) -> int:
        return score(self.state).influence[name]

    def apply(self, move: Move) -> tuple[DGGame, Outcome]:
        """The game after the move, and the move ruled; a refused move leaves the game as
        it was."""
        me = self.state.active

        def refuse(code: Code, why: str) -> tuple[DGGame, Outcome]:
            mine = self.influence(move.player) if move.player in self.state.names() else 0
            return self, Outcome(move, False, str(code), why, mine)

        if self.over:
            return refuse(Code.WIN, f"the game is over: {self.winner} has won")
        if move.player != me:
            return refuse(Code.PHASE, f"it is {me}'s turn, in the {self.phase} phase")
        if self.phase == "residence":  # DG-SETUP-1 with `[Residences "in turn"]`
            if not isinstance(move, Build) or move.permit != "residence" or move.paying:
                return refuse(Code.PHASE, "the residences come first: 'build residence at SITE'")
            placed, done = residence_chosen(self.state, move.site)
            if not placed.legal:
                return refuse(placed.reasons[0].code, placed.reasons[0].message)
            phase: Phase = _start(placed.after) if done else "residence"
            words = f"placed the residence on {move.site}"
            return self._next(move, placed.after, phase, words, {"site": move.site})
        if isinstance(move, EventCard | Violet) and move.event in CODES:
            return self._event_card(move)
        want: dict[type[Move], tuple[Phase, ...]] = {
            Events: ("events",),
            Draw: ("draw",),
            Build: ("build",),
            Misfortune: ("build",),
            Violet: ("build",),
            EventCard: ("build",),
            Discard: ("build",),
            Reopen: ("draw",),  # DG-OPT-CITY-HALL: "at the end of his event phase"
        }
        if self.phase not in want[type(move)]:
            hint = {
                "events": "the event phase comes first: 'events discard ID [take ID ...]'",
                "draw": "the draw phase comes first: 'draw resources', 'draw permit ...' "
                "or 'draw bank'",
                "build": "the event and draw phases are over: build, play, fire, vandalism "
                "or discard",
            }[self.phase]
            return refuse(Code.PHASE, hint)
        seed = move_seed(self.header.seed, self.played)
        if isinstance(move, Events):
            ev = event_phase(self.state, move.discard, list(move.take), seed, list(move.turned))
            if not ev.legal:
                return refuse(ev.reasons[0].code, ev.reasons[0].message)
            words = f"turned up {', '.join(ev.turned_up)}; discarded {ev.discarded}"
            if ev.taken:
                words += f"; took {', '.join(ev.taken)}"
            if ev.face_up:
                words += f"; face up {', '.join(ev.face_up)}"
            return self._next(move, ev.after, "draw", words, ev.to_json())
        if isinstance(move, Reopen):
            ro = reopen_city_hall(self.state, list(move.cards))
            if not ro.legal:
                return refuse(ro.reasons[0].code, ro.reasons[0].message)
            words = f"reopened the City Hall, discarding {' '.join(move.cards)}"
            return self._next(move, ro.after, "draw", words, ro.to_json())
        if isinstance(move, Draw):
            try:
                drawing = move.words
            except ValueError as exc:  # a Draw made in code, not read: bad input
                raise InputError("DRAW", repr(" ".join(move.how)), str(exc)) from None
            dr = rule_draw(self.state, drawing, seed)
            if not dr.legal:
                return refuse(dr.reasons[0].code, dr.reasons[0].message)
            got = [*dr.resources, *([f"the {dr.permit} permit"] if dr.permit else [])]
            return self._next(
                move, dr.after, "build", f"drew {', '.join(got) or 'nothing'}", dr.to_json()
            )
        if isinstance(move, Build):
            return self._build(move)
        if isinstance(move, Misfortune):
            mf = play_misfortune(self.state, move.event, move.site, seed, list(move.losing))
            if not mf.legal:
                return refuse(mf.reasons[0].code, mf.reasons[0].message)
            words = f"{move.event} on {move.site} ({mf.owner}'s)"
            if mf.handed_over:
                words += f"; {mf.owner} hands over the {mf.handed_over}"
            return self._next(move, mf.after, "build", words, mf.to_json())
        if isinstance(move, Violet):
            return self._violet(move)
        if isinstance(move, EventCard):  # `play stables`: no such card; play_event says why
            return self._event_card(move)
        assert isinstance(move, Discard)
        return self._end_turn(move, seed)

    def _next(
        self,
        move: Move,
        after: DGState,
        phase: Phase,
        words: str,
        detail: dict[str, Any],
        decisive: str | None = None,
        **turn: Any,
    ) -> tuple[DGGame, Outcome]:
        game = replace(self, state=after, phase=phase, played=self.played + 1, **turn)
        mine = game.influence(move.player)
        won = phase == "build" and has_enough(mine, after.rules.needed(len(after.players)))
        if won:  # DG-WIN: enough influence in one's own build phase
            game = replace(game, phase="over", winner=move.player, decisive=decisive)
            words += f"; {move.player} has {mine} influence and wins"
        return game, Outcome(move, True, None, words, mine, won, detail)

    def _build(self, move: Build) -> tuple[DGGame, Outcome]:
        state, me = self.state, self.state.active
        rules = state.rules

        def refuse(code: Code, why: str) -> tuple[DGGame, Outcome]:
            return self, Outcome(move, False, str(code), why, self.influence(me))

        if move.permit not in state.player(me).permits:
            return refuse(Code.PAY, f"{me} holds no {move.permit!r} permit")
        if move.site not in rules.sites:
            return refuse(Code.PAY, f"there is no site {move.site!r} on the board")
        placed = rule_placement(state, move.permit, move.site)
        if not placed.legal:
            return refuse(placed.reasons[0].code, placed.reasons[0].message)
        if move.paying:  # DG-PAY-KEEP: the cards the player names
            named = payment_named(state, move.permit, self.stores_used, list(move.paying))
            if isinstance(named, str):
                return refuse(Code.PAY, f"not a payment for the {move.permit}: {named}")
            cards, stores = sorted(named.cards, reverse=True), named.stores
        else:
            paid = payment_for(state, move.permit, self.stores_used)
            if paid is None:
                return refuse(Code.PAY, f"the hand cannot pay: {why_not(state, move.permit, me)}")
            cards = sorted(
                {i for _, i in paid.direct[0]}
                | {i for _, i in paid.store[0]}
                | {i for _, g in paid.substitute[0] for i in g}
                | set(paid.labour[0]),
                reverse=True,
            )
            stores = len(paid.store[0])
        after = Draft.of(placed.after)
        player, decks = after.player(me), after.decks
        assert decks is not None
        spent = [player.hand.pop(i) for i in cards]
        for card in spent:  # spent cards go to their own discard piles
            if card.event is not None:
                decks.event_discard.append(card.event)
            else:
                decks.resource_discard.append(card.text)
        player.permits.remove(move.permit)
        name = rules.permits[move.permit].name
        words = f"built the {name} on {move.site}, paying {' '.join(c.text for c in spent)}"
        return self._next(
            move,
            after.freeze(),
            "build",
            words,
            {"paid": [c.text for c in reversed(spent)], "site": move.site},
            decisive=move.permit,
            built=(*self.built, move.site),
            stores_used=self.stores_used + stores,
        )

    def _violet(self, move: Violet) -> tuple[DGGame, Outcome]:
        state, me = self.state, self.state.active
        rules = state.rules

        def refuse(why: str) -> tuple[DGGame, Outcome]:
            return self, Outcome(move, False, str(Code.VIOLET), why, self.influence(me))

        card = rules.events.get(move.event)
        if card is None or card.triangle != "violet":
            return refuse(f"{move.event!r} is not an influence card (violet)")
        decks = state.decks
        assert decks is not None
        in_hand = any(c.event == move.event for c in state.player(me).hand)
        if not in_hand and move.event not in decks.face_up:
            return refuse(f"{me} holds no {card.name}, and none lies face up")
        built = violet_built(state)  # damaged or not, unless `violet-needs=undamaged`
        missing = [n for n in card.needs if n not in built]
        if missing:
            how = "standing (undamaged)" if state.options.violet_needs == "undamaged" else "built"
            return refuse(f"the {card.name} needs {', '.join(missing)} {how}")
        if move.event == "city-hall-clock" and not state.stagecoach:  # D6
            return refuse(
                f"the {card.name} is playable after the stagecoach (Wells Fargo Wagon) has "
                "arrived: none has been played"
            )
        after = Draft.of(state)
        player = after.player(me)
        if in_hand:
            player.hand.remove(next(c for c in player.hand if c.event == move.event))
        else:
            assert after.decks is not None
            after.decks.face_up.remove(move.event)
        player.played.append(move.event)
        needed = rules.needed(len(state.players))
        played = after.freeze()
        if move.event == "gold-strike" and not has_enough(score(played).influence[me], needed):
            return refuse(
                f"the {card.name} is played only at the end of the game: the point that wins it"
            )
        return self._next(
            move,
            played,
            "build",
            f"played the {card.name}",
            {"played": move.event},
            decisive=move.event,
            violet=(*self.violet, move.event),
        )

    def _event_card(self, move: EventCard | Violet) -> tuple[DGGame, Outcome]:
        """A face-up card without a triangle, played in the draw or build phase ("When
        exactly he plays them is his choice": before the reward phase)."""
        me = self.state.active
        if self.phase not in ("draw", "build"):
            why = "a face-up card is played after the event phase, before the rewards"
            return self, Outcome(move, False, str(Code.PHASE), why, self.influence(me))
        site, named, permit = None, None, None
        if isinstance(move, EventCard):  # the cards a real table drew, when it names them
            site = move.site or None
            named = Named(list(move.losing) or None, list(move.drawing) or None)
            permit = move.permit or None
        seed = move_seed(self.header.seed, self.played)
        ev = play_event(self.state, move.event, site, seed, named, permit)
        if not ev.legal:
            reason = ev.reasons[0]
            return self, Outcome(move, False, str(reason.code), reason.message, self.influence(me))
        name = self.state.rules.events[move.event].name
        words = f"played the {name}" + (f" against {site}" if site else "") + f": {ev.words()}"
        return self._next(move, ev.after, self.phase, words, ev.to_json())

    def _end_turn(self, move: Discard, seed: int) -> tuple[DGGame, Outcome]:
        """Rewards, the face-up cards left, the discard phase, and the next player."""
        state, me = self.state, self.state.active
        waiting = playable_face_up(state)
        if waiting:  # DG-EVENT-FACE-UP: "must play these cards ... before the reward phase"
            plays = ", ".join(f"{e} at {s}" if s else e for e, s in waiting[:4])
            more = " ..." if len(waiting) > 4 else ""
            why = f"the face-up cards are played before the rewards: play {plays}{more}"
            return self, Outcome(move, False, str(Code.FACE_UP), why, self.influence(me))
        rw = reward_phase(
            state, list(self.built), list(self.violet), seed, named=list(move.rewards)
        )
        if not rw.legal:  # named reward cards that are not in the stack
            return self, Outcome(
                move, False, str(rw.reasons[0].code), rw.reasons[0].message, self.influence(me)
            )
        cleared = Draft.of(rw.after)
        decks = cleared.decks
        assert decks is not None
        unplayed, decks.face_up = list(decks.face_up), []
        kept = unplayable_kept(rw.after, unplayed)  # option violet-unplayable=hand
        cleared.player(me).hand.extend(parse_card(f"event:{e}", cleared.rules) for e in kept)
        for e in kept:
            unplayed.remove(e)
        decks.event_discard.extend(unplayed)
        over = {name: list(cards) for name, cards in move.over}
        ds = discard_phase(cleared.freeze(), list(move.cards), seed + 1, over)
        if not ds.legal:
            return self, Outcome(
                move, False, str(ds.reasons[0].code), ds.reasons[0].message, self.influence(me)
            )
        after = Draft.of(ds.after)
        names = after.names()
        nxt = names[(names.index(me) + 1) % len(names)]
        after.active = nxt
        if after.city_hall_closed == nxt:  # DG-OPT-CITY-HALL: "until ... again on turn"
            after.city_hall_closed = None
        burnt = spread_fire(after)  # DG-OPT-SPREADING-FIRE: "at the start of each ... turn"
        assert after.decks is not None
        if nxt == names[0]:
            after.decks.round += 1
        parts = [f"rewards: {rw.words()}"]
        if unplayed:
            parts.append(f"face-up cards that cannot be played, discarded: {', '.join(unplayed)}")
        if move.cards:
            parts.append(f"discarded {' '.join(move.cards)}")
        if ds.repaired:
            parts.append(f"repaired {', '.join(ds.repaired)}")
        if ds.at_random:
            parts.append(f"over the hand limit: {ds.at_random}")
        if burnt:
            parts.append(f"the fire spreads to {', '.join(burnt)}")
        detail = {"reward": rw.to_json(), "unplayed": unplayed, "discard": ds.to_json()}
        detail |= {"fire_spread": burnt} if burnt else {}
        turned = after.freeze()
        game = replace(
            self,
            state=turned,
            phase=_start(turned),
            turn=self.turn + 1,
            played=self.played + 1,
            built=(),
            violet=(),
            stores_used=0,
        )
        mine = score(turned).influence[me]  # repaired buildings count fully again
        return game, Outcome(move, True, None, "; ".join(parts), mine, False, detail)


def new_game(header: DGHeader) -> DGGame:
    """The table before the first move: residences placed, stacks shuffled, hands dealt."""
    picks = {k: list(v) for k, v in header.picks.items()}
    hands = {k: (list(r), list(p)) for k, (r, p) in header.hands.items()}
    homes, placed = dict(header.residences), not header.in_turn
    state = new_table(
        list(header.players), header.seed, homes, header.options, picks, hands, placed
    )
    return DGGame(header, state, "residence" if header.in_turn else _start(state))


def turned_up(game: DGGame) -> list[str]:
    """The three event cards the seed turns up in this event phase (none outside it)."""
    if game.phase != "events":
        return []
    from adjudicator.dry_gulch.events import event_phase

    seed = move_seed(game.header.seed, game.played)
    return list(event_phase(game.state, None, [], seed).turned_up)
