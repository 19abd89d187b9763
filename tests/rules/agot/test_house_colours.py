"""The six house colours are told apart without full colour vision (issue #36).

Every pair of houses differs by a CIEDE2000 distance of at least 10 as seen with normal vision and
under simulated protanopia, deuteranopia and tritanopia (full severity; Machado et al. 2009, and
Viénot/Brettel as a cross-check, computed by coloraide); every house colour is at least 3:1 against
the TV map's land and sea, and so is a unit token (the house colour lightened, drawn on the area its
house tints); each stays recognisably its house's colour (its hue family in OKLCh). The map's
colours and the mixing are read from the files that draw them, so a change there is checked too.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from coloraide import Color

from companion.games.agot import board as board_data

ROOT = Path(__file__).resolve().parents[3]
HOUSES = {h: d["color"] for h, d in board_data.load().houses.items()}
SIMULATIONS = [(None, None), ("protan", "machado"), ("deutan", "machado"), ("tritan", "machado"),
               ("protan", "vienot"), ("deutan", "vienot"), ("tritan", "brettel")]
MIN_DELTA_E = 10.0


def seen(color: str, deficiency: str | None, method: str | None) -> Color:
    c = Color(color)
    if deficiency is None:
        return c
    return c.filter(deficiency, method=method).convert("srgb").clip()


def worst_pair(deficiency: str | None, method: str | None) -> tuple[float, str, str]:
    looks = {h: seen(c, deficiency, method) for h, c in HOUSES.items()}
    return min((looks[a].delta_e(looks[b], method="2000"), a, b) for a, b in itertools.combinations(HOUSES, 2))


def map_colour(selector: str) -> Color:
    css = (ROOT / "static" / "tv.css").read_text(encoding="utf-8")
    found = re.search(re.escape(selector) + r"\s*\{\s*fill:\s*(#[0-9a-fA-F]{6})", css)
    assert found, selector
    return Color(found.group(1))


def test_all_six_houses_are_checked():
    assert set(HOUSES) == {"baratheon", "lannister", "stark", "greyjoy", "tyrell", "martell"}


@pytest.mark.parametrize(("deficiency", "method"), SIMULATIONS)
def test_every_pair_of_houses_differs_by_delta_e_10(deficiency, method):
    d, a, b = worst_pair(deficiency, method)
    assert d >= MIN_DELTA_E, f"{a}/{b}: ΔE2000 {d:.1f} under {deficiency or 'normal vision'} ({method})"


def test_the_old_palette_would_fail():
    """The check can fail: the palette before issue #36 had Tyrell and Martell at ΔE 4.0 under
    protanopia (and Lannister and Tyrell at 5.9 under deuteranopia)."""
    old = {"tyrell": "#3a9a48", "martell": "#e8772e", "lannister": "#c8303a"}
    protan = seen(old["tyrell"], "protan", "machado").delta_e(seen(old["martell"], "protan", "machado"), method="2000")
    deutan = seen(old["lannister"], "deutan", "machado").delta_e(seen(old["tyrell"], "deutan", "machado"), method="2000")
    assert round(protan, 1) == 4.0 and round(deutan, 1) == 5.9


def test_house_colours_and_tokens_are_3_to_1_against_the_map():
    land, sea = map_colour("svg.tvmap .cell.land"), map_colour("svg.tvmap .cell.sea")
    tmpl = (ROOT / "templates" / "agot" / "_map.html").read_text(encoding="utf-8")
    # how _map.html tints an area (the house colour with an alpha byte) and draws a unit's mark on it
    tint = re.search(r'view\.colors\[owner\] ~ \("([0-9a-f]{2})" if a in N\.land else "([0-9a-f]{2})"\)', tmpl)
    mix = re.search(r'class="who" style="fill: color-mix\(in srgb, \{\{ view\.colors\[u\.house\] \}\} (\d+)%, white\)', tmpl)
    assert tint and mix
    for house, color in HOUSES.items():
        c = Color(color)
        for ground in (land, sea):
            assert c.contrast(ground, method="wcag21") >= 3, f"{house} on the map: {c.contrast(ground, method='wcag21'):.2f}"
        token = Color.mix(c, "white", 1 - int(mix.group(1)) / 100, space="srgb")
        for ground, alpha in ((land, tint.group(1)), (sea, tint.group(2))):
            tinted = Color.layer([Color(color).set("alpha", int(alpha, 16) / 255), ground])
            ratio = token.contrast(tinted, method="wcag21")
            assert ratio >= 3, f"{house}'s token on its own area: {ratio:.2f}"


#: OKLCh hue families (degrees) and greys: each house keeps the colour players know it by
FAMILY = {"baratheon": (80, 110), "lannister": (5, 35), "tyrell": (130, 175), "martell": (45, 75)}


def test_each_house_keeps_its_colour():
    for house, color in HOUSES.items():
        lightness, chroma, hue = Color(color).convert("oklch").coords()
        if house in FAMILY:
            lo, hi = FAMILY[house]
            assert chroma >= 0.1 and lo <= hue <= hi, f"{house}: {color} is not its colour any more"
        elif house == "stark":
            assert chroma < 0.04 and lightness > 0.85, "Stark: white-grey"
        else:
            assert chroma < 0.04 and lightness < 0.75, "Greyjoy: iron grey, darker than Stark"
