"""Black Hills, issue 35 items 4 and 5: the hint (`Table.hint`, the command line's `hint` and
the page's) is computed from what its player may know (`black_hills/knows.py`), never from
the face-down cards. Two tables ann cannot tell apart — the others' kept characters, their
discards, the cards left over, their event cards and the event deck arranged otherwise —
give her the same hint, byte for byte. The blind steal is the choice of a victim (which
card it draws is the commit's, and no choice of the turn rests on it); the Shaman's deal
is an expectation over her own discards and the characters she has not seen."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from adjudicator.black_hills.candidates import INVEST_MOST, candidate_turns
from adjudicator.black_hills.chance import deal_odds
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.game.table import TABLE
from adjudicator.black_hills.knows import view_state
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.render.pages.black_hills import PAGE

RULES = load_rules()
MINE = ("shaman", "colonel")
UNSEEN = tuple(c for c in sorted(RULES.characters) if c not in MINE)
EVENTS = tuple(sorted(RULES.events))


def _world(turn: int) -> BHState:
    """ann holds the Shaman and the Colonel, no event card; bob and cid one event card
    each. Which unseen characters and events lie where turns with `turn`."""
    chars = UNSEEN[turn:] + UNSEEN[:turn]
    events = EVENTS[turn:] + EVENTS[:turn]
    return BHState(
        players=(
            BHPlayer("ann", gold=2, logs=2, fur=3, characters=MINE),
            BHPlayer("bob", gold=1, characters=chars[0:2], events=events[0:1]),
            BHPlayer("cid", fur=2, characters=chars[2:4], events=events[1:2]),
        ),
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=3,
        discarded=chars[4:10],
        leftover=chars[10:],
        event_deck=events[2:],
    )


def _said(s: BHState) -> str:
    ranked = TABLE.hint(s, "ann", "t.game")
    # as a served seeded game ranks a robbery: written whole before the die
    committed = TABLE.hint(s, "ann", "t.game", committed=True)
    page = PAGE.hint(TABLE, s, "t.game", 5, "ann")
    return json.dumps(
        [[c.to_json() for c in ranked], [c.to_json() for c in committed], page], sort_keys=True
    )


def test_two_tables_ann_cannot_tell_apart_give_her_the_same_hint() -> None:
    """The minimal input of items 4 and 5: the hint read the others' event cards (the
    blind steal listed `steal bob drew=...`) and the actual discards (the Shaman's
    expectation differed between such tables)."""
    a, b = _world(0), _world(5)
    assert view_state(a, "ann") == view_state(b, "ann")
    assert _said(a) == _said(b)


def test_the_blind_steal_is_weighed_as_the_choice_of_a_victim() -> None:
    """ "steal an event card from any player he chooses": the victim is chosen, the card
    drawn unseen. The hint weighed each card of the victim's actual hand (and planned on
    it: `steal bob drew=bank; event bank`). In ann's view each card she cannot see is
    alike, and as the served table deals it at the commit, no later choice of the turn
    rests on it: the steal is the victim chosen, its value the same whatever it draws."""
    view = view_state(_world(0), "ann")
    turns = [format_turn_move(m) for _, m in candidate_turns(view, "ann", INVEST_MOST)]
    steals = [t for t in turns if "steal" in t]
    assert (
        "ann: colonel at plain steal bob" in steals and "ann: colonel at mine steal cid" in steals
    )
    assert not any("drew=" in t for t in steals), steals
    colonel = next(c for c in TABLE.hint(_world(0), "ann", "t.game") if c.character == "colonel")
    assert "drew=" not in colonel.text and not colonel.outcomes


def test_the_page_says_the_expectation_in_words() -> None:
    """It printed a Python dict: `expected {'exact': '0', 'value': 0.0}`."""
    lines = PAGE.hint(TABLE, _world(0), "t.game", 5, "ann")["lines"]
    planned = [line for line in lines if "expected" in line]
    assert planned and all("{" not in line for line in planned), planned
    said = "reputation; the die or the deal decides the rest"
    assert all(line.endswith(said) for line in planned)


def test_the_shamans_deal_weighs_ann_own_discards_and_the_unseen_characters() -> None:
    """ann's two discards lie in the pool for certain; the others' four are any of the
    characters she has not seen. The odds of the deals sum to one, and a deal holding both
    of hers is as likely as the words make it: C(4,2)/C(6,4) spread over the pairs of
    unseen cards."""
    s = _world(0)
    unseen = [c for c in UNSEEN if c not in ("hunter", "miner")]
    view = _with_pool(s, ("hunter", "miner"), 4)
    odds = deal_odds(view)
    assert sum(p for _, p in odds) == 1
    both = [p for deal, p in odds if {"hunter", "miner"} <= set(deal)]
    assert len(both) == len(list(combinations(unseen, 2)))
    assert sum(both) == Fraction(6, 15)


def _with_pool(s: BHState, mine: tuple[str, ...], hidden: int) -> BHState:
    """A view whose pool is `mine` and every character ann has not seen, `hidden` of
    which the others discarded."""
    pool = tuple(sorted({*mine, *(c for c in UNSEEN if c not in mine)}))
    return replace(s, discarded=pool, leftover=(), view_pool=(mine, hidden))


def test_the_view_knows_the_hand_its_player_was_dealt() -> None:
    """`knows.dealt_hands` deals as the set-up (round 1) and a round's end (round 2) do:
    the player's own four, whose two discards the player knows lie in the pool."""
    from adjudicator.black_hills.draft import Draft
    from adjudicator.black_hills.knows import dealt_hands
    from adjudicator.black_hills.round import end_round
    from adjudicator.black_hills.setup import new_table

    for seed in (1, 7, 108):
        s = new_table(["ann", "bob", "cid"], seed)
        assert dealt_hands(RULES, seed, 1, s.names()) == {p.name: p.characters for p in s.players}
        d = Draft.of(s)
        end_round(d, [])
        assert dealt_hands(RULES, seed, 2, s.names()) == {
            p.name: tuple(p.characters) for p in d.players
        }


def test_the_view_holds_its_players_own_discards_and_counts_the_others() -> None:
    """Seed 1: ann was dealt gold-digger, merchant, shaman, preacher and kept the Shaman
    and the Merchant: her two discards lie in the pool for certain; the others' six are
    any of the ten characters she has not seen (none is face up yet)."""
    from adjudicator.black_hills.game.record import parse_record
    from adjudicator.black_hills.game.replay import replay

    text = (
        '[Edition "black-hills"]\n[Players "ann, bob, cid, dan"]\n[Seed "1"]\n\n'
        "ann: keep shaman merchant\nbob: keep outlaw tracker\n"
        "cid: keep madam hunter\ndan: keep colonel miner\n"
    )
    view = view_state(replay(parse_record(text)).state, "ann")
    assert view.view_pool == (("gold-digger", "preacher"), 6)
    assert len(view.discarded) == 2 + 12 and view.seed is None
    assert all(
        p.events == tuple(e for e in EVENTS if e != "reinforcements") for p in view.players[1:]
    )
