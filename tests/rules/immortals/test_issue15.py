"""Issue 15: Immortals right by default (seed 001/002 p.6, 7, 12, 13-14) and the setup that names
every missing field."""

from __future__ import annotations

import pytest
from immortals_helpers import Table, give_plan, midgame

from companion.games.base import RuleError
from companion.games.immortals import GAME, draft, profile
from companion.games.immortals.battle import adjudicate


def _tie_with_planned_card(holder_plans_card: bool = True) -> Table:
    """p1 attacks p2 in light 2-3; p2 holds that region card and has planned it on an extract space."""
    t = midgame()
    t.put("p1", "light", "2-2", 3)
    t.put("p2", "light", "2-3", 1)
    t.put("p2", "dark", "2-3", 1)
    t.state["region_cards"]["2-3"] = "p2"
    t.player("p1")["conflict"] = ["c:light:2-2"]
    give_plan(t, "p1", [None] * 4 + ["c:light:2-2"])
    give_plan(t, "p2", ["r:2-3:dark"])
    t.state["profile"]["regions"]["2-3"]["dark"]["gold"] = 3
    t.act("p1", {"type": "perform", "space": "a4", "from": "light:2-2", "to": "light:2-3", "armies": 2})
    t.act("p1", {"type": "battle_result", "tray": {"p1": 1, "p2": 1}})
    return t


def test_a_tie_takes_the_planned_region_card_away():
    """p.14: after a tie the region card goes back to the deck; its holder planned it, and
    performing that space gives compensation only (gold 10 stayed 13 before the fix)."""
    t = _tie_with_planned_card()
    assert t.state["region_cards"]["2-3"] is None
    assert t.state["turn"] == "p2"
    t.act("p2", {"type": "perform", "space": "a0", "take": "gold"})
    assert t.player("p2")["gold"] == 11, "1 gold of compensation, not the 3 printed on the card"


def test_a_card_that_changed_hands_cannot_act_whatever_took_it():
    """Who holds a card is checked when any card-space is performed (p.13-14): a host correction
    that gives the card away also stops the planned card."""
    t = midgame()
    t.put("p1", "light", "2-3", 2)
    t.state["region_cards"]["2-3"] = "p1"
    t.state["profile"]["regions"]["2-3"]["light"]["gold"] = 4
    give_plan(t, "p1", ["r:2-3:light"])
    t.host({"type": "give_card", "region": "2-3", "seat": "p3"})
    t.act("p1", {"type": "perform", "space": "a0", "take": "energy"})
    assert (t.player("p1")["gold"], t.player("p1")["energy"]) == (10, 11)


def test_corner_groups_only_with_three_or_four_players():
    """p.6: the corner spaces of the board's back are used only with 3 or 4 players."""
    prof = profile.default()
    prof["tribes"]["elves"].update(groups=[10, 4], corner=3)
    prof["tribes"]["demons"].update(groups=[6], corner=2)
    chosen = {"light": "elves", "dark": "demons"}
    assert sorted(profile.groups_for(prof, chosen, 4)) == [2, 3, 4, 6, 10]
    assert sorted(profile.groups_for(prof, chosen, 5)) == [4, 6, 10]
    again = profile.load(prof)
    assert again["tribes"]["elves"]["corner"] == 3


@pytest.mark.parametrize(("players", "groups"), [(4, [2, 3, 4, 6, 10]), (5, [4, 6, 10])])
def test_the_same_boards_place_corner_groups_only_below_five_players(players, groups):
    t = Table(players)
    light = ["elves", "humans", "dwarves", "amazons", "halflings"]
    dark = ["demons", "orcs", "necromancers", "night_elves", "trolls"]
    for i, seat in enumerate(t.state["seats"]):
        t.act(seat, {"type": "choose_tribes", "light": light[i], "dark": dark[i], "light_gold": 3,
                     "light_energy": 4, "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4",
                     "dark_groups": "6", "light_corner": "3", "dark_corner": "2", "start": f"{i + 1}-1"})
    t.host({"type": "start_game"})
    assert sorted(t.player("p1")["groups"]) == groups


