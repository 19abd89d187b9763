"""Brotherhood of the Watch declares its moves: stages follow the setup rounds and the turn, an
out-of-stage move is refused (409) citing its rule, and the views need only the state."""

from __future__ import annotations

from companion.games.catan_watch import GAME, turns, views


def test_stages_follow_setup_and_the_turn(table):
    t = table(dice="physical")
    assert GAME.stage(t.state) == "setup/place"
    t.finish_setup()
    assert GAME.stage(t.state) == "turn/roll"
    t.roll(12)
    assert GAME.stage(t.state) == "turn/build"


def test_a_move_out_of_its_stage_is_refused_citing_its_rule(table):
    t = table(dice="physical")
    err = t.refuse("p1", {"type": "end_turn"})
    assert err.status == 409 and "004" in err.rule
    err = t.refuse("p1", {"type": "edit_trail", "number": 9, "clan": "none"})
    assert err.status == 403, "host only comes before the stage"


def test_numbers_where_the_rules_read_text_pass_as_before(table):
    t = table(dice="physical")
    t.host({"type": "edit_section", "id": "w1", "spaces": 5, "hexes": 7})
    assert [h["name"] for h in t.state["profile"]["hexes"] if h["id"].startswith("w1_")] == ["7"]


def test_views_are_functions_of_the_state(table):
    t = table(dice="physical").finish_setup()
    assert views.public(t.state) == GAME.public_view(t.state)
    assert views.private(t.state, "p1") == GAME.private_view(t.state, "p1")
    assert turns.waiting_for(t.state) == ["p1"]
