"""Board profiles: untrusted input, names from the rulebooks, export and reuse (issue #6)."""

from __future__ import annotations

import json

import pytest
from immortals_helpers import Table

from companion.games.base import RuleError
from companion.games.immortals import GAME, profile


def test_default_profile_invents_nothing():
    prof = profile.default()
    assert all(r["name"] is None for r in prof["regions"].values())
    assert all(r[realm][res] is None for r in prof["regions"].values() for realm in ("light", "dark")
               for res in ("gold", "energy"))
    assert all(t["gold"] is None and t["costs"]["portal"] is None for t in prof["tribes"].values())


def test_region_shows_area_and_slot_until_named():
    t = Table(3)
    view = GAME.public_view(t.state)
    first = view["regions"][0]
    assert (first["id"], first["name"], first["area"], first["slot"]) == ("1-1", None, 1, 1)


def test_naming_a_known_region_brings_the_example_value():
    """p.9 examples: Shore Lake light gives 5 gold; Tribute Pass dark gives 6 energy."""
    prof = profile.default()
    filled = profile.name_region(prof, "4-2", "Tribute Pass")
    assert prof["regions"]["4-2"]["dark"]["energy"] == 6 and filled[0]["source"] == "seed 001 p.9"
    with pytest.raises(RuleError):
        profile.name_region(prof, "4-3", "tribute pass")


def test_export_and_reload_round_trip():
    t = Table(3)
    t.host({"type": "name_region", "region": "2-1", "name": "Shore Lake"})
    t.host({"type": "set_region_value", "region": "2-1", "realm": "dark", "resource": "energy", "value": 3})
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "light_gold": 3, "light_energy": 4,
                 "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4, 2", "dark_groups": "6", "start": "1-1"})
    exported = GAME.export_profile(t.state)
    json.dumps(exported)
    again = Table(3, profile_data=json.loads(json.dumps(exported)))
    reg = again.state["profile"]["regions"]["2-1"]
    assert reg["name"] == "Shore Lake" and reg["light"]["gold"] == 5 and reg["dark"]["energy"] == 3
    assert again.state["profile"]["tribes"]["elves"]["groups"] == [10, 4, 2]
    assert again.state["profile"]["tribes"]["elves"]["start"] == "1-1"


@pytest.mark.parametrize("bad", [
    "not a dict",
    {"regions": []},
    {"regions": {"1-1": {"light": {"gold": -1}}}},
    {"regions": {"1-1": {"light": {"gold": "5"}}}},
    {"regions": {"1-1": {"name": "x" * 200}}},
    {"regions": {"1-1": {"name": "A"}, "1-2": {"name": "a"}}},
    {"tribes": {"elves": {"groups": [0]}}},
    {"tribes": {"elves": {"spaces": ["fly"]}}},
    {"tribes": {"elves": {"costs": {"portal": {"energy": 99}}}}},
])
def test_untrusted_profile_is_refused(bad):
    with pytest.raises(RuleError) as err:
        profile.load(bad)
    assert err.value.rule == profile.RULE


def test_unknown_keys_are_dropped():
    prof = profile.load({"regions": {"9-9": {"name": "x"}, "1-1": {"name": "Heartwood", "evil": 1}},
                         "tribes": {"dragons": {}}, "extra": True})
    assert prof["regions"]["1-1"]["name"] == "Heartwood" and "9-9" not in prof["regions"]
    assert "dragons" not in prof["tribes"]


def test_tribe_building_costs_entered_with_the_tribes_are_used():
    """p.10: building costs differ per tribe and are printed on the boards; entered once, they are
    paid automatically and kept in the profile."""
    from immortals_helpers import give_plan

    t = Table(3)
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1",
                 "light_cost_portal_energy": "4", "light_cost_portal_gold": "",
                 "light_cost_capital_energy": 3, "light_cost_capital_gold": 3})
    costs = t.state["profile"]["tribes"]["elves"]["costs"]
    assert costs["portal"] == {"energy": 4, "gold": 0} and costs["capital"] == {"energy": 3, "gold": 3}
    assert costs["temple"] is None
    s = t.state
    s["phase"], s["turn"], s["round"] = "performance", "p1", 1
    p = t.player("p1")
    p["spaces"] = ["extract_gold", "extract_energy", "transition3", "build", "attack", "move_attack", "tribe", "attack"]
    p["gold"], p["energy"], p["conflict"] = 5, 5, ["c:light:1-1"]
    t.put("p1", "light", "1-1", 2)
    give_plan(t, "p1", [None, None, None, "c:light:1-1"])
    t.act("p1", {"type": "perform", "space": "a3", "building": "capital"})
    assert (p := t.player("p1"))["energy"] == 2 and p["gold"] == 2 and p["vp"] == 2
    assert GAME.export_profile(t.state)["tribes"]["elves"]["costs"]["capital"] == {"energy": 3, "gold": 3}


