"""Why the coach ranks a turn where it does: one sentence a player can read aloud for each
turn it rated, set against the greedy turn (the most points now, the plain hint's first)
and built from the figures the coach measured over its worlds (`coach.Rated`)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.deduction.game.coach import Advice, Rated

__all__ = ["draw_reason", "greedy_of", "reasons"]

#: A difference of means smaller than this is noise of the sampled worlds, not a reason.
_NOISE = 0.5


def greedy_of(advice: Advice) -> Rated:
    """The turn the plain hint puts first, which the coach always rates."""
    return min(advice.rated, key=lambda r: r.action.sort_key())


def _points(x: float) -> str:
    shown = f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"
    return f"{shown} point" + ("" if shown == "1" else "s")


def _cards(cards: Sequence[int]) -> str:
    if len(cards) == 1:
        return f"card {cards[0]}"
    return "cards " + ", ".join(map(str, cards[:-1])) + f" and {cards[-1]}"


def _sentence(r: Rated, greedy: Rated, claimer: str) -> str:
    parts: list[str] = []
    if r is greedy:
        parts.append(f"the most points this turn ({r.now})")
    elif r.now < greedy.now:
        parts.append(f"scores {r.now} now, {greedy.now - r.now} fewer than the greedy turn")
    else:
        parts.append(f"scores {r.now} now")
    kept = sorted(set(greedy.action.cards) - set(r.action.cards))
    if kept:
        parts.append(f"keeps {_cards(kept)} for a later turn")
    if r.given >= _NOISE:
        claim = _points(r.given).removesuffix("s").replace(" point", "-point")
        parts.append(f"gives {claimer} a {claim} STOP claim")
    elif greedy.given >= _NOISE:
        parts.append(f"leaves {claimer} no STOP claim")
    # `later` and `rival` are set against the greedy turn's only over the same worlds: a
    # turn dropped halfway by the halving was played in fewer.
    same = r.worlds == greedy.worlds
    later = r.later - greedy.later if same else 0.0
    if later >= _NOISE:
        parts.append(f"sets up {_points(later)} more on your next turn")
    elif later <= -_NOISE:
        parts.append(f"costs {_points(-later)} on your next turn")
    rival = r.rival - greedy.rival if same else 0.0
    if rival >= _NOISE:
        parts.append(f"the best other player gains {_points(rival)} more in the round")
    elif rival <= -_NOISE:
        parts.append(f"the best other player gains {_points(-rival)} fewer in the round")
    if r.worlds < greedy.worlds:
        parts.append("dropped halfway: it did worse in the first worlds")
    elif r.worlds > greedy.worlds:
        parts.append("the greedy turn was dropped halfway: it did worse in the first worlds")
    elif len(parts) == 1 and r is not greedy:
        parts.append("nothing after it tells it from the greedy turn")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def reasons(advice: Advice, seats: Sequence[str]) -> tuple[str, ...]:
    """One sentence for each rated turn, in the advice's order. `seats`: the players in
    seat order (the next one after the player calls the STOP claims left)."""
    if not advice.rated:
        return ()
    names = list(seats)
    claimer = names[(names.index(advice.player) + 1) % len(names)]
    greedy = greedy_of(advice)
    return tuple(_sentence(r, greedy, claimer) for r in advice.rated)


def _pile(name: str) -> str:
    """A pile in words: Old Town's two players each have their own (named `ann's`)."""
    return "your own pile" if name.endswith("'s") else f"the {name} pile"


def draw_reason(advice: Advice) -> str | None:
    """The pile to draw from after the best turn, and why, when there is a choice (T2): set
    against the default pile (the one a record takes when it does not say), or against the
    next best when the default is the best."""
    if not advice.draws:
        return None
    best, *rest = advice.draws
    other = next((p for p in rest if p.default), rest[0])
    gap = best.value - other.value
    if gap < _NOISE:
        than = "as good" if abs(gap) < 0.05 else f"{other.value - best.value:+.1f}"
        return (
            f"Then draw from {_pile(best.pile)}: no other pile does better over the "
            f"{advice.horizon} ({_pile(other.pile)}: {than})."
        )
    return (
        f"Then draw from {_pile(best.pile)}: over the {advice.horizon} it is worth "
        f"{_points(gap)} more than {_pile(other.pile)}."
    )
