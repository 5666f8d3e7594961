"""Black Hills as an entry of the game protocol (`core/table.py`): its records, turns and
verdicts, through its own referee."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from adjudicator.black_hills.candidates import Candidate
from adjudicator.black_hills.game.files import BlackHillsFiles
from adjudicator.black_hills.game.public_move import listed_move, public_move
from adjudicator.black_hills.game.record import (
    BHMove,
    BHRecord,
    format_move,
    parse_move,
    parse_record,
    remove_last_move,
    seat_move,
)
from adjudicator.black_hills.game.replay import BHReplay, replay
from adjudicator.black_hills.keep_hint import KeepChoice
from adjudicator.black_hills.moves import TurnMove
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState
from adjudicator.core.base_folder import Base
from adjudicator.core.errors import RulesError
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

if TYPE_CHECKING:  # the files part's types, for the protocol's check below
    from adjudicator.black_hills.data import Rules
    from adjudicator.core.card_names import CardsFound

__all__ = ["TABLE", "BlackHillsTable"]


class BlackHillsTable(RecordOnly, BlackHillsFiles, RecordMoves[BHMove]):
    score_word = "reputation"

    def new_record(
        self, edition: str, players: tuple[str, ...], seed: int | None, setup: Setup
    ) -> tuple[str, BHState]:
        from adjudicator.black_hills.game.record import BHHeader, record_to_text
        from adjudicator.black_hills.game.replay import start
        from adjudicator.black_hills.options import BHOptions, parse_options_text

        only_options(self.title, setup)
        table = parse_options_text(setup.options, "--options", "") if setup.options else BHOptions()
        header = BHHeader(players, fresh_seed(seed), options=table)
        with players_option("--players"):
            state = start(header)  # refuses a bad table (2-4 players) before it is written
        return record_to_text(BHRecord(header)), state

    def state_data(self, game: BHState) -> JSON:
        return self.state_file_data(game)

    def read(self, text: str, source: str, base: Base) -> BHRecord:
        return parse_record(text, source)

    def parse_move(self, line: str, source: str) -> BHMove:
        return parse_move(line, source=source)

    def seat(self, game: BHState, move: BHMove) -> BHMove:
        return seat_move(move, game.names())

    def format_move(self, move: BHMove) -> str:
        return format_move(move)

    def listed_move(self, game: BHState, move: BHMove) -> str:
        return listed_move(move)

    def public_move(self, move: BHMove) -> str:
        return public_move(move)

    def check_chance(self, game: BHState, move: BHMove) -> None:
        from adjudicator.black_hills.game.dealing import check_chance

        check_chance(game, move)

    def deal(self, game: BHState, move: BHMove) -> BHMove:
        from adjudicator.black_hills.game.dealing import deal

        return deal(game, move)

    def replay(self, rec: BHRecord) -> Replayed[BHState]:
        done = replay(rec)
        return Replayed(done.state, sum(1 for o in done.outcomes if not o.verdict.legal))

    def check_move(self, game: BHState, move: BHMove, source: str) -> None:
        names = [p.name for p in game.players]
        if move.player not in names:
            raise RulesError(
                f"{source}: player {move.player!r}: unknown player (players: {', '.join(names)})"
            )

    def legal_moves(self, game: BHState) -> Iterator[BHMove]:
        """The moves the player to act may make now (`black_hills/legal.py`), each as the
        record's move (what `parse_move` gives and `format_move` writes), as the player
        chooses it before chance deals (`dealing.as_chosen`)."""
        from adjudicator.black_hills.game.dealing import as_chosen
        from adjudicator.black_hills.legal import legal_moves

        seen: set[TurnMove] = set()
        for move in legal_moves(game):
            # as the player chooses it: the card a blind steal draws is chance's
            chosen = as_chosen(game, move)
            if chosen is not None and chosen not in seen:
                seen.add(chosen)
                yield BHMove(format_turn_move(chosen), move.player)

    def apply(self, game: BHState, move: BHMove | TurnMove) -> tuple[BHState, Ruled]:
        if isinstance(move, TurnMove):
            move = BHMove(format_turn_move(move), move.player)
        # A new turn follows the set-up rule: no `early_keeps` reading of older records.
        v = referee_text(game, move.text)
        after = v.state if v.legal and v.state is not None else game
        message = "; ".join(v.log) if v.legal else v.reasons[0].message
        ruled = Ruled(
            v.legal,
            None if v.code is None else str(v.code),
            message,
            move.player,
            format_move(move),
            after.player(move.player).reputation if v.legal else None,
            move.claimed,
            v.to_json(),
            v,
        )
        return after, ruled

    def claim_note(self, ruled: Ruled) -> str:
        return misclaimed(ruled.player, ruled.score, "reputation", ruled.claimed)

    def view(self, game: BHState, viewer: str | None) -> JSON:
        from adjudicator.black_hills.state import state_seen

        return {
            "reputation": {p.name: p.reputation for p in game.players},
            "round": game.round,
            "winner": game.winner,
            "active": None if game.winner else game.active,
            "state": state_seen(game, viewer),  # never which characters lie face down
            "viewer": viewer,
        }

    def review(self, rec: BHRecord) -> BHReplay:
        return replay(rec)

    def edition_title(self, game: BHState) -> str:
        return self.title

    def seats(self, game: BHState) -> BHState:
        return game

    def hint(
        self, game: BHState, player: str, source: str, committed: bool = False
    ) -> list[Candidate] | list[KeepChoice]:
        """The best turn for each character of the player on turn; at a round's set-up,
        each keep of a player still to keep, best first (`keep_hint.py`). From what the
        player may know (`knows.view_state`). With `committed` (a served seeded game: the
        whole line is written before the server rolls the die), a robbery is ranked as
        written whole (`committed.py`), not as if the die were seen before the rest."""
        from adjudicator.black_hills.best import best_turns
        from adjudicator.black_hills.committed import committed_turns
        from adjudicator.black_hills.keep_hint import keep_hints
        from adjudicator.black_hills.knows import view_state
        from adjudicator.black_hills.round import must_keep

        if game.winner is not None:
            raise RulesError(f"{source}: the game is over: {game.winner} has won")
        waiting = must_keep(game)
        if player in waiting:
            return keep_hints(game, player)
        if waiting:
            raise RulesError(
                f"{source}: the round's set-up: {player} has kept two; "
                f"{', '.join(waiting)} still to discard two before the first turn"
            )
        if player != game.active:
            raise RulesError(
                f"{source}: it is {game.active}'s turn; best turns are found for the player on turn"
            )
        # from what the player may know: the others' hands and discards as counts
        view = view_state(game, player)
        ranked = best_turns(view, player)
        if not committed:
            return ranked
        # a plan that rolls the die first and goes on knowing it cannot be played here
        best = {c.character: c for c in ranked if not _rolls_first(c)}
        for c in committed_turns(view, player):
            if c.character not in best or c.key > best[c.character].key:
                best[c.character] = c
        return sorted(best.values(), key=lambda c: (-c.key[0], -c.key[1], c.character))

    def remove_last_move(self, text: str, source: str) -> tuple[str, str, int]:
        return remove_last_move(text, source)


def _rolls_first(c: Candidate) -> bool:
    """Whether the candidate is a plan up to the aiming die, finished once it is seen."""
    return bool(c.outcomes) and c.outcomes[0].chance.startswith("die ")


TABLE = BlackHillsTable()
#: mypy checks the entry is the protocol's over its own types: its `apply` takes its own moves,
#: its files part reads its own state, board and cards.
_PROTOCOL: Table[BHState, BHMove, BHRecord, BHState, Rules, Rules, CardsFound] = TABLE
