"""L1-L4, logical conclusions: what logic removes from the board as it stands and why (a
STOP report), and a player's STOP call that claims it."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.effects import resolve
from adjudicator.deduction.rules.explain import (
    conflict_sentence,
    explain_removal,
    the,
)
from adjudicator.deduction.rules.knowledge import board_domains
from adjudicator.deduction.rules.ruling import (
    Built,
    Conflict,
    Reason,
    Removable,
    Ruling,
    Status,
    StopReport,
)
from adjudicator.deduction.solve import decide
from adjudicator.deduction.solve.matching import Analyses, match
from adjudicator.deduction.solve.placement import Problem

__all__ = ["claim_stop", "stop_report", "with_stop"]


def stop_report(
    state: GameState, method: decide.Method = "auto", memo: Analyses | None = None
) -> StopReport:
    """Every STOP claim on the board now: removable markers (L1) with their smallest Hall
    set (L3), determined buildings (L2) and groups that cannot all stand (K4). `memo`: as
    `rule_play`'s."""
    board = state.board
    domains = board_domains(state)
    m = match(domains)
    analysis = decide.analyse(Problem(domains), method, memo)
    removable = []
    for b in sorted(domains, key=board.building_name):
        for s in board.sort_spaces(domains[b] - analysis.support[b]):
            why, hb, hs = explain_removal(board, m, analysis, b, s)
            removable.append(Removable(b, s, why, hb, hs))
    determined = []
    for b, s in sorted(analysis.determined().items(), key=lambda i: board.building_name(i[0])):
        others = len(domains[b]) - 1
        template = (
            N_("only {space} is left for {building}; it is built there.")
            if not others
            else N_(
                "only {space} is left for {building} once its 1 other marker goes; it is built "
                "there."
            )
            if others == 1
            else N_(
                "only {space} is left for {building} once its {count} other markers go; it is "
                "built there."
            )
        )
        said = Message(template, space=board.space_name(s), building=the(board, b), count=others)
        why = Message("L2: {why}", why=said)
        determined.append(Built(b, s, why))
    conflicts = tuple(
        Conflict(
            tuple(sorted(bs, key=board.building_name)),
            tuple(board.sort_spaces(ss)),
            conflict_sentence(board, bs, ss),
        )
        for bs, ss in m.conflicts()
    )
    return StopReport(tuple(removable), tuple(determined), conflicts)


def with_stop(ruling: Ruling, method: decide.Method = "auto") -> Ruling:
    """The ruling with the STOP claims its action leaves on the board (L4)."""
    return replace(ruling, stop=stop_report(ruling.after, method))


def claim_stop(state: GameState, player: str, method: decide.Method = "auto") -> Ruling:
    """L4: a player calls STOP and takes every marker logic removes from the board now."""
    if not stop_report(state, method):
        reason = Reason(Code.L4, Message(N_("there is nothing to claim: logic removes no marker")))
        refused = Ruling("stop", player, Status.ILLEGAL, (reason,), state, state)
        return replace(refused, stop=stop_report(state, method))
    domains = board_domains(state)
    decider = decide.Decider(method)
    fx = resolve(state, decider.board(domains), scorer=player, all_logic=True, decider=decider)
    after = fx.state
    assert after is not None
    reasons = (Reason(Code.L4, Message(N_("{player} calls STOP"), player=player)),)
    return replace(
        fx.ruling("stop", player, reasons, state, after), stop=stop_report(after, method)
    )
