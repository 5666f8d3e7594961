"""Turns that chance decides, ranked by their exact expectation: a robbery (the aiming die,
each face with its probability from the board file's `die`), the Shaman's draw (four
cards dealt from the discards, every deal equally likely) and, with the option
`colonel-steal=blind`, the Colonel's steal (each card of the victim's hand equally likely).

A plan is the part of the turn before the roll or the deal, fixed once; after it, for each
outcome, the player makes the best choices knowing it (whom to rob and of what, which card
to play and how, an event, investing). The expectation is over `fractions.Fraction`, so it
is exact. One chance a turn: a turn that both robs and draws is not ranked (the Shaman
drawing the Outlaw does not rob with the new gunman in the same turn's plan).
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
from adjudicator.black_hills.moves import (
    Action,
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
from adjudicator.black_hills.verdict import Verdict

__all__ = ["chance_candidates", "loots"]

#: What chance decides in a plan: the die (`"rob"`), the Shaman's deal (`"draw"`), or the
#: card a blind steal from that player draws (the victim's name).
_Kind = str

#: One candidate: (character, plan before the chance, what chance decides, the outcome,
#: the whole turn).
_Try = tuple[str, str, _Kind, str, TurnMove]

_Target = tuple[tuple[str, str | None], ...]


def _plan_text(player: str, before: tuple[Action, ...], last: str) -> str:
    """The plan as the answer writes it: the actions before the chance, then the chance."""
    return f"{player}: " + "; ".join([*(format_action(a) for a in before), last])


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


def _robberies(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...]
) -> Iterator[_Try]:
    """A robbery anywhere in each candidate turn but between a card and its investing."""
    me = state.player(player)
    if me.gunmen == 0 and state.jail == 0 and "reinforcements" not in me.events:
        return  # no gunman now, none to hire this turn (Reinforcements may jail one first)
    faces = sorted(set(state.rules.die))
    targets = {d: list(loots(state, player, d)) for d in faces}
    for cid, move in candidate_turns(state, player, invest_steps):
        if any(is_blind(a) for a in move.actions):
            continue  # one chance a turn: a blind steal is its own
        if (
            me.gunmen == 0
            and "outlaw" not in move.characters()
            and "jailbreak" not in move.events()
        ):
            continue  # nothing in this turn hires a gunman: it cannot rob
        parts = move.actions
        for i in range(len(parts) + 1):
            if i < len(parts) and isinstance(parts[i], Invest | Keep):
                continue
            plan = _plan_text(player, parts[:i], "rob")
            for d in faces:
                for loot in targets[d]:
                    turn = TurnMove(player, (*parts[:i], Rob(loot, d), *parts[i:]))
                    yield cid, plan, "rob", f"die {d}", turn


def _draws(state: BHState, player: str, invest_steps: tuple[Invest | None, ...]) -> Iterator[_Try]:
    """The Shaman playing each card the deal may hold, written with a deal that holds it
    (which other cards it holds changes nothing once the card is chosen)."""
    pool = sorted(state.discarded)
    size = min(4, len(pool))
    for prefix, keep in keeps(state, player):
        if "shaman" not in keep:
            continue
        for drawn in sorted(set(pool) - {"shaman"}):
            dealt = [drawn, *[c for c in pool if c != drawn][: size - 1]]
            for place in placements(state, player, drawn):
                if is_blind(place):
                    continue  # one chance a turn: a blind steal is its own
                assert isinstance(place, Place)
                shaman = ShamanDraw(place, tuple(sorted(dealt)))
                for order in orders(state, player, shaman, invest_steps):
                    i = order.index(shaman)
                    plan = _plan_text(player, (*prefix, *order[:i]), "shaman draw")
                    yield "shaman", plan, "draw", drawn, TurnMove(player, (*prefix, *order))


def _steals(state: BHState, player: str, invest_steps: tuple[Invest | None, ...]) -> Iterator[_Try]:
    """A blind Colonel's steal (`colonel-steal=blind`): the plan names the victim, the card
    drawn is the outcome, and what follows it (activating the card) is chosen knowing it."""
    if state.options.colonel_steal != "blind":
        return
    for cid, move in candidate_turns(state, player, invest_steps):
        i = next((k for k, a in enumerate(move.actions) if is_blind(a)), None)
        if i is None:
            continue
        act = move.actions[i]
        place = act.place if isinstance(act, ShamanCopy | ShamanDraw) else act
        assert isinstance(place, Place) and place.steal is not None
        steal = place.steal
        unseen = replace(place, steal=Steal(steal.victim))
        if isinstance(act, ShamanCopy | ShamanDraw):
            before: Action = replace(act, place=unseen)
        else:
            before = unseen
        plan = _plan_text(player, move.actions[:i], format_action(before))
        yield cid, plan, steal.victim, f"drew {steal.event}", move


def _expect(
    cid: str,
    plan: str,
    outcomes: list[tuple[str, Fraction, Candidate | None]],
) -> Candidate | None:
    """The plan's candidate; None when some outcome leaves no legal way to finish."""
    if any(c is None for _, _, c in outcomes):
        return None
    done = tuple(Outcome(o, p, c.text, c.verdict, c.kept) for o, p, c in outcomes if c)
    return Candidate(cid, f"{plan} ...", done[0].verdict, done[0].kept, done)


def chance_candidates(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...], judge: Judge
) -> list[Candidate]:
    """For each plan with a robbery or the Shaman's draw, its candidate by expectation."""
    rules = state.rules
    best: dict[tuple[str, str, str], Candidate] = {}
    kinds: dict[tuple[str, str], _Kind] = {}
    for cid, plan, kind, outcome, move in [
        *_robberies(state, player, invest_steps),
        *_draws(state, player, invest_steps),
        *_steals(state, player, invest_steps),
    ]:
        v: Verdict = judge(move)
        if not v.legal or v.state is None:
            continue
        kept = rules.worth(v.state.player(player).holding())
        c = Candidate(cid, format_turn_move(move), v, kept)
        here = (cid, plan, outcome)
        kinds[cid, plan] = kind
        if here not in best or c.key > best[here].key:
            best[here] = c
    plans = sorted(kinds)
    out: list[Candidate] = []
    die = rules.die
    pool = sorted(state.discarded)
    for cid, plan in plans:
        got: list[tuple[str, Fraction, Candidate | None]]
        kind = kinds[cid, plan]
        if kind == "rob":
            got = [
                (f"die {d}", Fraction(die.count(d), len(die)), best.get((cid, plan, f"die {d}")))
                for d in sorted(set(die))
            ]
        elif kind != "draw":  # a blind steal: each card in the victim's hand
            hand = state.player(kind).events
            got = [
                (
                    f"drew {e}",
                    Fraction(hand.count(e), len(hand)),
                    best.get((cid, plan, f"drew {e}")),
                )
                for e in sorted(set(hand))
            ]
        else:
            size = min(4, len(pool))
            p = Fraction(1, comb(len(pool), size))
            got = []
            for deal in combinations(pool, size):
                tries = [best[k] for c in deal if (k := (cid, plan, c)) in best]
                pick = max(tries, key=lambda t: t.key, default=None)
                got.append((f"dealt {', '.join(deal)}", p, pick))
        cand = _expect(cid, plan, got)
        if cand is not None:
            out.append(cand)
    return out
