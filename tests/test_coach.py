"""The lookahead coach (issue 28): it never reads a hidden hand, it is reproducible, it
chooses legal turns, and mixed tables report each seat."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from adjudicator.deduction.game.coach import Advice, Budget, _phases, coach
from adjudicator.deduction.game.coach_words import draw_reason
from adjudicator.deduction.game.coach_world import greedy_turn, sample_deal
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.mixed import play_mixed, rotated, wilson
from adjudicator.deduction.game.moves import Draw
from adjudicator.deduction.game.record import Header
from adjudicator.deduction.game.simulate import play_game
from adjudicator.deduction.hint import hint
from tests.simulation_support import simulate_app

EDITIONS = ("old-town", "gads-hill-1874")
NAMES = ("ann", "bob", "cid")
SMALL = Budget(worlds=3, candidates=3)


def _midgame(edition: str, seed: int, turns: int, names: tuple[str, ...] = NAMES) -> Game:
    """A game some greedy turns in, at the start of a turn (Old Town's refill made)."""
    game = new_game(Header(edition, names, seed=seed))
    rng = random.Random(seed)
    for _ in range(turns):
        game = greedy_turn(game, rng)
    player = game.state.active
    assert player is not None and not game.over
    from adjudicator.deduction.game.coach_world import refill_take
    from adjudicator.deduction.rules.turn_order import refill_due

    due = refill_due(game.state, player)
    if due:
        game, _ = game.apply(refill_take(game, player, due, rng))
    return game


def _hidden(game: Game, player: str) -> tuple[object, ...]:
    others = tuple((p.name, p.hand) for p in game.state.players if p.name != player)
    return (others, game.piles)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("turns", [0, 4, 9])
def test_the_coach_never_reads_a_hidden_hand(edition: str, turns: int) -> None:
    """Two worlds that differ only in the other players' hands and the piles (the same
    counts and kinds: another deal of the same unseen cards) get the same advice."""
    game = _midgame(edition, 11 + turns, turns)
    player = game.state.active
    assert player is not None
    other = sample_deal(game, player, random.Random(99)).onto(game)
    assert _hidden(other, player) != _hidden(game, player)
    assert other.state.player(player) == game.state.player(player)
    assert other.state.placed == game.state.placed and other.state.markers == game.state.markers
    a = coach(game, player, random.Random(5), SMALL)
    b = coach(other, player, random.Random(5), SMALL)
    assert [(r.action.cards, r.action.take, r.value) for r in a.rated] == [
        (r.action.cards, r.action.take, r.value) for r in b.rated
    ]
    assert a.draws == b.draws  # the pile to draw from is chosen blind too


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_same_seed_gives_the_same_advice(edition: str) -> None:
    game = _midgame(edition, 21, 5)
    player = game.state.active
    assert player is not None
    a = coach(game, player, random.Random(7), SMALL)
    b = coach(game, player, random.Random(7), SMALL)
    assert a.rated == b.rated and a.turns == b.turns


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [31, 32])
def test_the_coach_chooses_a_legal_turn(edition: str, seed: int) -> None:
    game = _midgame(edition, seed, 3)
    player = game.state.active
    assert player is not None
    advice = coach(game, player, random.Random(seed), SMALL)
    best = advice.rated[0].action
    assert best in hint(game.state, player).actions
    _, outcome = game.apply(action_move(best, player))
    assert outcome.legal, outcome.message
    assert 1 <= advice.worlds <= SMALL.worlds


def test_a_game_with_a_coach_seat_is_played_to_its_end_and_reproducible() -> None:
    seats = ("coach", "greedy", "greedy")
    a = play_game("gads-hill-1874", NAMES, 3, seats, budget=SMALL)
    b = play_game("gads-hill-1874", NAMES, 3, seats, budget=SMALL)
    assert a.finished and a.points == b.points and a.record == b.record
    assert a.coach_seconds  # the coach seat took its turns
    with pytest.raises(ValueError):
        play_game("old-town", NAMES, 3, ("coach", "greedy"))


def test_seats_rotate_and_the_wilson_interval() -> None:
    assert rotated(("coach", "greedy", "random"), 0) == ("coach", "greedy", "random")
    assert rotated(("coach", "greedy", "random"), 4) == ("greedy", "random", "coach")
    lo, hi = wilson(45, 100)
    assert 0.35 < lo < 0.45 < hi < 0.55
    assert wilson(0, 10)[0] == 0.0


def test_a_mixed_table_shares_the_wins() -> None:
    stats = play_mixed("old-town", ("greedy", "random", "greedy"), 3, 1)
    assert sum(s.wins for s in stats.per_seat) == pytest.approx(3)
    assert [s.policy for s in stats.per_seat] == ["greedy", "random", "greedy"]
    assert not stats.coach_turn_ms


