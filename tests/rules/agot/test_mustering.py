"""Mustering: points per castle/stronghold, unit costs, ships, pool and supply limits (seed 000 p.9-10)."""

from __future__ import annotations

import pytest
from agot_kit import act, ctx, new_game, to_westeros

from companion.games.agot import GAME, areas, flow, tracks
from companion.games.base import RuleError


def lannister_p9():
    """Seed 000 p.9: Lannister (supply 3, first in turn order) holds Lannisport, Harrenhal (two
    footmen), Riverrun (three knights) and Stoney Sept; a Greyjoy ship sits in Ironman's Bay."""
    s = new_game(6)
    for area in ("lannisport", "the-golden-sound"):
        s["units"].pop(area, None)
    areas.set_units(s, "harrenhal", "lannister", {"footman": 2})
    areas.set_units(s, "riverrun", "lannister", {"knight": 3})
    areas.set_units(s, "ironmans-bay", "greyjoy", {"ship": 1})
    s["supply"]["lannister"] = 3
    tracks.set_track(s, "iron_throne", ["lannister"] + [h for h in s["tracks"]["iron_throne"] if h != "lannister"])
    to_westeros(s)
    flow.push(s, {"kind": "mustering", "houses": tracks.turn_order(s), "index": 0})
    flow.advance(s, ctx(host=True))
    return s


def test_mustering_example_p9():
    """Seed 000 p.9, steps 1-4."""
    s = lannister_p9()
    assert GAME.waiting_for(s) == ["lannister"]
    assert flow.current(s)["points"] == {"harrenhal": 1, "lannisport": 2, "riverrun": 2}
    # 1. Lannisport: a footman there and a ship into The Golden Sound.
    act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "footman"})
    act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "ship", "to": "the-golden-sound"})
    # 2. Harrenhal: upgrade one of the two footmen (army size unchanged).
    act(s, "lannister", {"type": "muster", "area": "harrenhal", "unit": "knight", "upgrade": "1"})
    assert s["units"]["harrenhal"]["footman"] == 1 and s["units"]["harrenhal"]["knight"] == 1
    # 3. Riverrun: a second ship in The Golden Sound makes an army of two ships.
    act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "ship", "to": "the-golden-sound"})
    assert s["units"]["the-golden-sound"]["ship"] == 2
    # ...and the last Riverrun point cannot be used: supply 3 allows 3, 2, 2, 2.
    with pytest.raises(RuleError) as err:
        act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "footman"})
    assert err.value.rule == "seed 000 p.9"
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "ship", "to": "the-golden-sound"})
    with pytest.raises(RuleError):  # Ironman's Bay holds an enemy ship (seed 000 p.10)
        act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "ship", "to": "ironmans-bay"})
    # 4. Stoney Sept has no castle: no points there.
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "muster", "area": "stoney-sept", "unit": "footman"})
    act(s, "lannister", {"type": "muster_done"})
    assert GAME.waiting_for(s) == [tracks.turn_order(s)[1]]


def test_only_the_current_house_musters():
    s = lannister_p9()
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "muster", "area": "winterfell", "unit": "footman"})
    assert err.value.status == 403


def test_costs_and_points():
    """A knight costs 2; a castle gives 1 point (seed 000 p.9)."""
    s = lannister_p9()
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "muster", "area": "harrenhal", "unit": "knight"})
    act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "knight"})
    assert flow.current(s)["points"]["lannisport"] == 0


def test_upgrade_needs_a_footman_there():
    s = lannister_p9()
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "siege", "upgrade": "1"})


def test_unit_pool_limits_recruits():
    """Only 2 siege engines exist per house (seed 000 p.2)."""
    s = lannister_p9()
    areas.set_units(s, "stoney-sept", "lannister", {"siege": 1, "footman": 1})
    areas.set_units(s, "the-twins", "lannister", {"siege": 1})
    with pytest.raises(RuleError) as err:
        act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "siege"})
    assert err.value.rule == "seed 000 p.4"


