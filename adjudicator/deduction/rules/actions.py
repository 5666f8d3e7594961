"""The other actions of a turn: discarding two cards for a marker (A1) and buying a building
(A2). Whole turns with a buy at any point and two cards (A3): `turns.py`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from adjudicator.core.evolve import evolve
from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.effects import resolve
from adjudicator.deduction.rules.explain import named, the
from adjudicator.deduction.rules.knowledge import board_domains
from adjudicator.deduction.rules.play import admissible_my_buildings, refuse, rule_play
from adjudicator.deduction.rules.ruling import Reason, Ruling, Status, StopReport
from adjudicator.deduction.rules.turn_order import turn_refusal
from adjudicator.deduction.solve import decide
from adjudicator.deduction.solve.matching import Analyses
from adjudicator.deduction.solve.placement import Problem

__all__ = [
    "dead_by",
    "dead_card",
    "discard_with",
    "discards_with",
    "rule_buy",
    "rule_discard",
]


def _refuse(
    state: GameState,
    action: str,
    player: str | None,
    reason: Reason,
    cards: tuple[int, ...] = (),
    as_: tuple[str | None, ...] = (),
) -> Ruling:
    """The action refused for one reason: the state as it was (a card's `refuse`)."""
    return refuse(state, player, Status.ILLEGAL, [reason], cards, as_, action)


def dead_card(state: GameState, card_no: int, player: str | None = None) -> bool:
    """Old Town's discardable card (A1): a confirmation or a contradiction for every choice
    of my building. A card that is only 'not now' (P2, P5) is not dead."""
    card = state.cards[card_no]
    choices: list[str | None] = [None]
    if card.needs_my_building:
        choices = list(admissible_my_buildings(state, player, card))
        if not choices:
            return False
    dead = (Status.CONFIRMATION, Status.CONTRADICTORY)
    for my in choices:
        probe = replace(
            state, option_overrides={**state.option_overrides, "confirmation_playable": False}
        )
        if rule_play(probe, card_no, my, player, advance=False).status not in dead:
            return False
    return True


#: The statuses of a dead card's rulings wherever they are made, a playable confirmation
#: included (see `dead_by`).
_DEAD = (Status.CONFIRMATION, Status.CONTRADICTORY, Status.PLAYABLE_CONFIRMATION)


def dead_by(state: GameState, card_no: int, player: str | None, rulings: Iterable[Ruling]) -> bool:
    """`dead_card`, read off the card's rulings on `state` (`rule_play`, not moved on), one
    for each of its admissible my buildings (for a card that needs one; else one ruling),
    whether the options let a confirmation be played or not and with the end-of-turn check
    made or not. `rule_play` checks P7, P3, P2, P5 a, then P4: a ruling `dead_card`'s probe
    (confirmations refused) finds a confirmation is, where they are allowed, a playable
    confirmation, a contradiction stays one, and no other status becomes either (the
    end-of-turn check only turns a playable ruling into 'not now', P5 b)."""
    card = state.cards[card_no]
    if card.needs_my_building and not admissible_my_buildings(state, player, card):
        return False
    return all(r.status in _DEAD for r in rulings)


def rule_discard(
    state: GameState,
    cards: tuple[int, int],
    take: tuple[str, str],
    player: str | None = None,
    *,
    advance: bool = True,
    method: decide.Method = "auto",
    memo: Analyses | None = None,
) -> Ruling:
    """A1: discard two cards and take any one marker (a building's last one included);
    the conclusions the removal makes possible follow as P6. `memo`: as `rule_play`'s."""
    player = player or state.active
    board = state.board
    if len(set(cards)) != 2:
        return _refuse(
            state,
            "discard",
            player,
            Reason(Code.A1, Message(N_("discard two different cards"))),
            cards,
        )
    for n in cards:
        if n not in state.cards:
            return _refuse(
                state,
                "discard",
                player,
                Reason(
                    Code.A1,
                    Message(N_("there is no card {card} in {board}"), card=n, board=board.name),
                ),
                cards,
            )
    refusal = turn_refusal(state, player)
    if refusal is not None:
        return _refuse(state, "discard", player, refusal, cards)
    if state.players:
        p = state.player(player)
        for n in cards:
            if p.hand is not None and n not in p.hand:
                return _refuse(
                    state,
                    "discard",
                    player,
                    Reason(
                        Code.A1,
                        Message(N_("card {card} is not in {player}'s hand"), card=n, player=p.name),
                    ),
                    cards,
                )
    if state.options.discard_needs_dead_cards:
        for n in cards:
            if not dead_card(state, n, player):
                return _refuse(
                    state,
                    "discard",
                    player,
                    Reason(
                        Code.A1,
                        Message(
                            N_(
                                "card {card} is neither a confirmation nor a contradiction, "
                                "so it may not be discarded"
                            ),
                            card=n,
                        ),
                    ),
                    cards,
                )
    b, s = take
    if s not in state.markers.get(b, frozenset()):
        return _refuse(
            state,
            "discard",
            player,
            Reason(
                Code.A1,
                Message(
                    N_("there is no {building} marker on {space}"),
                    building=named(board, b),
                    space=board.space_name(s),
                ),
            ),
            cards,
        )
    # The taken marker may be a building's last one (A1): that building is retired, and in a
    # K4 group the other building is settled by it.
    domains = board_domains(state)
    domains[b] = domains[b] - {s}
    if not domains[b]:
        del domains[b]
    decider = decide.Decider(method, memo)
    analysis = decider.analyse(Problem(domains))
    taken = (b, s, _taken_reason(_taken_for(cards)))
    fx = resolve(state, analysis, scorer=player, taken=taken, decider=decider)
    after = fx.state
    assert after is not None
    if player is not None and state.players:
        p = after.player(player)
        if p.hand is not None:
            after = after.with_player(p.name, hand=tuple(c for c in p.hand if c not in cards))
    if advance:
        after = replace(after, active=after.next_player())
    return fx.ruling("discard", player, (Reason(Code.A1, _taken_for(cards)),), state, after, cards)


def _taken_for(cards: tuple[int, int]) -> Message:
    return Message(
        N_("taken for discarding cards {first} and {second}"), first=cards[0], second=cards[1]
    )


def _taken_reason(taken: Message) -> Message:
    """The taken marker's removal: the A1 reason and its code (the same in every language)."""
    return Message("{reason} (A1)", reason=taken)


def discard_with(
    ruling: Ruling, cards: tuple[int, int], *, stop: StopReport | None = None
) -> Ruling:
    """A legal discard ruling for two other cards of the same hand: the board does not
    depend on which two cards go (A1), only the hand and the words do. `stop`: the STOP
    claims the discard leaves, the same for every pair of cards (set on the new ruling)."""
    return next(discards_with(ruling, (cards,), stop=stop))


def discards_with(
    ruling: Ruling, pairs: Iterable[tuple[int, int]], *, stop: StopReport | None = None
) -> Iterator[Ruling]:
    """`discard_with` for each pair of cards in turn (the hint's every pair): what names
    the ruling's own pair is found once."""
    old = _taken_for((ruling.cards[0], ruling.cards[1]))
    hand = seat = None  # the player's hand before, and their seat in the state after
    if ruling.player is not None and ruling.before.players:
        hand = ruling.before.player(ruling.player).hand
        seat = ruling.after.names().index(ruling.player)
    # Only the words that name the cards change (the reason, the taken marker's removal;
    # the board's own removals name no card), so only those are copied, with `evolve`,
    # not `replace`: the hint makes a discard for every pair of cards.
    # found by their English text, and made anew (a Message's `.replace` would be English)
    old_removal = _taken_reason(old)
    reasons_at = [i for i, r in enumerate(ruling.reasons) if r.message == old]
    removed_at = [i for i, x in enumerate(ruling.removed) if x.reason == old_removal]
    changes: dict[str, Any] = {} if stop is None else {"stop": stop}
    for cards in pairs:
        if ruling.cards == cards:
            yield evolve(ruling, **changes) if changes else ruling
            continue
        new = _taken_for(cards)
        after = ruling.after
        if hand is not None and seat is not None:  # `with_player`, the seat found once
            players = list(after.players)
            players[seat] = evolve(players[seat], hand=tuple(c for c in hand if c not in cards))
            after = evolve(after, players=tuple(players))
        reasons = list(ruling.reasons)
        for i in reasons_at:
            reasons[i] = evolve(reasons[i], message=new)
        removed = list(ruling.removed)
        for i in removed_at:
            removed[i] = evolve(removed[i], reason=_taken_reason(new))
        yield evolve(
            ruling,
            cards=cards,
            after=after,
            reasons=tuple(reasons),
            removed=tuple(removed),
            **changes,
        )


def rule_buy(state: GameState, building: str, player: str | None = None) -> Ruling:
    """A2: pay two scored markers for a building beside the board; at most `max_bought`."""
    player = player or state.active

    def _refuse_buy(reason: Reason) -> Ruling:
        return _refuse(state, "buy", player, reason, as_=(building,))

    board = state.board
    opts = state.options
    if not opts.buying:
        return _refuse_buy(Reason(Code.A2, Message(N_("{board} has no buying"), board=board.name)))
    refusal = turn_refusal(state, player)
    if refusal is not None or not state.players:
        why = refusal or Reason(Code.A2, Message(N_("this state has no players")))
        return _refuse_buy(why)
    p = state.player(player)
    if building not in board.buildings:
        return _refuse_buy(
            Reason(Code.A2, Message(N_("unknown building {name}"), name=repr(building)))
        )
    if building not in state.available_buildings():
        return _refuse_buy(
            Reason(
                Code.A2,
                Message(N_("{building} is not beside the board"), building=the(board, building)),
            ),
        )
    if p.bought >= opts.max_bought:
        return _refuse_buy(
            Reason(
                Code.A2,
                Message(
                    N_("{player} has bought {count} buildings, the most a game allows"),
                    player=p.name,
                    count=p.bought,
                ),
            ),
        )
    if p.points < 2:
        return _refuse_buy(
            Reason(
                Code.A2,
                Message(
                    N_("{player} has {markers}; a building costs 2"),
                    player=p.name,
                    markers=Message(N_("1 scored marker"))
                    if p.points == 1
                    else Message(N_("{count} scored markers"), count=p.points),
                ),
            ),
        )
    after = state.with_player(
        p.name, points=p.points - 2, bought=p.bought + 1, buildings=(*p.buildings, building)
    )
    return Ruling(
        action="buy",
        player=player,
        status=Status.PLAYABLE,
        reasons=(
            Reason(
                Code.A2,
                Message(
                    N_("{player} pays 2 markers for {building}"),
                    player=p.name,
                    building=the(board, building),
                ),
            ),
        ),
        before=state,
        after=after,
        as_buildings=(building,),
        points=-2,
        points_detail={"spent": -2},
    )
