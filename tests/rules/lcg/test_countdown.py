"""Issue 15 (B): windows that close by themselves. Every phone shows the same countdown; at zero it
passes ahead for its player; anyone acting voids the passes placed ahead (seed 003 Page 6)."""

from __future__ import annotations

import json

import pytest
from helpers import Table, draw_segment

from companion.games.base import RuleError
from companion.games.lcg import GAME


def test_every_seat_sees_the_same_countdown_and_a_round_closes_without_taps():
    """Issue 15's pace, which tables created before issue 24 keep: one countdown per round."""
    t = Table(3, defaults=True, window_pace="each", auto_close=6)
    cds = [t.me(s)["countdown"] for s in ("p1", "p2", "p3")]
    assert cds[0] == cds[1] == cds[2] and cds[0]["seconds"] == 6
    rid = cds[0]["round"]
    for seat in ("p3", "p2"):
        t.do(seat, "pass_ahead", round=rid)
    assert t.priority == "p1", "nobody passes out of turn: the opportunity still starts with p1"
    t.do("p1", "pass_ahead", round=rid)
    assert t.view["step"] == "responses", "all three passed: the save/cancel round closed"


def test_acting_voids_the_passes_placed_ahead():
    t = Table(3, defaults=True)
    draw_segment(t)
    rid = t.me("p1")["countdown"]["round"]
    t.do("p3", "pass_ahead", round=rid)
    t.do("p1", "act", label="Event")
    new = t.me("p3")["countdown"]
    assert new and new["round"] != rid, "a new countdown for the save/cancel round"
    with pytest.raises(RuleError) as err:
        t.do("p3", "pass_ahead", round=rid)
    assert err.value.status == 409


def test_a_seat_that_waits_is_asked_in_turn_and_nothing_shows_who_waited():
    t = Table(3, defaults=True)
    rid = t.me("p1")["countdown"]["round"]
    t.do("p1", "pass_ahead", round=rid)
    t.do("p3", "pass_ahead", round=rid)   # p2 tapped Wait: its phone sends nothing
    assert t.priority == "p2"
    for seat in ("p1", "p3"):
        assert "ahead" not in json.dumps(GAME.private_view(t.state, seat))
    assert "ahead" not in json.dumps(GAME.public_view(t.state))
    t.do("p2", "act", label="Plot: action")
    assert t.view["window"][-1]["initiator"] == "p2"


def test_the_active_player_ends_their_own_segment():
    t = Table(2, defaults=True, autopass_start="none")
    t.host("set_phase", phase="marshalling")
    while t.box != "marshal.actions":
        t.pass_()
    active = t.view["active_player"]
    assert t.me(active)["countdown"] is None
    rid = t.me([s for s in ("p1", "p2") if s != active][0])["countdown"]["round"]
    with pytest.raises(RuleError):
        t.do(active, "pass_ahead", round=rid)


def test_countdown_can_be_switched_off():
    assert Table(2, defaults=True, auto_close=0).me("p1")["countdown"] is None
