"""The Black Hills turn referee: is a turn legal, and what state does it leave.

A turn is written as its actions in order, separated by `;`::

    ann: keep miner merchant          # a new round: keep two of the four dealt
    ann: miner                        # place a character (mandatory, once a turn)
    ann: indian-chief logs            # choose what it gathers
    ann: merchant fur>logs; invest    # the Merchant's trade, then invest the most
    ann: sheriff; invest 1            # invest one point
    ann: gambler from bob             # the Gambler takes 1 gold from bob
    ann: madam logs from bob
    ann: colonel at mine; steal bob   # the Colonel blocks the Mine, steals an event
    ann: shaman copy miner            # cover a visible card and do what it does
    ann: shaman draw hunter           # or play one of four drawn from the discards
    ann: event stolen-gold            # activate an event (one a turn)
    ann: event stagecoach fur>gold    # ... with what it needs
    ann: event bank 2                 # the Bank: two points for 4 gold
    ann: event reinforcements bob
    ann: discard event plague         # discard one or two events (then none activated)
    ann: rob bob:gold cid die=2       # a robbery: targets (and what to take), the die

The die is rolled from the state's seed when `die=` is not given. After the turn the
next player is on; when everyone has had two turns the round ends (resources above the
limit go back, the badge passes, new characters are dealt from the seed). The game ends
at once when a player reaches the goal.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Any

from adjudicator.black_hills.data import RESOURCES, Character, Rules
from adjudicator.black_hills.invest import TRADES, Means, Payment, best_payment
from adjudicator.black_hills.state import BHPlayer, BHState

__all__ = ["TurnError", "Verdict", "means_for", "referee", "referee_text"]


class TurnError(Exception):
    """An action the rules do not allow (the turn is refused)."""


def _number(word: str, what: str) -> int:
    """A whole number the user wrote (ASCII digits only: '²' is not a number here)."""
    if not (word.isascii() and word.isdecimal()):
        raise TurnError(f"{what}: {word!r} is not a whole number")
    return int(word)


@dataclass
class Verdict:
    legal: bool
    player: str
    reasons: list[str]
    log: list[str] = field(default_factory=list)
    state: BHState | None = None
    reputation_gained: int = 0
    payments: list[Payment] = field(default_factory=list)

    def to_json(self, state_json: dict[str, Any] | None) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "player": self.player,
            "reasons": list(self.reasons),
            "log": list(self.log),
            "reputation_gained": self.reputation_gained,
            "payments": [p.to_json() for p in self.payments],
            "state": state_json,
        }


# ----- parsing --------------------------------------------------------------------------

_HEAD = re.compile(r"^\s*(?P<player>[a-z0-9][a-z0-9_-]*)\s*:\s*(?P<body>.+)$", re.I)


def parse_turn(text: str) -> tuple[str, list[list[str]]]:
    m = _HEAD.match(text)
    if not m:
        raise TurnError(f"write a turn as 'NAME: ACTION; ACTION', not {text!r}")
    actions = [part.split() for part in m["body"].lower().split(";") if part.strip()]
    return m["player"].lower(), actions


# ----- the referee ---------------------------------------------------------------------


@dataclass
class _Turn:
    """What has happened in the turn so far."""

    placed: Character | None = None
    area: str | None = None
    blocked: bool = False  # the Colonel voided the placed card
    investor: str | None = None  # "settler" | "sheriff" once the card may invest
    colonel_steal: bool = False  # a Colonel placed this turn may still steal an event
    sheriff_used: bool = False
    trade_used: bool = False
    event: str | None = None
    discarded: bool = False
    robbed: bool = False
    start_reputation: int = 0
    payments: list[Payment] = field(default_factory=list)


class _Referee:
    def __init__(self, state: BHState, player: str, rules: Rules) -> None:
        self.s = state
        self.rules = rules
        self.me = state.player(player)
        self.t = _Turn(start_reputation=self.me.reputation)
        self.log: list[str] = []
        self.rng = random.Random(
            (state.seed or 0) * 7919 + state.round * 31 + sum(state.turns.values())
        )

    # helpers ---------------------------------------------------------------------------

    def other(self, name: str) -> BHPlayer:
        if name == self.me.name:
            raise TurnError("choose another player")
        try:
            return self.s.player(name)
        except KeyError:
            raise TurnError(f"there is no player {name!r}") from None

    def take(self, resource: str, n: int, why: str) -> int:
        got = min(n, self.s.supply[resource])
        self.s.supply[resource] -= got
        setattr(self.me, resource, getattr(self.me, resource) + got)
        self.log.append(f"{why}: +{got} {resource}" + (" (the supply ran out)" if got < n else ""))
        return got

    def shut(self, resource: str) -> bool:
        """Mine collapse, Bison migration, Storm: shut to everyone but who played it."""
        who = self.s.closed.get(resource)
        return who is not None and who != self.me.name

    def gain_reputation(self, n: int, why: str) -> None:
        before = self.me.reputation
        self.me.reputation = min(self.rules.goal, self.me.reputation + n)
        self.log.append(f"{why}: reputation {before} -> {self.me.reputation}")
        if self.me.reputation >= self.rules.goal and self.s.winner is None:
            self.s.winner = self.me.name
            self.log.append(f"{self.me.name} reaches {self.rules.goal}: the game ends")

    # actions -----------------------------------------------------------------------------

    def do(self, words: list[str]) -> None:
        if self.s.winner is not None:
            raise TurnError("the game is over")
        head, args = words[0], words[1:]
        if head == "keep":
            return self.keep(args)
        hand = self.me.characters
        if len(hand) > self.rules.characters_kept:
            raise TurnError(
                f"first keep {self.rules.characters_kept} of your "
                f"{len(hand)} characters ('keep A B')"
            )
        if head == "invest":
            return self.invest(args)
        if head == "event":
            return self.event(args)
        if head == "discard":
            return self.discard(args)
        if head == "rob":
            return self.rob(args)
        if head == "steal":
            if not self.t.colonel_steal:
                raise TurnError("only a Colonel placed this turn steals an event card")
            if not args:
                raise TurnError("steal from whom? 'steal NAME'")
            self.t.colonel_steal = False
            return self.steal_event(args[0], args[1] if len(args) > 1 else None)
        if head in self.rules.characters:
            return self.place(head, args)
        raise TurnError(f"unknown action {head!r}")

    def keep(self, args: list[str]) -> None:
        need = self.rules.characters_kept
        hand = self.me.characters
        if len(hand) <= need:
            raise TurnError("you already hold only the characters you keep")
        if len(args) != need or len(set(args)) != need or any(a not in hand for a in args):
            raise TurnError(f"keep {need} of your characters: {', '.join(hand)}")
        gone = [c for c in hand if c not in args]
        self.me.characters = list(args)
        self.s.discarded.extend(gone)
        self.log.append(f"keeps {' and '.join(args)}; discards {' and '.join(gone)}")

    def place(self, cid: str, args: list[str], from_shaman: bool = False) -> None:
        if self.t.placed is not None and not from_shaman:
            raise TurnError("one character a turn")
        if not from_shaman and cid not in self.me.characters:
            raise TurnError(f"the {self.rules.characters[cid].name} is not in your hand")
        card = self.rules.characters[cid]
        if not from_shaman:
            self.me.characters.remove(cid)
        if card.shaman:
            return self.shaman(args)
        area, rest = self.where(card, args)
        self.t.placed, self.t.area = card, area
        if not from_shaman:
            self.s.placed.append((self.me.name, cid, area))
        if self.blocked(card, area):
            return None
        self.log.append(f"places the {card.name} in the {self.rules.area_names[area]}")
        self.skills(card, area, rest)
        return None

    def blocked(self, card: Character, area: str) -> bool:
        """A Colonel waiting in the area voids the card (not for a player with Safeguard,
        whose card leaves the block waiting for the next)."""
        block = next((c for c in self.s.colonel if c[0] == area and c[1] != self.me.name), None)
        if block is None or self.me.name in self.s.safeguard:
            return False
        self.s.colonel.remove(block)
        self.t.blocked = True
        self.log.append(
            f"the {card.name} is placed in the {self.rules.area_names[area]}, but "
            f"{block[1]}'s Colonel blocks it: it does nothing"
        )
        return True

    def where(self, card: Character, args: list[str]) -> tuple[str, list[str]]:
        """The area the card goes to, from its gather choice or `at AREA`."""
        rest = list(args)
        if "at" in rest:
            i = rest.index("at")
            if i + 1 >= len(rest) or rest[i + 1] not in self.rules.areas:
                raise TurnError(f"at which area? ({', '.join(self.rules.areas)})")
            area = rest[i + 1]
            del rest[i : i + 2]
            if card.area != "any" and not any(g[0] == area for g in card.gather):
                raise TurnError(
                    f"the {card.name} is not placed in the {self.rules.area_names[area]}"
                )
            return area, rest
        if card.gather:
            options = [g for g in card.gather if not rest or g[1] in rest]
            if len(options) != 1:
                choices = " or ".join(g[1] for g in card.gather)
                raise TurnError(f"the {card.name} takes {choices}: say which")
            if rest and options[0][1] in rest:
                rest.remove(options[0][1])
            return options[0][0], rest
        if card.area == "any":
            raise TurnError(f"say where the {card.name} goes: 'at AREA'")
        return card.area or "city", rest

    def skills(self, card: Character, area: str, args: list[str]) -> None:
        if card.gather:
            resource = self.rules.areas[area]
            assert resource is not None
            if self.shut(resource):
                self.log.append(
                    f"the {self.rules.area_names[area]} is shut to others this round: no {resource}"
                )
            else:
                earlier = sum(1 for _, _, a in self.s.placed[:-1] if a == area)
                self.take(
                    resource,
                    2 if earlier == 0 else 1,
                    f"the {card.name} gathers in the {self.rules.area_names[area]}"
                    + (" (first there)" if earlier == 0 else ""),
                )
        if card.take is not None:
            resource, n = card.take
            if resource == "fur" and self.shut("fur"):
                self.log.append("the Plain is shut to others this round: no fur")
            else:
                self.take(resource, n, f"the {card.name}")
        if card.exchange:
            trade = next((a for a in args if a in TRADES), None)
            if trade is not None:
                args.remove(trade)
                self.trade(trade)
        if card.steal:
            self.steal(card, args)
        if card.gunman:
            self.recover_gunman(f"the {card.name}")
        if card.badge:
            self.s.sheriff = self.me.name
            self.log.append("takes the sheriff badge for the next round")
        if card.block:
            self.s.colonel.append((area, self.me.name))
            self.log.append(f"the Colonel waits in the {self.rules.area_names[area]}")
        if card.steal_event:
            self.t.colonel_steal = True
        if card.steal_event and "steal" in args:
            self.t.colonel_steal = False
            i = args.index("steal")
            if i + 1 >= len(args):
                raise TurnError("steal from whom?")
            self.steal_event(args[i + 1], args[i + 2] if i + 2 < len(args) else None)
            del args[i : i + 3]
        if card.invest is not None:
            self.t.investor = card.invest
        leftover = [a for a in args if not (card.steal and (a == "from" or a in self.s.names()))]
        if leftover:
            raise TurnError(f"the {card.name} does not understand {' '.join(leftover)!r}")

    def trade(self, trade: str) -> None:
        if self.t.trade_used:
            raise TurnError("the Merchant trades once")
        give, get = TRADES[trade]
        for r, n in give.items():
            if getattr(self.me, r) < n:
                raise TurnError(f"the trade {trade} needs {n} {r}")
        for r, n in get.items():
            if self.s.supply[r] < n:
                raise TurnError(f"the supply has no {n} {r} for the trade {trade}")
        for r, n in give.items():  # what is given goes back to the supply ...
            setattr(self.me, r, getattr(self.me, r) - n)
            self.s.supply[r] += n
        for r, n in get.items():  # ... and what is got comes from it
            setattr(self.me, r, getattr(self.me, r) + n)
            self.s.supply[r] -= n
        self.t.trade_used = True
        gave = " and ".join(f"{n} {r}" for r, n in give.items())
        got = " and ".join(f"{n} {r}" for r, n in get.items())
        self.log.append(f"the Merchant trades {gave} for {got}")

    def steal(self, card: Character, args: list[str]) -> None:
        if "from" not in args or args.index("from") + 1 >= len(args):
            raise TurnError(f"the {card.name} takes from whom? ('from NAME')")
        victim = self.other(args[args.index("from") + 1])
        resources = [r for r in card.steal if r in args] or list(card.steal)
        if len(resources) != 1:
            raise TurnError(f"the {card.name} takes {' or '.join(card.steal)}: say which")
        r = resources[0]
        if r in args:
            args.remove(r)
        if getattr(victim, r) == 0:
            self.log.append(f"{victim.name} has no {r} to take")
            return
        setattr(victim, r, getattr(victim, r) - 1)
        setattr(self.me, r, getattr(self.me, r) + 1)
        self.log.append(f"the {card.name} takes 1 {r} from {victim.name}")

    def steal_event(self, name: str, event: str | None) -> None:
        victim = self.other(name)
        if victim.name in self.s.safeguard:
            raise TurnError(f"{victim.name}'s Safeguard keeps the Colonel off")
        if len(self.me.events) >= self.rules.event_hand_limit:
            raise TurnError("the Colonel steals no event for a player holding two")
        if not victim.events:
            self.log.append(f"{victim.name} has no event card to steal")
            return
        if event is not None and event not in victim.events:
            raise TurnError(f"{victim.name} does not hold {event!r}")
        chosen = event or self.rng.choice(sorted(victim.events))
        victim.events.remove(chosen)
        self.me.events.append(chosen)
        self.log.append(f"the Colonel steals an event card from {victim.name}")

    def recover_gunman(self, why: str) -> None:
        if self.s.jail == 0:
            self.log.append(f"{why}: no gunman left in the jail")
            return
        self.s.jail -= 1
        self.me.gunmen += 1
        self.log.append(f"{why}: a gunman leaves the jail for {self.me.name}")

    def shaman(self, args: list[str]) -> None:
        if len(args) < 2 or args[0] not in ("copy", "draw"):
            raise TurnError(
                "the Shaman copies a visible card ('shaman copy CHARACTER') or "
                "plays one drawn from the discards ('shaman draw CHARACTER')"
            )
        mode, target = args[0], args[1]
        if target not in self.rules.characters or self.rules.characters[target].shaman:
            raise TurnError(f"the Shaman cannot play {target!r}")
        if mode == "copy":
            visible = self.visible()
            if target not in visible:
                raise TurnError(
                    "the Shaman copies a card on top of an area: "
                    + (", ".join(visible) or "there is none yet")
                )
            area = visible[target]
            self.s.placed.append((self.me.name, "shaman", area))
            self.log.append(f"the Shaman covers the {self.rules.characters[target].name}")
            card = self.rules.characters[target]
            self.t.placed, self.t.area = card, area
            if self.blocked(card, area):
                return
            words = [a for a in args[2:] if a != "at" and not (card.gather and a in RESOURCES)]
            self.skills(card, area, words)
        else:
            pool = sorted(self.s.discarded)
            dealt = sorted(self.rng.sample(pool, min(4, len(pool))))
            self.log.append("the Shaman draws " + ", ".join(dealt))
            if target not in dealt:
                raise TurnError(
                    f"the {self.rules.characters[target].name} is not among the four drawn: "
                    + ", ".join(dealt)
                )
            self.s.discarded.remove(target)
            self.log.append(f"the Shaman draws the {self.rules.characters[target].name}")
            self.s.placed.append((self.me.name, "shaman", "city"))
            self.place(target, args[2:], from_shaman=True)
            area = self.t.area or "city"
            self.s.placed[-1] = (self.me.name, "shaman", area)

    def visible(self) -> dict[str, str]:
        """The card on top of each area: character -> area."""
        top: dict[str, str] = {}
        for _, char, area in self.s.placed:
            top[area] = char
        return {char: area for area, char in top.items() if char != "shaman"}

    def invest(self, args: list[str]) -> None:
        if self.t.placed is None:
            raise TurnError("place a Settler or the Sheriff first: only they invest")
        if self.t.blocked or self.t.investor is None:
            raise TurnError(f"the {self.t.placed.name} cannot invest")
        if self.s.plague is not None and self.s.plague != self.me.name:
            raise TurnError(f"{self.s.plague}'s Plague: no character invests this round")
        if self.t.investor == "sheriff" and self.t.sheriff_used:
            raise TurnError("the Sheriff invests once a turn")
        want = _number(args[0], "invest") if args else None
        means = Means(
            settler=self.t.investor == "settler",
            sheriff=self.t.investor == "sheriff",
            cap=self.rules.goal - self.me.reputation,
        )
        self.pay(means, want, "invests in the City")
        if self.t.investor == "sheriff":
            self.t.sheriff_used = True

    def pay(self, means: Means, want: int | None, why: str) -> None:
        best = best_payment(self.me.holding(), means, self.rules.value)
        if want is not None:
            if want > best.points:
                raise TurnError(f"{self.me.name} can buy at most {best.points} point(s) that way")
            means = Means(means.settler, means.sheriff, means.bank, False, want)
            best = best_payment(self.me.holding(), means, self.rules.value)
        if best.points == 0:
            raise TurnError("nothing to invest: not enough resources")
        for r, n in best.paid().items():
            setattr(self.me, r, getattr(self.me, r) - n)
            self.s.supply[r] += n
        self.t.payments.append(best)
        paid = ", ".join(f"{n} {r}" for r, n in best.paid().items() if n)
        self.gain_reputation(best.points, f"{why} ({paid})")

    def event(self, args: list[str]) -> None:
        if not args or args[0] not in self.rules.events:
            raise TurnError(f"which event? ({', '.join(self.me.events) or 'none in hand'})")
        eid, rest = args[0], args[1:]
        if eid not in self.me.events:
            raise TurnError(f"{eid!r} is not in your hand")
        if self.t.event is not None:
            raise TurnError("one event a turn")
        if self.t.discarded:
            raise TurnError("no event after discarding events in the same turn")
        ev = self.rules.events[eid]
        if self.me.gold < ev.cost:
            raise TurnError(f"the {ev.name} costs {ev.cost} gold")
        self.me.gold -= ev.cost
        self.s.supply["gold"] += ev.cost
        self.me.events.remove(eid)
        self.t.event = eid
        self.log.append(f"activates {ev.name}" + (f" for {ev.cost} gold" if ev.cost else ""))
        getattr(self, "ev_" + eid.replace("-", "_"))(rest)

    # the events, one method each -----------------------------------------------------------

    def ev_protection(self, rest: list[str]) -> None:
        self.s.protected.append(self.me.name)

    def ev_passionate_speech(self, rest: list[str]) -> None:
        self.gain_reputation(1, "Passionate Speech")

    def ev_fire_in_the_city(self, rest: list[str]) -> None:
        for p in self.s.players:
            if p.name != self.me.name and p.reputation > 0:
                p.reputation -= 1
        self.log.append("every other player loses a reputation point")

    def ev_stagecoach(self, rest: list[str]) -> None:
        swap = rest[0] if rest else ""
        give, _, get = swap.partition(">")
        if give not in RESOURCES or get not in RESOURCES or give == get:
            raise TurnError("the Stagecoach swaps one resource: 'event stagecoach fur>gold'")
        if getattr(self.me, give) == 0:
            raise TurnError(f"no {give} to swap")
        if self.s.supply[get] == 0:
            raise TurnError(f"the supply has no {get} left")
        setattr(self.me, give, getattr(self.me, give) - 1)
        self.s.supply[give] += 1
        self.take(get, 1, "the Stagecoach")

    def ev_tax_collection(self, rest: list[str]) -> None:
        for p in self.s.players:
            if p.name == self.me.name or p.resources == 0:
                continue
            # Each pays the resource of their choice: here, the least valuable they hold.
            r = min((r for r in RESOURCES if getattr(p, r)), key=lambda r: self.rules.value[r])
            setattr(p, r, getattr(p, r) - 1)
            self.s.supply[r] += 1
            self.log.append(f"{p.name} returns 1 {r}")

    def ev_bank(self, rest: list[str]) -> None:
        want = _number(rest[0], "the Bank") if rest else None
        self.pay(Means(bank=True, cap=self.rules.goal - self.me.reputation), want, "the Bank")

    def _shut(self, resource: str, why: str) -> None:
        self.take(resource, 1, why)
        self.s.closed[resource] = self.me.name

    def ev_mine_collapse(self, rest: list[str]) -> None:
        self._shut("gold", "Mine Collapse")

    def ev_bison_migration(self, rest: list[str]) -> None:
        self._shut("fur", "Bison Migration")

    def ev_storm(self, rest: list[str]) -> None:
        self._shut("logs", "Storm")

    def ev_plague(self, rest: list[str]) -> None:
        self.s.plague = self.me.name

    def ev_deputy_sheriff(self, rest: list[str]) -> None:
        self.s.sheriff = self.me.name

    def ev_stolen_gold(self, rest: list[str]) -> None:
        self.take("gold", 2, "Stolen Gold")

    def ev_bearskins(self, rest: list[str]) -> None:
        self.take("fur", 3, "Bearskins")

    def ev_the_sawmill(self, rest: list[str]) -> None:
        self.take("logs", 4, "The Sawmill")

    def ev_safeguard(self, rest: list[str]) -> None:
        self.s.safeguard.append(self.me.name)

    def ev_jailbreak(self, rest: list[str]) -> None:
        self.recover_gunman("Jailbreak")

    def ev_reinforcements(self, rest: list[str]) -> None:
        if not rest:
            raise TurnError("send whose gunman to the jail? 'event reinforcements NAME'")
        victim = self.other(rest[0])
        if victim.gunmen == 0:
            raise TurnError(f"{victim.name} has no gunman")
        victim.gunmen -= 1
        self.s.jail += 1
        self.log.append(f"{victim.name}'s gunman goes back to the jail")

    def discard(self, args: list[str]) -> None:
        names = [a for a in args if a != "event" and a != "events"]
        held = list(self.me.events)
        ok = 1 <= len(names) <= 2
        for n in names:
            ok = ok and n in held
            if n in held:
                held.remove(n)
        if not ok:
            raise TurnError(f"discard one or two of your events: {', '.join(self.me.events)}")
        if self.t.event is not None:
            raise TurnError("an event was activated this turn; none may be discarded after it")
        for n in names:
            self.me.events.remove(n)
        self.t.discarded = True
        self.log.append(f"discards {' and '.join(names)}")

    def rob(self, args: list[str]) -> None:
        if self.t.robbed:
            raise TurnError("one robbery a turn")
        if self.me.gunmen == 0:
            raise TurnError("a robbery needs a gunman (the Outlaw or a Jailbreak)")
        given = [a[4:] for a in args if a.startswith("die=")]
        die = _number(given[0], "die") if given else self.rng.choice(self.rules.die)
        if die not in self.rules.die:
            raise TurnError(f"the aiming die shows {sorted(set(self.rules.die))}")
        targets = [a for a in args if not a.startswith("die=")]
        if not targets:
            raise TurnError("rob whom? 'rob NAME[:resource]'")
        self.t.robbed = True
        self.me.gunmen -= 1
        self.s.jail += 1
        self.log.append(f"the aiming die shows {die}")
        victims = []
        for spec in targets:
            name, _, wanted = spec.partition(":")
            if wanted and wanted not in RESOURCES:
                raise TurnError(f"{wanted!r} is not a resource ({', '.join(RESOURCES)})")
            victim = self.other(name)
            if victim.name in self.s.protected:
                raise TurnError(f"{victim.name} is protected this round")
            victims.append((victim, wanted))
        by_value = sorted(RESOURCES, key=lambda r: -self.rules.value[r])
        # The named players in turn, one resource each, until the die is spent: the wanted
        # resource first, else the most valuable one they hold.
        while die > 0 and any(v.resources for v, _ in victims):
            for victim, wanted in victims:
                if die == 0 or victim.resources == 0:
                    continue
                r = next(
                    x for x in ([wanted] if wanted else []) + by_value if getattr(victim, x) > 0
                )
                setattr(victim, r, getattr(victim, r) - 1)
                setattr(self.me, r, getattr(self.me, r) + 1)
                die -= 1
                self.log.append(f"robs 1 {r} from {victim.name}")
        self.log.append("the gunman goes back to the jail")


def means_for(state: BHState, player: str, character: str | None, bank: bool) -> Means:
    """The ways a player may invest with one character from hand (and the Bank event)."""
    rules = state.rules
    card = rules.characters.get(character or "")
    plague = state.plague is not None and state.plague != player
    investor = None if card is None or plague else card.invest
    return Means(
        settler=investor == "settler",
        sheriff=investor == "sheriff",
        bank=bank,
        exchange=card is not None and card.exchange and investor == "settler",
        cap=rules.goal - state.player(player).reputation,
    )


def _end_round(s: BHState, rules: Rules, log: list[str]) -> None:
    """Resources above the limit go back; characters are gathered and dealt again; each
    player holding fewer than two events gets one from the event deck; the badge holder
    starts."""
    for p in s.players:
        while p.resources > rules.resource_limit:
            r = min((r for r in RESOURCES if getattr(p, r)), key=lambda r: rules.value[r])
            setattr(p, r, getattr(p, r) - 1)
            s.supply[r] += 1
    everything = list(rules.characters)
    rng = random.Random((s.seed or 0) * 104729 + s.round)
    rng.shuffle(everything)
    for p in s.players:
        p.characters = [everything.pop() for _ in range(rules.characters_dealt)]
    s.discarded = everything
    for p in s.players:  # one event a round, for a player holding fewer than two
        if len(p.events) < rules.event_hand_limit and s.event_deck:
            p.events.append(s.event_deck.pop(0))
    s.round += 1
    s.placed, s.closed, s.plague = [], {}, None
    s.protected, s.safeguard, s.colonel, s.turns = [], [], [], {}
    s.active = s.sheriff
    log.append(
        f"round {s.round} begins: {s.sheriff} holds the badge and starts; resources "
        f"above {rules.resource_limit} went back; four characters dealt to each"
    )


def referee(state: BHState, player: str, actions: list[list[str]]) -> Verdict:
    """Referee one turn. An illegal turn leaves the state as it was."""
    rules = state.rules
    s = copy.deepcopy(state)
    if player not in s.names():
        return Verdict(False, player, [f"there is no player {player!r}"])
    if s.winner is not None:
        return Verdict(False, player, [f"the game is over: {s.winner} won"])
    if player != s.active:
        return Verdict(False, player, [f"it is {s.active}'s turn"])
    ref = _Referee(s, player, rules)
    try:
        for words in actions:
            ref.do(words)
            if s.winner is not None:
                break
        if ref.t.placed is None and s.winner is None:
            raise TurnError("a turn places a character card (mandatory)")
    except TurnError as exc:
        return Verdict(False, player, [str(exc)], ref.log)
    gained = ref.me.reputation - ref.t.start_reputation
    s.turns[player] = s.turns.get(player, 0) + 1
    if s.winner is None:
        order = s.names()
        start = order.index(player)
        nxt = next(
            (
                order[(start + k) % len(order)]
                for k in range(1, len(order) + 1)
                if s.turns.get(order[(start + k) % len(order)], 0) < 2
            ),
            None,
        )
        if nxt is None:
            _end_round(s, rules, ref.log)
        else:
            s.active = nxt
    return Verdict(True, player, [], ref.log, s, gained, list(ref.t.payments))


def referee_text(state: BHState, text: str) -> Verdict:
    try:
        player, actions = parse_turn(text)
    except TurnError as exc:
        return Verdict(False, "", [str(exc)])
    return referee(state, player, actions)
