"""The brute-force twin of Dry Gulch paying and planning, written from the rulebook alone.

It shares no code with `adjudicator.dry_gulch.pay` or `.search`: it reads the card data
and the state, and then tries every set of permits, every order of building them, every
set of sites and every set of hand cards, paying unit by unit. The order is tried rather
than reasoned about: a General Store or Blacksmith helps only what is built after it
("these functions are in effect as soon as the building has been built"). Small hands
only (it is exponential).

The worth of a card (what keeping it is worth) is the project's reading, restated here:
a resource what it stands for in the table, a Labor card its points, an event 3 (yellow,
violet), 2 (red) or 1.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.state import DGState, HandCard

ABILITY_KINDS = {"mason", "blacksmith", "carpenter"}
GOOD_KINDS = {"brick", "lumber", "whiskey", "entertainment", "food"}


def worth(card: HandCard, rules: Rules) -> int:
    if card.kind == "labor":
        return card.labor
    if card.kind == "event":
        assert card.event is not None
        triangle = rules.events[card.event].triangle
        return 3 if triangle in ("yellow", "violet") else 2 if triangle == "red" else 1
    return rules.substitution[card.kind]


def _pays_in_order(
    rules: Rules,
    hand: list[HandCard],
    cards: frozenset[int],
    order: list[str],
    stores_before: int,
    smith_before: bool,
    brother_labours: bool = True,
) -> bool:
    """Whether `cards` pay for the buildings built one after another in this order.
    `brother_labours`: "Handyman Brother: May be played as any ability", and the resource
    table lists "Labor ... Ability", so he may lay one point on a building's labour."""
    substituted: set[str] = set()
    paid_own: dict[str, int] = {}

    def building(b: int, free: frozenset[int], store_used: int) -> bool:
        if b == len(order):
            # Only a missing resource is replaced: a replaced kind used every card of it.
            return all(
                paid_own.get(k, 0) == sum(1 for c in hand if c.kind == k) for k in substituted
            )
        built = order[:b]
        stores = min(
            2, stores_before + sum(1 for p in built if _special(rules, p) == "general-store")
        )
        smith = smith_before or any(_special(rules, p) == "blacksmith" for p in built)
        permit = rules.permits[order[b]]
        units = [
            k for k, n in permit.cost.items() for _ in range(n) if not (k == "blacksmith" and smith)
        ]

        def unit(u: int, free: frozenset[int], store_used: int) -> bool:
            if u == len(units):
                return labour(free, store_used)
            kind = units[u]
            for c in free:
                card = hand[c]
                if card.kind == kind or (
                    card.event == "handyman-brother" and kind in ABILITY_KINDS
                ):
                    own = card.kind == kind
                    paid_own[kind] = paid_own.get(kind, 0) + own
                    if unit(u + 1, free - {c}, store_used):
                        return True
                    paid_own[kind] -= own
            if kind in GOOD_KINDS and store_used < stores:
                for c in free:
                    if unit(u + 1, free - {c}, store_used + 1):
                        return True
            for group in combinations(sorted(free), rules.substitution[kind]):
                before = set(substituted)
                substituted.add(kind)
                if unit(u + 1, free - set(group), store_used):
                    return True
                substituted.clear()
                substituted.update(before)
            return False

        def points(c: int) -> int:
            if hand[c].kind == "labor":
                return hand[c].labor
            return int(brother_labours and hand[c].event == "handyman-brother")

        def labour(free: frozenset[int], store_used: int) -> bool:
            workers = sorted(c for c in free if points(c) > 0)
            for n in range(len(workers) + 1):
                for group in combinations(workers, n):
                    if sum(points(c) for c in group) >= permit.labor and building(
                        b + 1, free - set(group), store_used
                    ):
                        return True
            return False

        return unit(0, free, store_used)

    return building(0, cards, 0)


def _special(rules: Rules, permit: str) -> str:
    return rules.permits[permit].special


def _owned(state: DGState, owner: str) -> tuple[int, bool]:
    """General Stores (at most two count) and whether a Blacksmith: undamaged ones only."""
    mine = [
        _special(state.rules, b.permit)
        for b in state.buildings
        if b.owner == owner and not b.damaged
    ]
    return min(2, mine.count("general-store")), "blacksmith" in mine


