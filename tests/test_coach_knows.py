"""Issue 35, item 6: the coach's worlds are built from what the coached player knows. With
two players in Old Town a world pooled the other hand "by count" but filled it with the
cards it actually held, one drawn off the common pile included: two games that differ
only in which card bob drew gave ann different values. Now a world reads the unseen cards
as a set, the counts of each hidden place and the kinds only where they are public (the
common pile's stack), so any arrangement of the cards ann cannot see gives her the same
advice, byte for byte (the table's coach: its ranking and its reasons).

The plain hint (`Table.hint`) is held to the same: it reads ann's hand and the board."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.evolve import evolve
from adjudicator.deduction.game.coach import Budget, coach
from adjudicator.deduction.game.coach_words import reasons
from adjudicator.deduction.game.coach_world import (
    close_turn,
    greedy_turn,
    refill_take,
    sample_deal,
)
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.moves import DrawFrom
from adjudicator.deduction.game.piles import pile_choices
from adjudicator.deduction.game.record import Header
from adjudicator.deduction.hint import hint
from adjudicator.deduction.rules.turn_order import refill_due
from adjudicator.deduction.serialize import to_json
from adjudicator.render.pages.data import strip_states
from tests.budget import examples

SMALL = Budget(worlds=3, candidates=3)


def _refilled(game: Game, rng: random.Random) -> Game:
    player = game.state.active
    assert player is not None
    due = refill_due(game.state, player)
    if due:
        game, _ = game.apply(refill_take(game, player, due, rng))
    return game


def _advice(game: Game, player: str) -> Any:
    """The coach's answer as the page and `hint --coach --json` give it: every rated turn
    with its value, the piles, the worlds played, and the reasons in words."""
    advice = coach(game, player, random.Random(5), SMALL)
    rated = [(r.action.kind, r.action.cards, r.action.take, r.now, r.value) for r in advice.rated]
    return rated, advice.draws, advice.worlds, reasons(advice, game.state.names())


def _bob_drew_from_the_common_pile(seed: int, which: int) -> Game:
    """Old Town, two players: ann's greedy turn, then bob's, who draws the top of the common
    pile; `which` swaps that top with the `which`-th card of its kind further down first
    (0: as dealt). Then ann's turn starts (her refill made)."""
    game = new_game(Header("old-town", ("ann", "bob"), seed=seed))
    rng = random.Random(seed)
    game = greedy_turn(_refilled(game, rng), rng)
    game = _refilled(game, rng)
    action = hint(game.state, "bob").actions[0]
    game, outcome = game.apply(action_move(action, "bob"))
    assert outcome.legal and game.drawer == "bob"
    common = list(game.pile_map["common"])
    kind = game.state.cards
    same = [i for i, c in enumerate(common) if i and kind[c].kind == kind[common[0]].kind]
    if which:
        j = same[which - 1]
        common[0], common[j] = common[j], common[0]
    piles = tuple((n, tuple(common) if n == "common" else cs) for n, cs in game.piles or ())
    game, drew = evolve(game, piles=piles).apply(DrawFrom("bob", ("common",)))
    assert drew.legal
    game, _ = game.finish()
    assert game.state.active == "ann"
    return _refilled(game, rng)


@pytest.mark.parametrize("seed", [2, 5])
def test_which_card_bob_drew_off_the_common_pile_changes_no_value(seed: int) -> None:
    """Seeds 2 and 5 gave ann other values before (seed 2: the first world's ranking
    differed from the second's); the worlds the coach deals now are the same too."""
    worlds = [_bob_drew_from_the_common_pile(seed, which) for which in (0, 1, 2)]
    bob_hands = {w.state.player("bob").hand for w in worlds}
    assert len(bob_hands) == 3  # bob holds another card in each
    assert len({w.state.player("ann") for w in worlds}) == 1
    deals = [sample_deal(w, "ann", random.Random(7)) for w in worlds]
    assert deals[1] == deals[0] and deals[2] == deals[0]
    answers = [_advice(w, "ann") for w in worlds]
    assert answers[1] == answers[0] and answers[2] == answers[0]


def _positions(game: Game, seer: str) -> list[tuple[str, str]]:
    """Each hidden position as (place, the kind the seer knows it holds, '' if none)."""
    own_piles = any(n.endswith("'s") for n in game.pile_map)
    kind = game.state.cards
    out = []
    others = [(p.name, p.hand or ()) for p in game.state.players if p.name != seer]
    for name, cards in [*others, *sorted(game.pile_map.items())]:
        blind = own_piles and (name.endswith("'s") or name in game.state.names())
        out += [(name, "" if blind else kind[c].kind) for c in cards]
    return out


def _rearranged(game: Game, seer: str, rng: random.Random) -> Game:
    """The cards `seer` cannot see dealt again into the same places and counts, each
    position whose kind is public given a card of that kind: a world the seer cannot tell
    from `game`."""
    kind = game.state.cards
    positions = _positions(game, seer)
    others = [p for p in game.state.players if p.name != seer]
    cards = [c for p in others for c in p.hand or ()]
    cards += [c for _, cs in sorted(game.pile_map.items()) for c in cs]
    rng.shuffle(cards)
    dealt: list[int | None] = [None] * len(positions)
    for i, (_place, known) in enumerate(positions):
        if known:
            card = next(c for c in cards if kind[c].kind == known)
            cards.remove(card)
            dealt[i] = card
    for i, card in enumerate(dealt):
        if card is None:
            dealt[i] = cards.pop()
    places: dict[str, list[int]] = {}
    for (place, _known), card in zip(positions, dealt, strict=True):
        assert card is not None
        places.setdefault(place, []).append(card)
    state = game.state
    for p in others:
        state = state.with_player(p.name, hand=tuple(places.get(p.name, ())))
    piles = tuple((n, tuple(places.get(n, ()))) for n, _ in game.piles or ())
    return evolve(game, state=state, piles=piles)


@pytest.mark.parametrize(
    ("edition", "players"),
    [
        ("old-town", ("ann", "bob")),
        ("old-town", ("ann", "bob", "cid")),
        ("gads-hill-1874", ("ann", "bob")),
    ],
)
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), turns=st.integers(1, 5), shuffle=st.randoms())
def test_any_arrangement_of_the_unseen_cards_gives_the_same_answers(
    edition: str, players: tuple[str, ...], seed: int, turns: int, shuffle: random.Random
) -> None:
    game = new_game(Header(edition, players, seed=seed))
    rng = random.Random(seed)
    for _ in range(turns):  # greedy turns, each drawing from a pile chosen at random
        game = _refilled(game, rng)
        mover = game.state.active
        assert mover is not None
        game, _ = game.apply(action_move(hint(game.state, mover).actions[0], mover))
        game = close_turn(game, mover, shuffle.choice(pile_choices(game, mover) or [None]))
    game = _refilled(game, rng)
    player = game.state.active
    assert player is not None
    other = _rearranged(game, player, shuffle)
    assert other.state.player(player) == game.state.player(player)
    deal = sample_deal(game, player, random.Random(7))
    assert sample_deal(other, player, random.Random(7)) == deal  # the worlds themselves
    assert _advice(other, player) == _advice(game, player)
    # the hint as the page gives it: the states a ruling carries (every hand) left out
    assert strip_states(to_json(hint(other.state, player))) == strip_states(
        to_json(hint(game.state, player))
    )
