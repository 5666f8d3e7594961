"""Why the coach ranks a turn where it does: one sentence a player can read aloud for each
turn it rated, set against the greedy turn (the most points now, the plain hint's first)
and built from the figures the coach measured over its worlds (`coach.Rated`)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.i18n import N_, Message, Sentence, clauses
from adjudicator.deduction.game.coach import Advice, Rated

__all__ = ["draw_reason", "greedy_of", "reasons"]

#: A difference of means smaller than this is noise of the sampled worlds, not a reason.
_NOISE = 0.5


def greedy_of(advice: Advice) -> Rated:
    """The turn the plain hint puts first, which the coach always rates."""
    return min(advice.rated, key=lambda r: r.action.sort_key())


# The sentences are messages (`core.i18n`): English text, read in the reader's language.


def _number(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _points(x: float) -> Message:
    n = _number(x)
    return Message(N_("{n} point"), n=n) if n == "1" else Message(N_("{n} points"), n=n)


def _cards(cards: Sequence[int]) -> Message:
    if len(cards) == 1:
        return Message(N_("card {card}"), card=cards[0])
    head = ", ".join(map(str, cards[:-1]))
    return Message(N_("cards {cards} and {last}"), cards=head, last=cards[-1])


def _sentence(r: Rated, greedy: Rated, claimer: str) -> str:
    parts: list[str] = []
    if r is greedy:
        parts.append(Message(N_("the most points this turn ({now})"), now=r.now))
    elif r.now < greedy.now:
        parts.append(
            Message(
                N_("scores {now} now, {fewer} fewer than the greedy turn"),
                now=r.now,
                fewer=greedy.now - r.now,
            )
        )
    else:
        parts.append(Message(N_("scores {now} now"), now=r.now))
    kept = sorted(set(greedy.action.cards) - set(r.action.cards))
    if kept:
        parts.append(Message(N_("keeps {cards} for a later turn"), cards=_cards(kept)))
    if r.given >= _NOISE:
        claim = N_("gives {player} a {n}-point STOP claim")
        parts.append(Message(claim, player=claimer, n=_number(r.given)))
    elif greedy.given >= _NOISE:
        parts.append(Message(N_("leaves {player} no STOP claim"), player=claimer))
    # `later` and `rival` are set against the greedy turn's only over the same worlds: a
    # turn dropped halfway by the halving was played in fewer.
    same = r.worlds == greedy.worlds
    later = r.later - greedy.later if same else 0.0
    if later >= _NOISE:
        parts.append(Message(N_("sets up {points} more on your next turn"), points=_points(later)))
    elif later <= -_NOISE:
        parts.append(Message(N_("costs {points} on your next turn"), points=_points(-later)))
    rival = r.rival - greedy.rival if same else 0.0
    if rival >= _NOISE:
        more = N_("the best other player gains {points} more in the round")
        parts.append(Message(more, points=_points(rival)))
    elif rival <= -_NOISE:
        fewer = N_("the best other player gains {points} fewer in the round")
        parts.append(Message(fewer, points=_points(-rival)))
    if r.worlds < greedy.worlds:
        parts.append(Message(N_("dropped halfway: it did worse in the first worlds")))
    elif r.worlds > greedy.worlds:
        said = N_("the greedy turn was dropped halfway: it did worse in the first worlds")
        parts.append(Message(said))
    elif len(parts) == 1 and r is not greedy:
        parts.append(Message(N_("nothing after it tells it from the greedy turn")))
    return Sentence("{text}.", text=clauses(parts))


def reasons(advice: Advice, seats: Sequence[str]) -> tuple[str, ...]:
    """One sentence for each rated turn, in the advice's order. `seats`: the players in
    seat order (the next one after the player calls the STOP claims left)."""
    if not advice.rated:
        return ()
    names = list(seats)
    claimer = names[(names.index(advice.player) + 1) % len(names)]
    greedy = greedy_of(advice)
    return tuple(_sentence(r, greedy, claimer) for r in advice.rated)


def _pile(name: str) -> Message:
    """A pile in words: Old Town's two players each have their own (named `ann's`)."""
    if name.endswith("'s"):
        return Message(N_("your own pile"))
    return Message(N_("the {pile} pile"), pile=name)


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
        than = Message(N_("as good")) if abs(gap) < 0.05 else f"{other.value - best.value:+.1f}"
        return Message(
            N_(
                "Then draw from {pile}: no other pile does better over the {horizon} "
                "({other}: {than})."
            ),
            pile=_pile(best.pile),
            horizon=advice.horizon,
            other=_pile(other.pile),
            than=than,
        )
    return Message(
        N_("Then draw from {pile}: over the {horizon} it is worth {points} more than {other}."),
        pile=_pile(best.pile),
        horizon=advice.horizon,
        points=_points(gap),
        other=_pile(other.pile),
    )
