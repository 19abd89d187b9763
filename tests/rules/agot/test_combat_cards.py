"""House card abilities inside the combat flow (facts file "House cards"; order of seed 000 p.19)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board

from companion.games.agot import GAME
from companion.games.base import RuleError

IT = ["lannister", "stark", "baratheon", "greyjoy", "tyrell", "martell"]


def fight(att: str, dfn: str, extra_units=None, extra_orders=None, players: int = 6, **kw) -> dict:
    """``att`` marches a knight + footman from Stoney Sept into Harrenhal, held by ``dfn``'s footman."""
    units = {"stoney-sept": (att, {"knight": 1, "footman": 1}), "harrenhal": (dfn, {"footman": 1}),
             "lannisport": (att, {"footman": 1}), **(extra_units or {})}
    orders = {"stoney-sept": (att, "march0"), "lannisport": (att, "consolidate-a"), **(extra_orders or {})}
    order = [att, dfn] + [h for h in IT if h not in (att, dfn)]
    state = board(players, units=units, orders=orders, iron_throne=kw.pop("iron_throne", order),
                  fiefdoms=kw.pop("fiefdoms", [h for h in IT if h not in (att, dfn)] + [att, dfn]),
                  neutral={}, **kw)
    act(state, att, type="march", **{"from": "stoney-sept"}, moves=[{"to": "harrenhal", "knight": 1, "footman": 1}])
    return state


def cards(state, att_card, dfn_card):
    c = state["action"]["combat"]
    act(state, c["attacker"], type="answer", prompt=c["prompt"], value=att_card)
    act(state, c["defender"], type="answer", prompt=c["prompt"], value=dfn_card)


def test_tywin_gains_two_power_when_he_wins():
    """Tywin Lannister: if you win, gain 2 power."""
    state = fight("lannister", "stark")
    cards(state, "tywin-lannister", "catelyn-stark")
    act(state, "stark", type="card_ability", area="blackwater") if state["action"]["combat"] else None
    assert state["power"]["lannister"]["available"] == 7


def test_mace_kills_a_footman_at_once_and_loras_moves_the_march():
    """Mace Tyrell destroys an enemy footman immediately (p.20 note: the initial strength drops);
    Ser Loras, attacking and winning, moves the March order into the conquered area."""
    state = fight("tyrell", "stark")
    cards(state, "mace-tyrell", "roose-bolton")
    assert state["action"]["combat"] is None
    assert state["units"]["harrenhal"]["house"] == "tyrell"
    state = fight("tyrell", "stark")
    cards(state, "loras-tyrell", "catelyn-stark")
    act(state, "stark", type="card_ability", area="blackwater") if state["action"]["combat"] else None
    assert state["orders"]["harrenhal"] == {"house": "tyrell", "token": "march0"}
    assert "stoney-sept" not in state["orders"]


def test_roose_takes_back_his_discards_when_he_loses():
    """Roose Bolton: losing, Stark takes every discarded card back."""
    state = fight("lannister", "stark")
    state["house_cards"]["stark"]["hand"].remove("eddard-stark")
    state["house_cards"]["stark"]["discard"].append("eddard-stark")
    cards(state, "gregor-clegane", "roose-bolton")
    assert state["house_cards"]["stark"]["discard"] == []
    assert len(state["house_cards"]["stark"]["hand"]) == 7


def test_arianne_keeps_the_attacker_out():
    """Arianne Martell: defending and losing, the attacker may not move into the area."""
    state = fight("lannister", "martell")
    cards(state, "gregor-clegane", "arianne-martell")
    assert state["units"]["stoney-sept"]["knight"] == 1 and state["units"]["stoney-sept"]["house"] == "lannister"
    assert "harrenhal" not in state["units"] or state["units"]["harrenhal"]["house"] != "lannister"


