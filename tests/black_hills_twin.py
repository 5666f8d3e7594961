"""The brute-force twin of Black Hills `best_turns` and `most_reputation`, from the rulebook.

It shares no code with `adjudicator.black_hills` beyond the card and board data and the
state: no referee, no candidate turns, no payment solver. For each character in hand it
plays out every choice on copies of a small world of its own: the event (none, or one from
hand, or the one the Colonel just stole) before or after the character's action; every
area, gathering choice, trade, victim and Shaman copy; and every way to invest (every
number of points, every split of the payment). It ranks by reputation gained, then by the
worth of the resources kept, and gives each character's best.

Its scope is the states the tests draw: no round ending with the turn, characters already
kept. `best_turns` is the sure turns (robberies, the Shaman's draw and a blind Colonel's
steal left out); `expected_turns`, at the end, adds them by its own expectimax over the
die's faces, every deal of four from the discards and every card a blind Colonel may draw.
Readings it shares with the referee, each from the rulebook or RULINGS-black-hills (the
table's options read from the state): the first card placed in an area takes 2 there,
every later one 1 (option: every card of the player who placed the first takes 2), as far as
the supply goes; the Shaman deals from this round's discards (option: the leftovers too); a Colonel
waiting in an area stops the next card placed there, its own player's too (option: others'
only); a Safeguard keeps every Colonel off every other player, and off its holder even
when it is his own (options: off everyone; off its holder only); a blind steal
draws each card of the hand alike; a robbery takes from one or two players; an area shut by
another player's Mine collapse, Bison migration or Storm gives nothing (the Preacher's fur
too); the Merchant trades through the supply; Tax collection takes each other player's
least valuable resource; the game ends, and the turn with it, the moment the goal is
reached.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product

from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.state import BHState

KINDS = ("gold", "logs", "fur")
SWAPS = {  # the Merchant: give -> get
    "fur>logs": ({"fur": 1}, {"logs": 2}),
    "logs>fur": ({"logs": 2}, {"fur": 1}),
    "gold>fur": ({"gold": 1}, {"fur": 2}),
    "fur>gold": ({"fur": 2}, {"gold": 1}),
}


@dataclass
class World:
    me: str
    mine: dict[str, int]
    reputation: int
    events: list[str]
    others: dict[str, dict[str, int]]
    their_events: dict[str, list[str]]
    their_gunmen: dict[str, int]
    supply: dict[str, int]
    closed: dict[str, str]
    placed: list[tuple[str, str, str]]  # (player, character, area), in order
    plague: str | None
    safeguard: list[str]
    # The table's options, as the state file writes them (RULINGS-black-hills).
    safeguard_mode: str = "others"  # the option: "others", "everyone" or "holder"
    bonus_by_player: bool = True  # the area's first placer takes 2 each time (else 1st card)
    blind: bool = False  # the Colonel's steal draws a card unseen
    can_steal: bool = False  # a blind Colonel placed just now may still steal
    colonels: list[tuple[str, str]] = field(default_factory=list)  # (area, owner) waiting
    block_own: bool = True  # a Colonel stops its own player's next card there too
    over: bool = False  # the goal was reached: the turn (and the game) ends
    stolen: list[str] = field(default_factory=list)
    gunmen: int = 0
    jail: int = 0
    protected: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)


def _world(state: BHState, player: str) -> World:
    me = state.player(player)
    others = [p for p in state.players if p.name != player]
    return World(
        player,
        {k: getattr(me, k) for k in KINDS},
        me.reputation,
        list(me.events),
        {p.name: {k: getattr(p, k) for k in KINDS} for p in others},
        {p.name: list(p.events) for p in others},
        {p.name: p.gunmen for p in others},
        dict(state.supply),
        dict(state.closed),
        list(state.placed),
        state.plague,
        list(state.safeguard),
        safeguard_mode=state.options.safeguard,
        bonus_by_player=state.options.first_bonus == "player",
        blind=state.options.colonel_steal == "blind",
        colonels=list(state.colonel),
        block_own=state.options.colonel_block == "anyone",
        gunmen=me.gunmen,
        jail=state.jail,
        protected=list(state.protected),
        # "The discarded character cards are shuffled, four cards are dealt"; the cards left
        # over at the deal "will not be used during this round" (unless the table's option
        # `shaman-pool=all` puts them in the draw too).
        discards=list(state.discarded)
        + (list(state.leftover) if state.options.shaman_pool == "all" else []),
    )


def _gain(w: World, rules: Rules, n: int) -> None:
    w.reputation = min(rules.goal, w.reputation + n)
    w.over = w.reputation >= rules.goal


def _take(w: World, kind: str, n: int) -> None:
    got = min(n, w.supply[kind])
    w.supply[kind] -= got
    w.mine[kind] += got


def _shut(w: World, kind: str) -> bool:
    return w.closed.get(kind) not in (None, w.me)


def _first(w: World, area: str) -> bool:
    """ "The player who first places a character card on a specific area takes 2 resources
    tokens, whereas other players ... can only take 1" (any card counts as placed)."""
    before = [who for who, _, a in w.placed if a == area]
    return not before or (w.bonus_by_player and before[0] == w.me)


