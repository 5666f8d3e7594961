"""Black Hills self-play plays the same games from the same seeds: the records of seeded
greedy and random games, 2 to 4 players, equal the ones stored in
`tests/fixtures/bh-self-play-games.json`, played before the best-turn search and the
payments were made faster (issue 37). A change that means to change a game (a rule, a
reading, the greedy player's ranking) regenerates the file, and says so:

    python -m tests.test_bh_same_games
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.black_hills.game.record import record_to_text
from adjudicator.black_hills.game.simulate import Policy, play_game

FIXTURE = Path(__file__).parent / "fixtures" / "bh-self-play-games.json"
NAMES = ("ann", "bob", "cid", "dan")
#: (policy, players, seed): greedy games of each size, and random ones (`legal_moves`).
GAMES: list[tuple[Policy, int, int]] = [
    *(("greedy", 3, seed) for seed in range(1, 7)),
    *(("greedy", 2, seed) for seed in range(1, 4)),
    *(("greedy", 4, seed) for seed in range(1, 4)),
    *(("random", n, seed) for n in (2, 3, 4) for seed in (5, 6)),
]


def _key(policy: str, players: int, seed: int) -> str:
    return f"{policy}-{players}-{seed}"


def _record(policy: Policy, players: int, seed: int) -> str:
    return record_to_text(play_game(list(NAMES[:players]), seed, policy).record)


@pytest.mark.parametrize(("policy", "players", "seed"), GAMES)
def test_a_seeded_game_is_the_game_it_was(policy: Policy, players: int, seed: int) -> None:
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))[_key(policy, players, seed)]
    assert _record(policy, players, seed).splitlines() == stored.splitlines()


if __name__ == "__main__":
    games = {_key(*g): _record(*g) for g in GAMES}
    FIXTURE.write_text(json.dumps(games, indent=1, sort_keys=True) + "\n", encoding="utf-8")
