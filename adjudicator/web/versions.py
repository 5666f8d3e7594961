"""A page's `version` of a record (issue 35, item 1): a MAC, under the app's secret
(`RecordDir.version`), of the record as the asking viewer reads it, so it is a function
only of what that viewer may know.

The record as a viewer reads it: the header without the hidden tags (`HIDDEN_TAGS`: the
seed, a real table's deal), then each move, numbered, as that viewer sees it (`shown`:
as written to its mover and to the pass-and-play screen, face up only to the others and
the host's screen). Two records that differ only in what a viewer cannot see give it one
version; anything it can see changes it. Each version is kept by the record's
fingerprint and the viewer's perspective, so a page's poll costs a read and a hash.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.tables import AnyTable, table_of_record
from adjudicator.web.records import RecordDir, fingerprint, seen_header
from adjudicator.web.seats import Viewer

__all__ = ["shown", "version", "version_of_text", "versions_key"]


def shown(table: AnyTable, move: Any, viewer: Viewer) -> str:
    """The move as this viewer sees it: as written to its mover, else face up only."""
    if viewer.sees_move_of(move.player):
        return table.format_move(move)
    return table.public_move(move)


def _perspective(viewer: Viewer) -> str:
    """Which moves the viewer reads as written: all (pass-and-play), one seat's, none."""
    if viewer.everyone:
        return "all"
    return "public" if viewer.seat is None else f"seat\0{viewer.seat}"


def _seen_record(table: AnyTable, rec: Any, text: str, viewer: Viewer) -> str:
    """The record as `viewer` reads it: the header without the hidden tags (the seed, a
    real table's deal), then each move, numbered, as the viewer sees it (`shown`)."""
    lines = [_perspective(viewer), *seen_header(text)]
    lines += [f"{m.line}\t{shown(table, m, viewer)}" for m in rec.moves]
    return "\n".join(lines)


def version_of_text(
    records: RecordDir,
    name: str,
    text: str,
    viewer: Viewer,
    read: tuple[AnyTable, Any] | None = None,
) -> str:
    """The version `viewer` is sent of the record `text`: a function only of what that
    viewer may know, keyed by the app's secret (`RecordDir.version`). `read`: the record's
    entry and its parsed record, when the caller has them."""

    def seen() -> str:
        table, rec = read if read is not None else _parsed(records, name, text)
        return _seen_record(table, rec, text, viewer)

    return records.version_kept((name, fingerprint(text), _perspective(viewer)), seen)


def _parsed(records: RecordDir, name: str, text: str) -> tuple[AnyTable, Any]:
    table = table_of_record(text)
    return table, table.read(text, name, Base(records.root))


def version(records: RecordDir, name: str, viewer: Viewer) -> str:
    """`GET /api/g/NAME/version`: the record's version as this viewer is sent it."""
    return version_of_text(records, name, records.read(name), viewer)


def versions_key(token: str | None) -> bytes | None:
    """The key of the pages' versions (`web/versions.py`): one the host's token derives
    where there is one, so a served table's versions outlive a restart of `serve` (a page
    then refetches nothing); none on pass-and-play, where each app makes its own. The
    token is the host's secret, and the derivation is one-way: a seat learns neither."""
    if token is None:
        return None
    return hmac.new(token.encode(), b"adjudicator versions", hashlib.sha256).digest()
