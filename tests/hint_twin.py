"""The hint's brute-force twin: every turn the rules could allow, refereed by its own code.

It shares no code with `adjudicator.deduction.hint` nor with the rulings engine it calls:
it reads plain data only (the state, the board's spaces, relation tables and limits, the
cards' fields, the options) and referees every step of a turn itself, from RULINGS.md
(revision 2), by enumerating placements (K2, K3). `tests/test_architecture.py` holds it
apart: from `adjudicator` it imports the models only, never the hint, `rules/` or `solve/`.
Its referee of one card is the reading of `tests/test_play_oracle.py` (which the tests
hold to `rule_play`, field by field), cut down to what a turn's points need.

From the raw hand, the buildings in front of the player and the buildings beside the board
it lists every turn: one or two cards (each card with each building in front of the player,
or bought, as its my building), a discard of every pair of cards taking every marker, or a
pass; each with no buy or with a buy of every building beside the board at every point of
the turn. A legal turn is kept with the points the player ends it with, net of the buy.
It is slow (every largest placement, listed), for small states: the tests, and the bench
with few runs. It lives with the tests, not in the package: the benchmark
(`python -m benchmarks`, run from the repository) times the hint beside it, and the tests
(`tests/test_hint.py`) hold the two to the same turns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import combinations, permutations
from typing import Any

from adjudicator.deduction.models.state import GameState

__all__ = ["best_net_points", "determined_by", "largest_placements", "legal_turns", "support_of"]

Spaces = frozenset[str]
Domains = frozenset[tuple[str, Spaces]]
Pair = tuple[str, str, frozenset[tuple[str, str]]]
Marks = Mapping[str, Spaces]


# ----- placements (K2, K3), enumerated -------------------------------------------------------


@lru_cache(maxsize=4096)
def _largest(
    domains: Domains, says: Domains = frozenset(), pair: Pair | None = None
) -> tuple[dict[str, str], ...] | None:
    """Every largest placement: each building on a space of its domain or left out, no space
    used twice, as many placed as possible. A building the card names (`says`) must stand
    on a space it allows, and the pair's relation must hold; None when nothing does."""
    dom = dict(domains)
    said = dict(says)
    order = sorted(said) + sorted((b for b in dom if b not in said), key=lambda b: len(dom[b]))
    options = {b: sorted(dom[b] & said[b]) if b in said else sorted(dom[b]) for b in order}
    best: list[dict[str, str]] = []
    most = -1

    def fits(chosen: dict[str, str]) -> bool:
        if pair is None:
            return True
        a, m, pairs = pair
        return a not in chosen or m not in chosen or (chosen[a], chosen[m]) in pairs

    def extend(i: int, used: frozenset[str], chosen: dict[str, str]) -> None:
        nonlocal most, best
        if len(chosen) + len(order) - i < most:
            return
        if i == len(order):
            if len(chosen) > most:
                most, best = len(chosen), []
            best.append(dict(chosen))
            return
        b = order[i]
        for x in options[b]:
            if x not in used:
                chosen[b] = x
                if fits(chosen):
                    extend(i + 1, used | {x}, chosen)
                del chosen[b]
        if b not in said:  # left out
            extend(i + 1, used, chosen)

    extend(0, frozenset(), {})
    return tuple(best) or None


def largest_placements(
    domains: Marks, says: Marks | None = None, pair: Pair | None = None
) -> tuple[dict[str, str], ...] | None:
    """`_largest` for the play ruling's oracle too (tests/test_play_oracle.py); cached:
    read the placements, never change them."""
    return _largest(_frozen(domains), _frozen(says or {}), pair)


def _frozen(domains: Mapping[str, Spaces]) -> Domains:
    return frozenset((b, frozenset(v)) for b, v in domains.items())


def support_of(found: tuple[dict[str, str], ...], buildings: Any) -> dict[str, Spaces]:
    """L1: the spaces some largest placement puts each building on."""
    return {b: frozenset(p[b] for p in found if b in p) for b in buildings}


def determined_by(found: tuple[dict[str, str], ...]) -> dict[str, str]:
    """L2: the buildings every largest placement puts on one and the same space."""
    return {b: x for b, x in found[0].items() if all(p.get(b) == x for p in found)}


# ----- the town between steps -----------------------------------------------------------------


