"""Retreats and routed units (seed 000 p.21; ship transport p.23; supply p.9)."""

from __future__ import annotations

import pytest
from test_action_harness import act, board, card

from companion.games.agot import GAME
from companion.games.base import RuleError


def test_retreat_example_p21():
    """seed 000 p.21: Baratheon defeats Tyrell in Kingswood; the surviving Tyrell knight retreats to
    Storm's End (a Tyrell footman there) and is routed; later Baratheon attacks Storm's End: Tyrell's
    initial strength is 1, and losing destroys the routed knight (it cannot retreat again)."""
    state = board(6, units={"kingswood": ("tyrell", {"knight": 1, "footman": 1}),
                            "storms-end": ("tyrell", {"footman": 1}),
                            "kings-landing": ("baratheon", {"knight": 2}), "the-boneway": ("baratheon", {"knight": 2})},
                  orders={"kings-landing": ("baratheon", "march0"), "the-boneway": ("baratheon", "march-1")},
                  iron_throne=["baratheon", "tyrell", "lannister", "stark", "martell", "greyjoy"], neutral={})
    act(state, "baratheon", type="march", **{"from": "kings-landing"}, moves=[{"to": "kingswood", "knight": 2}])
    card(state, "baratheon", "brienne-of-tarth")   # 4 + 2 = 6, one sword
    card(state, "tyrell", "randyll-tarly")         # 3 + 2 = 5
    c = state["action"]["combat"]
    assert c["result"]["winner"] == "attacker" and c["result"]["casualties"]["defender"] == 1
    assert GAME.waiting_for(state) == ["tyrell"]
    with pytest.raises(RuleError):
        act(state, "tyrell", type="card_ability", knight=1, footman=1)
    act(state, "tyrell", type="card_ability", footman=1)            # the casualty: the footman
    decide = GAME.private_view(state, "tyrell")["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat" and "storms-end" in decide["targets"]
    assert "kings-landing" not in decide["targets"]               # never where the attack came from
    act(state, "tyrell", type="card_ability", area="storms-end")
    assert state["units"]["storms-end"]["knight"] == 1 and state["action"]["routed"]["storms-end"] == {"knight": 1}
    assert state["units"]["kingswood"]["house"] == "baratheon"
    # Tyrell has no march: the next Baratheon march attacks Storm's End
    act(state, "baratheon", type="march", **{"from": "the-boneway"}, moves=[{"to": "storms-end", "knight": 2}])
    view = GAME.public_view(state)["action"]["combat"]
    assert sum(i["value"] for i in view["initial"]["defender"]) == 1
    card(state, "baratheon", "stannis-baratheon")
    card(state, "tyrell", "margaery-tyrell")
    # Tyrell loses; the footman could retreat but the routed knight is destroyed (p.21)
    if state["action"]["combat"]:
        decide = GAME.private_view(state, "tyrell")["action"]["combat"]["decide"]
        act(state, "tyrell", type="card_ability", area=decide["targets"][0])
    assert state["units"]["storms-end"]["house"] == "baratheon"
    assert all(u.get("knight", 0) == 0 for u in state["units"].values() if u["house"] == "tyrell")


def test_retreat_supply_counts_the_army_as_already_gone_p21():
    """seed 000 p.21: retreating into a friendly area is allowed while supply holds; the retreating
    army no longer counts where it was (Stark, supply 1: armies 3 and 2)."""
    state = board(6, units={"moat-cailin": ("stark", {"footman": 2, "knight": 1}),
                            "white-harbor": ("stark", {"footman": 1}), "winterfell": ("stark", {"footman": 1}),
                            "the-twins": ("lannister", {"knight": 3})},
                  orders={"the-twins": ("lannister", "march+1")},
                  iron_throne=["lannister", "stark", "baratheon", "martell", "greyjoy", "tyrell"],
                  fiefdoms=["greyjoy", "tyrell", "baratheon", "martell", "lannister", "stark"], neutral={})
    state["supply"]["stark"] = 1
    act(state, "lannister", type="march", **{"from": "the-twins"}, moves=[{"to": "moat-cailin", "knight": 3}])
    card(state, "lannister", "tywin-lannister")
    card(state, "stark", "catelyn-stark")
    decide = GAME.private_view(state, "stark")["action"]["combat"]["decide"]
    # White Harbor would make an army of 4 (one unit lost); empty areas keep all 3: only they are
    # offered (p.21: units are lost to supply only when no other area is left)
    assert decide["kind"] == "retreat" and "white-harbor" not in decide["targets"]
    assert decide["targets"] == ["greywater-watch", "seagard"]
    act(state, "stark", type="card_ability", area="seagard")
    assert state["units"]["seagard"]["footman"] + state["units"]["seagard"]["knight"] == 3


def test_retreat_over_supply_only_when_no_other_area_p21():
    """seed 000 p.21: when the only retreat area exceeds supply, the excess units are destroyed.
    Stark (supply 0: armies 2, 2) loses Karhold to Greyjoy from Castle Black; Winterfell (1 footman)
    is the only way out, so of the 2 survivors only 1 fits."""
    state = board(6, units={"karhold": ("stark", {"footman": 2, "knight": 1}),
                            "winterfell": ("stark", {"footman": 1}), "castle-black": ("greyjoy", {"knight": 3})},
                  orders={"castle-black": ("greyjoy", "march0")},
                  iron_throne=["greyjoy", "stark", "baratheon", "martell", "lannister", "tyrell"],
                  fiefdoms=["baratheon", "greyjoy", "stark", "martell", "lannister", "tyrell"], neutral={})
    state["supply"]["stark"] = 0
    act(state, "greyjoy", type="march", **{"from": "castle-black"}, moves=[{"to": "karhold", "knight": 3}])
    card(state, "greyjoy", "euron-crows-eye")
    card(state, "stark", "catelyn-stark")
    act(state, "stark", type="card_ability", footman=1)
    decide = GAME.private_view(state, "stark")["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat" and decide["targets"] == ["winterfell"]
    assert decide["keep"] == 1 and decide["units"] == {"footman": 1, "knight": 1}
    with pytest.raises(RuleError):  # the survivors must number exactly what supply allows
        act(state, "stark", type="card_ability", area="winterfell", footman=1, knight=1)
    act(state, "stark", type="card_ability", area="winterfell", footman=1, knight=0)  # Stark keeps the footman
    assert state["units"]["winterfell"]["footman"] == 2 and state["units"]["winterfell"]["knight"] == 0
    assert state["units"]["karhold"]["house"] == "greyjoy"


def test_bad_numbers_are_refused_with_a_message():
    """Form input is untrusted: a casualty count that is not a number is refused, never a crash."""
    state = board(6, units={"kingswood": ("tyrell", {"knight": 1, "footman": 1}),
                            "kings-landing": ("baratheon", {"knight": 2})},
                  orders={"kings-landing": ("baratheon", "march0")},
                  iron_throne=["baratheon", "tyrell", "lannister", "stark", "martell", "greyjoy"],
                  fiefdoms=["stark", "lannister", "martell", "greyjoy", "baratheon", "tyrell"], neutral={})
    act(state, "baratheon", type="march", **{"from": "kings-landing"}, moves=[{"to": "kingswood", "knight": 2}])
    card(state, "baratheon", "brienne-of-tarth")
    card(state, "tyrell", "randyll-tarly")
    with pytest.raises(RuleError):
        act(state, "tyrell", type="card_ability", footman="lots")
    act(state, "tyrell", type="card_ability", footman="1")
    assert GAME.private_view(state, "tyrell")["action"]["combat"]["decide"]["kind"] == "retreat"
