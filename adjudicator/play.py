"""Playing a card (P1-P7) and two-card turns (A3): is it legal, and what does it do."""

from __future__ import annotations

from dataclasses import replace

from adjudicator import decide
from adjudicator.cards import Card
from adjudicator.effects import resolve
from adjudicator.explain import RELATION_PHRASES, building_list, or_list, space_list
from adjudicator.knowledge import CompiledCard, board_domains, compile_card
from adjudicator.matching import match
from adjudicator.ruling import Reason, Ruling, Status
from adjudicator.state import GameState

__all__ = [
    "admissible_my_buildings",
    "end_turn",
    "merge_rulings",
    "rule_play",
    "rule_turn",
    "turn_refusal",
]


def admissible_my_buildings(
    state: GameState, player: str | None = None, card: Card | None = None
) -> list[str]:
    """P7: the buildings in front of the player that can still be 'my building' (for a
    condition card, not the building the card itself names)."""
    p = state.player(player)
    named = card.subject if card is not None and card.kind == "condition" else None
    return [
        b for b in p.buildings if b not in state.placed and b not in state.retired and b != named
    ]


def turn_refusal(state: GameState, player: str | None) -> Reason | None:
    """Only the active player acts in a turn (their card, discard or buy)."""
    if not state.players:
        return None
    names = [p.name for p in state.players]
    if player not in names:
        return Reason("P7", f"there is no player {player!r} (players: {', '.join(names)})")
    if state.active is not None and player != state.active:
        return Reason("P7", f"it is {state.active}'s turn, not {player}'s")
    return None


def _refuse(
    state: GameState,
    player: str | None,
    status: Status,
    reasons: list[Reason],
    cards: tuple[int, ...],
    as_: tuple[str | None, ...],
) -> Ruling:
    return Ruling(
        action="play",
        player=player,
        status=status,
        reasons=tuple(reasons),
        before=state,
        after=state,
        cards=cards,
        as_buildings=as_,
    )


def _check_legal(
    state: GameState, card_no: int, my: str | None, player: str | None
) -> tuple[Card | None, str | None, Reason | None]:
    """The card, the my building to use, or why the request is refused outright (P7)."""
    board = state.board
    if card_no not in state.cards:
        return None, my, Reason("P7", f"there is no card {card_no} in {board.name}")
    card = state.cards[card_no]
    refusal = turn_refusal(state, player)
    if refusal is not None:
        return card, my, refusal
    if state.players:
        p = state.player(player)
        if p.hand is not None and card_no not in p.hand:
            return card, my, Reason("P7", f"card {card_no} is not in {p.name}'s hand")
    if not card.needs_my_building:
        if my is not None:
            return card, my, Reason("P7", f"card {card_no} names its building; it takes no 'as'")
        return card, None, None
    if not state.players:
        return card, my, Reason("P7", "this state has no players, so no 'my building'")
    name = state.player(player).name
    mine = admissible_my_buildings(state, player, card)
    if my is None:
        if len(mine) == 1:
            return card, mine[0], None
        if not mine:
            return (
                card,
                None,
                Reason(
                    "P7", f"{name} has no building in front of them that can be 'my building' here"
                ),
            )
        return card, None, Reason("P7", "say which building is 'my building': " + or_list(mine))
    if my not in board.buildings:
        return card, my, Reason("P7", f"unknown building {my!r}")
    if card.kind == "condition" and my == card.subject:
        return (
            card,
            my,
            Reason(
                "P7",
                f"the card names the {board.building_name(my)}; my building must be another one",
            ),
        )
    if my not in mine:
        return (
            card,
            my,
            Reason(
                "P7",
                f"the {board.building_name(my)} is not a building in front of {name} that is "
                "still to be placed",
            ),
        )
    return card, my, None


