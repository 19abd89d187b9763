"""Victory point cards are revealed only to win (issue 38), from positions of our own.

The base game the Brotherhood keeps (seed 004 p.2-4): the cards stay hidden; on your own turn you
reveal them when they bring you to 10 VP, any number at once, even cards bought that turn. The Wall
ending's tie-break reveal (p.4, p.8) is another move and stays as it is (test_final_reveal.py). A
table stored before the check (its options lack ``input_checks``) replays as it was played."""

from __future__ import annotations

from dataclasses import replace

from companion import engine
from companion.games.catan_watch import GAME


def ready(table, stored_before: bool = False):
    t = table(dice="physical")
    if stored_before:
        setup = t.table.events[0]
        options = {k: v for k, v in setup.action["options"].items() if k != "input_checks"}
        t.table.events[0] = replace(setup, action={"options": options})
        t.table.state = engine.replay(GAME, t.table.events)
    return t.finish_setup({"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})


def test_a_reveal_that_does_not_reach_10_vp_is_refused_and_not_offered(table):
    """p1 has 7 VP (3 settlements, 2 keeps) and 2 development cards bought on earlier turns: revealing
    1 or 2 of them gives 8 or 9, so both are refused, and the phone shows no reveal control."""
    t = ready(table)
    t.state["players"]["p1"].update(settlements=3, keeps=2, dev_bought=2)
    t.roll(12)
    assert t.view["vp"]["p1"] == 7
    for count, vp in ((1, 8), (2, 9)):
        err = t.refuse("p1", {"type": "reveal_vp", "count": count})
        assert err.rule.startswith("seed 004 p.2-4") and err.status == 409 and err.entry == "vp-cards"
        assert err.params == {"win": 10, "vp": vp}
    me = GAME.private_view(t.state, "p1")
    assert "reveal_vp" not in me["can"] and me["reveal_counts"] == []
    assert t.state["players"]["p1"]["vp_cards"] == 0


def test_never_more_cards_than_development_cards_not_played(table):
    """p1 at 8 VP holds one development card not played (two bought, a ranger played): it cannot
    reveal 2 victory point cards, whatever they would bring."""
    t = ready(table)
    t.state["players"]["p1"].update(settlements=4, keeps=2, dev_bought=2, rangers=1)
    t.roll(12)
    err = t.refuse("p1", {"type": "reveal_vp", "count": 2})
    assert err.params["n"] == 1 and err.status == 409


def test_the_reveal_that_reaches_10_is_offered_and_wins_at_the_end_of_the_turn(table):
    """p1 at 9 VP buys a development card this turn: a victory point card may be revealed at once
    when it wins (p.2-4); the phone offers exactly that count; the win comes at the end of the turn."""
    t = ready(table)
    t.state["players"]["p1"].update(settlements=3, keeps=3)
    t.roll(12)
    assert t.view["vp"]["p1"] == 9
    assert GAME.private_view(t.state, "p1")["reveal_counts"] == []  # no development card at all
    t.act("p1", {"type": "build", "what": "dev"})
    me = GAME.private_view(t.state, "p1")
    assert "reveal_vp" in me["can"] and me["reveal_counts"] == [1]
    t.act("p1", {"type": "reveal_vp", "count": 1})
    assert t.view["vp"]["p1"] == 10 and t.view["phase"] == "main"
    t.act("p1", {"type": "end_turn"})
    assert t.view["winner"] == "p1"


def test_a_table_stored_before_the_check_replays_a_reveal_at_any_score(table):
    t = ready(table, stored_before=True)
    t.roll(12)
    assert GAME.private_view(t.state, "p1")["reveal_counts"] == [1, 2, 3, 4, 5]
    t.act("p1", {"type": "reveal_vp", "count": 1})
    assert t.state["players"]["p1"]["vp_cards"] == 1
