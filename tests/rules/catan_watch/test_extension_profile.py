"""The engine is generic over the board profile: a larger frame (two more clan areas and wall
sections, as the 5-6 player extension adds) runs on the same code. The extension's real layout is
not in seed 004, so this profile is a test fixture, not shipped data."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.catan_watch import profile as prof


def bigger_frame():
    raw = prof.default()
    raw["clans"] += [{"id": "thenn", "name": "Thenns", "camps": 3}, {"id": "shore", "name": "Frozen Shore", "camps": 4}]
    raw["clearings"] += [{"id": "c910", "name": "Clearing 9, 10"}, {"id": "c1112", "name": "Clearing 11, 12"}]
    raw["hexes"] += [{"id": f"x{i}", "name": f"Extra hex {i}"} for i in range(1, 5)]
    raw["sections"] += [
        {"id": "w5", "name": "Wall section 5", "clearing": "c910", "spaces": 5, "hexes": ["x1", "x2"]},
        {"id": "w6", "name": "Wall section 6", "clearing": "c1112", "spaces": 5, "hexes": ["x3", "x4", "s4h4"]},
    ]
    raw["trails"] += [{"number": 9, "clan": "thenn", "clearing": "c910"},
                      {"number": 10, "clan": "thenn", "clearing": "c1112"},
                      {"number": 11, "clan": "shore", "clearing": "c1112"},
                      {"number": 12, "clan": "shore", "clearing": "c1112"}]
    raw["starting_heroes"]["5"] = ["snow", "yarwyck", "tarly", "marsh", "mormont"]
    raw["starting_heroes"]["6"] = ["aemon", "snow", "yarwyck", "tarly", "marsh", "mormont"]
    return raw


def test_default_profile_refuses_five_players(table):
    with pytest.raises(RuleError) as err:
        table(players=5)
    assert "p.5" in err.value.rule


def test_five_players_on_a_bigger_frame(table):
    t = table(players=5, dice="physical", profile=bigger_frame())
    t.finish_setup({"p1": "w5", "p2": "w6", "p3": "w1", "p4": "w2", "p5": "w6"})
    assert t.view["players"]["p1"]["hero"]["id"] == "snow"
    # a Thenn climber on trail 10 jumps section 6, whose second hex is shared with section 4
    t.set_board(clans={"thenn": ["climber", "normal", "giant"]}, gift={"x3": ["normal"], "x4": ["giant"]})
    t.roll(10)
    assert t.view["gift"]["s4h4"] == ["climber"]
    assert t.view["clans"]["thenn"] == ["normal", "giant"]
    # a keep brings two more: the 4th wildling in a 3-camp clan area attacks along trails 9 and 10
    t.act("p1", {"type": "build", "what": "keep", "tokens": [{"wildling": "normal", "clan": "thenn"},
                                                             {"wildling": "giant", "clan": "thenn"}]})
    v = t.view
    assert v["clans"]["thenn"] == ["normal", "giant"]
    assert v["clearings"]["c910"] == ["normal"]  # 1 normal against p1's guard on section 5: it waits
    assert v["wall"]["w6"] == ["p5"]  # the giant took p2's guard from space 1 of section 6
    assert v["breaches"] == 0
