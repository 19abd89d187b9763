"""After the result: Arianne, retreats, garrisons, routed marks, "after combat" timing, ports and
orders left alone (seed 000 p.21, p.25-27; card texts; agot faq). Positions of our own."""

from __future__ import annotations

from test_action_harness import act, board, card

from companion.games.agot import GAME, areas

IT = ["baratheon", "martell", "lannister", "stark", "greyjoy", "tyrell"]
FIEF = ["greyjoy", "tyrell", "stark", "lannister", "baratheon", "martell"]


def decide(state, house):
    return GAME.private_view(state, house)["action"]["combat"]["decide"]


def test_arianne_defending_loses_survivors_retreat_and_martell_keeps_area_and_port():
    """Arianne Martell defends Sunspear and loses: the Baratheon knights go back to Yronwood (not
    routed), the Martell survivors still retreat (not destroyed), the port ship stays and Sunspear
    stays Martell's; the defeated garrison leaves the game (seed 000 p.27)."""
    state = board(6, units={"sunspear": ("martell", {"footman": 1, "knight": 1}),
                            "port-of-sunspear": ("martell", {"ship": 1}),
                            "yronwood": ("baratheon", {"knight": 3}), "the-arbor": ("tyrell", {"footman": 1})},
                  orders={"yronwood": ("baratheon", "march0"), "the-arbor": ("tyrell", "consolidate-a")},
                  iron_throne=IT, fiefdoms=FIEF, neutral={})
    act(state, "baratheon", type="march", **{"from": "yronwood"}, moves=[{"to": "sunspear", "knight": 3}])
    card(state, "baratheon", "stannis-baratheon")   # 6 + 4 = 10
    card(state, "martell", "arianne-martell")       # 3 + garrison 2 + 1 = 6
    assert state["action"]["combat"]["result"]["winner"] == "attacker"
    d = decide(state, "martell")
    assert d["kind"] == "retreat" and d["targets"] == ["salt-shore"]
    act(state, "martell", type="card_ability", area="salt-shore")
    assert state["action"]["combat"] is None
    assert state["units"]["salt-shore"] == {"house": "martell", "footman": 1, "knight": 1, "ship": 0, "siege": 0}
    assert state["action"]["routed"]["salt-shore"] == {"footman": 1, "knight": 1}
    assert state["units"]["yronwood"]["knight"] == 3 and "yronwood" not in state["action"]["routed"]
    assert "sunspear" not in state["units"] and state["control"]["sunspear"] == "martell"
    assert state["units"]["port-of-sunspear"] == {"house": "martell", "footman": 0, "knight": 0, "ship": 1, "siege": 0}
    assert "sunspear" not in state["garrisons"]


def test_enemy_home_with_only_its_garrison_is_no_retreat_and_keeps_its_garrison():
    """seed 000 p.21, p.26-27: Lannisport holds only the Lannister garrison: Stark, beaten in
    Stoney Sept, may not retreat there (it is an enemy area); it goes to Harrenhal, Riverrun or
    the Searoad Marches, and the garrison stays."""
    state = board(6, units={"stoney-sept": ("stark", {"footman": 1, "knight": 1}),
                            "blackwater": ("baratheon", {"knight": 3})},
                  orders={"blackwater": ("baratheon", "march0")}, iron_throne=IT, fiefdoms=FIEF, neutral={})
    act(state, "baratheon", type="march", **{"from": "blackwater"}, moves=[{"to": "stoney-sept", "knight": 3}])
    card(state, "baratheon", "renly-baratheon")
    card(state, "stark", "catelyn-stark")
    d = decide(state, "stark")
    assert d["kind"] == "retreat"
    assert "lannisport" not in d["targets"]
    assert d["targets"] == ["harrenhal", "riverrun", "searoad-marches"]
    assert state["garrisons"]["lannisport"] == 2


def test_units_placed_or_corrected_into_a_garrisoned_home_leave_the_garrison():
    """A garrison leaves only when defeated in combat (seed 000 p.27): neither placing units (a
    muster, a correction) nor a phone's set_units removes it."""
    state = board(6, units={}, orders={}, iron_throne=IT, fiefdoms=FIEF, neutral={})
    areas.add_units(state, "winterfell", "greyjoy", footman=1)
    assert state["garrisons"]["winterfell"] == 2
    act(state, "stark", type="set_units", area="pyke", house="stark", footman=2)
    assert state["garrisons"]["pyke"] == 2


