"""The Black Hills table as a picture a phone shows at 390 px: the four areas two by two
(each with its resource, what is left of it, who stands there, whether it is shut), the
jail, the reputation track to the goal, and each player's resources and gunmen.

It draws only what everyone at the table sees: never a hand, never a face-down card.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from adjudicator.black_hills.round import must_keep

if TYPE_CHECKING:
    from adjudicator.black_hills.data import Rules
    from adjudicator.black_hills.state import BHState

__all__ = ["PLAYER_COLOURS", "bh_table_svg", "player_colour"]

WIDTH = 376  # a 390 px phone's, less the page's margins: every text 12 CSS px or more
AREA_W, AREA_H = 178, 100
MARGIN = 10
INK, PAPER, CARD, DIM = "#2b2118", "#f4efe1", "#fffdf7", "#6b604e"
#: Each seat's colour, in seat order (2 to 4 players), used alike on the track, in the
#: areas and in the page's players table: dark enough for a white initial on it and for
#: 4.5:1 on the cards and the goal's yellow, and told apart by hue (blue, rust, green,
#: purple) for the common colour blindnesses. Never colour alone: the initial and the
#: name go with it.
PLAYER_COLOURS = ("#0b5c9e", "#8a2c0e", "#1d6a3a", "#7a3c8c")


def player_colour(s: BHState, name: str) -> str:
    """The colour of `name`'s seat (its place in the seat order)."""
    names = [p.name for p in s.players]
    return PLAYER_COLOURS[names.index(name) % len(PLAYER_COLOURS)]


def _token(parent: ET.Element, s: BHState, who: str, cx: float, cy: float, r: int = 9) -> None:
    """A player's disc in their colour, with their initial in white on it."""
    ET.SubElement(
        parent, "circle", cx=f"{cx:.1f}", cy=f"{cy:g}", r=str(r), fill=player_colour(s, who)
    )
    initial = ET.SubElement(
        parent,
        "text",
        {
            "x": f"{cx:.1f}",
            "y": f"{cy + 4:g}",
            "fill": "#ffffff",
            "style": "font: bold 12px sans-serif",
            "text-anchor": "middle",
        },
    )
    initial.text = who[:1].upper()


def _text(
    parent: ET.Element, x: float, y: float, text: str, size: int = 12, bold: bool = False
) -> None:
    node = ET.SubElement(
        parent,
        "text",
        x=f"{x:g}",
        y=f"{y:g}",
        fill=INK,
        style=f"font: {'bold ' if bold else ''}{size}px sans-serif",
    )
    node.text = text


