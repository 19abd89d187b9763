"""Inputs for a place, card or piece the player does not have (issue 38), from positions of our own.

Each check refuses on a new table with the page players know, and changes nothing; the phone never
offers what is refused. A table stored before the checks (its options lack ``input_checks``) replays
exactly as it was played, so the same inputs still pass there (``tools/agot_replay.py`` replays 100
such action phases)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion import engine
from companion.games.agot import GAME
from companion.games.base import RuleError
from tests.rules.harness import RulesTable

#: 3 players: Baratheon, Lannister (Raven holder), Stark; each area with units gets a regular order
ORDERS = {
    "baratheon": {"dragonstone": "defense1a", "kingswood": "march0", "shipbreaker-bay": "consolidate-a"},
    "lannister": {"lannisport": "march-1", "port-of-lannisport": "support0a", "stoney-sept": "defense1a",
                  "the-golden-sound": "raid-a"},
    "stark": {"the-shivering-sea": "raid-a", "white-harbor": "support0a", "winterfell": "march0"},
}


def table(stored_before: bool = False) -> RulesTable:
    """A 3-player table in the planning phase; ``stored_before``: as a table stored before the
    checks replays (its setup event has no ``input_checks``)."""
    t = RulesTable(GAME, {"players": 3}, seed=5)
    if stored_before:
        setup = t.table.events[0]
        options = {k: v for k, v in setup.action["options"].items() if k != "input_checks"}
        t.table.events[0] = replace(setup, action={"options": options})
        t.table.state = engine.replay(GAME, t.table.events)
    t.apply(None, {"type": "start"}, host=True)
    return t


def answer(t: RulesTable, house: str, orders: dict[str, str], **extra: Any) -> None:
    value: dict[str, Any] = {"orders": orders, **extra}
    t.apply(house, {"type": "answer", "prompt": t.state["planning"]["prompt"], "value": value})


def refused(t: RulesTable, seat: str | None, action: dict[str, Any], host: bool = False) -> RuleError:
    before = t.table.state
    with pytest.raises(RuleError) as err:
        t.apply(seat, action, host=host)
    assert t.table.state is before, "a refusal changes nothing"
    return err.value


def revealed(t: RulesTable) -> None:
    for house, orders in ORDERS.items():
        answer(t, house, orders)
    assert t.state["planning"]["step"] == "raven" and t.state["planning"]["raven"]["house"] == "lannister"


# -- 1. the Messenger Raven: one of its two actions (seed 000 p.11-12) ------------------------------
def test_after_looking_at_the_wildling_card_the_raven_holder_cannot_also_swap_an_order():
    """p.11: the holder takes *one* of the actions. Lannister looks at the top wildling card, then tries
    to turn its March -1 in Lannisport into a March +1: refused, and the phone offers only top/bottom."""
    t = table()
    revealed(t)
    t.apply("lannister", {"type": "raven_peek"})
    err = refused(t, "lannister", {"type": "raven_swap", "area": "lannisport", "token": "march+1"})
    assert (err.rule, err.status, err.entry) == ("seed 000 p.11-12", 409, "raven-one-use")
    assert t.me("lannister")["planning"]["raven"]["choice"] == "peek"  # the phone shows top/bottom only
    t.apply("lannister", {"type": "raven_place", "where": "top"})
    assert t.state["phase"] == "action" and t.state["orders"]["lannisport"]["token"] == "march-1"


def test_a_table_stored_before_the_check_still_replays_the_second_raven_action():
    t = table(stored_before=True)
    revealed(t)
    t.apply("lannister", {"type": "raven_peek"})
    t.apply("lannister", {"type": "raven_swap", "area": "lannisport", "token": "march+1"})
    assert t.state["orders"]["lannisport"]["token"] == "march+1" and t.state["phase"] == "action"


# -- 2. orders only in areas with the house's units (seed 000 p.12, p.14) ---------------------------
def test_an_order_in_an_area_without_the_house_units_is_refused_from_the_json_and_from_the_phone_row():
    """p.12: an order goes on each area holding the house's units. Stark names Harrenhal (nobody
    there) as an extra area; Lannister picks Blackwater Bay in the phone's "another area" row."""
    t = table()
    err = refused(t, "stark", {"type": "answer", "prompt": t.state["planning"]["prompt"],
                               "value": {"orders": {**ORDERS["stark"], "harrenhal": "march-1"}, "extra": ["harrenhal"]}})
    assert err.rule == "seed 000 p.12" and err.entry == "planning-assign" and err.params["area"] == "harrenhal"
    form = {"type": "answer", "prompt": t.state["planning"]["prompt"],
            **{f"o:{a}": tok for a, tok in ORDERS["lannister"].items()}, "xa": "blackwater-bay", "xt": "consolidate-a"}
    assert refused(t, "lannister", form).rule == "seed 000 p.12"
    me = t.me("lannister")["planning"]
    assert me["other"] == [] and me["offer"] == []  # the phone lists no area without Lannister units


