"""Issue 24: one countdown per run of windows. When every phone says nothing, the windows up to the
next decision pass for everyone, each opportunity in the FAQ's order (seed 003 Page 6); one Wait
and the run asks again; no device can tell who waited; old tables keep one countdown per round."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from helpers import Table

from companion.games.base import Actor, Ctx
from companion.games.lcg import GAME, flow, windows

SEATS = ("p1", "p2", "p3")


def _record_passes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every pass the engine applies in round 1, as (box, step, event, round type, seat), in order
    (a quiet run at the end of the round goes on into the next round's plot phase)."""
    seen: list[tuple[Any, ...]] = []
    real = windows.do_pass

    def spy(state: dict[str, Any], rnd: dict[str, Any]) -> None:
        top = state["stack"][-1] if state["stack"] else None
        if "_trace" not in state and state["round"] == 1:  # not the run preview's copy
            seen.append((state["box"], top["step"] if top else "segment", windows.current_event(top),
                         rnd["type"], windows.holder(rnd)))
        real(state, rnd)

    monkeypatch.setattr(flow, "do_pass", spy)
    monkeypatch.setattr("companion.games.lcg.moves.do_pass", spy)
    return seen


def _play_round(t: Table, quiet: bool) -> None:
    """One 3-player round with a plot each, a first player, titles, one marshalled card per
    player, no challenge, dominance: every other opportunity passed, by tapping Pass
    (``quiet=False``) or by every phone saying nothing at zero (``quiet=True``)."""
    start = t.state["round"]
    marshalled: set[str] = set()
    for _ in range(600):
        if t.state["round"] != start:
            return
        v = t.view
        if v["step"] == "input":
            ev = v["event"]
            if ev == "reveal_plots":
                for i, s in enumerate(SEATS):
                    t.do(s, "answer", value={"name": f"P{s}", "gold": 5, "initiative": 3 - i, "claim": 1})
            elif ev == "choose_first":
                t.do(v["waiting_for"][0], "first_player", seat="p1")
            elif ev == "choose_titles":
                t.do(v["title_chooser"], "title", title=t.me(v["title_chooser"])["free_titles"][0])
            elif ev == "dominance":
                for s in v["waiting_for"]:
                    t.do(s, "dominance", strength={"p1": 5, "p2": 3, "p3": 1}[s])
            continue
        if v["decision"]:
            t.do(v["decision"]["seat"], "finish")
            continue
        holder = v["priority"]
        assert holder, f"stuck at {v['box']} {v['step']}"
        if v["box"] == "marshal.actions" and holder == v["active_player"]:
            if holder not in marshalled:
                marshalled.add(holder)
                t.do(holder, "act", label="a card")
            else:
                t.pass_()
            continue
        if quiet and t.me(holder)["countdown"]:
            for s in SEATS:
                cd = t.me(s)["countdown"]
                if cd and t.state["round"] == start:
                    try:
                        t.do(s, "pass_ahead", round=cd["round"])
                    except Exception:  # noqa: BLE001 - the round closed under an earlier report
                        pass
            continue
        t.pass_()
    raise AssertionError("the round did not end")


def test_a_quiet_run_offers_every_opportunity_in_the_faq_order(monkeypatch):
    """The same passes, by the same seats, in the same windows and order, whether each player taps
    Pass at every opportunity or every phone says nothing once per run; the same log and counters."""
    tapped = Table(3, defaults=True, auto_close=0, window_pace="each")
    seen_tapped = _record_passes(monkeypatch)
    _play_round(tapped, quiet=False)
    by_tap = list(seen_tapped)
    seen_tapped.clear()
    quiet = Table(3, defaults=True)
    assert quiet.state["options"]["window_pace"] == "run"
    _play_round(quiet, quiet=True)
    assert len(by_tap) > 60
    assert seen_tapped == by_tap
    assert quiet.messages()[:len(tapped.messages())] == tapped.messages()
    assert quiet.messages()[len(tapped.messages()):] == ["Plot phase begins."], "the run went on into round 2"
    assert quiet.view["players"] == tapped.view["players"]


def test_a_run_costs_one_countdown_and_names_where_it_ends():
    t = Table(3, defaults=True)
    run = t.view["run"]
    assert t.box == "plot.begins" and run["end"]["event"] == "reveal_plots"
    assert run["boxes"][:2] == ["plot.begins", "plot.actions1"]
    rid = t.me("p1")["countdown"]["round"]
    for seat in SEATS:
        t.do(seat, "pass_ahead", round=rid)
    v = t.view
    assert v["event"] == "reveal_plots" and v["step"] == "input", "the whole run passed at once"
    assert v["priority"] is None and t.me("p1")["countdown"] is None


def test_one_wait_gives_the_waiting_player_the_opportunity_and_the_run_asks_again():
    t = Table(3, defaults=True)
    rid = t.me("p1")["countdown"]["round"]
    t.do("p1", "pass_ahead", round=rid)
    t.do("p2", "pass_ahead", round=rid, wait="1")
    t.do("p3", "pass_ahead", round=rid)
    assert t.priority == "p2" and t.view["step"] == "save", "p2 tapped Wait: asked in turn"
    assert t.me("p2")["countdown"] is None
    t.do("p2", "pass")  # changed their mind
    assert t.view["box"] == "plot.begins" and t.view["step"] == "responses"
    cds = [t.me(s)["countdown"] for s in SEATS]
    assert cds[0] and cds[0] == cds[1] == cds[2], "the next round of the run asks everyone again"