def test_inhabitants_fighting_for_the_loser_both_readings():
    """p.14 spells out only the winner's case. Attacker 4 against defender 1 + 2 inhabitants:
    "party" -> the attacker loses 3; "armies" -> only 1. Both readings carry their citation."""
    tray = {"a": 4, "d": 1, "inhabitants": 2}
    party = adjudicate(tray, "a", "d", "defender")
    armies = adjudicate(tray, "a", "d", "defender", loser_reading="armies")
    assert party["to_limbo"] == {"d": 1, "a": 3} and party["into_region"] == {"seat": "a", "armies": 1}
    assert armies["to_limbo"] == {"d": 1, "a": 1} and armies["into_region"] == {"seat": "a", "armies": 3}
    assert {r["reading"] for r in party["readings"]} == {"party", "armies"}
    assert all("p.14" in r["rule"] for r in party["readings"])


def test_dominate_with_an_empty_twin_region_is_a_table_option():
    """p.12 compares with another player's armies in the twin region; when nobody is there the table
    chooses. The option is shown with its citation at setup."""
    options = {o.key: o for o in GAME.options()}
    assert "p.12" in str(options["dominate_empty"].help) and options["dominate_empty"].default == "take"
    for choice, holder in (("take", "p1"), ("nothing", None)):
        t = midgame(dominate_empty=choice)
        t.put("p1", "light", "2-2", 2)
        give_plan(t, "p1", magic=["m:dominate_or_temple"])
        t.act("p1", {"type": "perform", "space": "m0", "choice": "dominate", "region": "light:2-2"})
        assert t.state["region_cards"]["2-2"] == holder


def test_the_table_says_how_many_inhabitants_fell_from_the_physical_tower():
    """p.7: all but 2 inhabitants that fell go back to the supply; with a physical tower the table
    enters what fell (1 here) instead of the companion assuming 2."""
    t = Table(3)
    t.state["phase"] = "draft"
    draft.begin(t.state)
    t.state["draft"]["stage"] = "feed"
    t.state["draft"]["inhabitants_fell"] = None
    t.state["tray"] = {}
    for seat in ("p1", "p2", "p3"):
        t.act(seat, {"type": "feed", "light": 1, "dark": 1})
    assert t.state["phase"] == "draft", "the round waits for the tray's inhabitants"
    assert GAME.waiting_for(t.state) == ["p1", "p2", "p3"]
    assert "tower_inhabitants" in GAME.private_view(t.state, "p2")["can"]
    with pytest.raises(RuleError):
        t.act("p2", {"type": "tower_inhabitants", "inhabitants": 11})
    t.act("p2", {"type": "tower_inhabitants", "inhabitants": 1})
    assert t.state["tray"] == {"inhabitants": 1} and t.state["phase"] == "reinforce"


def test_draft_finish_with_a_physical_tower_does_not_assume_two_inhabitants():
    t = Table(3)
    t.state["phase"] = "draft"
    draft.begin(t.state)
    for s in t.state["seats"]:
        t.player(s)["tribes"] = {"light": "elves", "dark": "demons"}
    import random

    from companion.games.base import Actor, Ctx

    draft._finish(t.state, Ctx(actor=Actor(host=True), rng=random.Random(1)))
    assert t.state["tray"] == {} and t.state["draft"]["inhabitants_fell"] is None


def test_transition_with_an_empty_limbo_warns():
    t = midgame()
    t.put("p1", "light", "2-2", 2)
    give_plan(t, "p1", [None, None, "c:light:2-2"])
    t.player("p1")["conflict"] = ["c:light:2-2"]
    entries = t.act("p1", {"type": "perform", "space": "a2"})
    assert any(e["msg"].startswith("Warning:") for e in entries)


