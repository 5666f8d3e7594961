"""A whole game: setup, decks and hands, the order of a turn, draws, the end and the winner.

A `Game` is an immutable value. `Game.apply(move)` adjudicates one move of a
record (see `record.py`) with the rulings engine and returns the next game and
an `Outcome`; an illegal move leaves the game as it was.

The set-up (T7, `set_up.py`), with `[Buildings "chosen"]`: the buildings taken in turn.

The order of a turn: Old Town's refill (A4) first when it is due; the main
action (one card, or two in Gads Hill while allowed, A3; a discard, A1; or a
pass, T4), with a building bought at any point of it (A2, Gads Hill: on its own
line before or after the action, or inside the move line); then the draw (T2);
then, before the next player acts, any other player may call STOP (T5, L4).
Draws are automatic when the draw piles are known (dealt from a seed or listed
in the record); a `draws` line names the card (and so the pile the player
chose), or the pile, whose top card it takes (`ann draws from the building
pile`). A pile that must be drawn from while empty is reshuffled (T3). The piles
themselves are `piles.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from adjudicator.core.evolve import evolve
from adjudicator.core.i18n import Message
from adjudicator.core.words import plural
from adjudicator.deduction.game.notation import read_printed
from adjudicator.deduction.game.outcome import Outcome
from adjudicator.deduction.game.piles import (
    can_draw,
    draw_card,
    draw_default,
    draw_from,
    top_of,
)
from adjudicator.deduction.game.record import (
    Buy,
    Discard,
    Draw,
    DrawFrom,
    Header,
    Move,
    Pass,
    Play,
    Stop,
    Take,
)
from adjudicator.deduction.game.set_up import setup_done, setup_step
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.logic import claim_stop, stop_report
from adjudicator.deduction.rules.ruling import Ruling, StopReport
from adjudicator.deduction.rules.turn_order import (
    GAME_OVER,
    ONE_BUILDING,
    already_acted,
    draws_after,
    game_over,
    not_a_player,
    not_your_turn,
    refill_due,
    stalled,
    stop_call_refusal,
    turn_over,
)
from adjudicator.deduction.rules.turns import (
    pass_refusal,
    rule_buy_turn,
    rule_discard_turn,
    rule_turn,
)

__all__ = ["Game", "Outcome", "as_seen_by", "next_turn"]

Phase = Literal["setup", "start", "draw", "between", "over"]


@dataclass(frozen=True, slots=True)
class Game:
    header: Header
    state: GameState
    piles: tuple[tuple[str, tuple[int, ...]], ...] | None  # pile -> cards, top first
    rng_seed: int
    phase: Phase = "start"
    turn: int = 1
    to_draw: int = 0  # cards the player who just acted still draws
    drawer: str | None = None  # who draws (the player whose turn it was)
    last_actor: str | None = None  # whose turn ended (may not call STOP on it)
    passes: int = 0  # passes in a row with nothing to draw: a full round of them stalls
    played: tuple[int, ...] = ()  # played and discarded cards, in order
    stalled: bool = False
    bought: bool = False  # a building was bought this turn (one a turn, A2)
    shuffled: tuple[str, ...] = ()  # piles reshuffled by the table: any card may come up
    log: tuple[Outcome, ...] = field(default=(), compare=False)

    # ----- reading the game -----------------------------------------------------------

    @property
    def edition(self) -> Edition:
        return self.state.edition

    @property
    def pile_map(self) -> dict[str, tuple[int, ...]]:
        return dict(self.piles or ())

    @property
    def hands_known(self) -> bool:
        return any(p.hand is not None for p in self.state.players)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[str]:
        best = max(p.points for p in self.state.players)
        return [p.name for p in self.state.players if p.points == best]

    def pending_draws(self, pile: str | None = None) -> tuple[int, ...]:
        """The cards the player who just acted draws, from `pile` or by default (none when
        untracked)."""
        if self.phase != "draw" or self.drawer is None:
            return ()
        before = self.state.player(self.drawer).hand or ()
        drawn = draw_default(self) if pile is None else draw_from(self, pile)
        after = drawn.state.player(self.drawer).hand or ()
        return tuple(after[len(before) :])

    def finished_by_rule(self) -> bool:
        """A5: the game ends after the turn in which the locomotive reaches `end_at`."""
        return game_over(self.state)

    # ----- moves ------------------------------------------------------------------------

    def apply(self, move: Move, *, ruling: Ruling | None = None) -> tuple[Game, Outcome]:
        """Adjudicate one move. An illegal move returns this game unchanged.

        `ruling`: for a play, its ruling when the caller already has it, as `rule_turn`
        gives it on the state the play is made on (with the STOP claims it leaves): it
        stands in for ruling the play again (self-play rules its plays before it makes
        them). A ruling that is not one of this play on this state is not used."""
        if self.phase == "setup":  # T7: the set-up's takes first (`set_up.py`)
            after, outcome = setup_step(self.state, move)
            if after is None:
                return self, outcome
            phase: Phase = "start" if setup_done(after) else "setup"
            return evolve(self, state=after, phase=phase, log=(*self.log, outcome)), outcome
        game = self
        # The player who just acted may still draw, or buy (A2), before the turn closes.
        own_step = isinstance(move, Draw | DrawFrom | Buy) and move.player == game.drawer
        if game.phase == "draw" and not own_step and not isinstance(move, Stop):
            game = draw_default(game)
        if game.phase == "over":
            return self, Outcome(move, False, GAME_OVER, code=Code.T6)
        if move.player not in game.state.names():
            return self, Outcome(move, False, not_a_player(move.player), code=Code.T1)
        overlooked = None
        late_buy = isinstance(move, Buy) and move.player == game.last_actor
        if game.phase == "between" and not isinstance(move, Stop) and not late_buy:
            game, overlooked = game._close_turn()
            if game.phase == "over":
                return self, Outcome(move, False, GAME_OVER, code=Code.T6)
        if isinstance(move, Draw):
            result, outcome = game._on_draw(move)
        elif isinstance(move, DrawFrom):
            result, outcome = game._on_draw_from(move)
        elif isinstance(move, Stop):
            result, outcome = game._on_stop(move)
        elif isinstance(move, Take):
            result, outcome = game._on_take(move)
        elif isinstance(move, Buy):
            result, outcome = game._on_buy(move)
        else:
            result, outcome = game._on_main(move, ruling)
        if not outcome.legal:
            return self, evolve(outcome, overlooked=None)
        if overlooked is not None and overlooked:
            outcome = evolve(outcome, overlooked=overlooked)
        result = evolve(result, log=(*self.log, outcome))
        return result, outcome

    def finish(self) -> tuple[Game, StopReport | None]:
        """Close the turn that was played: its draw, then the STOP window. Returns the game
        at the start of the next turn (or over) and the claims nobody took."""
        game = self
        if game.phase == "draw":
            game = draw_default(game)
        overlooked = None
        if game.phase == "between":
            game, overlooked = game._close_turn()
        return game, overlooked

    def _refuse(
        self, move: Move, message: str, code: Code, ruling: Ruling | None = None
    ) -> tuple[Game, Outcome]:
        return self, Outcome(move, False, message, ruling, code=code)

    def _on_draw(self, move: Draw) -> tuple[Game, Outcome]:
        if not self.hands_known:
            return self, Outcome(move, True, "noted (hands are not tracked in this game)")
        refusal = self._draw_refusal(move.player, len(move.cards))
        if refusal is not None:
            return self._refuse(move, refusal, Code.T2)
        game = self
        for card in move.cards:
            game, ok = draw_card(game, move.player, card)
            if not ok:
                where = "on top of a draw pile" if self.piles is not None else "still to draw"
                return self._refuse(move, f"card {card} is not {where}", Code.T2)
        return self._drew(game, move, move.cards)

    def _on_draw_from(self, move: DrawFrom) -> tuple[Game, Outcome]:
        """A draw written as the piles chosen: each card is the top of its pile (T2)."""
        if not self.hands_known:
            return self, Outcome(move, True, "noted (hands are not tracked in this game)")
        if self.piles is None:
            return self._refuse(
                move,
                "the record keeps no draw piles (no [Seed] or [Deck]): name the card drawn",
                Code.T2,
            )
        refusal = self._draw_refusal(move.player, len(move.piles))
        if refusal is not None:
            return self._refuse(move, refusal, Code.T2)
        game, drawn = self, tuple[int, ...]()
        for pile in move.piles:
            top = top_of(game, move.player, pile)
            if isinstance(top, str):
                return self._refuse(move, top, Code.T2)
            game, _ok = draw_card(top[0], move.player, top[1])
            drawn = (*drawn, top[1])
        return self._drew(game, move, drawn)

    def _draw_refusal(self, player: str, cards: int) -> str | None:
        if self.phase != "draw" or player != self.drawer:
            return f"{player} has nothing to draw now"
        if cards > self.to_draw:
            return f"{player} draws {plural(self.to_draw, 'card')} now, not {cards}"
        return None

    def _drew(self, game: Game, move: Move, drawn: tuple[int, ...]) -> tuple[Game, Outcome]:
        game = evolve(game, to_draw=game.to_draw - len(drawn))
        if game.to_draw == 0:
            game = evolve(game, phase="between")
        message = f"{move.player} draws {plural(len(drawn), 'card')}"
        return game, Outcome(move, True, message, drawn=drawn)

    def _on_stop(self, move: Stop) -> tuple[Game, Outcome]:
        window = self.phase in ("between", "draw")
        refusal = stop_call_refusal(window, move.player, self.last_actor)
        if refusal is not None:
            return self._refuse(move, refusal.message, refusal.code)
        ruling = claim_stop(self.state, move.player)
        if not ruling.playable:
            return self._refuse(move, ruling.reasons[0].message, ruling.reasons[0].code, ruling)
        return evolve(self, state=ruling.after), Outcome(
            move,
            True,
            f"{move.player} calls STOP and takes {plural(ruling.points, 'point')}",
            ruling,
        )

    def _on_take(self, move: Take) -> tuple[Game, Outcome]:
        s = self.state
        if self.phase != "start" or move.player != s.active:
            return self._refuse(move, f"it is {s.active}'s turn", Code.T1)
        if not s.board.deal.refill:
            return self._refuse(
                move, f"{s.board.name} has no refill: buildings are bought (A2)", Code.A4
            )
        due = refill_due(s, move.player)
        if not due:
            return self._refuse(move, f"{move.player} takes no building now", Code.A4)
        if len(set(move.buildings)) != len(move.buildings):
            return self._refuse(move, "take different buildings", Code.A4)
        if len(move.buildings) != due:
            return self._refuse(move, f"{move.player} takes {plural(due, 'building')} now", Code.A4)
        available = s.available_buildings()
        for b in move.buildings:
            if b not in available:
                return self._refuse(
                    move, f"the {s.board.building_name(b)} is not beside the board", Code.A4
                )
        p = s.player(move.player)
        state = s.with_player(p.name, buildings=(*p.buildings, *move.buildings))
        return evolve(self, state=state), Outcome(
            move, True, f"{p.name} takes " + ", ".join(move.buildings)
        )

    def _on_buy(self, move: Buy) -> tuple[Game, Outcome]:
        """A buy on its own line: before the turn's action, or after it (before the next
        player acts). A buy between two cards is written inside the move line (A2)."""
        s = self.state
        after_action = self.phase in ("draw", "between") and move.player == self.last_actor
        if not after_action and move.player != s.active:
            return self._refuse(move, not_your_turn(s.active, move.player), Code.T1)
        if not after_action and self.phase != "start":
            return self._refuse(move, turn_over(move.player), Code.T1)
        if self.bought:
            return self._refuse(move, ONE_BUILDING, Code.A2)
        ruling = rule_buy_turn(evolve(s, active=move.player), move.building, move.player)
        if not ruling.playable:
            return self._refuse(move, ruling.reasons[0].message, ruling.reasons[0].code, ruling)
        state = evolve(ruling.after, active=s.active)
        return evolve(self, state=state, bought=True), Outcome(
            move, True, ruling.reasons[0].message, evolve(ruling, after=state)
        )

    def _on_main(self, move: Move, known: Ruling | None = None) -> tuple[Game, Outcome]:
        s = self.state
        if move.player != s.active:
            return self._refuse(move, not_your_turn(s.active, move.player), Code.T1)
        if self.phase != "start":
            return self._refuse(move, already_acted(move.player), Code.T1)
        due = refill_due(s, move.player)
        if due:
            return self._refuse(
                move,
                f"{move.player} first takes {plural(due, 'building')} from beside the board",
                Code.A4,
            )
        buy = getattr(move, "buy", None)
        if buy is not None and self.bought:
            return self._refuse(move, ONE_BUILDING, Code.A2)
        ruling: Ruling | None
        if isinstance(move, Play) and move.printed:
            try:
                s, move = read_printed(s, move)
            except ValueError as exc:
                return self._refuse(move, str(exc), Code.P7)
        if isinstance(move, Play):
            if known is not None and _rules_play(known, s, move):
                ruling = known
            else:
                ruling = rule_turn(s, list(move.plays), move.player, buy=buy, buy_at=move.buy_at)
            draws = 1
            spent = tuple(c for c, _ in move.plays)
        elif isinstance(move, Discard):
            ruling = rule_discard_turn(
                s, move.cards, move.take, move.player, buy=buy, buy_at=move.buy_at
            )
            draws = draws_after(s, "discard")
            spent = move.cards
        else:
            assert isinstance(move, Pass)
            ruling = rule_buy_turn(s, buy, move.player) if buy is not None else None
            draws = 1
            spent = ()
            refusal = pass_refusal(s, move.player)
            if refusal is not None:
                return self._refuse(move, refusal.message, refusal.code)
        if ruling is not None and not ruling.playable:
            code = ruling.reasons[0].code
            said = Message("{code}: {reason}", code=code, reason=ruling.reasons[0].message)
            return self._refuse(move, said, code, ruling)
        if isinstance(move, Pass):
            now = ruling.after if ruling is not None else s
            state = evolve(now, active=s.next_player())
        else:
            assert ruling is not None
            state = ruling.after
        stuck = isinstance(move, Pass) and not can_draw(self)
        game = evolve(
            self,
            state=state,
            phase="draw",
            to_draw=draws if self.hands_known else 0,
            drawer=move.player,
            last_actor=move.player,
            passes=self.passes + 1 if stuck else 0,
            played=self.played + spent,
            bought=self.bought or buy is not None,
        )
        if game.to_draw == 0:
            game = evolve(game, phase="between")
        message = "pass" if ruling is None else plural(ruling.points, "point")
        return game, Outcome(move, True, message, ruling)

    def stop_claims(self) -> StopReport:
        """The STOP claims on the board now (`stop_report`). A report reads only the board,
        so the claims the last ruling left are reused while the board is still the one it
        left (a draw or a pass changes no board)."""
        s = self.state
        for outcome in reversed(self.log[-_RECENT:]):
            r = outcome.ruling
            if r is not None and r.stop is not None:
                a = r.after
                if (
                    a.edition is s.edition
                    and a.markers == s.markers
                    and a.placed == s.placed
                    and a.retired == s.retired
                ):
                    return r.stop
                break
        return stop_report(s)

    def _close_turn(self) -> tuple[Game, StopReport | None]:
        """The STOP window closes: what is left is overlooked. The next turn starts."""
        overlooked = self.stop_claims()
        game = evolve(self, phase="start", turn=self.turn + 1, last_actor=None, bought=False)
        if self.finished_by_rule():
            return evolve(game, phase="over"), overlooked
        if game.hands_known and stalled(game.state, game.passes):
            return evolve(game, phase="over", stalled=True), overlooked
        return game, overlooked


#: How far back in the log `Game.stop_claims` looks for the last ruling's STOP claims.
_RECENT = 8


def _rules_play(r: Ruling, s: GameState, move: Play) -> bool:
    """Whether `r` is a legal ruling of this play on this state, with its STOP claims."""
    return (
        r.playable
        and r.stop is not None
        and r.action == "play"
        and r.player == move.player
        and r.cards == tuple(c for c, _ in move.plays)
        and r.as_buildings == tuple(m for _, m in move.plays)
        and r.buy == move.buy
        and r.buy_at == move.buy_at
        and r.before == s
    )


def next_turn(game: Game) -> Game:
    """The game as the next player finds it, for showing and ruling: the last mover's draw
    made and the turn moved on. The record is not changed: a `draws` line or a late buy
    (A2) may still be written, and the STOP window stays open until the next player acts."""
    if game.phase in ("draw", "between"):
        return game.finish()[0]
    return game


def as_seen_by(game: Game, player: str) -> Game:
    """The game as `player` finds it (`next_turn`), except while `player` still draws: then
    as it is, the draw not made. Made by default it would put the top of the default pile
    in their hand before they choose the pile (T2): a peek at a face-down card."""
    if game.phase == "draw" and game.drawer == player and game.to_draw > 0:
        return game
    return next_turn(game)
