"""Neutral forces and garrisons (seed 000 p.26-27)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board, card

from companion.games.agot import GAME
from companion.games.base import RuleError


def test_neutral_force_example_p26():
    """seed 000 p.26: no house cards, the march bonus counts, only the attacker may get support, no
    Blade; equal or more strength destroys the token and the units move in."""
    state = board(4, units={"kingswood": ("baratheon", {"footman": 1, "knight": 1}),
                            "shipbreaker-bay": ("baratheon", {"ship": 2})},
                  orders={"kingswood": ("baratheon", "march0"), "shipbreaker-bay": ("baratheon", "support0a")},
                  iron_throne=["baratheon", "lannister", "stark", "greyjoy"], neutral={"storms-end": 4},
                  fiefdoms=["baratheon", "lannister", "stark", "greyjoy"])  # Baratheon holds the Blade
    act(state, "baratheon", type="march", **{"from": "kingswood"}, moves=[{"to": "storms-end", "footman": 1, "knight": 1}])
    with pytest.raises(RuleError) as err:
        act(state, "baratheon", type="support", area="shipbreaker-bay", side="defender")
    assert err.value.rule == "seed 000 p.26"
    act(state, "baratheon", type="support", area="shipbreaker-bay", side="attacker")
    assert state["action"]["combat"] is None and "storms-end" not in state["neutral"]  # no Blade step
    assert not state["dominance"]["blade"]["used"]
    assert state["units"]["storms-end"]["house"] == "baratheon"
    assert state["control"]["storms-end"] == "baratheon"
    assert len(state["house_cards"]["baratheon"]["hand"]) == 7   # no house card was played


def test_neutral_force_too_strong_p26():
    """seed 000 p.26: with less strength than the token the attack cannot happen: the units go back,
    not routed (they may still march on with another order)."""
    state = board(4, units={"kingswood": ("baratheon", {"footman": 1, "knight": 1}),
                            "lannisport": ("lannister", {"footman": 1})},
                  orders={"kingswood": ("baratheon", "march-1"), "lannisport": ("lannister", "consolidate-a")},
                  iron_throne=["baratheon", "lannister", "stark", "greyjoy"], neutral={"storms-end": 4})
    act(state, "baratheon", type="march", **{"from": "kingswood"}, moves=[{"to": "storms-end", "footman": 1, "knight": 1}])
    assert state["neutral"]["storms-end"] == 4 and state["units"]["kingswood"]["knight"] == 1
    assert state["action"]["step"] == "consolidate" and "kingswood" not in state["action"]["routed"]


def test_garrison_defends_and_is_removed_when_it_loses_p26():
    """seed 000 p.26-27: the garrison adds to the home area's defence; defeated, it leaves the game."""
    state = board(6, units={"white-harbor": ("lannister", {"knight": 3}), "winterfell": ("stark", {"footman": 1})},
                  orders={"white-harbor": ("lannister", "march+1")},
                  iron_throne=["lannister", "stark", "baratheon", "martell", "greyjoy", "tyrell"], neutral={})
    act(state, "lannister", type="march", **{"from": "white-harbor"}, moves=[{"to": "winterfell", "knight": 3}])
    view = GAME.public_view(state)["action"]["combat"]
    assert sum(i["value"] for i in view["initial"]["defender"]) == 3
    card(state, "lannister", "gregor-clegane")
    card(state, "stark", "catelyn-stark")
    assert "winterfell" not in state["garrisons"]
    assert state["units"]["winterfell"]["house"] == "lannister"


def test_neutral_shortfall_as_a_lost_combat_when_the_table_chooses_it():
    """Table option neutral_short = "routed": the failed attack is treated like a lost combat."""
    state = board(4, units={"kingswood": ("baratheon", {"footman": 1, "knight": 1}),
                            "lannisport": ("lannister", {"footman": 1})},
                  orders={"kingswood": ("baratheon", "march-1"), "lannisport": ("lannister", "consolidate-a")},
                  iron_throne=["baratheon", "lannister", "stark", "greyjoy"], neutral={"storms-end": 4})
    state["options"]["neutral_short"] = "routed"
    act(state, "baratheon", type="march", **{"from": "kingswood"}, moves=[{"to": "storms-end", "footman": 1, "knight": 1}])
    assert state["action"]["routed"]["kingswood"] == {"footman": 1, "knight": 1}
