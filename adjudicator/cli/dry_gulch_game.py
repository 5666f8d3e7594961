"""`adjudicator game new/move/undo/show` and `replay` for a Dry Gulch record.

`cli/game_cmd.py` keeps the commands (and their lock) and hands a Dry Gulch record or
edition to the functions here, so the deduction games' commands stay as they are. A
record is told apart by its `[Edition "dry-gulch"]` tag, read with a regular expression:
a deduction record's commands never load Dry Gulch (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.cli.games import seats_of_new_record
from adjudicator.cli.options import save_svg
from adjudicator.cli.output import Output
from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from adjudicator.dry_gulch.game.flow import DGGame

__all__ = ["new", "players_option", "show"]


@contextmanager
def players_option(option: str) -> Iterator[None]:
    """A bad player list named as the option it came from (`--players: dry-gulch seats 3
    to 6 players, not 2`), not as the setup's `PLAYERS` entry."""
    try:
        yield
    except InputError as exc:
        if exc.source != "PLAYERS":
            raise
        which = exc.entry.removeprefix("players").strip()  # a bad name: `players 'x!'`
        raise InputError(option, which, exc.problem) from None


def _table(game: DGGame, who: str | None = None) -> list[str]:
    from adjudicator.dry_gulch.score import score

    state = game.state
    decks = state.decks
    assert decks is not None
    result = score(state)
    lines = [f"Influence (to win: {result.needed}):"]
    for p in state.players:
        mark = "▶ " if p.name == state.active and not game.over else "  "
        line = f"{mark}{p.name}: {result.influence[p.name]}"
        if who is None or p.name == who:
            line += f"; hand {' '.join(c.text for c in p.hand) or '(empty)'}"
            line += f"; permits {' '.join(p.permits) or '(none)'}"
        else:
            line += f"; {len(p.hand)} cards, {len(p.permits)} permits"
        if p.played:
            line += f"; played {' '.join(p.played)}"
        if p.against:
            line += f"; against them {' '.join(p.against)}"
        lines.append(line)
    lines.append(
        f"Stacks: {len(decks.resources)} resources ({len(decks.resource_discard)} discarded), "
        f"{len(decks.permits)} permits (face up: {' '.join(decks.permit_discard) or 'none'}), "
        f"{len(decks.events)} events"
        + (f"; face up to play: {' '.join(decks.face_up)}" if decks.face_up else "")
    )
    return lines


def new(
    record: Path, players: str, seed: int | None, options: str | None, force: bool, as_json: bool
) -> None:
    from adjudicator.core.files import write_atomic
    from adjudicator.dry_gulch.game.flow import new_game
    from adjudicator.dry_gulch.game.record import DGHeader, DGRecord, record_to_text
    from adjudicator.dry_gulch.options import DGOptions, options_from, options_pairs
    from adjudicator.dry_gulch.state import state_data
    from adjudicator.render.dry_gulch import dg_board_view, next_moves

    out = Output(as_json)
    names = seats_of_new_record(record, players, force)
    table = DGOptions()
    if options:
        try:
            table = options_from(options_pairs(options), "--options", "")
        except ValueError as exc:
            raise InputError("--options", "", str(exc)) from None
    with players_option("--players"):
        game = new_game(DGHeader(names, 1 if seed is None else seed, options=table))
    text = record_to_text(DGRecord(game.header))
    write_atomic(record, text)
    out.show(
        f"New Dry Gulch record in {record}.", dg_board_view(game.state.rules, game.state.buildings)
    )
    out.lines(*_table(game), *next_moves(game))
    out.json(
        {
            "record": str(record),
            "header": text.strip().splitlines(),
            "state": state_data(game.state),
        }
    )


def show(record: Path, player: str | None, svg: Path | None, as_json: bool) -> None:
    from adjudicator.cli.checks import resolve_player
    from adjudicator.dry_gulch.game.record import read_record
    from adjudicator.dry_gulch.game.replay import replay_to
    from adjudicator.dry_gulch.score import score
    from adjudicator.dry_gulch.state import state_data
    from adjudicator.render.dry_gulch import dg_board_svg, dg_board_view, next_moves, turned_up

    out = Output(as_json)
    game = replay_to(read_record(record))
    state = game.state
    who = resolve_player(state, record, player, "--player") if player is not None else None
    out.show(dg_board_view(state.rules, state.buildings))
    out.lines(*_table(game, who), *next_moves(game))
    out.json(
        {
            "turn": game.turn,
            "round": game.round,
            "phase": game.phase,
            "over": game.over,
            "winner": game.winner,
            "active": None if game.over else state.active,
            "turned_up": turned_up(game),
            "influence": score(state).influence,
            "hands": {
                p.name: [c.text for c in p.hand]
                for p in state.players
                if who is None or p.name == who
            },
            "state": state_data(state),
        }
    )
    if svg is not None:
        picture = dg_board_svg(state.rules, state.buildings, title=f"Dry Gulch: {record.name}")
        save_svg(svg, picture, out)
