"""Victory: 7 castles/strongholds at once, or the p.17 ranking after round 10."""

from __future__ import annotations

import pytest
from agot_kit import act, ctx, new_game, set_power

from companion.games.agot import GAME, areas, setup, tracks, victory
from companion.games.base import RuleError


def test_seven_castles_win_at_once():
    """Controlling 7 castle/stronghold areas ends the game immediately (seed 000 p.7, p.17)."""
    s = new_game(3)
    act(s, None, {"type": "start"})
    for area in ("harrenhal", "riverrun", "seagard", "moat-cailin"):
        act(s, "stark", {"type": "set_control", "area": area, "house": "stark"})
    assert victory.count(s, "stark") == 6 and s["winner"] is None
    act(s, "stark", {"type": "set_control", "area": "the-twins", "house": "stark"})  # no castle
    assert s["winner"] is None
    act(s, "stark", {"type": "set_control", "area": "crackclaw-point", "house": "stark"})
    assert s["winner"] == "stark" and s["phase"] == "ended"
    assert GAME.public_view(s)["winner"] == "stark"


def test_ranking_tie_breaks_p17():
    """Ties: more strongholds, then higher supply, then more available power, then Iron Throne
    position (seed 000 p.17; table option tiebreak="printed")."""
    s = new_game(3, tiebreak="printed")
    areas.set_control(s, "crackclaw-point", "baratheon")  # a castle
    areas.set_control(s, "riverrun", "lannister")  # a stronghold
    assert victory.counts(s) == {"baratheon": 2, "lannister": 2, "stark": 2}
    # Lannister has 2 strongholds; Baratheon and Stark 1 each, Baratheon with more supply (2 vs 1).
    assert [r["house"] for r in victory.ranking(s)] == ["lannister", "baratheon", "stark"]
    s["supply"]["stark"] = 2
    set_power(s, "stark", 6)  # same supply: more available power wins
    assert [r["house"] for r in victory.ranking(s)] == ["lannister", "stark", "baratheon"]
    set_power(s, "baratheon", 6)  # all equal: the Iron Throne decides (Baratheon above Stark)
    assert [r["house"] for r in victory.ranking(s)] == ["lannister", "baratheon", "stark"]
    tracks.set_track(s, "iron_throne", ["stark", "lannister", "baratheon"])
    assert [r["house"] for r in victory.ranking(s)] == ["lannister", "stark", "baratheon"]


def test_ranking_tie_breaks_faq_by_default():
    """agot faq (v2.0 Tiebreakers), the default: after castles and strongholds, more land areas, then
    supply, then the Iron Throne; strongholds and power no longer count."""
    s = new_game(3)
    assert s["options"]["tiebreak"] == "faq"
    areas.set_control(s, "crackclaw-point", "baratheon")
    areas.set_control(s, "riverrun", "lannister")
    rows = {r["house"]: r for r in victory.ranking(s)}
    assert rows["baratheon"]["land"] == rows["lannister"]["land"] == 3 and rows["stark"]["land"] == 2
    # Lannister's second stronghold does not matter; equal supply: Baratheon is above on the Throne
    assert [r["house"] for r in victory.ranking(s)] == ["baratheon", "lannister", "stark"]
    areas.set_control(s, "karhold", "stark")
    areas.set_control(s, "castle-black", "stark")
    assert [r["house"] for r in victory.ranking(s)][0] == "stark"


def test_faq_lannister_ship_in_its_port_by_default():
    """agot faq (v2.0 Lannister player screen), the default: a Lannister ship starts in the Port of
    Lannisport; with the printed screen it does not."""
    s = new_game(6, faq_lannister_port_ship=True)
    assert s["units"]["port-of-lannisport"] == {"house": "lannister", "footman": 0, "knight": 0, "ship": 1, "siege": 0}
    assert any(i["params"].get("area", {}).get("_") == "Port of Lannisport" for i in setup.checklist(s))
    assert GAME.normalize_options({"players": 6})["faq_lannister_port_ship"] is True
    assert "port-of-lannisport" not in new_game(6)["units"]


def test_home_area_reverts_to_its_house():
    """An enemy leaving a home area without a power token gives it back (seed 000 p.24)."""
    s = new_game(3)
    areas.set_units(s, "winterfell", "lannister", {"footman": 1})
    assert s["control"]["winterfell"] == "lannister"
    areas.set_units(s, "winterfell", None, {})
    assert s["control"]["winterfell"] == "stark"


def test_power_token_keeps_control():
    """A power token keeps an emptied area (seed 000 p.24)."""
    s = new_game(3)
    act(s, "lannister", {"type": "place_token", "area": "stoney-sept"})
    areas.set_units(s, "stoney-sept", None, {})
    assert s["control"]["stoney-sept"] == "lannister"
    assert GAME.public_view(s)["power"]["lannister"] == {"available": 4, "board": 1, "pool": 15}


def test_host_corrections_for_threat_and_supply():
    import pytest

    from companion.games.base import RuleError

    s = new_game(3)
    act(s, None, {"type": "set_threat", "value": 8})
    assert s["wildling_threat"] == 8
    with pytest.raises(RuleError):
        act(s, None, {"type": "set_threat", "value": 7})
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "set_supply", "house": "stark", "value": 6})
    act(s, None, {"type": "set_supply", "house": "stark", "value": 4})
    assert GAME.public_view(s)["supply"]["stark"] == 4


def test_a_garrison_leaves_only_by_combat_and_neutral_forces_fall():
    """A garrison leaves the game only when defeated in combat (seed 000 p.27): recording control or
    units never removes it (the host corrects it with set_garrison); units standing where a neutral
    force was mean it was destroyed (seed 000 p.26)."""
    s = new_game(6)
    act(s, "lannister", {"type": "set_control", "area": "winterfell", "house": "lannister"})
    assert s["garrisons"]["winterfell"] == 2
    act(s, "lannister", {"type": "set_units", "area": "winterfell", "house": "lannister", "footman": 1})
    assert s["garrisons"]["winterfell"] == 2
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "set_garrison", "area": "winterfell", "strength": 0})
    act(s, None, {"type": "set_garrison", "area": "winterfell", "strength": 0})
    assert "winterfell" not in s["garrisons"]
    act(s, "stark", {"type": "set_control", "area": "white-harbor", "house": "stark"})
    assert "lannisport" in s["garrisons"]
    areas.set_units(s, "kings-landing", "baratheon", {"footman": 2, "knight": 1})
    assert "kings-landing" not in s["neutral"] and s["control"]["kings-landing"] == "baratheon"
    areas.set_units(s, "the-eyrie", "stark", {})
    assert s["neutral"]["the-eyrie"] == 6


def test_faq_options_are_visible_at_setup_and_old_tables_keep_the_printed_rule():
    """Each FAQ option is a table option whose help names its source; a table stored before the
    options existed (no such keys) replays with the printed rules."""
    faq = [o for o in GAME.options() if o.key.startswith("faq_") or o.key == "tiebreak"]
    assert len(faq) == 4
    for opt in faq:
        assert "FAQ" in opt.help and opt.label and opt.rule.startswith("agot faq")
        assert opt.legacy != opt.default  # an old table keeps the printed rule
    tiebreak = next(o for o in faq if o.key == "tiebreak")
    assert tiebreak.default == "faq" and "p.17" in tiebreak.help
    old = GAME.setup({"players": 6, "tides": False, "decks": "digital"}, ctx(host=True))
    assert "port-of-lannisport" not in old["units"]
    assert old["options"]["tiebreak"] == "printed" and not old["options"]["faq_blade_tides"]
