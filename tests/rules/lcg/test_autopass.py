"""Per-window auto-pass and the 'prompt everyone the same way' timer option (issue #5)."""

from __future__ import annotations

import pytest
from helpers import Table, draw_segment, no_autopass, plot

from companion.games.base import RuleError
from companion.games.lcg.game import autopass_kinds


def test_structure_autopass_comes_from_the_flowchart_data():
    t = Table(2, autopass_start="structure")
    mine = t.me("p1")["autopass"]
    assert "plot.begins" in mine and "chal.resolve" not in mine and "act.marshalling" not in mine
    assert set(mine) <= set(autopass_kinds())


def test_autopass_skips_only_that_window_kind():
    t = Table(2)
    no_autopass(t)
    t.do("p2", "autopass", kinds=["plot.reveal"])
    t.do("p1", "answer", value=plot("A", initiative=5))
    t.do("p2", "answer", value=plot("B", initiative=1))
    assert t.priority == "p1"
    t.pass_("p1")
    assert t.priority == "p1", "p2 auto-passed, the reveal resolved, p1 holds the next event's round"
    assert t.view["event"] == "initiative"


def test_unknown_window_kind_is_refused():
    t = Table(2)
    with pytest.raises(RuleError):
        t.do("p1", "autopass", kinds=["nope"])


def test_uniform_timer_prompts_everyone_even_with_autopass():
    """With the timer option, windows never skip a seat instantly, so a stop reveals nothing."""
    t = Table(2, uniform_timer=8)
    assert t.view["box"] == "plot.begins" and t.view["step"] == "save"
    assert t.view["priority"] == "p1" and t.view["timer"] == 8
    t.pass_()
    assert t.priority == "p2"


def test_uniform_timer_does_not_apply_to_action_segments():
    t = Table(2, uniform_timer=8)
    draw_segment(t)
    assert t.view["timer"] == 0


def test_passives_are_walked_and_ordered_by_the_first_player():
    """Simultaneous passives: the first player orders them; each has a save/cancel round (Page 6-8)."""
    t = Table(2)
    draw_segment(t)
    t.do("p1", "act", label="Event")
    t.do("p2", "passive", label="Knight of Flowers")
    t.do("p1", "passive", label="Benjen Stark")
    t.pass_all()  # save round of the action; it resolves; two passives wait
    assert t.view["waiting_for"] == ["p1"] and t.view["window"][0]["ordering"]
    with pytest.raises(RuleError):
        t.do("p2", "order_passives", order=[1, 0])
    t.do("p1", "order_passives", order="1,0")
    kinds = [w["kind"] for w in t.view["window"]]
    assert kinds == ["action", "passive"] and t.view["window"][1]["label"] == "Benjen Stark"
    assert t.priority == "p2", "save/cancel against a passive starts at the initiator's left by default"
    t.pass_all()
    assert t.view["window"][1]["label"] == "Knight of Flowers"
    t.pass_all()
    assert t.view["step"] == "responses" and t.priority == "p2"


def test_passive_during_responses_resolves_at_once_and_restarts_the_streak():
    t = Table(2)
    draw_segment(t)
    t.do("p1", "act", label="Event")
    t.pass_all()
    t.pass_("p2")
    t.do("p1", "passive", label="Triggered")
    assert [w["kind"] for w in t.view["window"]] == ["action", "passive"]
    t.pass_all()
    assert t.view["step"] == "responses" and t.priority == "p1" and t.view["passed"] == []


def test_autopass_groups_cover_every_kind_once_by_phase():
    t = Table(3)
    me = t.me("p2")
    grouped = [k for g in me["autopass_groups"] for k in g["kinds"]]
    assert sorted(grouped) == sorted(me["autopass_kinds"])
    assert [g["phase"] for g in me["autopass_groups"]][0] == "plot"
    assert "act.challenges" in next(g for g in me["autopass_groups"] if g["phase"] == "challenges")["kinds"]


def test_empty_autopass_form_means_ask_every_time():
    t = Table(2)
    t.do("p1", "autopass", kinds=[""])
    assert t.me("p1")["autopass"] == []


def test_table_option_sets_the_starting_autopass():
    assert Table(2, autopass_start="none").me("p1")["autopass"] == []
    assert Table(2, autopass_start="all").me("p2")["autopass"] == autopass_kinds()
    assert Table(2, defaults=True).me("p1")["autopass"] == []
