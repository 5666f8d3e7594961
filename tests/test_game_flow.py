"""The game flow of whole games: dealing, refills, buying, draws and reshuffles, passes,
STOP windows, the end, and the record's header — each rule on its own."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.core.errors import InputError
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.record import (
    Buy,
    Discard,
    Draw,
    Header,
    Pass,
    Play,
    RecordError,
    Stop,
    Take,
    read_record,
    record_from_text,
)
from adjudicator.deduction.game.replay import replay
from adjudicator.deduction.game.simulate import _Judge, _random_move, play_game
from adjudicator.deduction.hint import hint
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import admissible_my_buildings, rule_play
from adjudicator.deduction.rules.turn_order import refill_due
from adjudicator.deduction.rules.turns import rule_turn


def _hands(game: Game) -> dict[str, int]:
    return {p.name: len(p.hand or ()) for p in game.state.players}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_old_town_deals_as_the_rulebook_says(players: int) -> None:
    """Two 4s and two 8+8s each; 3 players: three 4s and three 8+8s on top of the 8s;
    2 players: an own pile of three 4s and three 8+8s each."""
    names = ("ann", "bob", "cid", "dot")[:players]
    game = new_game(Header("old-town", names, seed=5))
    kinds = {
        n: sorted(game.state.cards[c].kind for c in game.state.player(n).hand or ()) for n in names
    }
    assert all(k == ["building", "building", "condition", "condition"] for k in kinds.values())
    piles = game.pile_map
    common = [game.state.cards[c].kind for c in piles["common"]]
    if players == 3:
        assert common[:6].count("building") == 3 and common[:6].count("condition") == 3
        assert set(common[6:]) == {"district"}
    else:
        assert set(common) == {"district"}
    if players == 2:
        for n in names:
            own = [game.state.cards[c].kind for c in piles[f"{n}'s"]]
            assert sorted(own) == ["building"] * 3 + ["condition"] * 3


def test_gads_hill_deals_three_one_one_and_keeps_three_piles() -> None:
    game = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=2))
    for p in game.state.players:
        kinds = sorted(game.state.cards[c].kind for c in p.hand or ())
        assert kinds == ["building", "building", "building", "condition", "district"]
    assert set(game.pile_map) == {"building", "district", "condition"}


def test_too_many_players_or_bad_options_are_one_clear_error() -> None:
    with pytest.raises(InputError, match="seats 2 to 4 players"):
        new_game(Header("old-town", tuple(f"p{i}" for i in range(6)), seed=1))
    with pytest.raises(InputError, match="unknown option 'nonsense'"):
        new_game(Header("old-town", ("ann", "bob"), options={"nonsense": 1}))
    with pytest.raises(InputError, match="takes a whole number"):
        new_game(Header("old-town", ("ann", "bob"), options={"end_at": True}))
    with pytest.raises(InputError, match="two buildings"):
        new_game(Header("old-town", ("ann", "bob"), buildings={"ann": ("hotel",)}))
    with pytest.raises(InputError, match=r"\[Frames\]"):
        new_game(Header("gads-hill-1874", ("ann", "bob"), frames={"frame-east": "cemetery"}))
    with pytest.raises(InputError, match="card 9 is in"):
        new_game(Header("old-town", ("ann", "bob"), hands={"ann": (9,), "bob": (9,)}))


def test_old_town_refill_rule() -> None:
    """A4: back up to two; when no more buildings lie beside the board than there are
    players, only one, and only with none in front."""
    game = new_game(Header("old-town", ("ann", "bob"), seed=3))
    s = game.state
    assert refill_due(s, "ann") == 0
    s1 = s.with_player("ann", buildings=("hotel",))
    assert refill_due(s1, "ann") == 1
    crowded = {
        b: sp
        for b, sp in zip(
            [b for b in s.board.buildings if b not in ("hotel", "bank", "doc")],
            s.board.building_spaces,
            strict=False,
        )
    }
    s2 = replace(s1, placed=crowded).with_player("bob", buildings=())
    assert len(s2.available_buildings()) <= 2
    assert refill_due(s2, "ann") == 0  # she still holds one
    free = next(sp for sp in s.board.building_spaces if sp not in crowded.values())
    s3 = replace(s2, placed={**crowded, "hotel": free}).with_player("ann", buildings=())
    assert len(s3.available_buildings()) == 2
    assert refill_due(s3, "ann") == 1  # only one, as she holds none
    g1 = replace(game, state=s1)
    _, refused = g1.apply(Take("ann", ("doc", "doc")))
    assert not refused.legal
    _, first = g1.apply(Play("ann", ((s1.player("ann").hand or (0,))[0], None)))
    assert not first.legal and "first takes 1 building" in first.message


def test_one_buy_a_turn_before_the_main_action() -> None:
    game = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=4))
    game = replace(game, state=game.state.with_player("ann", points=9))
    available = game.state.available_buildings()
    game, first = game.apply(Buy("ann", available[0]))
    assert first.legal
    _, second = game.apply(Buy("ann", available[1]))
    assert not second.legal and "one building a turn" in second.message


def test_old_town_passes_only_when_no_card_can_be_played() -> None:
    game = new_game(Header("old-town", ("ann", "bob"), seed=6))
    _, outcome = game.apply(Pass("ann"))
    assert not outcome.legal and "pass is only for a player who cannot play" in outcome.message
    gads = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=6))
    _, ok = gads.apply(Pass("ann"))
    assert ok.legal


def test_draws_follow_the_piles_and_a_reshuffle_lets_any_card_come_up() -> None:
    game = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=8))
    piles = game.pile_map
    game, passed = game.apply(Pass("ann"))
    assert passed.legal
    top = piles["district"][0]
    _, wrong = game.apply(Draw("ann", (piles["district"][1],)))
    assert not wrong.legal
    after, drew = game.apply(Draw("ann", (top,)))
    assert drew.legal and top in (after.state.player("ann").hand or ())
    # Everything drawn: the played district cards are reshuffled; any of them may come up.
    empty = replace(
        after,
        piles=(("building", ()), ("district", ()), ("condition", ())),
        played=(23, 24, 25),
        phase="draw",
        drawer="ann",
        to_draw=1,
    )
    got, any_card = empty.apply(Draw("ann", (25,)))
    assert any_card.legal and 25 in (got.state.player("ann").hand or ())


def test_draw_lines_in_untracked_games_are_notes_and_stop_waits_for_the_draw() -> None:
    game = new_game(Header("old-town", ("ann", "bob")))
    game, outcome = game.apply(Play("ann", ((1, None),)))
    assert outcome.legal
    _, note = game.apply(Draw("ann", (5,)))
    assert note.legal and "not tracked" in note.message
    tracked = new_game(
        Header("old-town", ("ann", "bob", "cid"), seed=2, options={"logic_to_active": False})
    )
    hand = tracked.state.player("ann").hand or ()
    card = next(c for c in hand if tracked.state.cards[c].kind == "building")
    tracked, played = tracked.apply(Play("ann", ((card, None),)))
    assert played.legal and tracked.phase == "draw"
    _, stop = tracked.apply(Stop("bob"))
    assert "nothing to claim" in stop.message  # judged in the window, before the draw


def test_the_game_ends_by_rule_and_stalls_when_no_one_can_act() -> None:
    r = play_game("old-town", ("ann", "bob"), 4, "greedy")
    assert r.game.over and not r.game.stalled
    assert len(r.game.state.placed) == 16  # A5: the town is complete
    g = play_game("gads-hill-1874", ("ann", "bob", "cid"), 4, "greedy")
    assert g.game.over and g.game.state.locomotive >= 22


def _choices(s: GameState, card: int, player: str) -> list[str | None]:
    """The my buildings a card may be played as (P7); [None] when it takes none."""
    c = s.cards[card]
    if not c.needs_my_building:
        return [None]
    return list(admissible_my_buildings(s, player, c)) or [None]


def _legal_single(s: GameState, card: int, player: str) -> bool:
    """The card alone is playable on this turn with some my building."""
    return any(rule_play(s, card, my, player).playable for my in _choices(s, card, player))


def _legal_in_some_turn(s: GameState, card: int, player: str) -> bool:
    """The card is played in some legal turn (A2, A3): alone, with a second card before or
    after it, or as a building bought before it."""
    if _legal_single(s, card, player):
        return True
    for other in s.player(player).hand or ():
        if other == card:
            continue
        for my1 in _choices(s, other, player):
            for my2 in _choices(s, card, player):
                for plays in ([(other, my1), (card, my2)], [(card, my2), (other, my1)]):
                    if rule_turn(s, plays, player).playable:
                        return True
    if s.cards[card].needs_my_building:
        for b in s.available_buildings():
            if rule_turn(s, [(card, b)], player, buy=b).playable:
                return True
    return False


@pytest.mark.parametrize(
    ("edition", "seed"), [("old-town", 3), ("gads-hill-1874", 2)], ids=["old-town", "gads-hill"]
)
def test_simulated_card_statistics_agree_with_a_replay_of_the_record(
    edition: str, seed: int
) -> None:
    """The statistics of a simulated game, counted again from its record alone: replay each
    move, and at the start of each turn rule on every card in the mover's hand with the
    public rulings functions. Old Town plays one card a turn, so a card was playable exactly
    when a single play of it was legal; in Gads Hill a card may be playable only as one of
    two cards or with a bought building, so there the single plays are a lower bound and
    every other card counted playable must be played in some legal turn."""
    r = play_game(edition, ("ann", "bob"), seed, "random")
    held: set[int] = set()
    alone: set[int] = set()
    turns: list[tuple[GameState, str]] = []
    played: Counter[int] = Counter()
    discarded: Counter[int] = Counter()
    game = new_game(r.record.header)
    for move in r.record.moves:
        if isinstance(move, Play | Discard | Pass):
            s = game.finish()[0].state  # the turn starts once the last one has closed
            hand = s.player(move.player).hand or ()
            held.update(hand)
            alone.update(n for n in hand if n not in alone and _legal_single(s, n, move.player))
            turns.append((s, move.player))
            if isinstance(move, Play):
                played.update(n for n, _ in move.plays)
            if isinstance(move, Discard):
                discarded.update(move.cards)
        game, outcome = game.apply(move)
        assert outcome.legal, (move, outcome.message)

    counted = {n for n, c in r.cards.items() if c.playable}
    assert {n for n, c in r.cards.items() if c.held} == held
    assert all(c.held <= 1 and c.playable <= 1 for c in r.cards.values())
    assert {n: c.played for n, c in r.cards.items() if c.played} == dict(played)
    assert {n: c.discarded for n, c in r.cards.items() if c.discarded} == dict(discarded)
    assert counted <= held and set(played) <= counted
    if edition == "old-town":
        assert counted == alone
    else:
        assert alone <= counted
        for n in sorted(counted - alone):
            assert any(
                _legal_in_some_turn(s, n, who)
                for s, who in turns
                if n in (s.player(who).hand or ())
            ), n


def _turn_starts(edition: str, seed: int) -> list[tuple[GameState, str]]:
    """The state at the start of each turn of a simulated random game, with its mover."""
    r = play_game(edition, ("ann", "bob", "cid"), seed, "random")
    game = new_game(r.record.header)
    out = []
    for move in r.record.moves:
        if isinstance(move, Play | Discard | Pass):
            out.append((game.finish()[0].state, move.player))
        game, _ = game.apply(move)
    return out


def _hint_plays(s: GameState, player: str) -> Counter[tuple[object, ...]]:
    plays = [a for a in hint(s, player).actions if a.kind == "play"]
    return Counter(
        (tuple(zip(a.cards, a.as_buildings, strict=True)), a.buy, a.buy_at) for a in plays
    )


def test_random_policy_draws_uniformly_among_the_hints_legal_plays() -> None:
    """On a Gads Hill turn with single plays, two-card plays and plays with a buy, many
    draws (each with its own rng) pick only the hint's legal plays, every one of them,
    each about equally often (a loose bound, not a chi-square test)."""
    state, player, legal = next(
        (s, who, plays)
        for s, who in _turn_starts("gads-hill-1874", 1)
        if 8 <= len(plays := _hint_plays(s, who)) <= 40
        and any(buy is not None for _, buy, _ in plays)
        and any(len(cards) == 2 for cards, _, _ in plays)
    )
    judge = _Judge(state, player)
    assert len(judge.candidates) > len(legal)  # some candidates are illegal
    assert set(legal.values()) == {1}
    per_play = 30
    drawn: Counter[tuple[object, ...]] = Counter()
    for i in range(per_play * len(legal)):
        move, kind, _ = _random_move(_Judge(state, player), random.Random(i))
        assert kind == "play" and isinstance(move, Play)
        drawn[move.plays, move.buy, move.buy_at] += 1
    assert set(drawn) == set(legal)
    assert all(per_play / 3 <= n <= per_play * 3 for n in drawn.values()), drawn


@pytest.mark.parametrize(
    ("edition", "seed"), [("old-town", 3), ("gads-hill-1874", 2)], ids=["old-town", "gads-hill"]
)
def test_random_policy_rules_the_hints_plays_and_playable_cards(edition: str, seed: int) -> None:
    """On every turn of a game, the candidates the random policy rules on without the hint
    give exactly the hint's legal plays, and a card counts playable exactly when it is in
    one of them."""
    for s, who in _turn_starts(edition, seed):
        judge = _Judge(s, who)
        legal = [(c, r) for c in judge.candidates if (r := judge.rule(c)) is not None]
        got = Counter(
            (tuple(zip(r.cards, r.as_buildings, strict=True)), c.buy, c.buy_at) for c, r in legal
        )
        assert got == _hint_plays(s, who)
        hand = s.player(who).hand or ()
        in_plays = {n for plays, _, _ in got for n, _ in plays}
        assert {n for n in hand if _Judge(s, who).card_playable(n)} == in_plays


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_self_play_hands_apply_the_ruling_rule_turn_gives_and_stop_claims_are_the_reports(
    monkeypatch: pytest.MonkeyPatch, edition: str, policy: str
) -> None:
    """Self-play does not rule its plays twice: the ruling it hands to `Game.apply` is the
    one `rule_turn` gives on the same state, for every play of a game; and the STOP claims
    a game reuses from its last ruling are the board's report after every move."""
    apply = Game.apply
    checked = 0

    def checking(self: Game, move: object, *, ruling: object = None) -> tuple[Game, object]:
        nonlocal checked
        if ruling is not None:
            assert isinstance(move, Play)
            s = self.state
            assert ruling == rule_turn(
                s, list(move.plays), move.player, buy=move.buy, buy_at=move.buy_at
            )
            checked += 1
        after, outcome = apply(self, move, ruling=ruling)  # type: ignore[arg-type]
        assert after.stop_claims() == stop_report(after.state)
        return after, outcome

    monkeypatch.setattr(Game, "apply", checking)
    r = play_game(edition, ("ann", "bob", "cid"), 5, policy)  # type: ignore[arg-type]
    assert checked == sum(isinstance(m, Play) for m in r.record.moves) > 0


