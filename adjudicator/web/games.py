"""What the pages ask of the engine, for a record of any of the four games: its view, a
hand, a move previewed or committed, undo (those three: `web/moving.py`), the hint, the
timeline. One loop over the game protocol (`core/table.py`): the record's entry reads,
rules and writes it, as `adjudicator game`, `hint` and `replay` do, and its page module
(`render/pages/`) adds what the game's page draws. Everything returned is plain JSON-ready
data.

Each function takes the `Viewer` asking (`web/seats.py`) and gives it only what that
device may see at the table: a hand to its own seat, the face-down part of a move (a draw,
a keep) to its mover, the hint and the legal moves to the seat to act, a move made as its
own seat only. Each function is synchronous and CPU-bound: the app runs it in a worker
thread.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from adjudicator.core.errors import AdjudicatorError, InputError, RulesError
from adjudicator.core.german import shown_names
from adjudicator.core.i18n import DEFAULT
from adjudicator.core.limits import clip, whole_number
from adjudicator.core.names import players_of, players_problem
from adjudicator.core.pairs import name_values
from adjudicator.core.table import BUILDINGS_CHOSEN, SETUP_FLAGS, Setup
from adjudicator.core.words import plural
from adjudicator.render.pages import page
from adjudicator.tables import editions, name_of_edition, table_of_edition
from adjudicator.web import face_down
from adjudicator.web.move_pages import page_of, players_moves
from adjudicator.web.moving import commit, preview, undo
from adjudicator.web.opened import open_record
from adjudicator.web.records import RecordDir, fingerprint
from adjudicator.web.seats import Refused, Viewer
from adjudicator.web.versions import shown, version_of_text

__all__ = [
    "EDITIONS",
    "MAX_LISTED_MOVES",
    "commit",
    "create",
    "game_view",
    "hand",
    "hint_view",
    "legal_moves",
    "new_game_editions",
    "preview",
    "reveal",
    "step_view",
    "svg_of",
    "template",
    "timeline",
    "undo",
]

#: The editions a page may start a game of: every shipped board of the four games.
EDITIONS = tuple(editions())
#: The legal moves a page lists at most (a Gads Hill hand has thousands of two-card turns).
MAX_LISTED_MOVES = 400


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
    edition = _field(form, "edition").lower()
    if edition not in EDITIONS:
        # A page may not name a board file: that would read files beyond the records.
        raise InputError(name, "edition", f"choose one of {', '.join(EDITIONS)}")
    players = players_of(_field(form, "players"))  # kept as written: `Jürgen, Anna Lena`
    if not players:
        raise InputError(name, "players", "name the players in seat order: ann, bob, cid")
    problem = players_problem(players)
    if problem is not None:
        raise InputError(name, "players", problem)
    seed = _field(form, "seed")
    if seed and whole_number(seed, 18) is None:
        raise InputError(name, "seed", f"{clip(seed)} is not a number")
    setup = Setup(
        name,
        records.root,
        options=_options(name, edition, form),
        buildings=_buildings(form, name),
        frames=_field(form, "frames") or None,
        residences=_field(form, "residences") or None,
        # the page's New game form says so (a hidden field): the API's default is the
        # command line's, as a script that makes games expects it
        by_taps=_field(form, "choices") == "taps",
    )
    with records.locked(name) as path:
        if path.exists():
            raise InputError(name, "", "exists already")
        with _as_form_fields(name):
            text, _game = table_of_edition(edition).new_record(
                edition, players, int(seed) if seed else None, setup
            )
        records.write(path, text)
    return name


def _buildings(form: dict[str, Any], name: str) -> str | None:
    """The Buildings field, or the players' own choice at the table (T7): the checkbox
    writes `[Buildings "chosen"]`, as `game new --buildings chosen` does."""
    if form.get("choose_buildings"):
        if _field(form, "buildings"):
            raise InputError(
                name, "buildings", "list the buildings or let the players choose them, not both"
            )
        return BUILDINGS_CHOSEN
    return _field(form, "buildings") or None


def new_game_editions() -> list[dict[str, Any]]:
    """The New game form's editions, each with the form fields of the table's choices
    its page offers (`Page.choices`: the deduction games' STOP)."""
    return [{"id": e, "choices": sorted(page(name_of_edition(e)).choices)} for e in EDITIONS]


def _options(name: str, edition: str, form: dict[str, Any]) -> str | None:
    """The ruleset options the form sets: its typed options, with what each of the
    table's choices writes (`Page.choices`; a field the edition does not offer is not
    its: the page sends none). A value it does not offer, or a choice whose option is
    typed too, is refused naming its field."""
    typed = _field(form, "options")
    parts = [typed] if typed else []
    try:
        named = {key for key, _value in name_values(typed)}
    except ValueError:
        named = set()  # the reader of [Options] says what is wrong with them
    offered = page(name_of_edition(edition)).choices
    for field, values in offered.items():
        value = _field(form, field)
        if not value:
            continue
        if value not in values:
            raise InputError(name, field, f"choose one of {', '.join(values)}")
        for key, _value in name_values(values[value]):
            if key in named:
                raise InputError(name, field, f"the options name {key} too: set it once")
        if values[value]:
            parts.append(values[value])
    return ("; " if any(";" in p for p in parts) else ", ").join(parts) or None


#: The form's field of each set-up option an entry names (the others are their own name).
_FIELDS = {flag: name for name, flag in SETUP_FLAGS.items()}


@contextmanager
def _as_form_fields(name: str) -> Iterator[None]:
    """A set-up the entry refuses, named as the page's field (`club.game: options: ...`),
    not as the command line's option (`--options: ...`)."""
    try:
        yield
    except AdjudicatorError as exc:
        flag, sep, problem = str(exc).partition(": ")
        if not (sep and flag.startswith("--")):
            raise
        option, _, rest = flag.partition(" ")  # `--players 'x!'`: the name is kept
        field = _FIELDS.get(option, option[2:])
        raise InputError(name, f"{field} {rest}".strip(), problem) from None


def template(view: dict[str, Any]) -> str:
    """The page template of a game's view (`game_view`)."""
    return page(view["game"]).template


def players(records: RecordDir, name: str) -> list[str]:
    """The record's players in seat order (for the host's seat links)."""
    o = open_record(records, name, records.read(name))
    return o.table.seats(o.game).names()


def game_view(
    records: RecordDir, name: str, viewer: Viewer, text: str | None = None, lang: str = DEFAULT
) -> dict[str, Any]:
    """Everything a page shows of a game: the moves and whether each was legal, then the
    game's own view (whose turn, scores, the board), and who this device is. `text`: the
    record's, when the caller has read it. A page in German also gets `names`, each
    thing's id -> its German name (ids stay what moves are written with)."""
    if text is None:
        text = records.read(name)
    o = open_record(records, name, text)
    moves = o.rec.moves
    return {
        "name": name,
        "version": version_of_text(records, name, text, viewer, (o.table, o.rec)),
        "game": o.table.name,
        "me": viewer.to_json(),
        "moves": [
            {"line": m.line, "text": shown(o.table, m, viewer), "legal": m.line in o.legal_lines}
            for m in moves
        ],
        "skipped": sum(1 for m in moves if m.line not in o.legal_lines),
        **o.page.view(o.table, o.game, name),
        # the winner, the final scores and what `replay` finds: every screen's, once over
        "end": o.page.end(o.table, o.game, o.rec),
    } | _names(o.table.german_files, lang)


def _names(files: tuple[str, ...], lang: str) -> dict[str, Any]:
    """`names` for a page not in English (an English view stays as it was)."""
    shown = shown_names(files, lang)
    return {"names": shown} if shown else {}


def hand(
    records: RecordDir, name: str, player: str, viewer: Viewer, lang: str = DEFAULT
) -> dict[str, Any]:
    """One player's hand: to that player's seat (or the pass-and-play screen) only."""
    if not viewer.sees_hand_of(player):
        raise Refused(f"{name}: {player}'s hand is seen from {player}'s own seat only")
    o = open_record(records, name, records.read(name))
    return o.page.hand(o.game, player, name) | _names(o.table.german_files, lang)


def _no_hand_shown(name: str, viewer: Viewer, what: str) -> Refused:
    if viewer.seat is None:
        return Refused(f"{name}: the shared screen shows no {what}: it comes from a hand")
    return Refused(f"{name}: {viewer.seat}'s seat sees no other player's {what}")


def legal_moves(
    records: RecordDir, name: str, viewer: Viewer, start: int = 0, count: bool = False
) -> dict[str, Any]:
    """The moves this seat may make now (pass-and-play: the player to act's), as the
    record writes them (the game protocol's one generator of them): `MAX_LISTED_MOVES` of
    them from `start`, and how many there are (`move_pages.page_of`). They come from the
    hand, so the shared screen gets none."""
    if viewer.seat is None and not viewer.everyone:
        raise _no_hand_shown(name, viewer, "legal moves")
    text = records.read(name)
    o = open_record(records, name, text)
    acting = o.page.acting(o.game) if viewer.everyone else viewer.seat
    moves = players_moves(o.table, o.game, acting, viewer.everyone)
    first = next(moves(), None)
    player = acting if first is None else first.player
    chosen = player and records.choices.seen(name, fingerprint(text), player)
    if chosen:  # a face-down choice made: its moves only
        shown = list(chosen[1])
        return {"player": player, "moves": shown, "blind": [], "more": False, "count": len(shown)}
    return {"player": player, **page_of(o.table, o.game, moves, start, MAX_LISTED_MOVES, count)}


def reveal(records: RecordDir, name: str, listed: str, viewer: Viewer) -> dict[str, Any]:
    """A face-down choice (`face_down`) made from its player's seat: the moves it shows
    them, the only ones they may make next."""
    text = records.read(name)
    o = open_record(records, name, text)
    if not (viewer.everyone or viewer.seat):
        raise _no_hand_shown(name, viewer, "draw")
    moves = o.table.legal_moves(o.game)
    key = (name, fingerprint(text), None if viewer.everyone else viewer.seat)
    player, shown = face_down.reveal(o.table, o.game, moves, records.choices, key, listed)
    return {"player": player, "chosen": listed, "moves": list(shown)}


def hint_view(
    records: RecordDir, name: str, viewer: Viewer, top: int = 5, coach: bool = False
) -> dict[str, Any]:
    """The game's hint for the player to act next, each action with its move line (with
    `coach`, the lookahead coach's, each with why): to that player's seat only (it reads
    their hand). Where the players choose at once (Black Hills' keeps), each seat still
    choosing gets its own; the shared pass-and-play screen, the first of them."""
    o = open_record(records, name, records.read(name))
    acting = o.page.acting(o.game)
    choosing = o.page.choosing(o.game)
    if not viewer.everyone and (viewer.seat is None or viewer.seat not in choosing):
        if viewer.seat is None:
            raise _no_hand_shown(name, viewer, "hint")
        if acting is None:  # every page's: no one acts once the game is over
            raise RulesError(f"{name}: the game is over")
        raise Refused(
            f"{name}: the hint is for the player to act ({', '.join(choosing)}), from their seat"
        )
    if coach:
        return o.page.coach(o.table, o.game, name, top)
    # the seat's own (one of `choosing`); the shared screen's, the player to act's (None
    # once the game is over: the page says so in its game's words)
    player = acting if viewer.everyone or viewer.seat is None else viewer.seat
    return o.page.hint(o.table, o.game, name, top, player)


def timeline(records: RecordDir, name: str, viewer: Viewer) -> dict[str, Any]:
    """`adjudicator replay` of the record: each move's ruling and what the table missed.
    Another player's draw or keep shows face up only: as a count, with no ruling; another
    player's refused move, only that it was refused (`_refused`)."""
    o = open_record(records, name, records.read(name))
    data = o.page.timeline(o.table, o.rec)
    by_line = {m.line: m for m in o.rec.moves}
    for entry in data.get("moves", []):
        move = by_line.get(entry.get("line"))
        if move is None or viewer.sees_move_of(move.player):
            continue
        shown = o.table.public_move(move)
        if shown != o.table.format_move(move):
            entry.update(move=shown, message=shown)
            _no_ruling(entry)
        if entry.get("legal") is False:
            _refused(entry)
    return data


def _no_ruling(entry: dict[str, Any]) -> None:
    for key in ("ruling", "summary"):
        if key in entry:
            entry[key] = None


def _refused(entry: dict[str, Any]) -> None:
    """Another player's refused move as the table saw it: refused, and no more. Why, and
    even which rule refused it first, is the referee's reading of their hand: the same
    Dry Gulch build is refused by DG-PAY where the hand cannot pay and by DG-MIDDLE where it
    can (the site is checked after the payment), so a code would tell a seat what the hand
    holds. Said to that player's seat only, in every game alike: one rule, no leak."""
    entry["code"] = None
    entry["message"] = "refused"
    _no_ruling(entry)


def step_view(records: RecordDir, name: str, step: int) -> dict[str, Any]:
    """The board after the first `step` moves of the record, for the timeline."""
    o = open_record(records, name, records.read(name))
    moves = o.rec.moves
    if not 0 <= step <= len(moves):
        raise RulesError(f"{name}: step {step}: the record has {plural(len(moves), 'move')}")
    game, _legal = o.page.opened(o.table, replace(o.rec, moves=moves[:step]))
    return {"step": step, "moves": len(moves), **o.page.step(o.table, game, name, step)}


def live_view(
    records: RecordDir, name: str, viewer: Viewer, lang: str = DEFAULT
) -> tuple[dict[str, Any], str]:
    """`game_view`, and the `fingerprint` of the record it was drawn from: what a live
    page's stream matches a change's note against (`web/events.py`), never sent."""
    text = records.read(name)
    view = game_view(records, name, viewer, text, lang)
    return view, fingerprint(text)


def svg_of(records: RecordDir, name: str) -> str:
    o = open_record(records, name, records.read(name))
    return o.page.svg(o.table, o.game, name)
