"""Replaying a game record: every move re-adjudicated, and every overlooked point found.

Overlooked points are STOP claims nobody took before the next turn (L4), moves
the rules refuse (they are skipped, and the game goes on without them), and
points the table wrote down (`{n}`) that differ from the ruling's.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game, Outcome
from adjudicator.deduction.game.record import Draw, DrawFrom, Move, Record, Stop
from adjudicator.deduction.rules.ruling import StopReport

__all__ = ["Annotation", "Replay", "replay", "replay_to"]


@dataclass(frozen=True, slots=True)
class Annotation:
    move: Move
    turn: int
    outcome: Outcome
    after_turn_of: str | None = None  # whose turn the overlooked claims followed
    closed_turn: int = 0  # the turn whose STOP window this move closed

    @property
    def score_differs(self) -> bool:
        return (
            self.outcome.legal
            and self.move.claimed is not None
            and self.move.claimed != self.outcome.points
        )


@dataclass(frozen=True, slots=True)
class Replay:
    record: Record
    annotations: tuple[Annotation, ...]
    game: Game
    final_overlooked: StopReport | None
    last_actor: str | None

    @property
    def illegal(self) -> list[Annotation]:
        return [a for a in self.annotations if not a.outcome.legal]

    @property
    def overlooked(self) -> list[tuple[str | None, int, StopReport]]:
        """(whose turn it followed, turn, claims) for every STOP window that closed with
        claims nobody took; a claim left lying is reported at the first window it missed."""
        windows = [
            (a.after_turn_of, a.closed_turn, a.outcome.overlooked)
            for a in self.annotations
            if a.outcome.overlooked
        ]
        if self.final_overlooked:
            windows.append((self.last_actor, self.game.turn - 1, self.final_overlooked))
        seen: set[tuple[str, str]] = set()
        out = []
        for who, turn, report in windows:
            assert report is not None
            fresh = StopReport(
                tuple(r for r in report.removable if (r.building, r.space) not in seen),
                tuple(d for d in report.determined if (d.building, d.space) not in seen),
            )
            seen |= {(r.building, r.space) for r in report.removable}
            seen |= {(d.building, d.space) for d in report.determined}
            if fresh:
                out.append((who, turn, fresh))
        return out

    @property
    def score_differences(self) -> list[Annotation]:
        return [a for a in self.annotations if a.score_differs]

    def scores(self) -> dict[str, int]:
        return {p.name: p.points for p in self.game.state.players}

    def table_scores(self) -> dict[str, int] | None:
        """The table's own totals, when every scoring move carries its `{n}`."""
        scoring = [a for a in self.annotations if a.outcome.legal and a.outcome.ruling]
        if not scoring or any(a.move.claimed is None for a in scoring):
            return None
        totals = {name: 0 for name in self.record.header.players}
        for a in self.annotations:  # the table also scored the moves the rules refuse
            if a.move.claimed is not None and a.move.player in totals:
                totals[a.move.player] += a.move.claimed
        return totals


def replay(record: Record) -> Replay:
    """Re-adjudicate every move of a record, in order."""
    game = new_game(record.header, source=record.source, base=record.base)
    annotations = []
    for move in record.moves:
        before_actor = game.last_actor
        closing = game.turn  # the turn a STOP window would close
        after, outcome = game.apply(move)
        opens_turn = not isinstance(move, Draw | DrawFrom | Stop) and game.phase in (
            "draw",
            "between",
        )
        turn = after.turn if outcome.legal else closing + int(opens_turn)
        annotations.append(Annotation(move, turn, outcome, before_actor, closing))
        game = after
    last_actor = game.last_actor
    game, overlooked = game.finish()
    return Replay(record, tuple(annotations), game, overlooked, last_actor)


def replay_to(record: Record) -> Game:
    """The game after every legal move of the record, its last turn still open."""
    game = new_game(record.header, source=record.source, base=record.base)
    for move in record.moves:
        game, _ = game.apply(move)
    return game