def _kept_off(w: World, victim: str, colonel_of: str | None = None) -> bool:
    """Safeguard: "The Colonel block will not affect you. The Colonel cannot act against any
    other player during the round." `colonel_of`: whose Colonel acts (None: the player on
    turn's, stealing). Unless an option says otherwise, a Colonel acting against its own
    player (its block) is kept off only for a Safeguard's holder."""
    if not w.safeguard:
        return False
    if w.safeguard_mode == "holder":
        return victim in w.safeguard
    if w.safeguard_mode == "everyone":
        return True
    acting = w.me if colonel_of is None else colonel_of
    return acting != victim or victim in w.safeguard


def _stopped(w: World, area: str) -> World | None:
    """ "Colonel. ... stops the next player who places their card in that area from carrying
    out the corresponding actions": the world after the block is spent on this card, or
    None when no Colonel stops it (none waits, it is this player's own under the option, or
    a Safeguard keeps the Colonel off, the block then waiting on)."""
    for i, (at, owner) in enumerate(w.colonels):
        if at == area and (w.block_own or owner != w.me):
            if _kept_off(w, w.me, owner):
                return None
            x = copy.deepcopy(w)
            del x.colonels[i]
            return x
    return None


def _pay(w: World, paid: dict[str, int]) -> World | None:
    if any(w.mine[k] < n for k, n in paid.items()):
        return None
    out = copy.deepcopy(w)
    for k, n in paid.items():
        out.mine[k] -= n
        out.supply[k] += n
    return out


def _investments(w: World, rules: Rules, how: str) -> list[World]:
    """Every number of points bought: a Settler's (1 gold + 2 logs or 3 fur a point, as many
    as wanted) or the Sheriff's (one point for any 3 resources). The notation names the
    points, not the payment: it is the one that keeps the most worth (the referee's
    reading), so for each number of points only such payments are kept."""
    paid = _payments(w, rules, how)
    out = []
    for points in {p.reputation for p in paid}:
        same = [p for p in paid if p.reputation == points]
        most = max(sum(rules.value[k] * p.mine[k] for k in KINDS) for p in same)
        out += [p for p in same if sum(rules.value[k] * p.mine[k] for k in KINDS) == most]
    return out


def _payments(w: World, rules: Rules, how: str) -> list[World]:
    cap = rules.goal - w.reputation
    out = []
    if how == "settler":
        for a in range(cap + 1):
            for c in range(cap + 1 - a):
                if a + c:
                    paid = _pay(w, {"gold": a, "logs": 2 * a, "fur": 3 * c})
                    if paid is not None:
                        _gain(paid, rules, a + c)
                        out.append(paid)
    elif cap > 0:
        for g, lo in product(range(4), repeat=2):
            if g + lo <= 3:
                paid = _pay(w, {"gold": g, "logs": lo, "fur": 3 - g - lo})
                if paid is not None:
                    _gain(paid, rules, 1)
                    out.append(paid)
    return out


