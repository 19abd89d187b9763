"""The combat calculator against the worked examples of seed 000 (p.17-21, p.26, p.28-29)."""

from __future__ import annotations

from companion.games.agot import combat_calc as cb
from companion.games.agot import house_cards as hc

FIEFDOMS = ["greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"]


def fight(**kw):
    base = {"attacker": "tyrell", "defender": "lannister", "neutral": None, "area": "x", "from": "y",
            "castle": False, "sea": False, "att_units": {}, "def_units": {}, "def_routed": 0,
            "march_bonus": 0, "defense_bonus": 0, "garrison": 0, "supports": [], "cards": {},
            "facts": {}, "blade": None, "tides": {}}
    base.update(kw)
    return base


def test_support_example_p18():
    """seed 000 p.18: Tyrell 2 knights + March +1 + King's Landing knight = 7; Lannister 1 + 3 + 2 = 6."""
    c = fight(att_units={"knight": 2}, def_units={"footman": 1}, march_bonus=1, supports=[
        {"area": "stoney-sept", "house": "lannister", "side": "defender", "units": {"footman": 1, "knight": 1}},
        {"area": "harrenhal", "house": "baratheon", "side": "defender", "units": {"knight": 1}},
        {"area": "kings-landing", "house": "tyrell", "side": "attacker", "units": {"knight": 1}},
    ])
    assert sum(i["value"] for i in cb.initial_strength(c, "attacker")) == 7
    assert sum(i["value"] for i in cb.initial_strength(c, "defender")) == 6
    labels = [i["label"] for i in cb.initial_strength(c, "defender")]
    assert labels.count("Support from %(area)s") == 2


def test_combat_resolution_example_p20():
    """seed 000 p.20: Tyrell (knight + footman, Alester Florent) vs Lannister (2 footmen, Jaime): 4-4;
    Lannister is higher on Fiefdoms in the example and wins; one sword vs one fortification = no casualties."""
    c = fight(att_units={"knight": 1, "footman": 1}, def_units={"footman": 2},
              cards={"attacker": "alester-florent", "defender": "jaime-lannister"})
    assert cb.total(c, "attacker") == 4 and cb.total(c, "defender") == 4
    assert cb.winner(c, ["lannister", "tyrell"]) == "defender"
    assert cb.casualties(c, "defender") == {"attacker": 0, "defender": 0}


def test_tie_goes_to_fiefdoms_position_p20():
    """seed 000 p.20: equal final strength -> the better Fiefdoms position wins."""
    c = fight(att_units={"knight": 1}, def_units={"knight": 1})
    assert cb.winner(c, FIEFDOMS) == "attacker"  # Tyrell 2nd beats Lannister 6th
    assert cb.winner(c, ["lannister", "tyrell"]) == "defender"


def test_casualties_swords_minus_forts_p20():
    """seed 000 p.20: casualties = winner's swords - loser's fortifications, never negative."""
    c = fight(att_units={"knight": 2}, def_units={"footman": 3},
              cards={"attacker": "garlan-tyrell", "defender": "kevan-lannister"})
    assert cb.winner(c, FIEFDOMS) == "attacker"
    assert cb.casualties(c, "attacker")["defender"] == 2
    c["cards"]["defender"] = "the-hound"  # 2 forts cancel 2 swords
    assert cb.casualties(c, "attacker")["defender"] == 0


def test_siege_only_against_castle_p17():
    """seed 000 p.17: a siege engine adds 4 only when attacking a castle/stronghold area."""
    c = fight(att_units={"siege": 1}, def_units={"footman": 1})
    assert cb.total(c, "attacker") == 0
    c["castle"] = True
    assert cb.total(c, "attacker") == 4
    c2 = fight(attacker="lannister", defender="tyrell", att_units={"footman": 1},
               def_units={"siege": 1}, castle=True)
    assert cb.total(c2, "defender") == 0


def test_garrison_and_defense_order_p18_p26():
    """seed 000 p.26: the garrison adds to the defender's initial strength; Defense bonus p.13."""
    c = fight(def_units={"footman": 1}, garrison=2, defense_bonus=1, att_units={"knight": 1})
    assert cb.total(c, "defender") == 4


def test_routed_units_count_nothing_p21():
    """seed 000 p.21: Tyrell's routed knight in Storm's End adds nothing: initial strength 1."""
    c = fight(attacker="baratheon", defender="tyrell", att_units={"knight": 2}, def_units={"footman": 1},
              def_routed=1)
    assert cb.total(c, "defender") == 1


def test_neutral_force_p26():
    """seed 000 p.26: attacker needs equal or more than the neutral force; support for the attacker counts."""
    c = fight(defender=None, neutral=3, att_units={"knight": 1}, march_bonus=0)
    assert cb.winner(c, FIEFDOMS) == "defender"
    c["supports"] = [{"area": "a", "house": "stark", "side": "attacker", "units": {"footman": 1}}]
    assert cb.winner(c, FIEFDOMS) == "attacker"
    assert cb.casualties(c, "attacker") == {"attacker": 0, "defender": 0}


