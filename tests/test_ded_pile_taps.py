"""Issue 38, Gads Hill: the pile to draw from is the player's choice (T2: "one card at the
end of every turn, whatever was done, from the pile of the player's choice"; Old Town with
two players: the common draw-pile or the player's own). The move as a form writes a turn,
`ann: draws from the condition pile`, reads as the draw it names; the page's buttons for
the choice are tested in `test_web_browser_piles.py`."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.deduction.game.record import Draw, DrawFrom, Pass, parse_move
from tests.test_ded_seat_draws import NAME, _app, _as_deck, _dealt_game, _hands, _seat


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("ann: draws from the condition pile", DrawFrom("ann", ("condition",))),
        ("ann: draw from the building pile", DrawFrom("ann", ("building",))),
        ("bob: draws from bob's own pile", DrawFrom("bob", ("bob's",))),
        ("ann: draws 17", Draw("ann", (17,))),
        ("ann draw from the common pile", DrawFrom("ann", ("common",))),
        ("ann: pass", Pass("ann")),
    ],
)
def test_a_draw_written_as_a_turn_is_the_draw(line: str, move: object) -> None:
    assert parse_move(line) == move


def test_the_seat_typing_the_listed_choice_as_a_turn_draws_that_pile(tmp_path: Path) -> None:
    """Issue 38: `ann: draws from the condition pile`, typed in the move box as the page
    writes every move (NAME: ACTION), was refused "cannot read"; it deals the top card of
    the condition pile."""
    game = _dealt_game("gads-hill-1874", ("ann", "bob", "cid"), 5)
    app = _app(tmp_path, _as_deck(game, _hands(game), dict(game.pile_map)))
    ann = _seat(app, "ann")
    assert ann.post(f"/api/g/{NAME}/move", json={"move": "ann: pass"}).json()["legal"]
    line = "ann: draws from the condition pile"
    seen = ann.post(f"/api/g/{NAME}/preview", json={"move": line}).json()
    assert seen["legal"], seen
    done = ann.post(f"/api/g/{NAME}/move", json={"move": line}).json()
    assert done["legal"] and done["move"] == f"ann draws {game.pile_map['condition'][0]}"
