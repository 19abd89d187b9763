"""The Westeros phase: round marker, drawing, wildling icons, card effects in deck order (seed 000 p.7)."""

from __future__ import annotations

import pytest
from agot_kit import act, ctx, new_game

from companion.games.agot import GAME, flow, names, phases, westeros
from companion.games.base import RuleError


def after_round_one(players: int = 3, **options):
    s = new_game(players, **options)
    act(s, None, {"type": "start"})
    s["phase"] = "action"
    s.pop("planning", None)
    phases.end_action_phase(s, ctx(host=True))
    return s


def test_decks_hold_ten_cards_each():
    assert all(len(westeros.full_deck(d)) == 10 for d in westeros.DECKS)


def test_round_two_draws_three_cards_and_moves_the_threat():
    """Round marker to 2; one card per deck; each icon moves the threat one space (seed 000 p.7)."""
    s = after_round_one()
    assert s["round"] == 2 and s["phase"] in ("westeros", "planning")
    drawn = s["westeros"]["history"][-1]["cards"]
    assert set(drawn) == {"I", "II", "III"}
    icons = sum(westeros.cards()[c]["wildling"] for c in drawn.values())
    assert s["wildling_threat"] == min(12, 2 + 2 * icons) or s["last_attack"] is not None


def test_winter_is_coming_reshuffles_and_draws_again():
    """Winter is Coming: reshuffle that deck and draw again (facts: Westeros decks)."""
    s = new_game(3, decks="physical")
    act(s, None, {"type": "start"})
    s["phase"] = "action"
    s.pop("planning", None)
    phases.end_action_phase(s, ctx(host=True))
    assert s["step"] == "draw" and GAME.public_view(s)["current"]["next_deck"] == "I"
    act(s, None, {"type": "draw_card", "card": "supply"})
    act(s, None, {"type": "draw_card", "card": "winter-is-coming-ii"})
    assert GAME.public_view(s)["current"]["next_deck"] == "II"
    assert len(s["westeros"]["decks"]["II"]["remaining"]) == 10
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "draw_card", "card": "clash-of-kings"})
    with pytest.raises(RuleError):  # a deck III card is not in deck II
        act(s, None, {"type": "draw_card", "card": "web-of-lies"})
    act(s, None, {"type": "draw_card", "card": "last-days-of-summer-ii"})
    act(s, None, {"type": "draw_card", "card": "web-of-lies"})
    assert s["wildling_threat"] == 6  # two icons
    # Supply resolves first (deck I); all armies fit, so it goes on; Web of Lies bans Support.
    assert s["restrictions"] == ["no-support"]
    assert s["phase"] == "planning"


def test_physical_deck_refuses_a_card_already_drawn():
    s = new_game(3, decks="physical")
    s["westeros"]["decks"]["I"]["remaining"] = [c for c in s["westeros"]["decks"]["I"]["remaining"]
                                                if c != "last-days-of-summer-i"]
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "draw"}], None
    flow.advance(s, ctx(host=True))
    with pytest.raises(RuleError):
        act(s, None, {"type": "draw_card", "card": "last-days-of-summer-i"})


def test_throne_of_blades_holder_chooses():
    """A Throne of Blades: the Iron Throne holder picks Supply, Mustering or nothing (facts)."""
    s = new_game(3, decks="physical")
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "draw"}], None
    flow.advance(s, ctx(host=True))
    for card in ("a-throne-of-blades", "game-of-thrones", "put-to-the-sword"):
        act(s, None, {"type": "draw_card", "card": card})
    assert s["step"] == "choice" and GAME.waiting_for(s) == ["baratheon"]
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "choose", "value": "nothing"})
    assert err.value.status == 403
    act(s, "baratheon", {"type": "choose", "value": "nothing"})
    # Game of Thrones: crowns (and ports with a ship) give power.
    assert s["power"]["baratheon"]["available"] == 5 + 2  # Dragonstone + Kingswood crowns
    assert s["power"]["stark"]["available"] == 5 + 1  # Winterfell
    # Put to the Sword: the Blade holder (Stark with 3 players) picks a restriction.
    assert GAME.waiting_for(s) == ["stark"]
    act(s, "stark", {"type": "choose", "value": "no-defense"})
    assert s["restrictions"] == ["no-defense"] and s["phase"] == "planning"


def test_game_of_thrones_counts_ports():
    """A friendly port with a ship and no enemy ship in its sea gives 1 power (seed 000 p.25)."""
    from companion.games.agot import areas

    s = new_game(6)
    assert areas.ports_with_income(s, "greyjoy") == ["port-of-pyke"]
    areas.set_units(s, "ironmans-bay", "lannister", {"ship": 1})
    assert areas.ports_with_income(s, "greyjoy") == []


def test_game_ends_after_round_ten():
    """After the action phase of round 10 the game ends (seed 000 p.7, p.16-17)."""
    s = new_game(3)
    act(s, None, {"type": "start"})
    s["round"] = 10
    s["phase"] = "action"
    s.pop("planning", None)
    phases.end_action_phase(s, ctx(host=True))
    assert s["phase"] == "ended" and s["winner"] == "stark"  # 2 castles vs 1
    with pytest.raises(RuleError):
        act(s, None, {"type": "start"})


