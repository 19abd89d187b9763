"""Board profiles: validated as untrusted input, editable at setup, exported for reuse."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.base import RuleError
from companion.games.catan_watch import GAME
from companion.games.catan_watch import profile as prof


def test_default_profile_marks_its_guesses():
    p = prof.default()
    assert {"trails", "guard_spaces", "gift_hexes", "frostfangs"} <= set(p["unverified"])
    assert [t["number"] for t in p["trails"]] == list(range(1, 9))
    # seed 004 p.7: trails 4 and 5 both leave the Cave People and reach different clearings
    cave = {t["number"]: t["clearing"] for t in p["trails"] if t["clan"] == "cave_people"}
    assert set(cave) == {4, 5} and cave[4] != cave[5] and cave[5] == "c56"


@pytest.mark.parametrize("breakit", [
    lambda p: p.update(clans="nope"),
    lambda p: p["clans"][0].update(camps=1),
    lambda p: p["clans"][0].update(id="Bad Id!"),
    lambda p: p["trails"].append({"number": 1, "clan": "hornfoot", "clearing": "c78"}),
    lambda p: p["trails"][0].update(clan="nowhere"),
    lambda p: p["trails"][0].update(number=13),
    lambda p: p["sections"][0].update(clearing="c34"),
    lambda p: p["sections"][0].update(hexes=["nohex"]),
    lambda p: p["sections"][0].update(spaces=True),
    lambda p: p.update(frostfangs={"dragon": 3}),
    lambda p: p.update(tokens=[{"wildling": "normal", "clan": "x", "count": 1}]),
    lambda p: p["starting_heroes"].update({"4": ["mormont", "mormont", "marsh", "tarly"]}),
    lambda p: p.update(frostfangs_side="north"),
    lambda p: p.update(unverified=["everything"]),
    lambda p: p.update(trails=[t for t in p["trails"] if t["clan"] != "hornfoot"]),
])
def test_bad_profiles_are_refused(breakit):
    raw = prof.default()
    breakit(raw)
    with pytest.raises(RuleError) as err:
        prof.validate(raw)
    assert err.value.rule.startswith("companion: board profile")


def test_profile_data_reaches_setup_and_exports_back(table):
    raw = prof.default()
    raw["trails"][8 - 1]["clan"] = "cave_people"  # trail 8 leaves the Cave People on this frame
    raw["name"] = "Our frame"
    t = table(dice="physical", profile=raw).finish_setup()
    t.set_board(clans={"cave_people": ["climber"]})
    t.roll(8)
    assert t.view["gift"] == {"s4h1": ["climber"]}
    exported = GAME.export_profile(t.state)
    assert exported["name"] == "Our frame"
    assert prof.validate(json.loads(json.dumps(exported))) == exported


def test_untrusted_profile_data_refused_at_setup(table):
    with pytest.raises(RuleError):
        table(profile={"clans": []})


def test_host_edits_trail_and_section_before_guards(table):
    t = table()
    t.refuse("p1", {"type": "edit_trail", "number": 9, "clan": "hornfoot", "clearing": "c78"})
    t.host({"type": "edit_trail", "number": 9, "clan": "hornfoot", "clearing": "c78"})
    assert {"number": 9, "clan": "hornfoot", "clearing": "c78"} in t.view["trails"]
    assert "trails" not in [u["part"] for u in t.view["profile"]["unverified"]]
    t.host({"type": "edit_section", "id": "w2", "spaces": 4, "hexes": "Mole's Town, Queenscrown"})
    sec = next(s for s in t.view["sections"] if s["id"] == "w2")
    assert sec["spaces"] == 4 and [h["name"] for h in sec["hexes"]] == ["Mole's Town", "Queenscrown"]
    t.refuse(None, {"type": "edit_trail", "number": 2, "clan": "nowhere", "clearing": "c12"}, host=True)
    t.finish_setup()
    t.host({"type": "edit_trail", "number": 9, "clan": "none"})  # after the guards: from the next roll
    assert {"number": 9, "clan": "hornfoot", "clearing": "c78"} in t.view["trails"]


def test_host_replaces_whole_profile_keeping_setup_progress(table):
    t = table()
    t.act("p1", {"type": "setup_place"})
    raw = copy.deepcopy(prof.default())
    raw["clans"][0]["camps"] = 5
    t.host({"type": "edit_profile", "profile": raw})
    assert t.view["clan_areas"][0]["camps"] == 5
    assert t.view["players"]["p1"]["settlements"] == 1


def test_host_pastes_a_profile_as_text(table):
    """The host panel's text box sends the profile as a JSON string; bad text is refused."""
    t = table()
    raw = json.loads(t.view["profile_json"])
    raw["tokens"] = [{"wildling": "climber", "clan": "hornfoot", "count": 4}]
    t.host({"type": "edit_profile", "profile": json.dumps(raw)})
    assert t.view["tokens"]["reserve"] == 4
    err = t.refuse(None, {"type": "edit_profile", "profile": "{not json"}, host=True)
    assert err.rule.startswith("companion: board profile")
    t.finish_setup()
    assert json.loads(t.view["profile_json"])["tokens"] == raw["tokens"], "still editable in play (issue 15)"


def test_giant_leaves_waiting_wildlings_outnumbering(table):
    """seed 004 p.7 checks the count only when a normal wildling arrives: a giant that takes a guard
    leaves the waiting wildlings in the clearing even if they now outnumber the guards."""
    t = table(dice="physical").finish_setup({"p1": "w1", "p2": "w1", "p3": "w3", "p4": "w4"})
    t.set_board(clans={"ice_river": ["giant"]}, clearings={"c12": ["normal", "normal"]})
    t.roll(2)
    assert t.view["wall"]["w1"] == ["p2"]
    assert t.view["clearings"]["c12"] == ["normal", "normal"]
    assert t.view["breaches"] == 0


def test_host_marks_guessed_parts_checked(table):
    """A guess that matches the frame is confirmed without editing; editing hexes confirms them too."""
    t = table()
    t.refuse("p1", {"type": "verify_profile", "part": "frostfangs"})
    t.host({"type": "verify_profile", "part": "frostfangs"})
    parts = [u["part"] for u in t.view["profile"]["unverified"]]
    assert "frostfangs" not in parts and "trails" in parts
    t.refuse(None, {"type": "verify_profile", "part": "frostfangs"}, host=True)  # already checked
    t.host({"type": "edit_section", "id": "w1", "spaces": 5, "hexes": "A, B, C"})
    parts = [u["part"] for u in t.view["profile"]["unverified"]]
    assert "gift_hexes" not in parts and "guard_spaces" not in parts
    assert "frostfangs" not in GAME.export_profile(t.state)["unverified"]
