"""Rich views of Dry Gulch answers: a payment, a turn's building plan, a placement, the
score. They only read what `dry_gulch` decided."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.core.table import Ruled
from adjudicator.core.words import misclaimed
from adjudicator.dry_gulch.codes import Reason
from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.discard import DiscardResult
from adjudicator.dry_gulch.draw import DrawResult
from adjudicator.dry_gulch.events import EventPhase
from adjudicator.dry_gulch.misfortune import MisfortuneResult
from adjudicator.dry_gulch.other_events import EventResult
from adjudicator.dry_gulch.pay import Payment
from adjudicator.dry_gulch.place import Placement
from adjudicator.dry_gulch.reward import RewardResult
from adjudicator.dry_gulch.score import Score
from adjudicator.dry_gulch.state import DGState, HandCard
from adjudicator.dry_gulch.why import PayAnswer, PlanAnswer
from adjudicator.render.dry_gulch_board import (
    dg_board_svg,
    dg_board_view,
    site_rows,
)
from adjudicator.render.words import ILLEGAL, LEGAL, refused_skipped, slip_lines

if TYPE_CHECKING:
    from adjudicator.dry_gulch.game.flow import DGGame
    from adjudicator.dry_gulch.game.outcome import Outcome as DGOutcome
    from adjudicator.dry_gulch.game.replay import DGReplay
    from adjudicator.dry_gulch.game.standing import Standing

__all__ = [
    "after_lines",
    "dg_board_svg",
    "dg_board_view",
    "dg_cards_table",
    "dg_players_table",
    "dg_sites_table",
    "discard_view",
    "draw_view",
    "event_view",
    "hint_data",
    "hint_lines",
    "misfortune_view",
    "new_lines",
    "next_moves",
    "other_event_view",
    "pay_view",
    "payment_rows",
    "place_view",
    "plan_view",
    "review_data",
    "review_lines",
    "reward_view",
    "ruled_lines",
    "score_view",
    "show_lines",
    "show_svg",
    "site_rows",
    "table_lines",
]


def _refused(what: str, reasons: Sequence[Reason]) -> RenderableType:
    """A refusal: what was refused, then each rule it breaks with its code."""
    return Group(
        Text(f"{ILLEGAL}: {what}:", style="red"),
        *(Text(f"  {r.code}: {r.message}") for r in reasons),
    )


def payment_rows(payment: Payment, hand: Sequence[HandCard]) -> list[tuple[str, str]]:
    """(what is paid, with which cards) for each resource and the labour."""
    rows = [(kind, hand[i].text) for kind, i in payment.direct]
    rows += [(kind, f"{hand[i].text} (as a good, General Store)") for kind, i in payment.store]
    rows += [
        (kind, " + ".join(hand[i].text for i in group) + " (standing in)")
        for kind, group in payment.substitute
    ]
    if payment.labour:
        rows.append(("labour", " + ".join(hand[i].text for i in payment.labour)))
    return rows


def pay_view(answer: PayAnswer, rules: Rules) -> RenderableType:
    """The cards that pay for the building and what the hand keeps, or why it cannot pay."""
    name = rules.permits[answer.permit].name
    if answer.payment is None:
        return Text(
            f"{ILLEGAL}: {answer.player} cannot pay for the {name}: {answer.why_not}.", style="red"
        )
    table = Table("for", "paid with", title=f"{answer.player} pays for the {name}")
    for row in payment_rows(answer.payment, answer.hand):
        table.add_row(*row)
    kept = ", ".join(c.text for c in answer.kept) or "nothing"
    return Group(table, Text(f"Keeps: {kept} (spends worth {answer.spent_worth(rules)})"))


def plan_view(answer: PlanAnswer, rules: Rules) -> RenderableType:
    """The plan's buildings with their sites and payments; then each permit left out, and why."""
    who = answer.player
    parts: list[RenderableType] = []
    if answer.placements:
        table = Table(
            "building",
            "site",
            "paid with",
            title=f"{who}'s best building plan: +{answer.plan.influence} influence",
        )
        for p in answer.placements:
            table.add_row(
                rules.permits[p.permit].name,
                p.site or "?",
                "\n".join(
                    f"{kind}: {cards}" for kind, cards in payment_rows(p.payment, answer.hand)
                ),
            )
        parts.append(table)
    else:
        parts.append(Text(f"{who} can build nothing this turn."))
    parts += [
        Text(f"Not this turn: the {rules.permits[x.permit].name} ({x.words}).")
        for x in answer.left_out
    ]
    return Group(*parts)


