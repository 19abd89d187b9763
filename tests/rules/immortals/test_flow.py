"""A whole table through the phases, the sealed prompts, and the secrets kept out of the views."""

from __future__ import annotations

import json

import pytest
from immortals_helpers import Table, give_plan, midgame

from companion.games.base import RuleError
from companion.games.immortals import GAME, scoring

LIGHT = ("elves", "humans", "dwarves")
DARK = ("demons", "orcs", "necromancers")
STARTS = ("1-1", "2-1", "3-1")


def choose(t: Table) -> None:
    for i, seat in enumerate(t.state["seats"]):
        t.act(seat, {"type": "choose_tribes", "light": LIGHT[i], "dark": DARK[i],
                     "light_gold": 3, "light_energy": 4, "dark_gold": 4, "dark_energy": 5,
                     "light_groups": "4", "dark_groups": "3", "start": STARTS[i],
                     "light_spaces": "extract_gold, extract_energy, transition3, build",
                     "dark_spaces": "attack, move_attack, tribe, attack"})


def through_draft(t: Table) -> None:
    t.host({"type": "start_game"})
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 4})
    for _ in range(10):
        d = t.state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            for seat in t.state["seats"]:
                hand = GAME.private_view(t.state, seat)["draft_hand"]
                t.act(seat, {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[0]})
        elif d["stage"] == "place":
            seat = d["placer"]
            card = d["picks"][seat]
            action = {"type": "draft_place", "group": 3}
            if card.endswith("-*"):
                area = card.split(":")[2][0]
                realm = card.split(":")[1]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if t.state["board"][f"{realm}:{area}-{n}"]["armies"] == 0)
            t.act(seat, action)
    for seat in t.state["seats"]:
        t.act(seat, {"type": "feed", "light": 2, "dark": 3, "inhabitants": 2})


def test_setup_is_logged_and_refuses_incomplete_tribes():
    """p.4-5: 3 players play 7 rounds (version A); the first player is drawn at random and logged.
    The game does not start until every printed tribe number is entered (never invented)."""
    t = Table(3)
    assert t.state["rounds"] == 7 and t.state["rounds_by_source"] == {"a": 7, "aid": 7}
    assert t.log[0]["msg"].startswith("First player")
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "demons", "partial": "1"})
    assert GAME.waiting_for(t.state) == ["p1", "p2", "p3"]
    with pytest.raises(RuleError):
        t.host({"type": "start_game"})
    with pytest.raises(RuleError) as err:
        t.act("p2", {"type": "choose_tribes", "light": "elves", "dark": "orcs", "partial": "1"})
    assert "Another player" in str(err.value)


def test_rounds_option_and_player_aid():
    assert Table(4).state["rounds"] == 5
    assert Table(4, rounds_table="aid").state["rounds"] == 6
    assert Table(5, rounds=8).state["rounds"] == 8


def test_full_round_with_battle_and_scoring():
    t = Table(3, seed=3)
    choose(t)
    through_draft(t)
    s = t.state
    # p.7: gold and energy from both tribe boards, 3 armies in each limbo plus the fallen cubes
    for seat in s["seats"]:
        p = s["players"][seat]
        assert (p["gold"], p["energy"]) == (7, 9)
        assert p["limbo"] == {"light": 5, "dark": 6}
        assert s["board"][f"dark:{STARTS[s['seats'].index(seat)]}"] == {
            "seat": seat, "armies": 2, "building": None, "portal": False}
    assert s["phase"] == "reinforce" and s["round"] == 1
    first = s["first"]
    order = s["seats"][s["seats"].index(first):] + s["seats"][:s["seats"].index(first)]
    for seat in order:
        assert GAME.waiting_for(t.state) == [seat]
        start = STARTS[t.state["seats"].index(seat)]
        t.act(seat, {"type": "reinforce", "draw": "1", "place": {f"light:{start}": 1, f"dark:{start}": 2}})
    assert t.state["phase"] == "planning"
    # planning: the attacker plans an attack with its region card; the others blanks
    attacker = order[0]
    a_start = STARTS[t.state["seats"].index(attacker)]
    secret_card = t.state["players"][order[1]]["conflict"][0]
    for seat in order:
        if seat == attacker:
            plan = {"army": [None, None, None, None, f"r:{a_start}:light"], "magic": ["blank"]}
        else:
            mine = t.state["players"][seat]["conflict"][0]
            plan = {"army": [None, None, None, None, None, mine if "-*" not in mine else None, "blank"]}
        t.act(seat, {"type": "answer", "prompt": "plan-1", "value": plan})
        if seat != order[-1]:
            assert secret_card not in t.public_json()
    # after the reveal the planned cards are still face down: only which spaces hold a card is public
    pub = t.public_json()
    assert t.state["phase"] == "performance" and secret_card not in pub
    assert json.loads(pub)["players"][0]["face_down"] is not None
    assert secret_card not in t.private_json(order[0])
    # attack an empty neighbouring slot; the card shows the attacking region: inhabitants neutral
    target = f"light:{a_start[0]}-5"
    before = sum(1 for c in t.state["board"].values() if c["seat"] == attacker)
    t.act(attacker, {"type": "perform", "space": "a4", "from": f"light:{a_start}", "to": target, "armies": 3})
    b = t.state["battle"]
    assert b["side"] == "neutral" and b["tray_before"]["inhabitants"] >= 1
    assert GAME.waiting_for(t.state) == [attacker]
    with pytest.raises(RuleError):
        t.act(order[1], {"type": "battle_result", "tray": {attacker: 2}})
    t.act(attacker, {"type": "battle_result", "tray": {attacker: 2, "inhabitants": 1}})
    assert t.state["board"][target]["seat"] == attacker and t.state["board"][target]["armies"] == 2
    assert t.state["region_cards"][f"{a_start[0]}-5"] == attacker
    assert t.state["tray"] == {"inhabitants": 1}
    # everyone passes; the round is scored from the left of the first player
    for _ in range(6):
        if t.state["phase"] != "performance":
            break
        t.act(t.state["turn"], {"type": "pass", "take": "gold"})
    assert t.state["round"] == 2 and t.state["last_scoring"]["order"][0] == order[1]
    assert t.state["last_scoring"]["points"][attacker]["regions"] == before + 1