def test_a_consolidate_power_at_sea_with_the_house_ships_is_legal_and_gives_nothing():
    """p.14: a Consolidate Power order may go on a sea area (where the house's ships are) and has no
    effect. Baratheon's two ships in Shipbreaker Bay take one; resolved, it gains no power."""
    t = table()
    revealed(t)
    t.apply("lannister", {"type": "raven_pass"})
    power = t.state["power"]["baratheon"]["available"]
    while t.state["phase"] == "action" and t.state["action"]["step"] != "consolidate":
        house = t.state["action"]["turn"]
        order = next(a for a, o in t.state["orders"].items() if o["house"] == house
                     and o["token"].startswith(t.state["action"]["step"]))
        t.apply(house, {"type": "pass_order", "from": order})
    assert t.state["action"]["turn"] == "baratheon"
    t.apply("baratheon", {"type": "consolidate", "from": "shipbreaker-bay"})
    assert t.state["power"]["baratheon"]["available"] == power


def test_units_corrected_onto_the_board_during_planning_make_the_area_an_order_may_go_on():
    """The mirror is the truth (design): Lannister's footman in Harrenhal, corrected by its phone, makes
    Harrenhal one of its areas; the phone's row then lists it, and only it."""
    t = table()
    t.apply("lannister", {"type": "set_units", "area": "harrenhal", "house": "lannister", "footman": 1})
    assert t.me("lannister")["planning"]["other"] == ["harrenhal"]
    answer(t, "lannister", {**ORDERS["lannister"], "harrenhal": "march0"})
    assert t.state["prompts"][t.state["planning"]["prompt"]]["answers"]["lannister"]["extra"] == ["harrenhal"]


def test_a_table_stored_before_the_check_still_replays_an_order_where_the_house_has_no_units():
    t = table(stored_before=True)
    answer(t, "stark", {**ORDERS["stark"], "harrenhal": "march-1"}, extra=["harrenhal"])
    assert "harrenhal" in t.me("lannister")["planning"]["other"]  # the old phone's list, unchanged


# -- 4a. the planning answer goes to the prompt it names (seed 000 p.12) -----------------------------
def test_secret_orders_for_another_prompt_are_refused():
    """An answer names its prompt (docs/api.md): orders sent for a prompt that is not open (an old
    round's, a stale phone's) or for none are refused instead of landing in this round's."""
    t = table()
    for prompt in ("orders-r0-1", None):
        action: dict[str, Any] = {"type": "answer", "value": {"orders": ORDERS["stark"]}}
        if prompt:
            action["prompt"] = prompt
        err = refused(t, "stark", action)
        assert (err.rule, err.status) == ("seed 000 p.12", 409)
    assert "stark" not in t.state["prompts"][t.state["planning"]["prompt"]]["answers"]
    stored = table(stored_before=True)
    stored.apply("stark", {"type": "answer", "prompt": "orders-r0-1", "value": {"orders": ORDERS["stark"]}})
    assert "stark" in stored.state["prompts"][stored.state["planning"]["prompt"]]["answers"]


# -- 4b. a host correction never discards a card chosen in secret (seed 000 p.19) --------------------
def combat(stored_before: bool = False) -> RulesTable:
    """A Stark footman corrected onto The Reach (with a Defense order); Baratheon marches Kingswood's
    footman into it: both sides choose a house card."""
    t = table(stored_before)
    t.apply(None, {"type": "set_units", "area": "the-reach", "house": "stark", "footman": 1}, host=True)
    answer(t, "stark", {**ORDERS["stark"], "the-reach": "defense1a"}, extra=["the-reach"])  # extra: old tables
    for house in ("baratheon", "lannister"):
        answer(t, house, ORDERS[house])
    t.apply("lannister", {"type": "raven_pass"})
    pass_raids(t)
    assert t.state["action"]["step"] == "march" and t.state["action"]["turn"] == "baratheon"
    t.apply("baratheon", {"type": "march", "from": "kingswood", "moves": [{"to": "the-reach", "footman": 1}]})
    assert t.state["action"]["combat"]["step"] == "cards"
    return t


def pass_raids(t: RulesTable) -> None:
    """Every raid of the step is removed without effect, in turn."""
    while t.state["action"]["step"] == "raid":
        house = t.state["action"]["turn"]
        raid = next(a for a, o in t.state["orders"].items() if o["house"] == house and o["token"].startswith("raid"))
        t.apply(house, {"type": "pass_order", "from": raid})