def place_view(rules: Rules, answer: Placement) -> RenderableType:
    """Whether the building may stand on the site, with every rule the placement breaks."""
    name = rules.permits[answer.permit].name
    if answer.legal:
        return Text(f"{LEGAL}: the {name} may stand on {answer.site}.", style="green")
    return _refused(f"the {name} may not stand on {answer.site}", answer.reasons)


def misfortune_view(result: MisfortuneResult) -> RenderableType:
    """A Fire or Vandalism: refused and why, or who lost what."""
    if not result.legal:
        return _refused(f"{result.player}'s misfortune", result.reasons)
    lines = [Text(f"{LEGAL}: {result.owner}'s building is damaged")]
    if result.handed_over:
        lines.append(Text(f"  {result.owner} hands over {result.handed_over}: no card lost"))
    for name, cards in result.drawn.items():
        lines.append(Text(f"  {name} draws {', '.join(cards)} from {result.owner}"))
    if result.discarded:
        lines.append(Text(f"  {result.owner} loses {', '.join(result.discarded)}"))
    return Group(*lines)


def other_event_view(result: EventResult) -> RenderableType:
    """A face-up card without a triangle played: refused and why, or who gained and lost."""
    if not result.legal:
        return _refused(f"{result.player} plays {result.event}", result.reasons)
    return Text(f"{LEGAL}: {result.player} plays {result.event}: {result.words()}")


def event_view(result: EventPhase) -> RenderableType:
    """The event phase: refused and why, or what was turned up and where each card went."""
    if not result.legal:
        lines = [Text(f"{ILLEGAL}: {result.player}'s event phase:", style="red")]
        if result.turned_up:
            lines.append(Text(f"  turned up: {', '.join(result.turned_up)}"))
        return Group(*lines, *(Text(f"  {r.code}: {r.message}") for r in result.reasons))
    if not result.turned_up:
        return Text(f"{LEGAL}: {result.player} turns up no event cards")
    return Group(
        Text(f"{LEGAL}: {result.player} turns up {', '.join(result.turned_up)}"),
        Text(f"  discarded: {result.discarded}"),
        Text(f"  to the hand: {', '.join(result.taken) or 'none'}"),
        Text(f"  face up, to play this turn: {', '.join(result.face_up) or 'none'}"),
    )


def draw_view(result: DrawResult) -> RenderableType:
    """The draw phase: refused and why, or what the player drew."""
    if not result.legal:
        return _refused(f"{result.player}'s draw", result.reasons)
    got = [*result.resources] + ([f"the {result.permit} permit"] if result.permit else [])
    lines = [Text(f"{LEGAL}: {result.player} draws " + (", ".join(got) or "nothing"))]
    if result.discarded_permit:
        lines.append(Text(f"  the {result.discarded_permit} permit goes face up to the discards"))
    if result.reshuffled:
        lines.append(Text("  the resource stack ran out: the discards were reshuffled"))
    return Group(*lines)


def reward_view(result: RewardResult) -> RenderableType:
    """The reward phase: refused and why, or what each player drew."""
    if not result.legal:
        return _refused(f"{result.player}'s reward phase", result.reasons)
    lines = [Text(f"{LEGAL}: {result.player}'s reward phase")]
    for name, owed in result.owed.items():
        got = result.drawn.get(name, [])
        short = f" (the stacks ran out after {len(got)})" if len(got) < owed else ""
        lines.append(Text(f"  {name} draws {', '.join(got) or 'nothing'}{short}"))
    return Group(*lines)


def discard_view(result: DiscardResult) -> RenderableType:
    """The discard phase: refused and why, or what each player discarded."""
    if not result.legal:
        return _refused(f"{result.player}'s discard phase", result.reasons)
    lines = [Text(f"{LEGAL}: {result.player} discards " + (", ".join(result.chosen) or "nothing"))]
    if result.misfortunes:
        repaired = ", ".join(result.repaired) or "none"
        lines.append(
            Text(f"  misfortunes off: {', '.join(result.misfortunes)} (repaired: {repaired})")
        )
    for name, cards in result.at_random.items():
        lines.append(Text(f"  {name} over the hand limit loses {', '.join(cards)} at random"))
    return Group(*lines)


