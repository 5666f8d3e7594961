"""Every legal move of the player to act in an Old Town or Gads Hill game, as the typed
moves of a record (`moves.py`), each one `Game.apply` rules legal, lazily.

Who is to act: while the player who just acted still draws (T2), that player (their
draws, one card or all of them, and a building bought after the action, A2); else the
next player, who may first call STOP on the turn that closed (T5, L4), then takes the
buildings Old Town's refill owes (A4) or plays the turn: one or two cards (A3), each card
with each my building it may take, or with none named (the one it can take, P7); a
discard of two cards taking a marker (A1); or a pass (T4); each without a buy or with a
buy of a building beside the board at every point of the turn (A2); or a buy on its own
line before the action. At the set-up (T7), the player whose choice it is takes any one
building beside the board.

Candidates are pruned only where the rules refuse every move they lead to: a turn whose
buy before the first card, or whose first card, is refused is refused whatever follows
(`rule_turn` rules the steps in order and stops at the first refusal).

The moves of a turn are ruled as `Game.apply` rules them, step by step, each step once
for every move that shares it (`turn_steps.py`: a generator asked for a few moves rules only
what they take, and the page asks for a page of them); a buy that touches none of the turn's
cards is combined by rule, not ruled again. A draw, a refill and a STOP call go through
`Game.apply` itself. `tests/ded_legal_moves_reference.py`, which sends every candidate
through `Game.apply`, gives the same moves in the same order.

Moves that differ only in the order of what the rules take as a set are yielded once: a
discard's two cards in the order of the hand, a refill's buildings in the order of the
board. When the hands are not tracked, a card is any card of the set not yet played.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.moves import Buy, Discard, Draw, Move, Pass, Play, Stop, Take
from adjudicator.deduction.game.piles import draw_card
from adjudicator.deduction.game.turn_steps import TurnSteps
from adjudicator.deduction.rules.actions import dead_card
from adjudicator.deduction.rules.turn_order import refill_due

__all__ = ["legal_moves", "player_to_act"]


def player_to_act(game: Game) -> str | None:
    """Who acts next: the player still drawing, else the next player; when the turn that
    closes ends the game, the next player only while the STOP window is open (None: no
    one acts, the game is over)."""
    if game.over:
        return None
    if _drawing(game):
        return game.drawer
    after = next_turn(game)
    if not after.over:
        return after.state.active
    return _next_seat(game) if game.phase in ("draw", "between") else None


def legal_moves(game: Game) -> Iterator[Move]:
    """The legal moves of the player to act (see the module's docstring)."""
    player = player_to_act(game)
    if player is None:
        return
    if _drawing(game):
        yield from _drawer_moves(game)
        return
    # The STOP window of the turn that closed is open to the next player until they act.
    window = game.phase in ("draw", "between") and player != game.last_actor
    if window and _legal(game, Stop(player)):
        yield Stop(player)
    after = next_turn(game)
    if not after.over:
        yield from _turn_moves(after, player)


def _drawing(game: Game) -> bool:
    return game.phase == "draw" and game.drawer is not None and bool(game.pending_draws())


def _next_seat(game: Game) -> str | None:
    names = game.state.names()
    if game.last_actor not in names:
        return game.state.active
    return names[(names.index(game.last_actor) + 1) % len(names)]


def _legal(game: Game, move: Move) -> bool:
    return game.apply(move)[1].legal


def _drawer_moves(game: Game) -> Iterator[Move]:
    """The drawer's draws (each card they may take, then each they may take after it, up
    to the cards they draw) and a building bought after the action."""
    drawer = game.drawer
    assert drawer is not None
    cards = sorted(game.state.cards.cards)

    def draws(at: Game, taken: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(taken) == game.to_draw:
            return
        held = {c for p in at.state.players for c in p.hand or ()}
        for card in cards:
            # a played card may come back: a pile that ran out is reshuffled from them
            if card in held:
                continue
            after, ok = draw_card(at, drawer, card)
            if ok and after is not at:
                yield (*taken, card)
                yield from draws(after, (*taken, card))

    for drawn in draws(game, ()):
        move = Draw(drawer, drawn)
        if _legal(game, move):
            yield move
    if not game.bought:
        for building in game.state.available_buildings():
            if _legal(game, Buy(drawer, building)):
                yield Buy(drawer, building)


def _hand(game: Game, player: str) -> list[int]:
    hand = game.state.player(player).hand
    if hand is not None:
        return list(hand)
    held = {c for p in game.state.players for c in p.hand or ()}
    return [c for c in sorted(game.state.cards.cards) if c not in game.played and c not in held]


def _turn_moves(game: Game, player: str) -> Iterator[Move]:
    """The moves of `player` at the start of their turn (`game.phase` is "start")."""
    s = game.state
    beside = s.available_buildings()
    if game.phase == "setup":  # T7: the set-up's choice, one building beside the board
        yield from (Take(player, (b,)) for b in beside)
        return
    due = refill_due(s, player)
    if due:
        for chosen in combinations(beside, due):
            if _legal(game, Take(player, chosen)):
                yield Take(player, chosen)
    turn = TurnSteps(s, player)
    buys: list[str | None] = [None]
    if s.options.buying and not game.bought:  # a table without buying refuses every buy (A2)
        for building in beside:
            if turn.buy_legal(building):
                yield Buy(player, building)
        buys += beside
    if due:
        return  # the refill first: no other action until it is written (A4)
    hand = _hand(game, player)
    yield from _plays(turn, hand, buys)
    yield from _discards(turn, hand, buys)
    yield from _passes(game, turn, buys)


def _plays(turn: TurnSteps, hand: list[int], buys: list[str | None]) -> Iterator[Move]:
    s, player = turn.state, turn.player
    mine = list(s.player(player).buildings)
    most = 2 if s.locomotive < s.options.two_cards_until else 1

    def my_choices(card: int, buy: str | None) -> list[str | None]:
        # without `as`, a card that needs a my building takes the one it can (P7)
        if not s.cards[card].needs_my_building:
            return [None]
        return [None, *mine, *([buy] if buy is not None else [])]

    for k in range(1, most + 1):
        for cards in permutations(hand, k):
            for buy in buys:
                for at in range(k + 1) if buy is not None else [0]:
                    for first in my_choices(cards[0], buy):
                        if not turn.first_legal((cards[0], first), buy, at):
                            continue
                        rests: list[list[str | None]] = [[]]
                        if k == 2:
                            rests = [[m] for m in my_choices(cards[1], buy)]
                        for rest in rests:
                            plays = tuple(zip(cards, (first, *rest), strict=True))
                            if turn.play_legal(plays, buy, at):
                                yield Play(player, plays, buy, at)


def _discards(turn: TurnSteps, hand: list[int], buys: list[str | None]) -> Iterator[Move]:
    s, player = turn.state, turn.player
    takes = [(b, sp) for b, spaces in s.markers.items() for sp in s.board.sort_spaces(spaces)]
    # Old Town discards only cards that cannot be played (A1): a buy before the discard may
    # make one playable, so without a buy first only dead cards are tried
    dead = (
        {n for n in hand if dead_card(s, n, player)} if s.options.discard_needs_dead_cards else None
    )
    for pair in combinations(hand, 2):
        either = dead is None or dead.issuperset(pair)
        for take in takes:
            alone = either and turn.discard_legal(pair, take)
            if alone:
                yield Discard(player, pair, take)
            for buy in buys[1:]:
                for at in (0, 1):
                    if at == 1 and not alone:
                        continue  # the discard comes first and is refused
                    if turn.discard_legal(pair, take, buy, at):
                        yield Discard(player, pair, take, buy, at)


def _passes(game: Game, turn: TurnSteps, buys: list[str | None]) -> Iterator[Move]:
    player = turn.player
    if not _legal(game, Pass(player)):
        return  # T4: a pass with a buy is refused where a pass is
    yield Pass(player)
    for buy in filter(None, buys):
        if turn.buy_legal(buy):  # a pass scores nothing: the buy reads the same state (A2)
            yield Pass(player, buy, 0)
            yield Pass(player, buy, 1)
