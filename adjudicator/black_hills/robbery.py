"""Gunmen and robberies: contracting a gunman from the jail (the Outlaw, Jailbreak) and
carrying out a robbery with the aiming die (one a turn, not on a protected player).

Who is robbed of what: the named players in turn, one resource each, until the die is
spent; from each the resource named for them (`bob:gold`) while they hold it, else the
most valuable one they hold. "the attacker could decide to take the resources from just one
player or two players": one or two players are named (a name written twice, `bob:gold
bob:fur`, is one player), never three.
"""

from __future__ import annotations

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.draft import PlayerDraft
from adjudicator.black_hills.errors import IllegalTurnError
from adjudicator.black_hills.moves import Rob
from adjudicator.black_hills.turn import Turn

__all__ = ["hire_gunman", "rob"]


def hire_gunman(turn: Turn, why: str) -> None:
    """A gunman leaves the jail for the player, if one is left there."""
    s = turn.state
    if s.jail == 0:
        turn.log.append(f"{why}: no gunman left in the jail")
        return
    s.jail -= 1
    turn.me.gunmen += 1
    turn.log.append(f"{why}: a gunman leaves the jail for {turn.me.name}")


def rob(turn: Turn, move: Rob) -> None:
    """A robbery (`notation.parse_rob`): the die is rolled from the seed when not given."""
    s, rules, me = turn.state, turn.rules, turn.me
    if turn.robbed:
        raise IllegalTurnError(Code.ONE_ROBBERY, "one robbery a turn")
    if me.gunmen == 0:
        raise IllegalTurnError(Code.GUNMAN, "a robbery needs a gunman (the Outlaw or a Jailbreak)")
    die = move.die
    if die is None:
        die = turn.rng.choice(rules.die)
        turn.dealt.append(f"die {die}")
    if die not in rules.die:
        raise IllegalTurnError(Code.AIMING_DIE, f"the aiming die shows {sorted(set(rules.die))}")
    named = list(dict.fromkeys(name for name, _ in move.targets))
    if len(named) > 2:
        raise IllegalTurnError(
            Code.TWO_VICTIMS,
            f"a robbery takes from just one player or two players, not {len(named)} "
            f"({', '.join(named)})",
        )
    turn.robbed = True
    me.gunmen -= 1
    s.jail += 1
    turn.log.append(f"the aiming die shows {die}")
    victims: list[tuple[PlayerDraft, str | None]] = []
    for name, wanted in move.targets:
        victim = turn.other(name, Code.ROBBERY)
        if victim.name in s.protected:
            raise IllegalTurnError(Code.PROTECTION, f"{victim.name} is protected this round")
        victims.append((victim, wanted))
    by_value = sorted(RESOURCES, key=lambda r: -rules.value[r])
    while die > 0 and any(v.resources for v, _ in victims):
        for victim, wanted in victims:
            if die == 0 or victim.resources == 0:
                continue
            r = next(x for x in ([wanted] if wanted else []) + by_value if getattr(victim, x) > 0)
            setattr(victim, r, getattr(victim, r) - 1)
            setattr(me, r, getattr(me, r) + 1)
            die -= 1
            turn.log.append(f"robs 1 {r} from {victim.name}")
    turn.log.append("the gunman goes back to the jail")