def test_robb_chooses_the_retreat_area():
    """Robb Stark: winning, his owner chooses where the loser retreats."""
    state = fight("stark", "lannister")
    cards(state, "robb-stark", "cersei-lannister")
    assert GAME.waiting_for(state) == ["stark"]
    decide = GAME.private_view(state, "stark")["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat" and "blackwater" in decide["targets"]
    with pytest.raises(RuleError):
        act(state, "lannister", type="card_ability", area="blackwater")
    act(state, "stark", type="card_ability", area="blackwater")
    assert state["units"]["blackwater"]["house"] == "lannister"


def test_tyrion_then_aeron_cancel_first_p19():
    """p.19: cancel/ignore abilities first; Aeron pays 2 power to change his card."""
    state = fight("greyjoy", "lannister")
    cards(state, "aeron-damphair", "the-hound")
    assert GAME.waiting_for(state) == ["greyjoy"]
    act(state, "greyjoy", type="card_ability", use="1")
    assert state["power"]["greyjoy"]["available"] == 3
    assert "aeron-damphair" in state["house_cards"]["greyjoy"]["discard"]
    c = state["action"]["combat"]
    with pytest.raises(RuleError):
        act(state, "greyjoy", type="answer", prompt=c["prompt"], value="aeron-damphair")
    act(state, "greyjoy", type="answer", prompt=c["prompt"], value="euron-crows-eye")
    assert state["action"]["combat"] is None or state["action"]["combat"]["step"] != "cards"


def test_queen_of_thorns_removes_a_supporting_order():
    """Queen of Thorns removes an enemy order next to the combat; its support no longer counts."""
    state = fight("lannister", "tyrell", extra_units={"blackwater": ("lannister", {"knight": 1})},
                  extra_orders={"blackwater": ("lannister", "support0a")})
    act(state, "lannister", type="support", area="blackwater", side="attacker")
    cards(state, "kevan-lannister", "queen-of-thorns")
    assert GAME.waiting_for(state) == ["tyrell"]
    with pytest.raises(RuleError):
        act(state, "tyrell", type="card_ability", use="1", area="stoney-sept")  # never the attacking March
    act(state, "tyrell", type="card_ability", use="1", area="blackwater")
    assert "blackwater" not in state["orders"]


def test_doran_sends_the_opponent_to_the_bottom_of_a_track():
    """Doran Martell: the opponent goes to the bottom of the chosen influence track."""
    state = fight("lannister", "martell")
    cards(state, "jaime-lannister", "doran-martell")
    act(state, "martell", type="card_ability", use="1", track="iron_throne")
    assert state["tracks"]["iron_throne"][-1] == "lannister"


def test_cersei_removes_an_order_anywhere_and_patchface_discards():
    """Cersei: winning, remove one of the opponent's orders anywhere; Patchface: discard from the
    opponent's hand after the combat."""
    state = fight("lannister", "baratheon", extra_units={"dragonstone": ("baratheon", {"footman": 1})},
                  extra_orders={"dragonstone": ("baratheon", "consolidate-a")})
    cards(state, "cersei-lannister", "patchface")
    # 2 + 0 (Cersei) = 2 against 1 + 0: Lannister wins; Iron Throne order: Lannister first
    assert GAME.waiting_for(state) == ["lannister"]
    act(state, "lannister", type="card_ability", use="1", area="dragonstone")
    assert "dragonstone" not in state["orders"]
    assert GAME.waiting_for(state) == ["baratheon"]
    decide = GAME.private_view(state, "baratheon")["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat"  # the retreat comes first; Patchface waits for the clean-up (agot faq)
    act(state, "baratheon", type="card_ability", area=decide["targets"][0])
    decide = GAME.private_view(state, "baratheon")["action"]["combat"]["decide"]
    assert decide["kind"] == "patchface" and "cersei-lannister" not in decide["targets"]
    act(state, "baratheon", type="card_ability", use="1", card="tywin-lannister")
    assert "tywin-lannister" in state["house_cards"]["lannister"]["discard"]


def test_stannis_gains_one_when_the_opponent_is_higher_on_the_throne():
    """Stannis Baratheon: +1 when the opponent is above on the Iron Throne track."""
    state = fight("baratheon", "lannister", iron_throne=["lannister", "baratheon", "stark", "greyjoy", "tyrell",
                                                         "martell"])
    cards(state, "stannis-baratheon", "cersei-lannister")
    last = state["action"]["combat"] or state["action"]["last"]
    assert last["result"]["attacker"] == 3 + 4 + 1


def test_conquering_an_area_clears_enemy_ships_from_its_port_p25():
    """seed 000 p.25: taking a land area, the enemy ships in its port are removed (the conqueror may
    replace them with its own)."""
    state = board(6, units={"searoad-marches": ("tyrell", {"knight": 3}), "lannisport": ("lannister", {"footman": 1}),
                            "port-of-lannisport": ("lannister", {"ship": 2})},
                  orders={"searoad-marches": ("tyrell", "march0")},
                  iron_throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
                  fiefdoms=["stark", "tyrell", "lannister", "baratheon", "greyjoy", "martell"], neutral={})
    act(state, "tyrell", type="march", **{"from": "searoad-marches"}, moves=[{"to": "lannisport", "knight": 3}])
    cards(state, "garlan-tyrell", "cersei-lannister")
    decide = GAME.private_view(state, "tyrell")["action"]["combat"]["decide"]
    assert decide == {"kind": "port", "area": "port-of-lannisport", "max": 2}
    act(state, "tyrell", type="card_ability", ships="0")
    assert "port-of-lannisport" not in state["units"]
    assert any("enemy ships removed" in n["msg"] for n in state["action"]["last"]["notes"])


def test_renly_upgrades_a_footman_when_he_wins():
    """Renly Baratheon: winning, one of his footmen in the combat becomes a knight."""
    state = fight("baratheon", "stark")
    cards(state, "renly-baratheon", "catelyn-stark")
    assert GAME.waiting_for(state) == ["baratheon"]
    act(state, "baratheon", type="card_ability", use="1")
    if state["action"]["combat"]:
        act(state, "stark", type="card_ability", area="blackwater")
    assert state["units"]["harrenhal"]["knight"] == 2 and state["units"]["harrenhal"]["footman"] == 0
