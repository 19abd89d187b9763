"""What each area holds: the mirror of units, power tokens, neutral forces, garrisons, and control.

The pieces on the table are the truth (design: "How much of the physical board to mirror"); this
mirror only feeds supply checks, mustering limits and port income, and any player can correct it.

- ``state["units"][area] = {"house": h, "footman": n, "knight": n, "ship": n, "siege": n}``
  (absent when empty; one house per area).
- ``state["control"][land_area] = house`` for every controlled land area (seed 000 p.24: units or a
  power token; a home area belongs to its house until someone else takes it).
- ``state["neutral"][area] = strength`` (0 = impassable, seed 000 p.26);
  ``state["garrisons"][area] = strength`` (seed 000 p.26-27).
"""

from __future__ import annotations

from typing import Any, cast

from ..base import RuleError
from . import board as board_data
from . import power

State = dict[str, Any]
KINDS = board_data.UNIT_KINDS


def units(state: State, area: str) -> dict[str, Any] | None:
    return cast("dict[str, Any] | None", state["units"].get(area))


def count(state: State, area: str) -> int:
    u = state["units"].get(area)
    return sum(u.get(k, 0) for k in KINDS) if u else 0


def owner(state: State, area: str) -> str | None:
    u = state["units"].get(area)
    return u["house"] if u else None


def on_board(state: State, house: str, kind: str) -> int:
    return sum(u.get(kind, 0) for u in state["units"].values() if u["house"] == house)


def in_reserve(state: State, house: str, kind: str) -> int:
    """Units of a kind not on the board: the cap on recruiting (seed 000 p.2, p.4)."""
    return board_data.load().unit_pool[kind] - on_board(state, house, kind)


def validate_counts(area: str, counts: dict[str, int]) -> None:
    """Land units stay on land, ships at sea or in ports; a port holds at most 3 ships (seed 000 p.15, p.25)."""
    a = board_data.load().area(area)
    if a.is_land and counts.get("ship", 0):
        raise RuleError("Ships never enter a land area.", "seed 000 p.15")
    if not a.is_land and any(counts.get(k, 0) for k in board_data.LAND_UNITS):
        raise RuleError("Footmen, knights and siege engines never enter sea areas or ports.", "seed 000 p.15")
    if a.type == "port" and counts.get("ship", 0) > 3:
        raise RuleError("A port never holds more than 3 ships.", "seed 000 p.25")
    if any(v < 0 for v in counts.values()):
        raise RuleError("Unit counts cannot be negative.", "companion: board mirror", entry="companion-input")


def set_units(state: State, area: str, house: str | None, counts: dict[str, int]) -> None:
    """Record exactly what stands in ``area`` (one house); control follows (seed 000 p.24)."""
    counts = {k: int(counts.get(k, 0)) for k in KINDS}
    validate_counts(area, counts)
    before = owner(state, area)
    if house is None or not any(counts.values()):
        state["units"].pop(area, None)
    else:
        for k in KINDS:
            if counts[k] > board_data.load().unit_pool[k] - on_board(state, house, k) + (
                    state["units"].get(area, {}).get(k, 0) if owner(state, area) == house else 0):
                raise RuleError("%(house)s has no more %(kind)s pieces.", "seed 000 p.4", house=house, kind=k)
        state["units"][area] = {"house": house, **counts}
        if any(counts[k] for k in board_data.LAND_UNITS):
            conquered(state, area, house)
    _sync_routed(state, area, before)
    recompute_control(state, area)


def _sync_routed(state: State, area: str, before: str | None) -> None:
    """Routed markers belong to the units that retreated (seed 000 p.21): when those units are
    destroyed or the area changes hands, the marks go too, so the next occupant is not routed."""
    routed = (state.get("action") or {}).get("routed")
    if not routed or area not in routed:
        return
    now = state["units"].get(area)
    if now is None or now["house"] != before:
        del routed[area]
        return
    left = {k: min(n, now.get(k, 0)) for k, n in routed[area].items() if min(n, now.get(k, 0)) > 0}
    if left:
        routed[area] = left
    else:
        del routed[area]


def add_units(state: State, area: str, house: str, **delta: int) -> None:
    u = dict(state["units"].get(area) or {"house": house})
    if u["house"] != house and count(state, area):
        raise RuleError("Another house's units are in that area.", "seed 000 p.15", status=409)
    counts = {k: u.get(k, 0) + delta.get(k, 0) for k in KINDS}
    set_units(state, area, house, counts)


def destroy(state: State, area: str, picks: dict[str, int]) -> None:
    """Destroyed units return to their house's reserve (seed 000 p.6 "destroy")."""
    u = dict(state["units"].get(area) or {})
    if not u:
        return
    set_units(state, area, u["house"], {k: max(0, u.get(k, 0) - picks.get(k, 0)) for k in KINDS})


def home_of(area: str) -> str:
    return board_data.load().area(area).home


def recompute_control(state: State, area: str) -> None:
    """Control of a land area: its units, else a power token, else the home house (seed 000 p.24)."""
    a = board_data.load().area(area)
    if not a.is_land:
        return
    who = owner(state, area) or state["tokens"].get(area)
    if who is None and a.home in state["houses"] and area not in state["neutral"]:
        who = a.home
    if who is None:
        state["control"].pop(area, None)
    else:
        state["control"][area] = who


def conquered(state: State, area: str, house: str) -> None:
    """A house's army stands in the area: any neutral force there was destroyed (seed 000 p.26).

    A garrison is not touched: it leaves the game only when it is defeated in combat (seed 000
    p.27, ``combat_cleanup.clean_up``); placing units or correcting the mirror never removes one (the
    host corrects a garrison with ``set_garrison``)."""
    state["neutral"].pop(area, None)


def set_control(state: State, area: str, house: str | None) -> None:
    """A player records who now controls a land area; other houses' units and tokens there leave
    the mirror (only one house can hold an area, seed 000 p.15, p.24)."""
    a = board_data.load().area(area)
    if not a.is_land:
        raise RuleError("Nobody controls sea areas or ports by themselves.", "seed 000 p.24")
    if owner(state, area) not in (None, house):
        state["units"].pop(area, None)
    if state["tokens"].get(area) not in (None, house):
        power.remove_token(state, area)
    if house is not None:
        conquered(state, area, house)
        state["control"][area] = house
    else:
        state["control"].pop(area, None)


def controlled(state: State, house: str) -> list[str]:
    """Land areas the house controls (seed 000 p.24)."""
    return sorted(a for a, h in state["control"].items() if h == house)


def ports_with_income(state: State, house: str) -> list[str]:
    """Friendly ports holding a friendly ship with no enemy ship in their sea (seed 000 p.25)."""
    b = board_data.load()
    found = []
    for a in b.areas.values():
        if a.type != "port" or state["control"].get(a.port_of) != house:
            continue
        if owner(state, a.id) == house and count(state, a.id) > 0:
            sea_owner = owner(state, a.sea)
            if sea_owner in (None, house):
                found.append(a.id)
    return found
