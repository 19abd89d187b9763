"""The initial round (seed 001/002 p.6-7): start regions, the draft, region cards and the tower feed."""

from __future__ import annotations

import random

import pytest
from immortals_helpers import Table

from companion import sealed
from companion.games.base import Actor, Ctx, RuleError
from companion.games.immortals import GAME, draft

MOUNTAINHOMES = "4-2"


def drafting(players: int = 3, seed: int = 1, **options) -> Table:
    """A table in the draft's pick stage with known hands (set directly, the deal is random)."""
    t = Table(players, seed=seed, **options)
    light = ["elves", "humans", "dwarves", "amazons", "halflings"]
    dark = ["demons", "orcs", "necromancers", "night_elves", "trolls"]
    for i, seat in enumerate(t.state["seats"]):
        prof = t.state["profile"]["tribes"]
        prof[light[i]].update(gold=3, energy=4, groups=[10, 4], start=f"{i + 1}-1")
        prof[dark[i]].update(gold=4, energy=5, groups=[2])
        t.act(seat, {"type": "choose_tribes", "light": light[i], "dark": dark[i]})
    t.host({"type": "start_game"})
    return t


def test_start_region_group_and_dark_twin():
    """p.6: each player puts a group on its light start region, takes that region card, and puts 2
    armies on the same region in the dark realm."""
    t = drafting()
    t.act("p1", {"type": "draft_start", "group": 4})
    assert t.cell("light", "1-1") == {"seat": "p1", "armies": 4, "building": None, "portal": False}
    assert t.cell("dark", "1-1")["armies"] == 2 and t.state["region_cards"]["1-1"] == "p1"
    assert t.player("p1")["groups"] == [10, 2]
    with pytest.raises(RuleError):
        t.act("p1", {"type": "draft_start", "group": 10})
    with pytest.raises(RuleError) as err:
        t.act("p2", {"type": "draft_start", "group": 7})
    assert err.value.rule == "seed 001 p.6; seed 002 p.6"


def test_deal_alternates_dark_and_light():
    """p.6: the first player takes 5 dark cards, the next 5 light, and so on."""
    t = drafting()
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 4})
    first = t.state["first"]
    seats = t.state["seats"]
    order = seats[seats.index(first):] + seats[:seats.index(first)]
    hands = t.state["draft"]["hands"]
    assert [hands[s]["realm"] for s in order] == ["dark", "light", "dark"]
    for s in order:
        assert len(hands[s]["cards"]) == 5
        assert all(c.split(":")[1] == hands[s]["realm"] for c in hands[s]["cards"])
    assert GAME.waiting_for(t.state) == seats


def _to_pick(t: Table) -> None:
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 4})


def test_anderson_mountainhomes_then_marina_keeps_the_conflict_card():
    """p.6-7 examples: Anderson picks Mountainhomes (dark), places his group of 10 there and takes
    the region card; Marina picks Mountainhomes (light), places a group there, but the region card
    is Anderson's, so she keeps the conflict card instead."""
    t = drafting()
    _to_pick(t)
    seats = t.state["seats"]
    t.state["first"] = seats[0]
    anderson, marina, third = seats
    hands = t.state["draft"]["hands"]
    hands[anderson]["cards"][0] = f"c:dark:{MOUNTAINHOMES}"
    hands[marina]["cards"][0] = f"c:light:{MOUNTAINHOMES}"
    hands[third]["cards"][0] = "c:light:5-5"
    for seat in seats:
        t.act(seat, {"type": "answer", "prompt": "draft-1", "value": hands[seat]["cards"][0]})
    assert t.state["draft"]["placer"] == anderson
    t.act(anderson, {"type": "draft_place", "group": 10})
    assert t.cell("dark", MOUNTAINHOMES)["armies"] == 10
    assert t.state["region_cards"][MOUNTAINHOMES] == anderson
    assert f"c:dark:{MOUNTAINHOMES}" not in t.player(anderson)["conflict"]  # discarded
    t.act(marina, {"type": "draft_place", "group": 10})
    assert t.cell("light", MOUNTAINHOMES)["seat"] == marina
    assert t.state["region_cards"][MOUNTAINHOMES] == anderson
    assert f"c:light:{MOUNTAINHOMES}" in t.player(marina)["conflict"]


