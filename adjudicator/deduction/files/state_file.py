"""Reading, checking and writing game-state files (TOML, or JSON by the file's ending)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.exceptions
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data, write_atomic, write_data
from adjudicator.deduction.files.board_file import pydantic_problem
from adjudicator.deduction.files.editions import load_edition, load_edition_files
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.ruleset import Ruleset
from adjudicator.deduction.models.state import GameState, Player

__all__ = ["load_state", "state_from_data", "state_to_data", "write_state"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _EditionFiles(_Strict):
    board: str
    cards: str


class _PlayerModel(_Strict):
    name: str = Field(min_length=1)
    buildings: list[str] = []
    points: int = Field(default=0, ge=0)
    hand: list[int] | None = None
    bought: int = Field(default=0, ge=0)


class _StateModel(_Strict):
    edition: str | _EditionFiles
    active: str | None = None
    options: dict[str, Any] = {}
    landmarks: dict[str, str] = {}
    placed: dict[str, str] = {}
    markers: dict[str, list[str]] = {}
    retired: list[str] = []
    players: list[_PlayerModel] = []


def load_state(path: Path) -> GameState:
    return state_from_data(read_data(path), str(path), Path(path).parent)


def _edition(ref: str | _EditionFiles, source: str, base: Path) -> Edition:
    """The edition a state names: a shipped id, a board file, or {board, cards} files."""
    if isinstance(ref, _EditionFiles):
        board, cards = base / ref.board, base / ref.cards
        for name, p in (("board", board), ("cards", cards)):
            if not p.is_file():
                raise InputError(source, f"edition.{name}", f"no such file {str(p)!r}")
        return load_edition_files(board, cards)
    if ref.endswith(".toml"):
        if not (base / ref).is_file():
            raise InputError(source, "edition", f"no such board file {str(base / ref)!r}")
        return load_edition(str(base / ref), source)
    return load_edition(ref, source)


def state_from_data(
    data: dict[str, Any], source: str, base: Path = Path("."), edition: Edition | None = None
) -> GameState:
    """Validate a parsed state file; every problem is an `InputError` naming the entry."""
    try:
        model = _StateModel.model_validate(data)
    except ValidationError as exc:
        entry, problem = pydantic_problem(exc, data)
        raise InputError(source, entry, problem) from None
    edition = edition or _edition(model.edition, source, base)
    board, cards = edition.board, edition.cards

    def fail(entry: str, problem: str) -> InputError:
        return InputError(source, entry, problem)

    def building(b: str, entry: str) -> str:
        if b not in board.buildings:
            raise fail(entry, f"unknown building {b!r}")
        return b

    def space(s: str, entry: str) -> str:
        if s not in board.spaces:
            raise fail(entry, f"unknown space {s!r}")
        return s

    try:
        Ruleset().with_options(board.options).with_options(model.options)
    except KeyError as exc:
        known = ", ".join(Ruleset.names())
        raise fail(f"options.{exc.args[0]}", f"unknown option (known: {known})") from None
    except TypeError as exc:
        key = next((k for k in model.options if k in str(exc)), "")
        raise fail(f"options.{key}" if key else "options", str(exc)) from None

    landmarks: dict[str, str] = {}
    for frame, landmark in model.landmarks.items():
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
    for b, s in model.placed.items():
        entry = f"placed.{b}"
        building(b, entry)
        space(s, entry)
        if board.spaces[s].frame:
            raise fail(entry, f"{s!r} is a frame field: no building is placed there")
        if s in on_space:
            raise fail(entry, f"space {s!r} already holds {on_space[s]!r}")
        placed[b], on_space[s] = s, b

    markers: dict[str, frozenset[str]] = {}
    for b, spaces in model.markers.items():
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
    for b in model.retired:
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
    held: dict[str, str] = {}
    in_hand: dict[int, str] = {}
    for p in model.players:
        entry = f"players {p.name!r}"
        if any(q.name == p.name for q in players):
            raise fail(entry, "two players have this name")
        for b in p.buildings:
            building(b, f"{entry}.buildings")
            if b in held:
                raise fail(f"{entry}.buildings", f"{b!r} is also in front of {held[b]!r}")
            if b in placed:
                raise fail(f"{entry}.buildings", f"{b!r} is placed on the board")
            held[b] = p.name
        for n in p.hand or []:
            if n not in cards:
                raise fail(f"{entry}.hand", f"unknown card {n}")
            if n in in_hand:
                raise fail(f"{entry}.hand", f"card {n} is also in the hand of {in_hand[n]!r}")
            in_hand[n] = p.name
        rules = Ruleset().with_options(board.options).with_options(model.options)
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
                hand=tuple(p.hand) if p.hand is not None else None,
                bought=p.bought,
            )
        )
    if model.active is not None and players and model.active not in {q.name for q in players}:
        raise fail("active", f"{model.active!r} is not one of the players")
    if model.active is None and players:
        raise fail("active", "missing: name the player whose turn it is")

    ref: Any = model.edition if isinstance(model.edition, str) else model.edition.model_dump()
    return GameState(
        edition=edition,
        edition_ref=ref,
        active=model.active,
        players=tuple(players),
        placed=placed,
        markers=markers,
        retired=frozenset(retired),
        landmarks=landmarks,
        option_overrides=dict(model.options),
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
    file keeps its comments and the entries that did not change."""
    data = state_to_data(state)
    path = Path(path)
    if path.suffix.lower() != ".json" and path.exists():
        try:
            doc = tomlkit.parse(path.read_text(encoding="utf-8"))
        except (tomlkit.exceptions.ParseError, OSError, UnicodeDecodeError):
            doc = None
        if doc is not None:
            for key in [k for k in doc if k not in data]:
                del doc[key]
            for key, value in data.items():
                if doc.get(key) != value:
                    doc[key] = value
            write_atomic(path, tomlkit.dumps(doc))
            return
    write_data(path, data)
