"""The registry of house-card abilities (abilities.py) stays in step with the printed cards
(data/house_cards.toml; facts file "House cards"; timings seed 000 p.19)."""

from __future__ import annotations

import pytest

from companion.games.agot import abilities
from companion.games.agot import house_cards as hc
from companion.games.agot.ability import NO_ABILITY


def test_every_printed_ability_has_its_registered_class():
    """A card whose data names an ability is played through its class; a card with only icons has none."""
    for cid, card in hc.CARDS.items():
        ability = abilities.for_card(cid)
        if card.ability:
            assert ability is not NO_ABILITY, f"{cid} prints {card.ability!r} but abilities.py has no class for it"
            assert (ability.card, ability.key) == (cid, card.ability)
        else:
            assert ability is NO_ABILITY, f"{cid} has only icons but abilities.py registers {ability.key!r}"
    assert abilities.unregistered() == []


def test_every_ability_has_a_timing_a_text_and_a_rule_source():
    """seed 000 p.19: each ability acts in one of three moments; the screen shows its text; its
    docstring names the card (the rule source)."""
    for cid, ability in abilities.ABILITIES.items():
        assert ability.timing in ("cancel", "immediate", "after"), cid
        assert ability.text, cid
        assert hc.CARDS[cid].name.split()[-1] in (type(ability).__doc__ or ""), cid


def test_a_card_in_the_data_without_a_class_is_named(monkeypatch: pytest.MonkeyPatch):
    """The guard itself: a printed ability with no class is reported, with the card's id."""
    robb = hc.CARDS["robb-stark"]
    monkeypatch.setitem(hc.CARDS, "robb-stark", robb.model_copy(update={"ability": "robb-new"}))
    monkeypatch.setitem(hc.CARDS, "eddard-stark", hc.CARDS["eddard-stark"].model_copy(update={"ability": "ned"}))
    wrong = abilities.unregistered()
    assert any(w.startswith("eddard-stark: ability 'ned' has no class") for w in wrong)
    assert any(w.startswith("robb-stark: registered, but key 'robb'") for w in wrong)


def test_pending_kinds_find_their_ability():
    """A pending decision's kind is its ability's key; the combat's own decisions have none."""
    assert abilities.by_key("tyrion").card == "tyrion-lannister"
    assert abilities.by_key("retreat") is NO_ABILITY
    assert len({a.key for a in abilities.ABILITIES.values()}) == len(abilities.ABILITIES)


def test_a_card_that_may_not_be_played_again_names_the_ability_that_forbids_it():
    """seed 000 p.19: Aeron Damphair swaps his own card away; Tyrion Lannister cancels the opponent's."""
    aeron = {"attacker": "greyjoy", "defender": "lannister", "cards": {"attacker": None, "defender": "the-hound"}}
    assert abilities.excluded_by(aeron, "attacker", "aeron-damphair").key == "aeron"
    tyrion = {"attacker": "lannister", "defender": "tyrell", "cards": {"attacker": "tyrion-lannister", "defender": None}}
    assert abilities.excluded_by(tyrion, "defender", "mace-tyrell").key == "tyrion"
