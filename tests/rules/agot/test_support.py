"""Support orders in a combat (seed 000 p.17-18; ports p.25)."""

from __future__ import annotations

import json

import pytest
from test_action_harness import act, board

from companion.games.agot import GAME, combat_calc, combat_flow, combat_state
from companion.games.base import RuleError


def blackwater() -> dict:
    """The support example, seed 000 p.18: Tyrell marches 2 knights (March +1) from The Reach into
    Blackwater (a Lannister footman with a March -1); Support orders in King's Landing (Tyrell
    knight), Stoney Sept (Lannister footman + knight) and Harrenhal (Baratheon knight)."""
    state = board(6, units={
        "the-reach": ("tyrell", {"knight": 2}), "blackwater": ("lannister", {"footman": 1}),
        "kings-landing": ("tyrell", {"knight": 1}), "stoney-sept": ("lannister", {"footman": 1, "knight": 1}),
        "harrenhal": ("baratheon", {"knight": 1}),
    }, orders={
        "the-reach": ("tyrell", "march+1"), "blackwater": ("lannister", "march-1"),
        "kings-landing": ("tyrell", "support0a"), "stoney-sept": ("lannister", "support0a"),
        "harrenhal": ("baratheon", "support0a"),
    }, iron_throne=["tyrell", "lannister", "baratheon", "stark", "martell", "greyjoy"], neutral={})
    # Tyrell resolves its march first; Lannister's March -1 in Blackwater waits for its turn.
    act(state, "tyrell", type="march", **{"from": "the-reach"}, moves=[{"to": "blackwater", "knight": 2}])
    return state


def test_support_example_p18():
    """seed 000 p.18: support is declared in turn order; Tyrell 7 (4 + 2 + 1), Lannister 6 (1 + 3 + 2)."""
    state = blackwater()
    c = state["action"]["combat"]
    assert [q["area"] for q in c["queue"]] == ["kings-landing", "stoney-sept", "harrenhal"]
    assert GAME.waiting_for(state) == ["tyrell"]
    act(state, "tyrell", type="support", area="kings-landing", side="attacker")
    act(state, "lannister", type="support", area="stoney-sept", side="defender")
    act(state, "baratheon", type="support", area="harrenhal", side="defender")
    view = GAME.public_view(state)["action"]["combat"]
    assert sum(i["value"] for i in view["initial"]["attacker"]) == 7
    assert sum(i["value"] for i in view["initial"]["defender"]) == 6
    assert state["action"]["combat"]["step"] == "cards"
    # support orders stay on the board after the combat (p.18)
    assert "stoney-sept" in state["orders"] and "harrenhal" in state["orders"]


def test_never_support_an_opponent_against_yourself_p18():
    """seed 000 p.18: a house never supports its opponent against its own units."""
    state = blackwater()
    with pytest.raises(RuleError) as err:
        act(state, "tyrell", type="support", area="kings-landing", side="defender")
    assert err.value.rule == combat_state.RULE_SUPPORT


def test_support_is_asked_in_turn_order():
    """seed 000 p.17: with several Support orders, support is declared or refused in turn order."""
    state = blackwater()
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="support", area="stoney-sept", side="defender")
    assert err.value.status == 403


def test_land_units_never_support_at_sea_and_port_ships_only_their_sea_p18_p25():
    """seed 000 p.18: footmen/knights never support a sea combat; p.25: ships in a port support only
    the adjacent sea, never land."""
    state = board(6, units={"ironmans-bay": ("greyjoy", {"ship": 1}), "the-golden-sound": ("lannister", {"ship": 2}),
                            "riverrun": ("lannister", {"footman": 1}), "port-of-pyke": ("greyjoy", {"ship": 1}),
                            "pyke": ("greyjoy", {"footman": 1})},
                  orders={"the-golden-sound": ("lannister", "march0"), "riverrun": ("lannister", "support0a"),
                          "port-of-pyke": ("greyjoy", "support0a"), "ironmans-bay": ("greyjoy", "defense1a")},
                  iron_throne=["lannister", "greyjoy", "baratheon", "stark", "martell", "tyrell"])
    act(state, "lannister", type="march", **{"from": "the-golden-sound"}, moves=[{"to": "ironmans-bay", "ship": 2}])
    c = state["action"]["combat"]
    assert [q["area"] for q in c["queue"]] == ["port-of-pyke"]
    assert combat_flow.support_queue(state, "pyke", ["greyjoy"]) == []  # the port ship cannot support its land


def test_siege_engines_support_only_attacks_on_castles_p17():
    """seed 000 p.17-18: a supporting siege engine adds 4 only to an attack on a castle/stronghold."""
    c = {"attacker": "a", "defender": "b", "neutral": None, "castle": False, "att_units": {"footman": 1},
         "def_units": {"footman": 1}, "supports": [{"area": "x", "house": "c", "side": "attacker",
                                                   "units": {"siege": 1}, "bonus": 1}], "cards": {}}
    assert combat_calc.total(c, "attacker") == 2  # footman + the special Support +1; the siege engine adds 0
    c["castle"] = True
    assert combat_calc.total(c, "attacker") == 6


def test_support_panel_shows_every_contribution():
    """Issue #4: the screen itemises the initial strength of each side."""
    state = blackwater()
    act(state, "tyrell", type="support", area="kings-landing", side="attacker")
    view = GAME.public_view(state)["action"]["combat"]
    labels = [i["label"] for i in view["initial"]["attacker"]]
    assert labels == ["Units in combat", "March order", "Support from %(area)s"]
    assert json.dumps(view)