def _skills(w: World, rules: Rules, cid: str, area: str, first: bool) -> list[World]:
    """Every outcome of a card's skills where it is placed, investing last (or not)."""
    card = rules.characters[cid]
    w = copy.deepcopy(w)
    if card.gather:
        kind = rules.areas[area]
        assert kind is not None
        if not _shut(w, kind):
            _take(w, kind, 2 if first else 1)
    if card.take is not None:
        kind, n = card.take
        if not (kind == "fur" and _shut(w, "fur")):
            _take(w, kind, n)
    if card.gunman and w.jail:  # the Outlaw's gunman, if one is left in the jail
        w.jail -= 1
        w.gunmen += 1
    worlds = [w]
    if card.exchange:
        worlds = [w]
        for give, get in SWAPS.values():
            t = _pay(w, give)
            if t is not None and all(t.supply[k] >= n for k, n in get.items()):
                for k, n in get.items():
                    t.supply[k] -= n
                    t.mine[k] += n
                worlds.append(t)
    if card.steal:
        stolen = []
        for x in worlds:
            for victim in x.others:
                for kind in card.steal:
                    y = copy.deepcopy(x)
                    if y.others[victim][kind]:
                        y.others[victim][kind] -= 1
                        y.mine[kind] += 1
                    stolen.append(y)
        worlds = stolen
    if card.steal_event and w.blind:
        sure = []
        for x in worlds:  # the card is drawn unseen: chance's, in `_play`
            x.can_steal = True
            if len(x.events) >= rules.event_hand_limit:
                continue
            # ...unless the victim holds a single card: then the draw is certain.
            for victim, held in x.their_events.items():
                if len(held) == 1 and not _kept_off(x, victim):
                    y = copy.deepcopy(x)
                    y.can_steal = False
                    y.events.append(held[0])
                    y.stolen.append(held[0])
                    y.their_events[victim] = []
                    sure.append(y)
        worlds += sure
    elif card.steal_event:
        more = []
        for x in worlds:
            if len(x.events) >= rules.event_hand_limit:
                continue
            for victim, held in x.their_events.items():
                if _kept_off(x, victim):
                    continue
                for eid in set(held):
                    y = copy.deepcopy(x)
                    y.their_events[victim].remove(eid)
                    y.events.append(eid)
                    y.stolen.append(eid)
                    more.append(y)
        worlds += more
    if card.invest is not None and (w.plague is None or w.plague == w.me):
        worlds += [i for x in worlds for i in _investments(x, rules, card.invest)]
    return worlds


def _character(w: World, rules: Rules, cid: str) -> list[World]:
    """Placing the card (or the Shaman's copy of a card on top of an area) and its skills."""
    card = rules.characters[cid]
    out = []
    if card.shaman:
        top: dict[str, str] = {}
        for _, c, a in w.placed:
            top[a] = c
        for area, copied in top.items():
            if copied != "shaman":
                first = _first(w, area)
                x = copy.deepcopy(w)
                x.placed.append((w.me, "shaman", area))
                stopped = _stopped(x, area)
                out += [stopped] if stopped else _skills(x, rules, copied, area, first)
        return out
    if card.gather:
        areas = [a for a, _ in card.gather]
    elif card.area == "any":
        areas = list(rules.areas)
    else:
        areas = [card.area or "city"]
    for area in areas:
        first = _first(w, area)
        x = copy.deepcopy(w)
        x.placed.append((w.me, cid, area))
        stopped = _stopped(x, area)
        out += [stopped] if stopped else _skills(x, rules, cid, area, first)
    return out


