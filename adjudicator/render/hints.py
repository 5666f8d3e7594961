"""Rich view of a hint: the ranked actions, the cards that cannot be played now, STOP."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.core.i18n import _, shown
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import format_move
from adjudicator.deduction.hint import Action, Hint
from adjudicator.deduction.models.board import Board
from adjudicator.render.rulings import ruling_view, stop_view
from adjudicator.render.words import plural

__all__ = ["action_command", "hint_commands", "hint_data", "hint_of", "hint_view"]

_BUY_AT = ("before", "between", "after")


def _quote(text: str) -> str:
    """A path as a shell word: quoted only when it needs to be."""
    import shlex

    return shlex.quote(text)


def action_command(action: Action, source: str, player: str) -> str:
    """The exact command that carries the action out: `play`/`discard ... --write` on a
    state file, `game move` on a game record (`*.game`)."""
    if source.endswith(".game"):
        move = format_move(action_move(action, player))
        return f"adjudicator game move {_quote(source)} {_quote(move)}"
    if action.kind == "pass":
        return f"adjudicator game move RECORD '{player}: pass'  (a state file has no pass)"
    words = ["adjudicator"]
    if action.kind == "discard":
        assert action.take is not None
        words += ["discard", _quote(source), str(action.cards[0]), str(action.cards[1])]
        words += ["--take", f"{action.take[0]}@{action.take[1]}"]
        buy_at = "before" if action.buy_at == 0 else "after"
    else:
        words += ["play", _quote(source), str(action.cards[0])]
        if action.as_buildings[0]:
            words += ["--as", action.as_buildings[0]]
        if len(action.cards) > 1:
            words += ["--then", str(action.cards[1])]
            if action.as_buildings[1]:
                words += ["--then-as", action.as_buildings[1]]
        steps = len(action.cards)
        buy_at = (
            "before" if action.buy_at == 0 else ("after" if action.buy_at >= steps else "between")
        )
    if action.buy is not None:
        words += ["--buy", action.buy]
        if buy_at != "before":
            words += ["--buy-at", buy_at]
    return " ".join([*words, "--player", player, "--write"])


def _describe(action: Action, board: Board) -> str:
    def one(card: int, my: str | None) -> str:
        return f"{card}" + (f" as {board.building_name(my)}" if my else "")

    if action.kind == "pass":
        return "pass"
    if action.kind == "discard":
        assert action.take is not None
        b, s = action.take
        return (
            f"discard {action.cards[0]} and {action.cards[1]}, take "
            f"{board.building_name(b)} @ {board.space_name(s)}"
        )
    steps = ["play " + one(c, m) for c, m in zip(action.cards, action.as_buildings, strict=True)]
    if action.buy is not None:
        alike = f" (or any of {len(action.alike)} alike)" if action.alike else ""
        steps.insert(action.buy_at, f"buy the {board.building_name(action.buy)}{alike}")
    return ", then ".join(steps)


def _why(action: Action, board: Board) -> str:
    r = action.ruling
    if r is None:
        return ""
    bits = []
    if r.built:
        bits.append("builds " + ", ".join(board.building_name(b.building) for b in r.built))
    if r.removed:
        bits.append(f"removes {plural(len(r.removed), 'marker')}")
    if r.markers_placed:
        bits.append(f"places {plural(len(r.markers_placed), 'marker')}")
    return "; ".join(bits)


def hint_of(found: object) -> Hint:
    """The deduction entry's hint (`Table.state_hint`, which the protocol passes on as
    `object`), as these views draw it."""
    assert isinstance(found, Hint)
    return found


def hint_commands(h: Hint, source: str, top: int) -> list[Text]:
    """For each of the top actions, the exact command that carries it out."""
    if not h.actions:
        return []
    head = Text(_("To carry one out:"), style="bold")
    return [
        head,
        *(
            Text(f"  {i}. {action_command(a, source, h.player)}")
            for i, a in enumerate(h.actions[:top], 1)
        ),
    ]


def hint_view(h: Hint, board: Board, top: int) -> RenderableType:
    t = Table(
        "#",
        _("action"),
        _("points"),
        _("STOP left"),
        _("what it does"),
        title=_("Best actions for {player} ({n} candidates ruled on)").format(
            player=h.player, n=h.evaluated
        ),
    )
    for i, a in enumerate(h.actions[:top], 1):
        t.add_row(str(i), _describe(a, board), str(a.points), str(a.stop_left), _why(a, board))
    parts: list[RenderableType] = [t]
    best = next((a for a in h.actions if a.ruling is not None), None)
    if best is not None and best.ruling is not None:
        parts.append(Text(_("The best action, ruled on:"), style="bold"))
        parts.append(ruling_view(best.ruling))
    if h.unplayable:
        u = Table(
            _("card"), _("rule"), _("why not now"), title=_("Cards that cannot be played now")
        )
        for x in h.unplayable:
            u.add_row(str(x.card), x.code, shown(x.message))
        parts.append(u)
    if h.discardable:
        parts.append(
            Text(
                _("Worth discarding (confirmations or contradictions):")
                + " "
                + ", ".join(map(str, h.discardable))
            )
        )
    parts.append(stop_view(h.stop, board, _("STOP claims anyone can make now")))
    return Panel(Group(*parts), title=Text(_("Hint:") + f" {board.name}"))


def hint_data(h: Hint, source: str, top: int) -> dict[str, Any]:
    """The hint's JSON, each action with the command that carries it out."""
    from adjudicator.deduction.serialize import hint_json

    data = hint_json(h, top)
    for action, entry in zip(h.actions, data["actions"], strict=False):
        entry["command"] = action_command(action, source, h.player)
    return data