def _areas(svg: ET.Element, rules: Rules, s: BHState, top: int) -> int:
    for i, (area, resource) in enumerate(rules.areas.items()):
        x = MARGIN + (i % 2) * (AREA_W + 0)
        y = top + (i // 2) * (AREA_H + 8)
        g = ET.SubElement(
            svg, "g", {"id": f"area-{area}", "class": "area", "role": "button", "tabindex": "0"}
        )
        shut = resource is not None and resource in s.closed
        ET.SubElement(
            g,
            "rect",
            x=str(x + 2),
            y=str(y),
            width=str(AREA_W - 4),
            height=str(AREA_H),
            rx="6",
            fill="#e9e1cf" if shut else CARD,
            stroke="#8a7f6a",
        )
        title = ET.SubElement(g, "title")
        title.text = rules.area_names[area]
        _text(g, x + 10, y + 18, rules.area_names[area], 14, bold=True)
        lines = []
        if resource is not None:
            lines.append(f"{resource}: {s.supply.get(resource, 0)} left")
        if resource is not None and shut:
            lines.append(f"shut to others by {s.closed[resource]}")
        plain = len(lines)
        placed = [who for who, _c, at in s.placed if at == area]
        lines += [
            f"{who}: {rules.characters[c].name if c in rules.characters else c}"
            for who, c, at in s.placed
            if at == area
        ]
        title.text = "; ".join([rules.area_names[area], *lines])
        for n, line in enumerate(lines[:5]):
            if n < plain:
                _text(g, x + 10, y + 40 + 17 * n, line, 13)
                continue
            # the placing player's disc, then the line (its name too: not colour alone)
            _token(g, s, placed[n - plain], x + 17, y + 35 + 17 * n, 7)
            _text(g, x + 28, y + 40 + 17 * n, line, 13)
    rows = (len(rules.areas) + 1) // 2
    return top + rows * (AREA_H + 8)


def _track(svg: ET.Element, rules: Rules, s: BHState, top: int) -> int:
    """The reputation track, 0 to the goal: each player's initial on their step."""
    _text(svg, MARGIN, top + 12, f"Reputation (goal {rules.goal})", 12, bold=True)
    steps = rules.goal + 1
    cell = (WIDTH - 2 * MARGIN) / steps
    y = top + 18
    g = ET.SubElement(svg, "g", id="reputation-track")
    for n in range(steps):
        ET.SubElement(
            g,
            "rect",
            x=f"{MARGIN + n * cell:.1f}",
            y=str(y),
            width=f"{cell:.1f}",
            height="16",
            fill=CARD if n < rules.goal else "#f3d98b",
            stroke="#b8ad95",
        )
    by_step: dict[int, list[str]] = {}
    for p in s.players:
        by_step.setdefault(min(p.reputation, rules.goal), []).append(p.name)
    for step, names in sorted(by_step.items()):
        for k, who in enumerate(names):
            cx = MARGIN + (step + 0.5) * cell
            cy = y + 30 + 20 * k
            _token(g, s, who, cx, cy)
            right = step > rules.goal / 2  # the label reads towards the middle
            attrs = {
                "x": f"{cx - 12 if right else cx + 12:.1f}",
                "y": f"{cy + 4:g}",
                "fill": INK,
                "style": "font: 12px sans-serif",
                "text-anchor": "end" if right else "start",
            }
            node = ET.SubElement(g, "text", attrs)
            node.text = f"{who} {s.player(who).reputation}"
    tallest = max((len(v) for v in by_step.values()), default=1)
    return y + 30 + 20 * tallest


def _players(svg: ET.Element, s: BHState, top: int) -> int:
    _text(svg, MARGIN, top + 12, "Resources and gunmen", 12, bold=True)
    y = top + 30
    for p in s.players:
        mark = "▶ " if p.name == s.active and s.winner is None else ""
        line = (
            f"{mark}{p.name}: gold {p.gold}, logs {p.logs}, fur {p.fur}, "
            f"gunmen {p.gunmen}{' · sheriff' if p.name == s.sheriff else ''}"
        )
        _token(svg, s, p.name, MARGIN + 7, y - 4, 7)
        _text(svg, MARGIN + 18, y, line, 13, bold=bool(mark))
        y += 20
    _text(svg, MARGIN, y + 2, f"Jail: {s.jail} gunm{'a' if s.jail == 1 else 'e'}n", 12)
    return y + 12


def _who(s: BHState) -> str:
    """Who acts now: at a round's set-up every player still to keep chooses at once."""
    if s.winner is not None:
        return f"{s.winner} has won"
    waiting = must_keep(s)
    if waiting:
        return f"round {s.round} · set-up: {', '.join(waiting)} to keep two"
    return f"round {s.round} · {s.active} to play"


def bh_table_svg(rules: Rules, s: BHState, title: str) -> str:
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", role="group")
    label = ET.SubElement(svg, "title")
    label.text = title
    background = ET.SubElement(svg, "rect", width=str(WIDTH), fill=PAPER)
    _text(svg, MARGIN, 22, title, 15, bold=True)
    who = _who(s)
    _text(svg, MARGIN, 40, who, 12)
    y = _areas(svg, rules, s, 50)
    y = _track(svg, rules, s, y + 4)
    y = _players(svg, s, y + 6)
    height = y + MARGIN
    background.set("height", str(height))
    svg.set("width", str(WIDTH))
    svg.set("height", str(height))
    svg.set("viewBox", f"0 0 {WIDTH} {height}")
    return ET.tostring(svg, encoding="unicode")
