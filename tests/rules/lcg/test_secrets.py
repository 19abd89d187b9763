"""No chosen plot, plot deck or auto-pass setting leaks before its time (seed 003 Page 11: plots
are revealed together)."""

from __future__ import annotations

import json

from helpers import Table, plot

from companion.games.lcg import GAME

SECRET = "Wildfire Assault Zzq"


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def test_chosen_plot_is_absent_from_public_and_other_seats_views():
    t = Table(3)
    t.do("p1", "answer", value=plot(SECRET, gold=7, initiative=13, claim=3))
    public = _dump(t.view)
    assert SECRET not in public and "13" not in _dump(t.view["plot_prompt"])
    for other in ("p2", "p3"):
        assert SECRET not in _dump(t.me(other))
    assert SECRET in _dump(t.me("p1")), "the owner sees their own choice (the test can fail)"
    assert t.view["plot_prompt"]["answered"] == ["p1"]


def test_plot_secret_log_lines_are_hidden_until_the_reveal():
    t = Table(2)
    t.do("p1", "answer", value=plot(SECRET))
    line = next(e for e in t.log if e.get("prompt"))
    assert SECRET not in _dump(line["hidden"])
    assert line["seat"] == "p1"
    t.do("p2", "answer", value=plot("Other"))
    assert SECRET in _dump(t.view), "after the reveal, the plot is public"


def test_plot_deck_and_autopass_are_private():
    t = Table(2)
    t.do("p1", "register_plots", plots=[plot(SECRET)])
    t.do("p1", "autopass", kinds=["act.challenges"])
    assert SECRET not in _dump(t.view) and SECRET not in _dump(t.me("p2"))
    assert "act.challenges" not in _dump(t.view)
    assert "act.challenges" not in _dump(t.me("p2")["autopass"])
    assert t.me("p1")["autopass"] == ["act.challenges"]
    log_line = t.log[-1]
    assert SECRET not in _dump(log_line)


def test_waiting_for_names_who_not_what():
    t = Table(2)
    t.do("p2", "answer", value=plot(SECRET))
    assert GAME.waiting_for(t.state) == ["p1"]
    assert SECRET not in _dump(GAME.waiting_for(t.state))