@dataclass(frozen=True)
class Town:
    """The board and the active player between the steps of a turn."""

    placed: frozenset[tuple[str, str]]
    markers: Domains
    retired: frozenset[str]
    mine: tuple[str, ...]  # the buildings in front of the player
    points: int
    bought: int

    def marked(self) -> dict[str, Spaces]:
        return dict(self.markers)


@dataclass(frozen=True, eq=False)
class Rules:
    """What the twin reads of a state besides the town: plain data."""

    state: GameState
    holders: tuple[str, ...]  # buildings in front of the other players


# A step's outcome: None (refused), "dead" (a confirmation or a contradiction, A1), or the
# points and the town after.
Step = tuple[int, Town] | str | None


def _effects(
    r: Rules,
    t: Town,
    domains: dict[str, Spaces],
    with_card: tuple[dict[str, str], ...],
    says: dict[str, Spaces],
    pair: Pair | None,
    opened: set[str],
    taken: tuple[str, str] | None = None,
) -> tuple[dict[str, set[str]], dict[str, str], set[str], dict[tuple[str, str], str], Any]:
    """P6 (and A1): the removals and buildings, tier by tier, of a card in force (`says`,
    `pair`, the open buildings it marks; `with_card`, the largest placements of `domains`
    under it) or of a discard's taken marker."""
    s = r.state
    before = t.marked()
    alone = _largest(_frozen(before)) or ({},)
    keep = support_of(with_card, domains)
    fixed = determined_by(with_card)
    left = {b: set(v) for b, v in before.items()}
    left.update({b: set(domains[b]) for b in opened})
    placed = dict(t.placed)
    removed: dict[tuple[str, str], str] = {}
    built: dict[str, str] = {}

    def take(b: str, x: str, tier: str) -> bool:
        if x not in left.get(b, set()):
            return False
        left[b].discard(x)
        removed[b, x] = tier
        return True

    def build(b: str, x: str, tier: str) -> None:
        for y in sorted(left[b] - {x}):
            take(b, y, tier)
        del left[b]  # its last marker goes with the building (S1)
        placed[b] = x
        built[b] = tier
        for c in sorted(left):
            take(c, x, tier)  # displaced: no two buildings share a space

    def where(b: str) -> set[str]:
        return {placed[b]} if b in placed else left.get(b, set())

    def relation(tier: str) -> bool:
        if pair is None:
            return False
        a, m, pairs = pair
        any_gone, again = False, True
        while again:
            again = False
            for x in sorted(where(a)):
                if a not in placed and not any((x, y) in pairs for y in where(m)):
                    again = take(a, x, tier) or again
            for y in sorted(where(m)):
                if m not in placed and not any((x, y) in pairs for x in where(a)):
                    again = take(m, y, tier) or again
            any_gone = any_gone or again
        return any_gone

    if taken is not None:
        take(*taken, "card")
        if not left[taken[0]]:
            del left[taken[0]]
    for b, spaces in says.items():
        if b not in placed and b not in opened:  # nothing built yet
            for x in sorted(left.get(b, set()) - spaces):
                take(b, x, "card")
    relation("card")
    # A building alone and settled on the board before is the board's own claim (L2).
    claimed = {b: x for b, x in determined_by(alone).items() if len(before.get(b, ())) == 1}
    while True:
        changed = False
        for b in sorted(left):
            if b in left and len(left[b]) == 1 and b in fixed and b not in claimed:
                build(b, fixed[b], "cascade")
                changed = True
        changed = relation("cascade") or changed
        if changed:
            continue
        plain = _largest(_frozen({b: frozenset(v) for b, v in left.items()})) or ({},)
        plain_keep = support_of(plain, left)
        needs_card = [
            (b, x) for b in sorted(left) for x in sorted(left[b] & plain_keep[b] - keep[b])
        ]
        for b, x in needs_card:
            take(b, x, "card")
        if not needs_card:
            break
    if s.options.logic_to_active:
        for b in sorted(left):
            for x in sorted(left[b] - keep[b]):
                take(b, x, "logic")
        for b in sorted(fixed):
            if b in left:
                build(b, fixed[b], "logic")
    retired = {b for b in set(before) | opened if b not in placed and not left.get(b)}
    return left, placed, retired, removed, built


def _after(
    t: Town,
    left: dict[str, set[str]],
    placed: dict[str, str],
    retired: set[str],
    points: int,
) -> Town:
    gone = set(placed) | retired  # built or retired: no longer in front of anyone
    return Town(
        frozenset(placed.items()),
        frozenset((b, frozenset(v)) for b, v in left.items() if v),
        t.retired | retired,
        tuple(b for b in t.mine if b not in gone),
        t.points + points,
        t.bought,
    )


