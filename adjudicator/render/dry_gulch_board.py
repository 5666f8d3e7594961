"""The Dry Gulch board drawn: in the terminal (rich) and as SVG, the sites row by row with
the buildings on them. Only reads the board file and the buildings."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.state import Built

__all__ = ["CELL_W", "building_codes", "dg_board_svg", "dg_board_view", "site_rows"]


# ----- the board ------------------------------------------------------------------------
#
# The Dry Gulch board file gives no coordinates: each site names its street (the thick line
# its sidewalk faces) and its block. Listed row by row as the board file is, the sites of
# one street and one half of the town ("north-west" and "north-east" share "north") make a
# row; a block boundary inside a row is a cross street. So the picture comes from the data,
# and a transcribed board with the same kind of ids draws the same way.

CELL_W = 7  # "ne-10" and a space either side: 37 sites fit in 80 columns


def site_rows(rules: Rules) -> list[tuple[str, list[list[str]]]]:
    """The board's rows, top to bottom: (street id, the row's sites grouped by block)."""
    rows: dict[tuple[str, str], list[list[str]]] = {}
    last_block: dict[tuple[str, str], str] = {}
    for site in rules.sites.values():
        key = (site.street, "bank" if site.bank_only else site.block.split("-")[0])
        groups = rows.setdefault(key, [])
        if last_block.get(key) != site.block:
            groups.append([])
            last_block[key] = site.block
        groups[-1].append(site.id)
    return [(street, groups) for (street, _), groups in rows.items()]


def building_codes(rules: Rules, built: Sequence[Built]) -> dict[str, str]:
    """A short code for each built site (two letters of the building, the owner's initial),
    so the 80-column drawing names buildings deliberately and a key below spells them out."""
    return {
        b.site: f"{_initials(rules.permits[b.permit].name)}.{b.owner[:1]}"
        + ("*" if b.damaged else "")
        for b in built
    }


def _initials(name: str) -> str:
    words = name.split()
    return (words[0][:1] + words[1][:1] if len(words) > 1 else name[:2]).capitalize()


def dg_board_view(
    rules: Rules, built: Sequence[Built] = (), highlight: str | None = None
) -> RenderableType:
    """The sites, row by row, with the streets between; built sites show a coded building
    (explained in the key below); `highlight` marks one site (reverse video)."""
    codes = building_codes(rules, built)
    rows = site_rows(rules)
    lines: list[Text] = [Text(f"{rules.name}: {len(rules.sites)} building sites", style="bold")]
    for i, (street, groups) in enumerate(rows):
        # A street's name goes on the line its rows' sidewalks face: above the top row,
        # between two rows facing the same street, below a last row of its own.
        if i == 0 or street == rows[i - 1][0]:
            lines.append(_street_line(rules.streets.get(street, street)))
        ids, names = Text(), Text()
        for g, group in enumerate(groups):
            if g:
                ids.append("│ ", style="dim")
                names.append("│ ", style="dim")
            for site in group:
                ids.append(site.ljust(CELL_W), style="reverse" if site == highlight else "")
                names.append(
                    codes.get(site, "·").ljust(CELL_W), style="bold" if site in codes else "dim"
                )
        lines += [ids, names]
    if len(rows) > 1 and rows[-1][0] != rows[-2][0]:
        lines.append(_street_line(rules.streets.get(rows[-1][0], rows[-1][0])))
    lines.append(Text("│ a cross street; · a free site", style="dim"))
    if built:
        lines.append(Text("Key:", style="bold"))
        lines += [
            Text(
                f"  {codes[b.site]} = {rules.permits[b.permit].name}, {b.owner}'s"
                + (" (damaged)" if b.damaged else "")
            )
            for b in built
        ]
    return Group(*lines)


def _street_line(name: str) -> Text:
    return Text(f"══ {name} " + "═" * max(3, 60 - len(name)), style="dim")


def dg_board_svg(
    rules: Rules,
    built: Sequence[Built] = (),
    title: str | None = None,
    highlight: str | None = None,
) -> str:
    """The same rows as SVG: one box per site with its id, and the building built there."""
    import xml.etree.ElementTree as ET

    from adjudicator.render.svg_sheet import titled_sheet

    w, h, gap, margin = 92, 56, 26, 20
    rows = site_rows(rules)
    by_site = {b.site: b for b in built}
    width = margin * 2 + max(
        sum(len(g) for g in groups) * w + (len(groups) - 1) * gap for _, groups in rows
    )
    height = margin * 2 + 40 + len(rows) * (h + gap)
    svg = titled_sheet(width, height, margin, title or rules.name)
    y = margin + 40
    for street, groups in rows:
        label = ET.SubElement(
            svg, "text", x=str(margin), y=str(y - 6), style="font: 11px sans-serif"
        )
        label.text = rules.streets.get(street, street)
        x = margin
        for g, group in enumerate(groups):
            x += gap if g else 0
            for site in group:
                b = by_site.get(site)
                box = ET.SubElement(svg, "g", id=f"site-{site}")
                ET.SubElement(
                    box,
                    "rect",
                    x=str(x + 2),
                    y=str(y),
                    width=str(w - 4),
                    height=str(h),
                    fill="#9c6b43" if b else "#fff0a0" if site == highlight else "#fffdf7",
                    stroke="#c59b00" if site == highlight else "#8a7f6a",
                )
                sid = ET.SubElement(
                    box, "text", x=str(x + 8), y=str(y + 18), style="font: bold 13px sans-serif"
                )
                sid.text = site
                if b is not None:
                    name = ET.SubElement(
                        box, "text", x=str(x + 8), y=str(y + 38), style="font: 11px sans-serif"
                    )
                    name.text = f"{rules.permits[b.permit].name} ({b.owner})"
                x += w
        y += h + gap
    return ET.tostring(svg, encoding="unicode")
