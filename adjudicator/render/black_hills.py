"""Rich views of Black Hills states, verdicts, investments and best turns. They read the
engine's answers; they decide nothing."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.black_hills.best import Candidate
from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.game.replay import BHReplay, MoveOutcome
from adjudicator.black_hills.keep_hint import KeepChoice
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict
from adjudicator.core.i18n import _
from adjudicator.core.table import Ruled
from adjudicator.core.words import misclaimed
from adjudicator.render.words import plural, refused_skipped, slip_lines, verdict_word

__all__ = [
    "after_lines",
    "areas_table",
    "best_table",
    "bh_board_svg",
    "bh_cards_table",
    "hint_data",
    "hint_lines",
    "invest_view",
    "new_lines",
    "next_line",
    "players_table",
    "review_data",
    "review_lines",
    "ruled_lines",
    "show_lines",
    "show_svg",
    "state_view",
    "verdict_view",
]


def players_table(s: BHState, viewer: str | None = None) -> Table:
    """The players: reputation, resources, gunmen and hands; the active one marked. With a
    `viewer`, the other players' hands show as counts only (what that player may see)."""
    t = Table(
        "player",
        "reputation",
        "gold",
        "logs",
        "fur",
        "gunmen",
        "characters",
        "events",
        title=f"Black Hills, round {s.round}; {s.active} to play; badge: {s.sheriff}",
    )
    for p in s.players:
        mark = "▶ " if p.name == s.active else "  "
        seen = viewer is None or p.name == viewer
        t.add_row(
            mark + p.name,
            str(p.reputation),
            str(p.gold),
            str(p.logs),
            str(p.fur),
            str(p.gunmen),
            ", ".join(p.characters) if seen else plural(len(p.characters), "card"),
            ", ".join(p.events) if seen else plural(len(p.events), "card"),
        )
    return t


def verdict_view(v: Verdict, viewer: str | None = None) -> RenderableType:
    """Legal or not, what happened, why not (with the rule's code); for a legal turn the
    players after it (with a `viewer`, the other hands as counts), and the winner."""
    head = Text(f"{v.player or '?'}: ")
    head.append(_(verdict_word(v.legal)), style="bold green" if v.legal else "bold red")
    parts: list[RenderableType] = [head]
    parts += [Text(f"  {line}") for line in v.log]
    parts += [Text(f"  refused ({r.code}): {r.message}", style="red") for r in v.reasons]
    if v.state is not None:
        parts.append(players_table(v.state, viewer))
        if v.state.winner:
            parts.append(Text(f"{v.state.winner} wins Black Hills.", style="bold"))
    return Group(*parts)


def invest_view(player: str, best: Candidate | None) -> Text:
    """The most reputation the player can buy now, the turn and what it pays."""
    if best is None or best.verdict.reputation_gained == 0:
        return Text(f"{player} can buy no reputation this turn.")
    paid = "; ".join(
        ", ".join(f"{n} {r}" for r, n in p.paid().items() if n) for p in best.verdict.payments
    )
    return Text(
        f"{player} can buy {plural(best.verdict.reputation_gained, 'reputation point')} now: "
        f"{best.text.split(': ', 1)[1]} (paying {paid or 'nothing'})."
    )


def _fraction(x: Fraction) -> str:
    """An exact expectation as a reader takes it: `1`, `14/15 (0.93)`."""
    return str(x) if x.denominator == 1 else f"{x} ({float(x):.2f})"


def best_table(player: str, ranked: Sequence[Candidate], rules: Rules) -> Table:
    """The best turn for each character in hand, best first. Where chance decides (the
    aiming die, the Shaman's draw) the reputation is the exact expectation, with its
    distribution, and the turn is the plan up to the roll or the deal."""
    t = Table("character", "turn", "reputation", "worth kept", title=f"Best turns for {player}")
    for c in ranked:
        if not c.outcomes:
            t.add_row(
                rules.characters[c.character].name,
                c.text,
                f"+{c.verdict.reputation_gained}",
                str(c.kept),
            )
            continue
        what = {"die": "the die", "drew": "the blind steal"}.get(
            c.outcomes[0].chance.split()[0], "the Shaman's draw"
        )
        odds = ", ".join(f"+{k}: {p}" for k, p in c.distribution.items())
        t.add_row(
            rules.characters[c.character].name,
            f"{c.text}\n(then the best for each outcome of {what})",
            f"expected +{_fraction(c.expected_reputation)}\n({odds})",
            f"expected {_fraction(c.expected_kept)}",
        )
    return t


