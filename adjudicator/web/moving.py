"""A move made from a seat (or the pass-and-play screen): previewed, committed or taken
back, as `adjudicator game move` and `game undo` do, and only as its own player. What reads
nothing face down answers first (a named outcome of chance, a face-down choice not yet
made), so no refusal tells what lies face down; a reveal is final.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import RulesError
from adjudicator.core.i18n import _
from adjudicator.core.move_line import append_move, move_line
from adjudicator.core.names import player_key
from adjudicator.tables import AnyTable, table_of_record
from adjudicator.web import face_down
from adjudicator.web.opened import Opened, keep, open_record
from adjudicator.web.records import RecordDir, fingerprint
from adjudicator.web.seats import Refused, Viewer
from adjudicator.web.versions import shown, version_of_text

__all__ = ["commit", "preview", "undo"]


def _parse(table: AnyTable, name: str, text: str) -> tuple[str, Any]:
    """The move as its record line (one line of printable text) and as a move."""
    try:
        line = move_line(text)
    except RulesError as exc:
        raise RulesError(f"{name}: {exc}") from None
    try:
        return line, table.parse_move(line, name)
    except RulesError as exc:
        said = str(exc)  # one entry names the record, another leaves that to its caller
        raise RulesError(said if said.startswith(f"{name}: ") else f"{name}: {said}") from None


def _as_own_seat(name: str, move: Any, viewer: Viewer) -> None:
    """A move is made from its player's seat (or the pass-and-play screen): a ruling on
    another's move would tell what their hand holds."""
    if viewer.moves_as(move.player):
        return
    if viewer.seat is None:
        raise Refused(f"{name}: each player moves from their own seat, not the shared screen")
    raise Refused(f"{name}: this is {viewer.seat}'s seat: it moves as {viewer.seat} only")


def _outcome(o: Opened, ruled: Any, committed: bool) -> dict[str, Any]:
    return {
        "legal": ruled.legal,
        "message": ruled.message,
        "code": ruled.code,
        **o.page.outcome(ruled, committed),
    }


def preview(records: RecordDir, name: str, text: str, viewer: Viewer) -> dict[str, Any]:
    """The ruling a move would get, with nothing written."""
    body = records.read(name)
    o = open_record(records, name, body)
    _line, move = _parse(o.table, name, text)
    move = o.table.seat(o.game, move)
    _as_own_seat(name, move, viewer)
    o.table.check_move(o.game, move, name)
    key = (name, fingerprint(body), move.player)
    dealt = _seated(o, name, move, records.choices, key)
    version = version_of_text(records, name, body, viewer, (o.table, o.rec))
    _after, ruled = o.table.apply(o.game, dealt)
    if ruled.legal and dealt is not move and _outcome_hidden(o, dealt):
        # what chance deals is the commit's: a preview says the choice, not its card
        chosen = o.table.listed_move(o.game, dealt)
        return {
            "move": chosen,
            "version": version,
            "legal": True,
            "message": _("legal: {move}; what it draws is dealt when the move is committed").format(
                move=chosen
            ),
            "code": None,
        }
    return {"move": ruled.move, "version": version, **_outcome(o, ruled, False)}


def _seated(
    o: Opened, name: str, move: Any, choices: face_down.Choices, key: tuple[str, str, str]
) -> Any:
    """A seat's move with chance's outcome dealt from the seed (`Table.deal`), checked so
    that what reads nothing face down answers first: a named outcome refused by its rule
    (`Table.check_chance`), then a face-down choice made first (`face_down`), then the
    deal, whose refusals may read what was dealt."""
    with _as_record(name):
        o.table.check_chance(o.game, move)
    face_down.check_chosen(o.table, o.game, move, choices, key)
    with _as_record(name):
        return o.table.deal(o.game, move)


@contextmanager
def _as_record(name: str) -> Iterator[None]:
    """A refusal named as the record, once."""
    try:
        yield
    except RulesError as exc:
        said = str(exc)
        raise RulesError(said if said.startswith(f"{name}: ") else f"{name}: {said}") from None


def _outcome_hidden(o: Opened, move: Any) -> bool:
    """Whether the move, as written, names what lies face down before it is made."""
    return o.table.listed_move(o.game, move) != o.table.format_move(move)


