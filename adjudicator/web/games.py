"""What the pages ask of the engine: a game's view, a hand, a move previewed or committed,
undo, the hint, the timeline. The same engine calls as `adjudicator game`, `hint` and
`replay`, on the same records; everything returned is plain JSON-ready data.

Each function is synchronous and CPU-bound: the app runs it in a worker thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from functools import partial
from typing import Any

from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.limits import clip, whole_number
from adjudicator.core.move_line import append_move, move_line
from adjudicator.core.pairs import flag_or_number, name_values
from adjudicator.core.words import plural
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game, Outcome
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import (
    Discard,
    Draw,
    Header,
    Move,
    Play,
    Record,
    format_move,
    moves_as_written,
    parse_move,
    record_from_text,
    record_to_text,
    remove_last_move,
)
from adjudicator.deduction.game.replay import replay, replay_to
from adjudicator.deduction.hint import hint as compute_hint
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.deduction.rules.turn_order import refill_due
from adjudicator.deduction.serialize import to_json
from adjudicator.render.svg import board_svg
from adjudicator.web.records import RecordDir, version_of

__all__ = [
    "EDITIONS",
    "commit",
    "create",
    "game_view",
    "hand",
    "hint_view",
    "preview",
    "step_view",
    "svg_of",
    "timeline",
    "undo",
]

#: The editions a page may start a game of: the deduction games with a whole-game referee.
#: Dry Gulch and Black Hills join here (with their own view of a game) when they have one.
EDITIONS = ("gads-hill-1874", "old-town")

# Replaying a record is the slow part of a page's request; a few games stay warm, keyed by
# the record's text, so a poll or a second device costs nothing.
_CACHE: OrderedDict[tuple[str, str, str], Game] = OrderedDict()
_CACHE_SIZE = 16
_CACHE_LOCK = threading.Lock()


def _record(records: RecordDir, name: str, text: str) -> Record:
    record = record_from_text(text, name)
    return replace(record, source=name, base=records.root)


def _game(records: RecordDir, name: str, text: str) -> Game:
    key = (str(records.root), name, version_of(text))
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    game = replay_to(_record(records, name, text))
    with _CACHE_LOCK:
        _CACHE[key] = game
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return game


def _strip_states(data: Any) -> Any:
    """JSON without the whole states a ruling carries (the page draws the board instead)."""
    if isinstance(data, dict):
        return {k: _strip_states(v) for k, v in data.items() if k != "state"}
    if isinstance(data, list):
        return [_strip_states(v) for v in data]
    return data


def _names(game: Game, ids: list[str] | tuple[str, ...]) -> list[dict[str, str]]:
    board = game.state.board
    return [{"id": b, "name": board.building_name(b)} for b in ids]


def _pairs(text: str) -> dict[str, str]:
    """'a=x y; b=z' or 'a=x, b=y': the form's fields as `game new` reads its options."""
    return dict(name_values(text))


def _options(text: str) -> dict[str, bool | int]:
    return {key: flag_or_number(key, value) for key, value in name_values(text)}


def _field(form: dict[str, Any], key: str) -> str:
    value = form.get(key)
    return value.strip() if isinstance(value, str) else ""


def create(records: RecordDir, form: dict[str, Any]) -> str:
    """A new record from the page's form, as `adjudicator game new` writes one."""
    name = _field(form, "name")
    if not name:
        raise InputError("record", "name", "name the record, e.g. club.game")
    if not name.endswith(".game"):
        name += ".game"
    records.path(name)  # a name inside the directory, or one line now
    edition = _field(form, "edition")
    if edition not in EDITIONS:
        # A page may not name a board file: that would read files beyond the records.
        raise InputError(name, "edition", f"choose one of {', '.join(EDITIONS)}")
    players = tuple(n.strip().lower() for n in _field(form, "players").split(",") if n.strip())
    if not players:
        raise InputError(name, "players", "name the players in seat order: ann, bob, cid")
    seed = _field(form, "seed")
    if seed and whole_number(seed, 18) is None:
        raise InputError(name, "seed", f"{clip(seed)} is not a number")
    fields: dict[str, Any] = {}
    for key, read in (("frames", _pairs), ("buildings", _pairs), ("options", _options)):
        try:
            fields[key] = read(_field(form, key))
        except ValueError as exc:
            raise InputError(name, key, str(exc)) from None
    header = Header(
        edition,
        players,
        frames=fields["frames"],
        buildings={k: tuple(v.split()) for k, v in fields["buildings"].items()},
        seed=int(seed) if seed else None,
        options=fields["options"],
    )
    with records.locked(name) as path:
        if path.exists():
            raise InputError(name, "", "exists already")
        game = new_game(header, source=name, base=records.root)
        records.write(path, record_to_text(Record(game.header)))
    return name


