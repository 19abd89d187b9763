"""The story's line charts (companion/web/charts.py): end labels of equal lines never touch."""

from __future__ import annotations

import itertools

import pytest

from companion.web import charts

END_LABEL_HEIGHT = 26  # static/story.css: .chart .end { font-size: 26px }


@pytest.mark.parametrize("size", [charts.WIDE, charts.NARROW])
@pytest.mark.parametrize("values", [
    {"a": [2, 1, 1], "b": [1, 1, 1], "c": [5, 1, 1], "d": [0, 1, 1]},  # all four end together
    {"a": [0, 0, 0], "b": [0, 0, 0], "c": [7, 7, 7], "d": [7, 7, 7]},  # two pairs, at the bottom and the top
    {"a": [1, 2, 3], "b": [1, 2, 3], "c": [1, 2, 4], "d": [6, 6, 0]},
])
def test_end_labels_stay_apart_and_inside_the_chart(values, size):
    """Issue #37: "1 Baratheon · Ana" was drawn on "1 Greyjoy · Duda" (24 units apart, 26 tall)."""
    seats = [(s, s.upper()) for s in values]
    chart = charts.line_chart("t", [1, 2, 3], seats, values, size)
    ends = sorted(line.end_y for line in chart.lines)
    for a, b in itertools.pairwise(ends):
        assert b - a >= END_LABEL_HEIGHT + 4
    left, top, right, bottom = chart.plot
    assert all(top <= y <= bottom for y in ends)
