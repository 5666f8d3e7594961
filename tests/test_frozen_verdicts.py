"""A verdict, once given, cannot be changed (issue 36): the rules' frozen answers held
dicts and lists, so a view or a caller could rewrite a score, a plan's sites or a payment
(and `best_payment` hands every caller the same cached `Payment`). Their mappings are
read-only copies now, their lists tuples, and their JSON is what it was."""

from __future__ import annotations

import json

import pytest

from adjudicator.black_hills.invest import Means, best_payment
from adjudicator.core.data import data_dir
from adjudicator.deduction.rules.ruling import Ruling, Status
from adjudicator.dry_gulch.draw import draw_phase
from adjudicator.dry_gulch.pay import Plan
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import Decks, DGPlayer, DGState, load_dg_state
from tests.factories import state as deduction_state

EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def test_a_score_cannot_be_changed() -> None:
    result = score(load_dg_state(EXAMPLE))
    before = json.dumps(result.to_json())
    with pytest.raises(TypeError):
        result.influence["ann"] = 99  # type: ignore[index]
    with pytest.raises(TypeError):
        result.lacks["ann"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        result.problems.append("a note")  # type: ignore[attr-defined]
    assert isinstance(result.detail["ann"], tuple) and isinstance(result.winners, tuple)
    assert json.dumps(result.to_json()) == before


def test_a_plans_sites_are_a_copy_that_cannot_be_changed() -> None:
    sites = {"saloon": "nw-1"}
    plan = Plan(("saloon",), sites, (), 3, 4)
    sites["saloon"] = "ne-2"  # the dict it was given changes; the verdict does not
    assert plan.sites == {"saloon": "nw-1"}
    with pytest.raises(TypeError):
        plan.sites["saloon"] = "ne-2"  # type: ignore[index]


def test_a_cached_payment_cannot_be_changed_for_the_next_caller() -> None:
    holding = {"gold": 3, "logs": 4, "fur": 5}
    means = Means(settler=True, sheriff=True, bank=True, exchange=True)
    value = {"gold": 4, "fur": 2, "logs": 1}
    paid = best_payment(holding, means, value)
    with pytest.raises(TypeError):
        paid.kept["gold"] = 99  # type: ignore[index]
    with pytest.raises(TypeError):
        paid.sheriff["gold"] = 3  # type: ignore[index]
    assert best_payment(holding, means, value) == paid
    assert json.loads(json.dumps(paid.to_json()))["kept"] == dict(paid.kept)


def test_a_phase_verdict_holds_tuples_and_writes_the_same_json() -> None:
    s = DGState(
        [DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")],
        "ann",
        [],
        Decks(resources=["lumber", "brick", "food", "mason"]),
    )
    drawn = draw_phase(s, ["resources"])
    assert drawn.resources == ("lumber", "brick", "food")
    assert drawn.to_json()["resources"] == ["lumber", "brick", "food"]


def test_a_rulings_points_detail_cannot_be_changed() -> None:
    st = deduction_state()
    detail = {"removed": 2}
    ruling = Ruling("play", "ann", Status.PLAYABLE, (), st, st, points_detail=detail)
    detail["removed"] = 5
    assert ruling.points_detail == {"removed": 2}
    with pytest.raises(TypeError):
        ruling.points_detail["removed"] = 5  # type: ignore[index]
