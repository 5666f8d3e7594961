"""The JSON form of everything the deduction games answer: rulings, STOP reports, hints,
replays, simulations and audits. One place, so the rulings and the rest stay plain data and
every command's `--json` says the same thing the same way."""

from __future__ import annotations

from functools import singledispatch
from typing import Any

from adjudicator.core.result import Reason as CoreReason
from adjudicator.deduction.audit import Audit, Finding
from adjudicator.deduction.files.state_file import state_to_data
from adjudicator.deduction.game.record import format_move
from adjudicator.deduction.game.replay import Annotation, Replay
from adjudicator.deduction.game.simulate import SimulationStats
from adjudicator.deduction.hint import Action, Hint, Unplayable
from adjudicator.deduction.rules.ruling import (
    Built,
    Conflict,
    Reason,
    Removable,
    Removal,
    Ruling,
    StopReport,
)

__all__ = ["hint_json", "to_json"]


@singledispatch
def to_json(obj: object) -> Any:
    """The JSON form of an answer of the deduction games."""
    raise TypeError(f"no JSON form for {type(obj).__name__}")


@to_json.register(CoreReason)
def _reason(reason: Reason) -> dict[str, str]:
    return reason.to_json()


@to_json.register
def _removal(removal: Removal) -> dict[str, str]:
    return {
        "building": removal.building,
        "space": removal.space,
        "tier": str(removal.tier),
        "reason": removal.reason,
    }


@to_json.register
def _built(built: Built) -> dict[str, str]:
    out = {"building": built.building, "space": built.space}
    if built.tier is not None:
        out["tier"] = str(built.tier)
    return out


@to_json.register
def _removable(removable: Removable) -> dict[str, Any]:
    return {
        "building": removable.building,
        "space": removable.space,
        "explanation": removable.explanation,
    }


@to_json.register
def _conflict(conflict: Conflict) -> dict[str, Any]:
    return {
        "buildings": list(conflict.buildings),
        "spaces": list(conflict.spaces),
        "explanation": conflict.explanation,
    }


@to_json.register
def _stop_report(stop_report: StopReport) -> dict[str, Any]:
    return {
        "removable": [to_json(r) for r in stop_report.removable],
        "determined": [
            {"building": d.building, "space": d.space, "explanation": d.reason}
            for d in stop_report.determined
        ],
        "conflicts": [to_json(c) for c in stop_report.conflicts],
        "points": stop_report.points,
    }


@to_json.register
def _ruling(ruling: Ruling) -> dict[str, Any]:
    return {
        "action": ruling.action,
        "player": ruling.player,
        "cards": list(ruling.cards),
        "as": list(ruling.as_buildings),
        "playable": ruling.playable,
        "status": str(ruling.status),
        "reasons": [to_json(r) for r in ruling.reasons],
        "markers_placed": [{"building": b, "space": s} for b, s in ruling.markers_placed],
        "removed": [to_json(r) for r in ruling.removed],
        "built": [to_json(b) for b in ruling.built],
        "retired": list(ruling.retired),
        "points": ruling.points,
        "points_detail": dict(ruling.points_detail),
        "buy": None if ruling.buy is None else {"building": ruling.buy, "after": ruling.buy_at},
        "state": state_to_data(ruling.after),
        "stop": None if ruling.stop is None else to_json(ruling.stop),
    }


@to_json.register
def _action(action: Action) -> dict[str, Any]:
    return {
        "kind": action.kind,
        "cards": list(action.cards),
        "as": list(action.as_buildings),
        "take": None
        if action.take is None
        else {"building": action.take[0], "space": action.take[1]},
        "buy": None
        if action.buy is None
        else {
            "building": action.buy,
            "after": action.buy_at,
            "alike": list(action.alike),
            # a pass with a buy: the cards it lets the player play as the new building
            **({"enables": list(action.enables)} if action.enables else {}),
        },
        "points": action.points,
        "stop_left": action.stop_left,
        "ruling": to_json(action.ruling) if action.ruling is not None else None,
    }


@to_json.register
def _unplayable(unplayable: Unplayable) -> dict[str, Any]:
    return {"card": unplayable.card, "code": unplayable.code, "message": unplayable.message}


def hint_json(hint: Hint, top: int | None = None) -> dict[str, Any]:
    """A hint, its best `top` actions shown (all by default)."""
    shown = hint.actions if top is None else hint.actions[:top]
    return {
        "player": hint.player,
        "actions": [to_json(a) for a in shown],
        "unplayable": [to_json(u) for u in hint.unplayable],
        "discardable": list(hint.discardable),
        "stop": to_json(hint.stop),
        "evaluated": hint.evaluated,
    }


@to_json.register
def _annotation(annotation: Annotation) -> dict[str, Any]:
    out: dict[str, Any] = {
        "line": annotation.move.line,
        "turn": annotation.turn,
        "move": format_move(annotation.move),
        "legal": annotation.outcome.legal,
        "message": annotation.outcome.message,
        "points": annotation.outcome.points,
        "claimed": annotation.move.claimed,
        "ruling": to_json(annotation.outcome.ruling)
        if annotation.outcome.ruling is not None
        else None,
    }
    if annotation.outcome.overlooked:
        out["overlooked"] = {
            "after_turn_of": annotation.after_turn_of,
            **to_json(annotation.outcome.overlooked),
        }
    return out


@to_json.register
def _replay(replay: Replay) -> dict[str, Any]:
    return {
        "edition": replay.record.header.edition,
        "moves": [to_json(a) for a in replay.annotations],
        "illegal": [a.move.line for a in replay.illegal],
        "overlooked": [
            {"after_turn_of": who, "turn": turn, **to_json(report)}
            for who, turn, report in replay.overlooked
        ],
        "score_differences": [
            {"line": a.move.line, "claimed": a.move.claimed, "rules": a.outcome.points}
            for a in replay.score_differences
        ],
        "scores": replay.scores(),
        "table_scores": replay.table_scores(),
        "over": replay.game.over,
        "stalled": replay.game.stalled,
        "winners": replay.game.winners() if replay.game.over else None,
    }


@to_json.register
def _stats(stats: SimulationStats) -> dict[str, Any]:
    def mean(xs: list[int]) -> float:
        return round(sum(xs) / len(xs), 2) if xs else 0.0

    return {
        "edition": stats.edition,
        "policy": stats.policy,
        "games": stats.games,
        "finished": stats.finished,
        "finish_rate": round(stats.finished / stats.games, 3) if stats.games else 0.0,
        "turns": {
            "mean": mean(stats.turns),
            "min": min(stats.turns, default=0),
            "max": max(stats.turns, default=0),
        },
        "points": {
            "mean": mean(stats.all_points),
            "winner_mean": mean(stats.winner_points),
        },
        "games_per_s": round(stats.games / stats.seconds, 3) if stats.seconds else None,
        "cards": [
            {
                "card": n,
                "held": c.held,
                "playable": c.playable,
                "dead": c.dead,
                "played": c.played,
                "discarded": c.discarded,
            }
            for n, c in sorted(stats.cards.items())
        ],
    }


@to_json.register
def _finding(finding: Finding) -> dict[str, Any]:
    return {
        "severity": finding.severity,
        "code": finding.code,
        "cards": list(finding.cards),
        "message": finding.message,
    }


@to_json.register
def _audit(audit: Audit) -> dict[str, Any]:
    return {"findings": [to_json(f) for f in audit.findings], "stats": audit.stats}


@to_json.register
def _hint(hint: Hint) -> dict[str, Any]:
    return hint_json(hint)