def test_a_card_a_side_may_have_chosen_in_secret_stays_in_its_hand_until_the_reveal():
    """p.19: both house cards are chosen in secret and revealed together. While Stark chooses, the
    host may not move a Stark card to the discards; the refusal is the same whether Stark has chosen
    that card, another one, or none (it reads only what every device sees). After the reveal it may."""
    t = combat()
    pid = t.state["action"]["combat"]["prompt"]
    assert t.view["choosing_card"] == ["baratheon", "stark"]  # the host drawer keeps these hands as they are
    discard = {"type": "set_house_card", "house_card": "eddard-stark", "place": "discard"}
    before = str(refused(t, None, discard, host=True))
    t.apply("stark", {"type": "answer", "prompt": pid, "value": "eddard-stark"})
    err = refused(t, None, discard, host=True)
    assert str(err) == before and (err.rule, err.status) == ("seed 000 p.19", 409)
    t.apply(None, {"type": "set_house_card", "house_card": "eddard-stark", "place": "hand"}, host=True)  # harmless
    t.apply("baratheon", {"type": "answer", "prompt": pid, "value": "brienne-of-tarth"})
    assert t.state["prompts"][pid]["revealed"] and t.state["prompts"][pid]["answers"]["stark"] == "eddard-stark"
    assert t.view["choosing_card"] == []
    t.apply(None, {"type": "set_house_card", "house_card": "catelyn-stark", "place": "discard"}, host=True)
    assert "catelyn-stark" in t.state["house_cards"]["stark"]["discard"]


def test_a_table_stored_before_the_check_still_replays_the_discard_of_a_chosen_card():
    t = combat(stored_before=True)
    t.apply("stark", {"type": "answer", "prompt": t.state["action"]["combat"]["prompt"], "value": "eddard-stark"})
    t.apply(None, {"type": "set_house_card", "house_card": "eddard-stark", "place": "discard"}, host=True)
    assert "eddard-stark" in t.state["house_cards"]["stark"]["discard"]


# -- sweep: a March order moves only the house's own units (seed 000 p.15) ---------------------------
def test_a_march_never_moves_the_units_the_board_gives_another_house():
    """After the reveal, a correction gives Kingswood to Stark; Baratheon's March order there can no
    longer move those units (the phone offers none; it may resolve the order without moving)."""
    t = table()
    revealed(t)
    t.apply("lannister", {"type": "raven_pass"})
    t.apply(None, {"type": "set_units", "area": "kingswood", "house": "stark", "footman": 1}, host=True)
    pass_raids(t)
    assert t.state["action"]["turn"] == "baratheon"
    err = refused(t, "baratheon", {"type": "march", "from": "kingswood", "moves": [{"to": "the-reach", "footman": 1}]})
    assert (err.rule, err.status) == ("seed 000 p.15", 409)
    row = next(m for m in t.me("baratheon")["action"]["marches"] if m["from"] == "kingswood")
    assert row["units"] == {} and row["to"] == []
    t.apply("baratheon", {"type": "march", "from": "kingswood", "moves": []})
    assert t.state["units"]["kingswood"]["house"] == "stark"


def test_a_support_order_never_lends_the_units_the_board_gives_another_house():
    """p.17-18: a Support order adds the strength of its own house's units. Lannister's Support in
    Blackwater, whose footman the board now shows as Stark's, is not asked (a table stored before the
    check still asks it)."""
    from test_action_harness import act, board

    for stored_before in (False, True):
        state = board(3, units={"kingswood": ("baratheon", {"footman": 2}), "the-reach": ("stark", {"footman": 1}),
                                "blackwater": ("stark", {"footman": 1})},
                      orders={"kingswood": ("baratheon", "march0"), "blackwater": ("lannister", "support0a")},
                      iron_throne=["baratheon", "lannister", "stark"], neutral={})
        if stored_before:
            del state["options"]["input_checks"]
        act(state, "baratheon", type="march", **{"from": "kingswood"}, moves=[{"to": "the-reach", "footman": 2}])
        queue = [q["area"] for q in state["action"]["combat"]["queue"]]
        assert queue == (["blackwater"] if stored_before else [])


def test_a_power_token_goes_only_on_an_area_the_house_controls():
    """p.24: a power token keeps control of an area the house holds. Lannister cannot put one on
    Harrenhal, which nobody controls (the phone offers only its controlled areas); a table stored
    before the check replays it."""
    for stored_before in (False, True):
        t = table(stored_before)
        action = {"type": "place_token", "area": "harrenhal"}
        if stored_before:
            t.apply("lannister", action)
            assert t.state["tokens"]["harrenhal"] == "lannister"
            continue
        err = refused(t, "lannister", action)
        assert (err.rule, err.status, err.entry) == ("seed 000 p.24", 409, "control-power-tokens")
        assert "harrenhal" not in t.me("lannister")["controlled"]
        t.apply("lannister", {"type": "place_token", "area": "lannisport"})