def _event(w: World, rules: Rules, eid: str) -> list[World]:
    """Every outcome of activating the event (its gold cost paid first)."""
    cost = rules.events[eid].cost
    if w.mine["gold"] < cost:
        return []
    w = copy.deepcopy(w)
    w.mine["gold"] -= cost
    w.supply["gold"] += cost
    w.events.remove(eid)
    gains = {"stolen-gold": ("gold", 2), "bearskins": ("fur", 3), "the-sawmill": ("logs", 4)}
    shuts = {"mine-collapse": "gold", "bison-migration": "fur", "storm": "logs"}
    if eid == "passionate-speech":
        _gain(w, rules, 1)
    elif eid in gains:
        _take(w, *gains[eid])
    elif eid in shuts:
        _take(w, shuts[eid], 1)
        w.closed[shuts[eid]] = w.me
    elif eid == "stagecoach":
        out = []
        for give, get in product(KINDS, KINDS):
            if give != get and w.mine[give] and w.supply[get]:
                x = copy.deepcopy(w)
                x.mine[give] -= 1
                x.supply[give] += 1
                x.mine[get] += 1
                x.supply[get] -= 1
                out.append(x)
        return out
    elif eid == "bank":
        out = []
        for k in range(1, rules.goal - w.reputation + 1):
            banked = _pay(w, {"gold": 2 * k})
            if banked is not None:
                _gain(banked, rules, k)
                out.append(banked)
        return out
    elif eid == "tax-collection":
        for held in w.others.values():
            if sum(held.values()):
                kind = min((k for k in KINDS if held[k]), key=lambda k: rules.value[k])
                held[kind] -= 1
                w.supply[kind] += 1
    elif eid == "plague":
        w.plague = w.me
    elif eid == "safeguard":
        w.safeguard.append(w.me)
    elif eid == "jailbreak" and w.jail:
        w.jail -= 1
        w.gunmen += 1
    elif eid == "reinforcements":  # another player's gunman goes back to the jail
        out = []
        for victim, n in w.their_gunmen.items():
            if n:
                x = copy.deepcopy(w)
                x.their_gunmen[victim] -= 1
                x.jail += 1
                out.append(x)
        return out
    return [w]


def _turns(w: World, rules: Rules, cid: str) -> list[World]:
    """The character's action with no event, or an event before or after it. A card that
    cannot be placed at all (a Shaman with nothing to copy) has no turn, even one that the
    goal reached by an event would end before it is placed: its turn cannot be written."""
    out = []
    actions = _character(w, rules, cid)
    if not actions:
        return []
    for placed in actions:
        out.append(placed)
        if placed.over:
            continue
        for eid in sorted(set(placed.events)):
            out += _event(placed, rules, eid)  # after the action (a stolen event too)
    for eid in sorted(set(w.events)):
        for first in _event(w, rules, eid):
            out += [first] if first.over else _character(first, rules, cid)
    return out


def best_turns(state: BHState, player: str | None = None) -> list[tuple[str, tuple[int, int]]]:
    """(character, (reputation gained, worth kept)) for each character in hand, best first."""
    who = player or state.active
    rules = state.rules
    w = _world(state, who)
    best: dict[str, tuple[int, int]] = {}
    for cid in set(state.player(who).characters):
        for end in _turns(w, rules, cid):
            key = (end.reputation - w.reputation, sum(rules.value[k] * end.mine[k] for k in KINDS))
            best[cid] = max(best.get(cid, key), key)
    return sorted(best.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))


# -- Chance: the robbery's die and the Shaman's draw, by exact expectation --------------------
#
# Its own expectimax over the same small world: at each step the player either stops (once
# the character is placed), places it, activates an event or robs; a robbery averages
# over the die's faces, the Shaman's draw over every deal of four from the discards, and
# after the roll or the deal the best continuation is taken for each outcome, chances nested:
# "Only one robbery is allowed per player and turn" is the rulebook's only limit, so the
# Shaman may draw (the Outlaw, say) and rob, rob then draw, a blind Colonel steal and rob.

Key = tuple[Fraction, Fraction]


def _key(w: World, start: World, rules: Rules) -> Key:
    kept = sum(rules.value[k] * w.mine[k] for k in KINDS)
    return Fraction(w.reputation - start.reputation), Fraction(kept)