def _my_choices(t: Town, c: Any) -> list[str | None]:
    """P7: the buildings in front of the player, neither placed nor retired, that are not
    the building a condition card names."""
    return [
        b
        for b in t.mine
        if b not in dict(t.placed)
        and b not in t.retired
        and not (c.kind == "condition" and b == c.subject)
    ]


def _card(r: Rules, t: Town, n: int, my: str | None, confirmations: bool) -> Step:
    """One card (P1 to P7), the end-of-turn check (P5 b) left to the turn."""
    s = r.state
    board = s.board
    c = s.cards[n]
    placed = dict(t.placed)
    if c.kind == "building":
        if my is not None:
            return None
    else:
        choices = _my_choices(t, c)
        if my is None and len(choices) == 1:
            my = choices[0]
        if my not in choices:
            return None
    assert c.kind == "building" or my is not None
    says: dict[str, Spaces] = {}
    pair: Pair | None = None
    if c.kind == "building":
        says[c.subject] = c.spaces
    elif c.kind == "district":
        assert my is not None
        says[my] = c.spaces
    else:
        assert my is not None and c.relation is not None
        says[c.subject] = c.spaces
        says[my] = c.my_spaces if c.my_spaces is not None else frozenset(board.building_spaces)
        pair = (c.subject, my, board.relation_pairs(c.relation))
    marked = t.marked()
    free = frozenset(board.building_spaces) - set(placed.values())
    domains: dict[str, Spaces] = dict(marked)
    opened: set[str] = set()
    for b, spaces in says.items():
        if b in placed:
            domains[b] = frozenset({placed[b]})
        elif b in t.retired:
            domains[b] = frozenset()
        elif b not in marked:
            domains[b] = spaces & free
            opened.add(b)
    # P3: no placement fits the card, or it leaves more buildings without a space.
    with_card = _largest(_frozen(domains), _frozen(says), pair)
    alone = _largest(_frozen(marked))
    short = len(marked) - (len(alone[0]) if alone else 0)
    if with_card is None or len(domains) - len(with_card[0]) > short:
        return "dead"
    keep = support_of(with_card, domains)
    new = {b: keep[b] for b in opened}
    domains.update(new)
    if any(len(v) > board.markers_per_building for v in new.values()):
        return None  # P2: not now
    count = Counter(x for v in marked.values() for x in v)
    if any(count[x] >= board.max_markers_per_space for v in new.values() for x in v):
        return None  # P5 (a): not now
    left, placed_after, retired, removed, built = _effects(
        r, t, domains, with_card, says, pair, opened
    )
    own = ("card", "cascade")
    alters = new or any(x in own for x in removed.values()) or any(x in own for x in built.values())
    if not alters and not confirmations:
        return "dead"  # P4: a confirmation, not playable here
    unneeded = sum(board.markers_per_building - len(v) for v in new.values())
    points = len(removed) + unneeded + len(built)  # S1
    return points, _after(t, left, placed_after, retired, points)


def _discard(r: Rules, t: Town, take: tuple[str, str]) -> Step:
    """A1: any marker, a building's last one included; what follows, as P6."""
    marked = t.marked()
    b, x = take
    if x not in marked.get(b, frozenset()):
        return None
    domains = dict(marked)
    domains[b] = marked[b] - {x}
    if not domains[b]:
        del domains[b]
    with_discard = _largest(_frozen(domains))
    assert with_discard is not None  # leaving buildings out always fits
    left, placed, retired, removed, built = _effects(
        r, t, domains, with_discard, {}, None, set(), take
    )
    points = len(removed) + len(built)
    return points, _after(t, left, placed, retired, points)


def _beside(r: Rules, t: Town, b: str) -> bool:
    """Beside the board: neither placed, nor retired, nor in front of a player."""
    return b not in dict(t.placed) and b not in t.retired and b not in t.mine + r.holders


def _buy(r: Rules, t: Town, b: str) -> Town | None:
    """A2: two scored markers for a building beside the board, at most `max_bought`."""
    o = r.state.options
    if not o.buying or not _beside(r, t, b) or t.bought >= o.max_bought or t.points < 2:
        return None
    return replace(t, mine=(*t.mine, b), points=t.points - 2, bought=t.bought + 1)


