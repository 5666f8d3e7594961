"""The Black Hills turn notation: a turn is its player and its actions in order, separated
by `;`::

    ann: keep miner merchant          # the round's set-up: keep two of the four dealt
                                      #   (a line of its own, every player before the
                                      #   first turn)
    ann: miner                        # place a character (mandatory, once a turn)
    ann: indian-chief logs            # choose what it gathers
    ann: merchant fur>logs; invest    # the Merchant's trade, then invest the most
    ann: sheriff; invest 1            # invest one point
    ann: preacher; invest 2 gold:1 logs:2 fur:3  # ... paying with these (unnamed: the
                                      #   payment keeping the most worth)
    ann: gambler from bob             # the Gambler takes 1 gold from bob
    ann: madam logs from bob
    ann: colonel at mine; steal bob   # the Colonel blocks the Mine, steals an event
    ann: shaman copy miner            # cover a visible card and do what it does
    ann: shaman draw hunter           # or play one of four drawn from the discards
    ann: shaman draw                  # (no card: the four are dealt and named, refused)
    ann: event stolen-gold            # activate an event (one a turn)
    ann: event stagecoach fur>gold    # ... with what it needs
    ann: event bank 2                 # the Bank: two points for 4 gold
    ann: event reinforcements bob
    ann: event tax-collection bob:logs  # what a payer returns (unnamed: the least valuable)
    ann: discard event plague         # discard one or two events (then none activated)
    ann: rob bob:gold cid die=2       # a robbery: one or two players (and what to take),
                                      #   the die
    ann: colonel at mine steal bob drew=bank  # option colonel-steal=blind: the card drawn
    ann: shaman draw miner dealt=miner,hunter,tracker,explorer  # the four the table dealt
    ann: hunter; return ann:fur bob:logs,logs  # the turn ending the round: what each
                                      #   returns above 5 (unnamed: the least valuable)

Each action is its words, lower case; the first word says which action it is (an action's
other words are read by the rule it belongs to, as they depend on the card). A turn that
does not follow the notation raises `InvalidTurnError` (`Code.NOTATION`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.errors import InvalidTurnError

__all__ = ["did_you_mean", "number", "parse_turn", "resource", "swap"]

_HEAD = re.compile(r"^\s*(?P<player>[a-z0-9][a-z0-9_-]*)\s*:\s*(?P<body>.+)$", re.I)


def parse_turn(text: str) -> tuple[str, list[list[str]]]:
    """The player and the actions, each as its words: `'Ann: miner; invest 1'` ->
    `('ann', [['miner'], ['invest', '1']])`."""
    m = _HEAD.match(text)
    if not m:
        raise InvalidTurnError(f"write a turn as 'NAME: ACTION; ACTION', not {text!r}")
    actions = [part.split() for part in m["body"].lower().split(";") if part.strip()]
    return m["player"].lower(), actions


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean 'hunter'?` for a misspelt name close to one of `known`, else ''."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def number(word: str, what: str) -> int:
    """A whole number the user wrote (ASCII digits only: '²' is not a number here)."""
    if not (word.isascii() and word.isdecimal()):
        raise InvalidTurnError(f"{what}: {word!r} is not a whole number")
    return int(word)


def resource(word: str) -> str:
    """A resource named in a robbery's target (`bob:gold`)."""
    if word not in RESOURCES:
        raise InvalidTurnError(f"{word!r} is not a resource ({', '.join(RESOURCES)})")
    return word


def swap(word: str) -> tuple[str, str] | None:
    """`give>get`, two resources (the Stagecoach's swap); None when it is not written so."""
    give, _, get = word.partition(">")
    return (give, get) if give in RESOURCES and get in RESOURCES else None