def _contradiction_reason(state: GameState, cc: CompiledCard) -> Reason:
    """A plain sentence for P3: the most specific cause we can name."""
    board = state.board
    for b, spaces in cc.allowed.items():
        name = board.building_name(b)
        if b in state.placed and state.placed[b] not in spaces:
            return Reason(
                "P3",
                f"the {name} stands on {board.space_name(state.placed[b])}, "
                f"not on {space_list(board, spaces, 'or')}",
            )
        if b in state.retired:
            return Reason("P3", f"the {name} can no longer be placed (K4)")
        if b in state.markers and not state.markers[b] & spaces:
            return Reason(
                "P3",
                f"it would take every marker of the {name} ({space_list(board, state.markers[b])})",
            )
        if b in cc.new and not cc.problem.domains[b]:
            return Reason("P3", f"every space the card gives the {name} already holds a building")
    if cc.relation is not None:
        a, m, pairs = cc.relation
        da, dm = cc.problem.domains[a] & cc.allowed[a], cc.problem.domains[m] & cc.allowed[m]
        if not any((sa, sm) in pairs for sa in da for sm in dm):
            phrase = RELATION_PHRASES.get(cc.card.relation or "", "related to")
            return Reason(
                "P3",
                f"no space left for the {board.building_name(a)} is {phrase} "
                f"a space left for the {board.building_name(m)}",
            )
    return Reason(
        "P3",
        "no town fits both the card and the board: "
        f"{building_list(board, cc.named)} cannot all stand where the card says "
        "while every marked building keeps a space",
    )


def rule_play(
    state: GameState,
    card_no: int,
    my: str | None = None,
    player: str | None = None,
    *,
    method: decide.Method = "auto",
    check_markers_per_space: bool = True,
    advance: bool = True,
) -> Ruling:
    """The ruling on one card. `advance` moves the turn on in the resulting state."""
    player = player or state.active
    card, my, refusal = _check_legal(state, card_no, my, player)
    cards, as_ = (card_no,), (my,)
    if refusal is not None or card is None:
        assert refusal is not None
        return _refuse(state, player, Status.ILLEGAL, [refusal], cards, as_)
    board = state.board
    cc = compile_card(state, card, my)

    # P3: the card must not raise the board's deficiency, nor empty a named building.
    with_card = decide.analyse(cc.problem, method)
    board_deficiency = len(state.markers) - match(board_domains(state)).size
    if not with_card.feasible:
        return _refuse(
            state, player, Status.CONTRADICTORY, [_contradiction_reason(state, cc)], cards, as_
        )
    if with_card.deficiency > board_deficiency:
        reason = Reason(
            "P3",
            f"it leaves {with_card.deficiency - board_deficiency} more marked "
            "building(s) without a space than the board does now",
        )
        return _refuse(state, player, Status.CONTRADICTORY, [reason], cards, as_)

    # P4: no new marker, and every largest placement of the board already satisfies it.
    if not cc.new and not decide.exists_largest_violating(
        cc.board_problem.domains, cc.constraint, method
    ):
        reason = Reason(
            "P4",
            "the card is a confirmation: it places no marker and every "
            "town the board allows already fits it",
        )
        if not state.options.confirmation_playable:
            return _refuse(state, player, Status.CONFIRMATION, [reason], cards, as_)

    # P2: an open named building gets at most its markers.
    limit = board.markers_per_building
    for b in sorted(cc.new):
        spaces = with_card.support[b]
        if len(spaces) > limit:
            reason = Reason(
                "P2",
                f"the {board.building_name(b)} would need {len(spaces)} "
                f"markers ({space_list(board, spaces)}); there are only {limit}",
            )
            return _refuse(state, player, Status.NOT_NOW, [reason], cards, as_)

    new = {b: with_card.support[b] for b in cc.new}
    fx = resolve(state, with_card, scorer=player, new=new, constraint=cc.constraint)
    assert fx.state is not None
    reason = Reason("P6", f'card {card_no}: "{card.text}"')
    after = _spend_card(fx.state, player, card_no)
    ruling = fx.ruling("play", player, (reason,), state, after, cards, as_)
    return end_turn(ruling, check_markers_per_space=check_markers_per_space, advance=advance)