def _refill(ahead: Game) -> int:
    """A4 (Old Town): the buildings the player to act takes before anything else."""
    player = ahead.state.active
    if ahead.over or ahead.phase != "start" or player is None:
        return 0
    return refill_due(ahead.state, player)


def _open_claims(game: Game) -> StopReport | None:
    """The STOP claims of the turn just played, while its window is open (T5)."""
    return game.stop_claims() if game.phase in ("draw", "between") else None


def _stop_window(game: Game) -> dict[str, Any] | None:
    claims = _open_claims(game)
    if claims is None:
        return None
    return {
        "after_turn_of": game.last_actor,
        "removable": [to_json(r) for r in claims.removable],
        "determined": [
            {"building": d.building, "space": d.space, "explanation": d.reason}
            for d in claims.determined
        ],
        "conflicts": [to_json(c) for c in claims.conflicts],
        "points": claims.points,
    }


def _picture(game: Game, title: str, claims: StopReport | None) -> str:
    """The board with the claims ringed and the turn, locomotive and scores below it."""
    s = game.state
    ahead, _ = game.finish()
    who = "the game is over" if ahead.over else f"{ahead.state.active} to play"
    first = f"turn {game.turn} · {who}"
    if s.board.frames:
        first += f" · locomotive {s.locomotive}/{s.options.end_at}"
    scores = "scores: " + ", ".join(f"{p.name} {p.points}" for p in s.players)
    return board_svg(s.board, s, title=title, claims=claims, caption=[first, scores])


def game_view(records: RecordDir, name: str) -> dict[str, Any]:
    """Everything a page shows of a game: whose turn, scores, locomotive, buildings, piles,
    the moves, the open STOP claims and the board."""
    text = records.read(name)
    game = _game(records, name, text)
    record = _record(records, name, text)
    legal_lines = {o.move.line for o in game.log}
    s = game.state
    board = s.board
    ahead, _ = game.finish()  # the next turn as it will start (draws, then the window)
    return {
        "name": name,
        "version": version_of(text),
        "edition": board.name,
        "turn": game.turn,
        "phase": game.phase,
        "over": ahead.over,
        "winners": ahead.winners() if ahead.over else [],
        "to_play": ahead.state.active,
        "last_actor": game.last_actor,
        "hands_known": game.hands_known,
        "locomotive": s.locomotive if board.frames else None,
        "end_at": s.options.end_at if board.frames else None,
        "built": len(s.placed),
        "spaces": len(board.building_spaces),
        "buying": s.options.buying,
        "refill": _refill(ahead),
        "players": [
            {
                "name": p.name,
                "points": p.points,
                "buildings": _names(game, p.buildings),
                "cards": None if p.hand is None else len(p.hand),
                "bought": p.bought,
            }
            for p in s.players
        ],
        "piles": None if game.piles is None else {pile: len(cards) for pile, cards in game.piles},
        "beside": _names(game, s.available_buildings()),
        "all_buildings": _names(game, list(board.buildings)),
        "moves": [
            {"line": m.line, "text": format_move(m), "legal": m.line in legal_lines}
            for m in record.moves
        ],
        "skipped": len(record.moves) - len(game.log),
        "stop": _stop_window(game),
        "svg": _picture(game, f"{board.name}: {name}", _open_claims(game)),
    }


def hand(records: RecordDir, name: str, player: str) -> dict[str, Any]:
    """One player's hand, card by card, for the "show my hand" tap."""
    game = _game(records, name, records.read(name))
    ahead, _ = game.finish()
    s = ahead.state
    if player not in s.names():
        raise RulesError(f"{name}: {player!r} is not one of the players")
    p = s.player(player)
    if p.hand is None:
        raise RulesError(f"{name}: hands are not tracked in this game (no [Seed] or [Hands])")
    cards = [s.cards[n] for n in p.hand]
    return {
        "player": player,
        "cards": [
            {
                "number": c.number,
                "kind": str(c.kind),
                "building": None if c.named_building is None else c.named_building,
                "text": c.text,
                "needs_my_building": c.needs_my_building,
            }
            for c in cards
        ],
        "buildings": _names(game, p.buildings),
    }


def _parse(name: str, text: str) -> tuple[str, Move]:
    """The move as its record line (one line of printable text) and as a move."""
    try:
        line = move_line(text)
    except RulesError as exc:
        raise RulesError(f"{name}: {exc}") from None
    try:
        return line, parse_move(line)
    except ValueError as exc:
        raise RulesError(f"{name}: {exc}") from None


def _check_cards(game: Game, name: str, move: Move) -> None:
    cards: list[int] = []
    if isinstance(move, Play):
        cards = [c for c, _ in move.plays]
    elif isinstance(move, Discard | Draw):
        cards = list(move.cards)
    for n in cards:
        if n not in game.state.cards:
            raise RulesError(f"{name}: card {n}: no such card in {game.state.board.name}")


