"""The TV's drawn map (companion/games/agot/tvmap.py): it agrees with the board's adjacency, its
generated template is current, and no two area labels overlap, in English and Portuguese."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from babel.support import Translations

from companion.games.agot import board as board_data
from companion.games.agot import names, tvmap

NAME_FONT, LINE_GAP, MARK_GAP, MARK_FONT, ORDER_FONT = 2.8, 2.9, 3.8, 3.1, 2.9  # the SVG sizes set in _map.html / tv.css
CHAR_W = 0.62  # a generous average advance of a bold sans-serif glyph, in ems


def test_generated_template_is_current():
    assert tvmap.TEMPLATE.read_text(encoding="utf-8") == tvmap.template_source(), \
        "run: python -m companion.games.agot.tvmap"


def test_every_board_adjacency_is_a_shared_border():
    d = tvmap.drawing()
    board = board_data.load()
    real = {frozenset((a.id, b)) for a in board.areas.values() if a.type != "port"
            for b in a.adjacent if board.areas[b].type != "port"}
    assert real - d.touching == set()
    extra = d.touching - real
    assert extra == d.rivers, "a drawn border the board does not cross must be listed as a river"
    assert all(board.areas[a].type == "land" for pair in d.rivers for a in pair)
    assert set(d.ports) == {a.id for a in board.areas.values() if a.type == "port"}


def busy_marks(area: str) -> str:
    """The marks line of a busy area: its fort, a holder with 4 units, a power token (then its order)."""
    board = board_data.load().areas[area]
    fort = {"stronghold": "♜♜ ", "castle": "♜ "}.get(board.fort or "", "")
    return fort + "G4" + (" ●G" if board.type == "land" else "")


def busy_width(area: str) -> float:
    """The marks line and a special bonus order token beside it ("✚+1★"), as _map.html spaces them."""
    return len(busy_marks(area)) * CHAR_W * MARK_FONT + 0.6 + 4 * CHAR_W * ORDER_FONT + 1.4


def _boxes(lang: str) -> dict[str, tuple[float, float, float, float]]:
    """Label boxes (name lines and a busy marks line) in map units, as _map.html lays them out."""
    tr = Translations.load(str(Path(tvmap.__file__).parent / "translations"), [lang])
    d = tvmap.drawing()
    boxes = {}
    for area, (x, y) in d.labels.items():
        lines = textwrap.wrap(tr.gettext(names.AREAS[area]), 11, break_long_words=False)
        width = max(max(len(ln) for ln in lines) * CHAR_W * NAME_FONT, busy_width(area))
        top = y - (len(lines) - 1) * 1.45 - NAME_FONT * 0.95
        bottom = y - (len(lines) - 1) * 1.45 + (len(lines) - 1) * LINE_GAP + MARK_GAP + 0.95
        boxes[area] = (x - width / 2, top, x + width / 2, bottom)
    return boxes


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_labels_do_not_overlap(lang):
    boxes = _boxes(lang)
    d = tvmap.drawing()
    clashes = []
    items = sorted(boxes.items())
    for i, (a, p) in enumerate(items):
        if not (0 <= p[0] and p[2] <= d.width and 0 <= p[1] and p[3] <= d.height):
            clashes.append((a, "frame"))
        for b, q in items[i + 1:]:
            if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]:
                clashes.append((a, b))
    assert clashes == []