def test_apply_rules_a_play_again_when_the_ruling_is_not_of_it() -> None:
    """A ruling handed to `Game.apply` that is not one of this play on this state is not
    used: the play is ruled as without it."""
    r = play_game("gads-hill-1874", ("ann", "bob"), 3, "random")
    game = new_game(r.record.header)
    plays = 0
    for move in r.record.moves:
        if isinstance(move, Play):
            plain, outcome = game.apply(move)
            s = game.state
            other = next(p for p in s.players if p.name != move.player).name
            wrong = [
                replace(outcome.ruling, cards=(0,)),  # type: ignore[type-var]
                replace(outcome.ruling, player=other),  # type: ignore[type-var]
                replace(outcome.ruling, before=replace(s, placed={})),  # type: ignore[type-var]
                replace(outcome.ruling, stop=None),  # type: ignore[type-var]
            ]
            for w in wrong:
                again, got = game.apply(move, ruling=w)
                assert got == outcome and again == plain
            plays += 1
        game, _ = game.apply(move)
    assert plays > 0


def test_header_errors_name_their_lines_and_unknown_tags() -> None:
    text = '[Edition "old-town"]\n[Players "ann, bob"]\n[Seed "x"]\n[seed "4"]\nann: 3\n'
    with pytest.raises(RecordError) as info:
        record_from_text(text)
    lines = dict(info.value.errors)
    assert "not a number" in lines[3]
    assert "did you mean [Seed]" in lines[4]
    ok = record_from_text('[Edition "old-town"]\n[Players "ann, bob"]\n[Event "Room #4"]\n')
    assert ok.header.tags["Event"] == "Room #4"


def test_a_record_reads_its_board_path_from_its_own_folder(tmp_path: Path) -> None:
    from adjudicator.deduction.files.editions import data_dir

    (tmp_path / "boards").mkdir()
    (tmp_path / "cards").mkdir()
    (tmp_path / "boards" / "mine.toml").write_text(
        (data_dir("boards") / "old-town.toml").read_text()
    )
    (tmp_path / "cards" / "mine.toml").write_text((data_dir("cards") / "old-town.toml").read_text())
    rec = tmp_path / "g.game"  # a board is read only from the record's own folder tree
    rec.write_text(
        '[Edition "boards/mine.toml"]\n[Players "ann, bob"]\n'
        '[Buildings "ann=hotel bank; bob=doc judge"]\n\nann: 1\n'
    )
    r = replay(read_record(rec))
    assert not r.illegal and r.scores()["ann"] > 0