def test_the_simulate_command_with_mixed_seats() -> None:
    runner = CliRunner()
    app = simulate_app()
    args = ["simulate", "old-town", "--games", "3", "--seed", "5", "--seats", "coach,greedy,random"]
    shown = runner.invoke(app, [*args, "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert data["seats"] == ["coach", "greedy", "random"] and data["games"] == 3
    seats = data["per_seat"]
    assert [s["policy"] for s in seats] == ["coach", "greedy", "random"]
    for s in seats:
        assert set(s) == {
            "seat", "policy", "games", "wins", "win_rate", "win_rate_95",
            "mean_points", "mean_points_95",
        }  # fmt: skip
        lo, hi = s["win_rate_95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
    assert sum(s["wins"] for s in seats) == pytest.approx(3)
    assert set(data["coach_turn_ms"]) == {"turns", "median", "p95"}
    text = runner.invoke(app, args)
    assert text.exit_code == 0 and "seat 1 coach" in text.stdout and "95%" in text.stdout
    bad = runner.invoke(app, ["simulate", "old-town", "--seats", "coach,smart"])
    assert bad.exit_code != 0 and "smart" in bad.output


def test_the_store_runs_take_the_coach_for_old_town_and_gads_hill_only() -> None:
    from adjudicator.core.errors import InputError
    from adjudicator.simulation.spec import RunSpec

    assert RunSpec("old-town", "coach", 3, 1, 2, 1).policy == "coach"
    with pytest.raises(InputError):
        RunSpec("black-hills", "coach", 3, 1, 2, 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_sampled_deal_keeps_each_hidden_place_its_count_and_kinds(edition: str) -> None:
    game = _midgame(edition, 41, 6)
    player = game.state.active
    assert player is not None
    deal = sample_deal(game, player, random.Random(3))
    world = deal.onto(game)
    kind = game.state.cards

    def places(g: Game) -> list[tuple[str, list[str]]]:
        hands = [(p.name, p.hand or ()) for p in g.state.players if p.name != player]
        return [(n, [kind[c].kind for c in cs]) for n, cs in [*hands, *sorted(g.pile_map.items())]]

    assert places(world) == places(game)
    hidden = sorted(c for _, cs in [*deal.hands, *deal.piles] for c in cs)
    unseen = [c for p in game.state.players if p.name != player for c in p.hand or ()]
    assert hidden == sorted(unseen + [c for cs in game.pile_map.values() for c in cs])
    assert world.state.player(player) == game.state.player(player)


def test_successive_halving_plays_the_finalists_in_every_world() -> None:
    """Four candidates, six worlds: two phases of three; the two finalists are played in
    all six, the two dropped in the first three only, and the finalists rank first."""
    assert _phases(4, 6) == [3, 3] and _phases(8, 7) == [3, 2, 2] and _phases(2, 5) == [5]
    assert sum(_phases(5, 9)) == 9
    game = _midgame("gads-hill-1874", 12, 2)
    player = game.state.active
    assert player is not None
    advice = coach(game, player, random.Random(1), Budget(worlds=6, candidates=4))
    assert len(advice.rated) == 4 and advice.worlds == 6
    assert [r.worlds for r in advice.rated] == [6, 6, 3, 3]
    assert advice.rated[0].value >= advice.rated[1].value


def test_the_coach_chooses_the_pile_to_draw_from_where_there_is_a_choice() -> None:
    """Gads Hill's player draws from the pile of their choice (T2): the coach ranks each
    pile with cards, played in every world, after a lone candidate too; Old Town's three
    players share one pile, its two players each have their own beside the common one."""
    game = _midgame("gads-hill-1874", 13, 2)
    player = game.state.active
    assert player is not None
    advice = coach(game, player, random.Random(2), SMALL)
    assert {d.pile for d in advice.draws} == {"building", "condition", "district"}
    assert all(d.worlds == advice.worlds for d in advice.draws)
    assert sum(d.default for d in advice.draws) == 1
    values = [d.value for d in advice.draws]
    assert values == sorted(values, reverse=True)
    why = draw_reason(advice)
    assert why is not None and why.startswith(f"Then draw from the {advice.draws[0].pile} pile")
    old = _midgame("old-town", 13, 2)
    mover = old.state.active
    assert mover is not None
    assert coach(old, mover, random.Random(2), SMALL).draws == ()
    alone = coach(game, player, random.Random(2), SMALL, hint(game.state, player).actions[:1])
    assert len(alone.rated) == 1 and {d.pile for d in alone.draws} == {d.pile for d in advice.draws}
    two = _midgame("old-town", 13, 2, NAMES[:2])
    mover = two.state.active
    assert mover is not None
    piles = {d.pile for d in coach(two, mover, random.Random(2), SMALL).draws}
    assert piles <= {f"{mover}'s", "common"}


def test_the_coach_seat_draws_from_the_pile_it_chose() -> None:
    """In self-play the coach's seat draws the top of the pile the coach ranked first; the
    greedy seats draw from the default pile."""
    import adjudicator.deduction.game.simulate as simulate

    chosen: dict[int, str] = {}  # the pile chosen, by the count of moves made before
    real = simulate.coach

    def spy(game: Game, player: str, *args: object) -> Advice:
        advice = real(game, player, *args)  # type: ignore[arg-type]
        if advice.draws:
            chosen[len(game.log)] = advice.draws[0].pile
        return advice

    simulate.coach = spy  # type: ignore[assignment]
    try:
        r = play_game("gads-hill-1874", NAMES, 5, ("coach", "greedy", "greedy"), budget=SMALL)
    finally:
        simulate.coach = real
    assert chosen
    game = new_game(r.record.header)
    drawn: dict[int, str] = {}  # the pile ann drew from, by the start of her turn
    start = 0
    for move in r.record.moves:
        if move.player == "ann" and not isinstance(move, Draw):
            start = len(game.log)
        if isinstance(move, Draw) and move.player == "ann" and move.cards:
            tops = {cs[0]: n for n, cs in game.pile_map.items() if cs}
            drawn[start] = tops[move.cards[0]]
        game, outcome = game.apply(move)
        assert outcome.legal
    assert {k: drawn.get(k) for k in chosen} == chosen


def test_the_default_piles_value_is_the_best_turns_own() -> None:
    """The candidates were played drawing from the default pile, so the coach takes that
    pile's value from the best turn's instead of playing it again: the same figure as
    playing it again in the same worlds."""
    from adjudicator.deduction.game.coach import _after, _rounds, _value
    from adjudicator.deduction.game.coach_world import close_turn

    game = _midgame("gads-hill-1874", 14, 4)
    player = game.state.active
    assert player is not None
    advice = coach(game, player, random.Random(1), Budget(worlds=4))
    rng = random.Random(1)  # the same worlds, drawn as the coach draws them
    worlds = [(sample_deal(game, player, rng), rng.randrange(2**31)) for _ in range(4)]
    before = {p.name: p.points for p in game.state.players}
    after = _after(game, advice.rated[0].action, player)
    default = next(d for d in advice.draws if d.default)
    again = 0.0
    for deal, seed in worlds:
        g = close_turn(deal.onto(after), player, default.pile)
        g, _ = _rounds(g, player, 1, random.Random(seed))
        again += _value(g, player, before, Budget().win)[0]
    assert again / 4 == default.value


def test_two_players_own_piles_keep_no_kinds() -> None:
    """Old Town's two players have own piles of two kinds shuffled face down: a world where
    the other hand and the own piles hold the same cards in another order, kinds mixed
    (the counts kept), gets the same advice and the same pile."""
    game = _midgame("old-town", 17, 3, NAMES[:2])
    player = game.state.active
    assert player is not None
    other_name = next(n for n in game.state.names() if n != player)
    own = sorted(n for n in game.pile_map if n.endswith("'s"))
    places = [(other_name, game.state.player(other_name).hand or ())]
    places += [(n, game.pile_map[n]) for n in own]
    cards = [c for _, cs in places for c in cs]
    kinds = {game.state.cards[c].kind for c in cards}
    assert len(kinds) == 2  # there is a kind to leak
    mixed = sorted(cards, key=lambda c: (game.state.cards[c].kind, c), reverse=True)
    dealt, rest = {}, list(mixed)
    for name, cs in places:
        dealt[name], rest = tuple(rest[: len(cs)]), rest[len(cs) :]
    assert [game.state.cards[c].kind for c in dealt[own[0]]] != [
        game.state.cards[c].kind for c in game.pile_map[own[0]]
    ] or [game.state.cards[c].kind for c in dealt[other_name]] != [
        game.state.cards[c].kind for c in places[0][1]
    ]
    piles = tuple((n, dealt.get(n, cs)) for n, cs in game.piles or ())
    state = game.state.with_player(other_name, hand=dealt[other_name])
    from adjudicator.core.evolve import evolve

    other = evolve(game, state=state, piles=piles)
    a = coach(game, player, random.Random(5), SMALL)
    b = coach(other, player, random.Random(5), SMALL)
    assert [(r.action.cards, r.value) for r in a.rated] == [
        (r.action.cards, r.value) for r in b.rated
    ]
    assert a.draws == b.draws
