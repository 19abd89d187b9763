"""Setup: seats, starting tracks, dominance tokens, power, supply, control, victory (seed 000 p.4)."""

from __future__ import annotations

from agot_kit import act, dump, new_game

from companion.games.agot import GAME, power, victory


def test_six_player_start():
    """Printed starting tracks; position 1 holds each dominance token (seed 000 p.4 step 8)."""
    s = new_game(6)
    assert s["tracks"]["iron_throne"][0] == "baratheon"
    assert s["dominance"] == {"iron_throne": {"holder": "baratheon", "used": False},
                              "blade": {"holder": "greyjoy", "used": False},
                              "raven": {"holder": "lannister", "used": False}}
    assert s["wildling_threat"] == 2 and s["round"] == 1
    for house in s["houses"]:
        assert power.summary(s, house) == {"available": 5, "board": 0, "pool": 15}


def test_three_players_close_up_the_tracks():
    """Absent houses are removed and the rest close up (seed 000 p.4 step 8)."""
    s = new_game(3)
    assert s["tracks"] == {"iron_throne": ["baratheon", "lannister", "stark"],
                           "fiefdoms": ["stark", "baratheon", "lannister"],
                           "kings_court": ["lannister", "stark", "baratheon"]}
    assert s["dominance"]["blade"]["holder"] == "stark"
    assert [x.id for x in GAME.seats({"players": 3})] == ["baratheon", "lannister", "stark"]


def test_starting_supply_matches_the_barrels_controlled():
    """The printed starting supply equals the barrels of the starting areas (seed 000 p.8)."""
    from companion.games.agot import supply

    s = new_game(6)
    assert all(s["supply"][h] == supply.level_from_control(s, h) for h in s["houses"])


def test_victory_starts_from_the_castles_held():
    """The victory track starts at the castle/stronghold areas held: home areas, plus White Harbor
    for Stark (facts: starting positions; seed 000 p.17)."""
    s = new_game(6)
    assert victory.counts(s) == {**dict.fromkeys(s["houses"], 1), "stark": 2}
    assert s["control"]["kingswood"] == "baratheon"


def test_checklist_names_the_overlay_for_four_players():
    """3-4 players use the King's Court overlay (seed 000 p.27-28)."""
    four = dump(GAME.public_view(new_game(4))["checklist"])
    six = dump(GAME.public_view(new_game(6))["checklist"])
    assert "overlay" in four and "overlay" not in six
    assert "Neutral force %(n)s in %(area)s." in four


def test_round_one_skips_westeros():
    """The host starts the game: round 1 goes straight to planning (seed 000 p.6-7)."""
    s = new_game(6)
    act(s, None, {"type": "start"})
    assert s["phase"] == "planning" and s["round"] == 1


def test_checklist_mentions_tides_only_when_chosen():
    """Tides of Battle is an agreed optional module (seed 000 p.28)."""
    assert "Tides of Battle" in dump(GAME.public_view(new_game(6, tides=True))["checklist"])
    assert "Tides of Battle" not in dump(GAME.public_view(new_game(6))["checklist"])


def test_three_player_checklist_has_fourteen_neutral_tokens():
    """14 neutral force tokens for 3 players (seed 000 p.28); ports share their land's token."""
    items = GAME.public_view(new_game(3))["checklist"]
    tokens = [i for i in items if i["msg"].startswith(("Neutral force", "Impassable"))]
    assert len(tokens) == 14
