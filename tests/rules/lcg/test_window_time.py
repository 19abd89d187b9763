"""Issue #36: time limits the player controls (WCAG 2.2.1). Each seat may give itself 2, 4 or 10 times
the table's countdown on windows that close by themselves, or none at all; the other seats keep the
table's countdown, the choice stays with the seat, and it changes no window and tells nobody who
waited (seed 003 Page 6)."""

from __future__ import annotations

import json

import pytest
from helpers import Table

from companion.games.base import RuleError

SEATS = ("p1", "p2", "p3")


def test_a_seat_extends_its_own_countdown_tenfold_and_the_others_keep_the_tables():
    t = Table(3, defaults=True)
    assert [t.me(s)["countdown"]["seconds"] for s in SEATS] == [5, 5, 5]
    rid = t.me("p1")["countdown"]["round"]
    t.do("p2", "window_time", scale="10")
    assert [t.me(s)["countdown"]["seconds"] for s in SEATS] == [5, 50, 5]
    assert t.me("p2")["countdown"]["round"] == rid, "the open window goes on: nobody's countdown restarts"
    assert t.view["countdown"]["seconds"] == 50, "the TV shows how long the table may wait"
    assert t.me("p2")["time_scale"] == 10 and t.me("p1")["time_scale"] == 1


def test_no_limit_waits_for_the_players_tap_and_is_remembered_for_the_seat():
    t = Table(3, defaults=True, window_pace="each")  # one countdown per round: the next one follows
    t.do("p3", "window_time", scale=0)
    assert t.me("p3")["countdown"]["seconds"] is None and t.view["countdown"]["seconds"] is None
    rid = t.me("p3")["countdown"]["round"]
    for seat in SEATS:  # p3's phone reports when its player taps Nothing: the same report
        t.do(seat, "pass_ahead", round=rid)
    later = t.me("p3")["countdown"]
    assert later and later["round"] != rid and later["seconds"] is None, "the next window waits for p3 too"
    assert t.me("p1")["countdown"]["seconds"] == 5


def test_only_the_offered_limits_are_accepted_and_a_seat_sets_only_its_own():
    t = Table(2, defaults=True)
    for bad in ("3", "100", "-1", "off"):
        with pytest.raises(RuleError):
            t.do("p1", "window_time", scale=bad)
    assert t.me("p1")["time_scale"] == 1
    with pytest.raises(RuleError):
        t.host("window_time", scale="10")  # the host has no seat: it cannot choose for a player


@pytest.mark.parametrize("observer", SEATS)
def test_a_longer_limit_tells_nobody_who_waited(observer):
    """With p2 on ten times the time, the observer's views are the same whoever of the others waited."""
    seen = set()
    others = [s for s in SEATS if s != observer]
    for waiter in [None, *others]:
        t = Table(3, defaults=True)
        t.do("p2", "window_time", scale="10")
        holder = t.priority
        rid = t.me(observer)["countdown"]["round"]
        for seat in others:
            if seat != holder:
                t.do(seat, "pass_ahead", round=rid, **({"wait": "1"} if seat == waiter else {}))
        seen.add(json.dumps([t.view, t.me(observer)], sort_keys=True))
    assert len(seen) == 1, f"{observer} can tell who waited"
