"""Where pieces may go: areas, adjacency, ports and ship transport (seed 000 p.15, p.23, p.25, p.27).

Pure functions of the printed board and the units mirror; the action phase (marches) and the
combat procedure (support, retreats) both read them.
"""

from __future__ import annotations

from typing import cast

from ..base import RuleError, State
from . import areas
from . import board as board_data


def area(aid: str) -> board_data.Area:
    try:
        return board_data.load().area(aid)
    except KeyError:
        raise RuleError("There is no area %(area)s.", "companion: board", status=404, entry="companion-input",
                        area=str(aid)[:40]) from None


def adjacent(a: str, b: str) -> bool:
    """Printed adjacency (rivers already removed, seed 000 p.27)."""
    return b in area(a).adjacent


def port_owner(state: State, port: str) -> str | None:
    """Whoever controls the land area owns its port (seed 000 p.25)."""
    return cast("str | None", state.get("control", {}).get(area(port).port_of))


def unit_owner(state: State, aid: str) -> str | None:
    return areas.owner(state, aid)


def transport_reach(state: State, start: str, house: str) -> set[str]:
    """Land areas reachable by ship transport: chains of seas holding friendly ships (seed 000 p.23)."""
    seen: set[str] = set()
    frontier = [s for s in area(start).adjacent
                if area(s).type == "sea" and unit_owner(state, s) == house and areas.count(state, s)]
    reach: set[str] = set()
    while frontier:
        sea = frontier.pop()
        if sea in seen:
            continue
        seen.add(sea)
        for n in area(sea).adjacent:
            kind = area(n).type
            if kind == "land" and n != start:
                reach.add(n)
            elif kind == "sea" and unit_owner(state, n) == house and areas.count(state, n):
                frontier.append(n)
    return reach


def can_enter(state: State, house: str, src: str, dst: str, kind: str) -> bool:
    """Where one unit may march (seed 000 p.15; ports p.25; ship transport p.23)."""
    d = area(dst)
    if kind == "ship":
        if d.type == "land":
            return False
        if d.type == "port" and port_owner(state, dst) != house:
            return False
        return adjacent(src, dst)
    if d.type != "land":
        return False
    return adjacent(src, dst) or dst in transport_reach(state, src, house)


