"""Dry Gulch rules pinned at their edges (issue 41, item 2): each test is written from the
rulebook's words, at the boundary a one-line change of the code would move, and fails on
that change (the mutant named in each docstring)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.draw import draw_phase, stack_offer
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.moves import Build, Violet, violet_moves
from adjudicator.dry_gulch.game.simulate import _violet
from adjudicator.dry_gulch.other_events import playable_face_up
from adjudicator.dry_gulch.pay import pay
from adjudicator.dry_gulch.place import legal_sites
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, parse_card
from tests.test_dry_gulch_game import HEADER, _to_build_phase

RULES = load_rules()
NEEDED = RULES.needed(3)  # 17 for three players (the family member chips)
SITES = [s for s in RULES.sites if not RULES.sites[s].bank_only]


def _hatmakers(owner: str, n: int) -> list[Built]:
    """`n` Hatmakers (1 influence each) of `owner`'s on the first free sites."""
    return [Built("hatmaker", owner, site) for site in SITES[:n]]


def _table(
    buildings: list[Built], hand: tuple[str, ...] = (), permits: tuple[str, ...] = ()
) -> DGState:
    cards = [parse_card(c, RULES) for c in hand]
    players = [DGPlayer("ann", cards, list(permits)), DGPlayer("bob"), DGPlayer("cid")]
    return DGState(players, "ann", buildings)


def test_exactly_the_influence_needed_wins_and_one_short_does_not() -> None:
    """ "The first player who has the required number of influence points during his
    building phase wins the game." The required number is reached, not passed: 17 of 17
    wins (mutant: `total > needed`), 16 lacks 1."""
    exact = score(_table(_hatmakers("ann", NEEDED)))
    assert exact.influence["ann"] == NEEDED
    assert exact.winners == ("ann",) and exact.lacks["ann"] == 0
    short = score(_table(_hatmakers("ann", NEEDED - 1)))
    assert short.winners == () and short.lacks["ann"] == 1


def _building_to(game: DGGame, influence: int) -> DGGame:
    """The active player's build phase with Hatmakers worth `influence` on the board and,
    in hand, a Hatmaker permit and the cards to pay for it (Carpenter, Lumber, 1 labour)."""
    me = game.state.active
    free = [s for s in SITES if s not in game.state.occupied()]
    have = sum(1 for b in game.state.buildings if b.owner == me)  # the residence: 1
    extra = tuple(Built("hatmaker", me, s) for s in free[: influence - have])
    draft = Draft.of(replace(game.state, buildings=(*game.state.buildings, *extra)))
    player = draft.player(me)
    player.hand[:] = [parse_card(c, RULES) for c in ("carpenter", "lumber", "labor:1")]
    player.permits[:] = ["hatmaker"]
    game = replace(game, state=draft.freeze())
    assert game.influence(me) == influence
    return game


def test_a_build_that_reaches_the_influence_needed_ends_the_game() -> None:
    """ "If at any time during the build phase a player has enough influence points on the
    board, he wins" (`DG-WIN`): a Hatmaker (1) built at 16 of 17 wins the game there, and
    the next move is refused under `DG-WIN`; built at 15, the game goes on. The game's own
    decision of the win (`game/flow.py`) held at the same boundary as the score's."""
    start = _to_build_phase(new_game(HEADER))
    me = start.state.active
    for before, wins in ((NEEDED - 1, True), (NEEDED - 2, False)):
        game = _building_to(start, before)
        site = legal_sites(game.state, "hatmaker")[0]
        after, out = game.apply(Build(me, permit="hatmaker", site=site))
        assert out.legal, out.message
        assert (out.won, after.over, after.winner) == (wins, wins, me if wins else None)
        assert after.influence(me) == before + 1
        if wins:
            _, late = after.apply(Build(me, permit="hatmaker", site=site))
            assert not late.legal and late.code == str(Code.WIN)


def test_two_general_stores_each_pay_one_good() -> None:
    """ "General Store (Laden): The owner of the store may use any one of his hand cards as
    one good (not an ability) for building in each turn. If a player owns both general
    stores, he may use two hand cards in this way." The Undertaker costs Carpenter,
    2 Lumber and 1 labour; the hand is a Carpenter, two event cards and a Labor 1. With
    both stores the two events pay the two Lumber (4 cards); with one store, the second
    Lumber would take 2 more cards ("lumber: 2" in the table) and the hand has none left
    (mutant: both stores counted as one)."""
    hand = ("carpenter", "event:fire", "event:iou", "labor:1")
    stores = [Built("general-store", "ann", site) for site in SITES[:2]]
    both = pay(_table(stores, hand, ("undertaker",)), "undertaker")
    assert both is not None
    assert sorted(kind for kind, _ in both.store) == ["lumber", "lumber"]
    assert pay(_table(stores[:1], hand, ("undertaker",)), "undertaker") is None


