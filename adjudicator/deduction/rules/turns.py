"""A whole turn of the active player: one or two cards (A3) or a discard (A1), with a building
bought at any point of it (A2).

Each step is ruled on the state the steps before it left, so points scored earlier in the
turn count toward a buy's price, and a building bought between two cards can be the second
card's my building. The end-of-turn check (P5 b) comes once, after the last step, and then
the turn passes on. The rulings here are the ones a player asks for: each carries the STOP
claims its action leaves (L4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import ParamSpec, cast

from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import rule_buy, rule_discard
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.logic import with_stop
from adjudicator.deduction.rules.play import admissible_my_buildings, end_turn, refuse, rule_play
from adjudicator.deduction.rules.ruling import Reason, Ruling, Status
from adjudicator.deduction.solve import decide

__all__ = [
    "merge_rulings",
    "pass_refusal",
    "rule_buy_turn",
    "rule_discard_turn",
    "rule_turn",
]

_ORDINAL = (N_("first card"), N_("second card"))
P = ParamSpec("P")


def _with_stop_claims(rule: Callable[P, Ruling]) -> Callable[P, Ruling]:
    """A ruling a player asks for carries the STOP claims its action leaves (L4)."""

    @wraps(rule)
    def ruled(*args: P.args, **kwargs: P.kwargs) -> Ruling:
        method = cast(decide.Method, kwargs.get("method", "auto"))
        return with_stop(rule(*args, **kwargs), method)

    return ruled


@_with_stop_claims
def rule_buy_turn(state: GameState, building: str, player: str | None = None) -> Ruling:
    """A buy on its own (A2): before the turn's action, or with a pass."""
    return rule_buy(state, building, player)


@_with_stop_claims
def rule_turn(
    state: GameState,
    plays: list[tuple[int, str | None]],
    player: str | None = None,
    *,
    buy: str | None = None,
    buy_at: int = 0,
    method: decide.Method = "auto",
) -> Ruling:
    """One or two cards in one turn (A3), with an optional buy (A2) after `buy_at` of them
    (0: before the first card, 1: between or after a single card, 2: after both)."""
    player = player or state.active
    cards = tuple(c for c, _ in plays)
    as_ = tuple(m for _, m in plays)
    if len(plays) == 1 and buy is None:
        return rule_play(state, plays[0][0], plays[0][1], player, method=method)
    refusal = _two_card_refusal(state, cards)
    if refusal is None and buy is not None and not 0 <= buy_at <= len(plays):
        refusal = Reason(
            Code.A2,
            Message(N_("a buy comes before, between or after the cards, not {at}"), at=buy_at),
        )
    if refusal is not None:
        return refuse(state, player, Status.ILLEGAL, [refusal], cards, as_)
    steps: list[Ruling] = []
    now = state
    for i in range(len(plays) + 1):
        if buy is not None and i == buy_at:
            bought = rule_buy(now, buy, player)
            if not bought.playable:
                return _refused_step(state, bought, N_("the buy"), cards, as_)
            steps.append(bought)
            now = bought.after
        if i == len(plays):
            break
        n, my = plays[i]
        r = rule_play(
            now, n, my, player, method=method, check_markers_per_space=False, advance=False
        )
        if not r.playable:
            label = _ORDINAL[i] if len(plays) > 1 else N_("the card")
            return _refused_step(state, r, label, cards, as_)
        steps.append(r)
        now = r.after
    return end_turn(merge_rulings(state, steps, buy=buy, buy_at=buy_at))


@_with_stop_claims
def rule_discard_turn(
    state: GameState,
    cards: tuple[int, int],
    take: tuple[str, str],
    player: str | None = None,
    *,
    buy: str | None = None,
    buy_at: int = 0,
    method: decide.Method = "auto",
) -> Ruling:
    """A discard (A1) with an optional buy before it (`buy_at` 0) or after it (1)."""
    player = player or state.active
    if buy is None:
        return rule_discard(state, cards, take, player, method=method)
    if buy_at not in (0, 1):
        reason = Reason(Code.A2, Message(N_("a buy comes before or after the discard")))
        return refuse(state, player, Status.ILLEGAL, [reason], cards, (), "discard")
    steps: list[Ruling] = []
    now = state
    for step in ("buy", "discard") if buy_at == 0 else ("discard", "buy"):
        if step == "buy":
            r = rule_buy(now, buy, player)
        else:
            r = rule_discard(now, cards, take, player, advance=False, method=method)
        if not r.playable:
            return _refused_step(
                state, r, N_("the buy") if step == "buy" else N_("the discard"), cards, ()
            )
        steps.append(r)
        now = r.after
    merged = merge_rulings(state, steps, buy=buy, buy_at=buy_at, action="discard")
    return replace(merged, after=replace(merged.after, active=merged.after.next_player()))


