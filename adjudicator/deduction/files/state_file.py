"""Reading, checking and writing game-state files (TOML, or JSON by the file's ending)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Annotated, Any

from pydantic import Discriminator, Field, StrictInt, Tag

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data, write_data
from adjudicator.core.limits import MAX_BOARD_ITEMS, MAX_CARDS, MAX_HAND, MAX_INT
from adjudicator.core.names import name_problem, player_key, same_player_problem
from adjudicator.core.validation import Strict, Text, at_most, validated
from adjudicator.deduction.files.editions import load_named_edition
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.ruleset import Ruleset
from adjudicator.deduction.models.state import GameState, Player

__all__ = [
    "hand_limit",
    "load_state",
    "option_problem",
    "state_from_data",
    "state_to_data",
    "write_state",
]


Count = Annotated[StrictInt, Field(ge=0, le=MAX_INT)]
Texts = Annotated[tuple[Text, ...], at_most(MAX_BOARD_ITEMS)]


class _RawPlayer(Strict):
    """A player as the file writes them, the types checked (`points = true` or `"7"` is an
    error, not a number made up); `hand` left out is no hand known (`model_fields_set`)."""

    name: Text
    buildings: Texts = ()
    points: Count = 0
    hand: Annotated[tuple[StrictInt, ...], at_most(MAX_CARDS)] = ()
    bought: Count = 0


class _EditionFiles(Strict):
    board: Text
    cards: Text


def _ref_kind(value: object) -> str:
    # the tags are left out of an error's entry (`core/validation.py`: `<...>`)
    return "<files>" if isinstance(value, dict) else "<id>"


#: A shipped id or board file (text), or `{board = ..., cards = ...}` files.
EditionRef = Annotated[
    Annotated[Text, Tag("<id>")] | Annotated[_EditionFiles, Tag("<files>")],
    Discriminator(_ref_kind),
]


class _RawState(Strict):
    """A state file as written, its types checked; the fields in the order they are read,
    so that the first problem named is the first a reader meets. `active` left out is no
    player's turn (`model_fields_set`)."""

    edition: EditionRef
    active: Text = ""
    options: dict[str, Any] = Field(
        default_factory=dict
    )  # checked by the ruleset, which names the bad key
    landmarks: Annotated[dict[str, Text], at_most(MAX_BOARD_ITEMS)] = Field(default_factory=dict)
    placed: Annotated[dict[str, Text], at_most(MAX_BOARD_ITEMS)] = Field(default_factory=dict)
    markers: Annotated[dict[str, Texts], at_most(MAX_BOARD_ITEMS)] = Field(default_factory=dict)
    retired: Texts = ()
    players: Annotated[tuple[_RawPlayer, ...], at_most(MAX_BOARD_ITEMS)] = ()


def load_state(path: Path) -> GameState:
    return state_from_data(read_data(path), str(path), Base(Path(path).parent))


def _edition(ref: str | dict[str, str], source: str, base: Base) -> Edition:
    """The edition a state names: a shipped id, a board file, or {board, cards} files."""
    # Found as `base` says: as written on the command line, confined in the server.
    if isinstance(ref, dict):
        return load_named_edition((ref["board"], ref["cards"]), source, base)
    return load_named_edition(ref, source, base)