def _permit_draw(permits: list[str]) -> DGState:
    return DGState([DGPlayer("ann"), DGPlayer("bob")], "ann", [], Decks(permits=permits))


def test_the_last_two_permits_of_the_stack_are_drawn_and_one_kept() -> None:
    """ "If a player draws a building permit, he either takes one of the (face up) discarded
    permits, or he takes two from the face-down stack and discards one of them." With
    exactly two left, both are shown, either may be kept, the other goes face up, and the
    stack is then empty (mutants: two left taken as too few; only the top one shown)."""
    s = _permit_draw(["hotel", "opera"])
    assert stack_offer(s) == ["hotel", "opera"]
    for keep, other in (("hotel", "opera"), ("opera", "hotel")):
        for words in (["permit", "stack", keep], ["permit", "stack", keep, "discarding", other]):
            r = draw_phase(s, words)
            assert r.legal, (words, r.reasons)
            assert r.permit == keep and r.discarded_permit == other
            assert r.after.decks is not None and r.after.decks.permits == ()
            assert list(r.after.decks.permit_discard) == [other]
    one = _permit_draw(["hotel"])
    refused = draw_phase(one, ["permit", "stack", "hotel", "discarding", "opera"])
    assert not refused.legal and refused.reasons[0].code is Code.DRAW
    assert "holds 1, not two" in refused.reasons[0].message


def test_a_damaged_building_counts_half_its_influence() -> None:
    """ "Half of the influence points that belong to the damaged building do not count and
    are therefore not available to end the game" (`DG-DAMAGED`): the Opera (5) damaged
    counts 2 (option half=down, our default) or 3 (half=up); the Hotel (4) 2 either way;
    each line says it is damaged, an intact one does not."""
    opera, hotel = Built("opera", "ann", SITES[0], True), Built("hotel", "ann", SITES[1], True)
    intact = Built("hatmaker", "ann", SITES[2])
    down = score(_table([opera, hotel, intact]))
    assert down.influence["ann"] == 2 + 2 + 1
    assert list(down.detail["ann"]) == [
        f"Opera on {SITES[0]}: 2 (damaged: half of 5)",
        f"Hotel on {SITES[1]}: 2 (damaged: half of 4)",
        f"Hatmaker on {SITES[2]}: 1",
    ]
    up = _table([opera, hotel, intact])
    up = replace(up, options=replace(up.options, half="up"))
    assert score(up).influence["ann"] == 3 + 2 + 1


def test_each_players_influence_counts_their_own_buildings_and_cards() -> None:
    """ "Influence points are earned by building different types of buildings" and
    "Silk Lace: Counts 1 influence point. Can only be played if the General Store is
    already built": bob's buildings, listed between ann's, count for bob only; ann's
    Silk Lace counts 1 for her, and played with no General Store standing it is named a
    problem. What each still lacks is the influence needed less their own, never below 0."""
    buildings = [
        Built("hatmaker", "ann", SITES[0]),
        Built("opera", "bob", SITES[1]),
        Built("hotel", "ann", SITES[2]),
    ]
    s = _table(buildings)
    players = (replace(s.players[0], played=("silk-lace",)), *s.players[1:])
    result = score(replace(s, players=players))
    assert result.influence == {"ann": 1 + 4 + 1, "bob": 5, "cid": 0}
    assert result.detail["ann"][-1] == "Silk Lace: 1"
    assert result.lacks == {"ann": NEEDED - 6, "bob": NEEDED - 5, "cid": NEEDED}
    assert result.problems == ("ann's Silk Lace needs general-store built first",)
    store = [*buildings, Built("general-store", "cid", SITES[3])]
    fine = score(replace(s, buildings=tuple(store), players=players))
    assert fine.problems == () and fine.lacks["cid"] == NEEDED - 2
    rich = score(_table(_hatmakers("ann", NEEDED + 2)))
    assert rich.lacks["ann"] == 0
    # the Two-Ton Safe needs both the Bank and the Blacksmith: each one missing is named
    players = (replace(s.players[0], played=("two-ton-safe",)), *s.players[1:])
    safe = score(replace(s, players=players))
    assert safe.problems == ("ann's Two Ton Safe needs bank, blacksmith built first",)