def test_routed_marks_go_with_the_units_and_the_area():
    """seed 000 p.21: routed marks belong to the retreated units. When Baratheon takes the area
    holding a routed Tyrell knight, its own knights there are not routed; a routed unit removed
    from the board takes its mark along."""
    state = board(6, units={"kingswood": ("tyrell", {"knight": 1, "footman": 1}),
                            "storms-end": ("tyrell", {"footman": 1}),
                            "kings-landing": ("baratheon", {"knight": 2}), "the-boneway": ("baratheon", {"knight": 2}),
                            "the-reach": ("tyrell", {"footman": 2})},
                  orders={"kings-landing": ("baratheon", "march0"), "the-boneway": ("baratheon", "march-1")},
                  iron_throne=["baratheon", "tyrell", "lannister", "stark", "martell", "greyjoy"], neutral={})
    act(state, "baratheon", type="march", **{"from": "kings-landing"}, moves=[{"to": "kingswood", "knight": 2}])
    card(state, "baratheon", "brienne-of-tarth")
    card(state, "tyrell", "randyll-tarly")
    act(state, "tyrell", type="card_ability", footman=1)
    act(state, "tyrell", type="card_ability", area="storms-end")
    assert state["action"]["routed"]["storms-end"] == {"knight": 1}
    act(state, "baratheon", type="march", **{"from": "the-boneway"}, moves=[{"to": "storms-end", "knight": 2}])
    card(state, "baratheon", "stannis-baratheon")
    card(state, "tyrell", "margaery-tyrell")
    if state["action"]["combat"]:
        d = decide(state, "tyrell")
        act(state, "tyrell", type="card_ability", area=d["targets"][0])
    assert state["units"]["storms-end"]["house"] == "baratheon"
    assert "storms-end" not in state["action"]["routed"]
    # a routed unit removed by hand: its mark goes too
    state["action"]["routed"]["the-reach"] = {"footman": 2}
    act(state, "tyrell", type="remove_units", area="the-reach", unit="footman", n=1)
    assert state["action"]["routed"]["the-reach"] == {"footman": 1}
    act(state, "tyrell", type="remove_units", area="the-reach", unit="footman", n=1)
    assert "the-reach" not in state["action"]["routed"]


def test_robb_defending_and_winning_chooses_where_the_attacker_retreats():
    """Robb Stark (card text; agot faq: also as defender): Stark beats Lannister in Harrenhal and
    sends the Lannister survivors to Riverrun instead of back to Stoney Sept."""
    state = board(6, units={"stoney-sept": ("lannister", {"knight": 1, "footman": 1}),
                            "harrenhal": ("stark", {"footman": 1}), "the-arbor": ("tyrell", {"footman": 1})},
                  orders={"stoney-sept": ("lannister", "march0"), "the-arbor": ("tyrell", "consolidate-a")},
                  iron_throne=["lannister", "stark", "baratheon", "martell", "greyjoy", "tyrell"],
                  fiefdoms=FIEF, neutral={})
    act(state, "lannister", type="march", **{"from": "stoney-sept"}, moves=[{"to": "harrenhal", "knight": 1, "footman": 1}])
    card(state, "lannister", "cersei-lannister")   # 3 + 0
    card(state, "stark", "robb-stark")             # 1 + 3
    assert state["action"]["combat"]["result"]["winner"] == "defender"
    d = decide(state, "stark")
    assert d["kind"] == "retreat" and d["loser"] == "lannister"
    assert d["targets"] == ["blackwater", "crackclaw-point", "riverrun", "stoney-sept"]
    act(state, "stark", type="card_ability", area="riverrun")
    assert state["units"]["riverrun"]["house"] == "lannister" and state["units"]["riverrun"]["knight"] == 1
    assert state["action"]["routed"]["riverrun"] == {"knight": 1, "footman": 1}
    assert "stoney-sept" not in state["units"]
    assert GAME.public_view(state)["last_combat"]["retreat"] == {"house": "lannister", "area": "riverrun"}


