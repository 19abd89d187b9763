"""Supply: levels from barrels, army limits, and the reconciliation step (seed 000 p.8-9)."""

from __future__ import annotations

import pytest
from agot_kit import act, ctx, new_game, to_westeros

from companion.games.agot import GAME, areas, flow, supply
from companion.games.agot import board as board_data
from companion.games.base import RuleError


def lannister_p8():
    """The p.8 position: Lannister holds armies of 4, 3, 2 and 2 on supply 5 and has just lost
    Riverrun and Seagard (one barrel each)."""
    s = new_game(6)
    for area in ("lannisport", "stoney-sept"):
        s["units"].pop(area, None)
    areas.set_units(s, "the-twins", "lannister", {"footman": 3, "knight": 1})
    areas.set_units(s, "harrenhal", "lannister", {"footman": 2, "knight": 1})
    areas.set_units(s, "lannisport", "lannister", {"footman": 1, "knight": 1})
    areas.set_units(s, "stoney-sept", "lannister", {"footman": 2})
    areas.set_units(s, "searoad-marches", "lannister", {"footman": 1})
    s["supply"]["lannister"] = 5
    return s


def test_supply_track_table():
    """Level 3 allows four armies of 3, 2, 2, 2 (seed 000 p.8); single units never count."""
    assert supply.limits(3) == [3, 2, 2, 2]
    assert supply.fits([3, 2, 2, 2, 1, 1, 1], 3)
    assert not supply.fits([3, 3], 3)
    assert supply.limits(9) == supply.limits(6)


def test_supply_example_p8():
    """Seed 000 p.8: Lannister drops from 5 to 3 and must destroy one footman in The Twins and one
    in Harrenhal to fit 3, 2, 2, 2."""
    s = lannister_p8()
    assert s["supply"]["lannister"] == 5 and supply.report(s, "lannister")["legal"]
    to_westeros(s)
    flow.push(s, {"kind": "supply"})
    flow.advance(s, ctx(host=True))
    assert s["supply"]["lannister"] == 3
    report = supply.report(s, "lannister")
    assert not report["legal"] and report["must_remove"] == 2
    assert [(a["area"], a["size"], a["remove"]) for a in report["armies"][:2]] == [
        ("the-twins", 4, 1), ("harrenhal", 3, 1)]
    assert s["step"] == "armies"
    assert GAME.waiting_for(s) == ["lannister"]
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "remove_units", "area": "the-twins", "unit": "footman"})
    act(s, "lannister", {"type": "remove_units", "area": "the-twins", "unit": "footman"})
    assert s["step"] == "armies"
    act(s, "lannister", {"type": "remove_units", "area": "harrenhal", "unit": "footman"})
    assert supply.report(s, "lannister")["legal"]
    assert flow.current(s) is None or flow.current(s)["kind"] != "armies"


def test_supply_is_capped_at_six():
    """More than six barrels still give level 6 (seed 000 p.8)."""
    s = new_game(6)
    b = board_data.load()
    for a in b.areas.values():
        if a.is_land and a.barrels and a.id not in s["neutral"]:
            areas.set_control(s, a.id, "stark")
    assert supply.level_from_control(s, "stark") == 6


def test_can_hold_counts_the_new_army():
    s = lannister_p8()
    s["supply"]["lannister"] = 3
    assert not supply.can_hold(s, "lannister", "lannisport", 1)