def test_rounds_option_cites_both_rulebooks():
    """Rulebook B p.4 prints 3:7, 4:5, 5:5 too (only the player aid says 6 for 4 players)."""
    option = {o.key: o for o in GAME.options()}["rounds_table"]
    assert "A and B" in dict(option.choices)["a"]


def test_saving_tribes_without_a_start_region_is_refused_naming_every_field():
    t = Table(3)
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "light_gold": 3,
                     "light_energy": 4, "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4"})
    assert err.value.status == 400
    fields = str(err.value.params)
    assert "start region" in fields and "starting gold" not in fields
    assert t.player("p1")["tribes"] == {"light": None, "dark": None}, "nothing saved"


def test_host_corrects_the_first_player_and_the_turn():
    t = midgame()
    with pytest.raises(RuleError):
        t.act("p1", {"type": "set_first", "seat": "p2"})
    t.host({"type": "set_first", "seat": "p2"})
    assert t.state["first"] == "p2"
    t.host({"type": "set_first", "seat": "p3", "when": "next"})
    assert t.state["next_first"] == "p3" and t.state["first"] == "p2"
    t.host({"type": "set_turn", "seat": "p3"})
    assert t.state["turn"] == "p3" and GAME.waiting_for(t.state) == ["p3"]
    t.player("p2")["passed"] = True
    with pytest.raises(RuleError):
        t.host({"type": "set_turn", "seat": "p2"})


def test_guided_tribe_flow_one_screen_at_a_time_and_short_with_a_saved_profile():
    """Issue 15: each screen saves its part (partial); the next render shows the next missing part;
    a partial save is never "ready". A later table from the saved profile needs the tribes only."""
    t = Table(3)
    flow = lambda: GAME.private_view(t.state, "p1")["tribe_flow"]["current"]  # noqa: E731
    assert flow() == "tribes"
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1"})
    assert flow() == "resources" and not t.player("p1")["ready"]
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1", "light_gold": 3,
                 "light_energy": 4, "dark_gold": 4, "dark_energy": 5})
    assert flow() == "start"
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1", "start": "1-1"})
    assert flow() == "groups" and not t.player("p1")["ready"]
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1",
                 "light_groups": "10, 4", "dark_groups": "6", "light_corner": "3"})
    assert flow() == "check" and t.player("p1")["ready"]
    later = Table(3, profile_data=GAME.export_profile(t.state))
    later.act("p2", {"type": "choose_tribes", "light": "elves", "dark": "orcs"})
    assert later.player("p2")["ready"]


def test_a_partial_save_with_groups_but_no_start_is_not_ready():
    t = Table(3)
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1", "light_gold": 3,
                 "light_energy": 4, "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4", "dark_groups": "6"})
    assert not t.player("p1")["ready"]


def test_magic_transition_from_an_empty_limbo_warns_instead_of_a_confusing_refusal():
    t = midgame()
    t.put("p1", "dark", "2-2", 2)
    give_plan(t, "p1", magic=["m:transition5"])
    entries = t.act("p1", {"type": "perform", "space": "m0", "realm": "dark"})
    assert any(e["msg"].startswith("Warning:") for e in entries)
    assert (t.player("p1")["energy"], t.player("p1")["gold"]) == (6, 9)


def test_the_guided_flow_announces_the_tribes_once_not_per_screen():
    """Issue 23: five screens of the guided flow log "plays X and Y" once; a change of tribe logs
    again (it is news for the table)."""
    t = Table(3)
    steps = [{}, {"light_gold": 3, "light_energy": 4, "dark_gold": 4, "dark_energy": 5}, {"start": "1-1"},
             {"light_groups": "10, 4", "dark_groups": "6"}]
    lines = []
    for extra in steps:
        lines += t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1", **extra})
    lines += t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs"})  # the check screen
    plays = [e for e in lines if e["msg"] == "%(who)s plays %(light)s and %(dark)s"]
    assert len(plays) == 1
    changed = t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "demons", "partial": "1"})
    assert [e["msg"] for e in changed] == ["%(who)s plays %(light)s and %(dark)s"]
