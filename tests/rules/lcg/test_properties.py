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


def _legal_move(t, rnd):
    """One move a real phone could send now (from its `can` list), chosen by ``rnd``."""
    v = t.view
    for seat in rnd.sample(t.state["seats"], len(t.state["seats"])):
        can = t.me(seat)["can"]
        me = t.me(seat)
        if "reveal_plots" in can:
            return seat, "answer", {"value": {"name": f"P{rnd.randint(0, 99)}", "gold": rnd.randint(0, 8),
                                              "initiative": rnd.randint(0, 8), "claim": rnd.randint(0, 3),
                                              "when_revealed": rnd.random() < 0.5}}
        if "choose_first" in can:
            return seat, "first_player", {"seat": rnd.choice(t.state["seats"])}
        if "when_revealed" in can:
            return seat, "reveal_order", {"order": rnd.choice(me["reveal_orders"])}
        if "choose_titles" in can:
            return seat, "title", {"title": rnd.choice(me["free_titles"])}
        if "order_passives" in can:
            return seat, "order_passives", {"order": rnd.choice(me["passive_orders"])}
        if "determine_winner" in can:
            return seat, "strength", {"attacker": rnd.randint(0, 6), "defender": rnd.randint(0, 6)}
        if "dominance" in can:
            return seat, "dominance", {"strength": rnd.randint(0, 9)}
        if "declare_or_finish" in can:
            if me["challenge_types"] and rnd.random() < 0.4:
                opp = rnd.choice(me["opponents"])
                return seat, "challenge", {"challenge": rnd.choice(me["challenge_types"]), "opponent": opp}
            return seat, "finish", {}
        if "pass" in can:
            roll = rnd.random()
            if roll < 0.06 and len(t.state["stack"]) < 5:
                return seat, "act", {"label": "x", "effect": rnd.choice(["cancel", "save"])}
            if roll < 0.08 and t.state["stack"]:
                return seat, "passive", {"label": f"p{rnd.randint(0, 9)}"}
            if roll < 0.10 and t.state["stack"]:
                return seat, "moribund", {"label": f"c{rnd.randint(0, 999)}"}
            return seat, "pass", {"opp": v["opp"]}
    raise AssertionError(f"nobody can move: {v['box']} {v['step']} {v['waiting_for']}")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), lazy=st.booleans())
def test_random_legal_play_over_a_round_never_sticks_or_leaks(seed, players, lazy):
    """Drive a whole round with random legal phone moves: the table never gets stuck, always says
    whom it waits for, and no unrevealed plot reaches the public view or another seat."""
    import random as pyrandom

    from companion.games.lcg.game import autopass_kinds

    rnd = pyrandom.Random(seed)
    t = Table(players, seed=seed)
    if lazy:  # half the table auto-passes every window kind
        for seat in t.state["seats"][::2]:
            t.do(seat, "autopass", kinds=autopass_kinds())
    for _ in range(4000):
        if t.view["winner"] or t.view["round"] == 2:
            break
        seat, kind, fields = _legal_move(t, rnd)
        t.do(seat, kind, **fields)
        v = t.view
        assert v["waiting_for"] or v["winner"]
        prompt = t.state["prompts"].get(t.state["plot_prompt"] or "")
        if prompt and not prompt["revealed"]:
            for s, answer in prompt["answers"].items():
                secret = json.dumps(answer)
                assert secret not in json.dumps(v)
                for other in t.state["seats"]:
                    if other != s:
                        assert secret not in json.dumps(t.me(other))
    assert t.view["round"] == 2 or t.view["winner"]
