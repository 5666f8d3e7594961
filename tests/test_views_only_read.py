"""Views only read (issue 36, item 4): what the command line's views and the page show
beside the board is decided in the game packages, and the views draw it. Each game-side
function is held to the rules it stands for."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.deduction.files.editions import resolve_edition
from adjudicator.deduction.game.ahead import ahead, open_claims, refill_owed
from adjudicator.deduction.game.flow import next_turn
from adjudicator.deduction.puzzle.generate import generate
from adjudicator.deduction.puzzle.marks import contradictions
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.turn_order import refill_due
from adjudicator.dry_gulch.draw import draw_choices
from adjudicator.dry_gulch.game.flow import turned_up
from adjudicator.dry_gulch.game.standing import standing
from adjudicator.dry_gulch.score import score
from adjudicator.render.dry_gulch import next_moves
from adjudicator.render.pages.puzzles import check_marks
from adjudicator.tables import table_of_record

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _played(example: str, moves: int | None = None) -> tuple[Any, Any]:
    """The game of an example record after its first `moves` moves (all by default)."""
    text = (EXAMPLES / example).read_text()
    t = table_of_record(text)
    rec = t.read(text, example, Base(EXAMPLES))
    if moves is not None:
        rec = replace(rec, moves=rec.moves[:moves])
    return t, t.replay(rec).game


def test_the_deduction_game_ahead_is_the_next_turn_and_its_claims() -> None:
    """At every move of a record: the game as the next player finds it, the claims on its
    board, and A4's refill owed, which only a turn's start asks of its player."""
    _, whole = _played("old-town-table.game")
    owed_any = False
    for n in range(len(whole.log) + 1):
        _, game = _played("old-town-table.game", n)
        shown = ahead(game)
        assert shown.game == next_turn(game)
        assert shown.claims == stop_report(shown.game.state)
        a = shown.game
        due = 0 if a.over or a.state.active is None else refill_due(a.state, a.state.active)
        assert refill_owed(a) == due
        owed_any = owed_any or due > 0
        assert (open_claims(game) is None) == (game.phase not in ("draw", "between"))
    assert owed_any


def test_dry_gulch_standing_is_the_score_and_the_draws() -> None:
    _, whole = _played("dry-gulch-table.game")
    drew_any = False
    for n in range(whole.played + 1):
        _, game = _played("dry-gulch-table.game", n)
        stands = standing(game)
        result = score(game.state)
        assert dict(stands.influence) == result.influence
        assert stands.needed == result.needed
        assert stands.draws == (() if game.over else tuple(draw_choices(game.state)))
        assert stands.turned == tuple(turned_up(game))
        assert next_moves(game, stands) == next_moves(game)
        drew_any = drew_any or bool(stands.draws)
    assert drew_any


def test_a_puzzle_marker_off_every_map_is_a_p3_contradiction_decided_by_the_rules() -> None:
    """The P3 check of a puzzle's markers is the deduction package's; the page only says
    what it found."""
    made = generate(resolve_edition("old-town").edition(), 1, "easy").puzzle
    assert contradictions(made, {}) == ()
    board = made.board
    # a building of the puzzle on a space its own card forbids
    for clue in made.clues:
        card = made.edition.cards[clue.card]
        if card.kind != "building" or card.subject not in made.to_place():
            continue
        taken = set(made.givens.values())
        off = [s for s in board.building_spaces if s not in card.spaces and s not in taken]
        if off:
            break
    else:
        raise AssertionError("no building card to break in this puzzle")
    found = contradictions(made, {card.subject: off[0]})
    assert clue.card in [c.card for c in found]
    why = next(c.why for c in found if c.card == clue.card)
    assert why == f"the {board.building_name(card.subject)} cannot stand on " + (
        board.space_name(off[0])
    )

    class _Found:  # what the web hands the page: the puzzle solved
        puzzle = made
        town = None

    checked = check_marks(_Found(), "p", {"marks": {card.subject: off[0]}})  # type: ignore[arg-type]
    assert not checked["ok"] and why in checked["message"] and "(P3)" in checked["message"]
