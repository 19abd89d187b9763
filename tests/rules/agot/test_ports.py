"""Ports (seed 000 p.25): raids from and into ports, consolidate power in a port, ships in ports."""

from __future__ import annotations

import pytest
from test_action_harness import act, board

from companion.games.agot import GAME, action
from companion.games.base import RuleError

SIX = ["martell", "baratheon", "lannister", "stark", "greyjoy", "tyrell"]


def test_port_use_example_p25():
    """seed 000 p.25-26: Martell's raid in the Port of Sunspear cancels the Support in East Summer Sea."""
    state = board(6, units={"sunspear": ("martell", {"footman": 1}), "port-of-sunspear": ("martell", {"ship": 1}),
                            "east-summer-sea": ("baratheon", {"ship": 1})},
                  orders={"port-of-sunspear": ("martell", "raid-a"), "east-summer-sea": ("baratheon", "support0a")},
                  iron_throne=SIX)
    act(state, "martell", type="raid", **{"from": "port-of-sunspear"}, target="east-summer-sea")
    assert state["orders"] == {}


def test_land_units_cannot_raid_a_port_but_ships_at_sea_can_p25():
    """seed 000 p.25: a ship in the connected sea may raid a port; land units next to it may not;
    a ship in a port raids only its sea, never the land."""
    state = board(6, units={"port-of-sunspear": ("martell", {"ship": 1}), "salt-shore": ("tyrell", {"footman": 1}),
                            "sunspear": ("tyrell", {"footman": 1}), "east-summer-sea": ("greyjoy", {"ship": 1})},
                  orders={"port-of-sunspear": ("martell", "consolidate-a"), "sunspear": ("tyrell", "raid-a"),
                          "east-summer-sea": ("greyjoy", "raid-a")}, iron_throne=SIX)
    assert "sunspear" not in state["orders"]  # its only neighbour order is in the port: no target, removed
    assert action.raid_targets(state, "east-summer-sea") == ["port-of-sunspear"]


def test_consolidate_in_port_blocked_by_enemy_ship_p25():
    """seed 000 p.25: an enemy ship in the port's sea removes its Consolidate Power without effect;
    otherwise it gives 1 power (a port has no crowns)."""
    state = board(6, units={"sunspear": ("martell", {"footman": 1}), "port-of-sunspear": ("martell", {"ship": 1}),
                            "east-summer-sea": ("baratheon", {"ship": 1})},
                  orders={"port-of-sunspear": ("martell", "consolidate-a")}, iron_throne=SIX)
    assert action.consolidate_income(state, "port-of-sunspear", "martell") == 0
    act(state, "martell", type="consolidate", **{"from": "port-of-sunspear"})
    assert state["power"]["martell"]["available"] == 5
    state2 = board(6, units={"sunspear": ("martell", {"footman": 1}), "port-of-sunspear": ("martell", {"ship": 1})},
                   orders={"port-of-sunspear": ("martell", "consolidate-a")}, iron_throne=SIX)
    act(state2, "martell", type="consolidate", **{"from": "port-of-sunspear"})
    assert state2["power"]["martell"]["available"] == 6


def test_special_consolidate_cannot_muster_in_a_port_p25():
    """seed 000 p.25: the special Consolidate Power never musters in a port."""
    state = board(6, units={"sunspear": ("martell", {"footman": 1}), "port-of-sunspear": ("martell", {"ship": 1})},
                  orders={"port-of-sunspear": ("martell", "consolidate-star")}, iron_throne=SIX)
    with pytest.raises(RuleError) as err:
        act(state, "martell", type="consolidate", **{"from": "port-of-sunspear"}, muster="1")
    assert "p.25" in err.value.rule


def test_ship_enters_only_a_friendly_port_p25():
    """seed 000 p.25: ships march from the sea into a friendly port only; at most 3 ships in a port."""
    state = board(6, units={"sunspear": ("martell", {"footman": 1}), "east-summer-sea": ("baratheon", {"ship": 2}),
                            "sea-of-dorne": ("martell", {"ship": 4})},
                  orders={"east-summer-sea": ("baratheon", "march0"), "sea-of-dorne": ("martell", "march0")},
                  iron_throne=SIX)
    with pytest.raises(RuleError):
        act(state, "martell", type="march", **{"from": "sea-of-dorne"}, moves=[{"to": "sunspear", "ship": 1}])
    assert not action.can_enter(state, "baratheon", "east-summer-sea", "port-of-sunspear", "ship")
    assert action.can_enter(state, "martell", "east-summer-sea", "port-of-sunspear", "ship")


def test_retreat_into_a_port_keeps_three_ships_at_most_p25():
    """seed 000 p.25 with p.21: a port never holds more than 3 ships; retreating ships beyond that
    are destroyed."""
    from test_action_harness import card

    state = board(6, units={"ironmans-bay": ("greyjoy", {"ship": 2}), "port-of-pyke": ("greyjoy", {"ship": 2}),
                            "pyke": ("greyjoy", {"footman": 1}), "the-golden-sound": ("lannister", {"ship": 3}),
                            "sunset-sea": ("tyrell", {"ship": 1})},
                  orders={"the-golden-sound": ("lannister", "march0")},
                  iron_throne=["lannister", "greyjoy", "baratheon", "stark", "martell", "tyrell"],
                  fiefdoms=["stark", "tyrell", "martell", "baratheon", "lannister", "greyjoy"])
    act(state, "lannister", type="march", **{"from": "the-golden-sound"}, moves=[{"to": "ironmans-bay", "ship": 3}])
    card(state, "lannister", "tywin-lannister")
    card(state, "greyjoy", "dagmar-cleftjaw")
    decide = GAME.private_view(state, "greyjoy")["action"]["combat"]["decide"]
    assert decide["targets"] == ["port-of-pyke"]  # Sunset Sea holds an enemy ship, the Golden Sound is the origin
    act(state, "greyjoy", type="card_ability", area="port-of-pyke")
    assert state["units"]["port-of-pyke"]["ship"] == 3