def test_valyrian_blade_plus_one_p19():
    """seed 000 p.19: the Blade adds +1 to its holder's final strength."""
    c = fight(att_units={"knight": 1}, def_units={"knight": 1}, blade="defender")
    assert cb.total(c, "defender") == 3
    c["tides_enabled"] = True  # agot faq: a Blade not used to redraw a Tides card still gives +1
    assert cb.total(c, "defender") == 3
    c["blade"] = None  # used to redraw (p.28): no +1
    assert cb.total(c, "defender") == 2


def test_tides_skull_hits_even_the_winner_p29():
    """seed 000 p.29: a skull costs the opponent one unit whoever wins; forts cannot stop it."""
    c = fight(att_units={"knight": 1, "footman": 1}, def_units={"footman": 2},
              tides={"attacker": "three", "defender": "skull"}, cards={"defender": "the-hound"})
    assert cb.winner(c, FIEFDOMS) == "attacker"
    assert cb.casualties(c, "attacker") == {"attacker": 1, "defender": 0}


def test_card_abilities_numbers():
    """Card texts (facts file, seed 000 p.19 order): Balon, Kevan, Victarion, Catelyn, Asha, Nymeria."""
    c = fight(attacker="lannister", defender="greyjoy", att_units={"footman": 2},
              def_units={"footman": 1}, cards={"attacker": "kevan-lannister", "defender": "balon-greyjoy"})
    assert cb.total(c, "attacker") == 4  # 2 footmen x2, Kevan's printed 1 counts 0 under Balon
    c = fight(attacker="greyjoy", defender="stark", sea=True, att_units={"ship": 2}, def_units={"ship": 1},
              defense_bonus=1, cards={"attacker": "victarion-greyjoy", "defender": "catelyn-stark"})
    assert cb.total(c, "attacker") == 4 + 3 and cb.total(c, "defender") == 1 + 2
    c = fight(attacker="greyjoy", att_units={"footman": 1}, def_units={"footman": 1},
              cards={"attacker": "asha-greyjoy", "defender": "margaery-tyrell"})
    assert cb.swords(c, "attacker") == 2 and cb.forts(c, "attacker") == 1
    c["supports"] = [{"area": "a", "house": "greyjoy", "side": "attacker", "units": {"footman": 1}}]
    assert cb.swords(c, "attacker") == 0
    c = fight(attacker="martell", att_units={"footman": 1}, cards={"attacker": "nymeria-sand"})
    assert cb.swords(c, "attacker") == 1 and cb.forts(c, "attacker") == 0


def test_salladhor_zeroes_foreign_ships_when_supported():
    """Salladhor Saan (facts file): supported Baratheon -> non-Baratheon ships count 0."""
    c = fight(attacker="baratheon", defender="greyjoy", sea=True, att_units={"ship": 1},
              def_units={"ship": 3}, cards={"attacker": "salladhor-saan", "defender": "aeron-damphair"},
              supports=[{"area": "b", "house": "baratheon", "side": "attacker", "units": {"ship": 1}}])
    assert cb.total(c, "defender") == 0 and cb.total(c, "attacker") == 1 + 1 + 1


def test_blackfish_takes_no_casualties():
    """The Blackfish (facts file): no casualties from swords or skulls."""
    c = fight(attacker="lannister", defender="stark", att_units={"knight": 3}, def_units={"footman": 2},
              cards={"attacker": "gregor-clegane", "defender": "the-blackfish"}, tides={"attacker": "skull"})
    assert cb.casualties(c, "attacker")["defender"] == 0


def test_seventh_card_returns_the_other_six_p19():
    """seed 000 p.19: after the 7th card is played the other six return to the hand."""
    state = {"houses": ["stark"]}
    stark = [c.id for c in hc.CARDS.values() if c.house == "stark"]
    for cid in stark:
        hc.discard(state, "stark", cid)
    assert state["house_cards"]["stark"]["discard"] == [stark[-1]]
    assert sorted(state["house_cards"]["stark"]["hand"]) == sorted(stark[:-1])


def test_retreat_rules_p21():
    """seed 000 p.21: never to the attacker's origin, enemy units/power, sea for land units."""
    cands = [
        {"area": "origin", "kind": "land", "origin": True},
        {"area": "enemy", "kind": "land", "enemy_units": True},
        {"area": "token", "kind": "land", "enemy_power": True},
        {"area": "sea", "kind": "sea"},
        {"area": "free", "kind": "land", "room": 1},
    ]
    assert cb.retreat_choices({"knight": 1, "footman": 1}, cands) == [{"area": "free", "room": 1}]
    assert cb.retreat_choices({"ship": 1}, cands) == [{"area": "sea", "room": None}]
    assert cb.retreating_units({"siege": 1, "knight": 1}) == {"knight": 1}


def test_tides_deck_runs_out_before_reshuffling_p28():
    """The digital Tides of Battle deck: 24 cards drawn without repeats, then the discards return."""
    import random

    from companion.games.agot import combat_flow
    from companion.games.base import Actor, Ctx

    state: dict = {}
    ctx = Ctx(Actor(None, True), random.Random(5))
    first = [combat_flow.tides_draw(state, ctx) for _ in range(24)]
    assert sorted(first) == sorted(cb.TIDES_DECK)
    combat_flow.tides_draw(state, ctx)
    assert len(state["tides_discard"]) == 1
