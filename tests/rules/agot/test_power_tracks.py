"""Power tokens (20 per house, always) and influence tracks with dominance tokens (seed 000 p.2-11, p.27)."""

from __future__ import annotations

import pytest
from agot_kit import act, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.agot import GAME, power, tracks
from companion.games.base import RuleError

LAND = ["harrenhal", "the-twins", "riverrun", "stoney-sept", "blackwater", "the-reach", "kingswood"]
HOUSES3 = ["baratheon", "lannister", "stark"]

ops = st.lists(st.tuples(st.sampled_from(["gain", "discard", "spend", "place", "remove", "adjust"]),
                         st.sampled_from(HOUSES3), st.integers(-6, 8), st.sampled_from(LAND)),
               max_size=40)


@settings(max_examples=60, deadline=None)
@given(ops)
def test_twenty_tokens_per_house_whatever_happens(sequence):
    """Every move keeps available + board + pool = 20 and nothing negative (seed 000 p.2, p.6, p.24)."""
    s = new_game(3)
    for op, house, n, area in sequence:
        try:
            if op == "gain":
                power.gain(s, house, n)
            elif op == "discard":
                power.discard(s, house, n)
            elif op == "spend":
                power.spend(s, house, n)
            elif op == "place":
                act(s, house, {"type": "place_token", "area": area})
            elif op == "remove":
                act(s, None, {"type": "remove_token", "area": area})
            else:
                act(s, None, {"type": "adjust_power", "house": house, "delta": n})
        except RuleError:
            pass
        power.check(s)


def test_cannot_spend_more_than_available():
    s = new_game(3)
    with pytest.raises(RuleError):
        power.spend(s, "stark", 6)
    assert power.summary(s, "stark")["available"] == 5


def test_gain_is_limited_by_the_pool():
    s = new_game(3)
    assert power.gain(s, "stark", 99) == 15
    assert power.summary(s, "stark") == {"available": 20, "board": 0, "pool": 0}


def test_one_token_per_area_and_only_your_own():
    s = new_game(3)
    with pytest.raises(RuleError):  # p.24: only on an area Stark controls; the board says nobody does yet
        act(s, "stark", {"type": "place_token", "area": "the-twins"})
    act(s, "stark", {"type": "set_control", "area": "the-twins", "house": "stark"})
    act(s, "stark", {"type": "place_token", "area": "the-twins"})
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "place_token", "area": "the-twins"})
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "remove_token", "area": "the-twins"})
    with pytest.raises(RuleError):  # Lannister units hold Lannisport
        act(s, "stark", {"type": "place_token", "area": "lannisport"})
    with pytest.raises(RuleError):  # never on a sea
        act(s, "stark", {"type": "place_token", "area": "bay-of-ice"})


def test_dominance_token_moves_in_its_current_state():
    """Losing position 1 passes the token on, used or available as it was (seed 000 p.27)."""
    s = new_game(6)
    tracks.use_token(s, "blade", "greyjoy")
    with pytest.raises(RuleError):
        tracks.use_token(s, "blade", "greyjoy")
    tracks.to_bottom(s, "fiefdoms", "greyjoy")
    assert s["dominance"]["blade"] == {"holder": "tyrell", "used": True}
    assert s["tracks"]["fiefdoms"] == ["tyrell", "martell", "stark", "baratheon", "lannister", "greyjoy"]
    tracks.refresh(s)
    assert s["dominance"]["blade"]["used"] is False


def test_stars_by_player_count():
    """King's Court stars: 3-3-2-1-0-0 for 6 players; the overlay gives 3-2-1-0 for 4 (seed 000 p.11, p.27)."""
    six = new_game(6)
    assert [tracks.stars(six, h) for h in six["tracks"]["kings_court"]] == [3, 3, 2, 1, 0, 0]
    four = new_game(4)
    assert [tracks.stars(four, h) for h in four["tracks"]["kings_court"]] == [3, 2, 1, 0]


def test_public_view_has_the_contract_keys():
    """The issue's minimum public JSON (issue #3)."""
    view = GAME.public_view(new_game(4))
    for key in ("round", "phase", "step", "tracks", "dominance", "power", "supply", "victory",
                "wildling_threat", "control", "waiting_for", "winner"):
        assert key in view
    assert set(view["power"]["stark"]) == {"available", "board", "pool"}
    assert view["dominance"]["iron_throne"] == {"holder": "baratheon", "used": False}
