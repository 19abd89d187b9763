"""Invariants over random play: whatever the dice and tokens, figures and guards are conserved."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.catan_watch import GAME
from companion.games.catan_watch import profile as prof

WILDLINGS = ("normal", "climber", "giant")
CLANS = ("ice_river", "cave_people", "hornfoot")

move = st.one_of(
    st.tuples(st.just("roll"), st.integers(1, 6), st.integers(1, 6), st.integers(1, 12)),
    st.tuples(st.just("settlement"), st.sampled_from(WILDLINGS), st.sampled_from(CLANS)),
    st.tuples(st.just("keep"), st.sampled_from(WILDLINGS), st.sampled_from(CLANS)),
    st.tuples(st.just("guard"), st.sampled_from(("w1", "w2", "w3", "w4"))),
    st.tuples(st.just("end_turn")),
)


def figures(state):
    on_board = sum(len(v) for part in ("clans", "clearings", "gift") for v in state[part].values())
    return on_board + sum(state["frostfangs"].values())


def check(state):
    total = figures(state)
    for sid, owners in state["wall"].items():
        assert len(owners) <= prof.section(state["profile"], sid)["spaces"]
    for seat, p in state["players"].items():
        on_wall = sum(o.count(seat) for o in state["wall"].values())
        assert on_wall + p["guards_supply"] == 7
        assert p["guard_tokens"] == (on_wall >= 3) + (on_wall >= 5)
    for cid, line in state["clans"].items():
        assert len(line) <= prof.clan(state["profile"], cid)["camps"]
    for section in state["profile"]["sections"]:
        waiting = state["clearings"][section["clearing"]]
        assert "climber" not in waiting
    assert state["breaches"] <= 3
    if state["phase"] != "over":
        assert state["breaches"] < 3 and sum(len(v) for v in state["gift"].values()) <= 7
    return total


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(move, min_size=1, max_size=60))
def test_random_play_keeps_invariants(table, moves):
    t = table(dice="physical").finish_setup()
    start = figures(t.state)
    for m in moves:
        if t.state["phase"] == "over":
            break
        seat = t.state["seats"][t.state["active"]]
        kind = m[0]
        if kind == "roll":
            action = {"type": "roll", "red": m[1], "yellow": m[2], "d12": m[3]}
        elif kind in ("settlement", "keep"):
            n = 1 if kind == "settlement" else 2
            action = {"type": "build", "what": kind, "tokens": [{"wildling": m[1], "clan": m[2]}] * n}
        elif kind == "guard":
            action = {"type": "guard", "section": m[1]}
        else:
            action = {"type": "end_turn"}
        try:
            t.act(seat, action)
        except RuleError as err:
            assert err.rule
        assert check(t.state) == start
        assert GAME.waiting_for(t.state) == ([] if t.state["phase"] == "over" else [seat] if
                                             t.state["phase"] == "main" else [t.view["active_player"]])
