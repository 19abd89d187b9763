"""Consolidate Power (seed 000 p.14-15; special token p.22) and the clean-up (p.16)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board

from companion.games.base import RuleError

SIX = ["baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell"]


def test_consolidate_example_p15():
    """seed 000 p.15: a Baratheon footman in Dragonstone consolidates: 1 + 1 crown = 2 power."""
    state = board(6, units={"dragonstone": ("baratheon", {"footman": 1})},
                  orders={"dragonstone": ("baratheon", "consolidate-a")}, iron_throne=SIX)
    act(state, "baratheon", type="consolidate", **{"from": "dragonstone"})
    assert state["power"]["baratheon"]["available"] == 7


def test_consolidate_at_sea_gives_nothing_p14():
    """seed 000 p.14: Consolidate Power may sit in a sea area but has no effect."""
    state = board(6, units={"shipbreaker-bay": ("baratheon", {"ship": 1})},
                  orders={"shipbreaker-bay": ("baratheon", "consolidate-a")}, iron_throne=SIX)
    act(state, "baratheon", type="consolidate", **{"from": "shipbreaker-bay"})
    assert state["power"]["baratheon"]["available"] == 5


def test_special_consolidate_musters_in_its_castle_p22():
    """seed 000 p.22: the special token may instead muster in its own area, which needs a castle or
    stronghold (Lannisport: a stronghold, 2 points: here a footman and a ship in its port)."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 1}), "stoney-sept": ("lannister", {"footman": 1})},
                  orders={"lannisport": ("lannister", "consolidate-star"),
                          "stoney-sept": ("lannister", "consolidate-star")}, iron_throne=SIX)
    with pytest.raises(RuleError):
        act(state, "lannister", type="consolidate", **{"from": "stoney-sept"}, muster="1")
    act(state, "lannister", type="consolidate", **{"from": "lannisport"}, muster="1")
    assert state["action"]["muster"] == {"house": "lannister", "area": "lannisport", "points": 2}
    act(state, "lannister", type="muster", unit="footman")
    with pytest.raises(RuleError):
        act(state, "lannister", type="muster", unit="knight")  # 2 points, 1 left
    act(state, "lannister", type="muster", unit="ship", to="port-of-lannisport")
    assert state["units"]["lannisport"]["footman"] == 2
    assert state["units"]["port-of-lannisport"]["ship"] == 1
    assert state["action"]["muster"] is None  # points spent: the next order


def test_regular_consolidate_cannot_muster_p22():
    """seed 000 p.22: only the special Consolidate Power order musters."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 1})},
                  orders={"lannisport": ("lannister", "consolidate-a")}, iron_throne=SIX)
    with pytest.raises(RuleError):
        act(state, "lannister", type="consolidate", **{"from": "lannisport"}, muster="1")


def test_clean_up_p16():
    """seed 000 p.16: remaining Support/Defense orders leave; Blade and Raven turn back to available."""
    state = board(6, units={"dragonstone": ("baratheon", {"footman": 1}), "lannisport": ("lannister", {"footman": 1})},
                  orders={"dragonstone": ("baratheon", "consolidate-a"), "lannisport": ("lannister", "defense1a")},
                  iron_throne=SIX)
    state["dominance"]["raven"]["used"] = True
    state["dominance"]["blade"]["used"] = True
    act(state, "baratheon", type="consolidate", **{"from": "dragonstone"})
    assert state["orders"] == {}
    assert not state["dominance"]["raven"]["used"] and not state["dominance"]["blade"]["used"]
    assert state["action"]["step"] == "done"


def test_muster_done_loses_unused_points_p9():
    """seed 000 p.9: points not used are lost."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 1}), "stoney-sept": ("lannister", {"footman": 1})},
                  orders={"lannisport": ("lannister", "consolidate-star"), "stoney-sept": ("lannister", "consolidate-a")},
                  iron_throne=SIX)
    act(state, "lannister", type="consolidate", **{"from": "lannisport"}, muster="1")
    act(state, "lannister", type="muster", unit="knight", upgrade="1")
    assert state["units"]["lannisport"]["knight"] == 1 and state["units"]["lannisport"]["footman"] == 0
    act(state, "lannister", type="muster_done")
    assert state["action"]["muster"] is None and state["power"]["lannister"]["available"] == 5
