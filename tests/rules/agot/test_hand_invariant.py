"""One invariant for every house-card hand (seed 000 p.19): playing a house card is obligatory, so a
house always holds at least one card; when its hand empties, the discards other than the last card
used return. Each way a hand can empty is played here in a position of our own."""

from __future__ import annotations

from test_action_harness import act, board
from test_combat_cards import cards, fight

from companion.games.agot import GAME
from companion.games.agot import house_cards as hc

BARATHEON_OTHERS = ["stannis-baratheon", "renly-baratheon", "davos-seaworth", "brienne-of-tarth",
                    "salladhor-saan", "melisandre"]


def _lannister_down_to(state: dict, hand: list[str]) -> None:
    all_cards = [c.id for c in hc.CARDS.values() if c.house == "lannister"]
    state["house_cards"]["lannister"] = {"hand": list(hand), "discard": [c for c in all_cards if c not in hand]}


def test_patchface_taking_the_last_card_refills_the_hand():
    """Lannister attacks with Gregor and keeps only Jaime; Baratheon's Patchface then discards Jaime.
    The hand empties, so the other discards come back and Jaime alone stays discarded (p.19)."""
    state = fight("lannister", "baratheon")
    _lannister_down_to(state, ["gregor-clegane", "jaime-lannister"])
    cards(state, "gregor-clegane", "patchface")
    c = state["action"]["combat"]
    while c and c["pending"] and c["pending"][0]["kind"] != "patchface":
        decide = GAME.private_view(state, "baratheon")["action"]["combat"]["decide"]
        act(state, "baratheon", type="card_ability", area=decide["targets"][0])
        c = state["action"]["combat"]
    decide = GAME.private_view(state, "baratheon")["action"]["combat"]["decide"]
    assert decide["kind"] == "patchface" and decide["targets"] == ["jaime-lannister"]
    act(state, "baratheon", type="card_ability", use="1", card="jaime-lannister")
    pile = state["house_cards"]["lannister"]
    assert pile["discard"] == ["jaime-lannister"]
    assert sorted(pile["hand"]) == sorted(c.id for c in hc.CARDS.values()
                                          if c.house == "lannister" and c.id != "jaime-lannister")


def test_after_patchface_the_next_combat_asks_for_a_card():
    """Two Lannister marches in one round: Patchface takes Lannister's last card after the first
    combat; in the second, Lannister is asked for a house card (it never 'fights without one')."""
    state = board(6, units={"stoney-sept": ("lannister", {"knight": 1, "footman": 1}),
                            "harrenhal": ("baratheon", {"footman": 1}),
                            "lannisport": ("lannister", {"knight": 1}), "riverrun": ("stark", {"footman": 1})},
                  orders={"stoney-sept": ("lannister", "march0"), "lannisport": ("lannister", "march-1")},
                  iron_throne=["lannister", "baratheon", "stark", "greyjoy", "tyrell", "martell"],
                  fiefdoms=["greyjoy", "tyrell", "martell", "stark", "lannister", "baratheon"], neutral={})
    _lannister_down_to(state, ["gregor-clegane", "jaime-lannister"])
    act(state, "lannister", type="march", **{"from": "stoney-sept"},
        moves=[{"to": "harrenhal", "knight": 1, "footman": 1}])
    cards(state, "gregor-clegane", "patchface")
    while state["action"]["combat"]:
        decide = GAME.private_view(state, "baratheon")["action"]["combat"]["decide"]
        if decide["kind"] == "patchface":
            act(state, "baratheon", type="card_ability", use="1", card="jaime-lannister")
        else:
            act(state, "baratheon", type="card_ability", area=decide["targets"][0])
    assert state["house_cards"]["lannister"]["hand"], "Patchface left Lannister without a house card"
    act(state, "lannister", type="march", **{"from": "lannisport"}, moves=[{"to": "riverrun", "knight": 1}])
    c = state["action"]["combat"]
    assert c["step"] == "cards" and not c["cards"].get("attacker") and not c["notes"]
    assert "lannister" in state["prompts"][c["prompt"]]["asked"]
    cards(state, "tywin-lannister", "eddard-stark")
    last = state["action"]["combat"] or state["action"]["last"]
    assert last["cards"]["attacker"] == "tywin-lannister"


def test_every_route_goes_through_the_one_rule():
    """Played card, Massing's strongest cards (several at once), a host correction: the same rule."""
    state = {"houses": ["stark"], "options": {}}
    pile = hc.hands(state)["stark"]
    pile["discard"] = [c for c in pile["hand"] if c != "eddard-stark"]
    pile["hand"] = ["eddard-stark"]
    assert hc.discard(state, "stark", "eddard-stark") is True
    assert pile["discard"] == ["eddard-stark"] and len(pile["hand"]) == 6
    # several cards leave together; nothing else is discarded: they all come back (a hand never empties)
    state2 = {"houses": ["tyrell"], "options": {}}
    p2 = hc.hands(state2)["tyrell"]
    p2["hand"], p2["discard"] = ["mace-tyrell"], []
    assert hc.to_discard(state2, "tyrell", ["mace-tyrell"]) is True
    assert p2 == {"hand": ["mace-tyrell"], "discard": []}


def test_host_correction_discarding_the_last_card_refills_like_the_table():
    """A correction follows the same rule instead of leaving (or refusing) an empty hand."""
    from test_corrections import act as host_act
    from test_corrections import new_game
    s = new_game(3)
    s["house_cards"]["stark"] = {"hand": ["robb-stark"], "discard": ["eddard-stark", "roose-bolton"]}
    host_act(s, None, {"type": "set_house_card", "house_card": "robb-stark", "place": "discard"})
    assert s["house_cards"]["stark"] == {"hand": ["eddard-stark", "roose-bolton"], "discard": ["robb-stark"]}