def test_at_most_one_fire_and_one_vandalism_in_front_of_a_player() -> None:
    """ "No player may have more than one Fire and one Vandalism card in front of him": one
    of each is no problem; two of either is."""
    s = _table([])

    def against(*cards: str) -> list[str]:
        players = (replace(s.players[0], against=cards), *s.players[1:])
        return list(score(replace(s, players=players)).problems)

    assert against("fire", "vandalism") == []
    assert against("fire", "fire") == ["ann has 2 fire cards in front: at most one"]
    assert against("vandalism", "vandalism") == ["ann has 2 vandalism cards in front: at most one"]


def test_only_the_active_player_wins_and_a_late_winner_is_named() -> None:
    """ "The first player who has the required number of influence points during his
    building phase wins the game": ann (active) at exactly 17 wins and nothing is amiss;
    with bob (not active) at 17 too, ann still wins and bob is named as having had enough
    before; with bob and cid both having enough and ann not, one of them is named winner
    (the game ended in that one's building phase), not both."""
    alone = score(_table(_hatmakers("ann", NEEDED)))
    assert alone.winners == ("ann",) and alone.problems == ()
    ann = _hatmakers("ann", NEEDED)
    bob = [Built("opera", "bob", s) for s in SITES[NEEDED : NEEDED + 4]]  # 4 x 5 = 20
    both = score(_table([*ann, *bob]))
    assert both.winners == ("ann",)
    assert both.problems == (
        "bob already had enough influence: the game ended in their building phase",
    )
    bob = [Built("opera", "bob", s) for s in SITES[:4]]
    cid = [Built("opera", "cid", s) for s in SITES[4:8]]
    late = score(_table([*bob, *cid]))
    assert late.winners == ("bob",)
    assert late.problems == (
        "bob, cid already had enough influence: the game ended in their building phase",
    )


def test_the_score_as_json_names_its_fields() -> None:
    """The score's JSON (`dry-gulch score --json`, the page) carries each field by its
    name: what is needed, each player's influence and lines, what each lacks, the winners
    and the problems."""
    result = score(_table(_hatmakers("ann", 2)))
    assert result.to_json() == {
        "needed": NEEDED,
        "influence": {"ann": 2, "bob": 0, "cid": 0},
        "detail": {
            "ann": [f"Hatmaker on {SITES[0]}: 1", f"Hatmaker on {SITES[1]}: 1"],
            "bob": [],
            "cid": [],
        },
        "lacks": {"ann": NEEDED - 2, "bob": NEEDED, "cid": NEEDED},
        "winners": [],
        "problems": [],
    }


def test_the_gold_strike_is_offered_exactly_where_it_is_accepted() -> None:
    """The Gold Strike is played only "at the end of the game" (RULINGS, DG-VIOLET: in the
    build phase in which its point makes its player win). One short of the influence
    needed, it is offered by the moves listed, the greedy player and the face-up events,
    and the game accepts it and ends; two short, none offers it and the game refuses it
    under `DG-VIOLET` (mutant: the listing's own boundary, `lacks >= influence`)."""
    start = _to_build_phase(new_game(HEADER))
    me = start.state.active
    strike = RULES.events["gold-strike"].influence
    for short, wins in ((strike, True), (strike + 1, False)):
        game = _building_to(start, NEEDED - short)
        draft = Draft.of(game.state)
        draft.player(me).hand.append(parse_card("event:gold-strike", RULES))
        assert draft.decks is not None
        draft.decks.face_up.append("gold-strike")
        game = replace(game, state=draft.freeze())
        offered = (
            Violet(me, event="gold-strike") in list(violet_moves(game.state)),
            ("gold-strike", None) in playable_face_up(game.state),
            _violet(game) == Violet(me, event="gold-strike"),
        )
        assert offered == (wins, wins, wins), (short, offered)
        after, out = game.apply(Violet(me, event="gold-strike"))
        assert (out.legal, out.won, after.over) == (wins, wins, wins), out.message
        if not wins:
            assert out.code == str(Code.VIOLET) and "end of the game" in out.message