def pass_refusal(state: GameState, player: str) -> Reason | None:
    """T4: Gads Hill passes at will; with `pass_only_when_stuck` (Old Town) a player passes
    only when no card in hand can be played."""
    hand = state.player(player).hand
    if not state.options.pass_only_when_stuck or hand is None:
        return None
    for n in hand:
        card = state.cards[n]
        choices: list[str | None] = list(
            admissible_my_buildings(state, player, card) if card.needs_my_building else []
        )
        for my in choices or [None]:
            if rule_play(state, n, my, player, advance=False).playable:
                return Reason(
                    Code.T4,
                    Message(
                        N_(
                            "{player} can play card {card}: a pass is only for a player who "
                            "cannot play"
                        ),
                        player=player,
                        card=n,
                    ),
                )
    return None


def _two_card_refusal(state: GameState, cards: tuple[int, ...]) -> Reason | None:
    """A3: two different cards, while fewer than `two_cards_until` buildings stand at the
    start of the turn."""
    if len(cards) < 2:
        return None
    limit = state.options.two_cards_until
    if len(cards) > 2 or state.locomotive >= limit:
        why = (
            Message(
                N_(
                    "two cards a turn only while fewer than {limit} buildings stand at the "
                    "start of the turn (the locomotive stands at {locomotive})"
                ),
                limit=limit,
                locomotive=state.locomotive,
            )
            if limit and len(cards) == 2
            else Message(N_("at most two cards a turn"))
            if limit
            else Message(N_("this edition allows one card a turn"))
        )
        return Reason(Code.A3, why)
    if cards[0] == cards[1]:
        return Reason(Code.A3, Message(N_("the two cards must be different")))
    return None


def _refused_step(
    state: GameState, step: Ruling, label: str, cards: tuple[int, ...], as_: tuple[str | None, ...]
) -> Ruling:
    """The turn refused for one of its steps, with that step's status and code."""
    first = step.reasons[0]
    return replace(
        step,
        action="discard" if step.action == "discard" else "play",
        before=state,
        after=state,
        cards=cards,
        as_buildings=as_,
        reasons=(
            Reason(
                first.code, Message("{step}: {reason}", step=Message(label), reason=first.message)
            ),
        ),
    )


def merge_rulings(
    state: GameState,
    steps: list[Ruling],
    *,
    buy: str | None = None,
    buy_at: int = 0,
    action: str = "play",
) -> Ruling:
    """One ruling for a turn of legal steps, each ruled after the one before."""
    plays = [r for r in steps if r.action != "buy"]
    confirmations = all(r.status is Status.PLAYABLE_CONFIRMATION for r in plays)
    detail: dict[str, int] = {}
    for r in steps:
        for k, v in r.points_detail.items():
            detail[k] = detail.get(k, 0) + v
    return Ruling(
        action=action,
        player=steps[0].player,
        status=Status.PLAYABLE_CONFIRMATION if plays and confirmations else Status.PLAYABLE,
        reasons=tuple(x for r in steps for x in r.reasons),
        before=state,
        after=steps[-1].after,
        cards=tuple(c for r in plays for c in r.cards),
        as_buildings=tuple(a for r in plays for a in r.as_buildings),
        markers_placed=tuple(x for r in steps for x in r.markers_placed),
        removed=tuple(x for r in steps for x in r.removed),
        built=tuple(x for r in steps for x in r.built),
        retired=tuple(x for r in steps for x in r.retired),
        points=sum(r.points for r in steps),
        points_detail=detail,
        buy=buy,
        buy_at=buy_at,
    )