def areas_table(rules: Rules, s: BHState | None = None) -> Table:
    """The areas: the resource each gives and what is left of it in the supply; with a
    state, which characters stand there this round and which are shut (and by whom)."""
    t = Table("area", "resource", "supply left", "this round", title=f"{rules.name}: the areas")
    for area, resource in rules.areas.items():
        supply = "-" if resource is None else str((s.supply if s else rules.supply)[resource])
        here = [f"{who}'s {char}" for who, char, at in (s.placed if s else []) if at == area]
        if s is not None and resource is not None and resource in s.closed:
            here.append(f"shut by {s.closed[resource]}")
        t.add_row(rules.area_names[area], resource or "-", supply, ", ".join(here))
    return t


def state_view(s: BHState, viewer: str | None = None) -> RenderableType:
    """The table: the areas and supply, the players (with a `viewer`: only that player's
    hand), the jail, and how many characters lie face down. Which ones never shows: "The
    other players should not see which characters have been discarded"."""
    rules = s.rules
    parts: list[RenderableType] = [areas_table(rules, s), players_table(s, viewer)]
    parts.append(
        Text(
            f"Jail: {plural(s.jail, 'gunman', 'gunmen')} waiting; "
            f"event deck: {plural(len(s.event_deck), 'card')}"
        )
    )
    parts.append(
        Text(
            f"Characters face down: {len(s.discarded)} discarded this round, "
            f"{len(s.leftover)} left over (out of the round)"
        )
    )
    if s.plague:
        parts.append(Text(f"Plague on {s.plague}"))
    return Group(*parts)


def bh_cards_table(rules: Rules) -> RenderableType:
    """The character cards and the event cards."""
    chars = Table("character", "name", "group", "text", title="Characters")
    for c in rules.characters.values():
        chars.add_row(c.id, c.name, c.group, c.text)
    events = Table("event", "name", "cost", "text", title="Events")
    for e in rules.events.values():
        events.add_row(e.id, e.name, str(e.cost), e.text)
    return Group(chars, events)


def bh_board_svg(rules: Rules, s: BHState | None = None, title: str | None = None) -> str:
    """The areas side by side, each with its resource, supply and who stands there."""
    import xml.etree.ElementTree as ET

    from adjudicator.render.svg_sheet import titled_sheet

    w, h, margin = 180, 120, 20
    width = margin * 2 + w * len(rules.areas)
    height = margin * 2 + 40 + h
    svg = titled_sheet(width, height, margin, title or rules.name)
    for i, (area, resource) in enumerate(rules.areas.items()):
        x, y = margin + i * w, margin + 40
        g = ET.SubElement(svg, "g", id=f"area-{area}")
        ET.SubElement(
            g,
            "rect",
            x=str(x + 4),
            y=str(y),
            width=str(w - 8),
            height=str(h),
            fill="#fffdf7",
            stroke="#8a7f6a",
        )
        lines = [rules.area_names[area]]
        if resource is not None:
            lines.append(f"{resource}: {(s.supply if s else rules.supply)[resource]} left")
        lines += [f"{who}: {char}" for who, char, at in (s.placed if s else []) if at == area]
        for n, line in enumerate(lines):
            t = ET.SubElement(
                g,
                "text",
                x=str(x + 12),
                y=str(y + 22 + 18 * n),
                style="font: " + ("bold 14px" if n == 0 else "12px") + " sans-serif",
            )
            t.text = line
    return ET.tostring(svg, encoding="unicode")


def next_line(state: BHState, viewer: str | None = None) -> str:
    """What the player to act may write next, in the notation."""
    from adjudicator.black_hills.round import must_keep

    if state.winner is not None:
        return f"The game is over: {state.winner} has won (round {state.round})."
    waiting = must_keep(state)
    if waiting:
        return (
            f"Round {state.round}, the set-up: each player discards 2 of the 4 characters "
            f"dealt, face down, before {state.active} plays the first turn; still to keep: "
            f"{', '.join(waiting)}. Next: '{waiting[0]}: keep A B' (the two kept)."
        )
    me = state.player(state.active)
    hand = f" ({', '.join(me.characters)})" if viewer in (None, me.name) else ""
    return (
        f"Round {state.round}: {state.active} to play{hand}. "
        f"Next: '{state.active}: CHARACTER', with its choices, and if wanted "
        "'event ID', 'invest', 'rob NAME' (see 'adjudicator black-hills turn --help')"
    )


