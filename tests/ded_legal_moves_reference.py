"""The deduction games' legal moves as they were generated before issue 37: every candidate
sent through `Game.apply`, whole turn by whole turn (the STOP report included). Kept as the
plain reference the incremental generator (`deduction/game/legal_moves.py`) is held to,
move for move and in the same order (`test_ded_legal_moves_incremental.py`); it shares no
code with `turn_steps.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.moves import Buy, Discard, Draw, Move, Pass, Play, Stop, Take
from adjudicator.deduction.game.piles import draw_card
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import dead_card, rule_buy
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.turn_order import refill_due

__all__ = ["reference_moves"]


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


def reference_moves(game: Game) -> Iterator[Move]:
    """The legal moves of the player to act, each candidate ruled by `Game.apply`."""
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
    if game.phase == "setup":  # T7: every take of one or two of all the buildings, ruled
        for k in (1, 2):
            for chosen in combinations(s.board.buildings, k):
                if _legal(game, Take(player, chosen)):
                    yield Take(player, chosen)
        return
    due = refill_due(s, player)
    if due:
        for chosen in combinations(beside, due):
            if _legal(game, Take(player, chosen)):
                yield Take(player, chosen)
    buys: list[str | None] = [None]
    if s.options.buying and not game.bought:  # a table without buying refuses every buy (A2)
        for building in beside:
            if _legal(game, Buy(player, building)):
                yield Buy(player, building)
        buys += beside
    if due:
        return  # the refill first: no other action until it is written (A4)
    hand = _hand(game, player)
    yield from _plays(game, player, hand, buys)
    yield from _discards(game, player, hand, buys)
    yield from _passes(game, player, buys)


def _plays(game: Game, player: str, hand: list[int], buys: list[str | None]) -> Iterator[Move]:
    s = game.state
    mine = list(s.player(player).buildings)
    most = 2 if s.locomotive < s.options.two_cards_until else 1
    before: dict[str, GameState | None] = {}  # a buy before the first card: the state after

    def bought_first(building: str) -> GameState | None:
        if building not in before:
            r = rule_buy(s, building, player)
            before[building] = r.after if r.playable else None
        return before[building]

    def my_choices(card: int, buy: str | None) -> list[str | None]:
        # without `as`, a card that needs a my building takes the one it can (P7)
        if not s.cards[card].needs_my_building:
            return [None]
        return [None, *mine, *([buy] if buy is not None else [])]

    for k in range(1, most + 1):
        for cards in permutations(hand, k):
            for buy in buys:
                for at in range(k + 1) if buy is not None else [0]:
                    start = s if buy is None or at > 0 else bought_first(buy)
                    if start is None:
                        continue
                    firsts: dict[str | None, bool] = {}
                    for first in my_choices(cards[0], buy):
                        if first not in firsts:
                            step = rule_play(
                                start,
                                cards[0],
                                first,
                                player,
                                check_markers_per_space=False,
                                advance=False,
                            )
                            firsts[first] = step.playable
                        if not firsts[first]:
                            continue
                        rests: list[list[str | None]] = [[]]
                        if k == 2:
                            rests = [[m] for m in my_choices(cards[1], buy)]
                        for rest in rests:
                            plays = tuple(zip(cards, (first, *rest), strict=True))
                            move = Play(player, plays, buy, at)
                            if _legal(game, move):
                                yield move


def _discards(game: Game, player: str, hand: list[int], buys: list[str | None]) -> Iterator[Move]:
    s = game.state
    takes = [(b, sp) for b, spaces in s.markers.items() for sp in s.board.sort_spaces(spaces)]
    # Old Town discards only cards that cannot be played (A1): a buy before the discard may
    # make one playable, so without a buy first only dead cards are tried
    dead = (
        {n for n in hand if dead_card(s, n, player)} if s.options.discard_needs_dead_cards else None
    )
    for pair in combinations(hand, 2):
        either = dead is None or dead.issuperset(pair)
        for take in takes:
            plain = Discard(player, pair, take)
            alone = either and _legal(game, plain)
            if alone:
                yield plain
            for buy in buys[1:]:
                for at in (0, 1):
                    if at == 1 and not alone:
                        continue  # the discard comes first and is refused
                    move = Discard(player, pair, take, buy, at)
                    if _legal(game, move):
                        yield move


def _passes(game: Game, player: str, buys: list[str | None]) -> Iterator[Move]:
    if not _legal(game, Pass(player)):
        return  # T4: a pass with a buy is refused where a pass is
    yield Pass(player)
    for buy in buys[1:]:
        for at in (0, 1):
            if _legal(game, Pass(player, buy, at)):
                yield Pass(player, buy, at)
