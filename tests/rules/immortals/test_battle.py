"""The battle adjudicator against the worked examples of "Batalha em detalhe" (seed 001/002 p.13-14)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from companion.games.immortals.battle import (
    INH,
    adjudicate,
    inhabitants_side,
    prepare_tray,
    relation,
    tower_drop,
)


def test_card_decides_the_inhabitants_side():
    """p.10: the card shows the attacked region -> for the attacker; the attacking region ->
    neutral; any other region -> for the defender, or for themselves when unoccupied. (Example:
    Carla attacks Heartwood from Forge Fire.)"""
    heartwood, forge_fire, other = "dark:1-1", "dark:1-2", "dark:3-3"
    assert inhabitants_side(heartwood, forge_fire, heartwood, defended=True) == "attacker"
    assert inhabitants_side(forge_fire, forge_fire, heartwood, defended=True) == "neutral"
    assert inhabitants_side(other, forge_fire, heartwood, defended=True) == "defender"
    assert inhabitants_side(other, forge_fire, heartwood, defended=False) == "self"
    assert relation(heartwood, forge_fire, heartwood) == "attacked"
    assert relation(other, forge_fire, heartwood) == "other"


def test_tray_preparation():
    """p.13: no inhabitant in the tray -> add one from the supply; more than three -> return one."""
    assert prepare_tray({}) == ({INH: 1}, 1)
    assert prepare_tray({"p1": 2}) == ({"p1": 2, INH: 1}, 1)
    assert prepare_tray({INH: 4, "p2": 1}) == ({INH: 3, "p2": 1}, -1)
    assert prepare_tray({INH: 3}) == ({INH: 3}, 0)
    assert prepare_tray({INH: 1}) == ({INH: 1}, 0)


def test_example_alexandre_unoccupied_against_inhabitants():
    """p.13-14 example: Alexandre attacks an unoccupied region with a card showing neither region, so
    the inhabitants fight him; 3 of his cubes and 2 inhabitants fell (3 to 2). Two of his armies go
    to his limbo, the two inhabitants to the supply, the rest into Foothold, and he takes its card."""
    res = adjudicate({"alexandre": 3, INH: 2}, "alexandre", None, "self")
    assert res["scores"] == {"attacker": 3, "defender": 2}
    assert res["winner"] == "attacker"
    assert res["to_limbo"] == {"alexandre": 2}
    assert res["to_supply"] == 2
    assert res["into_region"] == {"seat": "alexandre", "armies": 1}
    assert res["card"] == "attacker"
    assert res["tray_after"] == {}


def test_example_marina_two_players_inhabitant_for_winner():
    """p.14 examples: Marina attacks White Falls with a card showing it; the one inhabitant fights for
    her: 5 against Alexandre's 3. Alexandre's 3 go to his limbo; Marina loses 3: the inhabitant and 2
    of her armies; her 2 remaining armies move into White Falls and she takes its card."""
    res = adjudicate({"marina": 4, "alexandre": 3, INH: 1}, "marina", "alexandre", "attacker", "example")
    assert res["scores"] == {"attacker": 5, "defender": 3}
    assert res["winner"] == "attacker"
    assert res["to_limbo"] == {"alexandre": 3, "marina": 2}
    assert res["to_supply"] == 1
    assert res["into_region"] == {"seat": "marina", "armies": 2}
    assert res["card"] == "attacker"


def test_both_readings_are_shown_with_citations():
    """facts/immortals.md: version A says the inhabitants leave with the loser's armies (the winner
    then loses 3 of its own, 1 moves in); version B and the example count them in the winner's loss.
    The result carries both readings, each with its citation."""
    res = adjudicate({"marina": 4, "alexandre": 3, INH: 1}, "marina", "alexandre", "attacker", "version_a")
    assert res["into_region"] == {"seat": "marina", "armies": 1}
    assert res["to_limbo"] == {"alexandre": 3, "marina": 3}
    readings = {r["reading"]: r for r in res["readings"]}
    assert readings["example"]["into"] == 2 and "seed 002 p.14" in readings["example"]["rule"]
    assert readings["version_a"]["into"] == 1 and readings["version_a"]["rule"] == "seed 001 p.14"


def test_readings_not_shown_when_they_agree():
    res = adjudicate({"a": 4, "d": 2, INH: 2}, "a", "d", "neutral")
    assert res["readings"] == []
    assert res["tray_after"] == {INH: 2}  # neutral inhabitants stay for the next battle (p.14)
    assert res["into_region"] == {"seat": "a", "armies": 2}
    assert res["to_limbo"] == {"d": 2, "a": 2}


def test_defender_wins_with_inhabitants():
    """p.14: the defender with the inhabitants wins; the attacker's cubes go to limbo, the defender
    loses as many, inhabitants first; the rest return to the region; the defender keeps the card."""
    res = adjudicate({"a": 3, "d": 2, INH: 2, "bystander": 1}, "a", "d", "defender")
    assert res["winner"] == "defender"
    assert res["scores"] == {"attacker": 3, "defender": 4}
    assert res["to_limbo"] == {"a": 3, "d": 1}
    assert res["into_region"] == {"seat": "d", "armies": 1}
    assert res["card"] == "keep"
    assert res["tray_after"] == {"bystander": 1}  # uninvolved players' cubes stay (p.14)


def test_tie_sends_everyone_to_limbo():
    """p.14: in a tie all cubes of both parties go to their limbos; the card goes back to the deck
    when one of them held it."""
    res = adjudicate({"a": 2, "d": 2, INH: 1}, "a", "d", "neutral")
    assert res["winner"] == "tie"
    assert res["to_limbo"] == {"a": 2, "d": 2}
    assert res["into_region"] == {"seat": None, "armies": 0}
    assert res["card"] == "deck_if_involved"
    assert res["tray_after"] == {INH: 1}


def test_unoccupied_with_friendly_inhabitants():
    """p.13: inhabitants for the attacker or neutral: one attacking cube in the tray wins; all move in;
    inhabitants and other players' cubes stay in the tray."""
    res = adjudicate({"a": 2, INH: 3, "b": 1}, "a", None, "attacker")
    assert res["winner"] == "attacker" and res["into_region"] == {"seat": "a", "armies": 2}
    assert res["tray_after"] == {INH: 3, "b": 1} and res["to_limbo"] == {}
    lost = adjudicate({INH: 1}, "a", None, "neutral")
    assert not lost["attacker_won"] and lost["card"] == "keep" and lost["winner"] == "nobody"


