"""The Shaman: cover a card on top of an area and do what it does there (`shaman copy
miner`), or play one of four characters drawn from the discards (`shaman draw hunter`; the
four are dealt from the state's seed unless the table says which: `dealt=a,b,c,d`)."""

from __future__ import annotations

from adjudicator.black_hills.characters import blocked, place, use_skills
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.turn import Turn

__all__ = ["play_shaman", "visible"]


def play_shaman(turn: Turn, args: list[str]) -> None:
    """`shaman copy CHARACTER ...` or `shaman draw CHARACTER ...`, with that card's choices."""
    s, rules = turn.state, turn.rules
    if len(args) < 2 or args[0] not in ("copy", "draw"):
        raise InvalidTurnError(
            "the Shaman copies a visible card ('shaman copy CHARACTER') or "
            "plays one drawn from the discards ('shaman draw CHARACTER')"
        )
    mode, target = args[0], args[1]
    if target not in rules.characters:
        raise InvalidTurnError(f"the Shaman cannot play {target!r}")
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
        if blocked(turn, card, area):
            return
        words = [a for a in args[2:] if a != "at" and not (card.gather and a in RESOURCES)]
        use_skills(turn, card, area, words)
    else:
        pool = sorted(s.discarded)
        size = min(4, len(pool))
        told = [a[6:] for a in args[2:] if a.startswith("dealt=")]
        args = [a for a in args if not a.startswith("dealt=")]
        if told:
            # The four the table dealt (`dealt=a,b,c,d`), as a die roll is `die=N`.
            dealt = sorted(told[-1].split(","))
            if len(set(dealt)) != size or any(dealt.count(c) > pool.count(c) for c in dealt):
                raise IllegalTurnError(
                    Code.SHAMAN,
                    f"the Shaman is dealt {size} different discards of: " + ", ".join(pool),
                )
        else:
            dealt = sorted(turn.rng.sample(pool, size))
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


def visible(state: BHState) -> dict[str, str]:
    """The card on top of each area: character -> area."""
    top: dict[str, str] = {}
    for _, char, area in state.placed:
        top[area] = char
    return {char: area for area, char in top.items() if char != "shaman"}
