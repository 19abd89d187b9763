"""Where things are: region ids, locations (realm + region), twins, occupation and buildings.

A region id is ``"<area>-<n>"`` (area 1-5, region 1-5). The same region exists in both realms
(seed 001 p.2), so a *location* is ``"<realm>:<region>"``; its *twin* is the same region in the
other realm. The companion mirrors only who occupies a location and with how many armies, plus the
buildings on it (design: the pieces on the table are the truth, corrections are two taps).
"""

from __future__ import annotations

from typing import Any

from ..base import RuleError
from . import cite
from .data import REALMS

AREAS = range(1, 6)
SLOTS = range(1, 6)
REGIONS = [f"{a}-{r}" for a in AREAS for r in SLOTS]
LOCATIONS = [f"{realm}:{rid}" for realm in REALMS for rid in REGIONS]


def loc(realm: str, rid: str) -> str:
    return f"{realm}:{rid}"


def split(location: str) -> tuple[str, str]:
    realm, _, rid = location.partition(":")
    return realm, rid


def area_of(rid: str) -> int:
    return int(rid.split("-")[0])


def other(realm: str) -> str:
    """The opposite realm: where beaten armies are resurrected (seed 001 p.13)."""
    return "dark" if realm == "light" else "light"


def twin(location: str) -> str:
    realm, rid = split(location)
    return loc(other(realm), rid)


def check_location(value: Any, field: str = "region") -> str:
    if not isinstance(value, str) or value not in LOCATIONS:
        raise RuleError("%(field)s is not a region of the board.", "companion: input", entry="companion-input", field=field)
    return value


def empty_board() -> dict[str, dict[str, Any]]:
    return {location: {"seat": None, "armies": 0, "building": None, "portal": False}
            for location in LOCATIONS}


def armies_of(state: dict[str, Any], seat: str, location: str) -> int:
    cell = state["board"][location]
    return cell["armies"] if cell["seat"] == seat else 0


def require_armies(state: dict[str, Any], seat: str, location: str, page: int | str) -> None:
    """Most actions need at least one of the player's armies in the region (seed 001 p.9-12)."""
    if armies_of(state, seat, location) < 1:
        raise RuleError("You need at least one army in %(region)s.", cite.both(page), region=location)


def set_cell(state: dict[str, Any], location: str, seat: str | None, armies: int) -> None:
    """Set who occupies a location; zero armies means nobody."""
    cell = state["board"][location]
    cell["seat"] = seat if armies > 0 else None
    cell["armies"] = armies if seat else 0


def add_armies(state: dict[str, Any], seat: str, location: str, n: int) -> None:
    """Put ``n`` of ``seat``'s armies into a location it occupies or that is empty."""
    cell = state["board"][location]
    if cell["seat"] not in (None, seat) and cell["armies"] > 0:
        raise RuleError("Another player occupies %(region)s.", cite.both(10), region=location)
    set_cell(state, location, seat, (cell["armies"] if cell["seat"] == seat else 0) + n)


def armies_on_board(state: dict[str, Any], seat: str) -> int:
    """Tie-break at the end: most armies on the board (seed 001 p.16)."""
    return sum(c["armies"] for c in state["board"].values() if c["seat"] == seat)
