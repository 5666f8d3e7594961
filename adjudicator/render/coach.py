"""`hint --coach`: the lookahead coach's ranking of a turn beside the points each turn
scores now, one sentence each on why, and the command that plays it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.core.i18n import shown
from adjudicator.deduction.game.coach_words import draw_reason
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import format_move
from adjudicator.render.hints import action_command

if TYPE_CHECKING:
    from adjudicator.deduction.game.coach import Advice

__all__ = ["advice_of", "coach_data", "coach_lines", "value_words"]


def advice_of(found: object) -> Advice:
    """The deduction entry's coach's advice (`Table.coach`, which the protocol passes on
    as `object`), as these views draw it."""
    from adjudicator.deduction.game.coach import Advice

    assert isinstance(found, Advice)
    return found


def _method(advice: Advice, timed: bool = True) -> str:
    if not advice.worlds:
        return "no world to play: ranked by points net of the STOP claims each leaves"
    worlds = f"{advice.worlds} sampled worlds of the cards {advice.player} cannot see"
    if not timed:
        return worlds
    return f"{worlds}, {advice.turns} turns played in them, {advice.seconds * 1000:.0f} ms"


def value_words(advice: Advice, timed: bool = True) -> str:
    """What the coach's value of a turn is, in one sentence, and why a turn dropped halfway
    ranks below the finalists whatever its value: the command line's caption, the page's
    line above the list (untimed: a seat's answer is the same however long it took)."""
    return (
        f"coach: what the player gains over the {advice.horizon} that follows, less the "
        f"best other player's gain, on average ({_method(advice, timed)}); the turns "
        "dropped halfway, played in fewer worlds, come last"
    )


def coach_lines(
    advice: Advice, why: tuple[str, ...], source: str, top: int
) -> list[RenderableType]:
    t = Table(
        "#",
        "turn",
        "points now",
        "coach",
        "why",
        title=f"The coach's turns for {advice.player}",
        caption=value_words(advice),
    )
    for i, (r, because) in enumerate(zip(advice.rated[:top], why, strict=False), 1):
        move = format_move(action_move(r.action, advice.player))
        t.add_row(str(i), move, str(r.now), f"{r.value:+.1f}", shown(because))
    draw = draw_reason(advice)
    commands: list[RenderableType] = [Text(shown(draw))] if draw else []
    commands.append(Text("To carry one out:", style="bold"))
    commands += [
        Text(f"  {i}. {action_command(r.action, source, advice.player)}")
        for i, r in enumerate(advice.rated[:top], 1)
    ]
    return [t, *commands]


def coach_data(
    advice: Advice, why: tuple[str, ...], source: str, top: int, seed: int, ms: int | None
) -> dict[str, Any]:
    return {
        "player": advice.player,
        "coach": {
            "seed": seed,
            "budget_ms": ms,
            "worlds": advice.worlds,
            "turns": advice.turns,
            "ms": round(advice.seconds * 1000, 3),
            "horizon": advice.horizon,
        },
        "draw": _draws(advice),
        "turns": [
            {
                "move": format_move(action_move(r.action, advice.player)),
                "command": action_command(r.action, source, advice.player),
                "points": r.now,
                "value": round(r.value, 3),
                "stop_given": round(r.given, 3),
                "next_turn": round(r.later, 3),
                "best_rival": round(r.rival, 3),
                "worlds": r.worlds,
                "why": because,
            }
            for r, because in zip(advice.rated[:top], why, strict=False)
        ],
    }


def _draws(advice: Advice) -> dict[str, Any] | None:
    """The pile to draw from after the best turn, when there is a choice (T2)."""
    if not advice.draws:
        return None
    return {
        "pile": advice.draws[0].pile,
        "why": draw_reason(advice),
        "piles": [
            {"pile": p.pile, "value": round(p.value, 3), "default": p.default, "worlds": p.worlds}
            for p in advice.draws
        ],
    }