def test_unoccupied_inhabitants_hold():
    res = adjudicate({"a": 1, INH: 2}, "a", None, "self")
    assert res["winner"] == "inhabitants"
    assert res["to_limbo"] == {"a": 1} and res["to_supply"] == 1
    assert res["tray_after"] == {INH: 1}


cubes = st.dictionaries(st.sampled_from(["a", "d", "b", INH]), st.integers(0, 12), max_size=4)


@given(cubes, st.sampled_from(["attacker", "neutral", "defender"]), st.sampled_from(["example", "version_a"]))
def test_two_player_battle_conserves_cubes(tray, side, reading):
    """Every cube in the tray ends in exactly one place: a limbo, the supply, the region or the tray."""
    res = adjudicate(tray, "a", "d", side, reading)
    total = sum(tray.values())
    placed = (sum(res["to_limbo"].values()) + res["to_supply"] + res["into_region"]["armies"]
              + sum(res["tray_after"].values()))
    assert placed == total
    assert INH not in res["to_limbo"]


@given(cubes, st.sampled_from(["attacker", "neutral", "self"]))
def test_unoccupied_battle_conserves_cubes(tray, side):
    res = adjudicate(tray, "a", None, side)
    placed = (sum(res["to_limbo"].values()) + res["to_supply"] + res["into_region"]["armies"]
              + sum(res["tray_after"].values()))
    assert placed == sum(tray.values())


@given(st.integers(0, 10**6), cubes, cubes)
def test_tower_model_conserves_cubes(seed, inside, dropped):
    tray, after = tower_drop(random.Random(seed), inside, dropped)
    for key in set(inside) | set(dropped):
        assert tray.get(key, 0) + after.get(key, 0) == inside.get(key, 0) + dropped.get(key, 0)


def test_tower_model_rates():
    """facts: dropped cubes come out with 2/3, stuck ones with 1/3 (checked on many drops)."""
    rng = random.Random(1)
    out_dropped = sum(tower_drop(rng, {}, {"a": 30})[0].get("a", 0) for _ in range(200))
    out_stuck = sum(tower_drop(rng, {"a": 30}, {})[0].get("a", 0) for _ in range(200))
    assert abs(out_dropped / 6000 - 2 / 3) < 0.03
    assert abs(out_stuck / 6000 - 1 / 3) < 0.03
