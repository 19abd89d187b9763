"""March orders (seed 000 p.15-16), control with power tokens (p.24), ship transport (p.23-24)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board

from companion.games.agot import GAME
from companion.games.base import RuleError

SIX = ["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"]


def test_march_example_p15():
    """seed 000 p.15-16: Lannister marches from Lannisport (3 footmen): one to Stoney Sept, one to
    Searoad Marches (joining a footman, an army of two), one stays; no combat; the order is removed."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 3}),
                            "searoad-marches": ("lannister", {"footman": 1})},
                  orders={"lannisport": ("lannister", "march0")}, iron_throne=SIX)
    act(state, "lannister", type="march", **{"from": "lannisport"},
        moves=[{"to": "stoney-sept", "footman": 1}, {"to": "searoad-marches", "footman": 1}])
    assert state["units"]["lannisport"]["footman"] == 1
    assert state["units"]["stoney-sept"]["footman"] == 1
    assert state["units"]["searoad-marches"]["footman"] == 2
    assert "lannisport" not in state["orders"] and state["action"]["combat"] is None
    assert state["control"]["stoney-sept"] == "lannister"


def test_leaving_an_area_empty_keeps_control_with_a_power_token_p24():
    """seed 000 p.15, p.24: leaving an area empty loses control unless a power token stays."""
    state = board(6, units={"stoney-sept": ("lannister", {"footman": 1}), "harrenhal": ("lannister", {"footman": 1})},
                  orders={"stoney-sept": ("lannister", "march0"), "harrenhal": ("lannister", "march-1")},
                  iron_throne=SIX)
    act(state, "lannister", type="march", **{"from": "stoney-sept"}, moves=[{"to": "blackwater", "footman": 1}],
        leave_power="1")
    assert state["tokens"]["stoney-sept"] == "lannister" and state["control"]["stoney-sept"] == "lannister"
    assert state["power"]["lannister"]["available"] == 4
    act(state, "lannister", type="march", **{"from": "harrenhal"}, moves=[{"to": "crackclaw-point", "footman": 1}])
    assert "harrenhal" not in state["control"]


def test_entering_an_area_with_only_an_enemy_power_token_p24():
    """seed 000 p.24: marching into an area held only by an enemy power token sends it to its Pool."""
    state = board(6, units={"stoney-sept": ("lannister", {"footman": 1})},
                  orders={"stoney-sept": ("lannister", "march0")}, iron_throne=SIX)
    state["tokens"]["harrenhal"] = "stark"
    state["power"]["stark"]["available"] -= 1
    state["control"]["harrenhal"] = "stark"
    act(state, "lannister", type="march", **{"from": "stoney-sept"}, moves=[{"to": "harrenhal", "footman": 1}])
    assert "harrenhal" not in state["tokens"] and state["control"]["harrenhal"] == "lannister"
    assert state["power"]["stark"]["pool"] == 16


def test_ship_transport_example_p24():
    """seed 000 p.24: Tyrell ships in Redwyne Straits, West and East Summer Sea carry Highgarden's
    units straight to Sunspear (or any coast of those seas) with one march."""
    state = board(6, units={"highgarden": ("tyrell", {"footman": 1, "knight": 1}),
                            "redwyne-straights": ("tyrell", {"ship": 1}), "west-summer-sea": ("tyrell", {"ship": 1}),
                            "east-summer-sea": ("tyrell", {"ship": 1})},
                  orders={"highgarden": ("tyrell", "march0")}, iron_throne=["tyrell"] + SIX[:5])
    offer = GAME.private_view(state, "tyrell")["action"]["marches"][0]
    assert "sunspear" in offer["to"] and offer["fights"] == ["sunspear"]  # its garrison defends (p.26)
    act(state, "tyrell", type="march", **{"from": "highgarden"}, moves=[{"to": "salt-shore", "knight": 1}])
    assert state["units"]["salt-shore"] == {"house": "tyrell", "footman": 0, "knight": 1, "ship": 0, "siege": 0}


