"""Round scoring, immediate building points, the 60+ marker and the final ranking.

Areas are counted per realm: each realm has its own 5 areas (seed 001 p.2; the wildcard conflict
cards exist "for each light area and each dark area", p.2-3).
"""

from __future__ import annotations

from typing import Any

from .board import area_of, armies_on_board, split

#: Victory points for building (seed 001 p.10): portal 1, temple 1, capital 2.
BUILD_VP = {"portal": 1, "temple": 1, "capital": 2}
TRACK = 60


def breakdown(state: dict[str, Any], seat: str) -> dict[str, int]:
    """One player's points for this round (seed 001 p.15-16).

    1 per two occupied regions; 1 per temple and per capital in occupied regions; per area,
    2 for 3-4 occupied regions and 3 for all 5.
    """
    mine = [k for k, c in state["board"].items() if c["seat"] == seat and c["armies"] > 0]
    temples = sum(1 for k in mine if state["board"][k]["building"] == "temple")
    capitals = sum(1 for k in mine if state["board"][k]["building"] == "capital")
    per_area: dict[tuple[str, int], int] = {}
    for k in mine:
        realm, rid = split(k)
        per_area[(realm, area_of(rid))] = per_area.get((realm, area_of(rid)), 0) + 1
    areas_3_4 = sum(1 for n in per_area.values() if 3 <= n <= 4)
    areas_5 = sum(1 for n in per_area.values() if n == 5)
    out = {
        "regions": len(mine),
        "region_vp": len(mine) // 2,
        "temple_vp": temples,
        "capital_vp": capitals,
        "area_vp": 2 * areas_3_4 + 3 * areas_5,
    }
    out["total"] = out["region_vp"] + out["temple_vp"] + out["capital_vp"] + out["area_vp"]
    return out


def scoring_order(seats: list[str], first: str) -> list[str]:
    """Scoring starts left of the first player and goes clockwise (seed 001 p.15)."""
    i = seats.index(first)
    return seats[i + 1:] + seats[: i + 1]


def track(vp: int) -> dict[str, int | bool]:
    """Where the marker stands: past 60 it restarts at 1 and the +60 marker is taken (seed 001 p.16)."""
    return {"space": vp - TRACK if vp > TRACK else vp, "plus60": vp > TRACK}


def ranking(state: dict[str, Any]) -> dict[str, Any]:
    """Winner(s): most VP, then most armies on the board, then a shared victory (seed 001 p.16)."""
    seats = state["seats"]
    key = {s: (state["players"][s]["vp"], armies_on_board(state, s)) for s in seats}
    best = max(key.values())
    winners = [s for s in seats if key[s] == best]
    top_vp = [s for s in seats if key[s][0] == best[0]]
    return {
        "winners": winners,
        "shared": len(winners) > 1,
        "by_armies": len(top_vp) > 1,
        "order": sorted(seats, key=lambda s: key[s], reverse=True),
    }

