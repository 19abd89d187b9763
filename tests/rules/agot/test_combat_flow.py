"""The combat assistant end to end (seed 000 p.17-21, p.26, p.28-29)."""

from __future__ import annotations

import json

import pytest
from test_action_harness import act, board, card

from companion.games.agot import GAME
from companion.games.base import RuleError

SIX_TYRELL_FIRST = ["tyrell", "lannister", "baratheon", "stark", "martell", "greyjoy"]


def kingswood() -> dict:
    """seed 000 p.20: Tyrell marches a knight and a footman (March +0) into Kingswood (2 Lannister
    footmen); no support; Lannister is above Tyrell on the Fiefdoms track in this example."""
    state = board(6, units={"the-reach": ("tyrell", {"knight": 1, "footman": 1}),
                            "kingswood": ("lannister", {"footman": 2}), "lannisport": ("lannister", {"footman": 1})},
                  orders={"the-reach": ("tyrell", "march0"), "lannisport": ("lannister", "consolidate-a")},
                  iron_throne=SIX_TYRELL_FIRST,
                  fiefdoms=["stark", "lannister", "tyrell", "greyjoy", "martell", "baratheon"], neutral={})
    act(state, "tyrell", type="march", **{"from": "the-reach"}, moves=[{"to": "kingswood", "knight": 1, "footman": 1}])
    return state


def test_combat_resolution_example_p20():
    """seed 000 p.20-21: 3 vs 2, Alester Florent (1, fort) vs Jaime (2, sword): 4-4, Lannister wins
    the tie on Fiefdoms; the sword is cancelled by the fort; Tyrell retreats to The Reach, routed."""
    state = kingswood()
    c = state["action"]["combat"]
    assert c["step"] == "cards" and sorted(GAME.waiting_for(state)) == ["lannister", "tyrell"]
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    assert state["action"]["combat"] is None
    last = state["action"]["last"]
    assert last["result"]["attacker"] == 4 and last["result"]["defender"] == 4
    assert last["winner"] == "lannister" and last["result"]["casualties"] == {"attacker": 0, "defender": 0}
    assert state["units"]["the-reach"]["knight"] == 1 and state["units"]["the-reach"]["footman"] == 1
    assert state["action"]["routed"]["the-reach"] == {"knight": 1, "footman": 1}
    assert state["units"]["kingswood"]["footman"] == 2
    assert state["house_cards"]["tyrell"]["discard"] == ["alester-florent"]
    assert "jaime-lannister" not in state["house_cards"]["lannister"]["hand"]
    assert "the-reach" not in state["orders"]


def test_chosen_card_is_secret_until_both_chose_p19():
    """seed 000 p.19: cards are chosen secretly and revealed together: every view but the chooser's
    is byte for byte the same whichever card was chosen, so nothing can leak."""
    state = kingswood()
    other = kingswood()
    card(state, "lannister", "tywin-lannister")
    card(other, "lannister", "kevan-lannister")
    for view in (GAME.public_view, lambda s: GAME.private_view(s, "tyrell"), lambda s: GAME.private_view(s, "stark")):
        assert json.dumps(view(state), sort_keys=True) == json.dumps(view(other), sort_keys=True)
    assert json.dumps(GAME.private_view(state, "lannister")) != json.dumps(GAME.private_view(other, "lannister"))
    assert GAME.private_view(state, "lannister")["action"]["combat"]["decide"]["mine"] == "tywin-lannister"
    with pytest.raises(RuleError):
        card(state, "stark", "eddard-stark")  # not in this combat
    with pytest.raises(RuleError):
        card(state, "tyrell", "tywin-lannister")  # not in Tyrell's hand


def test_valyrian_blade_holder_decides_p19():
    """seed 000 p.19: the Blade's holder, fighting, may add +1 once per round."""
    state = kingswood()
    state["dominance"]["blade"]["holder"] = "tyrell"
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    assert GAME.waiting_for(state) == ["tyrell"]
    act(state, "tyrell", type="blade", use="1")
    assert state["action"]["combat"]["result"]["winner"] == "attacker" and state["dominance"]["blade"]["used"]
    assert GAME.waiting_for(state) == ["lannister"]  # the defeated defender retreats
    act(state, "lannister", type="card_ability", area="kings-landing")
    assert state["units"]["kingswood"]["house"] == "tyrell" and state["units"]["kings-landing"]["footman"] == 2