def option_problem(key: str, value: object, board: Board) -> str | None:
    """Why an option's value (of the right type) makes no sense on this board, or None.
    The bounds are the board's own: a count of buildings or of placed buildings."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None  # the type is Ruleset.with_options' to refuse
    most = len(board.building_spaces) + len(board.frames)  # the locomotive's last value
    ranges = {
        "max_bought": (0, len(board.buildings)),
        "two_cards_until": (0, most),
        "end_at": (len(board.frames) + 1, most),
    }
    if key not in ranges:
        return None
    low, high = ranges[key]
    if not low <= value <= high:
        return f"{value} is out of range: {key} is {low} to {high} on {board.name}"
    return None


def hand_limit(edition: Edition, players: int) -> int:
    """The most cards one hand can hold by the rules: the whole set, less what the other
    players were dealt of the kinds that are never reshuffled (T3): those cards, once
    played or discarded, never come back to a draw pile, so they never reach this hand."""
    deal = edition.board.deal
    kept = sum(n for kind, n in deal.hand.items() if kind != deal.reshuffle)
    return max(0, len(edition.cards) - kept * max(0, players - 1))


def state_from_data(
    data: dict[str, Any], source: str, base: Base = Base(Path(".")), edition: Edition | None = None
) -> GameState:
    """Validate a parsed state file; every problem is an `InputError` naming the entry."""
    raw = validated(_RawState, data, source)
    ref: str | dict[str, str] = (
        raw.edition
        if isinstance(raw.edition, str)
        else {"board": raw.edition.board, "cards": raw.edition.cards}
    )
    active = raw.active if "active" in raw.model_fields_set else None
    options = raw.options
    model_landmarks, model_placed = raw.landmarks, raw.placed
    model_markers, model_retired, model_players = raw.markers, raw.retired, raw.players
    edition = edition or _edition(ref, source, base)
    board, cards = edition.board, edition.cards

    fail = partial(InputError, source)  # fail(entry, problem): an error in this file

    def building(b: str, entry: str) -> str:
        if b not in board.buildings:
            raise fail(entry, f"unknown building {b!r}")
        return b

    def space(s: str, entry: str) -> str:
        if s not in board.spaces:
            raise fail(entry, f"unknown space {s!r}")
        return s

    try:
        rules = Ruleset().with_options(board.options).with_options(options)
    except KeyError as exc:
        known = ", ".join(Ruleset.names())
        raise fail(f"options.{exc.args[0]}", f"unknown option (known: {known})") from None
    except TypeError as exc:
        key = next((k for k in options if k in str(exc)), "")
        raise fail(f"options.{key}" if key else "options", str(exc)) from None
    for key, value in options.items():
        why = option_problem(key, value, board)
        if why is not None:
            raise fail(f"options.{key}", why)

    if not model_players and active is not None:
        raise fail("active", f"{active!r} is not one of the players: the state has none")
    low, high = board.deal.min_players, board.deal.max_players
    if model_players and not low <= len(model_players) <= high:
        n = len(model_players)
        raise fail("players", f"{board.name} seats {low} to {high} players, not {n}")

    landmarks: dict[str, str] = {}
    for frame, landmark in model_landmarks.items():
        entry = f"landmarks.{frame}"
        if frame not in board.frames:
            raise fail(entry, f"{frame!r} is not a frame field of {board.name}")
        if landmark not in board.landmarks or landmark in board.fields:
            raise fail(entry, f"{landmark!r} is not a landmark set up on a frame field")
        if landmark in landmarks.values():
            raise fail(entry, f"landmark {landmark!r} stands on two frame fields")
        landmarks[frame] = landmark

    if landmarks and len(landmarks) != len(board.frames):
        missing = [f for f in board.frames if f not in landmarks]
        raise fail(
            "landmarks", f"set up a landmark on every frame field: {', '.join(missing)} has none"
        )

    placed: dict[str, str] = {}
    on_space: dict[str, str] = {}
    for b, s in model_placed.items():
        entry = f"placed.{b}"
        building(b, entry)
        space(s, entry)
        if board.spaces[s].frame:
            raise fail(entry, f"{s!r} is a frame field: no building is placed there")
        if s in on_space:
            raise fail(entry, f"space {s!r} already holds {on_space[s]!r}")
        placed[b], on_space[s] = s, b

    markers: dict[str, frozenset[str]] = {}
    for b, spaces in model_markers.items():
        entry = f"markers.{b}"
        building(b, entry)
        if b in placed and spaces:
            raise fail(entry, f"{b!r} is both placed and marked")
        if len(set(spaces)) != len(spaces):
            raise fail(entry, "a building has at most one marker on a space")
        if len(spaces) > board.markers_per_building:
            raise fail(
                entry, f"{len(spaces)} markers, a building has only {board.markers_per_building}"
            )
        for s in spaces:
            space(s, entry)
            if board.spaces[s].frame:
                raise fail(entry, f"marker on frame field {s!r}")
            if s in on_space:
                raise fail(entry, f"marker on {s!r}, where {on_space[s]!r} is placed")
        if spaces:
            markers[b] = frozenset(spaces)
    counts = Counter(s for spaces in markers.values() for s in spaces)
    for s, n in sorted(counts.items()):
        if n > board.max_markers_per_space:
            holders = sorted(b for b, sp in markers.items() if s in sp)
            raise fail(
                "markers",
                f"{n} markers on {s!r} ({', '.join(holders)}); "
                f"at most {board.max_markers_per_space} may lie on a space",
            )

    retired: set[str] = set()
    for b in model_retired:
        building(b, "retired")
        if b in placed:
            raise fail("retired", f"{b!r} is placed, it cannot be retired")
        if b in markers:
            raise fail(
                "retired",
                f"{b!r} still has markers; a building is retired when its last marker goes (K4)",
            )
        retired.add(b)

    players: list[Player] = []
    names: set[str] = set()  # a set: the duplicate check stays linear in the players
    keys: dict[str, str] = {}  # one player under `player_key`: `Ann` and `ann` are one
    held: dict[str, str] = {}
    in_hand: dict[int, str] = {}
    most_cards = hand_limit(edition, len(model_players))
    for p in model_players:
        entry = f"players {p.name!r}"
        why = name_problem(p.name)
        if why is not None:
            raise fail(entry, why)
        if p.name in names:
            raise fail(entry, f"duplicate player {p.name}")
        if player_key(p.name) in keys:
            raise fail(entry, same_player_problem(keys[player_key(p.name)], p.name))
        names.add(p.name)
        keys[player_key(p.name)] = p.name
        for b in p.buildings:
            building(b, f"{entry}.buildings")
            if b in held:
                raise fail(f"{entry}.buildings", f"{b!r} is also in front of {held[b]!r}")
            if b in placed:
                raise fail(f"{entry}.buildings", f"{b!r} is placed on the board")
            if b in retired:
                raise fail(f"{entry}.buildings", f"{b!r} is retired: it left the game (K4)")
            held[b] = p.name
        # Two at setup, and one more for each building bought (A2); Old Town's refill
        # (A4) only brings a player back up to two.
        if len(p.buildings) > 2 + p.bought:
            raise fail(
                f"{entry}.buildings",
                f"{len(p.buildings)} buildings in front of {p.name}; "
                f"at most {2 + p.bought} (two at setup, {p.bought} bought)",
            )
        hand = p.hand if "hand" in p.model_fields_set else None
        if hand is not None and len(hand) > MAX_HAND:
            raise fail(
                f"{entry}.hand",
                f"{len(hand)} cards; a hand holds at most {MAX_HAND} (the deal, and a card "
                "for each of a dozen passes, T2: no table holds more)",
            )
        if hand is not None and len(hand) > most_cards:
            raise fail(
                f"{entry}.hand",
                f"{len(hand)} cards; with {len(model_players)} players a hand holds at "
                f"most {most_cards} (the others' dealt cards never come back)",
            )
        for n in hand or ():
            if n not in cards:
                raise fail(f"{entry}.hand", f"unknown card {n}")
            if n in in_hand:
                raise fail(f"{entry}.hand", f"card {n} is also in the hand of {in_hand[n]!r}")
            in_hand[n] = p.name
        if p.bought > rules.max_bought:
            limit = "no buying" if not rules.buying else f"at most {rules.max_bought}"
            raise fail(
                f"{entry}.bought", f"{p.bought} buildings bought; {board.name} allows {limit}"
            )
        players.append(
            Player(
                name=p.name,
                buildings=tuple(p.buildings),
                points=p.points,
                hand=hand,
                bought=p.bought,
            )
        )
    if active is not None and players and active not in names:
        raise fail("active", f"{active!r} is not one of the players")
    if active is None and players:
        raise fail("active", "missing: name the player whose turn it is")

    return GameState(
        edition=edition,
        edition_ref=ref,
        active=active,
        players=tuple(players),
        placed=placed,
        markers=markers,
        retired=frozenset(retired),
        landmarks=landmarks,
        option_overrides=dict(options),
    )


def state_to_data(state: GameState) -> dict[str, Any]:
    """The state as the keys of a state file (also the `state` of `--json` rulings)."""
    board = state.board
    data: dict[str, Any] = {"edition": state.edition_ref}
    if state.active is not None:
        data["active"] = state.active
    data["options"] = dict(state.option_overrides)
    data["landmarks"] = dict(state.landmarks)
    data["placed"] = {b: state.placed[b] for b in board.buildings if b in state.placed}
    data["markers"] = {
        b: board.sort_spaces(state.markers[b]) for b in board.buildings if b in state.markers
    }
    data["retired"] = sorted(state.retired)
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "buildings": list(p.buildings),
            "points": p.points,
        }
        if p.hand is not None:
            entry["hand"] = list(p.hand)
        entry["bought"] = p.bought
        players.append(entry)
    data["players"] = players
    return data


def write_state(path: Path, state: GameState) -> None:
    """Write a state file atomically (temporary file, then rename). Rewriting a TOML
    file changes only the values that changed: every comment stays where it stands."""
    path = Path(path)
    # read back as the next command will read it: a score past the limit is not written
    data = state_to_data(state)
    write_data(path, data, check=lambda d: state_from_data(d, str(path), edition=state.edition))