def test_draft_hands_and_picks_stay_secret_until_reveal():
    t = Table(3, seed=11)
    choose(t)
    t.host({"type": "start_game"})
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 4})
    hands = {s: GAME.private_view(t.state, s)["draft_hand"] for s in t.state["seats"]}
    assert all(len(h) == 5 for h in hands.values())
    pub = t.public_json()
    for seat, hand in hands.items():
        for card in hand:
            assert f'"{card}"' not in pub
            for other in t.state["seats"]:
                if other != seat and card not in hands[other]:
                    assert f'"{card}"' not in t.private_json(other)
    p1 = t.state["seats"][0]
    t.act(p1, {"type": "answer", "prompt": "draft-1", "value": hands[p1][2]})
    assert f'"{hands[p1][2]}"' not in t.public_json()
    assert f'"{hands[p1][2]}"' in t.private_json(p1)
    with pytest.raises(RuleError):
        t.act(t.state["seats"][1], {"type": "answer", "prompt": "draft-1", "value": hands[p1][0]})


def test_plan_validation():
    """p.8-9: region cards only where the player has armies; magic cards only on magic spaces;
    wildcard conflict cards not on extract spaces; at most 4 blanks (p.5)."""
    t = midgame(phase="planning")
    from companion import sealed
    sealed.open_prompt(t.state, "plan-1", ["p1", "p2", "p3"], kind="plan")
    t.state["region_cards"]["1-1"] = "p1"
    t.player("p1")["conflict"] = ["c:light:2-*", "c:dark:3-3"]
    bad = [
        {"army": ["r:1-1:light"]},  # no armies there
        {"army": ["m:transition5"]},
        {"magic": ["c:dark:3-3"]},
        {"army": ["c:light:2-*"]},  # space 0 is extract gold
        {"army": ["blank"] * 5},
        {"army": ["c:dark:4-4"]},  # not in hand
    ]
    for plan in bad:
        with pytest.raises(RuleError) as err:
            t.act("p1", {"type": "answer", "prompt": "plan-1", "value": plan})
        assert err.value.rule
    t.put("p1", "light", "1-1", 1)
    t.act("p1", {"type": "answer", "prompt": "plan-1", "value": {
        "army": ["r:1-1:light", None, None, "c:light:2-*", "blank"], "magic": ["m:transition5", "blank"]}})
    assert '"c:light:2-*"' not in t.public_json()
    assert '"c:light:2-*"' not in t.private_json("p2")
    # the phone form posts fields army0..7 / magic0..1
    t.act("p2", {"type": "answer", "prompt": "plan-1", "army0": "blank", "army1": "", "magic0": "m:transition5"})
    assert t.state["phase"] == "planning"