def score_view(result: Score) -> RenderableType:
    """Each player's influence, what they lack and where it comes from; problems; winner."""
    table = Table(
        "player", "influence", "lacks", "from", title=f"Influence (winning needs {result.needed})"
    )
    for name, points in result.influence.items():
        table.add_row(name, str(points), str(result.lacks[name]), "; ".join(result.detail[name]))
    parts: list[RenderableType] = [table, *(Text(p, style="red") for p in result.problems)]
    if result.winners:
        parts.append(Text(f"Winner: {', '.join(result.winners)}", style="bold"))
    return Group(*parts)


def dg_sites_table(rules: Rules) -> Table:
    """Every site with its street, block, position and what may stand there."""
    t = Table("site", "street", "block", "position", "notes", title=f"{rules.name}: sites")
    for s in rules.sites.values():
        notes = [
            *(["Bank only"] if s.bank_only else []),
            *(["edge (residences)"] if s.edge else []),
            *([f"across {s.across}"] if s.across else []),
        ]
        t.add_row(
            s.id, rules.streets.get(s.street, s.street), s.block, s.position, ", ".join(notes)
        )
    return t


def dg_cards_table(rules: Rules) -> RenderableType:
    """The building permits, the resource cards and the event cards."""
    permits = Table(
        "permit", "name", "count", "cost", "labour", "influence", "corner", title="Building permits"
    )
    for p in rules.permits.values():
        cost = ", ".join(f"{n} {k}" for k, n in p.cost.items())
        permits.add_row(
            p.id,
            p.name,
            str(p.count),
            cost,
            str(p.labor),
            str(p.influence),
            "yes" if p.corner else "",
        )
    resources = Table("kind", "type", "labour", "count", title="Resource cards")
    for kind, type_, labour, count in rules.resources:
        resources.add_row(kind, type_, "" if labour is None else str(labour), str(count))
    events = Table("event", "name", "triangle", "count", "text", title="Event cards")
    for e in rules.events.values():
        events.add_row(e.id, e.name, e.triangle, str(e.count), e.text)
    return Group(permits, resources, events)


def dg_players_table(state: DGState) -> Table:
    """Each player's hand size, permits, buildings and cards in front; the active one marked."""
    t = Table("player", "hand", "permits", "buildings", title=f"Dry Gulch; {state.active} to play")
    for p in state.players:
        mark = "▶ " if p.name == state.active else "  "
        owned = ", ".join(f"{b.permit}@{b.site}" for b in state.buildings if b.owner == p.name)
        t.add_row(mark + p.name, str(len(p.hand)), ", ".join(p.permits), owned)
    return t


def next_moves(game: DGGame, stands: Standing | None = None) -> list[str]:
    """What the active player may write next, in the notation (`stands`: where the game
    stands, when the caller has it already)."""
    if game.over:
        return [f"The game is over: {game.winner} has won (turn {game.turn})."]
    from adjudicator.dry_gulch.game.standing import standing

    me = game.state.active
    stands = stands or standing(game)
    draws = " | ".join(f"draw {d}" for d in stands.draws)
    if game.state.city_hall_closed is not None and game.state.options.city_hall:
        draws += " | reopen CARD CARD"  # DG-OPT-CITY-HALL: before the draw
    hint = {
        "residence": f"{me}: build residence at SITE (a free edge site)",
        "events": f"{me}: events [turned ID ID ID] discard ID [take ID ...]",
        "draw": f"{me}: {draws}",
        "build": f"{me}: build PERMIT at SITE | play ID [at SITE] [losing CARD ...] "
        "[drawing CARD ...] [permit ID] | fire SITE [losing [ace] CARD ...] | vandalism SITE "
        "| discard [CARD ...] [rewards CARD ...] [over NAME: CARD ...]",
    }[game.phase]
    lines = [f"Turn {game.turn}, round {game.round}: {me}'s {game.phase} phase. Next: {hint}"]
    if game.phase == "events":
        shown = ", ".join(stands.turned)  # a real table names its own with `turned`
        lines.append(f"Turned up (by the seed): {shown}")
    return lines