def legal_turns(state: GameState, player: str | None = None) -> dict[tuple[Any, ...], int]:
    """Every legal turn of `player` -> the points it nets this turn."""
    name = player or state.active
    assert name is not None
    me = state.player(name)
    o = state.options
    others = tuple(b for p in state.players if p.name != name for b in p.buildings)
    r = Rules(replace(state, active=name), others)
    marked = _frozen(state.markers)
    start = Town(
        frozenset(state.placed.items()), marked, state.retired, me.buildings, me.points, me.bought
    )
    hand = list(me.hand or ())
    beside = [b for b in state.board.buildings if _beside(r, start, b)]
    buys: list[str | None] = [None, *beside] if o.buying else [None]
    most_cards = 2 if len(state.placed) + len(state.board.frames) < o.two_cards_until else 1
    found: dict[tuple[Any, ...], int] = {}

    @cache
    def step(t: Town, what: tuple[Any, ...], confirmations: bool) -> Town | None:
        """One step of a turn, once per town reached: a buy, a card or a discard."""
        if what[0] == "buy":
            return _buy(r, t, what[1])
        if what[0] == "card":
            ruled = _card(r, t, what[1], what[2], confirmations)
        else:
            ruled = _discard(r, t, what[1])
        return ruled[1] if isinstance(ruled, tuple) else None

    def turn(key: tuple[Any, ...], steps: list[tuple[Any, ...]], buy: str | None, at: int) -> None:
        """Each step on the town the one before left, the buy after `at` of them; then at most
        three markers a space (P5 b)."""
        t: Town | None = start
        if buy is not None:
            steps.insert(at, ("buy", buy))
        for what in steps:
            t = step(t, what, o.confirmation_playable) if t is not None else None
        if t is None:
            return
        counts = Counter(x for _, v in t.markers for x in v)
        if all(n <= state.board.max_markers_per_space for n in counts.values()):
            found[key] = t.points - me.points

    def my_options(card: int, buy: str | None) -> list[str | None]:
        if state.cards[card].kind == "building":
            return [None]
        return [*me.buildings, *([buy] if buy else [])]

    for k in range(1, most_cards + 1):
        for cards in permutations(hand, k):
            for buy in buys:
                for at in range(k + 1) if buy else [0]:
                    choices: list[list[str | None]] = [[]]
                    for c in cards:
                        choices = [[*x, m] for x in choices for m in my_options(c, buy)]
                    for mys in choices:
                        plays = tuple(zip(cards, mys, strict=True))
                        turn(("play", plays, buy, at), [("card", *p) for p in plays], buy, at)

    def dead(n: int) -> bool:
        """A1 (Old Town): a confirmation or a contradiction for every my building."""
        c = state.cards[n]
        mys = [None] if c.kind == "building" else _my_choices(start, c)
        return bool(mys) and all(_card(r, start, n, my, False) == "dead" for my in mys)

    pool = [n for n in hand if dead(n)] if o.discard_needs_dead_cards else hand
    for pair in combinations(pool, 2):
        for b, spaces in state.markers.items():
            for x in spaces:
                for buy in buys:
                    for at in (0, 1) if buy else (0,):
                        turn(("discard", pair, (b, x), buy, at), [("discard", (b, x))], buy, at)
    # A pass, alone or with a buy; Old Town passes only when no single card can be played.
    singles = any(len(key[1]) == 1 and key[2] is None for key in found if key[0] == "play")
    if not (o.pass_only_when_stuck and singles):
        found["pass", None] = 0
        for buy in buys[1:]:
            assert buy is not None
            if _buy(r, start, buy) is not None:
                found["pass", buy] = -2
    return found


def buy_enables(turns: dict[tuple[Any, ...], int]) -> dict[str, tuple[int, ...]]:
    """For each building a legal turn buys before its only card: the cards played alone as
    it (what a buy with a pass lets the player play as it, on the board as it stands)."""
    out: dict[str, set[int]] = {}
    for key in turns:
        if key[0] == "play" and len(key[1]) == 1 and key[2] is not None and key[3] == 0:
            (card, my), bought = key[1][0], key[2]
            if my == bought:
                out.setdefault(bought, set()).add(card)
    return {b: tuple(sorted(cards)) for b, cards in out.items()}


def best_net_points(state: GameState, player: str | None = None) -> int:
    return max(legal_turns(state, player).values())
