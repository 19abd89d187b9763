"""Property tests: whatever the players tap, the table stays consistent (hypothesis)."""

from __future__ import annotations

import json

from helpers import Table, draw_segment
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError

MOVES = st.lists(st.sampled_from(["pass", "act", "save", "cancel", "passive", "moribund"]), max_size=60)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=MOVES, players=st.integers(2, 4))
def test_any_sequence_of_taps_keeps_the_table_consistent(moves, players):
    t = Table(players)
    draw_segment(t)
    for move in moves:
        v = t.view
        who = v["priority"] or "p1"
        try:
            if move == "pass":
                t.do(who, "pass")
            elif move == "act":
                t.do(who, "act", label="x")
            elif move in ("save", "cancel"):
                t.do(who, "act", label="y", effect=move)
            elif move == "passive":
                t.do(who, "passive", label=f"passive {len(t.log)}")
            else:
                t.do(who, "moribund", label=f"card {len(t.log)}")
        except RuleError as err:
            assert err.rule
        v = t.view
        json.dumps(v)
        for seat in t.state["seats"]:
            json.dumps(t.me(seat))
        rnd = v["round_type"]
        if rnd:
            assert v["priority"] in t.state["seats"]
            assert len(v["passed"]) < players, "a round with everyone passed must have ended"
        if v["priority"] is None and not v["winner"]:
            assert v["waiting_for"], "the table always says whom it waits for"
        stack = t.state["stack"]
        assert all(n["kind"] in ("action", "framework") for n in stack[:1])
        assert all(n["kind"] in ("save", "response", "passive") for n in stack[1:])


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), start=st.integers(0, 5))
def test_an_uninterrupted_round_of_passes_always_ends_after_exactly_n_passes(players, start):
    t = Table(players)
    draw_segment(t)
    first = t.state["seats"][start % players]
    t.host("set_first", seat=first)
    t.do(t.priority, "act", label="z")
    initiator = t.view["window"][0]["initiator"]
    seats = t.state["seats"]
    assert t.priority == seats[(seats.index(initiator) + 1) % players]
    for _ in range(players - 1):
        t.pass_()
        assert t.view["step"] == "save"
    t.pass_()
    assert t.view["step"] == "responses"
    for seat in seats:
        assert ("pass" in t.me(seat)["can"]) == (seat == t.priority)
