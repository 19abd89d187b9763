"""House card data and hands (seed 000 p.18-20; facts file "House cards")."""

from __future__ import annotations

from companion.games.agot import house_cards as hc


def test_seven_cards_per_house():
    """seed 000 p.18: each house starts with 7 house cards, the strongest of strength 4."""
    for house in hc.HOUSES:
        cards = [c for c in hc.CARDS.values() if c.house == house]
        assert len(cards) == 7
        assert sorted(c.strength for c in cards)[-1] == 4


def test_card_names_are_msgids_in_step_with_the_data():
    """Every card name is translatable (extraction needs literals)."""
    assert {k: v for k, v in hc.CARD_NAMES.items()} == {c.id: c.name for c in hc.CARDS.values()}


def test_worked_example_cards_p20():
    """seed 000 p.20: Jaime Lannister 2 with a sword; Alester Florent 1 with a fortification."""
    jaime, alester = hc.CARDS["jaime-lannister"], hc.CARDS["alester-florent"]
    assert (jaime.strength, jaime.swords, jaime.forts) == (2, 1, 0)
    assert (alester.strength, alester.swords, alester.forts) == (1, 0, 1)


def test_roose_takes_back_every_discarded_card():
    """Roose Bolton (facts file): losing, all discarded cards return to the hand."""
    state = {"houses": ["stark"]}
    hc.discard(state, "stark", "eddard-stark")
    hc.discard(state, "stark", "roose-bolton")
    hc.take_back_all(state, "stark")
    assert len(state["house_cards"]["stark"]["hand"]) == 7 and state["house_cards"]["stark"]["discard"] == []