#: Who sees a table's screen after a move: everyone, so nobody's hand is shown but the hand
#: of the player who wrote the move (`next_line` shows the hand of no one by this name).
_TABLE = ""


def ruled_lines(ruled: Ruled) -> list[RenderableType]:
    """A legal turn's verdict (the game protocol's view of it, `render/tables.py`), as the
    player who wrote it may see it: the other players' hands as counts."""
    assert isinstance(ruled.ruling, Verdict)  # the Black Hills entry's own
    return [verdict_view(ruled.ruling, ruled.player)]


def after_lines(after: BHState) -> list[RenderableType]:
    """What the table may write next (not the next player's hand: the screen is the
    table's)."""
    return [next_line(after, _TABLE)]


def hint_lines(
    ranked: Sequence[Candidate] | Sequence[KeepChoice], game: BHState, source: str, top: int
) -> list[RenderableType]:
    """A record's hint: the best turn for each character in hand (`black-hills best`); at
    a round's set-up, the keeps ranked."""
    keeps = [k for k in ranked if isinstance(k, KeepChoice)]
    if keeps:
        return [keep_table(keeps[:top])]
    turns = [c for c in ranked if isinstance(c, Candidate)]
    return [best_table(game.active, turns[:top], game.rules)]


def keep_table(keeps: Sequence[KeepChoice]) -> Table:
    """The set-up's keeps, best first, each with the best turn of its two characters."""
    who = keeps[0].player if keeps else ""
    t = Table("keep", "reputation", "worth kept", "why", title=f"Which two {who} keeps")
    for k in keeps:
        rep, kept = k.key
        t.add_row(" ".join(k.cards), f"+{_fraction(rep)}", _fraction(kept), k.reason)
    return t


def hint_data(
    ranked: Sequence[Candidate] | Sequence[KeepChoice], game: BHState, source: str, top: int
) -> dict[str, Any]:
    keeps = [k for k in ranked if isinstance(k, KeepChoice)]
    if keeps:
        return {"player": keeps[0].player, "keeps": [k.to_json() for k in keeps[:top]]}
    return {"player": game.active, "turns": [c.to_json() for c in ranked[:top]]}


def review_lines(r: BHReplay, source: str) -> list[RenderableType]:
    """`replay` of a record: every refused turn with its rule, every reputation the table
    wrote down wrong, then the standing."""
    from adjudicator.core.limits import MAX_ECHO, one_line

    def wrong(o: MoveOutcome) -> str | None:
        if not o.verdict.legal:
            reason = o.verdict.reasons[0]
            return refused_skipped(reason.code, one_line(reason.message, 4 * MAX_ECHO))
        if o.claim_wrong:
            return misclaimed(o.move.player, o.reputation, "reputation", o.move.claimed)
        return None

    lines: list[RenderableType] = [f"{source}: {plural(len(r.outcomes), 'line')} re-refereed."]
    slips = ((o.move.line, one_line(o.move.text, MAX_ECHO), wrong(o)) for o in r.outcomes)
    lines += slip_lines(slips, r.clean, "turn", "reputation")
    s = r.state
    lines.append("Reputation: " + ", ".join(f"{p.name} {p.reputation}" for p in s.players) + ".")
    if s.winner is not None:
        card = f", with the {r.decisive[0]}" if r.decisive and r.decisive[0] else ""
        lines.append(f"{s.winner} won in round {s.round}{card}.")
    else:
        lines.append(f"Not over: round {s.round}, {s.active} to play.")
    return lines


def review_data(r: BHReplay) -> dict[str, Any]:
    return r.to_json()


def show_lines(game: BHState, viewer: str | None, source: str) -> list[RenderableType]:
    """`game show`: the table (never which characters lie face down), and who plays next."""
    return [state_view(game, viewer), next_line(game, viewer)]


def show_svg(game: BHState, name: str) -> str | None:
    return None  # no picture of a Black Hills table yet


def new_lines(game: BHState, source: str) -> list[RenderableType]:
    """`game new`: the table the record sets up, and the set-up's discards to come."""
    return [f"New Black Hills record in {source}.", state_view(game), next_line(game)]
