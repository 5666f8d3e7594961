"""A payment the player names in a Dry Gulch game record (`DG-PAY-KEEP`, `DG-PAY`,
`DG-PAY-MISSING`), from the rulebook's words: "Buildings are built by playing the goods and
ability cards that the building requires. If a player does not have all the required
resources, he may replace missing ones with any other cards from his hand, according to
the table." Otto's Pharmacist: "He uses 1 Carpenter as a Carpenter and one Lumber as
Lumber. He uses 2 further Lumber as a Blacksmith. The I.O.U. and the Gold Strike are used
as Whiskey, and the Labor card as Labor; the surplus point on Labor is lost unused."

`twin` decides the same question by trying every role for every card named; it shares no
code with `named_pay.py`.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.notation import Build
from adjudicator.dry_gulch.game.record import DGHeader, format_move, parse_move
from adjudicator.dry_gulch.named_pay import NamedPayment, named_payment
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.search import Means
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState
from tests.budget import examples
from tests.dry_gulch_support import cards as hand_of  # `cards` names a payment's cards

RULES = load_rules()
# The rulebook's table, written out again (not read from the board file).
RATE = {"mason": 3, "blacksmith": 2, "carpenter": 2, "brick": 3, "lumber": 2}
RATE |= {"whiskey": 2, "entertainment": 1, "food": 1}
ABILITY = {"mason", "blacksmith", "carpenter"}
GOOD = {"brick", "lumber", "whiskey", "entertainment", "food"}
CARDS = ["carpenter", "lumber", "food", "brick", "mason", "blacksmith", "whiskey"]
CARDS += ["labor:1", "labor:2", "labor:3", "event:iou", "event:handyman-brother"]


def twin(
    hand: list[str],
    permit: str,
    stores: int,
    blacksmith: bool,
    named: list[str],
    any_: bool,
    brother_labours: bool = True,
) -> int | None:
    """The fewest store cards of a way the named cards pay (every one of them used), or
    None: each card named gets every role it may have, one after the other."""
    left = Counter(hand)
    for text in named:
        if left[text] == 0:
            return None
        left[text] -= 1
    cost = dict(RULES.permits[permit].cost)
    if blacksmith:
        cost.pop("blacksmith", None)
    labour = RULES.permits[permit].labor

    def roles(text: str) -> list[tuple[str, str]]:
        out = [("stand", k) for k in cost]
        out += [("store", k) for k in cost if k in GOOD]
        if text in cost:
            out.append(("own", text))
        if text == "event:handyman-brother":
            out += [("own", k) for k in cost if k in ABILITY]
            if brother_labours:  # "any ability", and Labor is one: a point of labour
                out.append(("labour", ""))
        if text.startswith("labor:"):
            out.append(("labour", ""))
        return out

    best = None
    for assignment in product(*(roles(t) for t in named)):
        own = Counter(k for r, k in assignment if r == "own")
        store = Counter(k for r, k in assignment if r == "store")
        stand = Counter(k for r, k in assignment if r == "stand")
        points = sorted(
            1 if t == "event:handyman-brother" else int(t[6:])
            for t, (r, _) in zip(named, assignment, strict=True)
            if r == "labour"
        )
        if sum(points) < labour or (points and sum(points) - points[0] >= labour):
            continue  # the labour unpaid, or a Labor card to spare
        if sum(store.values()) > stores:
            continue
        fits = True
        for k, n in cost.items():
            units, rest = divmod(stand[k], RATE[k])
            if rest or own[k] + store[k] + units != n:
                fits = False
            own_in_hand = sum(1 for t in hand if t == k)
            if units and not any_ and own[k] < own_in_hand:
                fits = False  # a card of the kind stays in the hand: not "missing"
        if fits and (best is None or sum(store.values()) < best):
            best = sum(store.values())
    return best


def named(hand: list[str], permit: str, cards: list[str], **kw: object) -> NamedPayment | str:
    stores = int(kw.get("stores", 0))  # type: ignore[call-overload]
    means = Means(stores, bool(kw.get("blacksmith", False)), bool(kw.get("brothers", True)))
    return named_payment(RULES, hand_of(*hand), permit, means, cards, bool(kw.get("any", False)))


def test_the_rulebooks_pharmacist_named_card_by_card() -> None:
    otto = ["carpenter", "lumber", "lumber", "lumber", "labor:2", "event:iou", "event:gold-strike"]
    paid = named(otto, "pharmacist", otto)
    assert isinstance(paid, NamedPayment) and sorted(paid.cards) == list(range(7))
    assert paid.stores == 0
    # Without the Gold Strike the Whiskey is not paid.
    assert isinstance(named(otto, "pharmacist", otto[:-1]), str)


def test_a_card_not_in_the_hand_or_one_paying_nothing_is_refused() -> None:
    hand = ["carpenter", "lumber", "food", "labor:1", "labor:1"]
    assert named(hand, "hatmaker", ["carpenter", "lumber", "labor:1"]) == NamedPayment((0, 1, 3), 0)
    why = named(hand, "hatmaker", ["carpenter", "lumber", "lumber", "labor:1"])
    assert why == "'lumber' is named 2x; the hand holds 1"
    # "the surplus point on Labor is lost": a whole Labor card to spare is no payment.
    assert isinstance(named(hand, "hatmaker", ["carpenter", "lumber", "labor:1", "labor:1"]), str)
    assert isinstance(named(hand, "hatmaker", ["carpenter", "lumber", "food", "labor:1"]), str)
    assert "labour" in str(named(hand, "hatmaker", ["carpenter", "lumber"]))


def test_only_missing_resources_are_replaced_unless_the_option_says_any() -> None:
    hand = ["carpenter", "lumber", "food", "food", "labor:1"]
    # The Lumber is in the hand: two Food cards may not stand in for it ...
    pay = ["carpenter", "food", "food", "labor:1"]
    assert isinstance(named(hand, "hatmaker", pay), str)
    # ... unless any unit may be replaced (option replace=any).
    assert isinstance(named(hand, "hatmaker", pay, any=True), NamedPayment)


def test_a_general_store_card_counts_against_the_allowance() -> None:
    hand = ["carpenter", "food", "labor:1"]
    assert isinstance(named(hand, "hatmaker", hand), str)  # the Lumber needs 2 cards
    assert named(hand, "hatmaker", hand, stores=1) == NamedPayment((0, 1, 2), 1)


@settings(max_examples=examples(150), deadline=None)
@given(
    hand=st.lists(
        st.sampled_from(CARDS),
        min_size=1,
        max_size=7,
    ),
    permit=st.sampled_from(["hatmaker", "saddlery", "undertaker", "barber", "bakery"]),
    stores=st.integers(0, 2),
    blacksmith=st.booleans(),
    any_=st.booleans(),
    brothers=st.booleans(),
    data=st.data(),
)
def test_named_payments_equal_their_twin(
    hand: list[str],
    permit: str,
    stores: int,
    blacksmith: bool,
    any_: bool,
    brothers: bool,
    data: st.DataObject,
) -> None:
    # Cards of the hand (a payment to check) or, now and then, one the hand lacks.
    chosen = data.draw(st.permutations(hand))[: data.draw(st.integers(0, 6))]
    chosen += data.draw(st.lists(st.sampled_from(["lumber", "labor:1"]), max_size=1))
    got = named(
        hand, permit, chosen, stores=stores, blacksmith=blacksmith, any=any_, brothers=brothers
    )
    want = twin(hand, permit, stores, blacksmith, chosen, any_, brothers)
    assert (got.stores if isinstance(got, NamedPayment) else None) == want
    if isinstance(got, NamedPayment):
        assert sorted(hand[i] for i in got.cards) == sorted(chosen)
        assert len(set(got.cards)) == len(chosen)


def game_at_build(hand: list[str], buildings: list[Built], options: DGOptions) -> DGGame:
    state = DGState(
        [
            DGPlayer("ann", hand_of(*hand), ["hatmaker", "saloon"]),
            DGPlayer("bob"),
            DGPlayer("cid"),
        ],
        "ann",
        [Built("residence", "ann", "nw-1"), *buildings],
        Decks(round=2, resources=["brick"] * 20),
        options,
    )
    return DGGame(DGHeader(("ann", "bob", "cid"), 1, {}, options), state, "build")


def test_a_record_names_the_payment_and_the_flow_referees_it() -> None:
    hand = ["carpenter", "lumber", "food", "food", "labor:1", "labor:2"]
    game = game_at_build(hand, [], DGOptions())
    site = next(s for s in RULES.sites if rule_placement(game.state, "hatmaker", s).legal)
    move = parse_move(f"ann: build hatmaker at {site} paying carpenter food food labor:2")
    assert isinstance(move, Build) and parse_move(format_move(move)) == move
    refused, out = game.apply(move)
    assert not out.legal and out.code == str(Code.PAY) and refused is game  # Lumber in hand
    paying = "paying carpenter lumber labor:2"
    after, out = game.apply(parse_move(f"ann: build hatmaker at {site} {paying}"))
    assert out.legal and out.detail["paid"] == ["carpenter", "lumber", "labor:2"]
    assert [c.text for c in after.state.player("ann").hand] == ["food", "food", "labor:1"]
    assert after.state.decks is not None
    assert after.state.decks.resource_discard[-3:] == ("labor:2", "lumber", "carpenter")
    # Unnamed, the proposal keeps the most worth: the Labor 1, not the Labor 2.
    _, proposed = game.apply(parse_move(f"ann: build hatmaker at {site}"))
    assert proposed.legal and "labor:1" in proposed.detail["paid"]
    any_game = game_at_build(hand, [], DGOptions(replace="any"))
    _, out = any_game.apply(move)
    assert out.legal and sorted(out.detail["paid"]) == ["carpenter", "food", "food", "labor:2"]
