"""Fire and Vandalism (`DG-MISFORTUNE`), from the rulebook's words: "Fire: Played against any
building. The building is then damaged. If there is no Firehouse, the owner of the affected
building must ... have each fellow player draw one card from his own hand. If there is a
Firehouse, its owner may draw 2 cards." "Vandalism: ... The owner of the affected building
must let one card be drawn from him, which is discarded." "No player may have more than one
Fire and one Vandalism card in front of him." I.O.U.: "no cards are drawn this time"; Fire
Insurance "prevents the loss of cards in the event of a fire.\""""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.draft import BuiltDraft, Draft
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import (
    Built,
    DGPlayer,
    DGState,
    load_dg_state,
    write_dg_state,
)
from tests.dry_gulch_support import cards

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def table(bob_hand: list[str], firehouse: str | None = None) -> DGState:
    buildings = [Built("saloon", "bob", "nw-1")]
    if firehouse:
        buildings.append(Built("firehouse", firehouse, "sw-2"))
    return DGState(
        [
            DGPlayer("ann", cards("event:fire", "event:vandalism")),
            DGPlayer("bob", cards(*bob_hand)),
            DGPlayer("cid"),
            DGPlayer("dan"),
        ],
        "ann",
        buildings,
    )


def test_fire_without_a_firehouse_each_fellow_player_draws_one() -> None:
    s = table(["lumber", "brick", "food", "mason"])
    r = play_misfortune(s, "fire", "nw-1", seed=1)
    assert r.legal and r.owner == "bob"
    assert sorted(r.drawn) == ["ann", "cid", "dan"] and all(len(v) == 1 for v in r.drawn.values())
    after = r.after
    assert after.buildings[0].damaged and list(after.player("bob").against) == ["fire"]
    assert len(after.player("bob").hand) == 1
    assert after.player("ann").hand[0].text == "event:vandalism"  # the fire was played
    drawn = Counter(t for v in r.drawn.values() for t in v)
    assert drawn + Counter(c.text for c in after.player("bob").hand) == Counter(
        ["lumber", "brick", "food", "mason"]
    )
    assert score(after).influence["bob"] == RULES.permits["saloon"].influence // 2


def test_fire_with_a_firehouse_its_owner_draws_two() -> None:
    r = play_misfortune(table(["lumber", "brick", "food"], firehouse="cid"), "fire", "nw-1")
    assert r.legal and list(r.drawn) == ["cid"] and len(r.drawn["cid"]) == 2


def test_vandalism_one_card_discarded() -> None:
    r = play_misfortune(table(["lumber", "brick"]), "vandalism", "nw-1", seed=2)
    assert r.legal and len(r.discarded) == 1 and r.drawn == {}
    assert len(r.after.player("bob").hand) == 1


def test_fire_insurance_and_iou_save_the_cards() -> None:
    insured = play_misfortune(table(["lumber", "event:fire-insurance"]), "fire", "nw-1")
    assert insured.handed_over == "fire-insurance" and insured.drawn == {}
    assert [c.text for c in insured.after.player("bob").hand] == ["lumber"]
    assert insured.after.buildings[0].damaged  # "The loss of influence points is not prevented"
    iou = play_misfortune(table(["lumber", "event:iou"]), "vandalism", "nw-1")
    assert iou.handed_over == "iou" and iou.discarded == ()
    assert [c.text for c in iou.after.player("ann").hand] == ["event:fire", "event:iou"]


def test_what_is_refused() -> None:
    s = table(["lumber"])
    draft = Draft.of(play_misfortune(s, "fire", "nw-1").after)
    draft.player("ann").hand.extend(cards("event:fire"))
    draft.buildings.append(BuiltDraft("hatmaker", "bob", "nw-3"))
    twice = draft.freeze()
    for state, event, site, why in (
        (s, "iou", "nw-1", "not a misfortune"),
        (s, "fire", "sw-9", "no building"),
        (table(["lumber"], firehouse="cid"), "fire", "sw-2", ""),  # legal: a Firehouse burns too
        (twice, "fire", "nw-1", "damaged already"),
        (twice, "fire", "nw-3", "in front already"),
    ):
        r = play_misfortune(state, event, site)
        if why:
            assert (
                not r.legal and r.reasons[0].code is Code.MISFORTUNE and why in r.reasons[0].message
            )
            assert r.after is state
        else:
            assert r.legal
    no_card = DGState([DGPlayer("ann"), DGPlayer("bob")], "ann", [Built("saloon", "bob", "nw-1")])
    assert "holds no" in play_misfortune(no_card, "fire", "nw-1").reasons[0].message


def test_a_state_files_misfortune_is_ruled_and_written(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text().replace('"event:iou",', '"event:fire",'))
    played = play_misfortune(load_dg_state(path), "fire", "sw-6")
    assert played.legal and played.to_json()["owner"] == "cid"
    write_dg_state(path, played.after)
    assert list(load_dg_state(path).player("cid").against) == ["fire"]
