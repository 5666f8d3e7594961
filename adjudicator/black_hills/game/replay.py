"""Replaying a Black Hills record: every turn re-refereed from the set-up the header
describes, in order. A round's set-up discards are lines of their own (`ann: keep A B`)
before its first turn. A refused turn is reported with its rule and skipped (the table goes
on as if it had not been played); a reputation the table wrote down (`{N}`) that differs
from the referee's is reported too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.game.record import BHHeader, BHMove, BHRecord
from adjudicator.black_hills.notation import parse_turn
from adjudicator.black_hills.referee import is_setup, referee_text, refereed
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import BHState, state_data
from adjudicator.black_hills.verdict import Verdict

__all__ = ["BHReplay", "MoveOutcome", "decisive_cards", "early_keeps", "replay", "start"]


def start(header: BHHeader) -> BHState:
    """The table before the first turn (`black_hills/setup.py`, from the header's seed)."""
    table = new_table(list(header.players), header.seed, header.sheriff, header.options)
    return table if header.seeded else replace(table, seeded=False)


def decisive_cards(text: str, rules: Rules) -> tuple[str | None, list[str]]:
    """The character a turn plays (the card drawn or copied, for the Shaman: the Shaman)
    and the events it activates."""
    _, actions = parse_turn(text)
    character = next((a[0] for a in actions if a and a[0] in rules.characters), None)
    events = [a[1] for a in actions if len(a) > 1 and a[0] == "event"]
    return character, events


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    move: BHMove
    verdict: Verdict
    reputation: int | None  # the player's after a legal turn

    @property
    def claim_wrong(self) -> bool:
        return (
            self.verdict.legal
            and self.move.claimed is not None
            and self.move.claimed != self.reputation
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.move.line,
            "turn": self.move.text,
            "legal": self.verdict.legal,
            "reasons": [r.to_json() for r in self.verdict.reasons],
            "reputation": self.reputation,
            "claimed": self.move.claimed,
            "claim_wrong": self.claim_wrong,
        }


@dataclass(frozen=True, slots=True)
class BHReplay:
    header: BHHeader
    outcomes: tuple[MoveOutcome, ...]
    state: BHState  # after the last legal turn
    decisive: tuple[str | None, tuple[str, ...]] | None  # the winning turn's cards

    @property
    def clean(self) -> bool:
        return all(o.verdict.legal and not o.claim_wrong for o in self.outcomes)

    def to_json(self) -> dict[str, Any]:
        s = self.state
        return {
            "moves": len(self.outcomes),
            "clean": self.clean,
            "wrong": [o.to_json() for o in self.outcomes if not o.verdict.legal or o.claim_wrong],
            "reputation": {p.name: p.reputation for p in s.players},
            "round": s.round,
            "winner": s.winner,
            "decisive": (
                {"character": self.decisive[0], "events": list(self.decisive[1])}
                if self.decisive
                else None
            ),
            "active": None if s.winner else s.active,
            "state": state_data(s),
        }


def early_keeps(state: BHState, moves: tuple[BHMove, ...]) -> tuple[BHState, frozenset[str]]:
    """A record of an older version wrote each player's set-up discard in their first turn
    of the round (`ann: keep A B; miner`). Read so, the discards were made at the set-up:
    when the next turn (`moves[0]`) is written that way, each waiting player's first `keep`
    from there on is applied now, before it. Returns the state and the players whose keep
    the record never writes (it ends first): they do not hold the turns up."""
    if not (must_keep(state) and moves and _old_style(moves[0].text)):
        return state, frozenset()
    unwritten = set()
    for name in must_keep(state):
        for mv in moves:
            if mv.player != name:
                continue
            _, actions = parse_turn(mv.text)
            kept = next((a for a in actions if a[:1] == ["keep"]), None)
            if kept is not None and not is_setup(actions):
                v = refereed(state, name, [kept])[0]
                if v.legal and v.state is not None:
                    state = v.state
                    break
            if kept is not None:
                unwritten.add(name)  # a set-up line of its own: applied in its place
                break
        else:
            unwritten.add(name)
    return state, frozenset(unwritten)


def _old_style(text: str) -> bool:
    """A turn that keeps and plays on the same line (records of older versions)."""
    _, actions = parse_turn(text)
    return not is_setup(actions) and any(a[:1] == ["keep"] for a in actions)


def replay(record: BHRecord, upto: int | None = None) -> BHReplay:
    """Re-referee the record's turns (the first `upto` of them, if given)."""
    state = start(record.header)
    outcomes = []
    decisive = None
    moves = record.moves[:upto]
    for i, mv in enumerate(moves):
        state, unwritten = early_keeps(state, moves[i:])
        # Only a record's own line keeps and plays at once (an older version's): a new move
        # doing so is refused (BH-KEEP), the record's is read as it was meant.
        v = referee_text(state, mv.text, unwritten, older=_old_style(mv.text))
        rep = None
        if v.legal and v.state is not None:
            won = state.winner is None and v.state.winner is not None
            state = v.state
            rep = state.player(mv.player).reputation
            if won:
                character, events = decisive_cards(mv.text, state.rules)
                decisive = (character, tuple(events))
        outcomes.append(MoveOutcome(mv, v, rep))
    return BHReplay(record.header, tuple(outcomes), state, decisive)