def test_revealed_card_becomes_public_others_stay_hidden():
    t = midgame()
    t.player("p1")["conflict"] = ["c:dark:5-5", "c:light:4-4"]
    t.put("p1", "dark", "5-5", 1)
    give_plan(t, "p1", ["c:dark:5-5", "c:light:4-4"])
    t.state["profile"]["regions"]["5-5"]["dark"]["gold"] = 2
    assert '"c:dark:5-5"' not in t.public_json()
    t.act("p1", {"type": "perform", "space": "a0"})
    pub = t.public_json()
    assert '"c:dark:5-5"' in pub and '"c:light:4-4"' not in pub
    assert '"c:light:4-4"' not in t.private_json("p2")


def test_region_card_taken_while_planned_becomes_void():
    """p.13: the region card changes hands even from the planning board; the old holder's planned
    card can then only be declined for compensation."""
    t = midgame()
    t.put("p2", "light", "1-1", 2)
    t.state["region_cards"]["1-1"] = "p2"
    give_plan(t, "p2", ["r:1-1:light"])
    t.put("p1", "light", "1-2", 4)
    t.player("p1")["conflict"] = ["c:light:1-1"]
    give_plan(t, "p1", [None] * 4 + ["c:light:1-1"])
    t.act("p1", {"type": "perform", "space": "a4", "from": "light:1-2", "to": "light:1-1", "armies": 3})
    assert t.state["battle"]["side"] == "attacker" and t.state["battle"]["defender"] == "p2"
    t.act("p2", {"type": "battle_result", "tray": {"p1": 3, "p2": 1}})
    assert t.state["region_cards"]["1-1"] == "p1"
    assert t.player("p1")["limbo"]["dark"] == 1 and t.player("p2")["limbo"]["dark"] == 1
    assert t.cell("light", "1-1") == {"seat": "p1", "armies": 2, "building": None, "portal": False}
    with pytest.raises(RuleError):
        t.act("p2", {"type": "perform", "space": "a0"})
    t.act("p2", {"type": "perform", "space": "a0", "take": "gold"})
    assert t.player("p2")["gold"] == 11


def test_game_ends_after_last_round_with_winner():
    t = midgame()
    t.state["rounds"] = 1
    t.put("p2", "light", "1-1", 3)
    t.put("p2", "light", "1-2", 3)
    for seat in ("p1", "p2", "p3"):
        t.act(seat, {"type": "pass", "take": "gold"})
    assert t.state["phase"] == "ended"
    assert t.state["result"]["winners"] == ["p2"]
    assert GAME.waiting_for(t.state) == []


def test_digital_tower_battle_is_seeded():
    t = midgame(digital_tower=True)
    t.put("p1", "light", "1-1", 6)
    t.player("p1")["conflict"] = ["c:light:1-1"]
    give_plan(t, "p1", [None] * 4 + ["c:light:1-1"])
    t.act("p1", {"type": "perform", "space": "a4", "from": "light:1-1", "to": "light:1-2", "armies": 5})
    with pytest.raises(RuleError):
        t.act("p1", {"type": "battle_result", "tray": {"p1": 5}})
    t.act("p1", {"type": "battle_drop"})
    lb = t.state["last_battle"]
    inside = sum(t.state["tower"].values())
    assert sum(lb["tray"].values()) + inside == 6  # 5 attackers + 1 inhabitant added to the empty tray


def test_corrections_are_logged():
    t = midgame()
    t.act("p2", {"type": "set_region", "region": "dark:2-2", "seat": "p3", "armies": 4})
    assert t.cell("dark", "2-2")["seat"] == "p3"
    t.act("p2", {"type": "adjust", "field": "limbo_dark", "delta": 2})
    assert t.player("p2")["limbo"]["dark"] == 2
    with pytest.raises(RuleError):
        t.act("p2", {"type": "adjust", "seat": "p3", "field": "gold", "delta": 2})
    with pytest.raises(RuleError):
        t.act("p2", {"type": "name_region", "region": "1-1", "name": "X"})
    assert any(e["msg"].startswith("Correction") for e in t.log)


