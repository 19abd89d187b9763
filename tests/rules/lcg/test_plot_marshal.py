"""Plot phase (initiative, first player, "when revealed", titles), marshalling and taxation."""

from __future__ import annotations

import pytest
from helpers import Table, all_autopass, plot

from companion.games.base import RuleError


def reveal(t: Table, plots: dict[str, dict]) -> None:
    for seat, p in plots.items():
        t.do(seat, "answer", value=p)


def test_highest_initiative_wins_and_chooses_first_player():
    """Seed 003 Page 11: the highest initiative indicates the first player."""
    t = Table(3)
    all_autopass(t)
    reveal(t, {"p1": plot("A", initiative=2), "p2": plot("B", initiative=6), "p3": plot("C", initiative=4)})
    assert t.view["initiative"]["winner"] == "p2"
    assert t.view["waiting_for"] == ["p2"]
    with pytest.raises(RuleError) as err:
        t.do("p1", "first_player", seat="p1")
    assert err.value.status == 403
    t.do("p2", "first_player", seat="p3")
    assert t.view["first_player"] == "p3"
    assert "p2 wins initiative." in t.messages()


def test_initiative_tie_lowest_power_wins():
    """Tie rule (table option, default; facts lcg.md, unverified): lowest power wins the tie."""
    t = Table(3)
    all_autopass(t)
    t.host("host_set", seat="p1", field="power", value=4)
    t.host("host_set", seat="p2", field="power", value=2)
    reveal(t, {"p1": plot("A", initiative=5), "p2": plot("B", initiative=5), "p3": plot("C", initiative=1)})
    assert t.view["initiative"]["winner"] == "p2"
    assert t.view["initiative"]["tied"] == ["p1", "p2"]


def test_initiative_tie_equal_power_is_drawn_at_random_and_logged():
    winners = set()
    for seed in range(12):
        t = Table(2, seed=seed)
        all_autopass(t)
        reveal(t, {"p1": plot("A", initiative=5), "p2": plot("B", initiative=5)})
        winners.add(t.view["initiative"]["winner"])
        assert any("drawn at random" in m for m in t.messages())
    assert winners == {"p1", "p2"}


def test_initiative_tie_random_option_ignores_power():
    winners = set()
    for seed in range(12):
        t = Table(2, seed=seed, initiative_tie="random")
        all_autopass(t)
        t.host("host_set", seat="p1", field="power", value=9)
        reveal(t, {"p1": plot("A", initiative=5), "p2": plot("B", initiative=5)})
        winners.add(t.view["initiative"]["winner"])
    assert winners == {"p1", "p2"}


def test_when_revealed_effects_in_the_first_players_order():
    """"When revealed" effects resolve in the order the first player sets (seed 003 Page 11)."""
    t = Table(3)
    all_autopass(t)
    reveal(t, {"p1": plot("A", initiative=9, wr=True), "p2": plot("B", wr=True), "p3": plot("C")})
    t.do("p1", "first_player", seat="p1")
    assert t.view["event"] == "when_revealed" and t.view["waiting_for"] == ["p1"]
    with pytest.raises(RuleError):
        t.do("p1", "reveal_order", order=["p1", "p3"])
    t.do("p1", "reveal_order", order="p2,p1")
    assert '"When revealed" effects resolve in this order: p2 (B), p1 (A).' in t.messages()


def test_a_single_when_revealed_needs_no_ordering():
    t = Table(2)
    all_autopass(t)
    reveal(t, {"p1": plot("A", initiative=9, wr=True), "p2": plot("B")})
    t.do("p1", "first_player", seat="p1")
    assert t.view["event"] != "when_revealed"


def test_melee_titles_chosen_from_first_player_clockwise():
    """Melee: titles are chosen in order from the first player, then clockwise (Page 11)."""
    t = Table(3)
    all_autopass(t)
    reveal(t, {"p1": plot("A", initiative=1), "p2": plot("B", initiative=9), "p3": plot("C", initiative=1)})
    t.do("p2", "first_player", seat="p3")
    assert t.view["event"] == "choose_titles" and t.view["waiting_for"] == ["p3"]
    with pytest.raises(RuleError):
        t.do("p1", "title", title="Master of Coin")
    t.do("p3", "title", title="Master of Coin")
    with pytest.raises(RuleError):
        t.do("p1", "title", title="Master of Coin")  # taken
    t.do("p1", "title", title="Crown Regent")
    t.do("p2", "title", title="Hand of the King")
    assert {s: p["title"] for s, p in t.view["players"].items()} == {
        "p1": "Crown Regent", "p2": "Hand of the King", "p3": "Master of Coin"}


def test_joust_has_no_titles():
    t = Table(2)
    assert t.view["titles"] == []
    assert all(b["id"] != "plot.titles" for b in t.view["flowchart"])


def test_host_can_enter_titles_and_relations():
    t = Table(4)
    t.host("titles_setup", titles="A, B, C, D, E", relations="A supports B")
    assert t.view["titles"] == ["A", "B", "C", "D", "E"]
    assert t.view["title_relations"] == "A supports B"
    with pytest.raises(RuleError):
        t.host("titles_setup", titles="A, B")


