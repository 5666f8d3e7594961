"""The board: spaces, streets, railway, landmarks, regions, and the networkx graph of
their facts.

A `Board` is built once from its file (see `board_file.py`) and is read-only
afterwards. Geometry: `x` grows to the east and `y` to the south; a street or
the railway is a line lying between two rows (east-west) or two columns
(north-south) of cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from adjudicator.deduction.models.deal import Deal

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "RELATIONS",
    "Board",
    "BuildingInfo",
    "Field",
    "Line",
    "Space",
]

Direction = Literal["north", "south", "east", "west"]
Runs = Literal["east-west", "north-south"]

#: Relations a condition card may state between its named building (first) and my building.
RELATIONS: tuple[str, ...] = (
    "next_to",
    "opposite",
    "same_street",
    "in_sight",
    "north_of",
    "south_of",
    "east_of",
    "west_of",
)


@dataclass(frozen=True, slots=True)
class Line:
    """A street or the railway: a straight line between two rows or two columns of cells."""

    id: str
    name: str
    runs: Runs
    between: tuple[int, int]
    span: tuple[int, int] | None = None  # cells along the line it covers; None: the whole board
    railway: bool = False

    def borders(self, x: int, y: int) -> Direction | None:
        """The side of cell (x, y) that this line runs along, if any."""
        along, across = (x, y) if self.runs == "east-west" else (y, x)
        if self.span is not None and not self.span[0] <= along <= self.span[1]:
            return None
        if across == self.between[0]:
            return "south" if self.runs == "east-west" else "east"
        if across == self.between[1]:
            return "north" if self.runs == "east-west" else "west"
        return None

    def separates(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether the line runs between two orthogonally neighbouring cells."""
        side_a = self.borders(*a)
        return side_a is not None and self.borders(*b) is not None and _step(a, side_a) == b


def _step(cell: tuple[int, int], direction: Direction) -> tuple[int, int]:
    x, y = cell
    return {
        "north": (x, y - 1),
        "south": (x, y + 1),
        "east": (x + 1, y),
        "west": (x - 1, y),
    }[direction]


@dataclass(frozen=True, slots=True)
class Space:
    """A site on the board. Building spaces hold markers; frame fields never do."""

    id: str
    x: int
    y: int
    street: str | None  # the street its entrance opens onto
    frame: bool = False

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Field:
    """A landmark field that is not a building space (Old Town's station and cemetery)."""

    id: str
    name: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class BuildingInfo:
    """A building of the board: its id (as files write it) and its name (as players say it)."""

    id: str
    name: str