def least_worth(state: DGState, permits: list[str], player: str | None = None) -> int | None:
    """The least worth of hand cards that pays for all these buildings in some order."""
    who = state.player(player)
    rules = state.rules
    hand = who.hand
    stores, smith = _owned(state, who.name)
    values = [worth(c, rules) for c in hand]
    orders = {tuple(o) for o in permutations(permits)}

    brothers = state.options.handyman_labor != "none"

    def pays(cards: tuple[int, ...]) -> bool:
        return any(
            _pays_in_order(rules, hand, frozenset(cards), list(o), stores, smith, brothers)
            for o in orders
        )

    if not pays(tuple(range(len(hand)))):
        return None  # what the whole hand cannot pay, no part of it can
    # Every set of cards, the cheapest first: the first that pays is the answer.
    every = [c for n in range(len(hand) + 1) for c in combinations(range(len(hand)), n)]
    every.sort(key=lambda cards: sum(values[i] for i in cards))
    return next(sum(values[i] for i in c) for c in every if pays(c))


def best_plan(
    state: DGState, legal: dict[str, list[str]], player: str | None = None
) -> tuple[int, int]:
    """(most influence, least worth spent for it) over every set of the player's permits
    that has a site each (no two on one site, no sidewalk between two new buildings)."""
    who = state.player(player)
    rules = state.rules
    best = (0, 0)  # (influence, -worth)
    permits = list(who.permits)
    for n in range(1, len(permits) + 1):
        for chosen in {tuple(sorted(c)) for c in combinations(permits, n)}:
            if not any(_sites_apart(rules, s) for s in product(*(legal[p] for p in chosen))):
                continue
            spent = least_worth(state, list(chosen), player)
            if spent is not None:
                best = max(best, (sum(rules.permits[p].influence for p in chosen), -spent))
    return best[0], -best[1]


def _sites_apart(rules: Rules, sites: tuple[str, ...]) -> bool:
    if len(set(sites)) < len(sites):
        return False
    return not any(rules.sites[a].across == b for a in sites for b in sites)


# -- The events without a triangle, Ace up your Sleeve, I.O.U. and the face-up cards ------
# Written from the cards' words alone (no code of `other_events.py` or `losses.py`): what
# each player's hand, permits and the stacks hold after an event, in counts (which cards a
# fellow player draws is chance). Readings restated: a damaged building counts as not built;
# losses to oneself stay; an I.O.U. is handed over (to the receiver, else the discards)
# before an Ace is shown; an Ace spares itself and one more card, the one of most worth.

LOSS_TO = {  # "X loses two random cards to Y", by the building's printed name
    "doctor-new-medicament": ("Doctor's Office", "Pharmacist"),
    "doctor-close-shave": ("Doctor's Office", "Barber"),
    "banker-new-pipe": ("Bank", "Tobacconist"),
    "sheriff-shot": ("Sheriff's Office", "Doctor's Office"),
    "undertakers-horse-is-ill": ("Undertaker", "Stables"),
}


def _owner(state: DGState, name: str) -> str | None:
    for b in state.buildings:
        if state.rules.permits[b.permit].name == name and not b.damaged:
            return b.owner
    return None


def board_points(state: DGState) -> dict[str, int]:
    """Influence on the board: buildings (damaged ones half, rounded down) and violet cards."""
    rules = state.rules
    points = {p.name: sum(rules.events[e].influence for e in p.played) for p in state.players}
    for b in state.buildings:
        full = rules.permits[b.permit].influence
        points[b.owner] += full // 2 if b.damaged else full
    return points


def _exposed(hand: list[HandCard]) -> int:
    """How many cards of the hand a fellow player can draw."""
    aces = sum(1 for c in hand if c.event == "ace-up-your-sleeve")
    others = len(hand) - aces
    return max(0, others - 1) if aces else others


