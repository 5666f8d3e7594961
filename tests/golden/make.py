"""Write the golden outputs again: `python tests/golden/make.py` from the repository's root.

Run it only when a change of output is intended, and say so in the commit: the files it
writes are what `tests/test_golden.py` holds the command line and the page to.

It first plays each edition's seeded game by its first legal move at every position (the
game protocol's `legal_moves`), writing the moves to `moves-EDITION.txt`, then runs
every case of `cases.py` and writes its outputs under `tests/golden/CASE/`.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from adjudicator.core.base_folder import Base
from tests.golden import cases


def first_legal_moves(edition: str, tmp: Path) -> list[str]:
    from adjudicator import tables

    run = cases.Run(tmp)
    moves: list[str] = []
    with cases._within(tmp):
        rec = cases.new_game(run, edition)
        entry = tables.table_of_edition(edition)
        for _ in range(cases.PLY):
            game = entry.replay(entry.read(Path(rec).read_text("utf-8"), rec, Base(tmp))).game
            move = next(iter(entry.legal_moves(game)), None)
            if move is None:
                break
            line = entry.format_move(move)
            if run.cli(None, "game", "move", rec, line) != 0:
                raise SystemExit(f"{edition}: {line!r} was refused: {run.log[-1]}")
            moves.append(line)
    return moves


def main() -> None:
    for edition in cases.EDITIONS:
        with tempfile.TemporaryDirectory() as tmp:
            moves = first_legal_moves(edition, Path(tmp))
        cases.moves_file(edition).write_text("\n".join(moves) + "\n", encoding="utf-8")
    for name in cases.CASES:
        with tempfile.TemporaryDirectory() as tmp:
            outputs = cases.run_case(name, Path(tmp))
        folder = cases.HERE / name
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        for file, text in outputs.items():
            (folder / file).write_text(text, encoding="utf-8", newline="")
        print(f"{name}: {len(outputs)} files")


if __name__ == "__main__":
    main()
