"""The draw piles of a game (`flow.Game`): whether a card can be drawn, a card drawn from
the top of a pile the player may draw from (T2), the pile taken when the record does not
name the card, and the reshuffle of the played cards (T3).

The functions read a game through `Piles`, the part of `flow.Game` they use, so that this
module does not import the flow that imports it."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from adjudicator.core.evolve import evolve
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.turn_order import must_reshuffle

__all__ = [
    "Piles",
    "can_draw",
    "default_pile",
    "draw_card",
    "draw_default",
    "draw_from",
    "pile_choices",
    "reshuffle",
    "top_of",
]


class Piles(Protocol):
    """What of a game (`flow.Game`) the draws read."""

    @property
    def state(self) -> GameState: ...
    @property
    def piles(self) -> tuple[tuple[str, tuple[int, ...]], ...] | None: ...
    @property
    def pile_map(self) -> dict[str, tuple[int, ...]]: ...
    @property
    def hands_known(self) -> bool: ...
    @property
    def played(self) -> tuple[int, ...]: ...
    @property
    def shuffled(self) -> tuple[str, ...]: ...
    @property
    def rng_seed(self) -> int: ...
    @property
    def drawer(self) -> str | None: ...
    @property
    def to_draw(self) -> int: ...


G = TypeVar("G", bound=Piles)  # a game: `flow.Game`


def can_draw(game: G) -> bool:
    if game.piles is None:
        return True  # the table's piles are not recorded: assume there are cards
    piles = game.pile_map
    again = game.state.board.deal.reshuffle
    return any(piles.values()) or any(game.state.cards[c].kind == again for c in game.played)


def draw_card(game: G, player: str, card: int | None) -> tuple[G, bool]:
    """Draw `card` (None: the default choice) for `player`; False if it is not on top of
    a pile the player may draw from. Unknown piles: the named card is simply taken."""
    if not game.hands_known:
        return game, True
    if game.piles is None:
        if card is None:
            return game, True  # neither the piles nor the card are known
        held = {c for p in game.state.players for c in p.hand or ()}
        if card not in game.state.cards or card in held or card in game.played:
            return game, False
    else:
        mine = [n for n in game.pile_map if not n.endswith("'s") or n == f"{player}'s"]
        if must_reshuffle(game.state, game.pile_map, mine, card, game.played):
            game = reshuffle(game)
        piles = game.pile_map
        names = [n for n in mine if piles[n]]
        chosen: str | None
        if card is None:
            chosen = default_pile(game, player, names)
            if chosen is None:
                return game, True  # nothing left to draw
            card = piles[chosen][0]
        else:
            chosen = next((n for n in names if piles[n][0] == card), None)
            # A pile the table reshuffled has no order we know: any of its cards may come.
            chosen = chosen or next(
                (n for n in names if n in game.shuffled and card in piles[n]), None
            )
            if chosen is None:
                return game, False
            rest = list(piles[chosen])
            rest.remove(card)
            piles[chosen] = (card, *rest)
        piles[chosen] = piles[chosen][1:]
        game = evolve(game, piles=tuple(piles.items()))
    p = game.state.player(player)
    return evolve(game, state=game.state.with_player(player, hand=(*(p.hand or ()), card))), True


def draw_default(game: G) -> G:
    """The cards still to draw, each from the pile the record would name by default."""
    drawer = game.drawer
    assert drawer is not None
    after = game
    for _ in range(game.to_draw):
        after, _ok = draw_card(after, drawer, None)
    return evolve(after, to_draw=0, phase="between")


def draw_from(game: G, pile: str) -> G:
    """The cards still to draw, from the top of `pile` while it has cards (T2: the pile of
    the player's choice), then from the default pile."""
    drawer = game.drawer
    assert drawer is not None
    after = game
    for _ in range(game.to_draw):
        top = after.pile_map.get(pile) or ()
        after, _ok = draw_card(after, drawer, top[0] if top else None)
    return evolve(after, to_draw=0, phase="between")


def top_of(game: G, player: str, pile: str) -> tuple[G, int] | str:
    """The card on top of `pile` for `player` to draw (T2: a pile of their choice), after
    the reshuffle an empty district or common pile gets (T3); or why it cannot be drawn.
    The piles must be known (`game.piles`)."""
    piles = game.pile_map
    if pile not in piles:
        return f"there is no {pile} pile (piles: {', '.join(sorted(piles))})"
    if pile.endswith("'s") and pile != f"{player}'s":
        return f"{player} does not draw from {pile} own pile"
    if not piles[pile] and pile == game.state.board.deal.reshuffle_pile:
        game = reshuffle(game)
    top = game.pile_map[pile]
    if not top:
        return f"the {pile} pile is empty: draw from another"
    return game, top[0]


def pile_choices(game: G, player: str) -> list[str]:
    """The piles with cards that `player` may draw from, in name order (T2)."""
    piles = game.pile_map
    return sorted(
        n for n, cards in piles.items() if cards and (not n.endswith("'s") or n == f"{player}'s")
    )


def reshuffle(game: G) -> G:
    """T3: the played district cards become the new district pile (Gads Hill, Further
    rules 4) or common pile (Old Town rule 15, whatever is left in own piles)."""
    deal = game.state.board.deal
    district = [c for c in game.played if game.state.cards[c].kind == deal.reshuffle]
    if not district:
        return game
    rng = random.Random(game.rng_seed * 1_000_003 + len(game.played))
    rng.shuffle(district)
    piles = game.pile_map
    target = deal.reshuffle_pile
    piles[target] = tuple(district)
    played = tuple(c for c in game.played if c not in district)
    return evolve(
        game, piles=tuple(piles.items()), played=played, shuffled=(*game.shuffled, target)
    )


def default_pile(game: G, player: str, names: list[str]) -> str | None:
    """The pile a player draws from when the record does not say: their own pile first
    (Old Town, two players), else the pile of the kind of card they last played, else
    the fullest."""
    if not names:
        return None
    piles = game.pile_map
    if f"{player}'s" in names:  # the own pile first (Old Town, two players)
        return f"{player}'s"
    if game.played:
        kind = game.state.cards[game.played[-1]].kind
        if kind in names:
            return kind
    return max(names, key=lambda n: (len(piles[n]), n))
