"""`adjudicator audit`: the findings of a card set, for designers and transcribers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator.cli.games import referee
from adjudicator.cli.options import SchedulerOpt, WorkersOpt, check_cluster
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["register"]


def _load(target: str, board_file: Path | None) -> tuple[Any, list[Any]]:
    """The card set, read leniently (the audit reports every problem), on its board: the
    shipped edition's, the --board file's, the board file beside it, or the one its
    `set.edition` names. TARGET is what every command takes (a shipped edition or a board
    file, its card set beside it) or a card file."""
    from adjudicator.cli.file_kinds import require_kind
    from adjudicator.cli.games import require_deduction_edition
    from adjudicator.core.files import read_data

    read_cards = referee().read_cards
    edition_ids = referee().edition_ids
    resolve_edition = referee().resolve_edition
    Edition = referee().Edition
    from adjudicator.tables import editions as shipped_ids

    if target in shipped_ids():
        require_deduction_edition(target, "audit", "TARGET")
    path = Path(target)
    if board_file is None and target in edition_ids():
        shipped = resolve_edition(target).cards_file
        assert shipped is not None  # a shipped edition has its card set
        path = shipped
    elif board_file is None and _is_board_file(path):
        board_file = path  # a board file, as every command takes one: its cards beside it
        beside = resolve_edition(target, "TARGET").cards_file
        if beside is None:
            raise InputError(target, "", "no card set found beside this board file")
        path = beside
    require_kind(path, "cards", "audit")
    data = read_data(path)
    if board_file is None:
        board_file = _named_board(path, data, edition_ids())
    if board_file is not None:
        require_kind(board_file, "board", "audit --board")
        board = resolve_edition(str(board_file), "--board").board()
    else:
        board = resolve_edition(data["set"]["edition"]).board()
    cards, problems = read_cards(data, str(path), board)
    ident = board.id if board_file is None else str(board_file)
    return Edition(ident, board, cards), problems


def _is_board_file(path: Path) -> bool:
    from adjudicator.cli.file_kinds import file_kind

    found = file_kind(path)
    return found is not None and found[0] == "board"


def _named_board(cards: Path, data: Any, shipped: list[str]) -> Path | None:
    """The board of a card file given alone: the board file beside it (where every
    command finds this card set from its board), else None for a shipped edition's
    `set.edition` (read by its id), or a board file `set.edition` names (from the card
    file's folder, as a record's Edition tag is read)."""
    beside: Path | None = referee().board_beside(cards)
    if beside is not None:
        return beside
    edition = (data.get("set") or {}).get("edition") if isinstance(data, dict) else None
    if edition in shipped:
        return None
    if isinstance(edition, str) and edition.endswith(".toml"):
        named = cards.parent / edition
        if named.is_file():
            return named
    raise InputError(
        str(cards),
        "set.edition",
        f"unknown edition {edition!r} and no board file beside it; give the board with "
        "--board FILE",
    )


def register(app: typer.Typer) -> None:
    @app.command(
        help=(
            "Find the contradictions, misprints and dead cards in a card set. Exit status 1 "
            "when there is an error."
        )
    )
    @handle_errors
    def audit(
        target: Annotated[
            str,
            typer.Argument(
                help="An edition id, a board file (its card set beside it), or a card-set file."
            ),
        ],
        board: Annotated[
            Path | None, typer.Option("--board", help="The board file of a custom card set.")
        ] = None,
        games: Annotated[
            int, typer.Option("--games", min=0, help="Also simulate this many greedy games.")
        ] = 0,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
        workers: WorkersOpt = None,
        scheduler: SchedulerOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Find the contradictions, misprints and dead cards in a card set."""
        from adjudicator.cli.checks import check_seeds

        audit_cards = referee().audit_cards
        to_json = referee().to_json
        from adjudicator.render.audit import audit_view

        out = Output(as_json)
        check_seeds(seed, games)
        check_cluster(workers, scheduler)  # refused before the audit's work
        edition, problems = _load(target, board)
        with out.progress("auditing cards", len(edition.cards)) as advance:
            result = audit_cards(edition, problems, advance)
        if games:
            with out.progress("simulating games", games) as advance:
                result.stats = _simulated(edition, games, seed, advance, workers, scheduler)
        out.show(audit_view(result, edition.cards))
        out.json(to_json(result))
        if result.errors:
            raise typer.Exit(1)


def _simulated(
    edition: Any,
    games: int,
    seed: int,
    advance: Callable[[int], None],
    workers: int | None,
    scheduler: str | None,
) -> dict[str, Any]:
    """`--games`' figures: greedy games in seeded batches on a Dask cluster, as `simulate`
    plays them; without the `scale` extra (no Dask), played one by one here, the same
    figures (tests/test_simulation_scale.py holds the two equal), unless a cluster was
    asked for."""
    from adjudicator.core import extras

    if extras.missing(extras.CLUSTER):
        if workers is not None or scheduler is not None:
            extras.require("audit --workers/--scheduler", extras.CLUSTER)
        simulation_stats = referee().simulation_stats

        stats: dict[str, Any] = simulation_stats(edition, games, seed, advance)
        return stats
    from adjudicator.simulation.audit_games import audit_games

    local_workers = check_cluster(workers, scheduler)
    return audit_games(edition, games, seed, advance, workers=local_workers, scheduler=scheduler)
