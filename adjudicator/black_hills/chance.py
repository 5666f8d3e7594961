"""Turns that chance decides, ranked by their exact expectation: a robbery (the aiming die,
each face with its probability from the board file's `die`), the Shaman's draw (four
cards dealt from the discards, every deal equally likely) and, with the option
`colonel-steal=blind`, the Colonel's steal (each card of the victim's hand equally likely).

A turn may meet more than one of them: the Shaman drawing the Outlaw and robbing with its
gunman, a robbery before the draw, a drawn (or copied) Colonel's blind steal and a
robbery. The choices before the first chance are the plan, fixed once; after each outcome
the player makes the best choices knowing it (whom to rob and of what, which dealt card to
play and how, an event, investing, another chance), so the expectation nests: for each
deal, the best of its cards, each card's best continuation (a robbery by its own
expectation over the die) and so on. Every candidate turn is refereed whole; the turns
are grouped by what is chosen between their chances into a tree that is evaluated by
expectimax over `fractions.Fraction`, so it is exact.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb

from adjudicator.black_hills.candidates import (
    Candidate,
    Judge,
    Outcome,
    candidate_turns,
    is_blind,
    keeps,
    orders,
    placements,
)
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.draft import shaman_pool
from adjudicator.black_hills.moves import (
    Action,
    Event,
    Invest,
    Keep,
    Place,
    Rob,
    ShamanCopy,
    ShamanDraw,
    Steal,
    TurnMove,
)
from adjudicator.black_hills.notation import format_action, format_turn_move
from adjudicator.black_hills.state import BHState

__all__ = ["chance_candidates", "deal_odds", "loots"]

#: A chance met in a turn: what decides it — `("die", "")`, `("draw", "")` or `("steal",
#: victim)` — and what it decided: the face (`"die 2"`), the card the Shaman plays of the
#: deal (`"miner"`), the card the blind steal drew (`"drew bank"`).
_Chance = tuple[tuple[str, str], str]

#: A turn's way through its chances: before each, the choices made since the last one
#: (each action written, the chance's own as it stands before the outcome), and the chance;
#: then the choices after the last. Turns sharing a start share a branch of the tree.
_Path = tuple[tuple[tuple[str, ...], _Chance], ...]

#: A turn as the tree holds it: its path, the choices after its last chance, the turn.
_Item = tuple[_Path, tuple[str, ...], Candidate]

#: A branch's value: each outcome of all the chances met on the best way (their names
#: joined by "; "), its probability and the turn then played; the expectation follows.
_Value = tuple[tuple[str, Fraction, Candidate], ...]

#: An expectation: reputation gained, then worth kept.
_Key = tuple[Fraction, Fraction]

_Target = tuple[tuple[str, str | None], ...]


def _plan_text(player: str, words: tuple[str, ...]) -> str:
    """The plan as the answer writes it: the actions before the chance, then the chance."""
    return f"{player}: " + "; ".join(words)


def loots(state: BHState, player: str, die: int) -> Iterator[_Target]:
    """The robbery's targets for a face: every way to take that many resources (or all
    that one or two players hold: "from just one player or two players") from the players
    not protected, each token a player and the resource named (`bob:gold`)."""
    others = [p for p in state.players if p.name != player and p.name not in state.protected]
    if not others:
        return
    if die == 0 or all(p.resources == 0 for p in others):
        yield ((others[0].name, None),)
        return
    held = {(p.name, r): getattr(p, r) for p in others for r in RESOURCES}
    seen: set[tuple[tuple[str, str], ...]] = set()
    for size in (1, 2):
        for victims in combinations(others, size):
            kinds = [(p.name, r) for p in victims for r in RESOURCES if getattr(p, r)]
            total = sum(p.resources for p in victims)
            for pick in combinations_with_replacement(kinds, min(die, total)):
                if pick not in seen and all(pick.count(k) <= held[k] for k in set(pick)):
                    seen.add(pick)
                    yield tuple((n, r) for n, r in pick)


def _draws(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...]
) -> Iterator[tuple[str, TurnMove]]:
    """The Shaman playing each card the deal may hold, written with a deal that holds it
    (which other cards it holds changes nothing once the card is chosen)."""
    pool = shaman_pool(state)
    size = min(4, len(pool))
    for prefix, keep in keeps(state, player):
        if "shaman" not in keep:
            continue
        for drawn in sorted(set(pool) - {"shaman"}):
            dealt = [drawn, *[c for c in pool if c != drawn][: size - 1]]
            for place in placements(state, player, drawn):
                assert isinstance(place, Place)
                shaman = ShamanDraw(place, tuple(sorted(dealt)))
                for order in orders(state, player, shaman, invest_steps):
                    yield "shaman", TurnMove(player, (*prefix, *order))


def _chancy(move: TurnMove) -> bool:
    """Whether chance decides something in the turn (a robbery aside): the draw, a blind
    steal."""
    return any(isinstance(a, ShamanDraw) or is_blind(a) for a in move.actions)


def _turns(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...]
) -> Iterator[tuple[str, TurnMove]]:
    """Every candidate turn that meets a chance: each turn with a draw or a blind steal, and
    each turn (those too) with a robbery anywhere but between a card and its investing."""
    me = state.player(player)
    # No gunman now, none to hire this turn (Reinforcements may jail one first): no robbery.
    can_rob = me.gunmen > 0 or state.jail > 0 or "reinforcements" in me.events
    faces = sorted(set(state.rules.die))
    targets = {d: list(loots(state, player, d)) for d in faces}
    gains = {d: _by_gain(targets[d]) for d in faces}
    for cid, move in [
        *candidate_turns(state, player, invest_steps),
        *_draws(state, player, invest_steps),
    ]:
        if _chancy(move):
            yield cid, move
        if not can_rob or (
            me.gunmen == 0
            and "outlaw" not in move.characters()
            and "jailbreak" not in move.events()
        ):
            continue  # nothing in this turn hires a gunman: it cannot rob
        parts = move.actions
        # Where nothing else in the turn takes from the other players, what the robbed
        # keep never reaches the player's reputation or worth, only what the robbery
        # gains: one way of robbing each gain is enough.
        ways = targets if any(map(_takes_from_others, parts)) else gains
        for i in range(len(parts) + 1):
            if i < len(parts) and isinstance(parts[i], Invest | Keep):
                continue
            for d in faces:
                for loot in ways[d]:
                    yield cid, TurnMove(player, (*parts[:i], Rob(loot, d), *parts[i:]))


def _by_gain(targets: list[_Target]) -> list[_Target]:
    """The first way of robbing each gain (the resources taken, whoever from): every way
    is named from what the players hold before the turn, so each takes what it names."""
    seen: dict[tuple[str, ...], _Target] = {}
    for t in targets:
        seen.setdefault(tuple(sorted(r or "" for _, r in t)), t)
    return list(seen.values())


def _takes_from_others(action: Action) -> bool:
    """Whether the action takes resources from other players (the Gambler, the Madam,
    Tax collection), so that what a robbery leaves them matters."""
    place = action.place if isinstance(action, ShamanCopy | ShamanDraw) else action
    if isinstance(place, Place) and place.victim is not None:
        return True
    return isinstance(action, Event) and action.event == "tax-collection"


def _steps(action: Action) -> Iterator[str | _Chance]:
    """The action's words as the tree reads them: a chance where it comes, the choices
    known before it written without what it decided."""
    if isinstance(action, Rob):  # whom to rob and of what is chosen knowing the die
        yield "rob"
        yield ("die", ""), f"die {action.die}"
        yield format_action(action)
        return
    if isinstance(action, ShamanDraw):
        assert action.place is not None
        yield "shaman draw"
        yield ("draw", ""), action.place.character
    if not is_blind(action):
        yield format_action(action)
        return
    place = action.place if isinstance(action, ShamanCopy | ShamanDraw) else action
    assert isinstance(place, Place) and place.steal is not None
    unseen = replace(place, steal=Steal(place.steal.victim))
    before = (
        replace(action, place=unseen) if isinstance(action, ShamanCopy | ShamanDraw) else unseen
    )
    yield format_action(before)
    yield ("steal", place.steal.victim), f"drew {place.steal.event}"


def _path(move: TurnMove) -> tuple[_Path, tuple[str, ...]]:
    path: list[tuple[tuple[str, ...], _Chance]] = []
    words: list[str] = []
    for a in move.actions:
        for step in _steps(a):
            if isinstance(step, str):
                words.append(step)
            else:
                path.append((tuple(words), step))
                words = []
    return tuple(path), tuple(words)


def _key(value: _Value) -> _Key:
    """The expectation: reputation gained, then worth kept."""
    rep = sum((p * c.verdict.reputation_gained for _, p, c in value), Fraction())
    return rep, sum((p * c.kept for _, p, c in value), Fraction())


def _choose(items: list[_Item], state: BHState) -> tuple[_Key, _Value] | None:
    """The best way on once all before is known: a turn ending here, or the best of the
    chances the player may go on to (by expectation); ties keep the first found, a sure
    turn before a chance."""
    best: tuple[_Key, _Value] | None = None
    groups: dict[tuple[tuple[str, ...], tuple[str, str]], list[_Item]] = {}
    for item in items:
        path, _, cand = item
        if path:
            words, (kind, _) = path[0]
            groups.setdefault((words, kind), []).append(item)
        else:
            here: _Value = (("", Fraction(1), cand),)
            if best is None or _key(here) > best[0]:
                best = (_key(here), here)
    for (_, kind), group in groups.items():
        value = _expect(kind, group, state)
        if value is not None and (best is None or value[0] > best[0]):
            best = value
    return best


def _join(label: str, p: Fraction, value: _Value) -> list[tuple[str, Fraction, Candidate]]:
    return [(f"{label}; {sub}" if sub else label, p * q, c) for sub, q, c in value]


def _expect(
    kind: tuple[str, str], items: list[_Item], state: BHState
) -> tuple[_Key, _Value] | None:
    """The chance every item meets next, over its outcomes (each continued at its best);
    None when some outcome leaves no legal way to finish."""
    by_outcome: dict[str, list[_Item]] = {}
    for path, after, cand in items:
        _, (_, outcome) = path[0]
        by_outcome.setdefault(outcome, []).append((path[1:], after, cand))
    best = {o: _choose(sub, state) for o, sub in by_outcome.items()}
    weighted: list[tuple[str, Fraction, tuple[_Key, _Value] | None]]
    what, victim = kind
    if what == "die":
        die = state.rules.die
        weighted = [
            (f"die {d}", Fraction(die.count(d), len(die)), best.get(f"die {d}"))
            for d in sorted(set(die))
        ]
    elif what == "steal":  # each card in the victim's hand alike
        hand = state.player(victim).events
        weighted = [
            (f"drew {e}", Fraction(hand.count(e), len(hand)), best.get(f"drew {e}"))
            for e in sorted(set(hand))
        ]
    else:  # the draw: each deal by its odds, the best of its cards played
        weighted = []
        for deal, p in deal_odds(state):
            tries = [v for c in deal if (v := best.get(c)) is not None]
            pick = max(tries, key=lambda t: t[0], default=None)
            weighted.append((f"dealt {', '.join(deal)}", p, pick))
    out: list[tuple[str, Fraction, Candidate]] = []
    rep, kept = Fraction(), Fraction()
    for label, p, got in weighted:
        if got is None:
            return None
        out += _join(label, p, got[1])
        rep, kept = rep + p * got[0][0], kept + p * got[0][1]
    return (rep, kept), tuple(out)


def deal_odds(state: BHState) -> list[tuple[tuple[str, ...], Fraction]]:
    """Each deal the Shaman may be dealt, with its probability: every four of the pool
    alike; in a player's view (`knows.view_state`), the player's own discards (known to
    lie there) and, for the others' discards, any of the characters the player has not
    seen, alike."""
    pool = shaman_pool(state)
    if state.view_pool is None:
        size = min(4, len(pool))
        p = Fraction(1, comb(len(pool), size))
        return [(deal, p) for deal in combinations(pool, size)]
    known, hidden = state.view_pool
    unseen = [c for c in pool if c not in known]
    size = min(4, len(known) + hidden)
    out = []
    for j in range(len(known) + 1):
        k = size - j  # of the deal, this many are the others' discards
        if not 0 <= k <= min(hidden, len(unseen)):
            continue
        p = Fraction(comb(hidden, k), comb(len(known) + hidden, size) * comb(len(unseen), k))
        for mine in combinations(known, j):
            out += [(tuple(sorted((*mine, *theirs))), p) for theirs in combinations(unseen, k)]
    return out


def chance_candidates(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...], judge: Judge
) -> list[Candidate]:
    """For each plan with a robbery, the Shaman's draw or a blind steal, its candidate by
    expectation."""
    rules = state.rules
    plans: dict[tuple[str, tuple[str, ...]], list[_Item]] = {}
    for cid, move in _turns(state, player, invest_steps):
        v = judge(move)
        if not v.legal or v.state is None:
            continue
        kept = rules.worth(v.state.player(player).holding())
        path, after = _path(move)
        plans.setdefault((cid, path[0][0]), []).append(
            (path, after, Candidate(cid, format_turn_move(move), v, kept))
        )
    out: list[Candidate] = []
    for cid, words in sorted(plans, key=lambda k: (k[0], _plan_text(player, k[1]))):
        items = plans[cid, words]
        got = _expect(items[0][0][0][1][0], items, state)
        if got is not None:
            done = tuple(Outcome(o, p, c.text, c.verdict, c.kept) for o, p, c in got[1])
            text = f"{_plan_text(player, words)} ..."
            out.append(Candidate(cid, text, done[0].verdict, done[0].kept, done))
    return out
