"""Dry Gulch's referee commands on a state file (`adjudicator dry-gulch pay|plan|place|
score|new`), the registry entry's `referee` part (`core/referee.py`): each takes what the
player typed, resolves it to the game's ids (a permit or site by its id or its printed
name, in English or German, in any case) and answers with the game's own ruling."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path

from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.german import german_names
from adjudicator.core.names import canonical, players_of, seated
from adjudicator.core.referee import Answer
from adjudicator.core.table import players_option
from adjudicator.dry_gulch.data import Rules, load_rules
from adjudicator.dry_gulch.state import DGState, load_dg_state, state_data, write_dg_state

__all__ = ["load", "new", "pay", "place", "plan", "score", "site_id", "write"]

#: The data file whose `[german]` table names Dry Gulch's buildings (`Laden`).
GERMAN_FILE = "cards/dry-gulch"


def load(path: Path) -> DGState:
    """A Dry Gulch state file."""
    return load_dg_state(path)


def write(path: Path, state: DGState) -> None:
    write_dg_state(path, state)


def _key(name: str) -> str:
    """A name compared: `canonical` without full stops, so `I.O.U.` names `iou`."""
    return canonical(name).replace(".", "")


def _resolve(source: object, option: str, value: str, what: str, names: Mapping[str, str]) -> str:
    """The id among `names` (id -> printed name) that `value` names, in English or German;
    else bad input with a close match in either language (never a refusal citing a rule)."""
    wanted = _key(value)
    german = {k: v for k, v in german_names(GERMAN_FILE).items() if k in names}
    for ident, printed in names.items():
        if wanted in (_key(ident), _key(printed), _key(german.get(ident, printed))):
            return ident
    known = [*names, *(_key(v) for v in german.values())]
    close = difflib.get_close_matches(wanted, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise RulesError(f"{source}: {option} {value!r}: unknown {what}{hint}")


def permit_id(rules: Rules, source: object, value: str, option: str = "BUILDING") -> str:
    return _resolve(
        source, option, value, "building", {p.id: p.name for p in rules.permits.values()}
    )


def site_id(rules: Rules, source: object, value: str, option: str = "SITE") -> str:
    return _resolve(source, option, value, "site", {s: s for s in rules.sites})


def pay(state: DGState, building: str, who: str, source: Path) -> Answer:
    """Can the player's hand pay for the building, and with which cards?"""
    from adjudicator.dry_gulch.why import pay_answer

    permit = permit_id(state.rules, source, building)
    answer = pay_answer(state, permit, who, source=str(source))
    warnings: tuple[str, ...] = ()
    if not answer.holds_permit:
        warnings = (
            f"{who} holds no {state.rules.permits[permit].name} permit: this is what the "
            "hand could pay if they did",
        )
    return Answer("pay_view", (answer, state.rules), answer.to_json(state.rules), warnings)


def plan(state: DGState, who: str, source: Path) -> Answer:
    """The buildings this turn's hand pays for together that gain the most influence
    (`source`: unused, taken as every one-player question takes it)."""
    from adjudicator.dry_gulch.why import plan_answer

    answer = plan_answer(state, who)
    return Answer("plan_view", (answer, state.rules), answer.to_json())


def place(state: DGState, building: str, site: str, source: Path) -> Answer:
    """Whether the building may stand on the site, and why not."""
    from adjudicator.dry_gulch.place import rule_placement

    permit = permit_id(state.rules, source, building)
    where = site_id(state.rules, source, site)
    answer = rule_placement(state, permit, where)
    data = {
        "building": permit,
        "site": where,
        "legal": answer.legal,
        "reasons": [{"code": str(r.code), "message": r.message} for r in answer.reasons],
    }
    return Answer("place_view", (state.rules, answer), data)


def score(state: DGState) -> Answer:
    """Each player's influence on the board, what they still lack, and the winner."""
    from adjudicator.dry_gulch.score import score as count_score

    result = count_score(state)
    return Answer("score_view", (result,), result.to_json())


def new(path: Path, players: str, seed: int, residences: list[str]) -> Answer:
    """A new table (residences placed, stacks shuffled, 5 resources and 3 permits), the
    state to write in `after`; `residences` as typed, `NAME=SITE` each."""
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.setup import new_table

    names = list(players_of(players))  # as written: `Jürgen, Anna Lena`
    homes = {}
    for pair in residences:
        name, eq, site = pair.partition("=")
        if not eq:
            raise InputError("--residence", pair, "write NAME=SITE")
        where = site_id(load_rules(), path, site, f"--residence {name.strip()}")
        homes[seated(name, names)] = where
    with players_option("--players"):
        state = new_table(names, seed, homes)
    data = {"ok": True, "state": state_data(state)}
    return Answer("score_view", (count_score(state),), data, after=state)