def test_a_player_who_waits_can_act_in_a_later_window_of_the_run():
    t = Table(3, defaults=True)
    for _ in range(2):  # Wait in the save/cancel round, then in the response round; act there
        rid = t.me("p1")["countdown"]["round"]
        for seat in SEATS:
            t.do(seat, "pass_ahead", round=rid, **({"wait": "1"} if seat == "p3" else {}))
        assert t.priority == "p3"
        if t.view["step"] == "save":
            t.pass_("p3")
    t.do("p3", "act", label="Response: after the phase begins")
    assert [w["kind"] for w in t.view["window"]] == ["framework", "response"]
    assert t.priority == "p1", "the response's save/cancel round starts at the responder's left"


def _seen_by(t: Table, seat: str) -> str:
    return json.dumps([t.view, t.me(seat)], sort_keys=True)


@pytest.mark.parametrize("observer", SEATS)
def test_no_device_can_tell_who_waited_until_the_opportunity_reaches_them(observer):
    """Same bytes to every other device: after the phones of the seats not holding the opportunity
    reported (one with Wait, or none), the observer's public and private views are identical,
    whoever waited. (Once the holder passes, the opportunity moves on in turn and stops at the first
    seat that waited: that seat must then act or pass, as at the table.)"""
    holder = Table(3, defaults=True).priority
    others = [s for s in SEATS if s not in (observer, holder)]
    seen = {}
    for waiter in [None, *others]:
        t = Table(3, defaults=True)
        rid = t.me(observer)["countdown"]["round"]
        for seat in others:
            t.do(seat, "pass_ahead", round=rid, **({"wait": "1"} if seat == waiter else {}))
        seen[waiter] = _seen_by(t, observer)
    assert len(set(seen.values())) == 1, f"{observer} can tell who waited"


def test_a_table_created_before_issue_24_keeps_one_countdown_per_round():
    """Stored options of an old table lack ``window_pace``: it replays with issue 15's pace."""
    options = GAME.normalize_options({"players": 3})
    del options["window_pace"]
    state = GAME.setup(options, Ctx(actor=Actor(host=True), rng=random.Random(1)))
    assert state["options"]["window_pace"] == "each"
    assert GAME.public_view(state)["run"] is None
    rid = GAME.private_view(state, "p1")["countdown"]["round"]
    for seat in SEATS:
        GAME.apply(state, Ctx(actor=Actor(seat=seat), rng=random.Random(2)),
                   {"type": "pass_ahead", "round": rid})
    assert state["box"] == "plot.begins" and GAME.public_view(state)["step"] == "responses"


def test_the_active_player_still_ends_their_own_marshalling_segment():
    t = Table(3, defaults=True)
    t.host("set_phase", phase="marshalling")
    for _ in range(20):
        if t.box == "marshal.actions":
            break
        rid = t.me("p1")["countdown"]["round"]
        for seat in SEATS:
            t.do(seat, "pass_ahead", round=rid)
    assert t.box == "marshal.actions"
    active = t.view["active_player"]
    assert t.priority == active and t.me(active)["countdown"] is None


def _stop_at_plot_actions(asker: str | None) -> Table:
    """Round 1 opens with the run "plot phase begins, player actions"; ``asker`` asks to be stopped
    at the player actions, everyone else says nothing."""
    t = Table(3, defaults=True)
    assert t.view["run"]["later"] == ["plot.actions1"]
    rid = t.me("p1")["countdown"]["round"]
    for seat in SEATS:
        t.do(seat, "pass_ahead", round=rid, **({"stop": "plot.actions1"} if seat == asker else {}))
    return t


def test_a_player_can_ask_to_be_stopped_at_a_later_window_of_the_run():
    """Nothing until the window picked; there everyone is asked again, and the opportunity stops
    at the player who asked when their turn comes (FAQ order: the first player first)."""
    t = _stop_at_plot_actions("p3")
    assert t.box == "plot.actions1" and t.view["step"] == "actions", "the save/cancel and response rounds passed"
    cds = [t.me(s)["countdown"] for s in SEATS]
    assert cds[0] and cds[0] == cds[1], "everyone is asked the same way there"
    assert cds[2] == {**cds[0], "armed": True}, "p3's own phone knows it asked to be stopped here"
    rid = cds[0]["round"]
    for seat in SEATS:
        t.do(seat, "pass_ahead", round=rid)
    assert t.priority == "p3" and t.me("p3")["countdown"] is None
    t.do("p3", "act", label="Plot: an action")
    assert t.view["window"][0]["initiator"] == "p3"


def test_nobody_can_tell_who_asked_to_be_stopped():
    for observer in SEATS:
        seen = {asker: _seen_by(_stop_at_plot_actions(asker), observer)
                for asker in SEATS if asker != observer}
        assert len(set(seen.values())) == 1, f"{observer} can tell who asked to be stopped"


def test_only_a_later_window_of_the_open_run_can_be_asked_for():
    from companion.games.base import RuleError

    t = Table(3, defaults=True)
    rid = t.me("p1")["countdown"]["round"]
    for box in ("plot.begins", "plot.reveal", "dom.reward", "nope"):
        with pytest.raises(RuleError) as err:
            t.do("p2", "pass_ahead", round=rid, stop=box)
        assert err.value.status == 409