def _outcome_json(game: Game, outcome: Outcome) -> dict[str, Any]:
    ruling = outcome.ruling
    return {
        "legal": outcome.legal,
        "message": outcome.message,
        "code": None if outcome.code is None else str(outcome.code),
        "points": outcome.points,
        "ruling": None if ruling is None else _strip_states(to_json(ruling)),
    }


def preview(records: RecordDir, name: str, text: str) -> dict[str, Any]:
    """The ruling a move would get, with nothing written."""
    body = records.read(name)
    game = _game(records, name, body)
    _line, move = _parse(name, text)
    _check_cards(game, name, move)
    _after, outcome = game.apply(move)
    return {"move": format_move(move), "version": version_of(body), **_outcome_json(game, outcome)}


def commit(records: RecordDir, name: str, text: str, base: str | None) -> dict[str, Any]:
    """Adjudicate a move on the record as it is now and, if legal, append it atomically.
    `base`: the version the page saw; a record changed since is refused (the page shows
    the new move and its player decides again), so one tap never lands twice."""
    line, move = _parse(name, text)
    with records.locked(name) as path:
        body = records.read(name)
        if base is not None and base != version_of(body):
            return {
                "legal": False,
                "stale": True,
                "message": "the record changed on another device: look at the new move first",
                "code": None,
                "points": 0,
                "ruling": None,
                "version": version_of(body),
            }
        game = _game(records, name, body)
        _check_cards(game, name, move)
        # numbered as the record will number it, so `after` is what replaying it gives
        move = replace(move, line=len(body.splitlines()) + 1)
        after, outcome = game.apply(move)
        result = {"move": format_move(move), **_outcome_json(game, outcome)}
        if outcome.legal:
            # the line ruled on, and only it: read back before it is written (the old
            # first-line cut wrote 'bob: 4' for a ruled 'bob: 4<U+2028>; 37 as church')
            written = partial(moves_as_written, source=name)
            new = append_move(path, line, written, format_move(move), body)
            with _CACHE_LOCK:  # the next request of this record starts from here
                _CACHE[(str(records.root), name, version_of(new))] = after
            result["version"] = version_of(new)
            result["stop"] = _stop_window(after)
        else:
            result["version"] = version_of(body)
    return result


def undo(records: RecordDir, name: str, base: str | None) -> dict[str, Any]:
    """Take the last move off the record (`adjudicator game undo`)."""
    with records.locked(name) as path:
        body = records.read(name)
        if base is not None and base != version_of(body):
            raise RulesError(f"{name}: the record changed on another device; undo again")
        removed = remove_last_move(body, name)
        records.write(path, removed.text)
    return {
        "undone": removed.written,
        "line": removed.move.line,
        "version": version_of(removed.text),
    }


def hint_view(records: RecordDir, name: str, top: int = 5) -> dict[str, Any]:
    """The hint for the player to act next, each action with its move line to play."""
    game = _game(records, name, records.read(name))
    ahead, _ = game.finish()
    if ahead.over:
        raise RulesError(f"{name}: the game is over")
    if not ahead.hands_known:
        raise RulesError(f"{name}: the hint needs the hands (a record with a [Seed] or [Hands])")
    player = ahead.state.active
    if player is None:
        raise RulesError(f"{name}: no one is to play")
    if due := _refill(ahead):
        raise RulesError(
            f"{name}: {player} first takes {plural(due, 'building')} from beside the board (A4)"
        )
    h = compute_hint(ahead.state, player)
    actions = []
    for action in h.actions[:top]:
        data = _strip_states(to_json(action))
        data["move"] = format_move(action_move(action, player))
        actions.append(data)
    return {
        "player": player,
        "actions": actions,
        "unplayable": [to_json(u) for u in h.unplayable],
        "evaluated": h.evaluated,
    }


def timeline(records: RecordDir, name: str) -> dict[str, Any]:
    """`adjudicator replay` of the record: each move's ruling and the overlooked points."""
    data = to_json(replay(_record(records, name, records.read(name))))
    return dict(_strip_states(data))


def step_view(records: RecordDir, name: str, step: int) -> dict[str, Any]:
    """The board after the first `step` moves of the record, for the timeline."""
    record = _record(records, name, records.read(name))
    if not 0 <= step <= len(record.moves):
        raise RulesError(f"{name}: step {step}: the record has {plural(len(record.moves), 'move')}")
    game = replay_to(replace(record, moves=record.moves[:step]))
    s = game.state
    return {
        "step": step,
        "moves": len(record.moves),
        "svg": _picture(game, f"{s.board.name}: {name}, after move {step}", None),
        "scores": {p.name: p.points for p in s.players},
    }


def svg_of(records: RecordDir, name: str) -> str:
    game = _game(records, name, records.read(name))
    return _picture(game, f"{game.state.board.name}: {name}", _open_claims(game))
