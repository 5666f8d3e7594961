"""`adjudicator puzzle`: solo town-reconstruction puzzles (new, solve, rate, sheet, check).

The engine (`deduction/puzzle`) and the pictures are imported in each command's body, so
`--help` loads neither (tests/test_startup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from adjudicator.cli.games import referee
from adjudicator.cli.options import EditionArg, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["app"]

app = typer.Typer(
    help=(
        "Solo puzzles: rebuild a town from the edition's own clue cards. `new` makes one "
        "(unique, solvable by the rules, minimal), `solve` shows the steps, `rate` its "
        "difficulty, `sheet` a printable page, `check` a hand-made one."
    ),
    no_args_is_help=True,
)

PuzzleArg = Annotated[
    Path,
    typer.Argument(metavar="FILE", help="A puzzle file (docs/PUZZLES.md).", show_default=False),
]


def _load(file: Path) -> Any:
    """The puzzle file, the board it names read as written (the person at the command
    line chose the file; the server's puzzles stay confined, `web/puzzles.py`); a record,
    a state or a board given instead is one line saying so."""
    from adjudicator.cli.file_kinds import require_kind
    from adjudicator.core.base_folder import Base

    load_puzzle = referee().load_puzzle

    require_kind(file, "puzzle", "puzzle")
    return load_puzzle(file, Base.command_line(file))


@app.command(help="Make a puzzle for a seed and a level, and write its file.")
@handle_errors
def new(
    edition: EditionArg,
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same puzzle.")] = 0,
    level: Annotated[
        str, typer.Option("--level", help="easy, medium or hard (see `puzzle rate`).")
    ] = "medium",
    out_file: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="Write the puzzle here (default: print it).", dir_okay=False
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    from adjudicator.cli.checks import check_seeds
    from adjudicator.core.errors import InputError
    from adjudicator.core.files import write_atomic

    resolve_edition = referee().resolve_edition
    puzzle_json = referee().puzzle_json
    generate = referee().generate
    LEVELS = referee().LEVELS
    dump_puzzle = referee().dump_puzzle

    out = Output(as_json)
    check_seeds(seed)
    if level not in LEVELS:
        raise InputError("--level", "", f"{level!r} is not one of {', '.join(LEVELS)}")
    ed = resolve_edition(edition).edition()
    made = generate(ed, seed, level)  # `level` is one of LEVELS: checked just above
    text = dump_puzzle(made.puzzle, out_file.parent if out_file else Path.cwd())
    if out_file is not None:
        try:
            write_atomic(out_file, text)
        except OSError as exc:
            raise InputError(str(out_file), "", f"cannot be written ({exc.strerror})") from None
        out.lines(Text(f"wrote {out_file}"))
    elif not as_json:
        typer.echo(text, nl=False)
    out.show(Text(f"rating: {made.rating.level} (score {made.rating.score})"))
    out.json(
        {
            "puzzle": puzzle_json(made.puzzle),
            "rating": made.rating.as_dict(),
            "file": str(out_file) if out_file else None,
            "toml": text,
        }
    )


@app.command(help="The solution as steps a player can follow, ending with the town.")
@handle_errors
def solve(file: PuzzleArg, as_json: JsonOpt = False) -> None:
    solution_json = referee().solution_json
    solve_steps = referee().solve_steps

    out = Output(as_json)
    puzzle = _load(file)
    solution = solve_steps(puzzle)
    board = puzzle.board
    for i, step in enumerate(solution.steps, 1):
        out.lines(Text(f"{i}. [{step.code}] {step.text}"))
    if solution.solved:
        town = ", ".join(
            f"{board.building_name(b)} {board.space_name(s)}"
            for b, s in sorted(solution.town.items(), key=lambda i: board.sort_spaces([i[1]]))
        )
        out.lines(Text(f"The town: {town}."))
    else:
        out.lines(Text(f"Stalled: {solution.stalled}"))
    out.json(solution_json(solution))


@app.command(help="The difficulty from the solution's steps (docs/PUZZLES.md).")
@handle_errors
def rate(file: PuzzleArg, as_json: JsonOpt = False) -> None:
    rate_puzzle = referee().rate
    solve_steps = referee().solve_steps

    out = Output(as_json)
    puzzle = _load(file)
    r = rate_puzzle(puzzle, solve_steps(puzzle))
    out.lines(
        Text(
            f"{r.level} (score {r.score}): {r.cards} cards, {r.stops} STOP, largest Hall set "
            f"{r.hall}, {r.relations} relation cards, {r.cascades} cascades, order "
            f"{'forced' if r.forced else 'free'}"
        )
    )
    out.json(r.as_dict())


@app.command(
    help="A printable page (SVG): the board with the givens and the cards; "
    "the solution in a second file, OUT with -solution before .svg."
)
@handle_errors
def sheet(
    file: PuzzleArg,
    svg: Annotated[Path, typer.Option("--svg", help="The puzzle page.", dir_okay=False)],
    as_json: JsonOpt = False,
) -> None:
    solve_steps = referee().solve_steps
    from adjudicator.render.puzzle import puzzle_pages

    out = Output(as_json)
    puzzle = _load(file)
    solution = solve_steps(puzzle)
    start_state = referee().start_state

    solved = start_state(puzzle).with_board(solution.town, {}, ()) if solution.solved else None
    page, answer = puzzle_pages(puzzle, solved)
    save_svg(svg, page, out)
    second = svg.with_name(f"{svg.stem}-solution{svg.suffix or '.svg'}")
    if answer is not None:
        save_svg(second, answer, out)
    out.json({"sheet": str(svg), "solution": str(second) if answer is not None else None})


@app.command(
    help="Whether a hand-made puzzle is unique, solvable by the rules and "
    "minimal, and if not, why. Exit status 1 when it is not all three."
)
@handle_errors
def check(file: PuzzleArg, as_json: JsonOpt = False) -> None:
    check_json = referee().check_json
    check_puzzle = referee().check

    out = Output(as_json)
    puzzle = _load(file)
    board = puzzle.board
    result = check_puzzle(puzzle)
    if result.unique:
        out.lines(Text("unique: yes, one town fits"))
    elif result.second is None:
        out.lines(Text("unique: no, no town fits the givens and cards"))
    else:
        town = ", ".join(
            f"{board.building_name(b)} {board.space_name(s)}" for b, s in result.second.items()
        )
        out.lines(Text(f"unique: no, another town fits: {town}"))
    out.lines(
        Text(
            "solvable by the rules: yes"
            if result.solvable
            else f"solvable by the rules: no, {result.solution.stalled}"
        )
    )
    if result.unique:
        out.lines(
            Text(
                "minimal: yes"
                if result.minimal
                else f"minimal: no, the town stays unique without {', '.join(result.removable)}"
            )
        )
    out.json(check_json(result))
    if not result.ok:
        raise typer.Exit(1)
