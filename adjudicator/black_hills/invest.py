"""The most reputation a player can buy now, and the exact payment (a direct search, CP-SAT
where two payments tie), with its brute-force twin.

Ways to invest (Black Hills rulebook): a Settler in the City buys any number of points at
1 gold + 2 logs or 3 fur each; the Sheriff buys one point for 3 resources of any kind,
once a turn; the Bank event buys one point for every 2 gold. The Merchant's one trade
(1 fur <-> 2 logs, 1 gold <-> 2 fur) may come first. Among the payments that buy the most
points (never more than the goal needs), the one that keeps the most valuable resources
is chosen (gold 4, fur 2, logs 1: the board file's values).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

from adjudicator.black_hills.data import RESOURCES
from adjudicator.core import cpsat
from adjudicator.core.frozen import freeze_fields

__all__ = [
    "TRADES",
    "Means",
    "Payment",
    "best_payment",
    "best_payment_brute_force",
    "best_payment_cpsat",
]

#: The Merchant's trades: give -> get.
TRADES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "fur>logs": ({"fur": 1}, {"logs": 2}),
    "logs>fur": ({"logs": 2}, {"fur": 1}),
    "gold>fur": ({"gold": 1}, {"fur": 2}),
    "fur>gold": ({"fur": 2}, {"gold": 1}),
}


@dataclass(frozen=True, slots=True)
class Means:
    """What the player may invest with this turn."""

    settler: bool = False
    sheriff: bool = False
    bank: bool = False
    exchange: bool = False
    cap: int = 5  # points still wanted (the goal minus the reputation)
    supply: dict[str, int] | None = None  # what a trade can take from; None: no limit


@dataclass(frozen=True, slots=True)
class Payment:
    points: int
    trade: str | None = None
    settler_gold: int = 0  # points bought with 1 gold + 2 logs
    settler_fur: int = 0  # points bought with 3 fur
    sheriff: Mapping[str, int] = field(default_factory=dict)  # the 3 resources, when used
    bank: int = 0  # points bought with 2 gold
    kept: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        freeze_fields(self, "sheriff", "kept")  # a verdict given is not changed

    def paid(self) -> dict[str, int]:
        out = {
            "gold": self.settler_gold + 2 * self.bank + self.sheriff.get("gold", 0),
            "logs": 2 * self.settler_gold + self.sheriff.get("logs", 0),
            "fur": 3 * self.settler_fur + self.sheriff.get("fur", 0),
        }
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "trade": self.trade,
            "settler": {"gold_and_logs": self.settler_gold, "fur": self.settler_fur},
            "sheriff": dict(self.sheriff) or None,
            "bank": self.bank,
            "paid": self.paid(),
            "kept": dict(self.kept),
        }


def _after_trade(
    holding: dict[str, int], trade: str | None, supply: dict[str, int] | None = None
) -> dict[str, int] | None:
    h = dict(holding)
    if trade is None:
        return h
    give, get = TRADES[trade]
    if supply is not None and any(supply.get(r, 0) < n for r, n in get.items()):
        return None
    for r, n in give.items():
        if h[r] < n:
            return None
        h[r] -= n
    for r, n in get.items():
        h[r] += n
    return h


def _score(
    points: int, kept: dict[str, int], value: dict[str, int], trade: str | None = None
) -> tuple[int, int, int]:
    return points, sum(value[r] * kept[r] for r in RESOURCES), -int(trade is not None)


def best_payment(holding: dict[str, int], means: Means, value: dict[str, int]) -> Payment:
    """The most points, then the most valuable resources kept: by `_search`, exact and quick
    for a player's few resources; where two payments tie, CP-SAT's (`_solve`, the referee's
    payment ever since), so a tie is broken as it always was.

    A game asks the same few problems again and again (a turn's candidates, the legal
    moves, self-play: 758 calls were 53 problems), so each is answered once per process."""
    supply = None if means.supply is None else _items(means.supply)
    key = (_items(holding), means.settler, means.sheriff, means.bank, means.exchange, means.cap)
    # the one remembered payment for every caller: its mappings are read-only (`Payment`)
    return _solved(key, supply, _items(value))


def best_payment_cpsat(holding: dict[str, int], means: Means, value: dict[str, int]) -> Payment:
    """CP-SAT alone, not remembered: the second engine the tests hold `best_payment` to."""
    return _solve(dict(holding), means, dict(value))


Items = tuple[tuple[str, int], ...]


def _items(counts: dict[str, int]) -> Items:
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=4096)
def _solved(
    key: tuple[Items, bool, bool, bool, bool, int], supply: Items | None, value: Items
) -> Payment:
    holding, settler, sheriff, bank, exchange, cap = key
    means = Means(settler, sheriff, bank, exchange, cap, None if supply is None else dict(supply))
    found = _search(dict(holding), means, dict(value))
    return found if found is not None else _solve(dict(holding), means, dict(value))


#: The bounds of `_solve`'s model: a count it may buy each way, a resource it may hold.
BIG, MOST_HELD = 40, 100

#: The Sheriff's payments: none, or any 3 resources.
SHERIFF_SPLITS: tuple[dict[str, int], ...] = (
    {},
    *(
        {r: n for r, n in zip(RESOURCES, split, strict=True) if n}
        for split in product(range(4), repeat=len(RESOURCES))
        if sum(split) == 3
    ),
)


def _search(holding: dict[str, int], means: Means, value: dict[str, int]) -> Payment | None:
    """The best payment (`_solve`'s order: points, then worth kept, then no trade) by trying
    each trade, Sheriff's payment and Bank count; the Settler's points then follow at once:
    as many as the cap and what is left allow, each bought the cheaper way (1 gold + 2
    logs, or 3 fur, by worth). None where two payments are best alike (CP-SAT's pick then),
    or a count is beyond the model's bounds."""
    if any(n > MOST_HELD for n in holding.values()):
        return None
    per_gold = value["gold"] + 2 * value["logs"]  # the worth a Settler's point costs each way
    per_fur = 3 * value["fur"]
    best: Payment | None = None
    best_score = (-1, -1, -1)
    tied = False
    for trade in [None, *TRADES] if means.exchange else [None]:
        have = _after_trade(holding, trade, means.supply)
        if have is None or any(n > MOST_HELD for n in have.values()):
            continue
        for sheriff in SHERIFF_SPLITS if means.sheriff else SHERIFF_SPLITS[:1]:
            left = {r: have[r] - sheriff.get(r, 0) for r in RESOURCES}
            if any(n < 0 for n in left.values()):
                continue
            for bank in range(min(BIG, left["gold"] // 2) + 1 if means.bank else 1):
                cap = means.cap - bool(sheriff) - bank
                if cap < 0:
                    break
                gold, logs, fur = left["gold"] - 2 * bank, left["logs"], left["fur"]
                most_gold = min(BIG, gold, logs // 2) if means.settler else 0
                most_fur = min(BIG, fur // 3) if means.settler else 0
                points = min(cap, most_gold + most_fur)
                low, high = max(0, points - most_fur), min(most_gold, points)
                settler_gold = high if per_gold < per_fur else low
                split_tied = per_gold == per_fur and high > low
                settler_fur = points - settler_gold
                kept = {
                    "gold": gold - settler_gold,
                    "logs": logs - 2 * settler_gold,
                    "fur": fur - 3 * settler_fur,
                }
                score = _score(points + bool(sheriff) + bank, kept, value, trade)
                if score > best_score:
                    best_score, tied = score, split_tied
                    best = Payment(score[0], trade, settler_gold, settler_fur, sheriff, bank, kept)
                elif score == best_score:
                    tied = True
    return None if tied else best


def _solve(holding: dict[str, int], means: Means, value: dict[str, int]) -> Payment:
    m = cpsat.new_model()
    trades = list(TRADES) if means.exchange else []
    use = {t: m.new_bool_var(t) for t in trades}
    m.add(sum(use.values()) <= 1)
    for t in trades:
        for r, n in TRADES[t][1].items():
            if means.supply is not None and means.supply.get(r, 0) < n:
                m.add(use[t] == 0)
    have = {}
    for r in RESOURCES:
        delta = sum((TRADES[t][1].get(r, 0) - TRADES[t][0].get(r, 0)) * use[t] for t in trades)
        have[r] = m.new_int_var(0, 100, f"have_{r}")
        m.add(have[r] == holding[r] + delta)
    big = 40
    a = m.new_int_var(0, big if means.settler else 0, "settler_gold")
    c = m.new_int_var(0, big if means.settler else 0, "settler_fur")
    b = m.new_int_var(0, big if means.bank else 0, "bank")
    s = m.new_bool_var("sheriff")
    if not means.sheriff:
        m.add(s == 0)
    sh = {r: m.new_int_var(0, 3, f"sheriff_{r}") for r in RESOURCES}
    m.add(sum(sh.values()) == 3 * s)
    spent = {"gold": a + sh["gold"] + 2 * b, "logs": 2 * a + sh["logs"], "fur": 3 * c + sh["fur"]}
    for r in RESOURCES:
        m.add(spent[r] <= have[r])
    points = a + c + s + b
    m.add(points <= means.cap)
    kept_value = sum(value[r] * (have[r] - spent[r]) for r in RESOURCES)
    # Points first, then the worth kept; a trade that changes neither is not made.
    objective = cpsat.maximize(points * 10_000 + kept_value * 10 - sum(use.values()))
    # Paying nothing is always a payment: anything but OPTIMAL is a SolveError.
    result = cpsat.solve(m, objective=objective, workers=1).require_optimal("the best investment")
    trade = next((t for t in trades if result.boolean_value(use[t])), None)
    kept = {r: result.value(have[r]) - result.value(spent[r]) for r in RESOURCES}
    sheriff = {r: result.value(sh[r]) for r in RESOURCES if result.value(sh[r])}
    return Payment(
        points=result.value(points),
        trade=trade,
        settler_gold=result.value(a),
        settler_fur=result.value(c),
        sheriff=sheriff,
        bank=result.value(b),
        kept=kept,
    )


def best_payment_brute_force(
    holding: dict[str, int], means: Means, value: dict[str, int]
) -> Payment:
    """The twin: try every trade, every split of the Sheriff's three, every count."""
    best: Payment | None = None
    best_score = (-1, -1, -1)
    trades: list[str | None] = [None, *TRADES] if means.exchange else [None]
    splits = [
        dict(zip(RESOURCES, x, strict=True)) for x in product(range(4), repeat=3) if sum(x) == 3
    ]
    sheriff_options: list[dict[str, int]] = [{}] + (splits if means.sheriff else [])
    for trade in trades:
        have = _after_trade(holding, trade, means.supply)
        if have is None:
            continue
        for sh in sheriff_options:
            for bank in range(0, (have["gold"] // 2 + 1) if means.bank else 1):
                for sg in range(0, 41 if means.settler else 1):
                    for sf in range(0, 41 if means.settler else 1):
                        paid = {
                            "gold": sg + 2 * bank + sh.get("gold", 0),
                            "logs": 2 * sg + sh.get("logs", 0),
                            "fur": 3 * sf + sh.get("fur", 0),
                        }
                        if any(paid[r] > have[r] for r in RESOURCES):
                            break
                        pts = sg + sf + bank + (1 if sh else 0)
                        if pts > means.cap:
                            break
                        kept = {r: have[r] - paid[r] for r in RESOURCES}
                        score = _score(pts, kept, value, trade)
                        if score > best_score:
                            best_score = score
                            best = Payment(
                                pts, trade, sg, sf, {r: n for r, n in sh.items() if n}, bank, kept
                            )
    assert best is not None
    return best
