"""Raid orders (seed 000 p.14-15; special raid p.22; ports p.25)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board

from companion.games.agot import GAME
from companion.games.base import RuleError

FIVE = ["greyjoy", "stark", "lannister", "baratheon", "tyrell"]


def example_table() -> dict:
    """The table of the raid example, seed 000 p.14: five raids, Greyjoy first on the Iron Throne."""
    return board(5, units={
        "the-reach": ("lannister", {"footman": 1}), "sunset-sea": ("lannister", {"ship": 1}),
        "west-summer-sea": ("greyjoy", {"ship": 1}), "dornish-marches": ("tyrell", {"footman": 1}),
        "stoney-sept": ("baratheon", {"footman": 1}), "highgarden": ("tyrell", {"footman": 1}),
        "lannisport": ("lannister", {"footman": 1}),
    }, orders={
        "the-reach": ("lannister", "raid-a"), "sunset-sea": ("lannister", "raid-b"),
        "west-summer-sea": ("greyjoy", "raid-a"), "dornish-marches": ("tyrell", "raid-a"),
        "stoney-sept": ("baratheon", "raid-star"), "highgarden": ("tyrell", "consolidate-a"),
        "lannisport": ("lannister", "defense1a"),
    }, iron_throne=FIVE)


def test_raid_resolution_example_p14():
    """seed 000 p.14-15: Greyjoy pillages Highgarden, Lannister raids Dornish Marches from The Reach,
    Baratheon's special raid removes the Defense in Lannisport, the Sunset Sea raid has no target left."""
    state = example_table()
    assert GAME.waiting_for(state) == ["greyjoy"]
    act(state, "greyjoy", type="raid", **{"from": "west-summer-sea"}, target="highgarden")
    assert state["power"]["greyjoy"]["available"] == 6 and state["power"]["tyrell"]["available"] == 4
    assert "highgarden" not in state["orders"]
    # the Sunset Sea raid only had West Summer Sea's raid as a target: removed without effect
    assert "sunset-sea" not in state["orders"]
    assert GAME.waiting_for(state) == ["lannister"]  # Stark has no raid
    act(state, "lannister", type="raid", **{"from": "the-reach"}, target="dornish-marches")
    assert "dornish-marches" not in state["orders"] and "the-reach" not in state["orders"]
    act(state, "baratheon", type="raid", **{"from": "stoney-sept"}, target="lannisport")
    assert "lannisport" not in state["orders"]
    assert state["action"]["step"] != "raid"  # Tyrell's raid is gone: the raid step is over


def test_regular_raid_cannot_remove_defense_p14():
    """seed 000 p.14, p.22: only the special raid removes a Defense order."""
    state = board(4, units={"stoney-sept": ("baratheon", {"footman": 1}), "lannisport": ("lannister", {"footman": 1})},
                  orders={"stoney-sept": ("baratheon", "raid-a"), "lannisport": ("lannister", "defense1a")})
    assert "stoney-sept" not in state["orders"]  # no legal target: removed at once


def test_land_raid_never_hits_the_sea_p14():
    """seed 000 p.14: a raid on land never raids an adjacent sea; a raid at sea may raid land."""
    state = board(4, units={"lannisport": ("lannister", {"footman": 1}),
                            "the-golden-sound": ("greyjoy", {"ship": 1}), "riverrun": ("greyjoy", {"footman": 1})},
                  orders={"lannisport": ("lannister", "raid-a"), "the-golden-sound": ("greyjoy", "support0a"),
                          "riverrun": ("greyjoy", "raid-a")},
                  iron_throne=["lannister", "greyjoy", "stark", "baratheon"])
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="raid", **{"from": "lannisport"}, target="the-golden-sound")
    assert err.value.rule == "seed 000 p.14"
    act(state, "lannister", type="raid", **{"from": "lannisport"}, target="riverrun")
    assert "riverrun" not in state["orders"]


def test_raid_may_be_removed_without_effect_and_turns_are_enforced():
    """seed 000 p.14: the raider may remove its raid without effect; only the current house acts."""
    state = example_table()
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="raid", **{"from": "the-reach"}, target="dornish-marches")
    assert err.value.status == 403
    act(state, "greyjoy", type="raid", **{"from": "west-summer-sea"}, target="")
    assert "west-summer-sea" not in state["orders"] and state["power"]["greyjoy"]["available"] == 5


def test_pillage_when_victim_has_no_power_p14():
    """seed 000 p.14: the raider always gains one; the victim loses one only if it has any."""
    state = example_table()
    state["power"]["tyrell"]["pool"] += state["power"]["tyrell"]["available"]
    state["power"]["tyrell"]["available"] = 0
    act(state, "greyjoy", type="raid", **{"from": "west-summer-sea"}, target="highgarden")
    assert state["power"]["greyjoy"]["available"] == 6 and state["power"]["tyrell"]["available"] == 0
