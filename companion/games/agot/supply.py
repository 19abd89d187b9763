"""Supply: barrels give the supply level, which caps the number and size of armies (seed 000 p.8-9).

An army is two or more units of one house in one area (seed 000 p.6); a single unit never counts.
"""

from __future__ import annotations

from typing import Any

from . import areas
from . import board as board_data

State = dict[str, Any]
MAX_LEVEL = 6


def level_from_control(state: State, house: str) -> int:
    """Barrels in controlled areas, capped at 6 (seed 000 p.8)."""
    b = board_data.load()
    return min(MAX_LEVEL, sum(b.area(a).barrels for a in areas.controlled(state, house)))


def limits(level: int) -> list[int]:
    """Allowed army sizes for a supply level, largest first (seed 000 p.8 supply track)."""
    return list(board_data.load().supply_limits[max(0, min(MAX_LEVEL, level))])


def armies(state: State, house: str) -> list[dict[str, Any]]:
    """The house's armies (2+ units in an area; ports count too, seed 000 p.25), largest first."""
    found = []
    for area, u in state["units"].items():
        if u["house"] != house:
            continue
        n = areas.count(state, area)
        if n >= 2:
            found.append({"area": area, "size": n})
    return sorted(found, key=lambda a: (-a["size"], a["area"]))


def fits(sizes: list[int], level: int) -> bool:
    """True when these army sizes fit the supply level (seed 000 p.8)."""
    sizes = sorted((s for s in sizes if s >= 2), reverse=True)
    allowed = limits(level)
    return len(sizes) <= len(allowed) and all(s <= m for s, m in zip(sizes, allowed))


def excess(sizes: list[int], level: int) -> list[int]:
    """Fewest units to remove from each army (same order as the sorted sizes) to fit the level.

    Matching the largest armies to the largest allowed sizes is optimal: swapping two assignments
    never lowers the total removed. Armies beyond the allowed count shrink to one unit, which is no
    longer an army (seed 000 p.8: "a single unit is not an army").
    """
    sizes = sorted(sizes, reverse=True)
    allowed = limits(level)
    out = []
    for i, s in enumerate(sizes):
        if s < 2:
            out.append(0)
        elif i < len(allowed):
            out.append(max(0, s - allowed[i]))
        else:
            out.append(s - 1)
    return out


def report(state: State, house: str) -> dict[str, Any]:
    """What the phone shows: armies, allowed sizes, legal or not, and how many units must go."""
    level = state["supply"][house]
    found = armies(state, house)
    cut = excess([a["size"] for a in found], level)
    for army, n in zip(found, cut):
        army["remove"] = n
    return {"level": level, "allowed": limits(level), "armies": found,
            "legal": fits([a["size"] for a in found], level), "must_remove": sum(cut)}


def can_hold(state: State, house: str, area: str, extra: int, level: int | None = None) -> bool:
    """Would adding ``extra`` units to ``area`` keep the house within supply (seed 000 p.9)?"""
    level = state["supply"][house] if level is None else level
    sizes = [a["size"] for a in armies(state, house) if a["area"] != area]
    here = areas.count(state, area) if areas.owner(state, area) == house else 0
    return fits(sizes + [here + extra], level)


def can_hold_all(state: State, house: str, arrivals: dict[str, int], level: int | None = None) -> bool:
    """Would the house stay within supply with every arrival of one March order applied at once
    (seed 000 p.9, p.15: the whole order is checked, not each move alone)? ``arrivals`` maps
    areas to units arriving there; the attacking units count in the area they attack."""
    level = state["supply"][house] if level is None else level
    sizes = {a["area"]: a["size"] for a in armies(state, house)}
    for area, n in arrivals.items():
        here = areas.count(state, area) if areas.owner(state, area) == house else 0
        sizes[area] = here + n
    return fits(list(sizes.values()), level)
