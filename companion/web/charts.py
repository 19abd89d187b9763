"""Line charts of a table's figures per round, drawn on the server as SVG (no script, no CDN).

This module only computes the geometry (points, ticks, where each label goes); the template
``base/_line_chart.html`` writes the SVG, so every label (a player's name) is escaped by Jinja
like any other text. The colours are the Okabe-Ito palette, which people with the common colour
blindnesses can tell apart, and every line also has its own marker shape, dash pattern and a
label with the player's name at its end: colour is never the only clue. A seat that has a colour of
its own at the table (an AGoT house: the same colour as on the TV and the phones, issue #36) keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Okabe & Ito's colour-blind-safe palette, brightest first for a dark TV background.
PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00", "#FFFFFF", "#0072B2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring", "bar", "star")
DASHES = ("", "12 6", "4 6", "16 6 4 6", "2 4", "8 8", "", "12 4 2 4")

#: viewBox sizes: a wide chart for the TV (about the shape of its place on a 16:9 screen) and a
#: narrow one for a phone; CSS shows one of the two.
WIDE, NARROW = (1400, 400), (640, 470)
LEFT, TOP, BOTTOM = 56, 18, 48
#: End labels are 26 units tall (static/story.css ``.chart .end``): two equal lines' labels sit at
#: least this far apart, so they never touch (issue #37: "1 Baratheon" on "1 Greyjoy").
LABEL_GAP = 34


@dataclass
class Line:
    """One player's line: its points and how it is told apart without colour."""

    seat: str
    label: str
    color: str
    marker: str
    dash: str
    points: list[tuple[float, float, int]] = field(default_factory=list)  # x, y, value
    end_y: float = 0.0  # where the end label sits (moved apart from the others)

    @property
    def path(self) -> str:
        return " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y, _v) in enumerate(self.points))


@dataclass
class Chart:
    title: str
    w: int
    h: int
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, int]]
    lines: list[Line]
    plot: tuple[float, float, float, float]  # left, top, right, bottom
    label_x: float


def style(i: int, color: str | None = None) -> tuple[str, str, str]:
    """Colour, marker and dash of the i-th seat (``color``: the seat's own colour at the table)."""
    return color or PALETTE[i % len(PALETTE)], MARKERS[i % len(MARKERS)], DASHES[i % len(DASHES)]


def _spread(ys: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Move end labels apart (at least ``gap``) while keeping them in order and inside [lo, hi]."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [0.0] * len(ys)
    last = lo - gap
    for i in order:
        placed[i] = max(ys[i], last + gap)
        last = placed[i]
    overflow = last - hi
    if overflow > 0:
        for i in order:
            placed[i] = max(lo, placed[i] - overflow)
    return placed


def line_chart(title: str, rounds: list[int], seats: list[tuple[str, str]],
               values: dict[str, list[int | None]], size: tuple[int, int] = WIDE,
               colors: dict[str, str] | None = None) -> Chart:
    """A chart of one figure: ``seats`` is [(seat id, label)] in seat order, ``values[seat]`` one
    value per round (None where the figure is missing). The narrow chart's end labels carry the
    value only (the legend above the charts names the players)."""
    w, h = size
    narrow = size == NARROW
    left, top, right, bottom = LEFT, TOP, w - (60 if narrow else 290), h - BOTTOM
    known = [v for vs in values.values() for v in vs if v is not None]
    hi = max([*known, 1])
    lo = min([*known, 0])
    step = max(1, -(-(hi - lo) // 5))
    hi = lo + step * max(1, -(-(hi - lo) // step))
    span_x = max(1, len(rounds) - 1)

    def x_of(i: int) -> float:
        return left + (right - left) * (i / span_x if len(rounds) > 1 else 0.5)

    def y_of(v: int) -> float:
        return bottom - (bottom - top) * (v - lo) / (hi - lo)

    lines = []
    for i, (seat, label) in enumerate(seats):
        color, marker, dash = style(i, (colors or {}).get(seat))
        line = Line(seat=seat, label=label, color=color, marker=marker, dash=dash)
        line.points = [(x_of(j), y_of(v), v) for j, v in enumerate(values.get(seat, [])) if v is not None]
        lines.append(line)
    ends = _spread([ln.points[-1][1] if ln.points else bottom for ln in lines], LABEL_GAP, top + 8, bottom)
    for line, y in zip(lines, ends):
        line.end_y = y
    if narrow:
        for line in lines:
            line.label = ""
    return Chart(title=title, w=w, h=h, x_ticks=[(x_of(i), str(r)) for i, r in enumerate(rounds)],
                 y_ticks=[(y_of(v), v) for v in range(lo, hi + 1, step)], lines=lines,
                 plot=(left, top, right, bottom), label_x=right + 14)
