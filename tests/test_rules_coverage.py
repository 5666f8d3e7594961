"""Rules of the Black Hills and Dry Gulch rulebooks that the referees applied but no test
pinned, found by the review in `docs/RULES-COVERAGE.md`: each test quotes the rulebook's
words it rests on."""

from __future__ import annotations

import dataclasses
from typing import Any

from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.state import DGPlayer, DGState


def table(ann: dict[str, Any], bob: dict[str, Any] | None = None, **kw: Any) -> BHState:
    """ann to play, bob beside her, a full supply."""
    players = [BHPlayer("ann", **ann), BHPlayer("bob", **(bob or {"characters": ["miner"]}))]
    return BHState(
        players=players,
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        **kw,
    )


def after(state: BHState, text: str) -> BHState:
    verdict = referee_text(state, text)
    assert verdict.legal and verdict.state is not None, verdict.reasons
    return verdict.state


def test_fire_in_the_city_costs_every_other_player_a_point() -> None:
    """ "Fire in the city. All other players lose one reputation point." (a player at 0
    stays at 0: the marker has no box below the initial one)."""
    three = BHState(
        players=[
            BHPlayer("ann", characters=["miner", "hunter"], events=["fire-in-the-city"], gold=2),
            BHPlayer("bob", characters=["miner"], reputation=3),
            BHPlayer("cid", characters=["miner"], reputation=0),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
    )
    s = after(three, "ann: miner; event fire-in-the-city")
    assert [p.reputation for p in s.players] == [0, 2, 0]
    assert s.player("ann").gold == 2  # paid 2 gold (BH-DATA-COSTS), the Miner took 2


def test_bison_migration_shuts_the_plain_to_the_others_not_to_its_player() -> None:
    """ "Bison migration. Take 1 fur. The other players cannot take fur from the Plain during
    the remainder of the round." The Preacher's fur is "on the Plain" too."""
    s = table(
        {"characters": ["hunter", "miner"], "events": ["bison-migration"]},
        {"characters": ["hunter", "preacher"]},
    )
    s = after(s, "ann: event bison-migration; hunter")
    assert s.player("ann").fur == 3  # 1 from the card, 2 first on the Plain
    shut = after(s, "bob: hunter")
    assert shut.player("bob").fur == 0
    assert after(s, "bob: preacher").player("bob").fur == 0


def test_the_storm_shuts_the_forest_to_the_others() -> None:
    """ "Storm. Take 1 log. The other players cannot take log from the Forest during the rest
    of the round.\""""
    s = table(
        {"characters": ["lumberjack", "miner"], "events": ["storm"]},
        {"characters": ["lumberjack", "miner"]},
    )
    s = after(s, "ann: event storm; lumberjack")
    assert s.player("ann").logs == 3
    assert after(s, "bob: lumberjack").player("bob").logs == 0


def test_the_sawmill_bearskins_and_stolen_gold_take_from_the_supply() -> None:
    """ "Stolen gold. Take 2 golds." "Bearskins. Take 3 furs." "The sawmill. Take 4 logs."
    "If a player is unable to take all the resources that are due ... he will only take
    those he can"."""
    for event, resource, n in (
        ("the-sawmill", "logs", 4),
        ("bearskins", "fur", 3),
        ("stolen-gold", "gold", 2),
    ):
        s = after(
            table({"characters": ["preacher", "gambler"], "events": [event]}),
            "ann: gambler from bob; event " + event,
        )
        assert getattr(s.player("ann"), resource) == n, event
    poor = table({"characters": ["gambler", "preacher"], "events": ["the-sawmill"]})
    poor = dataclasses.replace(poor, supply={**poor.supply, "logs": 3})
    assert after(poor, "ann: gambler from bob; event the-sawmill").player("ann").logs == 3


def test_the_deputy_sheriff_takes_the_badge_and_starts_the_next_round() -> None:
    """ "Deputy Sheriff. Takes the sheriff badge."; "The Sheriff will start a new round"."""
    s = table(
        {"characters": ["miner"], "events": ["deputy-sheriff"], "gold": 1},
        {"characters": ["hunter"]},
    )
    s = dataclasses.replace(s, sheriff="bob", turns={"ann": 1, "bob": 2})
    s = after(s, "ann: miner; event deputy-sheriff")
    assert s.round == 2 and s.sheriff == "ann" and s.active == "ann"


def test_jailbreak_hires_a_gunman_who_robs_in_the_same_turn() -> None:
    """ "Jailbreak. Recover your gunman from the jail at not cost. You can use your gunman from
    that moment on your turn."; "After the attack, the gunman will be locked up again"."""
    s = table(
        {"characters": ["miner", "hunter"], "events": ["jailbreak"], "gold": 1},
        {"characters": ["miner"], "fur": 2},
        jail=2,
    )
    s = after(s, "ann: miner; event jailbreak; rob bob die=2")
    assert s.player("ann").fur == 2 and s.player("bob").fur == 0
    assert s.player("ann").gunmen == 0 and s.jail == 2


def test_the_indian_chief_takes_fur_on_the_plain_or_logs_in_the_forest() -> None:
    """ "Indian Chief. take 1 fur on the Plain or 1 log in the Forest." The player says which."""
    s = table({"characters": ["indian-chief", "miner"]})
    assert after(s, "ann: indian-chief fur").player("ann").fur == 2
    assert after(s, "ann: indian-chief logs").player("ann").logs == 2
    unsaid = referee_text(s, "ann: indian-chief")
    assert not unsaid.legal and "say which" in unsaid.reasons[0].message


# -- Dry Gulch ---------------------------------------------------------------------------------


def dg_table() -> DGState:
    return DGState([DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")], "ann", [])


def test_the_chips_are_the_influence_that_wins() -> None:
    """ "Each player takes the family member chips ... With 3 players: 17 ... 4: 15 ... 5: 13
    ... 6: 11. One chip is placed on the residence." A player wins with every chip placed:
    the Residence counts one."""
    rules = load_rules()
    assert [rules.needed(n) for n in (3, 4, 5, 6)] == [17, 15, 13, 11]
    assert rules.permits["residence"].influence == 1


def test_a_residence_stands_only_at_the_outside_edge() -> None:
    """ "places it on a free building site on the board, so that the foot path points to a
    thick black line and to the outside edge of the board.\""""
    rules = load_rules()
    inner = next(s.id for s in rules.sites.values() if not s.edge and not s.bank_only)
    edge = next(s.id for s in rules.sites.values() if s.edge)
    assert Code.RESIDENCE_EDGE in {
        r.code for r in rule_placement(dg_table(), "residence", inner).reasons
    }
    assert Code.RESIDENCE_EDGE not in {
        r.code for r in rule_placement(dg_table(), "residence", edge).reasons
    }


def test_no_building_stands_where_no_thick_line_runs() -> None:
    """ "A building must be placed so that its sidewalks match the thick dark lines along the
    streets." Our board has a thick line along every site, so the rule is tried on a copy
    with one site without it."""
    rules = load_rules()
    site = next(s for s in rules.sites.values() if s.position == "middle" and not s.edge)
    plain = next(p.id for p in rules.permits.values() if not p.corner and not p.special)
    assert rule_placement(dg_table(), plain, site.id).legal
    bare = dataclasses.replace(
        rules, sites={**rules.sites, site.id: dataclasses.replace(site, sidewalk=False)}
    )
    # a state carries the board it is played on
    refused = rule_placement(dataclasses.replace(dg_table(), rules=bare), plain, site.id)
    assert [r.code for r in refused.reasons] == [Code.SIDEWALK]
