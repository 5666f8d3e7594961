"""Rich views of replays, games and simulation statistics. They only read."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.record import format_move
from adjudicator.deduction.game.replay import Replay
from adjudicator.deduction.game.simulate import SimulationStats
from adjudicator.deduction.serialize import to_json

__all__ = ["game_summary", "replay_view", "simulation_view"]


def game_summary(game: Game) -> RenderableType:
    s = game.state
    t = Table("player", "points", "buildings", "cards", title=f"{s.board.name}, turn {game.turn}")
    for p in s.players:
        mark = "▶ " if p.name == s.active and not game.over else "  "
        hand = "?" if p.hand is None else str(len(p.hand))
        t.add_row(
            mark + p.name,
            str(p.points),
            ", ".join(s.board.building_name(b) for b in p.buildings),
            hand,
        )
    built = f"{len(s.placed)} of {len(s.board.building_spaces)} spaces built"
    if s.board.frames:
        built += f"; locomotive at {s.locomotive}"
    if game.over:
        why = "stalled: no one could play or draw for a whole round" if game.stalled else "over"
        t.caption = f"The game is {why}. Winner(s): {', '.join(game.winners())}; {built}"
    else:
        t.caption = f"{s.active} to play; {built}"
    return t


def replay_view(r: Replay) -> RenderableType:
    board = r.game.state.board
    t = Table("line", "turn", "move", "ruling", "points", title=f"Replay: {board.name}")
    for a in r.annotations:
        o = a.outcome
        verdict = Text(f"ILLEGAL: {o.message}", style="red") if not o.legal else Text(o.message)
        pts = str(o.points) if o.legal else "-"
        if a.score_differs:
            pts = f"{o.points} (table: {a.move.claimed})"
        t.add_row(str(a.move.line or ""), str(a.turn), format_move(a.move), verdict, pts)
    parts: list[RenderableType] = [t]
    findings = Table("overlooked", "points", "what", title="Overlooked points")
    for who, turn, report in r.overlooked:
        what = "; ".join(x.explanation for x in report.removable) or "; ".join(
            d.reason for d in report.determined
        )
        findings.add_row(f"STOP after {who}'s turn {turn}", str(report.points), what)
    for a in r.illegal:
        findings.add_row(f"illegal move, line {a.move.line}", "-", a.outcome.message)
    for a in r.score_differences:
        findings.add_row(
            f"score, line {a.move.line}",
            f"{a.outcome.points} not {a.move.claimed}",
            format_move(a.move),
        )
    parts.append(findings if findings.row_count else Text("Nothing was overlooked."))
    scores = Table("player", "corrected score", "table's score", title="Scores")
    table_scores = r.table_scores() or {}
    for player, total in r.scores().items():
        at_table = table_scores.get(player)
        scores.add_row(player, str(total), "-" if at_table is None else str(at_table))
    parts.append(scores)
    parts.append(game_summary(r.game))
    return Panel(Group(*parts))


def simulation_view(stats: SimulationStats) -> RenderableType:
    data = to_json(stats)
    head = Table(
        "games",
        "finished",
        "turns (mean, min-max)",
        "points (mean)",
        "winner's points (mean)",
        "games/s",
        title=f"Simulation: {stats.edition}, {stats.policy} policy",
    )
    head.add_row(
        str(data["games"]),
        f"{data['finished']} ({data['finish_rate']:.0%})",
        f"{data['turns']['mean']} ({data['turns']['min']}-{data['turns']['max']})",
        str(data["points"]["mean"]),
        str(data["points"]["winner_mean"]),
        str(data["games_per_s"]),
    )
    cards = Table(
        "card",
        "held",
        "playable",
        "dead in hand",
        "played",
        "discarded",
        title="Cards (games in which ...)",
    )
    for c in data["cards"]:
        if c["held"] or c["played"]:
            cards.add_row(
                str(c["card"]),
                str(c["held"]),
                str(c["playable"]),
                str(c["dead"]),
                str(c["played"]),
                str(c["discarded"]),
            )
    return Group(head, cards)
