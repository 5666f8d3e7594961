"""The benchmark's Dry Gulch and Black Hills cases, each engine beside its second engine or
brute-force twin: payments and building plans; the most reputation and the best turns."""

from __future__ import annotations

from typing import Any

from adjudicator.core.data import data_dir
from benchmarks.case import BenchCase

__all__ = ["black_hills_cases", "dry_gulch_cases"]


def dry_gulch_cases() -> list[BenchCase[Any, Any]]:
    from adjudicator.dry_gulch.pay import pay, pay_cpsat, plan, plan_cpsat
    from adjudicator.dry_gulch.place import legal_sites
    from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, card_value, load_dg_state
    from adjudicator.dry_gulch.state import parse_card as parse_dg

    dg = load_dg_state(data_dir("examples") / "dry-gulch-turn.toml")
    hand = dg.player().hand
    sites = {p: legal_sites(dg, p) for p in dg.player().permits}

    def worth(payment: Any) -> int | None:
        return (
            None if payment is None else sum(card_value(hand[i], dg.rules) for i in payment.cards())
        )

    # The worst case measured for `plan`: 15 cards (the hand limit), Labor cards of every
    # value and three Handyman Brothers, every permit of the game bar the General Store
    # the player owns (random full hands take 0.1-0.3 s; CP-SAT took up to minutes).
    rules = dg.rules
    every = [p for p, v in rules.permits.items() if v.special != "residence"]
    every = [p for p in every for _ in range(rules.permits[p].count)]
    every.remove("general-store")
    worst_hand = ["labor:1"] * 4 + ["labor:2"] * 4 + ["labor:3"] * 4
    worst_hand += ["event:handyman-brother"] * 3
    ann = DGPlayer("ann", tuple(parse_dg(c, rules) for c in worst_hand), tuple(every))
    worst = DGState(
        (ann, DGPlayer("bob"), DGPlayer("cid")),
        "ann",
        (Built("general-store", "ann", "se-1"),),
    )
    worst_sites = {p: legal_sites(worst, p) for p in set(every)}

    return [
        BenchCase(
            "dry-gulch-pay",
            f"paying for the Pharmacist from a {len(hand)}-card hand (search) vs CP-SAT, "
            "its second engine",
            lambda: pay(dg, "pharmacist"),
            lambda: pay_cpsat(dg, "pharmacist"),
            lambda a, b: worth(a) == worth(b),
            lambda p: {"hand": len(hand), "spent_worth": worth(p)},
            max_runs=51,
        ),
        BenchCase(
            "dry-gulch-plan",
            f"the best building plan for three permits and a {len(hand)}-card hand (search) "
            "vs CP-SAT (the brute-force twin is in the tests, on 7 cards)",
            lambda: plan(dg, "ann", sites),
            lambda: plan_cpsat(dg, "ann", sites),
            lambda a, b: (a.influence, a.spent_worth) == (b.influence, b.spent_worth),
            detail=lambda r: {"hand": len(hand), "influence": r.influence},
            max_runs=21,
        ),
        BenchCase(
            "dry-gulch-plan-worst",
            f"the best plan for every permit ({len(every)}) and the worst 15-card hand "
            "measured (no twin: CP-SAT takes seconds here)",
            lambda: plan(worst, "ann", worst_sites),
            None,
            detail=lambda r: {"permits": len(every), "influence": r.influence},
            max_runs=11,
        ),
    ]


def black_hills_cases() -> list[BenchCase[Any, Any]]:
    from adjudicator.black_hills.best import best_turns, most_reputation
    from adjudicator.black_hills.state import load_bh_state

    bh = load_bh_state(data_dir("examples") / "black-hills-round1.toml")

    return [
        BenchCase(
            "black-hills-invest",
            "the most reputation cid can buy (CP-SAT payments) (no twin here: the "
            "independent twin, tests/black_hills_twin.py, runs in the tests)",
            lambda: most_reputation(bh, "cid"),
            None,
            detail=lambda c: {"points": c.verdict.reputation_gained},
            max_runs=51,
        ),
        BenchCase(
            "black-hills-best",
            "ann's best turn per character (no twin here: the independent twin, "
            "tests/black_hills_twin.py, runs in the tests)",
            lambda: best_turns(bh),
            None,
            detail=lambda r: {"characters": len(r)},
            max_runs=21,
        ),
    ]
