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


def test_a_won_game_takes_only_the_hosts_corrections_and_private_settings():
    """Once a player has won, the table stops (facts lcg.md): every move but the host's counter
    correction and a seat's own plot deck and auto-pass settings is refused, 409, citing why."""
    from helpers import plot

    from companion.games.lcg import GAME

    t = Table(2)
    draw_segment(t)
    assert GAME.stage(t.state) == "draw/actions"
    t.do("p1", "act", label="Kill")
    assert GAME.stage(t.state) == "draw/window"
    t.do("p2", "declare_win")
    assert GAME.stage(t.state) == "ended"
    for who, kind, fields in [("p1", "pass", {}), ("p1", "adjust", {"field": "gold", "delta": 1}),
                              ("p1", "add_plot", plot("A")), (None, "set_phase", {"phase": "plot"}),
                              (None, "skip", {})]:
        with pytest.raises(RuleError) as err:
            t.do(who, kind, host=who is None, **fields)
        assert (err.value.status, err.value.message, err.value.entry) == (409, "The game is over.", "win-power")
    t.host("host_set", seat="p1", field="gold", value=3)
    t.do("p1", "autopass", kinds=[])
    t.do("p1", "register_plots", plots=[plot("A")])
    assert t.view["players"]["p1"]["gold"] == 3 and t.me("p1")["plots"][0]["name"] == "A"



def test_the_declared_moves_are_the_ones_docs_api_md_documents():
    """docs/api.md documents the LCG's moves once, in the reference generated from the declarations
    (issue 40: no hand-written table beside it), and every declared move is there."""
    import re
    from pathlib import Path

    from companion.games.lcg import GAME
    from companion.moves_doc import BEGIN, END

    doc = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text(encoding="utf-8")
    section = doc[doc.index("<!-- game:lcg -->"):doc.index("<!-- /game:lcg -->")]
    assert not [line for line in section.splitlines() if line.startswith("| `")]
    generated = doc[doc.index(BEGIN):doc.index(END)]
    lcg = generated[generated.index("### lcg"):]
    lcg = lcg[:lcg.index("\n### ")] if "\n### " in lcg else lcg
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", lcg, re.M))
    assert GAME.moves is not None
    assert documented == {move.name for move in GAME.moves}
    t = Table(2)
    with pytest.raises(RuleError) as err:
        t.do("p1", "_holder_turn")
    assert err.value.status == 400 and err.value.message == "Unknown action: %(type)s."