def test_occupied_region_keeps_the_card_without_placing():
    """p.7: when every region of the picked card is occupied, the player keeps it and places nothing."""
    t = drafting()
    _to_pick(t)
    seats = t.state["seats"]
    t.state["first"] = seats[0]
    hands = t.state["draft"]["hands"]
    hands[seats[0]]["cards"][0] = "c:light:3-3"
    hands[seats[1]]["cards"][0] = "c:light:3-*"
    hands[seats[2]]["cards"][0] = "c:dark:5-5"
    for n in (1, 2, 4, 5):
        t.put(seats[2], "light", f"3-{n}", 1)
    for seat in seats:
        t.act(seat, {"type": "answer", "prompt": "draft-1", "value": hands[seat]["cards"][0]})
    t.act(seats[0], {"type": "draft_place", "group": 4 if 4 in t.player(seats[0])["groups"] else 10})
    # the wildcard's area is now full: seats[1] keeps it; seats[2] places next
    assert "c:light:3-*" in t.player(seats[1])["conflict"]
    assert t.state["draft"]["placer"] == seats[2]


def test_wildcard_places_in_a_free_region_of_its_area():
    """p.6: a wildcard allows any unoccupied region of that area in the realm shown."""
    t = drafting()
    _to_pick(t)
    seats = t.state["seats"]
    t.state["first"] = seats[0]
    hands = t.state["draft"]["hands"]
    hands[seats[0]]["cards"][0] = "c:dark:2-*"
    t.put(seats[1], "dark", "2-3", 1)
    for seat in seats:
        t.act(seat, {"type": "answer", "prompt": "draft-1", "value": hands[seat]["cards"][0]})
    with pytest.raises(RuleError):
        t.act(seats[0], {"type": "draft_place", "group": 10, "wild_as": "2-3"})
    with pytest.raises(RuleError):
        t.act(seats[0], {"type": "draft_place", "group": 10, "wild_as": "3-1"})
    t.act(seats[0], {"type": "draft_place", "group": 10, "wild_as": "2-4"})
    assert t.cell("dark", "2-4")["armies"] == 10


def test_hands_pass_left_and_first_marker_moves():
    """p.7: the 4 remaining cards pass to the left neighbour, the first player marker too, and each
    hand is refilled with a card of its realm."""
    t = drafting()
    _to_pick(t)
    seats = t.state["seats"]
    before = {s: list(t.state["draft"]["hands"][s]["cards"]) for s in seats}
    first = t.state["first"]
    picks = {s: before[s][0] for s in seats}
    for seat in seats:
        t.act(seat, {"type": "answer", "prompt": "draft-1", "value": picks[seat]})
    while t.state["draft"]["stage"] == "place":
        placer = t.state["draft"]["placer"]
        area = picks[placer].split(":")[2][0]
        realm = picks[placer].split(":")[1]
        free = next(f"{area}-{n}" for n in range(1, 6) if not t.state["board"][f"{realm}:{area}-{n}"]["seat"])
        t.act(placer, {"type": "draft_place", "group": 10, "wild_as": free})
    assert t.state["draft"]["stage"] == "pick"  # everyone still has its group of 2
    n = len(seats)
    for i, s in enumerate(seats):
        left = seats[(i + 1) % n]
        hand = t.state["draft"]["hands"][left]
        assert set(before[s][1:]) <= set(hand["cards"]) and len(hand["cards"]) == 5
        assert all(c.split(":")[1] == hand["realm"] for c in hand["cards"])
    assert t.state["first"] == seats[(seats.index(first) + 1) % len(seats)]
    assert sealed.is_open(t.state["prompts"]["draft-2"])


