"""Ports taken with their land area (seed 000 p.25): the enemy ships there leave the board and the
new owner may put its own ships in their place, a pending decision (``{"kind": "port"}``) of the
combat's clean-up answered with a button on the phone.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, State
from . import areas, supply
from . import board as board_data
from .combat_sides import Combat
from .combat_state import area_name, house_name
from .params import CardAbility, count


def take_port(state: State, c: Combat) -> None:
    """Taking a land area: enemy ships in its port leave the board; the new owner may at once put
    up to as many of its own ships there as it has in reserve and supply allows (seed 000 p.25).
    That choice is a step of its own (pending ``port``)."""

    port = board_data.load().port_of_land(c["area"])
    if not port or c["neutral"] is not None:
        return
    owner = areas.owner(state, port)
    if owner in (None, c["attacker"]):
        return
    ships = areas.count(state, port)
    areas.set_units(state, port, None, {})
    c["notes"].append({"msg": N_("%(area)s: enemy ships removed: %(n)s; %(house)s may put as many of its own ships there"),
                       "params": {"area": area_name(port), "n": ships, "house": house_name(c["attacker"])}})
    most = port_room(state, c["attacker"], port, ships)
    if most:
        c["pending"].append({"kind": "port", "side": "attacker", "area": port, "max": most})


def port_room(state: State, house: str, port: str, removed: int) -> int:
    """How many ships may replace the removed ones: no more than were removed, than the house has in
    reserve, than supply allows (seed 000 p.25), and never more than 3 in a port."""

    n = min(removed, areas.in_reserve(state, house, "ship"), 3)
    while n and not supply.can_hold(state, house, port, n):
        n -= 1
    return n


def port_replace(state: State, ctx: Ctx, c: Combat, p: dict[str, Any], action: CardAbility) -> None:
    """The new owner places 0..max of its own ships in the captured port (seed 000 p.25)."""

    n = count(action.ships, 0, p["max"], "seed 000 p.25", "ships", entry="ports-capture",
              why=N_("Up to %(max)s ships: no more than the enemy ships removed, the ships you have left, your "
                     "supply and 3 per port.")) or 0
    if n:
        areas.set_units(state, p["area"], c["attacker"], {"ship": n})
    ctx.log(N_("%(house)s puts %(n)s ship in %(area)s"), _plural="%(house)s puts %(n)s ships in %(area)s",
            house=house_name(c["attacker"]), n=n, area=area_name(p["area"]))