def test_patchface_comes_after_the_clean_up_and_sees_the_refilled_hand():
    """agot faq "after combat": Patchface resolves once the played cards are discarded and hands
    refilled. Lannister plays its last card (Tywin): the other six return to its hand first, and
    Patchface never sees the card just played."""
    state = board(6, units={"stoney-sept": ("lannister", {"knight": 1, "footman": 1}),
                            "harrenhal": ("baratheon", {"footman": 1})},
                  orders={"stoney-sept": ("lannister", "march0")},
                  iron_throne=["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"],
                  fiefdoms=FIEF, neutral={})
    pile = state["house_cards"]["lannister"]
    pile["discard"] = [c for c in pile["hand"] if c != "tywin-lannister"]
    pile["hand"] = ["tywin-lannister"]
    act(state, "lannister", type="march", **{"from": "stoney-sept"}, moves=[{"to": "harrenhal", "knight": 1, "footman": 1}])
    card(state, "lannister", "tywin-lannister")
    card(state, "baratheon", "patchface")
    d = decide(state, "baratheon")
    assert d["kind"] == "retreat"
    act(state, "baratheon", type="card_ability", area=d["targets"][0])
    d = decide(state, "baratheon")
    assert d["kind"] == "patchface"
    assert "tywin-lannister" not in d["targets"] and len(d["targets"]) == 6
    act(state, "baratheon", type="card_ability", use="1", card="cersei-lannister")
    assert pile["discard"] == ["tywin-lannister", "cersei-lannister"] and len(pile["hand"]) == 5


def test_stannis_counts_doran_moving_him_down_the_throne():
    """agot faq: strength is final after "immediately" effects. Baratheon is above Martell when
    Stannis is revealed; Doran sends Baratheon to the bottom of the Iron Throne, so Stannis gets +1."""
    state = board(6, units={"the-boneway": ("baratheon", {"knight": 1, "footman": 1}),
                            "yronwood": ("martell", {"footman": 1})},
                  orders={"the-boneway": ("baratheon", "march0")}, iron_throne=IT, fiefdoms=FIEF, neutral={})
    act(state, "baratheon", type="march", **{"from": "the-boneway"}, moves=[{"to": "yronwood", "knight": 1, "footman": 1}])
    card(state, "baratheon", "stannis-baratheon")
    card(state, "martell", "doran-martell")
    act(state, "martell", type="card_ability", use="1", track="iron_throne")
    result = (state["action"]["combat"] or state["action"]["last"])["result"]
    assert result["attacker"] == 3 + 4 + 1


def test_an_order_left_without_units_after_combat_is_removed():
    """agot faq: at the end of the clean-up, orders in areas without units go. Mace Tyrell kills the
    only Stark footman in Harrenhal; Stark still wins with its support, and its Defense order goes."""
    state = board(6, units={"stoney-sept": ("tyrell", {"knight": 1, "footman": 1}),
                            "harrenhal": ("stark", {"footman": 1}), "riverrun": ("stark", {"knight": 2}),
                            "the-arbor": ("tyrell", {"footman": 1})},
                  orders={"stoney-sept": ("tyrell", "march0"), "harrenhal": ("stark", "defense1a"),
                          "the-arbor": ("tyrell", "consolidate-a"),
                          "riverrun": ("stark", "support0a")},
                  iron_throne=["tyrell", "stark", "baratheon", "martell", "greyjoy", "lannister"],
                  fiefdoms=FIEF, neutral={})
    act(state, "tyrell", type="march", **{"from": "stoney-sept"}, moves=[{"to": "harrenhal", "knight": 1, "footman": 1}])
    act(state, "stark", type="support", area="riverrun", side="defender")
    card(state, "tyrell", "mace-tyrell")       # 3 + 4 = 7
    card(state, "stark", "eddard-stark")       # defense 1 + support 4 + 4 = 9 (the footman dies to Mace)
    assert state["action"]["combat"] is None
    assert state["action"]["last"]["winner"] == "stark"
    assert "harrenhal" not in state["units"]
    assert "harrenhal" not in state["orders"] and "the-arbor" in state["orders"]


