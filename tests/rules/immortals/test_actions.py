"""Army and magic spaces, costs and income, with the worked examples of seed 001/002 p.8-12 and 15."""

from __future__ import annotations

import pytest
from immortals_helpers import give_plan, midgame

from companion.games.base import RuleError
from companion.games.immortals import profile

SHORE_LAKE, TRIBUTE_PASS, EMERALD_CLIFF, TREEHOME = "2-1", "2-2", "3-1", "1-1"
WHITE_FALLS, BORDERLAND = "1-2", "1-3"


def named(t, rid, name):
    profile.name_region(t.state["profile"], rid, name)


def test_extract_gold_shore_lake():
    """p.9 example: Anderson has armies in Shore Lake (light realm) and takes 5 gold; the value
    comes from the worked example once the table names the region."""
    t = midgame()
    t.host({"type": "name_region", "region": SHORE_LAKE, "name": "Shore Lake"})
    assert t.state["profile"]["regions"][SHORE_LAKE]["light"]["gold"] == 5
    t.put("p1", "light", SHORE_LAKE, 2)
    give_plan(t, "p1", [f"c:light:{SHORE_LAKE}"])
    t.player("p1")["conflict"] = [f"c:light:{SHORE_LAKE}"]
    t.act("p1", {"type": "perform", "space": "a0"})
    assert t.player("p1")["gold"] == 15
    assert t.player("p1")["conflict"] == [] and f"c:light:{SHORE_LAKE}" in t.state["discard"]
    assert t.state["turn"] == "p2"


def test_extract_energy_tribute_pass_both_realms():
    """p.9 example: Marina has armies in Tribute Pass in both realms, chooses the dark realm (when
    planning the region card) and takes 6 energy; the region card returns to her hand."""
    t = midgame()
    t.host({"type": "name_region", "region": TRIBUTE_PASS, "name": "Tribute Pass"})
    t.state["turn"] = "p2"
    t.put("p2", "light", TRIBUTE_PASS, 1)
    t.put("p2", "dark", TRIBUTE_PASS, 1)
    t.state["region_cards"][TRIBUTE_PASS] = "p2"
    give_plan(t, "p2", [None, f"r:{TRIBUTE_PASS}:dark"])
    t.act("p2", {"type": "perform", "space": "a1"})
    assert t.player("p2")["energy"] == 16
    assert t.state["region_cards"][TRIBUTE_PASS] == "p2"


