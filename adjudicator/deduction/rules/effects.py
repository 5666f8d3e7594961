"""What a playable action does to the board (P6) and who scores it (S1).

Given the board's markers, the markers a card adds (P1) and the analysis with
the card in force, it reports the removals tier by tier: `card` (outside the
card's spaces, or with no partner under its relation), `cascade` (last-marker
placements and the markers they displace, to a fixed point) and `logic`
(everything else no largest placement keeps), and builds the new state.

A removal that holds only while the card is in force (the board alone would keep
the marker) belongs to the `card` tier, whatever `logic_to_active` says: no STOP
claim could take it once the card is forgotten (K1). The `logic` tier is what
the board alone shows, each with its Hall set (L3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.explain import RELATION_PHRASES, explain_removal, named, the
from adjudicator.deduction.rules.ruling import Built, Reason, Removal, Ruling, Status, Tier
from adjudicator.deduction.rules.scoring import points_detail
from adjudicator.deduction.solve.decide import Decider
from adjudicator.deduction.solve.matching import match
from adjudicator.deduction.solve.placement import Analysis, Constraint

__all__ = ["Effects", "resolve"]


@dataclass
class Effects:
    """What a play has done so far, tier by tier (P6), gathered as it resolves."""

    markers_placed: list[tuple[str, str]] = field(default_factory=list)
    removed: list[Removal] = field(default_factory=list)
    built: list[Built] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    points: int = 0
    detail: dict[str, int] = field(default_factory=dict)
    state: GameState | None = None

    def ruling(
        self,
        action: str,
        player: str | None,
        reasons: tuple[Reason, ...],
        before: GameState,
        after: GameState,
        cards: tuple[int, ...] = (),
        as_buildings: tuple[str | None, ...] = (),
        status: Status = Status.PLAYABLE,
    ) -> Ruling:
        """The playable ruling that reports these effects (`status`: a playable one)."""
        return Ruling(
            action=action,
            player=player,
            status=status,
            reasons=reasons,
            before=before,
            after=after,
            cards=cards,
            as_buildings=as_buildings,
            markers_placed=tuple(self.markers_placed),
            removed=tuple(self.removed),
            built=tuple(self.built),
            retired=tuple(self.retired),
            points=self.points,
            points_detail=self.detail,
        )


def _relation_filter(
    board: Board,
    domains: dict[str, set[str]],
    constraint: Constraint,
    placed: Mapping[str, str],
) -> list[tuple[str, str, str]]:
    """Arc consistency of the card's relation alone: values with no partner go."""
    if constraint.relation is None:
        return []
    a, m, pairs = constraint.relation
    # the relation's words are a message of their own, translated where the reason is shown
    phrase = Message(RELATION_PHRASES.get(_relation_name(board, pairs), N_("related to")))

    def dom(b: str) -> set[str]:
        return {placed[b]} if b in placed else domains.get(b, set())

    out: list[tuple[str, str, str]] = []

    def revise(
        b: str, partner: str, fits: Callable[[str, str], bool], why: Callable[[str], Message]
    ) -> bool:
        """One side of arc consistency: b's spaces with no partner space fitting go."""
        gone = False
        for space in sorted(dom(b)):
            if b not in placed and not any(fits(space, other) for other in dom(partner)):
                domains[b].discard(space)
                out.append((b, space, why(space)))
                gone = True
        return gone

    changed = True
    while changed:
        from_a = revise(
            a,
            m,
            lambda sa, sm: (sa, sm) in pairs,
            lambda sa: Message(
                N_("from {space} {building} would not be {relation} {other} (P6)"),
                space=board.space_name(sa),
                building=the(board, a),
                relation=phrase,
                other=the(board, m),
            ),
        )
        from_m = revise(
            m,
            a,
            lambda sm, sa: (sa, sm) in pairs,
            lambda sm: Message(
                N_("no {building} space is {relation} {space} (P6)"),
                building=named(board, a),
                relation=phrase,
                space=board.space_name(sm),
            ),
        )
        changed = from_a or from_m
    return out


def _relation_name(board: Board, pairs: frozenset[tuple[str, str]]) -> str:
    for name in RELATION_PHRASES:
        if board.relation_pairs(name) is pairs:
            return name
    return ""


