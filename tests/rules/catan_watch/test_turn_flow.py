"""Setup rounds, the turn state machine, dice, heroes, refusals (seed 004 p.2-8)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.games.base import RuleError
from companion.games.catan_watch import GAME


def test_setup_three_rounds_third_places_guards(table):
    """seed 004 p.6: three setup rounds; rounds 1-2 a settlement and a road, round 3 one guard each
    in seat order. Round 2 goes back in reverse order by default (the table option)."""
    t = table(players=3)
    order = []
    for _ in range(6):
        seat = GAME.waiting_for(t.state)[0]
        order.append(seat)
        t.act(seat, {"type": "setup_place"})
    assert order == ["p1", "p2", "p3", "p3", "p2", "p1"]
    assert t.view["setup"] == {"round": 3, "seat": "p1"}
    t.refuse("p1", {"type": "setup_place"})
    t.refuse("p2", {"type": "guard", "section": "w1"})  # not p2's placement
    for seat, sid in (("p1", "w2"), ("p2", "w2"), ("p3", "w1")):
        t.act(seat, {"type": "guard", "section": sid})
    v = t.view
    assert v["wall"]["w2"] == ["p1", "p2"] and v["wall"]["w1"] == ["p3"]
    assert v["phase"] == "roll" and v["active_player"] == "p1" and v["turn"] == 1
    assert v["vp"] == {"p1": 2, "p2": 2, "p3": 2}
    assert v["breaches"] == 0 and v["frostfangs"] == 36 and v["clans"] == {
        "ice_river": [], "cave_people": [], "hornfoot": []}


def test_setup_same_order_option(table):
    t = table(players=3, setup_order="same")
    order = []
    for _ in range(6):
        seat = GAME.waiting_for(t.state)[0]
        order.append(seat)
        t.act(seat, {"type": "setup_place"})
    assert order == ["p1", "p2", "p3", "p1", "p2", "p3"]


@pytest.mark.parametrize("players,heroes", [
    (4, ["yarwyck", "tarly", "marsh", "mormont"]),
    (3, ["tarly", "marsh", "mormont"]),
])
def test_starting_heroes_by_seat(table, players, heroes):
    """seed 004 p.6: 4 players take A4 Yarwyck, A3 Tarly, A2 Marsh, A1 Mormont; 3 players start at
    Tarly."""
    t = table(players=players)
    assert [t.view["players"][s]["hero"]["id"] for s in t.state["seats"]] == heroes


def test_turn_order_and_refusals(table):
    """seed 004 p.6: roll first, then build; the dice pass to the left. Refusals cite the rule."""
    t = table(dice="physical").finish_setup()
    err = t.refuse("p2", {"type": "roll", "red": 1, "yellow": 2, "d12": 12})
    assert err.status == 403
    err = t.refuse("p1", {"type": "build", "what": "road"})
    assert err.status == 409 and "p.5" in err.rule
    t.refuse("p1", {"type": "end_turn"})
    t.roll(12)
    t.refuse("p1", {"type": "roll", "red": 1, "yellow": 2, "d12": 12})
    t.act("p1", {"type": "build", "what": "road"})
    t.act("p1", {"type": "end_turn"})
    assert t.view["active_player"] == "p2" and t.view["turn"] == 2
    assert GAME.waiting_for(t.state) == ["p2"]
    t.roll(12)
    t.act(None, {"type": "end_turn"}, host=True)  # the host may act for the active player
    assert t.view["active_player"] == "p3"
    err = t.refuse("p3", {"type": "teleport"})
    assert err.rule


def test_piece_limits(table):
    """seed 004 p.3: 5 settlements, 4 keeps, 15 roads per player; a keep replaces a settlement."""
    t = table(dice="physical").finish_setup()
    t.roll(12)
    for _ in range(13):
        t.act("p1", {"type": "build", "what": "road"})
    assert t.refuse("p1", {"type": "build", "what": "road"}).status == 409
    t.state["players"]["p1"].update(settlements=5)
    assert "p.2-4" in t.refuse("p1", {"type": "build", "what": "settlement",
                                    "tokens": [{"wildling": "normal", "clan": "hornfoot"}]}).rule
    t.state["players"]["p1"].update(settlements=0, keeps=2)
    t.refuse("p1", {"type": "build", "what": "keep",
                    "tokens": [{"wildling": "normal", "clan": "hornfoot"}] * 2})


def test_physical_dice_are_validated(table):
    t = table(dice="physical").finish_setup()
    t.refuse("p1", {"type": "roll", "red": 7, "yellow": 1, "d12": 3})
    t.refuse("p1", {"type": "roll", "red": 1, "yellow": 1, "d12": 13})
    t.refuse("p1", {"type": "roll", "red": 1, "yellow": 1})
    t.act("p1", {"type": "roll", "red": "3", "yellow": "4", "d12": "12"})  # form strings
    assert t.view["dice"]["sum"] == 7
    assert "seven" in t.steps()


def test_digital_dice_refuse_typed_results(table):
    t = table().finish_setup()
    t.refuse("p1", {"type": "roll", "red": 6, "yellow": 6, "d12": 1})
    t.act("p1", {"type": "roll"})
    d = t.view["dice"]
    assert 1 <= d["red"] <= 6 and 1 <= d["yellow"] <= 6 and 1 <= d["d12"] <= 12
    assert d["sum"] == d["red"] + d["yellow"]
    assert sum(t.view["histogram"].values()) == 1


def test_balanced_dice_deal_every_outcome_once_per_deck(table):
    """Balanced dice: with no card left undrawn, 36 rolls deal each of the 36 outcomes once."""
    t = table(dice="balanced", balanced_left=0).finish_setup()
    seen = Counter()
    for _ in range(36):
        seat = t.view["active_player"]
        t.act(seat, {"type": "roll"})
        d = t.view["dice"]
        seen[(d["red"], d["yellow"])] += 1
        t.act(seat, {"type": "end_turn"})
    assert len(seen) == 36 and set(seen.values()) == {1}
    assert t.view["histogram"]["7"] == 6 and t.view["histogram"]["2"] == 1
    assert t.view["expected"]["7"] == 6.0


def test_balanced_deck_reshuffles_before_the_end(table):
    t = table(dice="balanced", balanced_left=5).finish_setup()
    for _ in range(31):
        seat = t.view["active_player"]
        t.act(seat, {"type": "roll"})
        t.act(seat, {"type": "end_turn"})
    assert t.view["balanced_left"] == 36


def test_hero_flip_then_swap(table):
    """seed 004 p.8: first use -> flip to side B (usable on a later turn) or swap; after the
    second use the hero must be swapped; not usable on the turn it was taken."""
    t = table(dice="physical").finish_setup()
    t.roll(12)
    t.act("p1", {"type": "hero", "then": "flip"})
    h = t.view["players"]["p1"]["hero"]
    assert h["side"] == "B" and h["used_this_turn"]
    err = t.refuse("p1", {"type": "hero", "then": "swap", "hero": "snow"})
    assert "p.5" in err.rule
    t.act("p1", {"type": "end_turn"})
    t.roll(12)
    t.refuse("p1", {"type": "hero", "then": "flip"})  # side B must be swapped
    t.refuse("p1", {"type": "hero", "then": "swap", "hero": "tarly"})  # held by p2
    t.act("p1", {"type": "hero", "then": "swap", "hero": "snow"})
    h = t.view["players"]["p1"]["hero"]
    assert h["id"] == "snow" and h["side"] == "A" and h["taken_this_turn"]
    t.refuse("p1", {"type": "hero", "then": "flip"})  # not on the turn it was taken
    assert "yarwyck" in [x["id"] for x in t.view["heroes_display"]]
    assert "snow" not in [x["id"] for x in t.view["heroes_display"]]


def test_corrections_are_logged_and_validated(table):
    """Any player can correct the mirror (design: the pieces on the table are the truth)."""
    t = table(dice="physical").finish_setup()
    t.act("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": "giant, normal"})
    assert t.view["clans"]["hornfoot"] == ["giant", "normal"]
    t.refuse("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": ["normal"] * 5})
    t.act("p2", {"type": "correct", "what": "section", "id": "w1", "guards": "p2,p2,p2"})
    assert t.view["players"]["p2"]["guard_tokens"] == 1
    assert t.view["players"]["p2"]["guards_on_wall"] == 4  # with the setup guard on w4
    assert t.view["players"]["p2"]["guards_supply"] == 3
    t.refuse(None, {"type": "correct", "what": "breaches", "value": 1})  # nobody
    t.act(None, {"type": "correct", "what": "hex", "id": "s1h1", "wildlings": ["climber"]}, host=True)
    assert t.view["gift"] == {"s1h1": ["climber"]}
    assert any("corrected" in e["msg"] for e in t.log)


def test_correction_takes_the_words_the_portuguese_screen_shows(table):
    """The host form shows the wildlings by name ("Escalador, Gigante" in Portuguese, the book's words
    p.7) and its help asks for them: saving the form unchanged, or typing them, is understood; an
    unknown word is still refused."""
    t = table(dice="physical").finish_setup()
    t.act("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": "Escalador, gigante, Normal"})
    assert t.view["clans"]["hornfoot"] == ["climber", "giant", "normal"]
    t.act("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": "Climber, Giant"})
    assert t.view["clans"]["hornfoot"] == ["climber", "giant"]
    t.refuse("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": "escaladora"})
    t.refuse("p3", {"type": "correct", "what": "clan", "id": "hornfoot", "wildlings": [3]})


def test_state_and_views_are_json(table):
    t = table(dice="physical").finish_setup()
    t.roll(4)
    for seat in t.state["seats"]:
        json.dumps(GAME.private_view(t.state, seat))
    json.dumps(t.view)


def test_public_view_has_the_required_keys(table):
    """The issue's contract for the public JSON view."""
    t = table().finish_setup()
    keys = {"turn", "active_player", "dice", "clans", "clearings", "wall", "gift", "breaches", "frostfangs",
            "vp", "winner"}
    assert keys <= set(t.view)