def test_replacing_ships_in_a_captured_port_is_a_step():
    """seed 000 p.25: Tyrell takes Lannisport; the 2 Lannister ships in its port leave and Tyrell
    may put up to 2 of its own there (reserve and supply allowing), with a button on the phone."""
    state = board(6, units={"searoad-marches": ("tyrell", {"knight": 3}), "lannisport": ("lannister", {"footman": 1}),
                            "port-of-lannisport": ("lannister", {"ship": 2})},
                  orders={"searoad-marches": ("tyrell", "march0")},
                  iron_throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
                  fiefdoms=["stark", "tyrell", "lannister", "baratheon", "greyjoy", "martell"], neutral={})
    act(state, "tyrell", type="march", **{"from": "searoad-marches"}, moves=[{"to": "lannisport", "knight": 3}])
    card(state, "tyrell", "garlan-tyrell")
    card(state, "lannister", "cersei-lannister")
    assert GAME.waiting_for(state) == ["tyrell"]
    assert decide(state, "tyrell") == {"kind": "port", "area": "port-of-lannisport", "max": 2}
    import pytest

    from companion.games.base import RuleError
    with pytest.raises(RuleError):
        act(state, "tyrell", type="card_ability", ships=3)
    act(state, "tyrell", type="card_ability", ships=2)
    assert state["units"]["port-of-lannisport"]["house"] == "tyrell"
    assert state["units"]["port-of-lannisport"]["ship"] == 2
    assert state["action"]["combat"] is None


def test_renly_may_upgrade_a_supporting_baratheon_footman():
    """Renly Baratheon (card text: a participating footman; agot faq): the footman supporting from
    Kingswood becomes a knight."""
    state = board(6, units={"storms-end": ("baratheon", {"knight": 2}), "kingswood": ("baratheon", {"footman": 1}),
                            "the-boneway": ("tyrell", {"footman": 1})},
                  orders={"storms-end": ("baratheon", "march0"), "kingswood": ("baratheon", "support0a")},
                  iron_throne=IT, fiefdoms=FIEF, neutral={})
    act(state, "baratheon", type="march", **{"from": "storms-end"}, moves=[{"to": "the-boneway", "knight": 2}])
    act(state, "baratheon", type="support", area="kingswood", side="attacker")
    card(state, "baratheon", "renly-baratheon")
    card(state, "tyrell", "margaery-tyrell")
    d = decide(state, "baratheon")
    assert d["kind"] == "renly" and d["targets"] == ["kingswood"]
    act(state, "baratheon", type="card_ability", use="1", area="kingswood")
    assert state["units"]["kingswood"]["knight"] == 1 and state["units"]["kingswood"]["footman"] == 0


def test_last_combat_stays_in_the_public_view_until_the_next_combat():
    """The finished combat stays readable (itemised strength, cards, casualties, retreat) until the
    next combat starts (docs/api.md last_combat)."""
    state = board(6, units={"kingswood": ("tyrell", {"knight": 1, "footman": 1}),
                            "kings-landing": ("baratheon", {"knight": 2}), "the-boneway": ("baratheon", {"knight": 2}),
                            "the-reach": ("tyrell", {"footman": 1})},
                  orders={"kings-landing": ("baratheon", "march0"), "the-boneway": ("baratheon", "march-1")},
                  iron_throne=["baratheon", "tyrell", "lannister", "stark", "martell", "greyjoy"],
                  fiefdoms=["stark", "baratheon", "tyrell", "lannister", "martell", "greyjoy"], neutral={})
    act(state, "baratheon", type="march", **{"from": "kings-landing"}, moves=[{"to": "kingswood", "knight": 2}])
    assert GAME.public_view(state)["last_combat"] is None
    card(state, "baratheon", "salladhor-saan")   # 4 + 1 = 5
    card(state, "tyrell", "margaery-tyrell")     # 3 + 1 = 4... + Fiefdoms tie? no: 4 < 5
    d = decide(state, "tyrell")
    act(state, "tyrell", type="card_ability", area=d["targets"][0])
    last = GAME.public_view(state)["last_combat"]
    assert last["area"] == "kingswood" and last["winner_house"] == "baratheon"
    assert last["totals"] == {"attacker": 5, "defender": 4}
    assert [i["value"] for i in last["strength"]["attacker"]] == [4, 1]
    assert last["cards"] == {"attacker": "salladhor-saan", "defender": "margaery-tyrell"}
    assert last["retreat"] == {"house": "tyrell", "area": d["targets"][0]}
    assert last["tie_break"] is None and last["casualties"] == {"attacker": 0, "defender": 0}
    act(state, "baratheon", type="march", **{"from": "the-boneway"}, moves=[{"to": "the-reach", "knight": 2}])
    assert GAME.public_view(state)["last_combat"] is None