def resolve(
    state: GameState,
    analysis: Analysis,
    *,
    scorer: str | None,
    new: Mapping[str, frozenset[str]] | None = None,
    constraint: Constraint | None = None,
    taken: tuple[str, str, str] | None = None,
    all_logic: bool = False,
    decider: Decider = Decider(),
) -> Effects:
    """Apply a playable action's consequences. `taken` is a marker removed by the action
    itself (A1) with its reason; `all_logic` labels everything `logic` (a STOP claim)."""
    board = state.board
    new = dict(new or {})
    fx = Effects()
    domains: dict[str, set[str]] = {b: set(s) for b, s in state.markers.items()}
    for b, spaces in new.items():
        domains[b] = set(spaces)
        fx.markers_placed += [(b, s) for s in board.sort_spaces(spaces)]
    placed = dict(state.placed)
    support = analysis.support
    determined = analysis.determined()
    counted = state.options.logic_to_active or all_logic
    gone: set[tuple[str, str]] = set()
    # A building already alone on its space and settled before the action is a STOP claim
    # the board held (L2): building it is not the action's doing, so it goes with `logic`.
    lone = {b for b, x in state.markers.items() if len(x) == 1}
    claimed = set(decider.board(state.markers).determined()) & lone if lone else set()

    def remove(b: str, s: str, tier: Tier, reason: str) -> None:
        if s in domains.get(b, set()):
            domains[b].discard(s)
            gone.add((b, s))
            fx.removed.append(Removal(b, s, tier, reason))

    if taken is not None:
        remove(taken[0], taken[1], Tier.CARD, taken[2])

    if constraint is not None and not all_logic:
        for b, spaces in constraint.allowed.items():
            if b in placed or b in new:
                continue
            for s in board.sort_spaces(domains.get(b, set()) - spaces):
                remove(
                    b,
                    s,
                    Tier.CARD,
                    Message(
                        N_("the card does not allow {building} on {space} (P6)"),
                        building=the(board, b),
                        space=board.space_name(s),
                    ),
                )
        for b, s, why in _relation_filter(board, domains, constraint, placed):
            domains[b].add(s)  # re-added so that remove() records it once
            remove(b, s, Tier.CARD, why)

    def build(b: str, s: str, why: str, tier: Tier) -> None:
        placed[b] = s
        domains.pop(b, None)
        fx.built.append(Built(b, s, why, tier))
        for c in sorted(domains):
            if s in domains[c]:
                remove(
                    c,
                    s,
                    tier,
                    Message(
                        N_("{building} now stands on {space} (L2)"),
                        building=the(board, b),
                        space=board.space_name(s),
                    ),
                )

    def card_needed() -> bool:
        """Removals that hold only while the card is in force: the board alone would keep
        them, so no STOP claim could take them later. They go with the card (P6)."""
        plain = decider.board({b: frozenset(x) for b, x in domains.items()})
        changed = False
        for b in sorted(domains):
            for s in board.sort_spaces(domains[b] - support.get(b, frozenset())):
                if s in plain.support.get(b, frozenset()):
                    why = Message(
                        N_("while the card holds, no town puts {building} on {space} (P6)"),
                        building=the(board, b),
                        space=board.space_name(s),
                    )
                    remove(b, s, Tier.CARD, why)
                    changed = True
        return changed

    if not all_logic:
        changed = True
        while changed:
            changed = False
            for b in sorted(domains):
                if (
                    b in determined
                    and len(domains[b]) == 1
                    and b not in placed
                    and b not in claimed
                ):
                    build(
                        b,
                        determined[b],
                        Message(
                            N_("the last marker of {building} is on {space} (L2)"),
                            building=the(board, b),
                            space=board.space_name(determined[b]),
                        ),
                        Tier.CASCADE,
                    )
                    changed = True
            if constraint is not None:
                for b, s, why in _relation_filter(board, domains, constraint, placed):
                    domains[b].add(s)
                    remove(b, s, Tier.CASCADE, why)
                    changed = True
                if not changed:
                    changed = card_needed()

    if counted:
        # What is left to remove, the board alone shows (L1): a STOP claim could take it.
        rest = {b: frozenset(x) for b, x in domains.items() if x}
        m = match(rest)  # its Hall sets explain the removals (L3)
        plain = decider.filtered(m)
        for b in sorted(rest):
            for s in board.sort_spaces(rest[b] - support.get(b, frozenset())):
                remove(b, s, Tier.LOGIC, explain_removal(board, m, plain, b, s)[0])
        for b, s in sorted(determined.items()):
            if b not in placed and b in domains:
                build(
                    b,
                    s,
                    Message(
                        N_("only {space} is left for {building} (L2)"),
                        space=board.space_name(s),
                        building=the(board, b),
                    ),
                    Tier.LOGIC,
                )

    # K4: a building left with no marker (the loser of a group that could not all stand,
    # or the one a discard took the last marker of) can never be placed: it is retired.
    was_marked = set(state.markers) | set(new)
    fx.retired = sorted(b for b in was_marked if b not in placed and not domains.get(b))
    fx.detail = points_detail(state, fx.removed, fx.built, new, logic_counted=counted)
    fx.points = sum(fx.detail.values())
    markers = {b: frozenset(s) for b, s in domains.items() if s and b not in placed}
    after = state.with_board(placed, markers, set(state.retired) | set(fx.retired))
    if scorer is not None:
        who = after.player(scorer)
        after = after.with_player(scorer, points=who.points + fx.points)
    fx.state = after
    return fx
