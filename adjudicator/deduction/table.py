"""Old Town and Gads Hill 1874 as an entry of the game protocol (`core/table.py`): their
records, moves and rulings, through the deduction games' own game flow."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import RulesError
from adjudicator.core.names import seated
from adjudicator.core.table import JSON, Replayed, Ruled, Setup, Table, only_options
from adjudicator.core.table_parts import RecordMoves
from adjudicator.core.words import plural
from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.notation import pile_words
from adjudicator.deduction.game.public_move import listed_move, public_move
from adjudicator.deduction.game.record import (
    Buy,
    Discard,
    Draw,
    DrawFrom,
    Move,
    Pass,
    Play,
    Record,
    Take,
    format_move,
    parse_move,
    record_from_text,
    remove_last_move,
)
from adjudicator.deduction.game.replay import Replay, replay, replay_to
from adjudicator.deduction.hint import Hint
from adjudicator.deduction.table_files import DeductionFiles

if TYPE_CHECKING:
    from adjudicator.deduction.game.coach import Advice
    from adjudicator.deduction.game.refill_hint import RefillHint
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.printed_card import card_in, is_printed
from adjudicator.deduction.models.state import GameState

__all__ = ["TABLE", "DeductionTable"]


class DeductionTable(DeductionFiles, RecordMoves[Move]):
    name = "deduction"
    title = "Old Town and Gads Hill 1874"
    score_word = "points"

    def new_record(
        self, edition: str, players: tuple[str, ...], seed: int | None, setup: Setup
    ) -> tuple[str, Game]:
        from adjudicator.deduction.files.editions import resolve_edition
        from adjudicator.deduction.game.deal import new_game
        from adjudicator.deduction.game.record import CHOSEN, Header, record_to_text

        only_options(self.title, setup, own=("buildings", "frames"))
        # T7: `--buildings chosen`: the players take them by the record's first moves
        chosen = (setup.buildings or "").strip().lower() == CHOSEN
        bought = _pairs(setup.buildings, "--buildings") if setup.buildings and not chosen else {}
        header = Header(
            _seen_from(edition, setup.base),
            players,
            frames=_pairs(setup.frames, "--frames") if setup.frames else {},
            buildings={k: tuple(v.split()) for k, v in bought.items()},
            seed=seed,
            options=_options(setup.options) if setup.options else {},
            chosen=chosen,
        )
        game = new_game(header, resolve_edition(edition, "--edition").edition(), setup.source)
        return record_to_text(Record(game.header)), game

    def state_data(self, game: Game) -> JSON:
        return self.state_file_data(game.state)

    def read(self, text: str, source: str, base: Base) -> Record:
        rec = record_from_text(text, source)
        return Record(rec.header, rec.moves, source, base)

    def parse_move(self, line: str, source: str) -> Move:
        try:
            return parse_move(line)
        except ValueError as exc:
            raise RulesError(str(exc)) from None

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def listed_move(self, game: Game, move: Move) -> str:
        return listed_move(game, move)

    def public_move(self, move: Move) -> str:
        return public_move(move)

    def check_chance(self, game: Game, move: Move) -> None:
        if game.piles is not None and game.hands_known and isinstance(move, Draw):
            raise RulesError(_dealt_draws(game, move.player))  # the same words for any card

    def deal(self, game: Game, move: Move) -> Move:
        """Where the piles are known (a [Seed] deals them, or a [Deck] lists them) the server
        deals every draw: `ann draws from the building pile` becomes the draw of its top
        card, and a draw naming its card is refused whatever the card, so that no answer
        tells where a card lies. Elsewhere the table says what was drawn."""
        if game.piles is None or not game.hands_known:
            return move
        if isinstance(move, Draw):
            raise RulesError(_dealt_draws(game, move.player))
        if isinstance(move, DrawFrom):
            _after, outcome = game.apply(move)
            if outcome.legal and outcome.drawn:
                return Draw(move.player, outcome.drawn)
        return move  # no chance in it, or refused as a choice: `apply` says why

    def seat(self, game: Game, move: Move) -> Move:
        player = seated(move.player, game.state.names())
        return move if player == move.player else replace(move, player=player)

    def replay(self, rec: Record) -> Replayed[Game]:
        game = replay_to(rec)
        return Replayed(game, len(rec.moves) - len(game.log))

    def legal_moves(self, game: Game) -> Iterator[Move]:
        from adjudicator.deduction.game.legal_moves import legal_moves

        return legal_moves(game)

    def check_move(self, game: Game, move: Move, source: str) -> None:
        state = game.state
        names = state.names()
        if move.player not in names:
            close = difflib.get_close_matches(move.player.lower(), names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise RulesError(
                f"{source}: player {move.player!r}: unknown player "
                f"(players: {', '.join(names)}){hint}"
            )
        for building in _buildings_named(move):
            if building not in state.board.buildings:
                known = [*state.board.buildings, *_german_keys(state.board.buildings)]
                close = difflib.get_close_matches(building, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise RulesError(f"{source}: building {building!r}: unknown building{hint}")
        for n in _cards_named(move):
            if n not in state.cards:
                raise RulesError(f"{source}: card {n}: no such card in {state.board.name}")
        for written in move.printed if isinstance(move, Play) else ():
            if written is not None:
                try:
                    card_in(state, written)
                except ValueError as exc:
                    raise RulesError(f"{source}: {exc}") from None
        piles = state.board.deal.pile_names(tuple(state.names()))
        for pile in move.piles if isinstance(move, DrawFrom) else ():
            if pile not in piles:
                listed = ", ".join(pile_words(n) for n in sorted(piles))
                raise RulesError(f"{source}: {pile_words(pile)}: no such pile (piles: {listed})")

    def apply(self, game: Game, move: Move) -> tuple[Game, Ruled]:
        from adjudicator.deduction.files.state_file import state_to_data
        from adjudicator.deduction.rules.logic import stop_report
        from adjudicator.deduction.serialize import to_json

        after, outcome = game.apply(move)
        detail: JSON = {
            "ruling": to_json(outcome.ruling) if outcome.ruling else None,
        }
        if outcome.legal:
            detail["stop"] = to_json(stop_report(after.state))
            detail["state"] = state_to_data(after.state)
        ruled = Ruled(
            outcome.legal,
            None if outcome.code is None else str(outcome.code),
            outcome.message,
            move.player,
            format_move(move),
            outcome.points if outcome.legal else None,
            move.claimed,
            detail,
            outcome.ruling,
        )
        return after, ruled

    def claim_note(self, ruled: Ruled) -> str:
        return f"the rules give {plural(ruled.score or 0, 'point')}, not {ruled.claimed}"

    def view(self, game: Game, viewer: str | None) -> JSON:
        from adjudicator.deduction.files.state_file import state_to_data

        game = next_turn(game)
        state = game.state
        return {
            "turn": game.turn,
            "over": game.over,
            "active": None if game.over else state.active,
            "hands": {
                p.name: None if p.hand is None else list(p.hand)
                for p in state.players
                if viewer is None or p.name == viewer
            },
            "piles": None if game.piles is None else {k: len(v) for k, v in game.piles},
            "state": state_to_data(state),
        }

    def review(self, rec: Record) -> Replay:
        return replay(rec)

    def edition_title(self, game: Game) -> str:
        return game.state.board.name

    def seats(self, game: Game) -> GameState:
        return next_turn(game).state

    def hint(self, game: Game, player: str, source: str) -> Hint | RefillHint:
        """The player's turns, ranked; before Old Town's refill (A4), which the record
        asks for first, the buildings to take, ranked."""
        from adjudicator.deduction.hint import hint

        return self.refill(game, player, source) or hint(
            _turn_start(game, player, source).state, player
        )

    def refill(self, game: Game, player: str, source: str) -> RefillHint | None:
        """The takes of Old Town's refill (A4) ranked, when the player to act owes one
        before their turn; else None."""
        from adjudicator.deduction.game.refill_hint import refill_hint
        from adjudicator.deduction.rules.turn_order import refill_due

        start = _started(game, source)
        due = refill_due(start.state, player) if player == start.state.active else 0
        return refill_hint(start, player, due) if due else None

    def coach(
        self, game: Game, player: str, source: str, seed: int, ms: int | None
    ) -> tuple[Advice, tuple[str, ...]]:
        """The lookahead coach's ranking of the turn of the player to act, and why: seeded,
        so the same record and seed give the same advice (`ms` caps the time instead of
        the default count of worlds, and then a slow machine plays fewer)."""
        import random

        from adjudicator.deduction.game.coach import Budget, coach
        from adjudicator.deduction.game.coach_words import reasons

        start = _turn_start(game, player, source)
        if player != start.state.active:
            raise RulesError(
                f"{source}: --coach looks ahead from the turn of the player to act "
                f"({start.state.active}), not {player}'s"
            )
        budget = Budget() if ms is None else Budget(worlds=_MOST_WORLDS, ms=ms)
        advice = coach(start, player, random.Random(seed), budget)
        return advice, reasons(advice, start.state.names())

    coaches = True

    def with_hand(self, game: Game, player: str, hand: str, source: str) -> Game:
        """The game with `player` holding the cards `hand` names (`12,40` or `12 40`), each
        a card of the edition still in no one's hand, on no pile and never played. Cards
        by their printed maps go between `;` (`4:bank@c3,c4,d3,d4; 12`)."""
        from adjudicator.core.limits import clip, whole_number

        game = next_turn(game)
        state = game.state
        cards: list[int] = []
        printed = ";" in hand or is_printed(hand)  # a printed map has its own commas
        for word in hand.split(";") if printed else hand.replace(",", " ").split():
            if is_printed(word):
                try:
                    state, number = card_in(state, word)
                except ValueError as exc:
                    raise RulesError(f"{source}: --hand: {exc}") from None
                game = replace(game, state=state)
            else:
                number = whole_number(word.strip()) or 0
            if number not in game.state.cards:
                raise RulesError(f"{source}: --hand {clip(word.strip())}: no such card")
            if number in game.played or number in cards:
                why = "played already" if number in game.played else "named twice"
                raise RulesError(f"{source}: --hand {number}: {why}")
            cards.append(number)
        return replace(game, state=game.state.with_player(player, hand=tuple(cards)))

    def state_hint(self, state: object, player: str | None) -> Hint:
        """The ranked actions on a state file's state (`read_state`'s: the registry's
        `AnyTable` passes on whichever game's it read, so another game's state is refused
        here, not deep in the hint)."""
        from adjudicator.deduction.hint import hint

        if not isinstance(state, GameState):
            raise RulesError(f"hint: this state is not of {self.title}")
        return hint(state, player)

    def remove_last_move(self, text: str, source: str) -> tuple[str, str, int]:
        removed = remove_last_move(text, source)
        assert removed.move.line is not None
        return removed.text, removed.written, removed.move.line


#: With a time budget, the coach plays worlds until it is spent, at most this many.
_MOST_WORLDS = 64


def _started(game: Game, source: str) -> Game:
    """The game at the start of the next turn, for a hint: refused when it is over (the
    last turn's close may end it: a refill would be asked of no one)."""
    start = next_turn(game)
    if game.over or start.over:
        raise RulesError(f"{source}: the game is over")
    if start.phase == "setup":  # no turn to rank yet: the choice is the player's own
        who = start.state.active
        raise RulesError(
            f"{source}: the set-up first: {who} takes a building (T7): "
            f"adjudicator game move {source} '{who}: take BUILDING'"
        )
    return start


def _turn_start(game: Game, player: str, source: str) -> Game:
    """The game at the start of `player`'s turn, for a hint of a turn: refused when it is
    over or when Old Town's refill (A4) comes first (`refill` ranks its takes)."""
    from adjudicator.deduction.rules.turn_order import refill_due

    start = _started(game, source)
    due = refill_due(start.state, player) if player == start.state.active else 0
    if due:
        # the record refuses every other move of the player until it is written
        raise RulesError(
            f"{source}: {player} first takes {plural(due, 'building')} from beside the "
            f"board (A4): adjudicator game move {source} '{player}: take BUILDING'"
        )
    return start


def _dealt_draws(game: Game, player: str) -> str:
    """T2's refusal of a draw naming its card at a dealt table: the same sentence for every
    card (it names the piles, whose names and counts everyone sees)."""
    from adjudicator.deduction.game.notation import format_move as written

    mine = sorted(n for n in game.pile_map if not n.endswith("'s") or n == f"{player}'s")
    example = written(DrawFrom(player, (mine[0],))) if mine else f"{player} draws from a pile"
    return (
        "T2: at this table the server deals every draw from the record's piles: write the "
        f"pile, not the card ('{example}')"
    )


def _seen_from(edition: str, folder: Path) -> str:
    """The edition as the record names it: a board file given by a relative path (from
    where the command ran) named relative to the record's folder, where its reader looks;
    an id or an absolute path as given."""
    import os

    path = Path(edition)
    if path.suffix != ".toml" or path.is_absolute():
        return edition
    return Path(os.path.relpath(path.resolve(), folder.resolve())).as_posix()


def _pairs(text: str, what: str) -> dict[str, str]:
    from adjudicator.core.pairs import name_values

    try:
        return dict(name_values(text))
    except ValueError as exc:
        raise RulesError(f"{what}: {exc}") from None


def _options(text: str) -> dict[str, bool | int]:
    """`--options 'two_cards_until=10, buying=false'`: a ruleset's values are flags or numbers
    (`new_game` checks the names and the ranges)."""
    from adjudicator.core.pairs import flag_or_number

    try:
        return {key: flag_or_number(key, value) for key, value in _pairs(text, "--options").items()}
    except ValueError as exc:
        raise RulesError(f"--options: {exc}") from None


def _buildings_named(move: Move) -> list[str]:
    named: list[str] = []
    if isinstance(move, Play):
        named += [my for _, my in move.plays if my is not None]
    if isinstance(move, Discard):
        named.append(move.take[0])
    if isinstance(move, Play | Discard | Pass) and move.buy is not None:
        named.append(move.buy)
    if isinstance(move, Buy):
        named.append(move.building)
    if isinstance(move, Take):
        named += list(move.buildings)
    return named


def _cards_named(move: Move) -> list[int]:
    if isinstance(move, Play):  # a card by its printed map is checked on its own
        written = move.printed or (None,) * len(move.plays)
        return [c for (c, _), w in zip(move.plays, written, strict=True) if w is None]
    if isinstance(move, Discard | Draw):
        return list(move.cards)
    return []


TABLE = DeductionTable()
#: mypy checks the entry is the protocol's over its own types: its `apply` takes its own moves,
#: its files part reads its own state, board and cards.
_PROTOCOL: Table[Game, Move, Record, GameState, Board, Edition, Card] = TABLE


def _german_keys(buildings: Iterable[str]) -> list[str]:
    """The board's buildings' German names as a move writes them (`schule`): a typo's
    close match may be in either language."""
    from adjudicator.core.german import german_names, name_key
    from adjudicator.deduction.models.edition import GERMAN_FILES

    german = german_names(*GERMAN_FILES)
    return [name_key(german[b]) for b in buildings if b in german]
