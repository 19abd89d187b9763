"""Host corrections for what the physical board shows differently (design: the board is the truth):
influence tracks, dominance tokens, round marker, garrisons, house cards — each logged."""

from __future__ import annotations

import pytest
from agot_kit import act, new_game

from companion.games.agot import GAME
from companion.games.base import RuleError


def test_track_order_by_list_or_by_moving_one_house():
    s = new_game(3)
    c = act(s, None, {"type": "set_track", "track": "fiefdoms", "order": "baratheon, lannister, stark"})
    assert s["tracks"]["fiefdoms"] == ["baratheon", "lannister", "stark"]
    assert s["dominance"]["blade"]["holder"] == "baratheon"  # the token follows position 1
    assert len(c.entries) == 3 and "Fiefdoms" in str(c.entries[0])
    act(s, None, {"type": "set_track", "track": "fiefdoms", "house": "stark", "position": "1"})
    assert s["tracks"]["fiefdoms"] == ["stark", "baratheon", "lannister"]
    with pytest.raises(RuleError):
        act(s, None, {"type": "set_track", "track": "fiefdoms", "order": ["stark", "stark", "lannister"]})
    with pytest.raises(RuleError):  # only the host
        act(s, "stark", {"type": "set_track", "track": "fiefdoms", "house": "stark", "position": 1})


def test_dominance_holder_and_used_flag():
    s = new_game(6)
    act(s, None, {"type": "set_dominance", "token": "blade", "used": "1"})
    assert s["dominance"]["blade"]["used"] is True
    act(s, None, {"type": "set_dominance", "token": "raven", "holder": "martell", "used": ""})
    assert s["dominance"]["raven"] == {"holder": "martell", "used": False}
    with pytest.raises(RuleError):
        act(s, None, {"type": "set_dominance", "token": "crown"})


def test_round_marker_and_garrison():
    s = new_game(6)
    act(s, None, {"type": "set_round", "value": 4})
    assert s["round"] == 4 and GAME.public_view(s)["round"] == 4
    with pytest.raises(RuleError):
        act(s, None, {"type": "set_round", "value": 11})
    with pytest.raises(RuleError):  # not a home area
        act(s, None, {"type": "set_garrison", "area": "harrenhal", "strength": 2})
    act(s, None, {"type": "set_garrison", "area": "pyke", "strength": 0})
    assert "pyke" not in s["garrisons"]
    act(s, None, {"type": "set_garrison", "area": "pyke", "strength": 2})
    assert s["garrisons"]["pyke"] == 2


def test_house_cards_between_hand_and_discard():
    s = new_game(3)
    act(s, None, {"type": "set_house_card", "house_card": "tywin-lannister", "place": "discard"})
    assert s["house_cards"]["lannister"]["discard"] == ["tywin-lannister"]
    assert "tywin-lannister" not in s["house_cards"]["lannister"]["hand"]
    act(s, None, {"type": "set_house_card", "house_card": "tywin-lannister", "place": "hand"})
    assert s["house_cards"]["lannister"]["discard"] == []
    with pytest.raises(RuleError):  # Martell is not in a 3-player game
        act(s, None, {"type": "set_house_card", "house_card": "doran-martell", "place": "discard"})
    s["house_cards"]["stark"] = {"hand": ["robb-stark"], "discard": ["eddard-stark"]}
    # a hand never empties: discarding the last card takes the others back (p.19), as at the table
    act(s, None, {"type": "set_house_card", "house_card": "robb-stark", "place": "discard"})
    assert s["house_cards"]["stark"] == {"hand": ["eddard-stark"], "discard": ["robb-stark"]}


def test_a_house_not_in_play_is_refused_with_the_reason():
    """Martell is not in a 3-player game (seed 000 p.4): the corrections say so, not a field name."""
    s = new_game(3)
    for action in ({"type": "set_track", "track": "fiefdoms", "house": "martell", "position": "1"},
                   {"type": "set_dominance", "token": "blade", "holder": "martell"},
                   {"type": "adjust_power", "house": "martell", "delta": 1}):
        with pytest.raises(RuleError) as err:
            act(s, None, action)
        assert "not in play" in str(err.value) and err.value.rule == "seed 000 p.4, p.27"
