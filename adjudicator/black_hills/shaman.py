"""The Shaman: cover a card on top of an area and do what it does there (`shaman copy
miner`), or play one of four characters drawn from the discards (`shaman draw hunter`; the
four are dealt from the state's seed unless the table says which: `dealt=a,b,c,d`).

"The discarded character cards are shuffled, four cards are dealt and the player can choose
one of them": the card is chosen once the four are seen. `shaman draw` without a card deals
them and is refused naming them (the record is unchanged); the same turn written again with
one of them gets the same four, as the deal depends on the table alone (the seed, the round,
the turns played, the discards), not on what else the turn does."""

from __future__ import annotations

import random

from adjudicator.black_hills.characters import place, stopped, use_skills
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError
from adjudicator.black_hills.notation import did_you_mean
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.turn import Turn

__all__ = ["deal", "play_shaman", "visible"]


def deal(state: BHState) -> list[str]:
    """The four the Shaman is dealt from the discards (fewer if fewer are left), from the
    seed: the same for a table however the turn is written."""
    pool = sorted(state.discarded)
    turns = sum(state.turns.values())
    rng = random.Random(f"shaman {state.seed or 0} {state.round} {turns} {','.join(pool)}")
    return sorted(rng.sample(pool, min(4, len(pool))))


def play_shaman(turn: Turn, args: list[str]) -> None:
    """`shaman copy CHARACTER ...` or `shaman draw CHARACTER ...`, with that card's choices."""
    s, rules = turn.state, turn.rules
    if not args or args[0] not in ("copy", "draw") or (args[0] == "copy" and len(args) < 2):
        raise InvalidTurnError(
            "the Shaman copies a visible card ('shaman copy CHARACTER') or "
            "plays one drawn from the discards ('shaman draw CHARACTER')"
        )
    if args[0] == "draw" and (len(args) < 2 or args[1].startswith("dealt=")):
        _draw_unnamed(turn, args[1:])
    mode, target = args[0], args[1]
    if target not in rules.characters:
        raise InvalidTurnError(
            f"the Shaman cannot play {target!r}: no such character"
            + did_you_mean(target, rules.characters)
        )
    if rules.characters[target].shaman:
        raise IllegalTurnError(Code.SHAMAN, f"the Shaman cannot play {target!r}")
    card = rules.characters[target]
    if mode == "copy":
        on_top = visible(s)
        if target not in on_top:
            raise IllegalTurnError(
                Code.SHAMAN,
                "the Shaman copies a card on top of an area: "
                + (", ".join(on_top) or "there is none yet"),
            )
        area = on_top[target]
        s.placed.append((turn.me.name, "shaman", area))
        turn.log.append(f"the Shaman covers the {card.name}")
        turn.placed, turn.area = card, area
        words = [a for a in args[2:] if a != "at" and not (card.gather and a in RESOURCES)]
        if stopped(turn, card, area, words):
            return
        use_skills(turn, card, area, words)
    else:
        dealt = _dealt(s, args[2:])
        args = [a for a in args if not a.startswith("dealt=")]
        turn.log.append("the Shaman is dealt " + ", ".join(dealt))
        if target not in dealt:
            raise IllegalTurnError(
                Code.SHAMAN,
                f"the {card.name} is not among the four drawn: " + ", ".join(dealt),
            )
        s.discarded.remove(target)
        turn.log.append(f"the Shaman draws the {card.name}")
        s.placed.append((turn.me.name, "shaman", "city"))
        place(turn, card, args[2:], on_board=False)
        s.placed[-1] = (turn.me.name, "shaman", turn.area or "city")


def _dealt(s: BHState, words: list[str]) -> list[str]:
    """The four dealt: the table's (`dealt=a,b,c,d`, as a die roll is `die=N`), else `deal`."""
    pool = sorted(s.discarded)
    size = min(4, len(pool))
    told = [a[6:] for a in words if a.startswith("dealt=")]
    if not told:
        return deal(s)
    dealt = sorted(told[-1].split(","))
    if len(set(dealt)) != size or any(dealt.count(c) > pool.count(c) for c in dealt):
        raise IllegalTurnError(
            Code.SHAMAN, f"the Shaman is dealt {size} different discards of: " + ", ".join(pool)
        )
    return dealt


def _draw_unnamed(turn: Turn, words: list[str]) -> None:
    """`shaman draw` naming no card: deal the four and refuse, naming them."""
    dealt = _dealt(turn.state, words)
    if not dealt:
        raise IllegalTurnError(Code.SHAMAN, "there are no discarded characters to draw")
    playable = [c for c in dealt if not turn.rules.characters[c].shaman]
    raise IllegalTurnError(
        Code.SHAMAN,
        f"the Shaman is dealt {', '.join(dealt)}: choose one, "
        f"'{turn.me.name}: shaman draw {(playable or dealt)[0]} ...'",
    )


def visible(state: BHState) -> dict[str, str]:
    """The card on top of each area: character -> area."""
    top: dict[str, str] = {}
    for _, char, area in state.placed:
        top[area] = char
    return {char: area for area, char in top.items() if char != "shaman"}
