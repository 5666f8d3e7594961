"""The best-turn search's judge (`candidates.judge_of`) answers a turn that begins with a
refused run of actions without refereeing it again: its verdict must be the referee's own
on the whole turn, for every candidate the search and the legal moves try (placements,
investing, events before and after, the Shaman's draws, robberies first and last), at
positions of seeded self-played games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.black_hills.candidates import INVEST_MOST, candidate_turns, judge_of
from adjudicator.black_hills.draft import Draft
from adjudicator.black_hills.game.record import BHRecord
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.game.simulate import play_game
from adjudicator.black_hills.legal import _draws, _robbed
from adjudicator.black_hills.moves import TurnMove
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.referee import TurnsOf, referee_text, referee_text_at
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict
from tests.budget import examples


def _state_after(seed: int, players: int, turns: int, policy: str) -> BHState:
    game = play_game(["ann", "bob", "cid", "dan"][:players], seed, policy, max_turns=turns)  # type: ignore[arg-type]
    return replay(BHRecord(game.record.header, game.record.moves)).state


def _tries(state: BHState) -> list[TurnMove]:
    player = state.active
    tries = [m for _, m in candidate_turns(state, player, INVEST_MOST)]
    tries += [m for _, m in candidate_turns(state, player, (None,))]
    tries += _draws(state, player)
    return tries + list(_robbed(state, player, list(tries)))


@settings(max_examples=examples(10), deadline=None)
@given(
    st.integers(1, 10_000),
    st.integers(2, 4),
    st.integers(0, 40),
    st.sampled_from(["random", "greedy"]),
)
def test_the_judge_answers_every_candidate_as_the_referee_does(
    seed: int, players: int, turns: int, policy: str
) -> None:
    state = _state_after(seed, players, turns, policy)
    if state.winner is not None or must_keep(state):
        return
    judge = judge_of(state)
    for move in _tries(state):
        assert judge(move) == referee_text(state, format_turn_move(move)), move


def test_the_judge_answers_runs_refused_early_without_refereeing_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The shortcut is taken: some candidate shares a refused first run with another.
    calls = 0
    real = TurnsOf.rule

    def counting(self: TurnsOf, text: str) -> tuple[Verdict, int | None]:
        nonlocal calls
        calls += 1
        return real(self, text)

    state = _state_after(3, 3, 7, "greedy")
    tries = list(dict.fromkeys(_tries(state)))
    monkeypatch.setattr(TurnsOf, "rule", counting)
    judge = judge_of(state)
    for move in tries:
        judge(move)
    assert 0 < calls < len(tries)


def test_turns_that_begin_alike_share_their_first_action(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each first action is applied once: far fewer drafts taken than turns refereed, and
    # each verdict the referee's own (the property test above, on many states).
    drafts = 0
    real = Draft.of

    def counting(s: BHState) -> Draft:
        nonlocal drafts
        drafts += 1
        return real(s)

    state = _state_after(3, 3, 7, "greedy")
    texts = list(dict.fromkeys(format_turn_move(m) for m in _tries(state)))
    monkeypatch.setattr(Draft, "of", staticmethod(counting))
    turns = TurnsOf(state)
    verdicts = [turns.rule(t) for t in texts]
    assert drafts < len(texts) / 2
    monkeypatch.undo()
    assert verdicts == [referee_text_at(state, t) for t in texts]
