"""Setting a game up from a record's header: seats, frames, the buildings each player takes,
and hands and draw piles dealt as the edition's `[deal]` table says (the rulebooks' set-up).
With `[Buildings "chosen"]` the players take their buildings by the record's first moves
instead (T7, `flow.py`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.core.names import duplicate, players_problem
from adjudicator.deduction.files.editions import load_named_edition
from adjudicator.deduction.files.state_file import option_problem, state_from_data, state_to_data
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.record import (
    Header,
)
from adjudicator.deduction.models.deal import COMMON
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.ruleset import Ruleset
from adjudicator.deduction.models.state import GameState, Player

__all__ = ["new_game"]


_TAG_OF = {"landmarks": "Frames", "players": "Buildings", "options": "Options"}


def new_game(
    header: Header,
    edition: Edition | None = None,
    source: str = "record",
    base: Base = Base(Path(".")),
) -> Game:
    """Set a game up from a record's header: frames, buildings, hands and piles.

    With a seed, hands and draw piles are dealt as the rulebooks say; without one,
    hands and piles are tracked only when the header lists them. `edition` plays the
    game with a card set of one's own instead of the header's edition. The first state
    is checked like a state file; problems name `source` and the header tag.
    """
    if edition is None:
        # A board path is read from the record's folder tree only (editions.py).
        edition = load_named_edition(header.edition, source, base)
    board = edition.board

    def fail(tag: str, problem: str) -> InputError:
        return InputError(source, f"[{tag}]", problem)

    twice = duplicate(header.players)  # before the count: "ann,ann" is two names, one player
    if twice is not None:
        raise fail("Players", f"duplicate player {twice}")
    low, high = board.deal.min_players, board.deal.max_players
    if not low <= len(header.players) <= high:
        raise fail(
            "Players", f"{board.name} seats {low} to {high} players, not {len(header.players)}"
        )
    problem = players_problem(header.players)
    if problem is not None:
        raise fail("Players", problem)
    try:
        Ruleset().with_options(board.options).with_options(header.options)
    except KeyError as exc:
        raise fail(
            "Options", f"unknown option {exc.args[0]!r} (known: {', '.join(Ruleset.names())})"
        ) from None
    except TypeError as exc:
        raise fail("Options", str(exc)) from None
    for key, value in header.options.items():
        problem = option_problem(key, value, board)
        if problem is not None:
            raise fail("Options", problem)
    # The piles a Deck tag names are checked even when a Seed deals them instead: a
    # misspelt pile must not pass unseen.
    pile_names = board.deal.pile_names(header.players)
    for n in header.deck or {}:
        if n not in pile_names:
            raise fail("Deck", f"unknown pile {n!r} (piles: {', '.join(sorted(pile_names))})")
    seed = header.seed if header.seed is not None else 0
    rng = random.Random(seed)
    hands: dict[str, tuple[int, ...]] | None = header.hands
    piles: dict[str, tuple[int, ...]] | None = dict(header.deck) if header.deck else None
    if header.seed is not None and header.hands is None:
        hands, piles = _deal(edition, header.players, rng, fail)
    _check_cards(edition, header.players, hands, piles, fail)
    frames = dict(header.frames)
    if board.frames and not frames:
        landmarks = [lm for lm in board.landmarks if lm not in board.fields]
        rng.shuffle(landmarks)
        frames = dict(zip(board.frames, landmarks, strict=False))
    buildings = dict(header.buildings)
    if header.chosen:  # T7: the first moves take them, none lies in front of anyone yet
        if len(board.buildings) < 2 * len(header.players):
            raise fail("Players", "not enough buildings for two each")
    elif not buildings:
        buildings = _choose_buildings(edition, header.players, hands, rng)
    for name in header.players:
        if not header.chosen and len(buildings.get(name, ())) != 2:
            raise fail(
                "Buildings",
                f"{name} takes two buildings at setup, not {len(buildings.get(name, ()))}",
            )
    players = tuple(
        Player(
            name,
            tuple(buildings.get(name, ())),
            0,
            tuple(hands[name]) if hands is not None and name in hands else None,
            0,
        )
        for name in header.players
    )
    state = GameState(
        edition=edition,
        edition_ref=header.edition,
        active=header.players[0],
        players=players,
        landmarks=frames,
        option_overrides=dict(header.options),
    )
    try:  # the first state must pass every check of a state file
        state_from_data(state_to_data(state), source, edition=edition)
    except InputError as exc:
        key = exc.entry.split(".")[0].split(" ")[0]
        tag = "Hands" if exc.entry.endswith(".hand") else _TAG_OF.get(key, "Setup")
        raise fail(tag, exc.problem) from None
    full = replace(header, frames=frames, buildings=buildings)
    dealt = tuple(piles.items()) if piles is not None else None
    return Game(full, state, dealt, seed, phase="setup" if header.chosen else "start")


def _check_cards(
    edition: Edition,
    players: tuple[str, ...],
    hands: Mapping[str, tuple[int, ...]] | None,
    piles: Mapping[str, tuple[int, ...]] | None,
    fail: Any,
) -> None:
    """Every card of the hands and piles exists and lies in one place only."""
    names = edition.board.deal.pile_names(players)
    for n in piles or {}:
        if n not in names:
            raise fail("Deck", f"unknown pile {n!r} (piles: {', '.join(sorted(names))})")
    seen: dict[int, str] = {}
    places = [(f"{p}'s hand", h, "Hands") for p, h in (hands or {}).items()]
    places += [(f"the {n} pile", cards, "Deck") for n, cards in (piles or {}).items()]
    for where, cards, tag in places:
        for c in cards:
            if c not in edition.cards:
                raise fail(tag, f"unknown card {c} in {where}")
            if c in seen:
                raise fail(tag, f"card {c} is in {where} and in {seen[c]}")
            seen[c] = where


def _deal(
    edition: Edition, players: tuple[str, ...], rng: random.Random, fail: Any
) -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """Hands and draw piles as the edition's `[deal]` table says (the rulebooks' set-up)."""
    deal = edition.board.deal
    kinds = ("building", "district", "condition")
    by_kind = {k: [c.number for c in edition.cards if c.kind == k] for k in kinds}
    n = len(players)
    need = deal.needs(n)
    short = [f"{need[k]} {edition.board.kind_label(k)}" for k in need if len(by_kind[k]) < need[k]]
    if short:
        raise fail(
            "Seed",
            f"the card set cannot deal {n} players: it needs at least {', '.join(short)} cards",
        )
    for pile in by_kind.values():
        rng.shuffle(pile)

    def take(counts: Mapping[str, int]) -> list[int]:
        return [by_kind[k].pop() for k, m in counts.items() for _ in range(m)]

    hands = {p: tuple(take(deal.hand)) for p in players}
    if deal.common is None:  # one draw pile per kind
        return hands, {k: tuple(v) for k, v in by_kind.items()}
    common = list(by_kind[deal.common])
    common = take(deal.top_of_common.get(n, {})) + common
    piles: dict[str, tuple[int, ...]] = {}
    if n in deal.own_pile:
        for p in players:
            own = take(deal.own_pile[n])
            rng.shuffle(own)
            piles[f"{p}'s"] = tuple(own)
    piles[COMMON] = tuple(common)
    return hands, piles


def _choose_buildings(
    edition: Edition,
    players: tuple[str, ...],
    hands: Mapping[str, tuple[int, ...]] | None,
    rng: random.Random,
) -> dict[str, tuple[str, ...]]:
    """Each player in seat order takes a building, then a second (both rulebooks), following
    the rulebooks' tip: one named by a building card in their hand when they can."""
    available = list(edition.board.buildings)
    rng.shuffle(available)
    if len(available) < 2 * len(players):
        raise InputError("record", "[Players]", "not enough buildings for two each")
    chosen: dict[str, list[str]] = {p: [] for p in players}
    for _ in range(2):
        for p in players:
            named = [
                edition.cards[c].subject
                for c in (hands or {}).get(p, ())
                if edition.cards[c].kind == "building"
            ]
            pick = next((b for b in named if b in available), available[0])
            available.remove(pick)
            chosen[p].append(pick)
    return {p: tuple(v) for p, v in chosen.items()}
