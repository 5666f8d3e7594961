"""Dry Gulch's discard phase (`DG-DISCARD`, `DG-HAND-LIMIT`), from the rulebook's words:
"The active player may discard any cards he wants. He also discards all event cards that
other players have played against him. All players with more than 15 cards must discard
randomly selected cards." "When the misfortune event card is discarded, the marker is also
removed from the building, and the building counts again as fully valid.\""""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import KINDS, load_rules
from adjudicator.dry_gulch.discard import discard_phase
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import (
    Built,
    DGPlayer,
    DGState,
    load_dg_state,
    write_dg_state,
)
from tests.budget import examples
from tests.dry_gulch_support import cards

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def test_the_active_player_discards_what_they_choose_and_nothing_else() -> None:
    s = DGState(
        [DGPlayer("ann", cards("lumber", "lumber", "food")), DGPlayer("bob", cards("brick"))],
        "ann",
    )
    r = discard_phase(s, ["lumber"])
    assert r.legal and [c.text for c in r.after.player("ann").hand] == ["lumber", "food"]
    assert [c.text for c in r.after.player("bob").hand] == ["brick"]
    assert [c.text for c in s.player("ann").hand] == ["lumber", "lumber", "food"]  # untouched
    for bad in (["brick"], ["lumber", "lumber", "lumber"]):
        refused = discard_phase(s, bad)
        assert not refused.legal and refused.reasons[0].code is Code.DISCARD
        assert refused.after is s


def test_misfortunes_against_the_active_player_go_and_their_buildings_count_again() -> None:
    plain = next(p for p in RULES.permits.values() if not p.corner and not p.special)
    site = next(x for x in RULES.sites if not RULES.sites[x].bank_only)
    s = DGState(
        [DGPlayer("ann", against=["fire"]), DGPlayer("bob", against=["vandalism"])],
        "ann",
        [Built(plain.id, "ann", site, damaged=True)],
    )
    assert score(s).influence["ann"] == plain.influence // 2
    r = discard_phase(s, [])
    assert r.legal and r.misfortunes == ("fire",) and r.repaired == (site,)
    assert r.after.player("ann").against == () and not r.after.buildings[0].damaged
    assert score(r.after).influence["ann"] == plain.influence
    assert list(r.after.player("bob").against) == ["vandalism"]  # only the active player's go


CARDS = st.sampled_from([*KINDS, "labor:1", "labor:2", "event:iou", "event:fire"])


# Every boundary of "more than 15" is an example, so that each run reaches them (40 random
# lists of up to 20 cards seldom hold 16): 14 and 15 keep every card, 16 and 17 lose 1 and 2.
@settings(max_examples=examples(40), deadline=None)
@given(st.lists(CARDS, max_size=20), st.lists(CARDS, max_size=20), st.integers(0, 99))
@example(["lumber"] * 14, ["food"] * 15, 0)
@example(["lumber"] * 15, ["food"] * 16, 1)
@example(["lumber"] * 16, ["food"] * 17, 2)
@example(["lumber"] * 17, ["food"] * 14, 3)
def test_every_hand_over_the_limit_loses_random_cards_down_to_it(
    ann: list[str], bob: list[str], seed: int
) -> None:
    s = DGState([DGPlayer("ann", cards(*ann), ["saloon"]), DGPlayer("bob", cards(*bob))], "ann")
    r = discard_phase(s, [], seed)
    assert r.legal
    for name, before in (("ann", ann), ("bob", bob)):
        after = [c.text for c in r.after.player(name).hand]
        assert len(after) == min(len(before), RULES.hand_limit)
        lost = r.at_random.get(name, [])
        assert Counter(after) + Counter(lost) == Counter(before)
    assert r.after.player("ann").permits == ("saloon",)  # permits are not cards here
    again = discard_phase(s, [], seed)  # the seed decides: the phase replays the same
    assert again.at_random == r.at_random


def test_fifteen_cards_are_kept_and_sixteen_lose_one() -> None:
    """ "All players with more than 15 cards must discard randomly selected cards": 15 is
    not more than 15 (nothing goes), 16 is (one card goes, at random)."""
    s = DGState(
        [DGPlayer("ann", cards(*["lumber"] * 15)), DGPlayer("bob", cards(*["food"] * 16))], "ann"
    )
    r = discard_phase(s, [], 7)
    assert r.legal
    assert len(r.after.player("ann").hand) == 15 and "ann" not in r.at_random
    assert len(r.after.player("bob").hand) == 15 and r.at_random["bob"] == ("food",)


def test_a_state_files_discard_is_ruled_and_written(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text())
    state = load_dg_state(path)
    assert discard_phase(state, ["lumber"]).to_json()["discarded"] == ["lumber"]
    refused = discard_phase(state, ["mason", "mason"])
    assert not refused.legal and refused.reasons[0].code is Code.DISCARD
    write_dg_state(path, discard_phase(state, ["lumber"]).after)
    texts = [c.text for c in load_dg_state(path).player("ann").hand]
    assert texts.count("lumber") == 2 and len(texts) == 14
