"""Issue 35, item 4 for Old Town and Gads Hill: every answer bob's seat gets is the same in
two worlds bob cannot tell apart (ann's hand and the piles' order differ, the counts and
the kinds kept): the view, his hand, his moves, the hint and the coach, the timeline, each
step and the board's picture, after ann's turn and the draw the server dealt her."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.deduction.game.record import Buy, format_move, record_from_text
from adjudicator.deduction.game.replay import replay_to
from adjudicator.deduction.table import TABLE
from tests.test_ded_seat_draws import NAME, TABLES, _app, _seat, _worlds


def _without_version(data: Any) -> Any:
    """The record's version is a hash of its text (web-hardening's part of the issue)."""
    if isinstance(data, dict):
        return {k: _without_version(v) for k, v in data.items() if k != "version"}
    if isinstance(data, list):
        return [_without_version(v) for v in data]
    return data


def _turns(text: str) -> list[str]:
    game = replay_to(record_from_text(text))
    return [format_move(m) for m in TABLE.legal_moves(game) if not isinstance(m, Buy)]


def _answers(app: Any, seat: str = "bob") -> list[Any]:
    bob = _seat(app, seat)
    api = f"/api/g/{NAME}"
    paths = [api, f"{api}/hand/{seat}", f"{api}/moves", f"{api}/hint", f"{api}/hint?coach=1"]
    paths += [f"{api}/replay", f"{api}/hand/cid"]
    moves = len(bob.get(api).json()["moves"])
    paths += [f"{api}/step/{k}" for k in range(moves + 1)]
    out: list[Any] = []
    for path in paths:
        r = bob.get(path)
        out.append((path, r.status_code, _without_version(r.json())))
    svg = bob.get(f"/g/{NAME}/board.svg")
    out.append(("svg", svg.status_code, svg.text))
    return out


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_bob_gets_the_same_answers_in_worlds_he_cannot_tell_apart(
    tmp_path: Path, edition: str, players: tuple[str, ...]
) -> None:
    first, second = _worlds(edition, players, "bob")
    turn = min(set(_turns(first)) & set(_turns(second)))  # ann plays it in both worlds
    seen = []
    for i, text in enumerate((first, second)):
        app = _app(tmp_path / str(i), text)
        ann = _seat(app, "ann")
        assert ann.post(f"/api/g/{NAME}/move", json={"move": turn}).json()["legal"]
        draws = [m for m in ann.get(f"/api/g/{NAME}/moves").json()["moves"] if " draws " in m]
        done = ann.post(f"/api/g/{NAME}/move", json={"move": min(draws)}).json()
        assert done["legal"], done
        seen.append(_answers(app))
    for a, b in zip(seen[0], seen[1], strict=True):
        assert a == b, a[0]


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_the_player_to_act_gets_the_same_answers_too(tmp_path: Path, edition: str) -> None:
    """ann at the start, and after her turn while she still chooses her pile."""
    first, second = _worlds(edition, ("ann", "bob", "cid"), "ann")
    turn = min(set(_turns(first)) & set(_turns(second)))
    seen = []
    for i, text in enumerate((first, second)):
        app = _app(tmp_path / str(i), text)
        start = _answers(app, "ann")
        assert _seat(app, "ann").post(f"/api/g/{NAME}/move", json={"move": turn}).json()["legal"]
        seen.append((start, _answers(app, "ann")))
    for a, b in zip(seen[0][0] + seen[0][1], seen[1][0] + seen[1][1], strict=True):
        assert a == b, a[0]
