"""Black Hills, issue 27 ("The rulebooks' words, round four"): where the code departed from
the rulebook's words (`../shared/seeds/004_*`), the words now win; each test quotes them,
asserts the turns the referee takes and those it refuses (by their rule code), and the
table's option (`black_hills/options.py`) that keeps the earlier reading."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.black_hills.best import best_turns, most_reputation
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import BHPlayer, BHState, state_data
from adjudicator.cli.main import app
from tests import black_hills_support as support
from tests import black_hills_twin as twin
from tests.black_hills_support import legal, refused

runner = CliRunner()


def table(*players: BHPlayer, **kw: Any) -> BHState:
    """The shared table with every gunman in the jail."""
    return support.table(*players, jail=kw.pop("jail", len(players)), **kw)


def _kept(s: BHState, keep_shaman: str | None = None) -> BHState:
    """Every player's set-up discard: the first two of each hand (`keep_shaman`'s player
    keeps the Shaman among them)."""
    for p in s.players:
        hand = sorted(p.characters, key=lambda c: (p.name != keep_shaman or c != "shaman", c))
        s = legal(s, f"{p.name}: keep {' '.join(hand[:2])}")
    return s


def _dealt(s: BHState, player: str) -> list[str]:
    """The four the referee deals to `shaman draw` naming no card (it names them)."""
    v = refused(s, f"{player}: shaman draw", Code.SHAMAN, "the Shaman is dealt")
    return v.reasons[0].message.split("dealt ")[1].split(":")[0].split(", ")


# -- 1. The Shaman's pool ------------------------------------------------------------------------


def _shaman_seed(names: list[str]) -> tuple[int, str]:
    """A seed whose deal gives someone the Shaman, and who."""
    for seed in range(200):
        s = new_table(names, seed)
        for p in s.players:
            if "shaman" in p.characters:
                return seed, p.name
    raise AssertionError("no deal gives the Shaman")


def test_the_shamans_draw_deals_only_the_cards_discarded_this_round() -> None:
    """Setup 7: "The remaining character cards are left face down on the other side of the
    game board; this deck will not be used during this round." Shaman: "The discarded
    character cards are shuffled, four cards are dealt". With three players the draw deals
    from the six discards, never from the four left over; with two, from the four discards
    (all of them), never from the eight left over."""
    for names, discards, left in ((["ann", "bob", "cid"], 6, 4), (["ann", "bob"], 4, 8)):
        seed, who = _shaman_seed(names)
        s = new_table(names, seed)
        assert s.discarded == () and len(s.leftover) == left
        s = _kept(s, keep_shaman=who)
        assert len(s.discarded) == discards and len(s.leftover) == left
        s = replace(s, active=who)
        dealt = _dealt(s, who)
        assert len(dealt) == 4 and set(dealt) <= set(s.discarded)
        if discards == 4:
            assert sorted(dealt) == sorted(s.discarded)
        # A deal the table writes with a card out of the round is refused.
        out = s.leftover[0]
        told = ",".join([out, *[c for c in s.discarded if c != "shaman"][:3]])
        refused(s, f"{who}: shaman draw {out} dealt={told}", Code.SHAMAN, "discards of")


def test_the_round_end_puts_the_undealt_cards_out_of_the_next_round() -> None:
    """ "All character cards are gathered together, shuffled and four cards are once again
    dealt to each player"; the rest, as at Setup 7, "will not be used during this round":
    a new round starts with no discards, the undealt cards left over."""
    s = table(
        BHPlayer("ann", characters=["miner"]),
        BHPlayer("bob", characters=["hunter"]),
        discarded=["tracker", "explorer"],
        turns={"ann": 1, "bob": 1},
        seed=3,
    )
    after = legal(s, "ann: miner")
    after = legal(after, "bob: hunter")
    assert after.round == 2 and after.discarded == ()
    assert len(after.leftover) == 16 - 8
    dealt = {c for p in after.players for c in p.characters}
    assert not dealt & set(after.leftover)


def _pool_table(**options: str) -> BHState:
    """ann holds the Shaman; two discards this round, two cards left over."""
    return table(
        BHPlayer("ann", fur=2, characters=["shaman", "hunter"]),
        BHPlayer("bob", characters=["gambler", "madam"]),
        discarded=["preacher", "miner"],
        leftover=["explorer", "tracker"],
        options=BHOptions(**options),
    )


def test_the_option_shaman_pool_all_keeps_the_leftovers_in_the_draw() -> None:
    """Setup 8 puts the discards "face down on the deck of character cards that are left
    over": a table that cannot tell them apart there deals from both (`shaman-pool=all`, the
    earlier reading); by default the leftovers are out."""
    s = _pool_table()
    assert sorted(_dealt(s, "ann")) == ["miner", "preacher"]
    refused(s, "ann: shaman draw explorer dealt=explorer,miner", Code.SHAMAN, "discards of")
    every = _pool_table(shaman_pool="all")
    assert sorted(_dealt(every, "ann")) == ["explorer", "miner", "preacher", "tracker"]
    done = legal(every, "ann: shaman draw explorer dealt=explorer,miner,preacher,tracker")
    assert "explorer" not in done.leftover and done.discarded == ("preacher", "miner")


def test_best_expects_the_draw_over_this_rounds_discards_only() -> None:
    """The expectation over "four cards are dealt" runs over the discards alone: with two
    discards there is one deal (the Preacher buys ann's point for certain); with the
    leftovers in (`shaman-pool=all`) there is one deal of the four. The twin agrees."""
    s = _pool_table()
    shaman = next(c for c in best_turns(s) if c.character == "shaman")
    assert len(shaman.outcomes) == comb(2, 2) and shaman.expected_reputation == 1
    every = _pool_table(shaman_pool="all")
    shaman = next(c for c in best_turns(every) if c.character == "shaman")
    assert len(shaman.outcomes) == comb(4, 4)
    bigger = replace(every, leftover=("explorer", "tracker", "lumberjack"))
    shaman = next(c for c in best_turns(bigger) if c.character == "shaman")
    assert len(shaman.outcomes) == comb(5, 4)
    assert shaman.expected_reputation == Fraction(4, 5)  # the Preacher in four deals of five
    for x in (s, every, bigger):
        ranked = best_turns(x)
        assert [(c.character, c.key) for c in ranked] == twin.expected_turns(x, "ann")


# -- 2. A keep inside a turn ---------------------------------------------------------------------


def test_a_keep_inside_a_turn_is_refused_even_naming_the_cards_held() -> None:
    """Setup 8: "Each player takes a look at the cards in his hand and decides to discard 2
    of them that are placed face down on the deck of character cards that are left over."
    The discard is the set-up's, a line of its own (BH-KEEP); `keep` in a turn is refused,
    even when it names the two cards already held (it used to pass as a no-op)."""
    s = table(
        BHPlayer("ann", characters=["gambler", "hunter"]),
        BHPlayer("bob", characters=["miner", "madam"]),
    )
    refused(s, "ann: keep gambler hunter; hunter", Code.KEEP, "a line of its own")
    refused(s, "ann: hunter; keep gambler hunter", Code.KEEP, "a line of its own")
    v = referee_text(s, "ann: keep gambler hunter")  # the set-up's line: over already
    assert not v.legal and v.code is Code.KEEP
    legal(s, "ann: hunter")


# -- 3. A City card written with its area --------------------------------------------------------


def test_a_city_card_may_be_written_with_its_own_area() -> None:
    """ "The Settlers are placed in the City"; "Although the Sheriff and the Outlaw are
    placed on the City, the Colonel and the Shaman has no predetermined location."
    `sheriff at city` and `preacher at city` name the card's own area: accepted, the same
    turn as without it; another area is still refused (BH-AREA)."""
    s = table(
        BHPlayer("ann", gold=1, logs=1, fur=2, characters=["sheriff", "preacher"]),
        BHPlayer("bob", characters=["outlaw", "madam"]),
        BHPlayer("cid", characters=["gambler", "merchant"]),
    )
    for card in ("sheriff", "preacher"):
        written = legal(s, f"ann: {card} at city; invest")
        assert written == legal(s, f"ann: {card}; invest")
        assert written.player("ann").reputation == 1
        refused(s, f"ann: {card} at plain", Code.AREA, "is not placed in the Plain")
        refused(s, f"ann: {card} at mine", Code.AREA, "is not placed in the Mine")
    bob = replace(s, active="bob")
    assert legal(bob, "bob: outlaw at city") == legal(bob, "bob: outlaw")
    refused(bob, "bob: outlaw at forest", Code.AREA, "is not placed in the Forest")
    cid = replace(s, active="cid")
    legal(cid, "cid: gambler at city from ann")
    legal(cid, "cid: merchant at city")


# -- 4. The first placement: tests/test_black_hills_rulebook.py (section D8) --------------------
# -- 5. The Colonel's steal: blind by default; a certain steal counts for `invest` ---------------


def _colonel(*bob_events: str) -> BHState:
    """ann holds the Colonel and 4 gold; bob the event cards given."""
    return table(
        BHPlayer("ann", gold=4, characters=["colonel", "hunter"]),
        BHPlayer("bob", events=list(bob_events)),
        supply={"gold": 6, "logs": 10, "fur": 10},
        seed=3,
    )


def test_invest_counts_a_blind_steal_that_is_certain() -> None:
    """ "Additionally this card allows a player to steal an event card from any player he
    chooses": he chooses the player; the card is drawn unseen (`colonel-steal=blind`, the
    default). When bob holds one card, the draw can only be it: the Bank stolen and
    activated buys 2 points with 4 gold, a sure gain that `invest` (most_reputation) counts
    as `best` does; with two cards in bob's hand it is chance's, and `invest` does not."""
    s = _colonel("bank")
    assert s.options.colonel_steal == "blind"
    best = most_reputation(s, "ann")
    assert best is not None and best.verdict.reputation_gained == 2
    assert "steal bob drew=bank" in best.text and best.text.endswith("event bank")
    top = best_turns(s)[0]
    assert top.character == "colonel" and top.key == best.key
    assert [(c.character, c.key) for c in best_turns(s)] == twin.expected_turns(s, "ann")
    assert [(c.character, c.key) for c in best_turns(s, chance=False)] == [
        (c, (Fraction(k[0]), Fraction(k[1]))) for c, k in twin.best_turns(s, "ann")
    ]
    unsure = _colonel("bank", "storm")
    sure = most_reputation(unsure, "ann")
    assert sure is None or sure.verdict.reputation_gained == 0
    colonel = next(c for c in best_turns(unsure) if c.character == "colonel")
    assert colonel.expected_reputation == 1  # the Bank one time in two
    # The command line's `invest` says the same.
    r = runner.invoke(app, ["black-hills", "invest", str(_write(s)), "--by", "ann", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["reputation"] == 2, r.output


def _write(s: BHState) -> Path:
    path = Path(tempfile.mkdtemp()) / "colonel.json"
    path.write_text(json.dumps(state_data(s)))
    return path


# -- 6. The Safeguard: both sentences ------------------------------------------------------------


def test_each_sentence_of_the_safeguard_has_its_own_meaning() -> None:
    """ "Safeguard. The Colonel block will not affect you. The Colonel cannot act against
    any other player during the round." The second: no Colonel acts against a player other
    than its own (ann's block of cid's card, ann's steal from bob). The first: the holder is
    not blocked even by his own Colonel, which would stop him otherwise (the Colonel "stops
    the next player who places their card in that area", its own player too). A Colonel's
    block of its own player is no act against another: it stands for a player holding no
    Safeguard. That is the option `safeguard=others`, read here (issue 35 made `everyone`,
    no block at all, the default: tests/test_bh_safeguard.py); `holder`: only the holder
    is safe."""

    def at_mine(holders: list[str], **options: str) -> BHState:
        return table(
            BHPlayer("ann", characters=["miner", "colonel"], events=["storm"]),
            BHPlayer("bob", characters=["engineer"], events=["bank"]),
            BHPlayer("cid", characters=["gold-digger"]),
            placed=[("ann", "colonel", "mine")],
            colonel=[("mine", "ann")],
            safeguard=holders,
            options=BHOptions(**{"safeguard": "others", **options}),
        )

    def gold_after(s: BHState, text: str) -> int:
        v = referee_text(s, text)
        assert v.legal and v.state is not None, v.reasons
        return v.state.player(text.split(":")[0]).gold

    # bob holds the Safeguard: ann's Colonel cannot stop cid (another player) ...
    assert gold_after(replace(at_mine(["bob"]), active="cid"), "cid: gold-digger") == 1
    # ... but it stops ann, its own player, who holds none.
    assert gold_after(at_mine(["bob"]), "ann: miner") == 0
    # ann holds the Safeguard: "The Colonel block will not affect you", her own Colonel's.
    assert gold_after(at_mine(["ann"]), "ann: miner") == 1
    # No steal against another player while a Safeguard is in force (bob's).
    steal = table(
        BHPlayer("ann", characters=["colonel"]),
        BHPlayer("bob", events=["bank"]),
        BHPlayer("cid", events=["storm"]),
        safeguard=["bob"],
        options=BHOptions(safeguard="others"),
    )
    refused(steal, "ann: colonel at city steal cid", Code.SAFEGUARD, "against cid")
    refused(steal, "ann: colonel at city steal bob", Code.SAFEGUARD, "against bob")
    # Revision 3, `safeguard=everyone`: ann's own block is kept off too.
    assert gold_after(at_mine(["bob"], safeguard="everyone"), "ann: miner") == 1
    # `safeguard=holder`: only bob is safe; cid is blocked.
    held = replace(at_mine(["bob"], safeguard="holder"), active="cid")
    assert gold_after(held, "cid: gold-digger") == 0
    for x in (at_mine(["bob"]), at_mine(["ann"]), at_mine(["bob"], safeguard="everyone")):
        assert [(c.character, c.key) for c in best_turns(x, chance=False)] == [
            (c, (Fraction(k[0]), Fraction(k[1]))) for c, k in twin.best_turns(x, "ann")
        ]


# -- 7. The event action: one form or the other; the robbery's victims at 3 ----------------------


def test_a_turn_activates_an_event_or_discards_not_both() -> None:
    """ "Activate an event card, paying the cost indicated on the card, or discard one or two
    of the event cards of his hand (optional action)": one action, one form or the other.
    "A player cannot activate any event cards in his turn if he has discarded any event
    cards in the same turn" refuses one order; the "or" of the action list refuses the
    other (BH-EVENT-OR-DISCARD). Option `event-or-discard=both` (revision 3) allows a discard
    after the turn's event."""
    s = table(
        BHPlayer("ann", characters=["sheriff", "hunter"], events=["bearskins", "storm"]),
        BHPlayer("bob", characters=["miner", "madam"]),
    )
    refused(
        s,
        "ann: sheriff; event bearskins; discard event storm",
        Code.EVENT_OR_DISCARD,
        "no discard after activating",
    )
    refused(s, "ann: sheriff; discard event storm; event bearskins", Code.EVENT_OR_DISCARD, "after")
    assert legal(s, "ann: sheriff; event bearskins").player("ann").events == ("storm",)
    gone = legal(s, "ann: sheriff; discard event storm bearskins")
    assert gone.player("ann").events == () and gone.used_events == ("storm", "bearskins")
    both = replace(s, options=BHOptions(event_or_discard="both"))
    after = legal(both, "ann: sheriff; event bearskins; discard event storm")
    assert after.player("ann").events == () and after.player("ann").fur == 3


def test_a_robbery_at_three_takes_from_one_or_two_players_still() -> None:
    """ "the result of the dice indicates the number of resources that can be steal from the
    other players reserve. If the result of the die indicates that the player could steal
    two resources, the attacker could decide to take the resources from just one player or
    two players." The die at 3 says how many resources, never how many players: the one
    sentence naming victims says one or two, and no word allows a third (BH-TWO-VICTIMS)."""
    s = table(
        BHPlayer("ann", characters=["outlaw", "hunter"], gunmen=1),
        BHPlayer("bob", gold=3),
        BHPlayer("cid", fur=2),
        BHPlayer("dan", logs=2),
        jail=3,
    )
    one = legal(s, "ann: hunter; rob bob die=3")
    assert one.player("bob").gold == 0 and one.player("ann").gold == 3
    two = legal(s, "ann: hunter; rob bob:gold cid:fur cid:fur die=3")
    assert two.player("ann").resources == 2 + 3 and two.player("cid").fur == 0
    refused(s, "ann: hunter; rob bob cid dan die=3", Code.TWO_VICTIMS, "two players")
    refused(s, "ann: hunter; rob bob:gold cid:fur dan:logs die=3", Code.TWO_VICTIMS, "two")