def test_kept_draft_cards_are_never_shown():
    """p.7: a card kept without placing armies (no group left, or its regions occupied) need not be
    shown: it stays out of the public view, the other phones and the public log."""
    t = Table(3, seed=5)
    choose(t)
    t.host({"type": "start_game"})
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 4})
    seats = t.state["seats"]
    keeper, blocked = seats[0], seats[1]
    t.state["players"][keeper]["groups"] = []  # no group left: it picks a card to keep
    blocked_card = t.state["draft"]["hands"][blocked]["cards"][0]
    if blocked_card.endswith("*"):
        realm, area = blocked_card.split(":")[1], blocked_card.split(":")[2][0]
        for n in range(1, 6):
            t.put(seats[2], realm, f"{area}-{n}", 1)
    else:
        realm, rid = blocked_card.split(":")[1:]
        t.put(seats[2], realm, rid, 1)  # its region is occupied: nothing to place
    kept = t.state["draft"]["hands"][keeper]["cards"][0]
    for seat in seats:
        value = {keeper: kept, blocked: blocked_card}.get(seat) or t.state["draft"]["hands"][seat]["cards"][0]
        t.act(seat, {"type": "answer", "prompt": "draft-1", "value": value})
    for card, owner in ((kept, keeper), (blocked_card, blocked)):
        assert card in t.state["players"][owner]["conflict"]
        assert f'"{card}"' not in t.public_json()
        for other in seats:
            if other != owner:
                assert f'"{card}"' not in t.private_json(other)
    from companion.games.immortals.labels import _CARD_LINES

    secret_lines = set(_CARD_LINES["pick"].values()) | set(_CARD_LINES["keep"].values())
    public_log = [e for e in t.log if not e.get("seat")]
    assert public_log and not any(e["msg"] in secret_lines for e in public_log)
    assert any(e["msg"] in secret_lines and e["seat"] == keeper for e in t.log)


def test_action_spaces_entered_per_board_confirm_the_layout():
    """The 8 army spaces (seed 001 p.8) come from the two tribe boards; until entered, a placeholder
    layout is used and shown as not confirmed."""
    t = Table(3)
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "trolls", "partial": "1"})
    assert t.player("p1")["spaces_confirmed"] is False and len(t.player("p1")["spaces"]) == 8
    t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "trolls", "partial": "1",
                 "light_spaces": ["extract_gold", "extract_energy", "", "transition3"],
                 "dark_spaces": ["build", "attack", "move_attack", "tribe", "attack", ""]})
    assert t.player("p1")["spaces_confirmed"] is True
    assert t.player("p1")["spaces"][3] == "build" and t.player("p1")["spaces"][6] == "tribe"
    with pytest.raises(RuleError):
        t.act("p1", {"type": "choose_tribes", "light": "elves", "dark": "trolls", "partial": "1",
                     "light_spaces": ["fly"]})


def test_groups_may_be_printed_on_either_board():
    """p.6: the army groups are printed on the back of the player's board; the companion needs at
    least two (start region + draft), on either tribe board."""
    t = Table(3)
    for i, seat in enumerate(t.state["seats"]):
        t.act(seat, {"type": "choose_tribes", "light": LIGHT[i], "dark": DARK[i], "light_gold": 1,
                     "light_energy": 1, "dark_gold": 1, "dark_energy": 1, "start": STARTS[i],
                     "light_groups": "10" if i == 0 else "10, 6"})
    assert GAME.waiting_for(t.state) == [t.state["seats"][0]]
    with pytest.raises(RuleError) as err:
        t.host({"type": "start_game"})
    assert err.value.rule == "seed 001 p.6; seed 002 p.6"
    t.act(t.state["seats"][0], {"type": "choose_tribes", "light": LIGHT[0], "dark": DARK[0], "dark_groups": "3"})
    t.host({"type": "start_game"})
    assert t.player(t.state["seats"][0])["groups"] == [10, 3]


def test_whole_game_to_the_end():
    """p.8 and p.16: rounds repeat reinforcements, planning, performance and scoring until the last
    round (7 with 3 players); the game ends with the winner, and nobody is waited for."""
    t = Table(3, seed=21)
    choose(t)
    through_draft(t)
    expected = {s: 0 for s in t.state["seats"]}
    for rnd in range(1, 8):
        assert t.state["round"] == rnd and t.state["phase"] == "reinforce"
        for _ in t.state["seats"]:
            t.act(t.state["turn"], {"type": "reinforce"})
        for seat in t.state["seats"]:
            assert seat in GAME.waiting_for(t.state)
            t.act(seat, {"type": "answer", "prompt": f"plan-{rnd}", "value": {"army": ["blank"]}})
        for seat in t.state["seats"]:
            expected[seat] += scoring.breakdown(t.state, seat)["total"]
        for _ in range(6):
            if t.state["phase"] != "performance":
                break
            t.act(t.state["turn"], {"type": "pass", "take": "gold"})
    assert t.state["phase"] == "ended" and GAME.waiting_for(t.state) == []
    assert {s: t.player(s)["vp"] for s in t.state["seats"]} == expected
    best = max(expected.values())
    assert set(t.state["result"]["winners"]) <= {s for s, v in expected.items() if v == best}
    with pytest.raises(RuleError):
        t.act(t.state["seats"][0], {"type": "pass", "take": "gold"})
