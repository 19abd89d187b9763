"""Scoring (seed 001 p.15-16; seed 002 p.15-16) with the rulebook's worked examples."""

from __future__ import annotations

from immortals_helpers import midgame

from companion.games.immortals import scoring


def test_anderson_five_regions_two_vp():
    """p.15 example: Anderson occupied 5 regions this round and scores 2 VP (1 per two regions)."""
    t = midgame()
    for rid in ("1-1", "2-1", "3-1", "4-1"):
        t.put("p1", "light", rid, 2)
    t.put("p1", "dark", "5-1", 1)
    b = scoring.breakdown(t.state, "p1")
    assert b["regions"] == 5 and b["region_vp"] == 2 and b["total"] == 2


def test_alexandre_two_temples():
    """p.15 example: Alexandre occupies 2 regions with a temple: 2 VP for the temples."""
    t = midgame()
    t.put("p2", "light", "1-1", 1)
    t.put("p2", "dark", "2-2", 1)
    t.cell("light", "1-1")["building"] = "temple"
    t.cell("dark", "2-2")["building"] = "temple"
    t.cell("light", "3-3")["building"] = "temple"  # not occupied by him: no point
    b = scoring.breakdown(t.state, "p2")
    assert b["temple_vp"] == 2 and b["region_vp"] == 1 and b["total"] == 3


def test_alexandre_capital():
    """p.15 example: a region with a capital scores its occupant 1 VP."""
    t = midgame()
    t.put("p2", "dark", "4-4", 3)
    t.cell("dark", "4-4")["building"] = "capital"
    b = scoring.breakdown(t.state, "p2")
    assert b["capital_vp"] == 1 and b["total"] == 1


def test_carla_three_regions_in_an_area():
    """p.16 example: Carla occupies 3 regions of one area: 2 VP (plus 1 for the regions)."""
    t = midgame()
    for slot in (1, 2, 3):
        t.put("p3", "light", f"2-{slot}", 1)
    b = scoring.breakdown(t.state, "p3")
    assert b["area_vp"] == 2 and b["total"] == 3


def test_marina_whole_area():
    """p.16 example: Marina occupies all regions of an area: 3 VP (plus 2 for five regions)."""
    t = midgame()
    for slot in range(1, 6):
        t.put("p2", "dark", f"5-{slot}", 1)
    b = scoring.breakdown(t.state, "p2")
    assert b["area_vp"] == 3 and b["total"] == 5


def test_areas_are_counted_per_realm():
    """Each realm has its own 5 areas (p.2): 2 light + 2 dark regions of area 1 are no 3-4 area."""
    t = midgame()
    for realm in ("light", "dark"):
        t.put("p1", realm, "1-1", 1)
        t.put("p1", realm, "1-2", 1)
    assert scoring.breakdown(t.state, "p1")["area_vp"] == 0


def test_scoring_order_starts_left_of_first():
    """p.15: scoring begins with the player left of the first player, clockwise."""
    assert scoring.scoring_order(["p1", "p2", "p3", "p4"], "p2") == ["p3", "p4", "p1", "p2"]


def test_plus_sixty_marker():
    """p.16: past space 60 the marker restarts at 1 and the player takes the +60 marker."""
    assert scoring.track(60) == {"space": 60, "plus60": False}
    assert scoring.track(61) == {"space": 1, "plus60": True}
    assert scoring.track(75) == {"space": 15, "plus60": True}


def test_ties_by_armies_then_shared():
    """p.16: ties go to the most armies on the board; if still tied, the victory is shared."""
    t = midgame()
    for s in ("p1", "p2", "p3"):
        t.player(s)["vp"] = 30
    t.player("p3")["vp"] = 29
    t.put("p1", "light", "1-1", 4)
    t.put("p2", "light", "1-2", 5)
    r = scoring.ranking(t.state)
    assert r["winners"] == ["p2"] and r["by_armies"] and not r["shared"]
    t.put("p1", "light", "1-1", 5)
    r = scoring.ranking(t.state)
    assert r["winners"] == ["p1", "p2"] and r["shared"]