def test_elves_start_region_is_treehome():
    """seed 002 p.6: the Elves start in Treehome (Arvoredo). Choosing the slot names it; a board
    where Treehome is already named gives the Elves their start region."""
    t = Table(3)
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "start": "3-4", "partial": "1"})
    assert t.state["profile"]["regions"]["3-4"]["name"] == "Treehome"
    t2 = Table(3)
    t2.host({"type": "name_region", "region": "2-2", "name": "Treehome"})
    t2.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1"})
    assert t2.state["profile"]["tribes"]["elves"]["start"] == "2-2"


def test_edit_region_row_at_once():
    """The host fills a region row (name and four printed values) with one tap; empty = unknown."""
    t = Table(3)
    t.host({"type": "edit_region", "region": "3-3", "name": "Heartwood", "light_energy": "2", "light_gold": "",
            "dark_energy": "1", "dark_gold": "4"})
    reg = t.state["profile"]["regions"]["3-3"]
    assert reg["name"] == "Heartwood" and reg["light"] == {"energy": 2, "gold": None}
    assert reg["dark"] == {"energy": 1, "gold": 4}
    with pytest.raises(RuleError):
        t.act("p1", {"type": "edit_region", "region": "3-3", "name": "X"})


def test_edit_region_keeps_values_brought_by_the_name():
    """Naming Shore Lake brings its light gold 5 (seed 001 p.9); the empty field of the same form
    must not erase it, while clearing a value the table had entered does erase it."""
    t = Table(3)
    t.host({"type": "edit_region", "region": "2-1", "name": "Shore Lake", "dark_energy": "3"})
    reg = t.state["profile"]["regions"]["2-1"]
    assert reg["light"]["gold"] == 5 and reg["dark"]["energy"] == 3
    t.host({"type": "edit_region", "region": "2-1", "name": "Shore Lake", "light_gold": "5", "dark_energy": ""})
    assert t.state["profile"]["regions"]["2-1"]["dark"]["energy"] is None


# -- issue #37: the board typed once, in one form ----------------------------------------------------
BOARD = {f"{a}-{r}": f"Region {a}{r}" for a in range(1, 6) for r in range(1, 6)}


def test_the_whole_board_is_named_in_one_move_and_known_names_bring_their_values():
    t = Table(3)
    names = dict(BOARD, **{"2-1": "Shore Lake", "4-2": "Tribute Pass"})
    lines = t.host({"type": "name_board", "names": names})
    regions = t.state["profile"]["regions"]
    assert {rid: r["name"] for rid, r in regions.items()} == names and profile.unnamed(t.state["profile"]) == []
    assert regions["2-1"]["light"]["gold"] == 5 and regions["4-2"]["dark"]["energy"] == 6  # p.9 examples
    assert lines[0]["msg"] % lines[0]["params"] == "The board's region names: 25 of 25 named"
    assert [line["params"]["source"] for line in lines[1:]] == ["seed 001 p.9", "seed 001 p.9"]
    assert GAME.profile_gaps(t.state) is None


def test_a_form_sends_one_field_per_region_and_only_those_sent_change():
    t = Table(3)
    t.host({"type": "name_region", "region": "5-5", "name": "Foothold"})
    t.host({"type": "name_board", "name:1-1": "Treehome", "name:1-2": "Borderland", "name:1-3": ""})
    names = {rid: r["name"] for rid, r in t.state["profile"]["regions"].items() if r["name"]}
    assert names == {"1-1": "Treehome", "1-2": "Borderland", "5-5": "Foothold"}
    msgid, params = GAME.profile_gaps(t.state)
    assert params == {"n": 22, "of": 25} and "Area 2 · 3" in msgid


def test_naming_the_board_checks_the_board_as_it_will_be():
    t = Table(3)
    t.host({"type": "name_board", "names": {"1-1": "Heartwood", "1-2": "Forge Fire"}})
    t.host({"type": "name_board", "names": {"1-1": "Forge Fire", "1-2": "Heartwood"}})  # a swap in one go
    assert t.state["profile"]["regions"]["1-1"]["name"] == "Forge Fire"
    before = json.dumps(t.state)
    for bad in ({"2-1": "heartwood"}, {"2-1": "Same", "2-2": "same"}, {"9-9": "Nowhere"}, {"2-1": "x" * 41}):
        with pytest.raises(RuleError):
            t.host({"type": "name_board", "names": bad})
        assert json.dumps(t.state) == before
    with pytest.raises(RuleError):  # the host's move
        t.act("p1", {"type": "name_board", "names": {"2-1": "Mine"}})