def test_tyrion_cancels_and_the_opponent_chooses_again():
    """Tyrion Lannister (facts): cancel the opponent's card; it must choose another (p.19: cancels first)."""
    state = kingswood()
    card(state, "lannister", "tyrion-lannister")
    card(state, "tyrell", "mace-tyrell")
    assert GAME.waiting_for(state) == ["lannister"]
    act(state, "lannister", type="card_ability", use="1")
    assert state["action"]["combat"]["step"] == "cards" and GAME.waiting_for(state) == ["tyrell"]
    with pytest.raises(RuleError) as refused:
        card(state, "tyrell", "mace-tyrell")
    assert refused.value.entry == "card-tyrion"  # the card that forbids it, not the one refused
    card(state, "tyrell", "queen-of-thorns")
    act(state, "tyrell", type="card_ability", use="")  # Queen of Thorns: no order removed
    assert state["action"]["combat"] is None
    assert "mace-tyrell" in state["house_cards"]["tyrell"]["hand"]


def test_tides_of_battle_cards_are_drawn_and_shown_after_the_house_cards_p28():
    """seed 000 p.28: with the option each side draws a Tides card after the house cards, seen only by
    its owner until the Blade holder has decided; the cards then add to strength."""
    from companion.games.agot import combat_calc as cb

    state = board(6, units={"the-reach": ("tyrell", {"knight": 1, "footman": 1}),
                            "kingswood": ("lannister", {"footman": 2}), "lannisport": ("lannister", {"footman": 1})},
                  orders={"the-reach": ("tyrell", "march0"), "lannisport": ("lannister", "consolidate-a")},
                  iron_throne=SIX_TYRELL_FIRST, neutral={},
                  fiefdoms=["lannister", "stark", "tyrell", "greyjoy", "martell", "baratheon"], options={"tides": True})
    act(state, "tyrell", type="march", **{"from": "the-reach"}, moves=[{"to": "kingswood", "knight": 1, "footman": 1}])
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    assert GAME.waiting_for(state) == ["lannister"]  # the Blade holder may redraw its Tides card
    hidden = state["action"]["combat"]["tides_hidden"]
    mine = GAME.private_view(state, "tyrell")["action"]["combat"]["my_tide"]
    assert mine == hidden["attacker"]
    assert "tides_hidden" not in json.dumps(GAME.public_view(state))
    assert GAME.public_view(state)["action"]["combat"].get("tides") is None
    act(state, "lannister", type="blade", use="")
    # agot faq: the Tides cards are revealed, then a Blade not used to redraw may still add +1
    assert GAME.public_view(state)["action"]["combat"]["tides"] == hidden
    assert GAME.private_view(state, "lannister")["action"]["combat"]["decide"] == {"kind": "blade", "tides": False}
    act(state, "lannister", type="blade", use="")
    last = state["action"]["combat"] or state["action"]["last"]  # a retreat may still be pending
    tides = last["tides"]
    assert last["result"]["attacker"] == 4 + cb.TIDES[tides["attacker"]]["strength"]
    assert last["result"]["defender"] == 4 + cb.TIDES[tides["defender"]]["strength"]


def test_all_seven_cards_played_return_the_other_six_p19():
    """seed 000 p.19: after the seventh card the other six come back to the hand."""
    state = kingswood()
    hand = state["house_cards"]["tyrell"]
    played = [c for c in hand["hand"] if c != "alester-florent"]
    hand["discard"] = list(played)
    hand["hand"] = ["alester-florent"]
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    assert sorted(state["house_cards"]["tyrell"]["hand"]) == sorted(played)
    assert state["house_cards"]["tyrell"]["discard"] == ["alester-florent"]


def test_a_side_corrects_its_units_before_the_cards():
    """Design: the pieces on the table are the truth; before the reveal a side fixes its count."""
    state = kingswood()
    with pytest.raises(RuleError):
        act(state, "tyrell", type="combat_units", side="defender", footman=3)   # not Tyrell's side
    act(state, "lannister", type="combat_units", side="defender", footman=3)
    assert state["units"]["kingswood"]["footman"] == 3
    view = GAME.public_view(state)["action"]["combat"]
    assert sum(i["value"] for i in view["initial"]["defender"]) == 3
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    with pytest.raises(RuleError):
        act(state, "lannister", type="combat_units", side="defender", footman=1)


def test_correcting_combat_units_outside_any_combat_says_a_combat_is_needed():
    """The out-of-step refusal of ``combat_units`` is read outside any combat too (a stale tap
    once the combat is over): it must not speak as if a combat were running; after the reveal
    it still says the cards are out."""
    state = kingswood()
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="combat_units", side="defender", footman=1)
    assert "during a combat" in err.value.message and "before the house cards" in err.value.message
    while state["action"]["combat"]:  # the Tyrell retreat (and anything else pending) settles
        act(state, "tyrell", type="card_ability", area="the-reach")
    assert GAME.stage(state) == "action/consolidate"  # the last March resolved, no combat runs
    with pytest.raises(RuleError) as err:
        act(state, "lannister", type="combat_units", side="defender", footman=1)
    assert "during a combat" in err.value.message