def test_march_refusals():
    """seed 000 p.15: land units never enter the sea; only adjacent areas; one combat per March (p.13)."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 2}), "stoney-sept": ("stark", {"footman": 1}),
                            "searoad-marches": ("stark", {"footman": 1})},
                  orders={"lannisport": ("lannister", "march0")}, iron_throne=SIX)
    with pytest.raises(RuleError):
        act(state, "lannister", type="march", **{"from": "lannisport"}, moves=[{"to": "the-golden-sound", "footman": 1}])
    with pytest.raises(RuleError):
        act(state, "lannister", type="march", **{"from": "lannisport"}, moves=[{"to": "harrenhal", "footman": 1}])
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="march", **{"from": "lannisport"},
            moves=[{"to": "stoney-sept", "footman": 1}, {"to": "searoad-marches", "footman": 1}])
    assert err.value.rule == "seed 000 p.13"
    with pytest.raises(RuleError):
        act(state, "lannister", type="march", **{"from": "lannisport"}, moves=[{"to": "riverrun", "footman": 3}])


def test_march_steps_follow_turn_order_p15():
    """seed 000 p.15: each house resolves one march in turn order, round and round."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 1}), "riverrun": ("lannister", {"footman": 1}),
                            "dragonstone": ("baratheon", {"footman": 1})},
                  orders={"lannisport": ("lannister", "march0"), "riverrun": ("lannister", "march-1"),
                          "dragonstone": ("baratheon", "march0")}, iron_throne=SIX)
    assert GAME.waiting_for(state) == ["lannister"]
    act(state, "lannister", type="pass_order", **{"from": "riverrun"})
    assert GAME.waiting_for(state) == ["baratheon"]
    act(state, "baratheon", type="pass_order", **{"from": "dragonstone"})
    assert GAME.waiting_for(state) == ["lannister"]
    act(state, "lannister", type="pass_order", **{"from": "lannisport"})
    assert state["phase"] != "action" or state["action"]["step"] == "done"


def test_a_destination_without_units_is_refused_not_taken_as_staying():
    """A phone row with a destination but no units must not silently spend the March order."""
    state = board(6, units={"lannisport": ("lannister", {"footman": 2})},
                  orders={"lannisport": ("lannister", "march0")}, iron_throne=SIX)
    with pytest.raises(RuleError):
        act(state, "lannister", type="march", **{"from": "lannisport"}, m0_to="stoney-sept", m0_footman="0")
    assert "lannisport" in state["orders"]
    act(state, "lannister", type="march", **{"from": "lannisport"}, m0_to="stoney-sept", m0_footman="1")
    assert state["units"]["stoney-sept"]["footman"] == 1


def _split_position(level: int) -> dict:
    state = board(6, units={"winterfell": ("stark", {"footman": 2}), "moat-cailin": ("stark", {"footman": 2, "knight": 1}),
                            "white-harbor": ("stark", {"footman": 1})},
                  orders={"moat-cailin": ("stark", "march0")},
                  iron_throne=["stark", "lannister", "baratheon", "martell", "greyjoy", "tyrell"], neutral={})
    state["supply"]["stark"] = level
    return state


def test_a_split_march_is_checked_whole_against_supply_p9():
    """seed 000 p.9, p.15: supply is checked on the whole March order with every arrival applied.
    Stark (supply 1: armies 3, 2) splits Moat Cailin into The Twins (2) and White Harbor (+1): with
    Winterfell that makes three armies of 2 — one too many, though each move alone would fit."""
    state = _split_position(1)
    with pytest.raises(RuleError):
        act(state, "stark", type="march", **{"from": "moat-cailin"},
            moves=[{"to": "the-twins", "footman": 1, "knight": 1}, {"to": "white-harbor", "footman": 1}])
    # the same split with supply 2 (armies 3, 2, 2) is legal
    state = _split_position(2)
    act(state, "stark", type="march", **{"from": "moat-cailin"},
        moves=[{"to": "the-twins", "footman": 1, "knight": 1}, {"to": "white-harbor", "footman": 1}])
    assert state["units"]["white-harbor"]["footman"] == 2 and state["units"]["the-twins"]["knight"] == 1
