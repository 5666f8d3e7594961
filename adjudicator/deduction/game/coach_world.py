"""The worlds the coach (`coach.py`) plays in: determinizations of what a player cannot
see, and a self-play turn in one of them.

A player sees their own hand, the board, the points and the played cards; they do not see
the other players' hands or the order of the draw piles. A determinization deals the
cards the player cannot see into those places again, at random (seeded), so that the
coach can play turns forward in a world that is consistent with what the player knows.

What is kept: how many cards each hidden place holds, and the kind of card each hidden
position holds. The kinds are public, not a peek: Gads Hill has one draw pile per kind and
deals a fixed number of each kind to each hand, and Old Town's common pile is a known
stack (the dealt 4s and 8+8s on top of the 8s), so every card drawn is of a kind the table
saw. Only which card of its kind sits where is redrawn. Except with two players in Old
Town: their own piles mix two kinds face down, so there the own piles and the other hand
keep only their counts (`sample_deal`).

The redraw reads nothing that the hidden arrangement alone decides: the hidden cards of a
kind are gathered and sorted before they are shuffled, and the positions are filled in
seat order, then in the piles' name order. Two games that differ only in the other
players' hands and the piles (with the same counts and kinds) give the same worlds for the
same seed: `tests/test_coach.py` holds the coach to that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from adjudicator.core.evolve import evolve
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.greedy import best_action
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.piles import draw_default, draw_from
from adjudicator.deduction.game.record import Stop, Take
from adjudicator.deduction.rules.turn_order import refill_due

__all__ = ["Deal", "close_turn", "greedy_turn", "hidden_known", "refill_take", "sample_deal"]


@dataclass(frozen=True, slots=True)
class Deal:
    """One determinization: the other players' hands, the piles (top first), and the seed of
    a pile's reshuffle (T3), which the table's shuffle decides and nobody knows ahead."""

    hands: tuple[tuple[str, tuple[int, ...]], ...]
    piles: tuple[tuple[str, tuple[int, ...]], ...]
    rng_seed: int

    def onto(self, game: Game) -> Game:
        """`game` with this deal in the hidden places. The places must hold what they held
        when the deal was drawn (a player's own move changes neither the other hands nor
        the piles until the draw), so a deal drawn before a move applies after it."""
        state = game.state
        for name, hand in self.hands:
            state = state.with_player(name, hand=hand)
        # The log is dropped: the coach's worlds never read it, and it would only grow.
        return evolve(game, state=state, piles=self.piles, rng_seed=self.rng_seed, log=())


def hidden_known(game: Game) -> bool:
    """Whether the game tracks hands and piles, so that there are places to deal into."""
    return game.piles is not None and all(p.hand is not None for p in game.state.players)


#: The group of a hidden position whose kind nobody at the table saw.
_UNSEEN = ""


def sample_deal(game: Game, player: str, rng: random.Random) -> Deal:
    """Deal the cards `player` cannot see into the other hands and the piles again, keeping
    each position's kind where the table knows it (see the module's words).

    Old Town's two players each have an own pile of building and condition cards shuffled
    together face down: the kind at a position there is not known, nor the kind of a card
    drawn from it into a hand. With own piles, the own piles and the other hands keep
    their counts only: they take the unseen cards the common pile's kinds leave.

    Only what `player` knows is read: which cards are unseen (those not in their hand nor
    played, as a set), how many each place holds, and the kinds of the places whose kinds
    are public. Which unseen card lies where is never read: the positions of a public kind
    take cards of that kind from all the unseen ones, the others the rest."""
    state = game.state
    others = [p for p in state.players if p.name != player]
    piles = sorted(game.pile_map.items())
    places = [(p.name, p.hand or ()) for p in others] + piles
    kind_of = state.cards
    own_piles = any(name.endswith("'s") for name, _ in piles)
    blind = {p.name for p in others} | {name for name, _ in piles if name.endswith("'s")}

    def group(place: str, card: int) -> str:
        return _UNSEEN if own_piles and place in blind else kind_of[card].kind

    unseen = sorted(c for _, cards in places for c in cards)  # a set: no place read
    pool: dict[str, list[int]] = {}
    for kind in sorted({group(name, c) for name, cards in places for c in cards} - {_UNSEEN}):
        pool[kind] = [c for c in unseen if kind_of[c].kind == kind]
        rng.shuffle(pool[kind])
    # first the positions of a public kind (in place order), then the rest of the unseen
    # cards, shuffled, into the positions whose kind nobody saw
    known = [
        [pool[group(name, c)].pop() for c in cards if group(name, c) != _UNSEEN]
        for name, cards in places
    ]
    rest = {c for cards in pool.values() for c in cards}
    left = [c for c in unseen if kind_of[c].kind not in pool or c in rest]
    rng.shuffle(left)
    full = [
        (name, (*kept, *(left.pop() for c in cards if group(name, c) == _UNSEEN)))
        for (name, cards), kept in zip(places, known, strict=True)
    ]
    n = len(others)
    seed = rng.randrange(2**31)
    return Deal(tuple(full[:n]), tuple(full[n:]), seed)


def refill_take(game: Game, player: str, due: int, rng: random.Random) -> Take:
    """Old Town's refill (A4) as self-play takes it: the buildings named by building cards in
    the player's hand first (the rulebooks' tip), else random ones."""
    s = game.state
    available = s.available_buildings()
    named = [
        s.cards[c].subject for c in s.player(player).hand or () if s.cards[c].kind == "building"
    ]
    picks = [b for b in named if b in available][:due]
    rest = [b for b in available if b not in picks]
    rng.shuffle(rest)
    return Take(player, tuple(picks + rest[: due - len(picks)]))


def close_turn(game: Game, actor: str, pile: str | None = None) -> Game:
    """After `actor`'s main action: the draw (from `pile`, else the default one), the next
    player in seat order calls the STOP claims left (as self-play does, at once), and the
    next turn starts."""
    if game.phase == "draw":
        game = draw_default(game) if pile is None else draw_from(game, pile)
    if not game.over and game.stop_claims():
        names = game.state.names()
        claimer = names[(names.index(actor) + 1) % len(names)]
        if claimer != actor:
            game, _ = game.apply(Stop(claimer))
    game, _ = game.finish()
    return game


def greedy_turn(game: Game, rng: random.Random) -> Game:
    """One whole turn of the player on turn by the greedy policy (the hint's best turn),
    the refill, the draw and the STOP call after it included."""
    player = game.state.active
    assert player is not None
    due = refill_due(game.state, player)
    if due:
        game, _ = game.apply(refill_take(game, player, due, rng))
    action = best_action(game.state, player).action
    ruling = action.ruling if action.kind == "play" else None
    game, outcome = game.apply(action_move(action, player), ruling=ruling)
    assert outcome.legal, outcome.message  # the hint lists legal turns only
    return close_turn(game, player)
