"""The running combat inside the state (``state["action"]["combat"]``): finding it, the units an
area can put into it, and the names its log lines carry. Shared by the combat's step modules
(``combat_flow``, ``combat_retreat``, ``combat_ports``, ``combat_cleanup``) and its moves.
"""

from __future__ import annotations

from ..base import RuleError, State
from .combat_sides import UNIT_KINDS, Combat
from .names import AREAS, HOUSES, label

RULE_SUPPORT = "seed 000 p.17-18"
RULE_CARDS = "seed 000 p.19"


def current(state: State) -> Combat:
    """The combat being fought; a move of the combat at any other moment is refused."""
    c: Combat | None = state.get("action", {}).get("combat")
    if not c:
        raise RuleError("There is no combat now.", "seed 000 p.17", status=409)
    return c


def running(state: State) -> Combat:
    """The combat being fought, where a step of the combat itself asks (it always runs then)."""
    c: Combat = state["action"]["combat"]
    return c


def units_in(state: State, aid: str, exclude_routed: bool = True) -> dict[str, int]:
    """The units in an area that can fight or support: routed ones add nothing (seed 000 p.21)."""
    u = state.get("units", {}).get(aid) or {}
    routed = state.get("action", {}).get("routed", {}).get(aid, {}) if exclude_routed else {}
    return {k: u.get(k, 0) - routed.get(k, 0) for k in UNIT_KINDS if u.get(k, 0) - routed.get(k, 0) > 0}


def house_name(house: str) -> dict[str, str]:
    """A house name as a translatable log parameter."""
    return label(HOUSES[house])


def area_name(aid: str) -> dict[str, str]:
    """An area name as a translatable log parameter."""
    return label(AREAS[aid])

