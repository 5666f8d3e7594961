"""Playing one card (P1-P7): is it legal, and what does it do. Whole turns: `turn.py`."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.evolve import evolve
from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.cards import Card
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.effects import resolve
from adjudicator.deduction.rules.explain import (
    RELATION_PHRASES,
    building_list,
    named,
    or_list,
    space_list,
    the,
)
from adjudicator.deduction.rules.knowledge import CompiledCard, board_domains, compile_card
from adjudicator.deduction.rules.ruling import Built, Reason, Removal, Ruling, Status, Tier
from adjudicator.deduction.rules.turn_order import turn_refusal
from adjudicator.deduction.solve import decide
from adjudicator.deduction.solve.matching import Analyses

__all__ = ["admissible_my_buildings", "end_turn", "refuse", "rule_play"]


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


def refuse(
    state: GameState,
    player: str | None,
    status: Status,
    reasons: list[Reason],
    cards: tuple[int, ...],
    as_: tuple[str | None, ...],
    action: str = "play",
) -> Ruling:
    """A ruling that leaves the state as it was."""
    return Ruling(
        action=action,
        player=player,
        status=status,
        reasons=tuple(reasons),
        before=state,
        after=state,
        cards=cards,
        as_buildings=as_,
    )


# A reason is a Message: its template (marked for the catalogs) and values, its text the
# English; the page and the command line translate it where they show it.
_ASK = N_("say which building is 'my building': {choices}")


def _check_legal(
    state: GameState, card_no: int, my: str | None, player: str | None
) -> tuple[Card | None, str | None, Reason | None]:
    """The card, the my building to use, or why the request is refused outright (P7)."""
    board = state.board
    if card_no not in state.cards:
        return (
            None,
            my,
            Reason(
                Code.P7,
                Message(N_("there is no card {card} in {board}"), card=card_no, board=board.name),
            ),
        )
    card = state.cards[card_no]
    refusal = turn_refusal(state, player)
    if refusal is not None:
        return card, my, refusal
    if state.players:
        p = state.player(player)
        if p.hand is not None and card_no not in p.hand:
            return (
                card,
                my,
                Reason(
                    Code.P7,
                    Message(
                        N_("card {card} is not in {player}'s hand"), card=card_no, player=p.name
                    ),
                ),
            )
    if not card.needs_my_building:
        if my is not None:
            return (
                card,
                my,
                Reason(
                    Code.P7,
                    Message(N_("card {card} names its building; it takes no 'as'"), card=card_no),
                ),
            )
        return card, None, None
    if not state.players:
        return (
            card,
            my,
            Reason(Code.P7, Message(N_("this state has no players, so no 'my building'"))),
        )
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
                    Code.P7,
                    Message(
                        N_(
                            "{player} has no building in front of them that can be "
                            "'my building' here"
                        ),
                        player=name,
                    ),
                ),
            )
        # named as printed (the page's menus and the rulebook say "the Drugstore"); the id
        # the record writes after "as" stays beside it
        named = or_list(Message("{building} ({id})", building=the(board, b), id=b) for b in mine)
        return card, None, Reason(Code.P7, Message(_ASK, choices=named))
    if my not in board.buildings:
        return card, my, Reason(Code.P7, Message(N_("unknown building {name}"), name=repr(my)))
    if card.kind == "condition" and my == card.subject:
        return (
            card,
            my,
            Reason(
                Code.P7,
                Message(
                    N_("the card names {building}; my building must be another one"),
                    building=the(board, my),
                ),
            ),
        )
    if my not in mine:
        return (
            card,
            my,
            Reason(
                Code.P7,
                Message(
                    N_(
                        "{building} is not a building in front of {player} that is "
                        "still to be placed"
                    ),
                    building=the(board, my),
                    player=name,
                ),
            ),
        )
    return card, my, None


def _contradiction_reason(state: GameState, cc: CompiledCard) -> Reason:
    """A plain sentence for P3: the most specific cause we can name."""
    board = state.board
    for b, spaces in cc.allowed.items():
        name = the(board, b)
        if b in state.placed and state.placed[b] not in spaces:
            return Reason(
                Code.P3,
                Message(
                    N_("{building} stands on {space}, not on {spaces}"),
                    building=name,
                    space=board.space_name(state.placed[b]),
                    spaces=space_list(board, spaces, "or"),
                ),
            )
        if b in state.retired:
            return Reason(
                Code.P3, Message(N_("{building} can no longer be placed (K4)"), building=name)
            )
        if b in state.markers and not state.markers[b] & spaces:
            return Reason(
                Code.P3,
                Message(
                    N_("it would take every marker of {building} ({spaces})"),
                    building=name,
                    spaces=space_list(board, state.markers[b]),
                ),
            )
        if b in cc.new and not cc.problem.domains[b]:
            return Reason(
                Code.P3,
                Message(
                    N_("every space the card gives {building} already holds a building"),
                    building=name,
                ),
            )
    if cc.relation is not None:
        a, m, pairs = cc.relation
        da, dm = cc.problem.domains[a] & cc.allowed[a], cc.problem.domains[m] & cc.allowed[m]
        if not any((sa, sm) in pairs for sa in da for sm in dm):
            phrase = RELATION_PHRASES.get(cc.card.relation or "", N_("related to"))
            return Reason(
                Code.P3,
                Message(
                    N_("no space left for {building} is {relation} a space left for {other}"),
                    building=the(board, a),
                    relation=Message(phrase),
                    other=the(board, m),
                ),
            )
    return Reason(
        Code.P3,
        Message(
            N_(
                "no town fits both the card and the board: {buildings} cannot all stand where "
                "the card says while every marked building keeps a space"
            ),
            buildings=building_list(board, cc.named),
        ),
    )


def _more_marked(n: int) -> Message:
    """`1 more marked building`, `2 more marked buildings`, as a message of its own (the
    catalog holds both forms)."""
    if n == 1:
        return Message(N_("1 more marked building"))
    return Message(N_("{count} more marked buildings"), count=n)


def rule_play(
    state: GameState,
    card_no: int,
    my: str | None = None,
    player: str | None = None,
    *,
    method: decide.Method = "auto",
    check_markers_per_space: bool = True,
    advance: bool = True,
    memo: Analyses | None = None,
) -> Ruling:
    """The ruling on one card. `advance` moves the turn on in the resulting state. `memo`:
    the filterings of boards the caller remembers (a hint's, over its candidate turns)."""
    player = player or state.active
    card, chosen, refusal = _check_legal(state, card_no, my, player)
    cards, as_ = (card_no,), (chosen,)
    if refusal is not None or card is None:
        assert refusal is not None
        # P7: a card without the my building it needs is a question, answered with choices.
        asks = isinstance(refusal.message, Message) and refusal.message.template == _ASK
        status = Status.QUESTION if asks else Status.ILLEGAL
        return refuse(state, player, status, [refusal], cards, as_)
    my = chosen
    board = state.board
    cc = compile_card(state, card, my)

    # P3: the card must not raise the board's deficiency, nor empty a named building.
    decider = decide.Decider(method, memo)
    with_card = decider.analyse(cc.problem)
    board_deficiency = decider.board(board_domains(state)).deficiency
    if not with_card.feasible:
        return refuse(
            state, player, Status.CONTRADICTORY, [_contradiction_reason(state, cc)], cards, as_
        )
    if with_card.deficiency > board_deficiency:
        reason = Reason(
            Code.P3,
            Message(
                N_("it leaves {buildings} without a space than the board does now"),
                buildings=_more_marked(with_card.deficiency - board_deficiency),
            ),
        )
        return refuse(state, player, Status.CONTRADICTORY, [reason], cards, as_)

    # P2: an open named building gets at most its markers.
    limit = board.markers_per_building
    for b in sorted(cc.new):
        spaces = with_card.support[b]
        if len(spaces) > limit:
            reason = Reason(
                Code.P2,
                Message(
                    N_("{building} would need {count} markers ({spaces}); there are only {limit}"),
                    building=the(board, b),
                    count=len(spaces),
                    spaces=space_list(board, spaces),
                    limit=limit,
                ),
            )
            return refuse(state, player, Status.NOT_NOW, [reason], cards, as_)

    # P5 (a): no marker goes onto a space that already holds the most a space may hold.
    new = {b: with_card.support[b] for b in sorted(cc.new)}  # the JSON in one order
    full = _full_spaces(state, new)
    if full:
        return refuse(state, player, Status.NOT_NOW, [full], cards, as_)

    fx = resolve(
        state, with_card, scorer=player, new=new, constraint=cc.constraint, decider=decider
    )
    assert fx.state is not None
    reasons = [Reason(Code.P6, Message(N_('card {card}: "{text}"'), card=card_no, text=card.text))]
    status = Status.PLAYABLE

    # P4: a card that alters nothing (no marker placed, nothing its own tiers remove or
    # build; the `logic` tier is the board's own STOP claims and does not count).
    if _alters_nothing(fx.markers_placed, fx.removed, fx.built):
        confirmation = Reason(
            Code.P4,
            Message(
                N_(
                    "the card is a confirmation: it places no marker and removes or builds "
                    "nothing by itself"
                )
            ),
        )
        if not state.options.confirmation_playable:
            return refuse(state, player, Status.CONFIRMATION, [confirmation], cards, as_)
        reasons.insert(0, confirmation)
        status = Status.PLAYABLE_CONFIRMATION

    after = _spend_card(fx.state, player, card_no)
    ruling = fx.ruling("play", player, tuple(reasons), state, after, cards, as_, status)
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
            return refuse(
                ruling.before,
                ruling.player,
                Status.NOT_NOW,
                [refusal],
                ruling.cards,
                ruling.as_buildings,
            )
    if advance:  # `evolve`, not `replace`: a hint ends every candidate turn here
        return evolve(ruling, after=evolve(ruling.after, active=ruling.after.next_player()))
    return ruling


def _alters_nothing(
    placed: Sequence[tuple[str, str]], removed: Sequence[Removal], built: Sequence[Built]
) -> bool:
    """P4: no marker placed, and no removal or building in the `card` or `cascade` tier."""
    own = (Tier.CARD, Tier.CASCADE)
    return (
        not placed
        and not any(r.tier in own for r in removed)
        and not any(b.tier in own for b in built)
    )


def _full_spaces(state: GameState, new: dict[str, frozenset[str]]) -> Reason | None:
    """P5 (a): the first space that would take a marker while it already holds the most."""
    board = state.board
    most = board.max_markers_per_space
    counts = state.marker_counts
    for b in sorted(new):
        for s in board.sort_spaces(new[b]):
            if counts.get(s, 0) >= most:
                return Reason(
                    Code.P5,
                    Message(
                        N_(
                            "{space} already holds {count} markers ({buildings}); a card may "
                            "not put a {building} marker there"
                        ),
                        space=board.space_name(s),
                        count=counts[s],
                        buildings=building_list(board, state.markers_on(s)),
                        building=named(board, b),
                    ),
                )
    return None


def _too_many_markers(state: GameState) -> Reason | None:
    board = state.board
    for s, n in sorted(state.marker_counts.items()):
        if n > board.max_markers_per_space:
            return Reason(
                Code.P5,
                Message(
                    N_(
                        "{space} would hold {count} markers ({buildings}); at most {most} "
                        "may lie on a space"
                    ),
                    space=board.space_name(s),
                    count=n,
                    buildings=building_list(board, state.markers_on(s)),
                    most=board.max_markers_per_space,
                ),
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
