"""Hidden victory point cards at a Wall ending (seed 004 p.4: they stay hidden and may be revealed
after the end; p.8: at the Wall, VP break a tie on guards). The result waits for the tied players
who may hold one; their answers are sealed and revealed together."""

from __future__ import annotations

from companion.games.catan_watch import GAME


def ready(table, **kw):
    return table(dice="physical", **kw).finish_setup({"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})


def gift_ending(t):
    """The 8th wildling enters the Gift on p1's roll: the game ends at the Wall (p.8, end 2)."""
    t.set_board(gift={h: ["normal"] for h in ("s2h1", "s2h2", "s3h1", "s3h2", "s3h3", "s4h1", "s4h2")},
                clans={"ice_river": ["climber"]})
    t.roll(1)


def tied_position(t):
    """p1 and p2 both have 2 guards; p1 leads by one VP on the table (an extra settlement) and holds
    no development card; p2 bought two on earlier turns and played none (two hidden VP cards)."""
    t.set_board(wall={"w1": ["p1", "p2"], "w2": ["p1"], "w3": ["p2", "p3"], "w4": ["p4"]})
    t.state["players"]["p1"]["settlements"] += 1
    t.state["players"]["p2"]["dev_bought"] = 2


def test_tied_guards_wait_for_hidden_vp_cards_which_decide(table):
    t = ready(table)
    tied_position(t)
    gift_ending(t)
    v = t.view
    assert v["phase"] == "over" and v["end"]["winners"] == [] and v["winner"] is None
    assert v["waiting_for"] == ["p2"]  # p1 holds no unplayed card; p3 and p4 hold none either
    assert v["final_reveal"]["asked"] == ["p2"] and "answers" not in v["final_reveal"]
    assert GAME.private_view(t.state, "p2")["final_vp"]["max"] == 2
    assert GAME.private_view(t.state, "p1")["final_vp"] is None
    t.refuse("p1", {"type": "answer", "prompt": "final-vp", "value": 0})  # not asked
    err = t.refuse("p2", {"type": "answer", "prompt": "final-vp", "value": 3})  # only 2 unplayed cards
    assert "p.2-4" in err.rule
    t.act("p2", {"type": "answer", "prompt": "final-vp", "value": 2})
    end = t.view["end"]
    assert end["winners"] == ["p2"]  # 2 hidden VP turn p1's one-VP lead around
    assert [r["seat"] for r in end["ranking"]][:2] == ["p2", "p1"]
    assert t.state["players"]["p2"]["vp_cards"] == 2
    assert t.view["waiting_for"] == []
    err = t.refuse("p2", {"type": "reveal_vp", "count": 1})  # the result is decided
    assert err.status == 409 and "while the result waits for them" in str(err)


def test_reveal_vp_after_the_end_is_the_answer_and_the_host_may_give_it(table):
    """The move players know, reveal_vp, is accepted after the end from the phone and the host."""
    t = ready(table)
    tied_position(t)
    t.state["players"]["p1"]["dev_bought"] = 1  # p1 may hold one hidden card too
    gift_ending(t)
    assert t.view["waiting_for"] == ["p1", "p2"]
    t.act("p2", {"type": "reveal_vp", "count": 0})
    assert t.view["end"]["winners"] == [] and t.view["final_reveal"]["answered"] == ["p2"]
    t.host({"type": "reveal_vp", "seat": "p1", "count": 1})
    end = t.view["end"]
    assert end["winners"] == ["p1"] and t.state["players"]["p1"]["vp_cards"] == 1


def test_answers_stay_sealed_until_the_last_one(table):
    """Neither the screen, the other phone nor the log shows an answer before all are in."""
    t = ready(table)
    tied_position(t)
    t.state["players"]["p1"]["dev_bought"] = 1
    gift_ending(t)
    t.act("p2", {"type": "answer", "prompt": "final-vp", "value": 2})
    blob = str(t.view) + str(GAME.private_view(t.state, "p1"))
    assert "'answers'" not in blob and GAME.private_view(t.state, "p1")["final_vp"]["mine"] is None
    assert GAME.private_view(t.state, "p2")["final_vp"]["mine"] == 2
    from companion.engine import visible_log
    from companion.games.base import Actor
    for viewer in (Actor(), Actor(host=True), Actor(seat="p1")):
        shown = str(visible_log(t.table.state, viewer))
        assert "holds %(count)s hidden" not in shown and "has answered" in shown
    assert "holds %(count)s hidden" in str(visible_log(t.table.state, Actor(seat="p2")))  # its own line
    t.act("p1", {"type": "answer", "prompt": "final-vp", "value": 0})
    assert "holds %(count)s hidden" in str(visible_log(t.table.state, Actor()))  # revealed together


def test_no_tie_or_no_unplayed_card_decides_at_once(table):
    """Nobody is kept waiting when hidden cards cannot change anything: a clear guard leader, or
    tied players without an unplayed development card."""
    t = ready(table)
    t.set_board(wall={"w1": ["p1", "p1"], "w2": ["p2"], "w3": ["p3"], "w4": ["p4"]})
    t.state["players"]["p1"]["dev_bought"] = 3  # leader: its cards cannot matter for the win...
    gift_ending(t)
    # ...but p2, p3, p4 tie on one guard; none holds an unplayed card: decided at once
    assert t.view["end"]["winners"] == ["p1"] and t.view["waiting_for"] == []