# No slots: its cached properties keep their values in the instance's __dict__.
@dataclass(frozen=True)
class Board:
    """A board with everything a clue can refer to. Build it with `board_file.load_board`."""

    id: str
    name: str
    source: str
    spaces: Mapping[str, Space]
    lines: Mapping[str, Line]
    buildings: Mapping[str, BuildingInfo]
    landmarks: Mapping[str, str]  # landmark id -> display name
    fields: Mapping[str, Field]  # landmarks with a fixed field (not set up on a frame)
    regions: Mapping[str, frozenset[str]]
    options: Mapping[str, object] = field(default_factory=dict)
    deal: Deal = field(default_factory=Deal)
    card_sizes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    card_counts: Mapping[str, int] = field(default_factory=dict)  # cards of each kind printed
    kind_labels: Mapping[str, str] = field(default_factory=dict)
    markers_per_building: int = 5
    max_markers_per_space: int = 3

    # ----- the parts of the board -------------------------------------------------

    @cached_property
    def building_spaces(self) -> tuple[str, ...]:
        """Ids of the spaces that can hold a building, in file order."""
        return tuple(s.id for s in self.spaces.values() if not s.frame)

    @cached_property
    def frames(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.frame)

    @property
    def streets(self) -> dict[str, Line]:
        return {k: v for k, v in self.lines.items() if not v.railway}

    @property
    def railway(self) -> Line | None:
        return next((line for line in self.lines.values() if line.railway), None)

    @cached_property
    def _cells(self) -> dict[tuple[int, int], str]:
        cells = {s.cell: s.id for s in self.spaces.values()}
        cells.update({(f.x, f.y): f.id for f in self.fields.values()})
        return cells

    def cell_of(self, site: str, setup: Mapping[str, str] | None = None) -> tuple[int, int]:
        """Grid cell of a space, a fixed landmark field, or a landmark set up on a frame."""
        if site in self.spaces:
            return self.spaces[site].cell
        if site in self.fields:
            f = self.fields[site]
            return (f.x, f.y)
        for frame, landmark in (setup or {}).items():
            if landmark == site:
                return self.spaces[frame].cell
        raise KeyError(site)

    # ----- the graph ----------------------------------------------------------------

    def line_between(self, a: tuple[int, int], b: tuple[int, int]) -> Line | None:
        for line in self.lines.values():
            if line.separates(a, b):
                return line
        return None

    @cached_property
    def _edges(self) -> tuple[tuple[str, str, str, str | None], ...]:
        """Every typed edge (a, b, relation, line): the facts `graph` and `neighbours` read.

        `next_to`: orthogonal neighbours with no street or railway between them
        (the same block). `opposite`: orthogonal neighbours across exactly one
        street or the railway (the line's id). `in_sight`: any of the eight surrounding cells.
        """
        edges: list[tuple[str, str, str, str | None]] = []
        for (x, y), a in self._cells.items():
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                b = self._cells.get((x + dx, y + dy))
                if b is None:
                    continue
                edges.append((a, b, "in_sight", None))
                if dx and dy:
                    continue
                line = self.line_between((x, y), (x + dx, y + dy))
                if line is None:
                    edges.append((a, b, "next_to", None))
                else:
                    edges.append((a, b, "opposite", line.id))
        return tuple(edges)

    @cached_property
    def graph(self) -> nx.MultiGraph[str]:
        """Spaces and landmark fields as nodes; typed edges `next_to`, `opposite`,
        `in_sight` (keyed by the relation; see `_edges`), for whoever wants the graph."""
        import networkx as nx  # here, not at the top: a ruling reads `neighbours` instead

        g: nx.MultiGraph[str] = nx.MultiGraph(name=self.name)
        for s in self.spaces.values():
            g.add_node(s.id, x=s.x, y=s.y, street=s.street, frame=s.frame, kind="space")
        for f in self.fields.values():
            g.add_node(f.id, x=f.x, y=f.y, street=None, frame=False, kind="landmark")
        for a, b, relation, line in self._edges:
            if line is None:
                g.add_edge(a, b, key=relation, relation=relation)
            else:
                g.add_edge(a, b, key=relation, relation=relation, line=line)
        return g

    @cached_property
    def _adjacent(self) -> dict[tuple[str, str], frozenset[str]]:
        # Plain dicts, not the graph: importing networkx alone costs more than a whole ruling
        # (issue 13); tests/test_board.py holds the two equal.
        near: dict[tuple[str, str], set[str]] = {}
        for a, b, relation, _ in self._edges:
            near.setdefault((a, relation), set()).add(b)
            near.setdefault((b, relation), set()).add(a)
        return {key: frozenset(sites) for key, sites in near.items()}

    def neighbours(self, site: str, relation: str) -> frozenset[str]:
        """Sites joined to `site` by an edge of the given type."""
        return self._adjacent.get((site, relation), frozenset())

    # ----- relations between two building spaces ------------------------------------

    def related(self, relation: str, a: str, b: str) -> bool:
        """Whether building space `a` stands in `relation` to building space `b`."""
        return (a, b) in self.relation_pairs(relation)

    def relation_pairs(self, relation: str) -> frozenset[tuple[str, str]]:
        return self._relation_table[relation]

    @cached_property
    def _relation_table(self) -> dict[str, frozenset[tuple[str, str]]]:
        spaces = [self.spaces[s] for s in self.building_spaces]
        table: dict[str, set[tuple[str, str]]] = {name: set() for name in RELATIONS}
        for a in spaces:
            for b in spaces:
                if a.id == b.id:
                    continue
                if a.street is not None and a.street == b.street:
                    table["same_street"].add((a.id, b.id))
                if a.y < b.y:
                    table["north_of"].add((a.id, b.id))
                if a.y > b.y:
                    table["south_of"].add((a.id, b.id))
                if a.x > b.x:
                    table["east_of"].add((a.id, b.id))
                if a.x < b.x:
                    table["west_of"].add((a.id, b.id))
            for rel in ("next_to", "opposite", "in_sight"):
                for other in self.neighbours(a.id, rel):
                    if other in self.spaces and not self.spaces[other].frame:
                        table[rel].add((a.id, other))
        return {name: frozenset(pairs) for name, pairs in table.items()}

    # ----- facts of one space -------------------------------------------------------

    def side_of(self, space: str, line_id: str) -> Direction | None:
        """Which side of the line the space lies on ('north'/'south' or 'east'/'west')."""
        s = self.spaces[space]
        line = self.lines[line_id]
        coord = s.y if line.runs == "east-west" else s.x
        if coord <= line.between[0]:
            return "north" if line.runs == "east-west" else "west"
        return "south" if line.runs == "east-west" else "east"

    def borders(self, space: str, line_id: str) -> bool:
        s = self.spaces[space]
        return self.lines[line_id].borders(s.x, s.y) is not None

    def on_edge(self, space: str, direction: Direction) -> bool:
        """No cell of the town lies further in `direction` in the space's row or column."""
        x, y = self.spaces[space].cell
        for cx, cy in self._cells:
            if direction == "east" and cy == y and cx > x:
                return False
            if direction == "west" and cy == y and cx < x:
                return False
            if direction == "north" and cx == x and cy < y:
                return False
            if direction == "south" and cx == x and cy > y:
                return False
        return True

    def facts(self, space: str) -> list[str]:
        """Every fact of a space, written in the clue language (see `clue.py`)."""
        s = self.spaces[space]
        out: list[str] = []
        if s.frame:
            return ["frame"]
        if s.street:
            out.append(f"street({s.street})")
        for line in self.lines.values():
            side = self.side_of(space, line.id)
            out.append(f"{side}_of({line.id})")
        street_lines = [
            ln for ln in self.lines.values() if not ln.railway and self.borders(space, ln.id)
        ]
        for h in street_lines:
            for v in street_lines:
                if h.runs == "east-west" and v.runs == "north-south":
                    out.append(f"corner({h.id}, {v.id})")
        rail = self.railway
        if rail is not None and self.borders(space, rail.id):
            out.append("next_to_railway()")
        for direction in ("north", "south", "east", "west"):
            if self.on_edge(space, direction):
                out.append(f"edge({direction})")
        for fid in self.fields:
            if fid in self.neighbours(space, "in_sight"):
                out.append(f"in_sight({fid})")
        for name, members in self.regions.items():
            if space in members:
                out.append(f"region({name})")
        return out

    # ----- names ---------------------------------------------------------------------

    def building_name(self, building: str) -> str:
        info = self.buildings.get(building)
        return info.name if info else building

    def space_name(self, space: str) -> str:
        return space.upper()

    def kind_label(self, kind: str) -> str:
        return self.kind_labels.get(kind, kind)

    def describe_spaces(self, spaces: Iterable[str]) -> str:
        return ", ".join(self.space_name(s) for s in self.sort_spaces(spaces))

    @cached_property
    def _space_order(self) -> dict[str, int]:
        return {sid: i for i, sid in enumerate(self.spaces)}

    def sort_spaces(self, spaces: Iterable[str]) -> list[str]:
        order = self._space_order
        end = len(order)
        return sorted(spaces, key=lambda s: order.get(s, end))
