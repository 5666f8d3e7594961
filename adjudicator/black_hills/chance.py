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
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb

from adjudicator.black_hills.candidates import (
    BLIND,
    Candidate,
    Judge,
    Outcome,
    candidate_turns,
    keeps,
    orders,
    placements,
)
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = ["chance_candidates", "loots"]

#: One candidate: (character, plan before the chance, the outcome, the whole turn's text).
_Try = tuple[str, str, str, str]


def loots(state: BHState, player: str, die: int) -> Iterator[str]:
    """The robbery's targets for a face: every way to take that many resources (or all
    that one or two players hold: "from just one player or two players") from the players
    not protected, each token written `bob:gold`."""
    others = [p for p in state.players if p.name != player and p.name not in state.protected]
    if not others:
        return
    if die == 0 or all(p.resources == 0 for p in others):
        yield others[0].name
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
                    yield " ".join(f"{n}:{r}" for n, r in pick)


def _robberies(state: BHState, player: str, invest_steps: list[str]) -> Iterator[_Try]:
    """A robbery anywhere in each candidate turn but between a card and its investing."""
    me = state.player(player)
    if me.gunmen == 0 and state.jail == 0 and "reinforcements" not in me.events:
        return  # no gunman now, none to hire this turn (Reinforcements may jail one first)
    faces = sorted(set(state.rules.die))
    targets = {d: list(loots(state, player, d)) for d in faces}
    for cid, text in candidate_turns(state, player, invest_steps):
        if BLIND in text:
            continue  # one chance a turn: a blind steal is its own
        if me.gunmen == 0 and not {"outlaw", "jailbreak"} & set(text.replace(";", " ").split()):
            continue  # nothing in this turn hires a gunman: it cannot rob
        name, _, body = text.partition(": ")
        parts = body.split("; ")
        for i in range(len(parts) + 1):
            if i < len(parts) and (parts[i].startswith("invest") or parts[i].startswith("keep")):
                continue
            plan = f"{name}: " + "; ".join([*parts[:i], "rob"])
            for d in faces:
                for loot in targets[d]:
                    turn = [*parts[:i], f"rob {loot} die={d}", *parts[i:]]
                    yield cid, plan, f"die {d}", f"{name}: " + "; ".join(turn)


def _draws(state: BHState, player: str, invest_steps: list[str]) -> Iterator[_Try]:
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
                if BLIND in place:
                    continue  # one chance a turn: a blind steal is its own
                shaman = f"shaman draw {place} dealt={','.join(sorted(dealt))}"
                for order in orders(state, player, shaman, invest_steps):
                    i = order.index(shaman)
                    plan = f"{player}: {prefix}" + "; ".join([*order[:i], "shaman draw"])
                    turn = prefix + "; ".join(order)
                    yield "shaman", plan, drawn, f"{player}: {turn}"


def _steals(state: BHState, player: str, invest_steps: list[str]) -> Iterator[_Try]:
    """A blind Colonel's steal (`colonel-steal=blind`): the plan names the victim, the card
    drawn is the outcome, and what follows it (activating the card) is chosen knowing it."""
    if state.options.colonel_steal != "blind":
        return
    for cid, text in candidate_turns(state, player, invest_steps):
        if BLIND not in text:
            continue
        name, _, body = text.partition(": ")
        parts = body.split("; ")
        i = next(k for k, part in enumerate(parts) if BLIND in part)
        words = parts[i].split()
        j = next(k for k, w in enumerate(words) if w.startswith(BLIND))
        plan = f"{name}: " + "; ".join([*parts[:i], " ".join(words[:j])])
        yield cid, plan, f"drew {words[j][len(BLIND) :]}", text


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
    state: BHState, player: str, invest_steps: list[str], judge: Judge
) -> list[Candidate]:
    """For each plan with a robbery or the Shaman's draw, its candidate by expectation."""
    rules = state.rules
    best: dict[tuple[str, str, str], Candidate] = {}
    for cid, plan, outcome, text in [
        *_robberies(state, player, invest_steps),
        *_draws(state, player, invest_steps),
        *_steals(state, player, invest_steps),
    ]:
        v: Verdict = judge(text)
        if not v.legal or v.state is None:
            continue
        c = Candidate(cid, text, v, rules.worth(v.state.player(player).holding()))
        here = (cid, plan, outcome)
        if here not in best or c.key > best[here].key:
            best[here] = c
    plans = sorted({(cid, plan) for cid, plan, _ in best})
    out: list[Candidate] = []
    die = rules.die
    pool = sorted(state.discarded)
    for cid, plan in plans:
        got: list[tuple[str, Fraction, Candidate | None]]
        last = plan.partition(": ")[2].split("; ")[-1]  # the action chance decides
        if last == "rob":
            got = [
                (f"die {d}", Fraction(die.count(d), len(die)), best.get((cid, plan, f"die {d}")))
                for d in sorted(set(die))
            ]
        elif last != "shaman draw":  # a blind steal: each card in the victim's hand
            hand = state.player(last.split()[-1]).events
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
