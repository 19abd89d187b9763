"""Immortals declares its moves: the stage gate refuses out of turn with the move's citation, the
parameter models let through what the forms and the JSON API always sent, and the views need only
the state."""

from __future__ import annotations

import pytest
from immortals_helpers import Table, midgame

from companion.games.base import RuleError
from companion.games.immortals import GAME, views


def test_every_move_is_declared_and_stages_follow_the_phases():
    t = Table(3)
    assert GAME.stage(t.state) == "setup"
    assert {m.name for m in GAME.moves} >= {"choose_tribes", "answer", "perform", "pass", "battle_result"}
    m = midgame(3)
    assert GAME.stage(m.state) == "performance"
    m.state["battle"] = {"attacker": "p1", "defender": None}
    assert GAME.stage(m.state) == "performance/battle"


def test_a_move_out_of_its_stage_is_refused_citing_its_rule():
    t = Table(3)
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a0"})
    assert err.value.status == 409 and "seed 001 p.9-12" in err.value.rule
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "battle_result", "tray": {}})
    assert err.value.status == 409 and err.value.message == "There is no battle to resolve."


def test_numbers_where_the_rules_read_text_pass_as_before():
    """A JSON client may send army groups as a number: the rules read it with str()."""
    t = Table(3)
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "demons", "light_groups": 10,
                 "partial": 1})
    assert t.state["profile"]["tribes"]["elves"]["groups"] == [10]


def test_views_are_functions_of_the_state():
    t = midgame(3)
    assert views.public(t.state) == GAME.public_view(t.state)
    assert views.private(t.state, "p1") == GAME.private_view(t.state, "p1")
    assert views.waiting_for(t.state) == ["p1"]


def test_handlers_read_their_model_and_the_declared_ranges_refuse_first():
    """Issue 40: a range the move always reads is declared (and refused, citing the page, before the
    handler runs); form fields with generated names are collected into the field they stand for."""
    t = Table(3)
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "demons", "dark_cost_temple_gold": 31})
    assert err.value.message == "%(field)s must be between %(min)s and %(max)s."
    assert err.value.params == {"field": "dark_cost_temple_gold", "min": 0, "max": 30} and "p.10" in err.value.rule
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "demons", "dark_cost_temple_gold": "2",
                 "partial": "1"})
    assert t.state["profile"]["tribes"]["demons"]["costs"]["temple"] == {"energy": 0, "gold": 2}
    t.host({"type": "name_board", "name:1-2": "Oak", "name:1-3": ""})
    assert t.state["profile"]["regions"]["1-2"]["name"] == "Oak"
    with pytest.raises(RuleError) as err:  # a number is no name: the profile says so, as it always did
        t.host({"type": "name_region", "region": "1-4", "name": 999})
    assert err.value.message == "Profile field %(field)s must be a short text."
    t.act("p2", {"type": "set_tray", "p1": "2", "inhabitants": "1"})
    assert t.state["tray"] == {"p1": 2, "inhabitants": 1}
    with pytest.raises(RuleError) as err:
        t.act("p2", {"type": "set_tray", "p3": 61})
    assert err.value.params == {"field": "p3", "min": 0, "max": 60}