def test_unknown_option_refused():
    with pytest.raises(RuleError):
        GAME.normalize_options({"players": "7"})


def test_moves_of_the_turn_stay_listed_after_a_build(table):
    """The screen keeps the wildling moves of the roll while the player builds; the newest
    action's moves are those after ``steps_mark`` (they are the ones animated)."""
    t = table(dice="physical").finish_setup()
    t.set_board(clans={"hornfoot": ["climber"]})
    t.roll(7)
    rolled = len(t.view["steps"])
    assert "block" in t.steps()
    t.act("p1", {"type": "build", "what": "road"})
    v = t.view
    assert len(v["steps"]) == rolled + 1 and "block" in t.steps()
    assert [s["kind"] for s in v["steps"] if s["n"] > v["steps_mark"]] == ["build"]
    t.act("p1", {"type": "end_turn"})
    t.roll(12)
    assert "block" not in t.steps()  # a new roll starts a new list


def test_luck_statistics_per_roller(table):
    """Companion extra users ask for: how many production rolls, 7s and the average sum per player."""
    t = table(dice="physical").finish_setup()
    t.roll(12, red=3, yellow=4)
    t.act("p1", {"type": "end_turn"})
    t.roll(12, red=6, yellow=6)
    t.act("p2", {"type": "end_turn"})
    t.roll(12, red=1, yellow=1)
    assert t.view["luck"]["p1"] == {"rolls": 1, "sevens": 1, "average": 7.0}
    assert t.view["luck"]["p2"] == {"rolls": 1, "sevens": 0, "average": 12.0}
    assert "p4" not in t.view["luck"]
