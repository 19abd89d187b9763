"""The rulebook's own worked examples (seed 004 p.7) and the three wildling types."""

from __future__ import annotations


def physical(table, **kw):
    return table(dice="physical", **kw).finish_setup({"p1": "w1", "p2": "w1", "p3": "w1", "p4": "w1"})


def test_trail_4_into_unguarded_clearing_breaches(table):
    """seed 004 p.7, wildling advance example: Cave People hold 2 wildlings; the wildling die shows
    4; the front wildling walks trail 4 to a clearing whose wall section has no guard: breach."""
    t = physical(table)
    t.set_board(clans={"cave_people": ["normal", "normal"]})
    t.roll(4)
    v = t.view
    assert v["clans"]["cave_people"] == ["normal"]
    assert v["breaches"] == 1
    assert v["clearings"]["c34"] == []
    assert v["gift"] == {"s2h1": ["normal"]}
    assert "breach" in t.steps() and "close_up" not in t.steps()[:2]


def test_trail_5_into_guarded_clearing_stays(table):
    """seed 004 p.7, same example: had the die shown 5, the wildling would reach a clearing
    defended by one guard, and no breach would happen."""
    t = physical(table)
    t.set_board(clans={"cave_people": ["normal", "normal"]}, wall={"w3": ["p2"]})
    t.roll(5)
    v = t.view
    assert v["breaches"] == 0
    assert v["clearings"]["c56"] == ["normal"]
    assert v["clans"]["cave_people"] == ["normal"]
    assert v["wall"]["w3"] == ["p2"]
    assert "stay" in t.steps()


def test_breach_at_clearing_5_6_with_two_guards(table):
    """seed 004 p.7, breach example: 2 normals wait at clearing "5, 6", 2 guards defend it; a 5
    brings a third normal: breach. The space-1 guard goes home, the 3 wildlings block the first 3
    hexes south, the space-2 guard moves to space 1, the marker moves one space."""
    t = physical(table)
    t.set_board(clans={"cave_people": ["normal"]}, clearings={"c56": ["normal", "normal"]},
                wall={"w3": ["p3", "p4"]})
    supply_before = t.state["players"]["p3"]["guards_supply"]
    t.roll(5)
    v = t.view
    assert v["wall"]["w3"] == ["p4"]
    assert t.state["players"]["p3"]["guards_supply"] == supply_before + 1
    assert v["clearings"]["c56"] == []
    assert v["gift"] == {"s3h1": ["normal"], "s3h2": ["normal"], "s3h3": ["normal"]}
    assert v["breaches"] == 1
    kinds = t.steps()
    assert kinds.index("guard_out") < kinds.index("block") < kinds.index("breach_marker")


def test_climber_jumps_without_breach(table):
    """seed 004 p.7: a climber jumps at once and blocks the first hex south not holding a
    wildling; it is not a breach, even against guards."""
    t = physical(table)
    t.set_board(clans={"hornfoot": ["climber", "normal"]}, wall={"w4": ["p1", "p2", "p3"]},
                gift={"s4h1": ["normal"]})
    t.roll(7)
    v = t.view
    assert v["gift"] == {"s4h1": ["normal"], "s4h2": ["climber"]}
    assert v["breaches"] == 0
    assert v["wall"]["w4"] == ["p1", "p2", "p3"]
    assert v["clearings"]["c78"] == []
    assert v["clans"]["hornfoot"] == ["normal"]


def test_giant_against_guards_takes_space_1(table):
    """seed 004 p.7: a giant removes itself and the space-1 guard (back to its owner), returns to
    the Frostfangs; the remaining guards move down one space."""
    t = physical(table)
    t.set_board(clans={"ice_river": ["giant"]}, wall={"w1": ["p1", "p2", "p3"]})
    giants = t.state["frostfangs"]["giant"]
    t.roll(1)
    v = t.view
    assert v["wall"]["w1"] == ["p2", "p3"]
    assert v["frostfangs_by_type"]["giant"] == giants + 1
    assert v["clearings"]["c12"] == []
    assert v["breaches"] == 0
    assert v["gift"] == {}


def test_giant_without_guards_breaches(table):
    """seed 004 p.7: a giant reaching a clearing whose section has no guard breaches the Wall,
    taking the wildlings waiting there across with it."""
    t = physical(table)
    t.set_board(clans={"ice_river": ["giant"]}, clearings={"c34": ["normal"]}, wall={"w2": []})
    t.roll(3)
    v = t.view
    assert v["breaches"] == 1
    assert v["gift"] == {"s2h1": ["normal"], "s2h2": ["giant"]}
    assert v["clearings"]["c34"] == []


def test_normal_waits_while_not_outnumbering(table):
    """seed 004 p.7: a normal wildling stays while the wildlings there are not more than the guards."""
    t = physical(table)
    t.set_board(clans={"ice_river": ["normal"]}, clearings={"c12": ["normal"]}, wall={"w1": ["p1", "p2"]})
    t.roll(2)
    assert t.view["clearings"]["c12"] == ["normal", "normal"]
    assert t.view["breaches"] == 0


def test_front_wildling_advances_and_others_move_up(table):
    """seed 004 p.7: the wildling in the camp nearest the trails advances; the others move up."""
    t = physical(table)
    t.set_board(clans={"hornfoot": ["giant", "climber", "normal"]}, wall={"w3": ["p1"]})
    t.roll(6)
    assert t.view["clans"]["hornfoot"] == ["climber", "normal"]
    assert "close_up" in t.steps()


def test_empty_clan_or_unnumbered_trail_does_nothing(table):
    """seed 004 p.7: no wildling in the trail's clan area (or no such trail): nothing happens."""
    t = physical(table)
    before = {k: t.view[k] for k in ("clans", "clearings", "gift", "wall", "breaches")}
    t.roll(4)
    assert {k: t.view[k] for k in before} == before
    t.act("p1", {"type": "end_turn"})
    t.roll(11)
    assert {k: t.view[k] for k in before} == before
    assert t.steps()[-1] == "quiet"