def _hauls(w: World, die: int) -> list[World]:
    """Every way a robbery with this face ends: a gunman back to the jail and up to `die`
    resources (as many as they hold) taken from one or two players not protected ("the
    attacker could decide to take the resources from just one player or two players")."""
    victims = [n for n in w.others if n not in w.protected]
    if not w.gunmen or not victims:
        return []
    picks: set[tuple[tuple[str, str], ...]] = set()
    for chosen in [*([n] for n in victims), *map(list, combinations(victims, 2))]:
        tokens = [(n, k) for n in chosen for k in KINDS for _ in range(w.others[n][k])]
        picks |= {tuple(sorted(p)) for p in combinations(tokens, min(die, len(tokens)))}
    out = []
    for pick in picks:
        x = copy.deepcopy(w)
        x.gunmen -= 1
        x.jail += 1
        x.can_steal = False
        for n, k in pick:
            x.others[n][k] -= 1
            x.mine[k] += 1
        out.append(x)
    return out


def _best(keys: list[Key | None]) -> Key | None:
    return max((k for k in keys if k is not None), default=None)


def _play(w: World, start: World, rules: Rules, cid: str, flags: frozenset[str]) -> Key | None:
    """The best expected key from here; `flags`: placed, event, robbed."""
    if w.over:
        return _key(w, start, rules)
    tries: list[Key | None] = []
    if "placed" in flags:
        tries.append(_key(w, start, rules))
    else:
        tries += [
            _play(x, start, rules, cid, flags | {"placed"}) for x in _character(w, rules, cid)
        ]
        if rules.characters[cid].shaman:
            tries.append(_draw(w, start, rules, flags | {"placed"}))
    if w.can_steal and len(w.events) < rules.event_hand_limit:
        # A blind steal, part of the Colonel's action: each card of the hand alike.
        for victim, held in w.their_events.items():
            if held and not _kept_off(w, victim):
                drawn = []
                for eid in held:
                    y = copy.deepcopy(w)
                    y.can_steal = False
                    y.their_events[victim].remove(eid)
                    y.events.append(eid)
                    drawn.append(_play(y, start, rules, cid, flags))
                tries.append(_mean(drawn))
    if "event" not in flags:
        for eid in sorted(set(w.events)):
            for x in _event(w, rules, eid):
                x.can_steal = False  # the Colonel's action is over
                tries.append(_play(x, start, rules, cid, flags | {"event"}))
    if "robbed" not in flags and w.gunmen:
        faces: list[Key | None] = []
        for face in rules.die:  # each face once: the die's repeated faces weigh more
            after = flags | {"robbed"}
            faces.append(_best([_play(x, start, rules, cid, after) for x in _hauls(w, face)]))
        tries.append(_mean(faces))
    return _best(tries)


def _mean(keys: list[Key | None]) -> Key | None:
    """The average of equally likely outcomes; None when one of them cannot be played."""
    if not keys or any(k is None for k in keys):
        return None
    done = [k for k in keys if k is not None]
    n = len(done)
    return sum((k[0] for k in done), Fraction()) / n, sum((k[1] for k in done), Fraction()) / n


def _draw(w: World, start: World, rules: Rules, flags: frozenset[str]) -> Key | None:
    """The Shaman's draw: each deal of four from the discards, the best card of it played."""
    pool = sorted(w.discards)
    deals = list(combinations(pool, min(4, len(pool))))
    per_card: dict[str, Key | None] = {}
    for cid in set(pool) - {"shaman"}:
        x = copy.deepcopy(w)
        x.discards.remove(cid)
        per_card[cid] = _best(
            [_play(y, start, rules, cid, flags) for y in _character(x, rules, cid)]
        )
    return _mean([_best([per_card.get(c) for c in deal]) for deal in deals])


def expected_turns(state: BHState, player: str | None = None) -> list[tuple[str, Key]]:
    """(character, (expected reputation gained, expected worth kept)) for each character in
    hand, best first, robberies and the Shaman's draw in."""
    who = player or state.active
    rules = state.rules
    w = _world(state, who)
    best: dict[str, Key] = {}
    for cid in set(state.player(who).characters):
        card = rules.characters[cid]
        if not _character(w, rules, cid) and not (card.shaman and w.discards):
            continue  # a card that cannot be placed at all has no turn
        key = _play(w, w, rules, cid, frozenset())
        if key is not None:
            best[cid] = key
    return sorted(best.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
