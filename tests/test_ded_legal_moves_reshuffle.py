"""The legal-move generator past a reshuffle (found in review): when a Gads Hill pile runs
out, its played cards are shuffled back and drawn again. The generator skipped every card
played before, so from the first such draw it offered nothing (about move 91 of every
seeded game), while the draw, and every move after it, was legal.

The fixture is a seeded Gads Hill game played by random legal moves to its end: at every
position before the end the generator offers moves, each ruled legal, and the move the
record holds is among them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from adjudicator.core.base_folder import Base
from adjudicator.tables import table

FIXTURE = Path(__file__).parent / "fixtures" / "gads-hill-reshuffled-draw.game"


def test_every_position_of_a_whole_game_offers_its_next_move() -> None:
    entry = table("deduction")
    rec = entry.read(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name, Base(FIXTURE.parent))
    game = entry.replay(replace(rec, moves=rec.moves[:80])).game
    for move in rec.moves[80:]:
        offered = {entry.format_move(m) for m in entry.legal_moves(game)}
        assert entry.format_move(move) in offered, (move.line, sorted(offered)[:5])
        game, ruled = entry.apply(game, move)
        assert ruled.legal, ruled.message
    assert entry.view(game, None)["over"]