def to_marshal(players: int = 2, **plots) -> Table:
    t = Table(players)
    all_autopass(t)
    reveal(t, {s: plots.get(s, plot(s, initiative=9 if s == "p1" else 1)) for s in t.state["seats"]})
    t.do("p1", "first_player", seat="p1")
    if players > 2:
        for _ in range(players):
            chooser = t.view["title_chooser"]
            t.do(chooser, "title", title=t.me(chooser)["free_titles"][0])
    assert t.box == "marshal.actions"
    return t


def test_income_is_counted_at_the_start_of_each_active_players_turn():
    """Seed 003 Page 14: income is counted when the player becomes active, not before."""
    t = to_marshal(2, p1=plot("A", gold=5, initiative=9), p2=plot("B", gold=4, initiative=1))
    t.do("p2", "adjust", field="income_bonus", delta=1)
    assert t.view["players"]["p1"]["gold"] == 5
    assert t.view["players"]["p2"]["gold"] == 0, "p2 is not active yet"
    t.pass_("p1")  # p2 auto-passes; the next turn begins
    assert t.view["active_player"] == "p2"
    assert t.view["players"]["p2"]["gold"] == 5, "4 from the plot + 1 bonus entered by the player"


def test_only_the_active_player_spends_gold_while_marshalling():
    """Seed 003 Page 7: during marshalling only the active player takes actions that cost gold."""
    t = to_marshal(2)
    t.host("host_set", seat="p2", field="gold", value=3)
    with pytest.raises(RuleError) as err:
        t.do("p2", "adjust", field="gold", delta=-1)
    assert err.value.rule == "seed 003 Page 7" and err.value.status == 403
    t.do("p1", "adjust", field="gold", delta=-2)
    assert t.view["players"]["p1"]["gold"] == 3
    t.do("p2", "adjust", field="gold", delta=1)  # gaining gold from an effect is fine
    with pytest.raises(RuleError):
        t.do("p1", "adjust", field="gold", delta=-9)


def test_the_active_player_is_never_auto_passed_in_their_own_segment():
    t = to_marshal(2)
    assert t.priority == "p1" and t.view["active_player"] == "p1"
    t.pass_("p1")
    # p1 (first player, auto-passing this segment kind) is skipped; p2, now active, must pass by hand
    assert t.view["active_player"] == "p2" and t.priority == "p2"


def test_taxation_returns_unspent_gold_and_titles():
    t = to_marshal(3)
    assert all(p["title"] for p in t.view["players"].values())
    t.host("set_phase", phase="taxation")
    assert all(p["gold"] == 0 for p in t.view["players"].values())
    assert all(p["title"] is None for p in t.view["players"].values())
    assert t.view["round"] == 2 and t.view["phase"] == "plot"


def test_plot_values_are_validated():
    t = Table(2)
    with pytest.raises(RuleError):
        t.do("p1", "answer", value={"name": "", "gold": 1, "initiative": 1, "claim": 1})
    with pytest.raises(RuleError):
        t.do("p1", "answer", value={"name": "X", "gold": 99, "initiative": 1, "claim": 1})
    with pytest.raises(RuleError):
        t.do("p1", "answer", value="A Noble Cause")
    t.do("p1", "answer", value={"name": "X", "gold": "5", "initiative": "2", "claim": "1", "when_revealed": "on"})
    assert t.state["prompts"][t.state["plot_prompt"]]["answers"]["p1"]["when_revealed"] is True


def test_plot_can_be_changed_until_the_last_one_arrives():
    t = Table(2)
    t.do("p1", "answer", value=plot("A"))
    t.do("p1", "answer", value=plot("B"))
    t.do("p2", "answer", value=plot("C"))
    assert t.view["players"]["p1"]["plot"]["name"] == "B"
    with pytest.raises(RuleError):
        t.do("p1", "answer", value=plot("D"))


def test_registered_plot_deck_and_used_plots():
    t = Table(2, used_plots="free")
    all_autopass(t)
    deck = [plot(f"Plot {i}", gold=i, initiative=i, claim=1) for i in range(7)]
    t.do("p1", "register_plots", plots=deck)
    assert [p["name"] for p in t.me("p1")["plots"]] == [p["name"] for p in deck]
    t.do("p1", "answer", value=deck[3])
    t.do("p2", "answer", value=plot("Z"))
    assert t.me("p1")["used_plots"] == ["Plot 3"]
    assert [(p["name"], p["out"]) for p in t.me("p1")["plot_offers"] if p["used"]] == [("Plot 3", False)]
    with pytest.raises(RuleError):
        t.do("p1", "register_plots", plots=deck * 2)


# -- issue #37: a typed plot joins the deck; the used pile (table option, facts lcg.md) -------------
def next_round(t: Table, p1: dict, p2: dict) -> None:
    """Both seats choose, the plots are revealed, and the table walks on to the next plot choice."""
    t.do("p1", "answer", value=p1)
    t.do("p2", "answer", value=p2)
    t.do(t.view["waiting_for"][0], "first_player", seat="p1")
    t.host("set_phase", phase="taxation")
    for _ in range(50):
        if t.view["event"] == "reveal_plots" and t.view["step"] == "input":
            return
        t.pass_()
    raise AssertionError("the next plot phase never came")


