"""Dry Gulch as an entry of the game protocol (`core/table.py`): its records, moves and
rulings, through its own game flow."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.table import (
    JSON,
    Replayed,
    Ruled,
    Setup,
    Table,
    fresh_seed,
    only_options,
    players_option,
)
from adjudicator.core.table_parts import RecordMoves, RecordOnly
from adjudicator.core.words import misclaimed
from adjudicator.dry_gulch.game.files import DryGulchFiles
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.notation import seat_move
from adjudicator.dry_gulch.game.public_move import listed_move, public_move
from adjudicator.dry_gulch.game.record import (
    DGRecord,
    Move,
    format_move,
    parse_move,
    record_from_text,
    remove_last_move,
)
from adjudicator.dry_gulch.game.replay import DGReplay, replay
from adjudicator.dry_gulch.state import DGState
from adjudicator.dry_gulch.why import PlanAnswer

if TYPE_CHECKING:  # the files part's types, for the protocol's check below
    from adjudicator.core.card_names import CardsFound
    from adjudicator.dry_gulch.data import Rules

__all__ = ["TABLE", "DryGulchTable"]


class DryGulchTable(RecordOnly, DryGulchFiles, RecordMoves[Move]):
    score_word = "influence"

    def new_record(
        self, edition: str, players: tuple[str, ...], seed: int | None, setup: Setup
    ) -> tuple[str, DGGame]:
        from adjudicator.dry_gulch.game.flow import new_game
        from adjudicator.dry_gulch.game.record import IN_TURN, DGHeader, record_to_text
        from adjudicator.dry_gulch.options import DGOptions, options_from, options_pairs

        only_options(self.title, setup, own=("residences",))
        table = DGOptions()
        if setup.options:
            try:
                table = options_from(options_pairs(setup.options), "--options", "")
            except ValueError as exc:
                raise InputError("--options", "", str(exc)) from None
        # `--residence "in turn"`: each player chooses theirs by a move (DG-SETUP-1)
        in_turn = " ".join((setup.residences or "").lower().split()) == IN_TURN or (
            setup.by_taps and not setup.residences  # the page's table: chosen by taps
        )
        homes = _residences(setup.residences, players) if setup.residences and not in_turn else {}
        header = DGHeader(players, fresh_seed(seed), homes, options=table, in_turn=in_turn)
        try:
            with players_option("--players"):
                game = new_game(header)
        except InputError as exc:
            if exc.source != "RESIDENCES":  # the set-up's name for the residences it places
                raise
            raise InputError("--residence", exc.entry, exc.problem) from None
        return record_to_text(DGRecord(game.header)), game

    def state_data(self, game: DGGame) -> JSON:
        return self.state_file_data(game.state)

    def read(self, text: str, source: str, base: Base) -> DGRecord:
        return record_from_text(text, source)

    def legal_moves(self, game: DGGame) -> Iterator[Move]:
        """The moves the player to act may make now (`game/moves.py`)."""
        from adjudicator.dry_gulch.game.moves import legal_moves

        return legal_moves(game)

    def parse_move(self, line: str, source: str) -> Move:
        try:
            return parse_move(line)
        except ValueError as exc:
            raise RulesError(f"{source}: {exc}") from None

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def listed_move(self, game: DGGame, move: Move) -> str:
        return listed_move(move)

    def public_move(self, move: Move) -> str:
        return public_move(move)

    def check_chance(self, game: DGGame, move: Move) -> None:
        from adjudicator.dry_gulch.game.chance import deal

        deal(game, move)  # Dry Gulch's deal only refuses a named outcome: it reads no card

    def deal(self, game: DGGame, move: Move) -> Move:
        """A seeded game's move names no chance: the seed deals it (`game/chance.py`)."""
        from adjudicator.dry_gulch.game.chance import deal

        return deal(game, move)

    def seat(self, game: DGGame, move: Move) -> Move:
        return seat_move(move, game.header.players)

    def replay(self, rec: DGRecord) -> Replayed[DGGame]:
        done = replay(rec)
        return Replayed(done.game, len(done.illegal))

    def check_move(self, game: DGGame, move: Move, source: str) -> None:
        names = list(game.header.players)
        if move.player not in names:
            close = difflib.get_close_matches(move.player, names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise RulesError(
                f"{source}: player {move.player!r}: unknown player "
                f"(players: {', '.join(names)}){hint}"
            )
        from adjudicator.dry_gulch.game.vocabulary import unknown_name

        unknown = unknown_name(move, game.state.rules)
        if unknown is not None:  # a slip of the pen, not a move the rules refuse
            raise RulesError(f"{source}: {unknown}")

    def apply(self, game: DGGame, move: Move) -> tuple[DGGame, Ruled]:
        from adjudicator.dry_gulch.state import state_data

        after, outcome = game.apply(move)
        detail: JSON = {
            "influence": outcome.influence,
            "won": outcome.won,
            "phase": after.phase,
        }
        if outcome.legal:
            detail["state"] = state_data(after.state)
        ruled = Ruled(
            outcome.legal,
            outcome.code,
            outcome.message,
            move.player,
            format_move(move),
            outcome.influence if outcome.legal else None,
            move.claimed,
            detail,
            outcome,
        )
        return after, ruled

    def claim_note(self, ruled: Ruled) -> str:
        return misclaimed(ruled.player, ruled.score, "influence", ruled.claimed)

    def view(self, game: DGGame, viewer: str | None) -> JSON:
        from adjudicator.dry_gulch.game.flow import turned_up
        from adjudicator.dry_gulch.score import score
        from adjudicator.dry_gulch.state import state_data

        state = game.state
        return {
            "turn": game.turn,
            "round": game.round,
            "phase": game.phase,
            "over": game.over,
            "winner": game.winner,
            "active": None if game.over else state.active,
            "turned_up": turned_up(game),  # by the seed (a real table names its own)
            "influence": dict(score(state).influence),
            "hands": {
                p.name: [c.text for c in p.hand]
                for p in state.players
                if viewer is None or p.name == viewer
            },
            "state": state_data(state),
        }

    def review(self, rec: DGRecord) -> DGReplay:
        return replay(rec)

    def edition_title(self, game: DGGame) -> str:
        return self.title

    def seats(self, game: DGGame) -> DGState:
        return game.state

    def hint(self, game: DGGame, player: str, source: str) -> PlanAnswer:
        from adjudicator.dry_gulch.why import plan_answer

        if game.over:
            raise RulesError(f"{source}: the game is over")
        return plan_answer(game.state, player)

    def remove_last_move(self, text: str, source: str) -> tuple[str, str, int]:
        return remove_last_move(text, source)


def _residences(text: str, players: tuple[str, ...]) -> dict[str, str]:
    """`--residence 'ann=nw-1, bob=ne-5'`: where players put their residences (the set-up
    checks that each site may hold one); a name or a site mistyped is one line with the
    closest match."""
    from adjudicator.core.pairs import name_values
    from adjudicator.dry_gulch.data import load_rules

    try:
        pairs = name_values(text)
    except ValueError as exc:
        raise InputError("--residence", "", str(exc)) from None
    sites = list(load_rules().sites)
    homes = {}
    for name, site in pairs:
        for what, value, known in (("player", name, list(players)), ("site", site.lower(), sites)):
            if value not in known:
                close = difflib.get_close_matches(value, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise InputError("--residence", name, f"unknown {what} {value!r}{hint}")
        homes[name] = site.lower()
    return homes


TABLE = DryGulchTable()
#: mypy checks the entry is the protocol's over its own types: its `apply` takes its own moves,
#: its files part reads its own state, board and cards.
_PROTOCOL: Table[DGGame, Move, DGRecord, DGState, Rules, Rules, CardsFound] = TABLE
