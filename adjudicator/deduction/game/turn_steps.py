"""The steps of one player's turn, each ruled once and shared by every move that takes it:
the legal-move generator (`legal_moves.py`) asks whether thousands of turns are legal, and
most of them share their first card, or differ only by a building bought (A2).

A turn is ruled as `rules/turns.py` rules it: each step on the state the steps before it
left (`rule_turn`, `rule_discard_turn`), then the end-of-turn check (P5 b). A step is
memoised by its path, the steps before it and itself, so a path is ruled once however many
turns begin with it. Nothing here computes STOP claims: they never decide whether a turn
is legal (L4 is a report on the board the turn leaves).

`buy_untouched` is the rule that spares most rulings: a buy that touches none of the
turn's cards is legal exactly when the turn without it is legal and the buy is legal at its
point. A buy (A2) pays two scored markers and puts a building beside the board in front
of the player; it changes no marker, no placed and no retired building. A card reads the
board only (K1: `knowledge.py`), save the my building it needs (P7): one named other than
the bought one is admissible with or without the buy, while a card after the buy that
names it, or names none and takes the one it can, is touched. A card before the buy is
ruled before it; the buy is ruled on the state that card leaves (its points count, A2).
"""

from __future__ import annotations

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import rule_buy, rule_discard
from adjudicator.deduction.rules.play import end_turn, rule_play
from adjudicator.deduction.rules.ruling import Ruling

__all__ = ["Step", "TurnSteps"]

#: ("play", card, my building) | ("buy", building) | ("discard", (b, space), cards or ())
Step = tuple[object, ...]
Plays = tuple[tuple[int, str | None], ...]


class TurnSteps:
    """The rulings of the steps of `player`'s turn from `state`, memoised by path."""

    def __init__(self, state: GameState, player: str) -> None:
        self.state = state
        self.player = player
        self._ruled: dict[tuple[Step, ...], Ruling | None] = {(): None}
        # Old Town discards only dead cards (A1), which a buy before may change (P7): there
        # a discard step is ruled per pair of cards; elsewhere the pair changes only the hand
        self._per_pair = state.options.discard_needs_dead_cards

    def after(self, path: tuple[Step, ...]) -> GameState | None:
        """The state the steps of `path` leave, or None when one of them is refused."""
        if not path:
            return self.state
        ruling = self._rule(path)
        return None if ruling is None else ruling.after

    def _rule(self, path: tuple[Step, ...]) -> Ruling | None:
        key = path if self._per_pair else tuple(map(_pairless, path))
        if key not in self._ruled:
            now = self.after(path[:-1])
            ruling = None if now is None else self._step(now, path[-1])
            self._ruled[key] = ruling if ruling is not None and ruling.playable else None
        return self._ruled[key]

    def _step(self, now: GameState, step: Step) -> Ruling:
        kind = step[0]
        if kind == "buy":
            return rule_buy(now, str(step[1]), self.player)
        if kind == "play":
            card, my = step[1], step[2]
            assert isinstance(card, int) and (my is None or isinstance(my, str))
            return rule_play(
                now, card, my, self.player, check_markers_per_space=False, advance=False
            )
        take, cards = step[1], step[2]
        assert isinstance(take, tuple) and isinstance(cards, tuple)
        return rule_discard(
            now, (cards[0], cards[1]), (take[0], take[1]), self.player, advance=False
        )

    # ----- whole turns ----------------------------------------------------------------

    def play_legal(self, plays: Plays, buy: str | None = None, at: int = 0) -> bool:
        """`rule_turn`'s verdict on one or two cards with a buy after `at` of them."""
        if buy is not None and self.buy_untouched(plays, buy, at):
            before = tuple(self._play(p) for p in plays[:at])
            return self.play_legal(plays) and self.after((*before, ("buy", buy))) is not None
        path = [self._play(p) for p in plays]
        if buy is not None:
            path.insert(at, ("buy", buy))
        last = self._rule(tuple(path))
        return last is not None and end_turn(last, advance=False).playable  # P5 (b)

    def first_legal(self, play: tuple[int, str | None], buy: str | None, at: int) -> bool:
        """Whether a turn's first card is legal, after its buy when the buy comes first: a
        turn whose first step is refused is refused whatever follows (`rule_turn`)."""
        if buy is not None and at == 0:
            if not self.buy_legal(buy):
                return False
            if not self.buy_untouched((play,), buy, 0):
                return self.after((("buy", buy), self._play(play))) is not None
        return self.after((self._play(play),)) is not None

    def buy_untouched(self, plays: Plays, buy: str, at: int) -> bool:
        """No card after the buy takes the bought building as its my building, by name or
        as the one it can take (P7; see the module's docstring)."""
        cards = self.state.cards
        return not any(cards[n].needs_my_building and my in (None, buy) for n, my in plays[at:])

    def discard_legal(
        self, cards: tuple[int, int], take: tuple[str, str], buy: str | None = None, at: int = 0
    ) -> bool:
        """`rule_discard_turn`'s verdict on a discard with a buy before (0) or after (1)."""
        discard: Step = ("discard", take, cards)
        if buy is None:
            return self.after((discard,)) is not None
        if at == 0 and not self._per_pair:  # the buy changes nothing the discard reads
            return self.buy_legal(buy) and self.after((discard,)) is not None
        steps: tuple[Step, ...] = (("buy", buy), discard) if at == 0 else (discard, ("buy", buy))
        return self.after(steps) is not None

    def buy_legal(self, building: str) -> bool:
        """A buy at the start of the turn, on its own line or before the action (A2)."""
        return self.after((("buy", building),)) is not None

    def _play(self, play: tuple[int, str | None]) -> Step:
        return ("play", play[0], play[1])


def _pairless(step: Step) -> Step:
    """A discard step without its cards: where no dead card is asked for (A1), the pair
    discarded changes the hand only, which no later step of the turn reads (a buy reads
    the points and the buildings, A2); the step is ruled with the first pair asked."""
    return ("discard", step[1]) if step[0] == "discard" else step
