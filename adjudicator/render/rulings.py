"""Rich views of rulings and STOP reports. They read rulings; they decide nothing."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.core.i18n import N_, Name, _, shown
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import GERMAN_FILES
from adjudicator.deduction.rules.ruling import Ruling, Status, StopReport, Tier
from adjudicator.render.words import ILLEGAL, LEGAL, NOT_NOW, plural, points, verdict_word

__all__ = ["ruling_view", "status_word", "stop_view", "write_summary"]

_STATUS_STYLE = {
    Status.PLAYABLE: "bold green",
    Status.PLAYABLE_CONFIRMATION: "bold green",
    Status.QUESTION: "bold cyan",
    Status.CONTRADICTORY: "bold red",
    Status.CONFIRMATION: "bold yellow",
    Status.NOT_NOW: "bold yellow",
    Status.ILLEGAL: "bold red",
}


# The deduction statuses in the words every game shares (`render/words.py`).
_STATUS_WORD = {
    Status.PLAYABLE: LEGAL,
    Status.PLAYABLE_CONFIRMATION: N_("LEGAL (a confirmation, P4)"),
    Status.QUESTION: N_("CHOOSE my building (P7)"),
    Status.CONTRADICTORY: N_("ILLEGAL (a contradiction, P3)"),
    Status.CONFIRMATION: N_("ILLEGAL (a confirmation, P4)"),
    Status.NOT_NOW: NOT_NOW,
    Status.ILLEGAL: ILLEGAL,
}


# The tiers and the sources of points as the table reads them; the ruling and `--json`
# keep their English keys (`Tier`, `points_detail`), so records read the same anywhere.
_TIER_WORD = {Tier.CARD: N_("card"), Tier.CASCADE: N_("cascade"), Tier.LOGIC: N_("logic")}
_SOURCE_WORD = {"removed": N_("removed"), "unneeded": N_("unneeded"), "built": N_("built")}


def _points(n: int) -> str:
    return f"{n} {_('point') if n == 1 else _('points')}"


def _the(board: Board, building: str) -> str:
    """`the Bank` (in German the name alone: its article is the name's gender's)."""
    return _("the {building}").format(building=_named(board, building))


def _named(board: Board, building: str) -> str:
    """A building's name in the reader's language (the German cards' on a German table)."""
    return shown(Name(board.building_name(building), building, GERMAN_FILES))


def stop_view(report: StopReport, board: Board, title: str | None = None) -> RenderableType:
    title = _("STOP claims") if title is None else title
    if not report and not report.conflicts:
        return Panel(
            Text(_("No STOP claims: logic removes nothing from this board.")), title=Text(title)
        )
    parts: list[RenderableType] = []
    if report.removable:
        t = Table(_("marker"), _("why it goes"), box=None, show_edge=False, pad_edge=False)
        for r in report.removable:
            t.add_row(
                Text(f"{_named(board, r.building)} @ {board.space_name(r.space)}"),
                Text(shown(r.explanation)),
            )
        parts.append(t)
    for d in report.determined:
        parts.append(
            Text(
                _("Built: {building} on {space}. {why}").format(
                    building=_named(board, d.building),
                    space=board.space_name(d.space),
                    why=shown(d.reason),
                )
            )
        )
    for c in report.conflicts:
        parts.append(Text(shown(c.explanation), style="magenta"))
    worth = _("Worth {points} to whoever calls STOP.").format(points=_points(report.points))
    parts.append(Text(worth, style="bold"))
    return Panel(Group(*parts), title=Text(title))


def _when(ruling: Ruling) -> str:
    """Where in the turn a buy came (A2)."""
    if ruling.action == "discard":
        return _("before the discard") if ruling.buy_at == 0 else _("after the discard")
    one = len(ruling.cards) == 1
    if ruling.buy_at == 0:
        return _("before the card") if one else _("before the cards")
    if ruling.buy_at >= len(ruling.cards):
        return _("after the card") if one else _("after the cards")
    return _("between the cards")


def status_word(ruling: Ruling) -> str:
    """The ruling's status in the words every game shares."""
    if ruling.action in ("buy", "stop", "discard"):  # the card statuses are for cards
        return verdict_word(ruling.playable)
    return _STATUS_WORD[ruling.status]


def ruling_view(ruling: Ruling) -> RenderableType:
    board = ruling.before.board
    head = Text()
    cards = _(" then ").join(
        _("card {card} as {building}").format(card=c, building=_the(board, m))
        if m
        else _("card {card}").format(card=c)
        for c, m in zip(
            ruling.cards, ruling.as_buildings or [None] * len(ruling.cards), strict=False
        )
    )
    who = ruling.player
    if ruling.action == "discard":
        listed = _(" and ").join(map(str, ruling.cards))
        what = _("{player} discards cards {cards}").format(player=who, cards=listed)
    elif ruling.action == "buy":
        bought = ruling.as_buildings[0] if ruling.as_buildings else None
        what = _("{player} buys {building}").format(player=who, building=_the(board, bought or ""))
    elif ruling.action == "stop":
        what = _("{player} calls STOP").format(player=who)
    else:
        what = _("{player} plays {cards}").format(player=who, cards=cards)
    if ruling.buy is not None and ruling.action != "buy":
        what += _(", buying {building} {when}").format(
            building=_the(board, ruling.buy), when=_when(ruling)
        )
    head.append(what + ": ")
    head.append(_(status_word(ruling)), style=_STATUS_STYLE[ruling.status])
    parts: list[RenderableType] = [head]
    for r in ruling.reasons:
        parts.append(Text(f"  {r.code}: {shown(r.message)}"))
    if ruling.markers_placed:
        placed = ", ".join(
            f"{_named(board, b)} @ {board.space_name(s)}" for b, s in ruling.markers_placed
        )
        parts.append(Text(_("Markers placed:") + f" {placed}"))
    if ruling.removed:
        t = Table(_("tier"), _("marker"), _("reason"), box=None, pad_edge=False)
        for tier in Tier:
            for removal in ruling.removed:
                if removal.tier is tier:
                    t.add_row(
                        _(_TIER_WORD[tier]),
                        f"{_named(board, removal.building)} @ {board.space_name(removal.space)}",
                        shown(removal.reason),
                    )
        parts.append(Text(_("Markers removed:")))
        parts.append(t)
    for built in ruling.built:
        parts.append(
            Text(
                _("Built: {building} on {space} ({why})").format(
                    building=_named(board, built.building),
                    space=board.space_name(built.space),
                    why=shown(built.reason),
                ),
                style="green",
            )
        )
    for b in ruling.retired:
        parts.append(
            Text(
                _("Retired: {building} can no longer be placed (K4)").format(
                    building=_the(board, b)
                ),
                style="magenta",
            )
        )
    if ruling.playable:
        detail = ", ".join(
            f"{_(_SOURCE_WORD.get(k, k))} {v}" for k, v in ruling.points_detail.items() if v
        )
        parts.append(
            Text(
                _("Points:") + f" {ruling.points}" + (f" ({detail})" if detail else ""),
                style="bold",
            )
        )
        if ruling.stop is not None:
            parts.append(stop_view(ruling.stop, board, _("STOP claims left")))
    return Panel(Group(*parts), title=Text(_("Ruling:") + f" {board.name}"))


def write_summary(ruling: Ruling, path: str) -> list[Text]:
    """What `--write` changed in the state file, for the table to follow: the points, whose
    turn it is, the cards that left a hand and the draw that is due (T2). A state file
    keeps no draw piles, so the draw is named, not made."""
    before, after = ruling.before, ruling.after
    lines = [Text(f"Written to {path}:", style="bold")]
    for p in after.players:
        was = before.player(p.name).points
        if p.points != was:
            lines.append(Text(f"  {p.name}: {was} → {points(p.points)} ({p.points - was:+d})"))
    built = len(after.placed) - len(before.placed)
    if built:
        lines.append(Text(f"  {plural(built, 'building')} built"))
    actor = ruling.player
    hand_before = before.player(actor).hand if actor in before.names() else None
    hand_after = after.player(actor).hand if actor in after.names() else None
    if hand_before is not None and hand_after is not None and len(hand_after) < len(hand_before):
        gone = [c for c in hand_before if c not in hand_after]
        left = ", ".join(map(str, gone))
        now = plural(len(hand_after), "card")
        lines.append(Text(f"  {actor}'s hand: {left} gone ({len(hand_before)} → {now})"))
        if ruling.action in ("play", "discard"):
            deal = after.board.deal
            due = deal.discard_draws if ruling.action == "discard" else 1
            lines.append(
                Text(
                    f"  {actor} draws {plural(due, 'card')} now (T2): a state file keeps no "
                    f"draw pile, so add the card drawn to {actor}'s hand in the file"
                )
            )
    if after.active != before.active:
        lines.append(Text(f"  turn: {before.active} → {after.active} ({after.active} to play)"))
    else:
        lines.append(Text(f"  still {after.active}'s turn"))
    return lines
