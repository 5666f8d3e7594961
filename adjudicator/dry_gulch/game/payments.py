"""The active player's payment for one building in a game's build phase: the one the
player names, or the one keeping the most worth, each within what is left of the turn's
General Store allowance (`DG-PAY-KEEP`, `DG-STORE`)."""

from __future__ import annotations

from adjudicator.dry_gulch.named_pay import NamedPayment, named_payment
from adjudicator.dry_gulch.pay import means_of
from adjudicator.dry_gulch.search import Cheapest, Means, cheapest
from adjudicator.dry_gulch.state import DGState

__all__ = ["payment_for", "payment_named"]


def payment_named(
    state: DGState, permit: str, stores_used: int, named: list[str]
) -> NamedPayment | str:
    """The named cards as the active player's payment for one building (`DG-PAY-KEEP`),
    with what is left of the turn's General Store allowance, or why they are none."""
    means = means_of(state, state.active)
    left = Means(max(0, means.stores - stores_used), means.blacksmith, means.handyman_labour)
    hand = state.player(state.active).hand
    replace_any = state.options.replace == "any"
    return named_payment(state.rules, hand, permit, left, named, replace_any)


def payment_for(state: DGState, permit: str, stores_used: int) -> Cheapest | None:
    """The payment keeping the most worth for one building of the active player, with what
    is left of the turn's General Store allowance (`DG-STORE`)."""
    means = means_of(state, state.active)
    left = Means(max(0, means.stores - stores_used), means.blacksmith, means.handyman_labour)
    return cheapest(state.rules, state.player(state.active).hand, [permit], left)
