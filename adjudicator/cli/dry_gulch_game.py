"""`adjudicator game new/move/undo/show` and `replay` for a Dry Gulch record.

`cli/game_cmd.py` keeps the commands (and their lock) and hands a Dry Gulch record or
edition to the functions here, so the deduction games' commands stay as they are. A
record is told apart by its `[Edition "dry-gulch"]` tag, read with a regular expression:
a deduction record's commands never load Dry Gulch (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from adjudicator.cli.games import seats_of_new_record
from adjudicator.cli.options import save_svg
from adjudicator.cli.output import Output
from adjudicator.core.errors import InputError, RulesError

if TYPE_CHECKING:
    from adjudicator.dry_gulch.game.flow import DGGame

__all__ = ["move", "new", "players_option", "replay", "show", "undo"]


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


def _next_moves(game: DGGame) -> list[str]:
    """What the active player may write next, in the notation."""
    if game.over:
        return [f"The game is over: {game.winner} has won (turn {game.turn})."]
    from adjudicator.dry_gulch.draw import draw_choices

    me = game.state.active
    draws = " | ".join(f"draw {d}" for d in draw_choices(game.state))
    if game.state.city_hall_closed is not None and game.state.options.city_hall:
        draws += " | reopen CARD CARD"  # DG-OPT-CITY-HALL: before the draw
    hint = {
        "events": f"{me}: events [turned ID ID ID] discard ID [take ID ...]",
        "draw": f"{me}: {draws}",
        "build": f"{me}: build PERMIT at SITE | play ID [at SITE] [losing CARD ...] "
        "[drawing CARD ...] [permit ID] | fire SITE [losing [ace] CARD ...] | vandalism SITE "
        "| discard [CARD ...] [rewards CARD ...] [over NAME: CARD ...]",
    }[game.phase]
    lines = [f"Turn {game.turn}, round {game.round}: {me}'s {game.phase} phase. Next: {hint}"]
    if game.phase == "events":
        shown = ", ".join(_turned_up(game))  # a real table names its own with `turned`
        lines.append(f"Turned up (by the seed): {shown}")
    return lines


def _turned_up(game: DGGame) -> list[str]:
    """The three event cards the seed turns up in this event phase (none outside it)."""
    if game.phase != "events":
        return []
    from adjudicator.dry_gulch.events import event_phase
    from adjudicator.dry_gulch.game.flow import move_seed

    seed = move_seed(game.header.seed, game.played)
    return event_phase(game.state, None, [], seed).turned_up


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
    from adjudicator.render.dry_gulch import dg_board_view

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
    out.lines(*_table(game), *_next_moves(game))
    out.json(
        {
            "record": str(record),
            "header": text.strip().splitlines(),
            "state": state_data(game.state),
        }
    )


def move(record: Path, text: str, as_json: bool) -> None:
    """Referee one move and add it to the record; a refused move leaves it unchanged."""
    import difflib

    from adjudicator.core.move_line import append_move, move_line
    from adjudicator.core.words import plural
    from adjudicator.dry_gulch.game.record import (
        format_move,
        moves_as_written,
        parse_move,
        read_record,
    )
    from adjudicator.dry_gulch.game.replay import replay
    from adjudicator.dry_gulch.state import state_data

    out = Output(as_json)
    rec = read_record(record)
    line = move_line(text)
    try:
        mv = parse_move(line)
    except ValueError as exc:
        raise RulesError(f"{record}: {exc}") from None
    names = list(rec.header.players)
    if mv.player not in names:
        close = difflib.get_close_matches(mv.player, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise RulesError(
            f"{record}: player {mv.player!r}: unknown player (players: {', '.join(names)}){hint}"
        )
    done = replay(rec)
    if done.illegal:
        out.warn(
            f"{plural(len(done.illegal), 'move')} already in the record: not legal, skipped; "
            "see 'adjudicator replay'"
        )
    after, outcome = done.game.apply(mv)
    data = {
        "legal": outcome.legal,
        "code": outcome.code,
        "message": outcome.message,
        "influence": outcome.influence,
        "won": outcome.won,
    }
    if not outcome.legal:
        out.show(Text.assemble((f"Not legal ({outcome.code}):", "red"), " ", outcome.message))
        out.warn(f"refused, the record is unchanged: {outcome.code}: {outcome.message}")
        out.json(data)
        raise typer.Exit(1)
    out.show(f"{mv.player}: {outcome.message}")
    if mv.claimed is not None and mv.claimed != outcome.influence:
        out.warn(f"{mv.player} has {outcome.influence} influence, not {mv.claimed}")
    append_move(record, line, partial(moves_as_written, source=str(record)), format_move(mv))
    out.lines(*_next_moves(after))
    out.json({**data, "phase": after.phase, "state": state_data(after.state)})


def undo(record: Path, as_json: bool) -> None:
    from adjudicator.core.files import read_text, write_atomic
    from adjudicator.dry_gulch.game.record import remove_last_move

    out = Output(as_json)
    new_text, written, line = remove_last_move(read_text(record), str(record))
    write_atomic(record, new_text)
    out.show(f"Took back line {line}: {written}")
    out.json({"undone": written, "line": line})


def show(record: Path, player: str | None, svg: Path | None, as_json: bool) -> None:
    from adjudicator.cli.checks import resolve_player
    from adjudicator.dry_gulch.game.record import read_record
    from adjudicator.dry_gulch.game.replay import replay_to
    from adjudicator.dry_gulch.score import score
    from adjudicator.dry_gulch.state import state_data
    from adjudicator.render.dry_gulch import dg_board_svg, dg_board_view

    out = Output(as_json)
    game = replay_to(read_record(record))
    state = game.state
    who = resolve_player(state, record, player, "--player") if player is not None else None
    out.show(dg_board_view(state.rules, state.buildings))
    out.lines(*_table(game, who), *_next_moves(game))
    out.json(
        {
            "turn": game.turn,
            "round": game.round,
            "phase": game.phase,
            "over": game.over,
            "winner": game.winner,
            "active": None if game.over else state.active,
            "turned_up": _turned_up(game),
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


def replay(record: Path, as_json: bool) -> None:
    """Re-referee a Dry Gulch record: every refused move with its code, every influence
    the table wrote down wrong, and the final influence."""
    from adjudicator.dry_gulch.game.record import format_move, read_record
    from adjudicator.dry_gulch.game.replay import replay as replay_record

    out = Output(as_json)
    r = replay_record(read_record(record))
    lines = [f"{record}: {len(r.outcomes)} moves re-refereed."]
    for o in r.outcomes:  # in the record's order
        if not o.legal:
            what = f"not legal ({o.code}): {o.message}; skipped"
        elif o.claim_wrong:
            what = f"{o.move.player} has {o.influence} influence, not {o.move.claimed}"
        else:
            continue
        lines.append(f"line {o.move.line}: {format_move(o.move)}: {what}")
    if r.clean:
        lines.append("Every move is legal and every influence written down is right.")
    final = r.to_json()
    standing = ", ".join(f"{k} {v}" for k, v in final["influence"].items())
    lines.append(f"Influence (to win: {final['needed']}): {standing}.")
    lines.append(
        f"{r.game.winner} won on turn {r.game.turn}"
        + (f", decided by the {r.game.decisive}." if r.game.decisive else ".")
        if r.game.over
        else f"Not over: turn {r.game.turn}, {r.game.state.active}'s {r.game.phase} phase."
    )
    out.lines(*lines)
    out.json(final)
