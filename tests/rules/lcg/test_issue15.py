"""Issue 15: right by default. Auto-pass never skips a window a player is entitled to; passives
follow their window's order; a passive noted during a save/cancel response waits for step 4; the
initiative and claim modifiers of locations and cards (seed 003 Page 6, 8 and 14)."""

from __future__ import annotations

import pytest
from helpers import Table, draw_segment, plot

from companion.games.base import RuleError
from companion.games.lcg import GAME


def test_a_new_table_offers_every_window_to_every_player():
    """Page 6: the first player always has the first opportunity in a player-action segment; the
    default used to skip the plot and draw segments, dominance, standing and taxation."""
    t = Table(3, defaults=True)
    assert t.box == "plot.begins" and t.priority == "p1"
    asked: dict[str, set[str]] = {}
    for _ in range(60):
        if t.priority is None:
            break
        asked.setdefault(t.box, set()).add(t.priority)
        t.pass_()
    assert asked["plot.begins"] == {"p1", "p2", "p3"}
    assert asked["plot.actions1"] == {"p1", "p2", "p3"}
    assert t.view["event"] == "reveal_plots"
    for seat in ("p1", "p2", "p3"):
        assert t.me(seat)["autopass"] == []


def test_the_structure_label_names_every_segment_it_skips():
    """The option's label must list what it skips: every phase whose action segment is skipped."""
    from companion.games.lcg import data

    option = next(o for o in GAME.options() if o.key == "autopass_start")
    assert option.default == "none"
    label = dict(option.choices)["structure"].lower()
    skipped = {data.boxes()[k].phase for k in data.default_autopass() if data.boxes()[k].kind == "actions"}
    assert skipped == {"plot", "draw", "dominance", "standing", "taxation"}
    for phase in skipped:
        assert phase in label, phase
    assert "becomes active" in label


def test_passive_in_a_players_window_starts_at_the_initiators_left_by_default():
    t = Table(3)
    draw_segment(t)
    t.pass_("p1")
    t.do("p2", "act", label="Event")
    t.do("p1", "passive", label="Passive")
    t.pass_all()  # save/cancel round on the action (p3, p1, p2); it resolves; the passive starts
    assert [w["kind"] for w in t.view["window"]] == ["action", "passive"]
    assert t.priority == "p3", "the player to the initiator's (p2's) left"
    t2 = Table(3, passive_start="first_player")
    draw_segment(t2)
    t2.pass_("p1")
    t2.do("p2", "act", label="Event")
    t2.do("p1", "passive", label="Passive")
    t2.pass_all()
    assert t2.priority == "p1", "the option still offers the first player"


def test_passive_noted_during_a_save_cancel_response_resolves_after_the_action():
    """Page 8 step 4: passives triggered by the action or by a save/cancel response to it are
    initiated after the action resolves, not inside the save/cancel response's own window."""
    t = Table(2)
    draw_segment(t)
    t.do("p1", "act", label="Kill X")
    t.do("p2", "act", effect="save")  # p2's save/cancel response; its own save round from p1
    assert [w["kind"] for w in t.view["window"]] == ["action", "save"]
    t.do("p1", "passive", label="Triggered by the save")
    assert t.view["window"][1]["passives"] == []
    assert t.view["window"][0]["passives"] == ["Triggered by the save"]
    t.pass_all()  # the save response resolves without walking the passive
    assert [w["kind"] for w in t.view["window"]] == ["action"] and t.view["step"] == "save"
    t.pass_all()  # the action resolves: now its step 4 walks the passive
    assert [w["kind"] for w in t.view["window"]] == ["action", "passive"]
    assert t.view["window"][1]["label"] == "Triggered by the save"


def _to_initiative(t: Table, p1_init: int, p2_init: int) -> None:
    t.do("p1", "answer", value=plot("A", initiative=p1_init))
    t.do("p2", "answer", value=plot("B", initiative=p2_init))
    while t.view["event"] in ("reveal_plots", "initiative") and t.priority:
        t.pass_()


def test_initiative_modifier_changes_who_wins_initiative():
    """Page 14: a location's initiative counts; 3 + 2 beats a printed 4."""
    t = Table(2)
    t.do("p2", "adjust", field="initiative_bonus", delta=2)
    t.do("p2", "adjust", field="initiative_bonus", delta=-3)
    t.do("p2", "adjust", field="initiative_bonus", delta=3)
    assert t.view["players"]["p2"]["initiative_bonus"] == 2
    _to_initiative(t, 4, 3)
    assert t.view["initiative"]["winner"] == "p2"


def test_claim_modifier_moves_more_power():
    t = Table(2)
    t.host("host_set", seat="p2", field="power", value=5)
    t.host("host_set", seat="p1", field="claim_bonus", value=1)
    t.do("p1", "answer", value=plot("A", initiative=5, claim=1))
    t.do("p2", "answer", value=plot("B", initiative=1))
    t.until_box("plot.reveal")
    while t.view["event"] != "choose_first":
        t.pass_()
    t.do("p1", "first_player", seat="p1")
    t.until_box("chal.actions")
    while not t.view["decision"]:
        t.pass_()
    t.do("p1", "challenge", challenge="power")
    while t.view["event"] != "determine_winner" or t.view["step"] != "input":
        t.pass_()
    t.do("p1", "strength", attacker=3, defender=1)
    while t.view["event"] in ("determine_winner", "apply_claim") and t.priority:
        t.pass_()
    assert t.view["challenge"]["claim"] == 2 and t.view["players"]["p2"]["power"] == 3


def test_modifiers_have_bounds_and_other_counters_stay_non_negative():
    t = Table(2)
    with pytest.raises(RuleError):
        t.do("p1", "adjust", field="claim_bonus", delta=-10)
    with pytest.raises(RuleError):
        t.do("p1", "adjust", field="gold", delta=-1)
    with pytest.raises(RuleError):
        t.host("host_set", seat="p1", field="initiative_bonus", value=10)
    t.host("host_set", seat="p1", field="initiative_bonus", value=-2)
    assert t.view["players"]["p1"]["initiative_bonus"] == -2

