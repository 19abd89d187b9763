"""Invariants over random play: whatever the dice and tokens, figures and guards are conserved."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.catan_watch import GAME
from companion.games.catan_watch import profile as prof

WILDLINGS = ("normal", "climber", "giant")
CLANS = ("ice_river", "cave_people", "hornfoot")

token = st.fixed_dictionaries({"wildling": st.sampled_from(WILDLINGS), "clan": st.sampled_from(CLANS)})
build = st.one_of(
    st.tuples(st.just("settlement"), st.lists(token, min_size=1, max_size=1)),
    st.tuples(st.just("keep"), st.lists(token, min_size=2, max_size=2)),
    st.tuples(st.just("guard"), st.sampled_from(("w1", "w2", "w3", "w4"))),
)
# one turn: the wildling die, then a few builds, then the end of the turn
turn = st.tuples(st.integers(1, 12), st.lists(build, max_size=3))


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


options = st.fixed_dictionaries({
    "attack_low": st.sampled_from(("camp1", "camp2")),
    "full_column": st.sampled_from(("stack", "frostfangs")),
    "players": st.sampled_from((3, 4)),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options, st.lists(turn, min_size=1, max_size=30))
def test_random_play_keeps_invariants(table, opts, turns):
    t = table(dice="physical", **opts).finish_setup()
    start = figures(t.state)
    for d12, builds in turns:
        seat = t.state["seats"][t.state["active"]]
        actions = [{"type": "roll", "red": 3, "yellow": 4, "d12": d12}]
        for kind, arg in builds:
            if kind == "guard":
                actions.append({"type": "guard", "section": arg})
            else:
                actions.append({"type": "build", "what": kind, "tokens": arg})
        actions.append({"type": "end_turn"})
        for action in actions:
            if t.state["phase"] == "over":
                break
            try:
                t.act(seat, action)
            except RuleError as err:
                assert err.rule and err.status in (400, 409)
            assert check(t.state) == start
            expected = [] if t.state["phase"] == "over" else [t.state["seats"][t.state["active"]]]
            assert GAME.waiting_for(t.state) == expected
            for kind in ("attack", "breach", "giant", "climber"):
                if kind in [x["kind"] for x in t.state["steps"]]:
                    event(kind)
    event(f"ended: {t.state['end']['reason'] if t.state['end'] else 'no'}")