def ruled_lines(ruled: Ruled) -> list[RenderableType]:
    """A legal move's ruling (the game protocol's view of it, `render/tables.py`)."""
    return [f"{ruled.player}: {ruled.message}"]


def after_lines(after: DGGame) -> list[RenderableType]:
    """What the table may write next."""
    return list(next_moves(after))


def hint_lines(answer: PlanAnswer, game: DGGame, source: str, top: int) -> list[RenderableType]:
    """A record's hint: the best building plan of the hand (`dry-gulch plan`)."""
    return [plan_view(answer, game.state.rules)]


def hint_data(answer: PlanAnswer, game: DGGame, source: str, top: int) -> dict[str, Any]:
    return answer.to_json()


def review_lines(r: DGReplay, source: str) -> list[RenderableType]:
    """`replay` of a record: every refused move with its code, every influence the table
    wrote down wrong, and the final influence."""
    from adjudicator.dry_gulch.game.record import format_move

    def wrong(o: DGOutcome) -> str | None:
        if not o.legal:
            return refused_skipped(o.code, o.message)
        if o.claim_wrong:
            return misclaimed(o.move.player, o.influence, "influence", o.move.claimed)
        return None

    lines: list[RenderableType] = [f"{source}: {len(r.outcomes)} moves re-refereed."]
    slips = ((o.move.line, format_move(o.move), wrong(o)) for o in r.outcomes)  # record order
    lines += slip_lines(slips, r.clean, "move", "influence")
    final = r.to_json()
    standing = ", ".join(f"{k} {v}" for k, v in final["influence"].items())
    lines.append(f"Influence (to win: {final['needed']}): {standing}.")
    lines.append(
        f"{r.game.winner} won on turn {r.game.turn}"
        + (f", decided by the {r.game.decisive}." if r.game.decisive else ".")
        if r.game.over
        else f"Not over: turn {r.game.turn}, {r.game.state.active}'s {r.game.phase} phase."
    )
    return lines


def review_data(r: DGReplay) -> dict[str, Any]:
    return r.to_json()


def table_lines(game: DGGame, who: str | None = None) -> list[str]:
    """The players' influence, their hands (or counts, for a viewer), and the stacks."""
    from adjudicator.dry_gulch.game.standing import standing

    state = game.state
    decks = state.decks
    assert decks is not None
    result = standing(game)
    lines = [f"Influence (to win: {result.needed}):"]
    for p in state.players:
        mark = "▶ " if p.name == state.active and not game.over else "  "
        line = f"{mark}{p.name}: {result.influence[p.name]}"
        if who is None or p.name == who:
            line += f"; hand {' '.join(c.text for c in p.hand) or '(empty)'}"
            line += f"; permits {' '.join(p.permits) or '(none)'}"
        else:
            line += f"; {len(p.hand)} cards, {len(p.permits)} permits"
        if p.played:
            line += f"; played {' '.join(p.played)}"
        if p.against:
            line += f"; against them {' '.join(p.against)}"
        lines.append(line)
    lines.append(
        f"Stacks: {len(decks.resources)} resources ({len(decks.resource_discard)} discarded), "
        f"{len(decks.permits)} permits (face up: {' '.join(decks.permit_discard) or 'none'}), "
        f"{len(decks.events)} events"
        + (f"; face up to play: {' '.join(decks.face_up)}" if decks.face_up else "")
    )
    return lines


def show_lines(game: DGGame, viewer: str | None, source: str) -> list[RenderableType]:
    """`game show`: the town, the players and the stacks, and what may be written next."""
    state = game.state
    return [
        dg_board_view(state.rules, state.buildings),
        *table_lines(game, viewer),
        *next_moves(game),
    ]


def show_svg(game: DGGame, name: str) -> str | None:
    state = game.state
    return dg_board_svg(state.rules, state.buildings, title=f"Dry Gulch: {name}")


def new_lines(game: DGGame, source: str) -> list[RenderableType]:
    """`game new`: the town the record sets up, the players, and the first moves."""
    state = game.state
    return [
        f"New Dry Gulch record in {source}.",
        dg_board_view(state.rules, state.buildings),
        *table_lines(game),
        *next_moves(game),
    ]
