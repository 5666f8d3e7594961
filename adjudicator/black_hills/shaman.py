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
from dataclasses import replace
from typing import NoReturn

from adjudicator.black_hills.characters import place, stopped, use_skills
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.draft import AnyState, shaman_pool
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError
from adjudicator.black_hills.moves import ShamanCopy, ShamanDraw
from adjudicator.black_hills.notation import did_you_mean
from adjudicator.black_hills.turn import Turn

__all__ = ["deal", "play_shaman", "visible"]


def deal(state: AnyState) -> list[str]:
    """The four the Shaman is dealt from this round's discards (`shaman_pool`; fewer if
    fewer are left), from the seed: the same for a table however the turn is written."""
    pool = shaman_pool(state)
    turns = sum(state.turns.values())
    rng = random.Random(f"shaman {state.seed or 0} {state.round} {turns} {','.join(pool)}")
    return sorted(rng.sample(pool, min(4, len(pool))))


def play_shaman(turn: Turn, move: ShamanCopy | ShamanDraw) -> None:
    """`shaman copy CHARACTER ...` or `shaman draw CHARACTER ...`, with that card's choices."""
    s, rules = turn.state, turn.rules
    if move.place is None:
        assert isinstance(move, ShamanDraw)
        _draw_unnamed(turn, move.dealt)
    assert move.place is not None
    target = move.place.character
    if target not in rules.characters:
        raise InvalidTurnError(
            f"the Shaman cannot play {target!r}: no such character"
            + did_you_mean(target, rules.characters)
        )
    if rules.characters[target].shaman:
        raise IllegalTurnError(Code.SHAMAN, f"the Shaman cannot play {target!r}")
    card = rules.characters[target]
    if isinstance(move, ShamanCopy):
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
        # The copy acts where the covered card lies: `at` is not read (the area named after
        # it is a word the card does not understand), nor what a gatherer gathers.
        extra = [w for w in move.place.extra if not (card.gather and w in RESOURCES)]
        copied = replace(
            move.place,
            area=None,
            resource=None if card.gather else move.place.resource,
            extra=(*([move.place.area] if move.place.area else []), *extra),
        )
        if stopped(turn, card, area, copied):
            return
        use_skills(turn, card, area, copied)
    else:
        dealt = _dealt(s, move.dealt)
        turn.log.append("the Shaman is dealt " + ", ".join(dealt))
        if target not in dealt:
            raise IllegalTurnError(
                Code.SHAMAN,
                f"the {card.name} is not among the four drawn: " + ", ".join(dealt),
            )
        # From the discards (or, with `shaman-pool=all`, the leftovers) the card came from.
        (s.discarded if target in s.discarded else s.leftover).remove(target)
        turn.log.append(f"the Shaman draws the {card.name}")
        s.placed.append((turn.me.name, "shaman", "city"))
        place(turn, card, move.place, on_board=False)
        s.placed[-1] = (turn.me.name, "shaman", turn.area or "city")


def _dealt(s: AnyState, told: tuple[str, ...]) -> list[str]:
    """The four dealt: the table's (`dealt=a,b,c,d`, as a die roll is `die=N`), else `deal`."""
    pool = shaman_pool(s)
    size = min(4, len(pool))
    if not told:
        return deal(s)
    dealt = sorted(told)
    if len(set(dealt)) != size or any(dealt.count(c) > pool.count(c) for c in dealt):
        raise IllegalTurnError(
            Code.SHAMAN,
            f"the Shaman is dealt {size} different discards of: " + (", ".join(pool) or "none"),
        )
    return dealt


def _draw_unnamed(turn: Turn, told: tuple[str, ...]) -> NoReturn:
    """`shaman draw` naming no card: deal the four and refuse, naming them."""
    dealt = _dealt(turn.state, told)
    if not dealt:
        raise IllegalTurnError(Code.SHAMAN, "there are no discarded characters to draw")
    playable = [c for c in dealt if not turn.rules.characters[c].shaman]
    raise IllegalTurnError(
        Code.SHAMAN,
        f"the Shaman is dealt {', '.join(dealt)}: choose one, "
        f"'{turn.me.name}: shaman draw {(playable or dealt)[0]} ...'",
    )


def visible(state: AnyState) -> dict[str, str]:
    """The card on top of each area: character -> area."""
    top: dict[str, str] = {}
    for _, char, area in state.placed:
        top[area] = char
    return {char: area for area, char in top.items() if char != "shaman"}