def event_counts(state: DGState, event: str, site: str | None) -> dict[str, object]:
    """Hand sizes and permit counts after the active player plays a face-up `event`, the
    resource cards taken from the stacks, and the cards put on the discard piles."""
    hands = {p.name: list(p.hand) for p in state.players}
    sizes = {n: len(h) for n, h in hands.items()}
    permits = {p.name: len(p.permits) for p in state.players}
    seats = [p.name for p in state.players]
    at = seats.index(state.active)
    order = seats[at:] + seats[:at]
    from_stack = 0
    discarded = 0
    decks = state.decks
    # "If the stack is empty, the discarded cards are reshuffled and used": what is left to
    # draw is the stack and its discards (cards an event discards first are not counted:
    # the random tables' 24 cards cover Wells Fargo's nine draws).
    pile = len(decks.resources) + len(decks.resource_discard) if decks is not None else 0

    def take(n: int) -> int:
        nonlocal pile
        got = min(n, pile)
        pile -= got
        return got

    def loses(loser: str | None, receiver: str | None, n: int) -> None:
        nonlocal from_stack, discarded
        if loser is None:
            if receiver is not None:
                got = take(n)
                sizes[receiver] += got
                from_stack += got
            return
        if loser == receiver:
            return
        hand = hands[loser]
        if any(c.event == "iou" for c in hand):
            gone = 1
            hand.remove(next(c for c in hand if c.event == "iou"))
        else:
            gone = min(n, _exposed(hand))
            # which ones is chance: the counts are what the twin can say; the hand's
            # remaining cards are not followed further (each player loses at most once
            # per event, except the Gunfight's loser, handled below)
        sizes[loser] -= gone
        if receiver is None:
            discarded += gone
        else:
            sizes[receiver] += gone

    if event == "election-poll":
        points = board_points(state)
        lead = max(points.values())
        for n in order:
            got = take(lead - points[n])
            sizes[n] += got
            from_stack += got
    elif event == "main-street-shootout":
        u = _owner(state, "Undertaker")
        if u is not None:
            got = take(1)
            sizes[u] += got
            from_stack += got
    elif event in LOSS_TO:
        a, b = LOSS_TO[event]
        loses(_owner(state, a), _owner(state, b), 2)
    elif event == "headline-mayor-to-be":
        points = board_points(state)
        leaders = [n for n in order if points[n] == max(points.values())]
        for n in leaders:
            loses(n, _owner(state, "Newspaper"), 2 if len(leaders) == 1 else 1)
    elif event == "gunfight-in-the-saloon":
        saloon = next((b for b in state.buildings if b.site == site), None)
        if saloon is not None and not saloon.damaged:
            loser = saloon.owner
            left = list(hands[loser])
            iou_left = sum(1 for c in left if c.event == "iou")
            exposed = _exposed([c for c in left if c.event != "iou"])  # once the I.O.U.s went
            for name in ("Undertaker", "Sheriff's Office", "Doctor's Office"):
                to = _owner(state, name)
                if to == loser:
                    continue
                if iou_left:  # each draw takes one I.O.U.
                    iou_left -= 1
                    gone = 1
                else:
                    gone = min(1, exposed)
                    exposed -= gone
                sizes[loser] -= gone
                if to is None:
                    discarded += gone
                else:
                    sizes[to] += gone
    elif event == "wells-fargo-wagon":
        post = _owner(state, "Post Office")
        for n in order:
            loses(n, post, 1)
        for n in order:
            got = take(3)
            sizes[n] += got
            from_stack += got
    elif event == "land-grant":
        assert decks is not None
        if decks.permits and state.city_hall_closed is None:  # a closed City Hall: none
            permits[state.active] += 1
    return {"hands": sizes, "permits": permits, "from_stack": from_stack, "discarded": discarded}