def test_spending_every_point_passes_the_turn():
    """Once no point is left the next house musters without an extra tap (seed 000 p.9)."""
    s = lannister_p9()
    act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "knight"})
    act(s, "lannister", {"type": "muster", "area": "harrenhal", "unit": "knight", "upgrade": "1"})
    act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "ship", "to": "the-golden-sound"})
    assert GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "muster", "area": "riverrun", "unit": "ship", "to": "the-golden-sound"})
    assert GAME.waiting_for(s) == [tracks.turn_order(s)[1]]


def test_port_mustering_example_p25():
    """Seed 000 p.25: Martell, first in turn order, uses Sunspear's 2 points for a footman and a
    ship placed in the Port of Sunspear."""
    s = new_game(6)
    tracks.set_track(s, "iron_throne", ["martell"] + [h for h in s["tracks"]["iron_throne"] if h != "martell"])
    to_westeros(s)
    flow.push(s, {"kind": "mustering", "houses": tracks.turn_order(s), "index": 0})
    flow.advance(s, ctx(host=True))
    assert GAME.waiting_for(s) == ["martell"]
    assert "port-of-sunspear" in GAME.private_view(s, "martell")["muster"]["ships"]["sunspear"]
    act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "footman"})
    act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "ship", "to": "port-of-sunspear"})
    assert s["units"]["sunspear"]["footman"] == 2
    assert s["units"]["port-of-sunspear"] == {"house": "martell", "footman": 0, "knight": 0, "ship": 1, "siege": 0}
    assert GAME.waiting_for(s) == [tracks.turn_order(s)[1]]


def test_ships_may_muster_into_a_port_even_with_enemies_in_its_sea():
    """Recruiting into one's own port is allowed while enemy ships hold the sea (seed 000 p.25)."""
    s = new_game(6)
    areas.set_units(s, "east-summer-sea", "baratheon", {"ship": 1})
    areas.set_units(s, "sea-of-dorne", "tyrell", {"ship": 1})  # replaces Martell's ship there
    from companion.games.agot import mustering

    assert mustering.ship_targets(s, "martell", "sunspear") == ["port-of-sunspear"]


def _martell_musters():
    s = new_game(6)
    tracks.set_track(s, "iron_throne", ["martell"] + [h for h in s["tracks"]["iron_throne"] if h != "martell"])
    to_westeros(s)
    flow.push(s, {"kind": "mustering", "houses": tracks.turn_order(s), "index": 0})
    flow.advance(s, ctx(host=True))
    return s


def test_a_ship_refused_into_an_enemy_sea_says_the_rule():
    """Sunspear's ship cannot go into the Sea of Dorne where a Tyrell ship sits (seed 000 p.10); the
    refusal says so and names the port alternative (p.25) instead of naming a field. A full port
    (3 ships, p.25) and a destination that is neither the port nor an adjacent sea say why too."""
    s = _martell_musters()
    areas.set_units(s, "sea-of-dorne", "tyrell", {"ship": 1})
    before = {k: dict(v) for k, v in s["units"].items()}
    with pytest.raises(RuleError) as err:
        act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "ship", "to": "sea-of-dorne"})
    assert "not one of the allowed values" not in str(err.value)
    assert "enemy ships" in str(err.value) and "own port" in str(err.value)
    assert err.value.rule == "seed 000 p.10, p.25" and err.value.entry == "mustering-ships"
    assert s["units"] == before
    areas.set_units(s, "port-of-sunspear", "martell", {"ship": 3})
    with pytest.raises(RuleError) as err:
        act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "ship", "to": "port-of-sunspear"})
    assert "3 ships" in str(err.value) and err.value.rule == "seed 000 p.25"
    with pytest.raises(RuleError) as err:
        act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "ship", "to": "dornish-marches"})
    assert "is neither" in str(err.value) and err.value.rule == "seed 000 p.10"


def test_other_mustering_refusals_say_the_rule():
    """An area without a castle, a bid above the available power: the rule, not a field name."""
    s = _martell_musters()
    with pytest.raises(RuleError) as err:
        act(s, "martell", {"type": "muster", "area": "dornish-marches", "unit": "footman"})
    assert "castle or a stronghold" in str(err.value) and err.value.rule == "seed 000 p.9"
    with pytest.raises(RuleError) as err:
        act(s, "martell", {"type": "muster", "area": "sunspear", "unit": "dragon"})
    assert "footman, a knight" in str(err.value)