def test_gold_energy_limbos_after_the_draft():
    """p.7 example: Anderson takes 9 energy and 7 gold in all (the sum printed on his two boards);
    everyone puts 3 armies in each limbo; the other conflict cards form one deck."""
    t = drafting()
    _to_pick(t)
    for s in t.state["seats"]:
        t.player(s)["groups"] = []
    for seat in t.state["seats"]:
        t.act(seat, {"type": "answer", "prompt": "draft-1",
                     "value": t.state["draft"]["hands"][seat]["cards"][0]})
    assert t.state["draft"]["stage"] == "feed"
    for s in t.state["seats"]:
        p = t.player(s)
        assert (p["energy"], p["gold"]) == (9, 7) and p["limbo"] == {"light": 3, "dark": 3}
    held = sum(len(t.player(s)["conflict"]) for s in t.state["seats"])
    assert len(t.state["deck"]) == 60 - held


def test_tower_feed_five_players_digital():
    """p.7 example: with 5 players the tower is fed 7 cubes of each player and 10 inhabitants; only 2
    inhabitants stay in the tray. The digital tower keeps the rest inside, conserving every cube."""
    t = Table(5, seed=4, digital_tower=True)
    t.state["draft"] = None
    draft.begin(t.state)
    for s in t.state["seats"]:
        p = t.player(s)
        p["tribes"] = {"light": "elves", "dark": "demons"}
    t.state["profile"]["tribes"]["elves"].update(gold=3, energy=4)
    t.state["profile"]["tribes"]["demons"].update(gold=4, energy=5)
    ctx = Ctx(actor=Actor(host=True), rng=random.Random(3))
    draft._finish(t.state, ctx)
    fell = t.state["draft"]["fell"]
    inside = t.state["tower"]
    assert t.state["tray"].get("inhabitants", 0) <= 2
    for s in t.state["seats"]:
        assert fell[s] + inside.get(s, 0) == 7
    with pytest.raises(RuleError):
        t.act("p1", {"type": "feed", "light": fell["p1"] + 1})
    t.act("p1", {"type": "feed", "light": 0})
    assert t.player("p1")["limbo"] == {"light": 3, "dark": 3 + fell["p1"]}


def test_draft_ends_when_the_decks_run_dry_instead_of_waiting_on_empty_hands():
    """Five players with eight groups per tribe empty the 30-card realm decks before placing every
    group; seats with empty hands are not asked, and the placement ends when no hand holds a card
    (the rulebook is silent, seed 001/002 p.6-7: a companion rule)."""
    t = Table(5)
    light = ["elves", "humans", "dwarves", "amazons", "halflings"]
    dark = ["demons", "orcs", "necromancers", "night_elves", "trolls"]
    for i, seat in enumerate(t.state["seats"]):
        t.act(seat, {"type": "choose_tribes", "light": light[i], "dark": dark[i], "light_gold": 1,
                     "light_energy": 1, "dark_gold": 1, "dark_energy": 1, "light_groups": "1,1,1,1,1,1,1,1",
                     "dark_groups": "1,1,1,1,1,1,1,1", "start": f"{i + 1}-1"})
    t.host({"type": "start_game"})
    places = [f"{a}-{b}" for a in range(1, 6) for b in range(1, 6)]
    for _ in range(3000):
        if t.state["phase"] != "draft" or t.state["draft"]["stage"] == "feed":
            break
        waiting = GAME.waiting_for(t.state)
        assert waiting, "the draft waits on nobody"
        seat, d = waiting[0], t.state["draft"]
        if d["stage"] == "start":
            t.act(seat, {"type": "draft_start", "group": 1})
        elif d["stage"] == "pick":
            hand = d["hands"][seat]["cards"]
            assert hand, f"{seat} is asked to pick from an empty hand"
            t.act(seat, {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[0]})
        else:
            for where in places:
                try:
                    t.act(seat, {"type": "draft_place", "group": 1, "wild_as": where})
                    break
                except RuleError:
                    continue
    assert t.state["draft"]["stage"] == "feed"