def must_play(state: DGState) -> set[str]:
    """The face-up cards the active player still has to play before the turn may close:
    every card without a triangle; a Fire or Vandalism while some undamaged building's
    owner has none of it in front; a violet card whose buildings have been built (damaged
    or not: revision 4; undamaged with the option `violet-needs=undamaged`), the
    City Hall Clock once the stagecoach has come, the Gold Strike only for the winning
    point. Yellow cards are never played on their own."""
    rules = state.rules
    decks = state.decks
    assert decks is not None
    up = set()
    standing = {rules.permits[b.permit].special for b in state.buildings if not b.damaged}
    # "Playable after the Newspaper has been built": damage does not unbuild it.
    if state.options.violet_needs == "undamaged":
        built = standing
    else:
        built = {rules.permits[b.permit].special for b in state.buildings}
    for e in decks.face_up:
        card = rules.events[e]
        if card.triangle == "none":
            up.add(e)
        elif card.triangle == "red":
            if any(
                not b.damaged and e not in state.player(b.owner).against for b in state.buildings
            ):
                up.add(e)
        elif card.triangle == "violet":
            if not set(card.needs) <= built:
                continue
            if e == "city-hall-clock" and not state.stagecoach:
                continue
            mine = board_points(state)[state.active]
            if e == "gold-strike" and mine + card.influence < rules.needed(len(state.players)):
                continue
            up.add(e)
    return up


def can_draw_named(stack: list[str], discard: list[str], named: list[str], n: int) -> bool:
    """Whether a real table can have drawn `named` from a face-down stack whose cards are
    `stack` (order unknown), its discards reshuffled and drawn on when it runs out: tried
    on every order of the stack and of the reshuffled discards. Written from "If the stack
    is empty, the discarded cards are reshuffled and used" alone (it shares no code with
    `decks.draw_named`)."""
    wanted = sorted(named)
    for top in set(permutations(stack)):
        for under in set(permutations(discard)):
            if sorted((list(top) + list(under))[:n]) == wanted:
                return True
    return False


def can_lose_named(hand: list[str], named: list[str], n: int) -> bool:
    """Whether fellow players drawing n cards from `hand` (cards as a state writes them) can
    have drawn `named`, in that order: "Ace up your sleeve: ... you show this card and take
    it back again. Afterwards you may set aside one of your cards in order to protect it
    from being drawn." Every card the holder may set aside, every order of drawing tried
    (it shares no code with `losses.draw_named_from`)."""
    ace = "event:ace-up-your-sleeve"
    others = [c for c in hand if c != ace]
    aside: list[int | None] = list(range(len(others))) if ace in hand and others else [None]
    for kept in aside:
        pool = [c for i, c in enumerate(others) if i != kept]
        for order in permutations(pool, min(n, len(pool))):
            if list(order) == named:
                return True
    return False


def can_deal_named(stack: list[str], named: dict[str, list[str]], n: int, seats: list[str]) -> bool:
    """Whether a shuffled `stack` (order unknown; at least n cards a seat) can have dealt
    each seat in `named` the cards named: "Each player is dealt, face down, 5 resources and
    3 building permits", n each in seat order from the top, tried on every order of the
    stack (it shares no code with `setup.deal_named`)."""
    for order in set(permutations(stack)):
        hands = {seat: sorted(order[i * n : (i + 1) * n]) for i, seat in enumerate(seats)}
        if all(hands[seat] == sorted(cards) for seat, cards in named.items()):
            return True
    return False


def can_discard_over(hand: list[str], named: list[str], limit: int) -> bool:
    """Whether a player holding `hand` can have discarded `named` at random down to the
    hand limit: "All players with more than 15 cards must discard randomly selected cards"
    (every choice of that many cards tried; it shares no code with `discard.discard_named`)."""
    extra = max(0, len(hand) - limit)
    return any(
        sorted(hand[i] for i in chosen) == sorted(named)
        for chosen in combinations(range(len(hand)), extra)
    )


def can_lose_named_ace_first(hand: list[str], named: list[str], n: int) -> bool:
    """Whether fellow players drawing n cards can have drawn `named`, in that order, from a
    player who showed an Ace up your Sleeve before handing over an I.O.U.: "Afterwards you
    may set aside one of your cards" (the I.O.U.), so that it is not handed over; a second
    I.O.U. would still be ("you hand over this card and no cards are drawn"). Every order
    tried (it shares no code with `losses.draw_named_from`)."""
    ace, iou = "event:ace-up-your-sleeve", "event:iou"
    if ace not in hand or hand.count(iou) != 1:
        return False
    pool = [c for c in hand if c not in (ace, iou)]
    return any(list(order) == named for order in permutations(pool, min(n, len(pool))))