def end_turn(
    ruling: Ruling, *, check_markers_per_space: bool = True, advance: bool = True
) -> Ruling:
    """Close a turn ruled on with the end-of-turn checks deferred: at most three markers
    a space (P5), and the turn moves on to the next player."""
    if not ruling.playable:
        return ruling
    if check_markers_per_space:
        refusal = _too_many_markers(ruling.after)
        if refusal is not None:
            return _refuse(
                ruling.before,
                ruling.player,
                Status.NOT_NOW,
                [refusal],
                ruling.cards,
                ruling.as_buildings,
            )
    if advance:
        return replace(ruling, after=replace(ruling.after, active=ruling.after.next_player()))
    return ruling


def _too_many_markers(state: GameState) -> Reason | None:
    board = state.board
    for s, n in sorted(state.marker_counts.items()):
        if n > board.max_markers_per_space:
            return Reason(
                "P5",
                f"{board.space_name(s)} would hold {n} markers "
                f"({building_list(board, state.markers_on(s))}); at most "
                f"{board.max_markers_per_space} may lie on a space",
            )
    return None


def _spend_card(state: GameState, player: str | None, card_no: int) -> GameState:
    if player is None or not state.players:
        return state
    p = state.player(player)
    if p.hand is None:
        return state
    hand = list(p.hand)
    hand.remove(card_no)
    return state.with_player(p.name, hand=tuple(hand))


def rule_turn(
    state: GameState,
    plays: list[tuple[int, str | None]],
    player: str | None = None,
    *,
    method: decide.Method = "auto",
) -> Ruling:
    """One or two cards in one turn (A3); P5 is checked after the last card."""
    if len(plays) == 1:
        return rule_play(state, plays[0][0], plays[0][1], player, method=method)
    player = player or state.active
    cards = tuple(c for c, _ in plays)
    as_ = tuple(m for _, m in plays)
    limit = state.options.two_cards_until
    if len(plays) > 2 or state.locomotive >= limit:
        why = (
            f"two cards a turn only while the locomotive stands below {limit} "
            f"(it stands at {state.locomotive})"
            if limit
            else "this edition allows one card a turn"
        )
        return _refuse(state, player, Status.ILLEGAL, [Reason("A3", why)], cards, as_)
    if cards[0] == cards[1]:
        return _refuse(
            state,
            player,
            Status.ILLEGAL,
            [Reason("A3", "the two cards must be different")],
            cards,
            as_,
        )
    first = rule_play(
        state, *plays[0], player, method=method, check_markers_per_space=False, advance=False
    )
    if not first.playable:
        return replace(first, cards=cards, as_buildings=as_)
    second = rule_play(first.after, *plays[1], player, method=method, advance=True)
    if not second.playable:
        return replace(
            second,
            before=state,
            after=state,
            cards=cards,
            as_buildings=as_,
            reasons=(Reason(second.reasons[0].code, f"second card: {second.reasons[0].message}"),),
        )
    return merge_rulings(state, first, second)


def merge_rulings(state: GameState, first: Ruling, second: Ruling) -> Ruling:
    """One ruling for a turn of two playable cards (A3), the second played after the first."""
    return Ruling(
        action="play",
        player=first.player,
        status=Status.PLAYABLE,
        reasons=first.reasons + second.reasons,
        before=state,
        after=second.after,
        cards=first.cards + second.cards,
        as_buildings=first.as_buildings + second.as_buildings,
        markers_placed=first.markers_placed + second.markers_placed,
        removed=first.removed + second.removed,
        built=first.built + second.built,
        retired=first.retired + second.retired,
        points=first.points + second.points,
        points_detail={
            k: first.points_detail.get(k, 0) + second.points_detail.get(k, 0)
            for k in dict.fromkeys([*first.points_detail, *second.points_detail])
        },
    )
