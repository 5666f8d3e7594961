"""The seats' checks pinned from the side of the seat that must be refused (issue 41,
item 2), through `web/games.py` with `Viewer(seat=...)`. What a seat may never get, at a
table as at the page: a second choice of pile once it has seen what the first drew (the
cards are in its hand: "keeps one" of the two "he takes ... from the face-down stack");
another player's face-down choice (the two permits that player drew); the hint of the
player to act (it reads that player's hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import RulesError
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Refused, Viewer

ANN, BOB = Viewer(seat="ann"), Viewer(seat="bob")
STACK = "ann: draw permit stack"
RESOURCES = "ann: draw resources"


def _dry_gulch(tmp_path: Path) -> tuple[RecordDir, str]:
    """A seeded Dry Gulch game at its first draw: ann to draw (the first round has no
    events)."""
    records = RecordDir(tmp_path)
    form = {"name": "dg.game", "edition": "dry-gulch", "players": "ann, bob, cid", "seed": "5"}
    name = games.create(records, form)
    listed = games.legal_moves(records, name, ANN)
    assert STACK in listed["blind"] and RESOURCES in listed["moves"], listed
    return records, name


def test_a_seat_may_not_choose_again_after_seeing_what_it_drew(tmp_path: Path) -> None:
    """ann chose the permit stack and saw its two permits: from then on her moves are
    the two it showed; choosing the resources instead, or the stack again by another
    route, is refused (mutant: a second, different choice accepted)."""
    records, name = _dry_gulch(tmp_path)
    shown = games.reveal(records, name, STACK, ANN)["moves"]
    assert len(shown) == 2 and all(m.startswith(f"{STACK} ") for m in shown)
    with pytest.raises(Refused, match="has already chosen 'ann: draw permit stack'"):
        games.reveal(records, name, RESOURCES, ANN)
    for ask in (games.preview, lambda r, n, t, v: games.commit(r, n, t, None, v)):
        with pytest.raises(Refused, match="has chosen 'ann: draw permit stack'"):
            ask(records, name, RESOURCES, ANN)
    assert games.legal_moves(records, name, ANN)["moves"] == shown
    assert games.reveal(records, name, STACK, ANN)["moves"] == shown  # the same, again


def test_a_seat_never_gets_another_players_face_down_choice(tmp_path: Path) -> None:
    """bob may not choose ann's draw for her, nor see the two permits her choice showed
    her: not through a choice of his own, nor in his list of moves (mutant: the choice
    made by any seat, or read as another's)."""
    records, name = _dry_gulch(tmp_path)
    with pytest.raises(RulesError, match="is not a move bob may make now"):
        games.reveal(records, name, STACK, BOB)
    shown = games.reveal(records, name, STACK, ANN)["moves"]
    with pytest.raises(RulesError, match="is not a move bob may make now"):
        games.reveal(records, name, STACK, BOB)
    listed = games.legal_moves(records, name, BOB)
    assert listed["player"] == "bob" and not set(listed["moves"]) & set(shown)
    assert not any(permit in str(listed) for permit in (m.split()[-1] for m in shown))


@pytest.mark.parametrize("coach", [False, True])
def test_only_the_seat_to_act_gets_the_hint(tmp_path: Path, coach: bool) -> None:
    """The hint reads the hand of the player to act: to that player's seat only. bob and
    cid are refused in one line naming whose hint it is, and so is the host's shared
    screen (mutant: any seat given the acting player's hint)."""
    records, name = _dry_gulch(tmp_path)
    for seat in ("bob", "cid"):
        with pytest.raises(Refused) as refused:
            games.hint_view(records, name, Viewer(seat=seat), coach=coach)
        assert (
            str(refused.value)
            == f"{name}: the hint is for the player to act (ann), from their seat"
        )
    with pytest.raises(Refused, match="the shared screen shows no hint"):
        games.hint_view(records, name, Viewer(host=True), coach=coach)
    if not coach:  # the coach looks ahead in the deduction games only
        assert games.hint_view(records, name, ANN)