def offered(t: Table, seat: str) -> list[str]:
    return [p["name"] for p in t.me(seat)["plot_offers"] if not p["out"]]


def test_a_typed_plot_joins_the_deck_and_is_offered_next_round():
    t = Table(2, used_plots="free")
    all_autopass(t)
    assert t.me("p1")["plots"] == []
    next_round(t, plot("Zzq Taxation", gold=4, initiative=2), plot("B", initiative=1))
    assert t.me("p1")["plots"] == [plot("Zzq Taxation", gold=4, initiative=2)]
    assert offered(t, "p1") == ["Zzq Taxation"]  # one tap now (the phone's button sends these fields)
    assert t.me("p2")["plots"] == [plot("B", initiative=1)]
    # a plot typed again under the same name corrects the deck's copy instead of doubling it
    next_round(t, plot("zzq  taxation", gold=5, initiative=2), plot("B", initiative=1))
    assert [p["gold"] for p in t.me("p1")["plots"]] == [5]


def test_the_deck_never_reaches_another_seat():
    t = Table(2)
    all_autopass(t)
    t.do("p1", "answer", value=plot("Zzq Secret Plot"))
    assert "Zzq Secret Plot" not in str(t.view) and "Zzq Secret Plot" not in str(t.me("p2"))


def test_used_pile_keeps_the_plot_in_play_and_used_plots_out_of_reach():
    t = Table(2)  # the default: the used pile
    all_autopass(t)
    next_round(t, plot("A0"), plot("B0", initiative=1))
    with pytest.raises(RuleError, match="still in play") as err:
        t.do("p1", "answer", value=plot("A0"))
    assert err.value.rule == "facts lcg.md" and err.value.entry == "plots-used-pile"
    next_round(t, plot("A1"), plot("B1", initiative=1))
    assert t.me("p1")["used_plots"] == ["A0"] and offered(t, "p1") == []
    with pytest.raises(RuleError, match="used pile"):
        t.do("p1", "answer", value=plot("a0"))
    assert t.state["prompts"][t.state["plot_prompt"]]["answers"] == {}  # the refusal sealed nothing


def test_used_pile_returns_once_all_seven_plots_were_revealed():
    t = Table(2)
    all_autopass(t)
    for i in range(6):
        next_round(t, plot(f"A{i}"), plot(f"B{i}", initiative=1))
    assert t.me("p1")["used_plots"] == [f"A{i}" for i in range(5)]  # A5 is in play
    next_round(t, plot("A6"), plot("B6", initiative=1))  # the 7th plot: the 6 used ones return
    assert t.me("p1")["used_plots"] == []
    assert offered(t, "p1") == [f"A{i}" for i in range(6)]  # one tap each; A6 is in play
    assert sum("revealed all seven plots" in m for m in t.messages()) == 2  # both seats, a public line
    next_round(t, plot("A0"), plot("B0", initiative=1))
    assert t.me("p1")["used_plots"] == ["A6"]


def test_free_plots_allow_any_plot_of_the_deck_every_round():
    t = Table(2, used_plots="free")
    all_autopass(t)
    next_round(t, plot("A"), plot("B", initiative=1))
    next_round(t, plot("A"), plot("B", initiative=1))
    assert t.view["players"]["p1"]["plot"]["name"] == "A"


def test_tables_from_before_the_option_keep_free_plots():
    from companion.games.lcg.options import LcgOptions

    assert LcgOptions.load({"players": 2}).used_plots == "free"
    assert LcgOptions.new({"players": 2}).used_plots == "pile"


def test_cancelled_initiative_count_leaves_the_choice_to_the_current_first_player():
    """A cancel against 'count initiative' skips it; the companion then lets the current first player
    choose (fallback, logged) instead of getting stuck."""
    from helpers import no_autopass

    t = Table(2)
    no_autopass(t)
    reveal(t, {"p1": plot("A", initiative=1), "p2": plot("B", initiative=7)})
    t.pass_all()  # the reveal's save round
    assert t.view["event"] == "initiative"
    t.do("p1", "act", effect="cancel", label="A cancel")
    t.pass_all()
    t.pass_all()
    assert t.view["event"] == "choose_first" and t.view["waiting_for"] == ["p1"]
    assert "Framework event cancelled: Count initiative." in t.messages()
    t.do("p1", "first_player", seat="p1")
    assert t.view["first_player"] == "p1"


def test_a_cancel_cannot_undo_the_turn_structure():
    """Becoming the active player is structure: a cancel is logged, the books are kept."""
    from helpers import no_autopass

    t = to_marshal(2)
    no_autopass(t)
    t.pass_("p1")
    t.pass_("p2")
    t.pass_all()
    t.pass_all()  # marshal.done window
    assert t.view["event"] == "become_active"
    t.do("p1", "act", effect="cancel")
    t.pass_all()
    t.pass_all()
    assert t.view["active_player"] == "p2"
    assert any(m.startswith("A cancel cannot undo") for m in t.messages())
