"""Each phase walks the framework boxes (grey) and player-action segments (white) in the order the
flowcharts draw them (seed 003 Page 11-12)."""

from __future__ import annotations

from helpers import Table, no_autopass, plot


def trace_round(players: int = 2) -> list[tuple[str, str | None]]:
    """Walk round 2 with nobody auto-passing; record each (box, framework event) stop. (Round 1's
    opening window already auto-passed on the defaults before the settings changed.)"""
    t = Table(players)
    no_autopass(t)
    seen: list[tuple[str, str | None]] = []
    for _ in range(2000):
        v = t.view
        if v["round"] == 3:
            break
        key = (v["box"], v["event"])
        if v["round"] == 2 and (not seen or seen[-1] != key):
            seen.append(key)
        if v["step"] == "input":
            who = v["waiting_for"][0]
            if v["event"] == "reveal_plots":
                for s in v["waiting_for"]:
                    t.do(s, "answer", value=plot(f"plot-{s}-{v['round']}", initiative=int(s[1:])))
            elif v["event"] == "choose_first":
                t.do(who, "first_player", seat=who)
            elif v["event"] == "choose_titles":
                t.do(who, "title", title=t.me(who)["free_titles"][0])
            elif v["event"] == "dominance":
                t.do(who, "dominance", strength=1)
        elif v["decision"]:
            t.do(v["decision"]["seat"], "finish")
        else:
            t.pass_()
    return seen


def _phase(seen, prefix):
    return [k for k in seen if k[0].startswith(prefix)]


def test_plot_phase_order_joust():
    """Plot: begins, player actions, choose and reveal plots, count initiative, the winner chooses
    the first player, "when revealed" effects in order; player actions; ends (seed 003 Page 11)."""
    assert _phase(trace_round(2), "plot.") == [
        ("plot.begins", "phase_begins"), ("plot.begins", None), ("plot.actions1", None),
        ("plot.reveal", "reveal_plots"), ("plot.reveal", "initiative"), ("plot.reveal", "choose_first"),
        ("plot.reveal", "when_revealed"), ("plot.reveal", None), ("plot.actions2", None),
        ("plot.ends", "phase_ends"), ("plot.ends", None),
    ]


def test_plot_phase_melee_adds_titles_before_the_second_actions():
    """Melee only: titles are chosen after the reveal box and before player actions (Page 11)."""
    seen = _phase(trace_round(3), "plot.")
    i = seen.index(("plot.titles", "choose_titles"))
    assert seen[i - 1] == ("plot.reveal", None) and seen[i + 2] == ("plot.actions2", None)


def test_draw_phase_order():
    """Draw: begins, player actions, each draws two, player actions, ends (seed 003 Page 11)."""
    assert _phase(trace_round(2), "draw.") == [
        ("draw.begins", "phase_begins"), ("draw.begins", None), ("draw.actions1", None),
        ("draw.draw", "draw_two"), ("draw.draw", None), ("draw.actions2", None),
        ("draw.ends", "phase_ends"), ("draw.ends", None),
    ]


def test_marshalling_phase_each_player_active_once_income_at_turn_start():
    """Marshalling: begins; the first player becomes active and counts income; player actions;
    declares done; the next player becomes active ... each player once; ends (Page 11)."""
    turn = [("marshal.active", "become_active"), ("marshal.active", "income"), ("marshal.active", None),
            ("marshal.actions", None), ("marshal.done", "declare_done"), ("marshal.done", None)]
    assert _phase(trace_round(3), "marshal.") == (
        [("marshal.begins", "phase_begins"), ("marshal.begins", None)] + turn * 3
        + [("marshal.ends", "phase_ends"), ("marshal.ends", None)])


def test_challenges_phase_each_player_active_once():
    turn = [("chal.active", "become_active"), ("chal.active", None), ("chal.actions", None),
            ("chal.decide", None), ("chal.finish", "finish_challenges"), ("chal.finish", None)]
    assert _phase(trace_round(2), "chal.") == (
        [("chal.begins", "phase_begins"), ("chal.begins", None)] + turn * 2
        + [("chal.ends", "phase_ends"), ("chal.ends", None)])


def test_dominance_standing_taxation_order():
    """Dominance: begins, reward, actions, ends. Standing: begins, stand, actions, ends. Taxation:
    begins, gold returns, actions, ends, then the next plot phase (seed 003 Page 12)."""
    seen = trace_round(2)
    assert _phase(seen, "dom.") == [
        ("dom.begins", "phase_begins"), ("dom.begins", None), ("dom.reward", "dominance"),
        ("dom.reward", None), ("dom.actions", None), ("dom.ends", "phase_ends"), ("dom.ends", None)]
    assert _phase(seen, "stand.") == [
        ("stand.begins", "phase_begins"), ("stand.begins", None), ("stand.stand", "stand_all"),
        ("stand.stand", None), ("stand.actions", None), ("stand.ends", "phase_ends"), ("stand.ends", None)]
    assert _phase(seen, "tax.") == [
        ("tax.begins", "phase_begins"), ("tax.begins", None), ("tax.return", "return_gold"),
        ("tax.return", None), ("tax.actions", None), ("tax.ends", "phase_ends"), ("tax.ends", None)]


def test_phases_come_in_round_order_and_loop_to_the_next_plot_phase():
    seen = trace_round(2)
    phases = []
    for box, _ in seen:
        p = box.split(".")[0]
        if not phases or phases[-1] != p:
            phases.append(p)
    assert phases == ["plot", "draw", "marshal", "chal", "dom", "stand", "tax"]
    t = Table(2)
    assert t.state["round"] == 1


def test_framework_window_each_event_has_its_own_save_cancel_round_then_one_response_round():
    """Seed 003 Page 9-10 (A-F): every framework event gets its save/cancel round, then passives,
    then a single response round for the whole window."""
    t = Table(2)
    no_autopass(t)
    t.until_box("plot.reveal")
    for s in ("p1", "p2"):
        t.do(s, "answer", value=plot(s, initiative=3 if s == "p1" else 1))
    steps = []
    for _ in range(12):
        v = t.view
        steps.append((v["event"], v["step"], v["priority"]))
        if v["box"] != "plot.reveal":
            break
        if v["step"] == "input":
            t.do("p1", "first_player", seat="p2")
        else:
            t.pass_()
    assert steps[:10] == [
        ("reveal_plots", "save", "p1"), ("reveal_plots", "save", "p2"),
        ("initiative", "save", "p1"), ("initiative", "save", "p2"),
        ("choose_first", "input", None),
        ("choose_first", "save", "p2"), ("choose_first", "save", "p1"),  # p2 is now first player
        ("when_revealed", "save", "p2"), ("when_revealed", "save", "p1"),
        (None, "responses", "p2"),
    ]
