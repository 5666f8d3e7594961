"""A Black Hills turn in progress: the state it changes, who plays it, what it has done so
far and its log, with the moves every action shares (name another player, take from the
supply, gain reputation, pay for it). The actions themselves live by topic
(`characters.py`, `shaman.py`, `events.py`, `robbery.py`, `round.py`); `referee.py` applies
them in order."""

from __future__ import annotations

import random

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES, Character
from adjudicator.black_hills.draft import Draft, PlayerDraft
from adjudicator.black_hills.errors import IllegalTurnError
from adjudicator.black_hills.invest import Means, Payment, best_payment
from adjudicator.core.words import plural

__all__ = ["Turn"]


class Turn:
    """One player's turn on a draft of the state (`draft.Draft`: the referee freezes it into
    the new state, or throws it away when the turn is refused)."""

    def __init__(
        self,
        state: Draft,
        player: str,
        unwritten: frozenset[str] = frozenset(),
        older: bool = False,
    ) -> None:
        self.state = state
        # Players whose set-up discard an older record never wrote (it ends before their
        # first turn of the round): their four cards do not hold the turn up.
        self.unwritten = unwritten
        # A turn of a record of an older version, which wrote the set-up's `keep` in the
        # player's turn: replay reads that keep as the set-up's (`game/replay.py`).
        self.older = older
        self.rules = state.rules
        self.me = state.player(player)
        self.log: list[str] = []
        # The aiming die and the Colonel's pick come from the seed (the Shaman's deal too,
        # from the table alone: `shaman.deal`): seeded as the turn starts, made when first
        # rolled (most turns roll nothing, and the best-turn search referees tens of
        # thousands of them a game).
        self._seed = (state.seed or 0) * 7919 + state.round * 31 + sum(state.turns.values())
        self._rng: random.Random | None = None
        # What has happened so far.
        self.placed: Character | None = None  # the card whose skills the turn uses
        self.area: str | None = None
        self.blocked = False  # a Colonel voided the placed card
        self.investor: str | None = None  # "settler" | "sheriff" once the card may invest
        self.colonel_steal = False  # a Colonel placed this turn may still steal an event
        self.sheriff_used = False
        self.trade_used = False
        # Placing the character and using its skills is one action: once the turn starts
        # another (an event, a discard, a robbery), the character's skills are over.
        self.skills_over = False
        self.event: str | None = None
        self.discarded = False
        self.robbed = False
        self.start_reputation = self.me.reputation
        # What `rng` dealt, in order (`Verdict.dealt`): `die 3`, `drew bank`.
        self.dealt: list[str] = []
        self.payments: list[Payment] = []
        # What each player returns at the round's end, if this turn ends it (`return`).
        self.returns: dict[str, list[str]] = {}

    def copy(self) -> Turn:
        """The turn so far, on a copy of its draft: it goes on apart from this one (the
        referee continues many turns that begin alike from one: `referee.TurnsOf`)."""
        new = Turn.__new__(Turn)
        new.__dict__.update(self.__dict__)  # the flags and choices made so far
        new.state = self.state.copy()
        new.me = new.state.player(self.me.name)
        new.log, new.dealt, new.payments = list(self.log), list(self.dealt), list(self.payments)
        new.returns = {name: list(what) for name, what in self.returns.items()}
        if self._rng is not None:  # the die rolled so far: the next roll the same
            new._rng = random.Random()
            new._rng.setstate(self._rng.getstate())
        return new

    @property
    def rng(self) -> random.Random:
        """The turn's die and the Colonel's pick, from the seed (the same draws whenever
        it is first used)."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def other(self, name: str, code: Code) -> PlayerDraft:
        """Another player, for the rule `code` that acts on one."""
        if name == self.me.name:
            raise IllegalTurnError(code, "choose another player")
        try:
            return self.state.player(name)
        except KeyError:
            raise IllegalTurnError(Code.PLAYERS, f"there is no player {name!r}") from None

    def take(self, resource: str, n: int, why: str) -> int:
        """Take up to `n` of a resource from the supply (as many as are left)."""
        got = min(n, self.state.supply[resource])
        self.state.supply[resource] -= got
        setattr(self.me, resource, getattr(self.me, resource) + got)
        self.log.append(f"{why}: +{got} {resource}" + (" (the supply ran out)" if got < n else ""))
        return got

    def shut(self, resource: str) -> bool:
        """Mine collapse, Bison migration, Storm: shut to everyone but who played it."""
        who = self.state.closed.get(resource)
        return who is not None and who != self.me.name

    def gain_reputation(self, n: int, why: str) -> None:
        s, before = self.state, self.me.reputation
        self.me.reputation = min(self.rules.goal, self.me.reputation + n)
        self.log.append(f"{why}: reputation {before} -> {self.me.reputation}")
        if self.me.reputation >= self.rules.goal and s.winner is None:
            s.winner = self.me.name
            self.log.append(f"{self.me.name} reaches {self.rules.goal}: the game ends")

    def pay(self, means: Means, want: int | None, code: Code, why: str) -> None:
        """Buy reputation with `means`: the most points (or `want`), paid the way that keeps
        the most valuable resources; refused under `code` when nothing can be bought."""
        best = best_payment(self.me.holding(), means, self.rules.value)
        if want is not None:
            if want > best.points:
                raise IllegalTurnError(
                    code, f"{self.me.name} can buy at most {plural(best.points, 'point')} that way"
                )
            means = Means(means.settler, means.sheriff, means.bank, False, want)
            best = best_payment(self.me.holding(), means, self.rules.value)
        if best.points == 0:
            raise IllegalTurnError(code, "nothing to invest: not enough resources")
        for r, n in best.paid().items():
            setattr(self.me, r, getattr(self.me, r) - n)
            self.state.supply[r] += n
        self.payments.append(best)
        paid = ", ".join(f"{n} {r}" for r, n in best.paid().items() if n)
        self.gain_reputation(best.points, f"{why} ({paid})")

    def pay_named(self, how: str, named: dict[str, int], want: int | None, why: str) -> None:
        """Buy reputation with the payment the player names (`invest 2 gold:1 logs:2
        fur:3`): a Settler's points at 1 gold + 2 logs or 3 fur each, or the Sheriff's one
        point for any 3 resources. Refused (`Code.INVEST`, `Code.SHERIFF`) when the payment
        is not one of those, buys another number of points than `want`, buys more than
        the goal needs, or is more than the player holds."""
        paid = {r: named.get(r, 0) for r in RESOURCES}
        if how == "sheriff":
            code = Code.SHERIFF
            if sum(paid.values()) != 3:
                raise IllegalTurnError(code, "the Sheriff buys one point for 3 resources")
            payment = Payment(1, sheriff={r: n for r, n in paid.items() if n})
        else:
            code = Code.INVEST
            if paid["logs"] != 2 * paid["gold"] or paid["fur"] % 3:
                raise IllegalTurnError(
                    code, "a point costs 1 gold + 2 logs or 3 fur: that payment is neither"
                )
            payment = Payment(paid["gold"] + paid["fur"] // 3, None, paid["gold"], paid["fur"] // 3)
        if payment.points == 0:
            raise IllegalTurnError(code, "nothing to invest: the payment buys no point")
        if want is not None and want != payment.points:
            raise IllegalTurnError(
                code, f"that payment buys {plural(payment.points, 'point')}, not {want}"
            )
        if payment.points > self.rules.goal - self.me.reputation:
            need = self.rules.goal - self.me.reputation
            raise IllegalTurnError(code, f"{self.me.name} needs only {plural(need, 'point')}")
        for r, n in paid.items():
            if getattr(self.me, r) < n:
                raise IllegalTurnError(code, f"{self.me.name} has only {getattr(self.me, r)} {r}")
        for r, n in paid.items():
            setattr(self.me, r, getattr(self.me, r) - n)
            self.state.supply[r] += n
        kept = self.me.holding()
        self.payments.append(
            Payment(
                payment.points,
                None,
                payment.settler_gold,
                payment.settler_fur,
                payment.sheriff,
                0,
                kept,
            )
        )
        text = ", ".join(f"{n} {r}" for r, n in paid.items() if n)
        self.gain_reputation(payment.points, f"{why} ({text}, as named)")
