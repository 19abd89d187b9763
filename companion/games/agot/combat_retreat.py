"""Retreats after a lost combat (seed 000 p.21; ship transport p.23; ports p.25): where the
defeated side may go, which units survive a supply cut, and the move itself.

A retreat is a pending decision of the combat (``{"kind": "retreat", "side": chooser}``; with Robb
Stark defending, ``"loser": "attacker"``). These functions only change the units; the combat
procedure (``combat_flow.next_pending``) goes on afterwards.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, RuleError, State
from . import abilities, areas, supply
from .ability import RULE_CARD_TEXT
from .combat_calc import LAND_UNITS, UNIT_KINDS, house_on, other, retreat_choices, retreating_units
from .combat_sides import Combat, units_on
from .combat_state import area_name, house_name, running, units_in
from .geography import area, port_owner, transport_reach, unit_owner
from .params import CardAbility, count


def loser_of(p: dict[str, Any]) -> str:
    """Whose units a pending retreat moves: the defender's unless Robb (defending) moved the attacker."""
    return str(p.get("loser", "defender"))


def retreat_options(state: State, c: Combat, loser: str = "defender") -> list[dict[str, Any]]:
    """Legal retreat areas for the defeated side (seed 000 p.21, ship transport p.23).

    Only the areas where the fewest retreating units are destroyed for supply are offered (p.21:
    units are lost only when no better area exists). An enemy home area still holding its garrison
    is an enemy area (p.26-27), never a retreat. ``loser="attacker"`` is Robb Stark defending: the
    attacker's units, in transit, may go to any such area, their origin included (agot faq).
    """

    house = house_on(c, loser)
    units = retreating_units(units_on(c, loser))
    n = sum(units.values())
    land = any(units.get(k) for k in LAND_UNITS)
    near = set(area(c["area"]).adjacent)
    if land:
        near |= transport_reach(state, c["area"], house)
    # supply is checked as if the retreating units had already left the embattled area (p.21)
    after = {**state, "units": {a: u for a, u in state["units"].items() if a != c["area"]}}
    garrisons = state.get("garrisons", {})
    cands = []
    for aid in sorted(near):
        a = area(aid)
        owner = unit_owner(state, aid)
        room = None
        for k in range(n, -1, -1):
            if supply.can_hold(after, house, aid, k):
                room = k
                break
        if a.type == "port" and room is not None and owner in (None, house):
            room = min(room, 3 - (sum(units_in(state, aid, False).values()) if owner == house else 0))  # p.25
        enemy_garrison = bool(garrisons.get(aid)) and a.home not in ("", house) and owner != house \
            and state.get("control", {}).get(aid) != house
        cands.append({"area": aid, "kind": a.type, "origin": aid == c["from"] and loser == "defender",
                      "enemy_units": (owner not in (None, house) and bool(units_in(state, aid, False)))
                      or enemy_garrison,
                      "enemy_power": state.get("tokens", {}).get(aid) not in (None, house),
                      "neutral": aid in state.get("neutral", {}),
                      "room": room,
                      "foreign_port": a.type == "port" and port_owner(state, aid) != house})
    cands = [x for x in cands if not x["foreign_port"]]
    legal = [x for x in retreat_choices(units, cands) if x["room"]]
    best = max((min(x["room"], n) for x in legal), default=0)
    return [x for x in legal if min(x["room"], n) == best]


def drop_blocked(state: State, c: Combat) -> None:
    """Pending retreats with nowhere to go: the defeated units are destroyed instead (seed 000 p.21)."""
    while c["pending"] and c["pending"][0]["kind"] == "retreat" \
            and not retreat_options(state, c, loser_of(c["pending"][0])):
        loser = loser_of(c["pending"].pop(0))
        if loser == "defender":
            lost = {k: state["units"].get(c["area"], {}).get(k, 0) for k in UNIT_KINDS}
            areas.destroy(state, c["area"], lost)
            c["def_units"] = {}
        else:
            c["att_units"] = {}
        c["notes"].append({"msg": N_("No area to retreat to: the defeated units are destroyed"), "params": {}})


def _keep_on_retreat(units: dict[str, int], room: int, action: CardAbility | None) -> dict[str, int]:
    """Which retreating units survive a supply cut (p.21: the player destroys the excess). The phone
    may name the kinds to keep (``footman``/``knight``/``ship`` counts); otherwise knights and ships
    are kept before footmen, the order a player would pick."""
    sent = {k: count(getattr(action, k), 0, 20, "seed 000 p.21", k) for k in UNIT_KINDS} if action else {}
    want = {k: n for k, n in sent.items() if n is not None}
    if want:
        if sum(want.values()) != room or any(n > units.get(k, 0) for k, n in want.items()):
            raise RuleError("Keep exactly %(count)s of the retreating units.", "seed 000 p.21",
                            entry="resolution-retreat-supply", count=room)
        return {k: n for k, n in want.items() if n}
    out: dict[str, int] = {}
    for k in ("knight", "ship", "footman"):
        take = min(room, units.get(k, 0))
        if take:
            out[k] = take
            room -= take
    return out


def retreat(state: State, ctx: Ctx, dest: str, loser: str = "defender", action: CardAbility | None = None) -> None:
    """Move the defeated side's survivors, routed (p.21); excess over supply is destroyed.

    The defender's units leave the embattled area now; the attacker's (only with Robb Stark
    defending) are in transit and land in clean-up, at ``c["att_retreat"]``."""

    c = running(state)
    units = retreating_units(units_on(c, loser))
    options = {o["area"]: o["room"] for o in retreat_options(state, c, loser)}
    if dest not in options:
        chooser = abilities.of(c, other(loser))  # Robb Stark's owner picks the area (card text)
        raise RuleError("Your units cannot retreat to %(area)s.",
                        RULE_CARD_TEXT if chooser.chooses_retreat else "seed 000 p.21",
                        entry=f"card-{chooser.key}" if chooser.chooses_retreat else "resolution-retreat-defender",
                        area=dest[:40])
    room = options[dest]
    keep = dict(units) if room >= sum(units.values()) else _keep_on_retreat(units, room, action)
    if sum(keep.values()) < sum(units.values()):
        c["notes"].append({"msg": N_("Supply limit: retreating units destroyed: %(count)s"),
                           "params": {"count": sum(units.values()) - sum(keep.values())}})
    house = house_on(c, loser)
    c["retreated_to"] = dest
    if loser == "attacker":
        c["att_units"] = dict(keep)
        c["att_retreat"] = dest
        ctx.log(N_("%(house)s retreats to %(area)s"), house=house_name(house), area=area_name(dest))
        return
    areas.destroy(state, c["area"], {k: state["units"].get(c["area"], {}).get(k, 0) for k in UNIT_KINDS})
    areas.add_units(state, dest, house, **keep)
    routed = state["action"]["routed"].setdefault(dest, {})
    for k, n in keep.items():
        routed[k] = routed.get(k, 0) + n
    c["def_units"] = {}
    ctx.log(N_("%(house)s retreats to %(area)s"), house=house_name(house), area=area_name(dest))