def commit(
    records: RecordDir, name: str, text: str, base: str | None, viewer: Viewer
) -> dict[str, Any]:
    """Adjudicate a move on the record as it is now and, if legal, append it atomically.
    `base`: the version the page saw; a record changed since is refused (the page shows
    the new move and its player decides again), so one tap never lands twice."""
    with records.locked(name) as path:
        body = records.read(name)
        o = open_record(records, name, body)
        line, move = _parse(o.table, name, text)
        move = o.table.seat(o.game, move)
        _as_own_seat(name, move, viewer)
        seen = version_of_text(records, name, body, viewer, (o.table, o.rec))
        if base is not None and base != seen:
            return {
                "legal": False,
                "stale": True,
                "message": "the record changed on another device: look at the new move first",
                "code": None,
                "points": 0,
                "ruling": None,
                "version": seen,
            }
        o.table.check_move(o.game, move, name)
        key = (name, fingerprint(body), move.player)
        dealt = _seated(o, name, move, records.choices, key)
        line = line if dealt is move else o.table.format_move(dealt)  # with what was dealt
        move = o.table.numbered(dealt, len(body.splitlines()) + 1)  # as replaying numbers it
        after, ruled = o.table.apply(o.game, move)
        result = {"move": ruled.move, **_outcome(o, ruled, ruled.legal)}
        if not ruled.legal:
            return {**result, "version": seen}
        # the line ruled on, and only it: read back before it is written (the old
        # first-line cut wrote 'bob: 4' for a ruled 'bob: 4<U+2028>; 37 as church')
        read_back: list[Any] = []  # the new record as the read-back check read it

        def written(text: str) -> list[str]:
            rec = o.table.read(text, name, Base(records.root))
            read_back.append(rec)
            return [o.table.format_move(m) for m in rec.moves]

        before = [o.table.format_move(m) for m in o.rec.moves]
        new = append_move(path, line, written, ruled.move, body, before)
        records.choices.forget(name)
        # the next request of this record starts from here
        legal = o.legal_lines | {move.line} if hasattr(move, "line") else o.legal_lines
        rec = read_back[-1] if read_back else o.table.read(new, name, Base(records.root))
        keep(
            (str(records.root), name, fingerprint(new)),
            replace(o, rec=rec, game=after, legal_lines=legal),
        )
        version = version_of_text(records, name, new, viewer, (o.table, rec))
        return {**result, "version": version, **o.page.committed(after)}


def undo(
    records: RecordDir, name: str, base: str | None, viewer: Viewer
) -> tuple[dict[str, Any], str]:
    """Take the last move off the record (`adjudicator game undo`): its player's seat or
    the host may, no other seat. The answer says who took it back; with it, the record's
    `fingerprint` now (the server's, for the live updates' note: never sent)."""
    with records.locked(name) as path:
        body = records.read(name)
        table = table_of_record(body)
        if base is not None and base != version_of_text(records, name, body, viewer):
            raise RulesError(f"{name}: the record changed on another device; undo again")
        text, written, line = table.remove_last_move(body, name)
        move = table.parse_move(written, name)
        if viewer.seat is not None and player_key(viewer.seat) == player_key(move.player):
            move = replace(move, player=viewer.seat)  # `jürgen: 23` is Jürgen's to undo
        if not (viewer.host or viewer.moves_as(move.player)):
            raise Refused(
                f"{name}: the last move is {move.player}'s: only {move.player} or the host "
                "may take it back"
            )
        _reveal_is_final(records, name, body, text, move)
        records.write(path, text)
        records.choices.forget(name)
    answer = {
        "undone": shown(table, move, viewer),
        "player": move.player,
        "by": viewer.name,
        "line": line,
        "version": version_of_text(records, name, text, viewer),
    }
    return answer, fingerprint(text)


def _reveal_is_final(records: RecordDir, name: str, body: str, before: str, move: Any) -> None:
    """A reveal is final (issue 35): the page takes back no move whose card chance dealt
    face down (the table deals it: `Table.deal` fills it in or refuses it as written),
    nor any move while a player has seen what a face-down choice draws. Else a player
    sees a card, takes the move back and chooses again knowing it. The command line's
    `game undo` stays the referee's correction."""
    revealed = records.choices.pending(name, fingerprint(body))
    if revealed is not None:  # undo and redo would show a second pile, a second pair
        raise Refused(
            f"{name}: {revealed[0]} has chosen {revealed[1]!r} and seen what it drew: a reveal "
            f"is final, so {revealed[0]} makes one of its moves before any undo (the referee "
            "may: adjudicator game undo)"
        )
    o = open_record(records, name, before)
    try:
        dealt = o.table.deal(o.game, move) is not move
    except RulesError:
        dealt = True  # it names what the server dealt
    if dealt:
        raise Refused(
            f"{name}: {move.player}'s move was dealt a face-down card: a reveal is final, so "
            "the page does not take it back (the referee may: adjudicator game undo)"
        )
