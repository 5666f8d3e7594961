"""The hint before Old Town's refill (A4): which buildings to take from beside the board.

"If the active player has less than two buildings lying in front of him, he makes his
buildings back up to two immediately before his turn. He takes the buildings and their
markers from those still available next to the board." (Old Town, Further rounds.) The
record refuses every other move of the player until the take is written, so the only
question the hint can answer is which buildings to take.

Each legal take is made, and the hint engine (`deduction/hint.py`) ranks the turn that
follows it: the take is worth the best turn it allows, since a card about "my building"
can only be played as a building in front of the player (P7). Buildings beside the board
with no marker on it that no card in the hand names are alike, as they are for the hint's
buys: a card played as any of them does the same up to the name. So one take stands for
all that differ only in which of them they take (its `alike`), and a refill of two
buildings rules a few takes instead of a hundred. Ranking, best first: more
points in that turn; fewer points left on the board for the other players' STOP claims;
more cards in the hand naming the buildings taken (the rulebook's tip: "In their first
game the players should choose the buildings for which they have the 4s cards"); then
the order of the board.

Only what the player may know is read: their own hand and the public board (markers,
placed buildings, the buildings beside it). Another hand is never looked at: the hint
engine reads the player's hand only.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from adjudicator.core.i18n import N_, Message
from adjudicator.core.words import plural
from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import Take, format_move
from adjudicator.deduction.hint import Action, hint

__all__ = ["BuildingNote", "RefillHint", "TakeChoice", "refill_hint"]


@dataclass(frozen=True, slots=True)
class BuildingNote:
    """What the player can see of one building they might take."""

    building: str
    name: str
    markers: int  # its markers on the board (the spaces it may still stand on; 0: unmarked)
    named_by: tuple[int, ...]  # the cards in the player's hand naming it


@dataclass(frozen=True, slots=True)
class TakeChoice:
    """One legal take, with the best turn it allows (the hint engine's first action)."""

    move: Take
    best: Action
    notes: tuple[BuildingNote, ...]
    #: buildings that may stand in for the plain ones taken (no marker on the board, named
    #: by no card in the hand), with the same best turn up to the name
    alike: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        return format_move(self.move)

    @property
    def best_line(self) -> str:
        return format_move(action_move(self.best, self.move.player))

    @property
    def reason(self) -> str:
        """Why, in words a player can read aloud at the table."""
        turn = f"then the best turn is {self.best_line}, {plural(self.best.points, 'point')}"
        if self.best.stop_left:
            turn += f" (it leaves {plural(self.best.stop_left, 'point')} for STOP)"
        words = [turn, *(_note_words(n) for n in self.notes)]
        if self.alike:
            plain = sum(1 for n in self.notes if not n.markers and not n.named_by)
            words.append(
                f"as good: {'any' if plain == 1 else f'any {plain}'} of the "
                f"{plural(len(self.alike) + plain, 'building')} with no marker and no card "
                "naming it"
            )
        return "; ".join(words)

    def sort_key(self) -> tuple[int, int, int]:
        named = sum(len(n.named_by) for n in self.notes)
        return (-self.best.points, self.best.stop_left, -named)


@dataclass(frozen=True, slots=True)
class RefillHint:
    """The takes of the refill, best first (the hint's answer while A4 is due)."""

    player: str
    due: int
    takes: tuple[TakeChoice, ...]
    evaluated: int  # candidate turns the hint engine ruled on, over every take

    @property
    def headline(self) -> str:
        if self.due == 1:
            said = N_(
                "{player} first takes 1 building from beside the board (A4): the takes, best first"
            )
        else:
            said = N_(
                "{player} first takes {count} buildings from beside the board (A4): the "
                "takes, best first"
            )
        return Message(said, player=self.player, count=self.due)


def _note_words(note: BuildingNote) -> str:
    marked = (plural(note.markers, "marker") if note.markers else "no marker") + " on the board"
    if not note.named_by:
        return f"the {note.name}: {marked}"
    cards = ", ".join(map(str, note.named_by))
    return f"the {note.name}: {marked}, named by {plural(len(note.named_by), 'card')} ({cards})"


def refill_hint(game: Game, player: str, due: int) -> RefillHint:
    """Rank every legal take of `due` buildings by `player` at the start of their turn
    (`game` as `next_turn` gives it, the refill due), one take for each set of alike ones."""
    state = game.state
    hand = state.player(player).hand or ()
    beside = state.available_buildings()
    notes = {
        b: BuildingNote(
            b,
            state.board.building_name(b),
            len(state.markers.get(b, ())),
            tuple(n for n in hand if state.cards[n].named_building == b),
        )
        for b in beside
    }
    plain = [b for b in beside if state.is_open(b) and not notes[b].named_by]
    marked_or_named = [b for b in beside if b not in plain]
    takes: list[TakeChoice] = []
    evaluated = 0
    for plains in range(min(due, len(plain)) + 1):
        for others in combinations(marked_or_named, due - plains):
            chosen = tuple(sorted([*others, *plain[:plains]], key=beside.index))
            move = Take(player, chosen)
            after, outcome = game.apply(move)
            if not outcome.legal:
                continue
            h = hint(next_turn(after).state, player)
            evaluated += h.evaluated
            alike = tuple(plain[plains:]) if plains else ()
            takes.append(TakeChoice(move, h.actions[0], tuple(notes[b] for b in chosen), alike))
    # sorted() is stable: ties keep the order the takes were made in
    takes.sort(key=TakeChoice.sort_key)
    return RefillHint(player, due, tuple(takes), evaluated)
