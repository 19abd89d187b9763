"""The TV's drawn map of Westeros: geometry from data/tv_map.toml, written out as a Jinja macro file.

Each area owns seed points; every spot of the frame belongs to the area of its nearest seed (a
Voronoi partition, computed here by clipping the frame with half-planes, 58 areas need no library).
Cells of one area share a colour; borders are drawn only between different areas, thicker on coasts.
Ports are markers, not cells. The result never changes at run time, so it is generated once into
``templates/agot/_tvmap_data.html`` (``python -m companion.games.agot.tvmap``); a test checks that file
is up to date and that the drawing agrees with the adjacency in board.toml.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ... import datafiles
from ...resources import TEMPLATES
from . import board as board_data
from .data_models import DATA as DATA_DIR
from .data_models import TvMapFile

DATA = DATA_DIR / "tv_map.toml"
TEMPLATE = TEMPLATES / "agot" / "_tvmap_data.html"
FRAME = -1  # edge label of the frame's own sides
Point = tuple[float, float]


@dataclass
class Drawing:
    width: float
    height: float
    cells: dict[str, list[list[Point]]] = field(default_factory=dict)  # area -> convex polygons
    labels: dict[str, Point] = field(default_factory=dict)
    ports: dict[str, Point] = field(default_factory=dict)
    borders: dict[str, list[tuple[Point, Point]]] = field(default_factory=dict)  # coast / land / sea
    touching: set[frozenset[str]] = field(default_factory=set)  # pairs of areas sharing a border
    rivers: set[frozenset[str]] = field(default_factory=set)  # drawn borders the board does not cross


def _clip(poly: list[tuple[float, float, int]], nx: float, ny: float, c: float,
          lab: int) -> list[tuple[float, float, int]]:
    """Keep the part of ``poly`` where nx*x + ny*y <= c; vertices carry the label of their outgoing edge."""
    out: list[tuple[float, float, int]] = []
    n = len(poly)
    for i in range(n):
        px, py, pl = poly[i]
        qx, qy, _ql = poly[(i + 1) % n]
        dp, dq = nx * px + ny * py - c, nx * qx + ny * qy - c
        if dp <= 1e-9:
            out.append((px, py, pl))
            if dq > 1e-9:
                t = dp / (dp - dq)
                out.append((px + t * (qx - px), py + t * (qy - py), lab))
        elif dq <= 1e-9:
            t = dp / (dp - dq)
            out.append((px + t * (qx - px), py + t * (qy - py), pl))
    return out


@lru_cache(maxsize=1)
def drawing() -> Drawing:
    """Compute the map once: cells per area, label points, port markers, borders by kind."""
    raw = datafiles.load(DATA, TvMapFile, board_data.BoardDataError)
    # The partition is computed in the authored units scaled by `scale` (the metric the seeds were
    # placed for), then widened by `stretch` to fill the TV's stage (a stretch keeps which cells touch).
    mx, my = raw.frame.scale
    sx, sy = raw.frame.stretch
    w, h = raw.frame.width * mx, raw.frame.height * my
    board = board_data.load()
    seeds: list[tuple[str, Point]] = []
    out = Drawing(width=round(w * sx, 2), height=round(h * sy, 2))
    for area, spec in raw.areas.items():
        if area not in board.areas:
            raise board_data.BoardDataError(f"tv_map.toml names an unknown area: {area}")
        if spec.port is not None:
            out.ports[area] = (spec.port[0] * mx * sx, spec.port[1] * my * sy)
            continue
        for x, y in spec.seeds:
            seeds.append((area, (x * mx, y * my)))
        lx, ly = spec.label or spec.seeds[0]
        out.labels[area] = (lx * mx * sx, ly * my * sy)
    if set(out.labels) | set(out.ports) != set(board.areas):
        raise board_data.BoardDataError("tv_map.toml must draw every area exactly once")
    kind = {a.id: ("sea" if a.type == "sea" else "land") for a in board.areas.values()}
    rivers = {frozenset(pair) for pair in raw.borders.rivers}
    segs: dict[str, list[tuple[Point, Point]]] = {"coast": [], "land": [], "sea": [], "river": []}
    for i, (area, (xi, yi)) in enumerate(seeds):
        poly = [(0.0, 0.0, FRAME), (w, 0.0, FRAME), (w, h, FRAME), (0.0, h, FRAME)]
        for j, (_other, (xj, yj)) in enumerate(seeds):
            if i != j:
                poly = _clip(poly, 2 * (xj - xi), 2 * (yj - yi), xj * xj + yj * yj - xi * xi - yi * yi, j)
        out.cells.setdefault(area, []).append([(round(x * sx, 2), round(y * sy, 2)) for x, y, _ in poly])
        for k, (x, y, lab) in enumerate(poly):
            if lab == FRAME or lab < i:
                continue
            other = seeds[lab][0]
            if other == area:
                continue
            q = poly[(k + 1) % len(poly)]
            if abs(q[0] - x) + abs(q[1] - y) < 0.04:
                continue
            out.touching.add(frozenset((area, other)))
            key = "coast" if kind[area] != kind[other] else kind[area]
            if frozenset((area, other)) in rivers:
                key = "river"
            segs[key].append(((round(x * sx, 2), round(y * sy, 2)), (round(q[0] * sx, 2), round(q[1] * sy, 2))))
    out.borders = segs
    out.rivers = rivers
    return out


def _path(polys: list[list[Point]]) -> str:
    return " ".join("M" + " L".join(f"{x:g} {y:g}" for x, y in p) + "Z" for p in polys)


def _segments(segs: list[tuple[Point, Point]]) -> str:
    return " ".join(f"M{a[0]:g} {a[1]:g} L{b[0]:g} {b[1]:g}" for a, b in segs)


def template_source() -> str:
    """The Jinja macro file the screen imports (static geometry; colours come from the caller)."""
    d = drawing()
    board = board_data.load()
    lines = [
        "{# GENERATED by `python -m companion.games.agot.tvmap` from data/tv_map.toml: do not edit. #}",
        f"{{% set W, H = {d.width:g}, {d.height:g} %}}",
        "{% set LABELS = {" + ", ".join(f'"{a}": ({x:g}, {y:g})' for a, (x, y) in sorted(d.labels.items())) + "} %}",
        "{% set PORTS = {" + ", ".join(f'"{a}": ({x:g}, {y:g})' for a, (x, y) in sorted(d.ports.items())) + "} %}",
        "{% macro cells(fills) -%}",
    ]
    for area in sorted(d.cells):
        cls = "sea" if board.areas[area].type == "sea" else "land"
        lines.append(f'<path class="cell {cls}" data-area="{area}" d="{_path(d.cells[area])}"'
                     f'{{% if fills.get("{area}") %}} style="fill: {{{{ fills["{area}"] }}}}"{{% endif %}}/>')
    lines.append("{%- endmacro %}")
    lines.append("{% macro borders() -%}")
    for key in ("sea", "land", "river", "coast"):
        lines.append(f'<path class="border {key}" d="{_segments(d.borders[key])}"/>')
    lines.append("{%- endmacro %}")
    return "\n".join(lines) + "\n"


def main() -> None:
    TEMPLATE.write_text(template_source(), encoding="utf-8")
    print(f"wrote {TEMPLATE}")


if __name__ == "__main__":
    main()
