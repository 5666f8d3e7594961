"""Reading a card set file into validated `Card`s, strictly (one clear error) or leniently
(every problem collected, for the audit). Loading reports every card whose clue and map
disagree in `CardSet.mismatches`; a clue is parsed, never evaluated as code."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, PlainValidator, StrictInt

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.limits import MAX_BOARD_ITEMS, MAX_CARDS, clip
from adjudicator.core.validation import Strict, Text, at_least, at_most, one_of, validated
from adjudicator.deduction.models.board import RELATIONS, Board
from adjudicator.deduction.models.cards import MY, Card, CardSet, Kind, Mismatch
from adjudicator.deduction.models.clue import ClueError, evaluate, parse

__all__ = ["CardProblem", "cards_from_data", "load_cards", "read_cards"]


KINDS = ("building", "district", "condition")
Spaces = Annotated[tuple[Text, ...], at_most(MAX_BOARD_ITEMS)]


class _Entry(Strict):
    """One card as the file writes it, its types checked; the fields in the order they are
    read, so that the first problem named is the first a reader meets. `relation`,
    `my_clue` and `my_map` left out are none (`model_fields_set`)."""

    text: Annotated[Text, Field(min_length=1)]
    number: Annotated[StrictInt, Field(ge=1)]
    kind: Annotated[Kind, PlainValidator(one_of(KINDS))]
    subject: Text
    clue: Text
    map: Annotated[Spaces, at_least(1)]
    relation: Text = ""
    my_clue: Text = ""
    my_map: Spaces = ()


class _Head(Strict):
    edition: Text
    name: Text


class _File(Strict):
    set: _Head
    cards: Annotated[tuple[_Entry, ...], at_most(MAX_CARDS)]


@dataclass(frozen=True, slots=True)
class _Raw:
    """One card as the file writes it, its types checked."""

    number: int
    kind: Kind
    subject: str
    text: str
    clue: str
    map: list[str]
    relation: str | None
    my_clue: str | None
    my_map: list[str] | None

    @staticmethod
    def of(entry: _Entry) -> _Raw:
        given = entry.model_fields_set
        return _Raw(
            number=entry.number,
            kind=entry.kind,
            subject=entry.subject,
            text=entry.text,
            clue=entry.clue,
            map=list(entry.map),
            relation=entry.relation if "relation" in given else None,
            my_clue=entry.my_clue if "my_clue" in given else None,
            my_map=list(entry.my_map) if "my_map" in given else None,
        )


def load_cards(path: Path, board: Board) -> CardSet:
    return cards_from_data(read_data(path), str(path), board)


@dataclass(frozen=True, slots=True)
class CardProblem:
    """Something wrong with one card of a card-set file (`code` names the kind)."""

    card: int
    code: str  # unknown-building, unknown-space, unknown-street, frame-field, ...
    message: str


def cards_from_data(data: dict[str, Any], source: str, board: Board) -> CardSet:
    """A validated card set; the first problem of any card is an `InputError`."""
    cards, problems = read_cards(data, source, board)
    if problems:
        first = problems[0]
        raise InputError(source, f"card {first.card}", first.message)
    return cards


def read_cards(
    data: dict[str, Any], source: str, board: Board
) -> tuple[CardSet, list[CardProblem]]:
    """Read a card set leniently, collecting every card's problems instead of stopping at
    the first (the audit reports them all). A card naming an unknown building is left out;
    unknown spaces and frame fields are dropped from its maps."""
    read = validated(_File, data, source)
    edition, set_name = read.set.edition, read.set.name
    # Every card is read before any is ruled on, so a type error anywhere is the one line.
    raws = [_Raw.of(entry) for entry in read.cards]
    if edition != board.id:
        raise InputError(source, "set.edition", f"is {clip(edition)}, the board is {board.id!r}")

    cards: dict[int, Card] = {}
    mismatches: list[Mismatch] = []
    problems: list[CardProblem] = []
    for raw in raws:
        n = raw.number

        def report(code: str, message: str, n: int = n) -> None:
            problems.append(CardProblem(n, code, message))

        if n in cards:
            report("number-twice", "card number used twice")
            continue
        if raw.kind == "district" and raw.subject != MY:
            report("subject", "a district card's subject is 'my'")
            continue
        if raw.kind != "district" and raw.subject not in board.buildings:
            report("unknown-building", f"unknown building {raw.subject!r}")
            continue
        if raw.kind == "condition" and raw.relation not in RELATIONS:
            report(
                "relation", f"relation must be one of {', '.join(RELATIONS)}, not {raw.relation!r}"
            )
            continue
        if raw.kind != "condition" and (
            raw.relation is not None or raw.my_map is not None or raw.my_clue is not None
        ):
            report("relation", "only condition cards have a relation or a map for my building")
            continue
        if (raw.my_map is None) != (raw.my_clue is None):
            report("my-map", "give both my_map and my_clue, or neither")
            continue
        maps: dict[str, frozenset[str] | None] = {}
        empty = False
        for part, spaces in (("map", raw.map), ("my_map", raw.my_map)):
            if spaces is None:
                maps[part] = None
                continue
            kept = []
            for sp in spaces:
                if sp not in board.spaces:
                    report("unknown-space", f"{part} names unknown space {sp!r}")
                elif board.spaces[sp].frame:
                    report(
                        "frame-field",
                        f"{part} names frame field {sp!r}, which never holds a building",
                    )
                else:
                    kept.append(sp)
            if len(set(spaces)) != len(spaces):
                report("space-twice", f"{part} names a space twice")
            if not spaces:  # an empty map is no card; an empty my_map would read as anywhere
                report("empty-map", f"{part} names no space (leave my_map out for anywhere)")
                empty = True
            maps[part] = frozenset(kept)
        if empty:
            continue
        for part, clue in (("map", raw.clue), ("my_map", raw.my_clue)):
            drawn = maps[part]
            if clue is None or drawn is None:
                continue
            try:
                named = evaluate(parse(clue), board)
            except ClueError as exc:
                report(exc.code, f"{'clue' if part == 'map' else 'my_clue'}: {exc}")
                continue
            if named != drawn:
                mismatches.append(Mismatch(n, part, drawn - named, named - drawn))
        map_spaces = maps["map"]
        assert map_spaces is not None
        cards[n] = Card(
            number=n,
            kind=raw.kind,
            subject=raw.subject,
            text=raw.text,
            spaces=map_spaces,
            clue=raw.clue,
            relation=raw.relation,
            my_spaces=maps["my_map"],
            my_clue=raw.my_clue,
        )
    card_set = CardSet(set_name, source, dict(sorted(cards.items())), tuple(mismatches))
    return card_set, problems
