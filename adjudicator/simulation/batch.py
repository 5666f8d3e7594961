"""One batch of games, played where it is sent (a worker process, or here), as one
Arrow table: a row per game.

The row of a game: its seed, the seats in order and their final scores, the winners
(ties share the win), its length in turns, whether it finished, per card the numbers
held / playable / dead / played / discarded (`deduction.game.simulate`'s card
statistics), every play (its cards, its player, its points shared equally by its cards)
for the report's decisiveness, the game's wall and CPU time, and each turn's wall time.
Timings are the only columns that differ between two plays of the same seed.

Dry Gulch and Black Hills have rows of their own (`simulation/games/`: their schemas and
their games played by their own self-play); this module adds the batch, the seed and the
timings to every game's row, whichever game it is.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from adjudicator.simulation.games import self_play
from adjudicator.simulation.spec import GameName, RunSpec, game_of

if TYPE_CHECKING:
    import pyarrow as pa

    from adjudicator.deduction.game.simulate import GameResult
    from adjudicator.deduction.models.edition import Edition
    from adjudicator.simulation.games import SelfPlay

__all__ = [
    "TIMING_COLUMNS",
    "BatchResult",
    "Rows",
    "batch_rows",
    "check_edition",
    "game_row",
    "play_batch",
    "schema",
]

#: Columns measured, not decided: they differ between two runs of the same seeds (the
#: other games have no `turn_ms`).
TIMING_COLUMNS = ("seconds", "cpu_seconds", "turn_ms")


def schema(game: GameName = "deduction") -> pa.Schema:
    """The columns of a row of `game`."""
    import pyarrow as pa

    other = self_play(game)
    if other is not None:
        return other.schema()

    ints, names = pa.list_(pa.int32()), pa.list_(pa.string())
    return pa.schema(
        [
            ("batch", pa.int32()),
            ("seed", pa.int64()),
            ("seats", names),
            ("scores", ints),
            ("winners", names),
            ("turns", pa.int32()),
            ("finished", pa.bool_()),
            ("held", ints),
            ("playable", ints),
            ("dead", ints),
            ("played", ints),
            ("discarded", ints),
            ("play_cards", ints),
            ("play_players", names),
            ("play_points", pa.list_(pa.float64())),
            ("seconds", pa.float64()),
            ("cpu_seconds", pa.float64()),
            ("turn_ms", pa.list_(pa.float32())),
        ]
    )


@cache
def _edition(name: str) -> Edition:
    """The edition, read once per process (a worker plays many batches of it)."""
    from adjudicator.deduction.files.editions import resolve_edition

    return resolve_edition(name).edition()


def check_edition(name: str) -> None:
    """Read the edition here before any worker does: a bad name or file is one line
    (`InputError`) at the command line, not an exception on every worker. The other
    games have nothing to read."""
    if game_of(name) == "deduction":
        _edition(name)


def game_row(
    batch: int, seed: int, result: GameResult, seconds: float, cpu_seconds: float
) -> dict[str, Any]:
    from adjudicator.deduction.game.record import Play

    seats = [p.name for p in result.game.state.players]
    cards = result.cards
    play_cards: list[int] = []
    play_players: list[str] = []
    play_points: list[float] = []
    for move in result.record.moves:
        if isinstance(move, Play) and move.plays:
            share = (move.claimed or 0) / len(move.plays)
            for card, _ in move.plays:
                play_cards.append(card)
                play_players.append(move.player)
                play_points.append(share)
    return {
        "batch": batch,
        "seed": seed,
        "seats": seats,
        "scores": [result.points[s] for s in seats],
        "winners": list(result.winners),
        "turns": result.turns,
        "finished": result.finished,
        "held": sorted(n for n, c in cards.items() if c.held),
        "playable": sorted(n for n, c in cards.items() if c.playable),
        "dead": sorted(n for n, c in cards.items() if c.dead),
        "played": sorted(n for n, c in cards.items() for _ in range(c.played)),
        "discarded": sorted(n for n, c in cards.items() for _ in range(c.discarded)),
        "play_cards": play_cards,
        "play_players": play_players,
        "play_points": play_points,
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "turn_ms": [t * 1000 for t in result.turn_seconds],
    }


#: What a worker sends back: the batch's number, its rows and, when asked, each game's
#: seed and record (the text notation).
BatchResult = tuple[int, "pa.Table", list[tuple[int, str]]]
#: A batch played without Arrow: its rows (a dict per game) and the records asked for.
Rows = tuple[list[dict[str, Any]], list[tuple[int, str]]]


def play_batch(
    spec: RunSpec, batch: int, records: bool = False, card_set: Edition | None = None
) -> BatchResult:
    """Play batch `batch` of the run: its number, its rows in seed order, and the games'
    records when `records` (else none). `card_set` is an edition sent along (a card set
    of one's own, as the audit reads it), else the worker reads `spec.edition`."""
    import pyarrow as pa

    rows, texts = batch_rows(spec, batch, records, card_set)
    return batch, pa.Table.from_pylist(rows, schema=schema(spec.game)), texts


def batch_rows(
    spec: RunSpec, batch: int, records: bool = False, card_set: Edition | None = None
) -> Rows:
    """`play_batch`'s rows as plain dicts, needing no pyarrow: a run played in this
    process (`simulation.in_process`) counts them as they come."""
    import time

    other = self_play(spec.game)
    if other is not None:
        return _play_other(other, spec, batch, records)

    from adjudicator.deduction.game.record import record_to_text
    from adjudicator.deduction.game.simulate import play_game

    edition = card_set if card_set is not None else _edition(spec.edition)
    rows, texts = [], []
    for seed in spec.seeds(batch):
        # wall time, and the CPU time of this thread: their ratio is the share of a core
        # the game had (less than 1 when other work shares the machine)
        start, cpu = time.perf_counter(), time.thread_time()
        result = play_game(spec.edition, spec.seats, seed, spec.policy, card_set=edition)
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
        rows.append(game_row(batch, seed, result, seconds, cpu))
        if records:
            texts.append((seed, record_to_text(result.record)))
    return rows, texts


def _play_other(other: SelfPlay, spec: RunSpec, batch: int, records: bool) -> Rows:
    """A batch of Dry Gulch or Black Hills, timed as the deduction games are."""
    import time

    rows: list[dict[str, Any]] = []
    texts = []
    for seed in spec.seeds(batch):
        start, cpu = time.perf_counter(), time.thread_time()
        row, text = other.play(spec, seed, records)
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
        rows.append({"batch": batch, "seed": seed, **row, "seconds": seconds, "cpu_seconds": cpu})
        if text is not None:
            texts.append((seed, text))
    return rows, texts
