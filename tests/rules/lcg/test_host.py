"""Host corrections: counters, first player, phase, skip; every refusal cites its rule."""

from __future__ import annotations

import pytest
from helpers import Table, draw_segment

from companion.games.base import RuleError


def test_host_sets_counters_and_first_player():
    t = Table(3)
    t.host("host_set", seat="p2", field="gold", value=7)
    t.host("set_first", seat="p3")
    assert t.view["players"]["p2"]["gold"] == 7 and t.view["first_player"] == "p3"
    with pytest.raises(RuleError) as err:
        t.do("p1", "host_set", seat="p2", field="gold", value=1)
    assert err.value.status == 403


def test_host_moves_the_phase_and_closes_an_open_plot_prompt_unseen():
    t = Table(2)
    t.do("p1", "answer", value={"name": "Secret", "gold": 1, "initiative": 1, "claim": 1})
    t.host("set_phase", phase="challenges")
    assert t.view["phase"] == "challenges" and t.view["box"].startswith("chal.")
    assert t.state["prompts"][t.state["plot_prompt"]]["answers"] == {}


def test_host_skip_ends_the_current_round():
    t = Table(2)
    draw_segment(t)
    t.host("skip")
    assert t.box == "draw.draw"
    t.host("set_phase", phase="plot")
    while t.view["step"] != "input":
        t.pass_()
    with pytest.raises(RuleError) as err:
        t.host("skip")  # the reveal waits for plots, not for a pass
    assert err.value.status == 409


def test_player_declares_victory():
    t = Table(2)
    t.do("p2", "declare_win")
    assert t.view["winner"] == "p2"


@pytest.mark.parametrize("action", [
    {"type": "pass"}, {"type": "act"}, {"type": "challenge", "challenge": "military"}, {"type": "finish"},
    {"type": "strength", "attacker": 1, "defender": 1}, {"type": "dominance", "strength": 1},
    {"type": "first_player", "seat": "p1"}, {"type": "title", "title": "x"}, {"type": "order_passives"},
    {"type": "moribund", "label": "x"}, {"type": "passive", "label": "x"}, {"type": "bogus"},
    {"type": "adjust", "field": "gold", "delta": 0}, {"type": "reveal_order", "order": []},
])
def test_refusals_cite_a_rule(action):
    t = Table(2)
    draw_segment(t)
    kind = action.pop("type")
    with pytest.raises(RuleError) as err:
        t.do("p2", kind, **action)
    assert err.value.rule, err.value.message