def test_host_can_play_a_round_on_the_board():
    """Escape hatch: the host skips the phone planning; open order prompts close unseen; the next
    round's Westeros phase starts (seed 000 p.6)."""
    s = new_game(3)
    act(s, None, {"type": "start"})
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "round_done_on_board"})
    act(s, None, {"type": "round_done_on_board"})
    assert s["round"] == 2 and s["phase"] in ("westeros", "planning")
    assert all(not p["answers"] for p in s["prompts"].values() if p["kind"] == "orders")


def test_game_of_thrones_waits_for_port_confirmation():
    """Greyjoy's ship in Port of Pyke: Greyjoy confirms the port condition on its phone, then every
    house gains crowns + ports (seed 000 p.25)."""
    s = new_game(6)
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "game_of_thrones"}], None
    flow.advance(s, ctx(host=True))
    assert GAME.waiting_for(s) == ["greyjoy"]
    assert GAME.private_view(s, "greyjoy")["todo"] == "confirm_ports"
    assert s["power"]["stark"]["available"] == 5  # nobody gains before the confirmation
    with pytest.raises(RuleError):
        act(s, "greyjoy", {"type": "confirm_ports", "ports": ["port-of-winterfell"]})
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "confirm_ports", "ports": []})
    act(s, "greyjoy", {"type": "confirm_ports", "ports": ["port-of-pyke"]})
    assert s["power"]["greyjoy"]["available"] == 5 + 1 + 1  # Pyke's crown + the port
    assert s["power"]["stark"]["available"] == 5 + 1
    assert s["phase"] == "planning"


def test_a_port_the_player_denies_gives_nothing():
    s = new_game(6)
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "game_of_thrones"}], None
    flow.advance(s, ctx(host=True))
    act(s, "greyjoy", {"type": "confirm_ports", "ports": []})
    assert s["power"]["greyjoy"]["available"] == 5 + 1


def test_replay_with_the_same_seeds_gives_the_same_game():
    """The event log is the truth: replaying the actions with their stored seeds rebuilds the very
    same state (design: replay), including digitally drawn cards."""
    import json

    def play():
        s = new_game(4)
        act(s, None, {"type": "start"}, seed=11)
        act(s, None, {"type": "round_done_on_board"}, seed=12)
        return json.dumps(s, sort_keys=True)

    assert play() == play()


def test_physical_deck_iii_record_follows_the_table():
    """Deck III has no Winter is Coming: when the record says only Wildlings Attack cards are left
    but the table turns over Web of Lies, the host enters it as a correction (logged) instead of a
    dummy wildling attack, and play goes on (design: the board is the truth; seed 000 p.7)."""
    s = new_game(3, decks="physical")
    pile = s["westeros"]["decks"]["III"]
    pile["used"] = [c for c in westeros.full_deck("III") if c != "wildlings-attack"]
    pile["remaining"] = ["wildlings-attack"] * 3
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 9, [{"kind": "draw"}], None
    flow.advance(s, ctx(host=True))
    act(s, None, {"type": "draw_card", "card": "supply"})
    act(s, None, {"type": "draw_card", "card": "clash-of-kings"})
    assert "web-of-lies" in GAME.public_view(s)["deck_all"]["III"]
    with pytest.raises(RuleError):  # a plain entry is still checked against the record
        act(s, None, {"type": "draw_card", "card": "web-of-lies"})
    act(s, None, {"type": "draw_card", "card": "web-of-lies", "correct": "1"})
    assert s["westeros"]["drawn"]["III"] == "web-of-lies"
    assert pile["remaining"] == ["wildlings-attack"] * 3 and pile["used"].count("web-of-lies") == 1
    assert s["last_attack"] is None


def test_a_blockaded_port_claimed_at_game_of_thrones_is_refused():
    """Greyjoy's ship in Port of Pyke, a Lannister ship in Ironman's Bay: the port counts only while
    no enemy ship is in its sea (seed 000 p.25), so the claim is refused with that reason and nothing
    changes; claiming no port then gives Pyke's crown alone."""
    from companion.games.agot import areas

    s = new_game(6)
    areas.set_units(s, "ironmans-bay", "lannister", {"ship": 1})
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "game_of_thrones"}], None
    flow.advance(s, ctx(host=True))
    assert GAME.private_view(s, "greyjoy")["todo"] == "confirm_ports"
    assert GAME.public_view(s)["current"]["blockaded"]["greyjoy"] == {"port-of-pyke": "ironmans-bay"}
    with pytest.raises(RuleError) as refused:
        act(s, "greyjoy", {"type": "confirm_ports", "ports": ["port-of-pyke"]})
    assert refused.value.rule == "seed 000 p.25" and "enemy ship" in str(refused.value)
    assert refused.value.params["sea"] == names.label(names.AREAS["ironmans-bay"])
    assert s["power"]["greyjoy"]["available"] == 5 and GAME.waiting_for(s) == ["greyjoy"]
    act(s, "greyjoy", {"type": "confirm_ports", "ports": []})
    assert s["power"]["greyjoy"]["available"] == 5 + 1  # the crown of Pyke, no port