def test_unknown_printed_value_is_entered_once_never_invented():
    """Issue #6: the companion never invents values: an unknown printed value is asked, then kept."""
    t = midgame()
    t.put("p1", "dark", "4-4", 1)
    t.state["region_cards"]["4-4"] = "p1"
    give_plan(t, "p1", ["r:4-4:dark"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a0"})
    assert err.value.rule == "seed 001 p.9; seed 002 p.9"
    t.act("p1", {"type": "perform", "space": "a0", "printed": "3"})
    assert t.player("p1")["gold"] == 13
    assert t.state["profile"]["regions"]["4-4"]["dark"]["gold"] == 3
    assert t.state["profile"]["regions"]["4-4"]["sources"]["dark.gold"] == "table"


def test_transition_of_three_emerald_cliff():
    """p.9 example: Anderson has armies in Emerald Cliff (light) and brings 3 armies from his light
    limbo there, paying 2 energy and 1 gold."""
    t = midgame()
    t.put("p1", "light", EMERALD_CLIFF, 1)
    t.player("p1")["limbo"]["light"] = 5
    t.player("p1")["conflict"] = [f"c:light:{EMERALD_CLIFF}"]
    give_plan(t, "p1", [None, None, f"c:light:{EMERALD_CLIFF}"])
    t.act("p1", {"type": "perform", "space": "a2"})
    assert t.cell("light", EMERALD_CLIFF)["armies"] == 4
    assert t.player("p1")["limbo"]["light"] == 2
    assert (t.player("p1")["energy"], t.player("p1")["gold"]) == (8, 9)


def test_transition_with_fewer_than_three_in_limbo():
    """p.9: with fewer than 3 armies in that limbo, only those are placed."""
    t = midgame()
    t.put("p1", "light", EMERALD_CLIFF, 1)
    t.player("p1")["limbo"]["light"] = 2
    t.player("p1")["conflict"] = [f"c:light:{EMERALD_CLIFF}"]
    give_plan(t, "p1", [None, None, f"c:light:{EMERALD_CLIFF}"])
    t.act("p1", {"type": "perform", "space": "a2"})
    assert t.cell("light", EMERALD_CLIFF)["armies"] == 3 and t.player("p1")["limbo"]["light"] == 0


def test_build_portal_treehome_costs_per_tribe():
    """p.10 example: Carla plays the Treehome conflict card (light) where she has 2 armies, pays
    4 energy (her tribe's cost) and builds a portal: +1 VP at once. The cost is entered once."""
    t = midgame()
    t.put("p1", "light", TREEHOME, 2)
    t.player("p1")["conflict"] = [f"c:light:{TREEHOME}"]
    give_plan(t, "p1", [None, None, None, f"c:light:{TREEHOME}"])
    with pytest.raises(RuleError):
        t.act("p1", {"type": "perform", "space": "a3", "building": "portal"})
    t.act("p1", {"type": "perform", "space": "a3", "building": "portal", "cost_energy": 4, "cost_gold": 0})
    assert t.cell("light", TREEHOME)["portal"] is True
    assert t.player("p1")["energy"] == 6 and t.player("p1")["vp"] == 1
    assert t.state["profile"]["tribes"]["elves"]["costs"]["portal"] == {"energy": 4, "gold": 0}


def test_capital_and_temple_limits():
    """p.10: a temple or a capital per region, not both; only one capital per area."""
    t = midgame()
    t.state["profile"]["tribes"]["elves"]["costs"]["capital"] = {"energy": 1, "gold": 1}
    t.state["profile"]["tribes"]["elves"]["costs"]["temple"] = {"energy": 1, "gold": 1}
    t.put("p1", "light", "2-3", 2)
    t.put("p1", "light", "2-4", 2)
    t.cell("light", "2-3")["building"] = "temple"
    t.cell("light", "2-5")["building"] = "capital"
    t.player("p1")["conflict"] = ["c:light:2-3", "c:light:2-4"]
    give_plan(t, "p1", [None, None, None, "c:light:2-3", None, None, None, None])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a3", "building": "capital"})
    assert "not both" in str(err.value) and err.value.rule.startswith("seed 001 p.10")
    give_plan(t, "p1", [None, None, None, "c:light:2-4"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a3", "building": "capital"})
    assert "one capital" in str(err.value)
    t.cell("light", "2-5")["building"] = None
    t.act("p1", {"type": "perform", "space": "a3", "building": "capital"})
    assert t.player("p1")["vp"] == 2


def test_refuses_what_cannot_be_paid_and_decline_compensates():
    """Issue #6 / p.9: an unaffordable action is refused; declining it pays 1 gold or energy."""
    t = midgame()
    t.put("p1", "light", EMERALD_CLIFF, 1)
    t.player("p1")["limbo"]["light"] = 3
    t.player("p1")["energy"] = 1
    t.player("p1")["conflict"] = [f"c:light:{EMERALD_CLIFF}"]
    give_plan(t, "p1", [None, None, f"c:light:{EMERALD_CLIFF}"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a2"})
    assert err.value.rule == "seed 001 p.9; seed 002 p.9"
    t.act("p1", {"type": "perform", "space": "a2", "decline": "1", "take": "energy"})
    assert t.player("p1")["energy"] == 2 and t.state["turn"] == "p2"
    assert t.player("p1")["revealed"]["a2"] == f"c:light:{EMERALD_CLIFF}"


def test_move_white_falls_to_treehome():
    """p.11 example: Anderson moves 4 armies from White Falls (through Borderland) to Treehome for
    1 gold, leaving 2 in White Falls."""
    t = midgame()
    t.put("p1", "light", WHITE_FALLS, 6)
    t.put("p1", "light", BORDERLAND, 1)
    t.put("p1", "light", TREEHOME, 1)
    t.player("p1")["conflict"] = [f"c:light:{WHITE_FALLS}"]
    give_plan(t, "p1", [None] * 5 + [f"c:light:{WHITE_FALLS}"])
    t.act("p1", {"type": "perform", "space": "a5", "mode": "move", "to": f"light:{TREEHOME}", "armies": 4})
    assert t.cell("light", WHITE_FALLS)["armies"] == 2 and t.cell("light", TREEHOME)["armies"] == 5
    assert t.player("p1")["gold"] == 9


def test_move_must_leave_one_army():
    t = midgame()
    t.put("p1", "light", WHITE_FALLS, 3)
    t.put("p1", "light", TREEHOME, 1)
    t.player("p1")["conflict"] = [f"c:light:{WHITE_FALLS}"]
    give_plan(t, "p1", [None] * 5 + [f"c:light:{WHITE_FALLS}"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a5", "mode": "move", "to": f"light:{TREEHOME}", "armies": 3})
    assert err.value.rule == "seed 001 p.11; seed 002 p.11"


def test_magic_transition_of_five():
    """p.12 example: Anderson pays 4 energy and 1 gold to bring 5 armies from his light limbo to
    light regions where he has armies."""
    t = midgame()
    t.put("p1", "light", "1-1", 1)
    t.put("p1", "light", "1-2", 1)
    t.player("p1")["limbo"]["light"] = 6
    give_plan(t, "p1", magic=["m:transition5"])
    t.act("p1", {"type": "perform", "space": "m0", "realm": "light", "place": {"light:1-1": 3, "light:1-2": 2}})
    assert (t.cell("light", "1-1")["armies"], t.cell("light", "1-2")["armies"]) == (4, 3)
    assert (t.player("p1")["energy"], t.player("p1")["gold"], t.player("p1")["limbo"]["light"]) == (6, 9, 1)


def test_magic_first_player_marker_next_round():
    """p.12 example: Anderson pays 1 gold and takes the first player marker for the next round; the
    order of the current round does not change (seed 002 p.12)."""
    t = midgame()
    t.state["turn"] = "p3"
    give_plan(t, "p3", magic=["m:conflict_or_first"])
    t.act("p3", {"type": "perform", "space": "m0", "choice": "first"})
    assert t.player("p3")["gold"] == 9
    assert t.state["first"] == "p1" and t.state["next_first"] == "p3"
    for seat in ("p1", "p2", "p3"):
        t.state["turn"] = seat
        t.act(seat, {"type": "pass", "take": "gold"})
    assert t.state["round"] == 2 and t.state["first"] == "p3" and t.state["turn"] == "p3"


def test_magic_dominate_tribute_pass():
    """p.12 example: Anderson pays 2 energy and 2 gold; he has more armies in Tribute Pass (light)
    than Carla has in the dark Tribute Pass, so Carla gives him the region card."""
    t = midgame()
    t.put("p1", "light", TRIBUTE_PASS, 4)
    t.put("p3", "dark", TRIBUTE_PASS, 2)
    t.state["region_cards"][TRIBUTE_PASS] = "p3"
    give_plan(t, "p1", magic=["m:dominate_or_temple"])
    t.act("p1", {"type": "perform", "space": "m0", "choice": "dominate", "region": f"light:{TRIBUTE_PASS}"})
    assert t.state["region_cards"][TRIBUTE_PASS] == "p1"
    assert (t.player("p1")["energy"], t.player("p1")["gold"]) == (8, 8)


def test_dominate_fails_when_not_more():
    t = midgame()
    t.put("p1", "light", TRIBUTE_PASS, 2)
    t.put("p3", "dark", TRIBUTE_PASS, 2)
    t.state["region_cards"][TRIBUTE_PASS] = "p3"
    give_plan(t, "p1", magic=["m:dominate_or_temple"])
    t.act("p1", {"type": "perform", "space": "m0", "choice": "dominate", "region": f"light:{TRIBUTE_PASS}"})
    assert t.state["region_cards"][TRIBUTE_PASS] == "p3" and t.player("p1")["gold"] == 8


def test_magic_two_conflict_cards():
    """p.12 example: Anderson pays 2 gold and draws 2 conflict cards."""
    t = midgame()
    t.state["deck"] = ["c:light:1-1", "c:dark:2-2", "c:dark:3-*"]
    give_plan(t, "p1", magic=["m:conflict2_or_transition2"])
    t.act("p1", {"type": "perform", "space": "m0", "choice": "draw"})
    assert len(t.player("p1")["conflict"]) == 2 and len(t.state["deck"]) == 1
    assert t.player("p1")["gold"] == 8


def test_magic_transition_of_two():
    """p.12: the other half of the card brings at most 2 armies from the chosen limbo, for 2 gold;
    a third is refused and nothing is paid."""
    t = midgame()
    t.put("p1", "dark", "1-1", 1)
    t.player("p1")["limbo"]["dark"] = 4
    give_plan(t, "p1", magic=["m:conflict2_or_transition2"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "m0", "choice": "transition", "realm": "dark",
                     "place": {"dark:1-1": 3}})
    assert err.value.rule == "seed 001 p.12; seed 002 p.12" and t.player("p1")["gold"] == 10
    t.act("p1", {"type": "perform", "space": "m0", "choice": "transition", "realm": "dark",
                 "place": {"dark:1-1": 2}})
    assert t.cell("dark", "1-1")["armies"] == 3 and t.player("p1")["limbo"]["dark"] == 2
    assert (t.player("p1")["energy"], t.player("p1")["gold"]) == (10, 8)


def test_transition_from_an_empty_limbo_is_paid_and_brings_nothing():
    """p.9: the army space is paid (2 energy, 1 gold) even when the limbo is empty; no army moves."""
    t = midgame()
    t.put("p1", "light", EMERALD_CLIFF, 1)
    t.player("p1")["conflict"] = [f"c:light:{EMERALD_CLIFF}"]
    give_plan(t, "p1", [None, None, f"c:light:{EMERALD_CLIFF}"])
    t.act("p1", {"type": "perform", "space": "a2"})
    assert t.cell("light", EMERALD_CLIFF)["armies"] == 1 and t.player("p1")["limbo"]["light"] == 0
    assert (t.player("p1")["energy"], t.player("p1")["gold"]) == (8, 9)


def test_reinforcements_anderson():
    """p.8 example: Anderson has 5 armies in his dark limbo and 1 in the light one: he may place
    1 army in the dark realm and none in the light realm."""
    t = midgame(phase="reinforce")
    t.state["reinforced"] = []
    t.put("p1", "dark", "3-3", 1)
    t.put("p1", "light", "3-3", 1)
    t.player("p1")["limbo"] = {"light": 1, "dark": 5}
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "reinforce", "place": {"light:3-3": 1}})
    assert err.value.rule == "seed 001 p.8; seed 002 p.8"
    with pytest.raises(RuleError):
        t.act("p1", {"type": "reinforce", "place": {"dark:3-3": 2}})
    t.act("p1", {"type": "reinforce", "place": {"dark:3-3": 1}})
    assert t.cell("dark", "3-3")["armies"] == 2 and t.player("p1")["limbo"]["dark"] == 4
    assert t.state["turn"] == "p2"


def test_pass_and_compensation_each_turn():
    """p.15 example: Marina reveals a blank and takes 1 energy; passing returns her cards, and she
    takes 1 gold or energy each time her turn comes round while others still act."""
    t = midgame()
    give_plan(t, "p1", ["blank", "blank"])
    give_plan(t, "p2", ["blank"])
    give_plan(t, "p3", ["blank"])
    t.act("p1", {"type": "perform", "space": "a0", "take": "energy"})
    assert t.player("p1")["energy"] == 11 and t.player("p1")["revealed"] == {"a0": "blank"}
    t.act("p2", {"type": "pass", "take": "gold"})
    t.act("p3", {"type": "perform", "space": "a0", "take": "gold"})
    t.act("p1", {"type": "pass", "take": "energy"})
    assert t.player("p2")["gold"] == 12  # compensated again when its turn came round
    assert t.state["turn"] == "p3"
    t.act("p3", {"type": "pass", "take": "gold"})
    assert t.state["round"] == 2 and t.state["phase"] == "reinforce"


def test_dark_tribe_actions():
    """p.11: Demons build a temple for 2 energy; Trolls attack for 1 energy + 2 gold."""
    t = midgame()
    t.put("p1", "dark", "4-1", 1)
    t.player("p1")["conflict"] = ["c:dark:4-1"]
    give_plan(t, "p1", [None] * 6 + ["c:dark:4-1"])  # p1 plays the Demons: "tribe" space
    t.act("p1", {"type": "perform", "space": "a6"})
    assert t.cell("dark", "4-1")["building"] == "temple"
    assert (t.player("p1")["energy"], t.player("p1")["vp"]) == (8, 1)
    t.state["players"]["p3"]["tribes"]["dark"] = "trolls"
    t.put("p3", "dark", "4-3", 3)
    t.player("p3")["conflict"] = ["c:dark:4-3"]
    give_plan(t, "p3", [None] * 6 + ["c:dark:4-3"])
    t.state["turn"] = "p3"
    t.act("p3", {"type": "perform", "space": "a6", "from": "dark:4-3", "to": "dark:4-4", "armies": 2})
    assert (t.player("p3")["energy"], t.player("p3")["gold"]) == (9, 8)
    assert t.state["battle"]["side"] == "neutral"  # the card shows the attacking region (p.10)


def test_attack_needs_one_left_behind_and_same_realm():
    """p.13: the attacker leaves at least one army; attacks cross realms only through a portal (p.10)."""
    t = midgame()
    t.put("p1", "light", "1-1", 2)
    t.player("p1")["conflict"] = ["c:light:1-1"]
    give_plan(t, "p1", [None] * 4 + ["c:light:1-1"])
    with pytest.raises(RuleError):
        t.act("p1", {"type": "perform", "space": "a4", "from": "light:1-1", "to": "light:1-2", "armies": 2})
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a4", "from": "light:1-1", "to": "dark:1-1", "armies": 1})
    assert err.value.rule.startswith("seed 001 p.10")
    t.cell("light", "1-1")["portal"] = True
    t.act("p1", {"type": "perform", "space": "a4", "from": "light:1-1", "to": "dark:1-1", "armies": 1})
    assert t.state["battle"]["to"] == "dark:1-1"


def test_carla_region_card_only_in_the_realm_with_armies():
    """p.8 example: Carla has armies in Mountainhomes only in the light realm, so her region card
    can act only there."""
    from companion import sealed

    t = midgame(phase="planning")
    sealed.open_prompt(t.state, "plan-1", ["p1", "p2", "p3"], kind="plan")
    t.put("p3", "light", "4-2", 2)
    t.state["region_cards"]["4-2"] = "p3"
    with pytest.raises(RuleError) as err:
        t.act("p3", {"type": "answer", "prompt": "plan-1", "value": {"army": ["r:4-2:dark"]}})
    assert err.value.rule == "seed 001 p.8; seed 002 p.8"
    t.act("p3", {"type": "answer", "prompt": "plan-1", "value": {"army": ["r:4-2:light"]}})


def test_marina_attacks_white_falls_drop():
    """p.13 example: Marina attacks White Falls with 2 armies from The Murk; Alexandre defends with 2.
    Everything in the tray (after its preparation), the 2 attackers and the 2 defenders are dropped."""
    t = midgame()
    the_murk, white_falls = "dark:1-4", "dark:1-2"
    t.put("p1", "dark", "1-4", 3)
    t.put("p2", "dark", "1-2", 2)
    t.state["tray"] = {"p3": 1}
    t.player("p1")["conflict"] = ["c:dark:5-5"]
    give_plan(t, "p1", [None] * 4 + ["c:dark:5-5"])
    t.act("p1", {"type": "perform", "space": "a4", "from": the_murk, "to": white_falls, "armies": 2})
    b = t.state["battle"]
    assert b["tray_before"] == {"p3": 1, "inhabitants": 1} and b["tray_change"] == 1
    assert b["drop"] == {"p3": 1, "inhabitants": 1, "p1": 2, "p2": 2}
    assert b["side"] == "defender"  # the card shows neither region (p.10, C)
    assert t.cell("dark", "1-4")["armies"] == 1 and t.cell("dark", "1-2")["seat"] is None
    # Marina 2 and the inhabitant for Alexandre 1: 2 against 2 -> tie, everyone to the light limbo
    t.act("p2", {"type": "battle_result", "tray": {"p1": 2, "p2": 1, "inhabitants": 1}})
    assert t.state["last_battle"]["result"]["winner"] == "tie"
    assert t.player("p1")["limbo"]["light"] == 2 and t.player("p2")["limbo"]["light"] == 1
    assert t.cell("dark", "1-2")["seat"] is None


def test_tie_returns_the_region_card_to_the_deck():
    """p.14: after a tie the region card goes back to the deck if one of the two held it; a third
    player keeps it."""
    for holder, expected in (("p2", None), ("p3", "p3")):
        t = midgame()
        t.put("p1", "light", "2-2", 3)
        t.put("p2", "light", "2-3", 1)
        t.state["region_cards"]["2-3"] = holder
        t.player("p1")["conflict"] = ["c:light:2-2"]
        give_plan(t, "p1", [None] * 4 + ["c:light:2-2"])
        t.act("p1", {"type": "perform", "space": "a4", "from": "light:2-2", "to": "light:2-3", "armies": 2})
        t.act("p1", {"type": "battle_result", "tray": {"p1": 1, "p2": 1}})
        assert t.state["region_cards"]["2-3"] == expected


def test_inhabitant_reading_option_changes_the_result():
    """facts/immortals.md: the table option picks the reading; the other one is still shown."""
    for reading, into in (("example", 2), ("version_a", 1)):
        t = midgame(inhabitant_reading=reading)
        t.put("p1", "dark", "1-4", 5)
        t.put("p2", "dark", "1-2", 3)
        t.player("p1")["conflict"] = ["c:dark:1-2"]
        give_plan(t, "p1", [None] * 4 + ["c:dark:1-2"])
        t.act("p1", {"type": "perform", "space": "a4", "from": "dark:1-4", "to": "dark:1-2", "armies": 4})
        assert t.state["battle"]["side"] == "attacker"
        t.act("p2", {"type": "battle_result", "tray": {"p1": 4, "p2": 3, "inhabitants": 1}})
        assert t.cell("dark", "1-2") == {"seat": "p1", "armies": into, "building": None, "portal": False}
        assert t.state["region_cards"]["1-2"] == "p1"
        assert {r["reading"] for r in t.state["last_battle"]["result"]["readings"]} == {"example", "version_a"}


def test_marina_attacks_carla_in_heartwood_through_the_portal():
    """p.10 example: Marina can attack Carla in Heartwood in the dark realm through the portal; a
    portal leads from its region to the twin, not the other way round."""
    heartwood = "2-4"
    t = midgame()
    t.host({"type": "name_region", "region": heartwood, "name": "Heartwood"})
    t.state["turn"] = "p2"  # Marina
    t.put("p2", "light", heartwood, 4)
    t.put("p3", "dark", heartwood, 2)  # Carla
    t.cell("light", heartwood)["portal"] = True
    t.player("p2")["conflict"] = ["c:dark:5-5"]
    give_plan(t, "p2", [None] * 4 + ["c:dark:5-5"])
    t.act("p2", {"type": "perform", "space": "a4", "from": f"light:{heartwood}", "to": f"dark:{heartwood}",
                 "armies": 3})
    assert t.state["battle"]["defender"] == "p3" and t.state["battle"]["side"] == "defender"
    # Carla cannot go back the other way: the portal stands in the light realm
    t2 = midgame()
    t2.state["turn"] = "p3"
    t2.put("p3", "dark", heartwood, 4)
    t2.put("p2", "light", heartwood, 2)
    t2.cell("light", heartwood)["portal"] = True
    t2.player("p3")["conflict"] = ["c:dark:5-5"]
    give_plan(t2, "p3", [None] * 4 + ["c:dark:5-5"])
    with pytest.raises(RuleError) as err:
        t2.act("p3", {"type": "perform", "space": "a4", "from": f"dark:{heartwood}", "to": f"light:{heartwood}",
                      "armies": 1})
    assert err.value.rule == "seed 001 p.10; seed 002 p.10"


def test_conflict_card_acts_only_in_its_realm():
    """p.9 example: the Borderland conflict card of the dark realm works only on the dark Borderland."""
    borderland = "1-3"
    t = midgame()
    t.put("p1", "light", borderland, 3)
    t.player("p1")["conflict"] = [f"c:dark:{borderland}"]
    t.state["profile"]["regions"][borderland]["dark"]["energy"] = 2
    give_plan(t, "p1", [None, f"c:dark:{borderland}"])
    with pytest.raises(RuleError) as err:
        t.act("p1", {"type": "perform", "space": "a1"})
    assert "at least one army" in str(err.value)
    t.act("p1", {"type": "perform", "space": "a1", "decline": "1", "take": "gold"})
    assert t.player("p1")["gold"] == 11 and t.player("p1")["energy"] == 10
