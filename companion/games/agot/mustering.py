"""Mustering: recruit in controlled castle (1 point) and stronghold (2 points) areas (seed 000 p.9-10).

In turn order each house spends its points area by area: footman 1, knight 2 (or 1 to upgrade a
footman there), siege engine 2 (or 1 as an upgrade), ship 1 into the area's port or an adjacent sea
without enemy ships. Recruits come from the unit pool and never break the supply limit. Unused
points are lost. The step is ``{"kind": "mustering", "houses": [...], "index": i, "points": {area: n},
"only_one": bool}`` (``only_one``: The Horde Descends reward, a single area).
"""

from __future__ import annotations

from typing import Any, cast

from ...i18n import N_
from ...moves import Params, among
from ..base import Ctx, RuleError
from . import areas, flow, names, supply
from . import board as board_data
from . import params as P

State = dict[str, Any]
COST = {"footman": 1, "knight": 2, "siege": 2, "ship": 1}


def muster_areas(state: State, house: str) -> dict[str, int]:
    """Controlled areas with a castle or stronghold and their points (seed 000 p.9)."""
    b = board_data.load()
    return {a: b.area(a).muster_points for a in areas.controlled(state, house) if b.area(a).muster_points}


def ship_targets(state: State, house: str, area: str) -> list[str]:
    """Where a ship recruited in ``area`` may go: its port, or an adjacent sea without enemy ships
    (seed 000 p.10, p.25)."""
    b = board_data.load()
    out = []
    port = b.port_of_land(area)
    if port and areas.owner(state, port) in (None, house) and areas.count(state, port) < 3:
        out.append(port)
    for n in b.area(area).adjacent:
        if b.area(n).type == "sea" and areas.owner(state, n) in (None, house):
            out.append(n)
    return out


def ship_refusal(state: State, house: str, area: str, to: str) -> RuleError:
    """Why a ship mustered in ``area`` may not go to ``to``, with the rule (seed 000 p.10, p.25):
    a castle musters ships into its own port (even with enemy ships in the sea beyond, p.25) or an
    adjacent sea that holds no enemy ship (p.10); a port holds at most 3 ships (p.25)."""
    b = board_data.load()
    where = names.label(names.AREAS[area])
    if to in b.areas:
        dest = b.area(to)
        there = names.label(names.AREAS[to])
        if dest.type == "sea" and to in b.area(area).adjacent and areas.owner(state, to) not in (None, house):
            return RuleError("%(sea)s holds enemy ships: a ship is never mustered into a sea with enemy ships "
                             "(p.10). From %(area)s it may go into its own port, even past a blockade (p.25), "
                             "or an adjacent sea without enemy ships.", "seed 000 p.10, p.25",
                             entry="mustering-ships", sea=there, area=where)
        if dest.type == "port" and to == b.port_of_land(area):
            if areas.owner(state, to) not in (None, house):
                return RuleError("%(port)s holds enemy ships: mustered ships go only where no enemy ship is.",
                                 "seed 000 p.10, p.25", entry="ports-capture", port=there)
            return RuleError("%(port)s already holds 3 ships, the most a port can hold.", "seed 000 p.25",
                             entry="ports-ships-only", port=there)
        return RuleError("A ship mustered in %(area)s goes into that area's own port or an adjacent sea; "
                         "%(to)s is neither.", "seed 000 p.10", entry="mustering-where", area=where, to=there)
    return RuleError("Choose where the ship mustered in %(area)s goes: its port or an adjacent sea without "
                     "enemy ships.", "seed 000 p.10", entry="mustering-where", area=where)


def house_of(step: flow.Step) -> str:
    return cast("str", step["houses"][step["index"]])


def _begin_house(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Skip houses with nothing to muster; otherwise wait for the current one."""
    while step["index"] < len(step["houses"]):
        house = house_of(step)
        points = muster_areas(state, house)
        if step.get("only_one") and step.get("area"):
            points = {step["area"]: points.get(step["area"], 0)}
        if points:
            step["points"] = points
            ctx.log(N_("Mustering: %(house)s has %(n)s point."), _plural="Mustering: %(house)s has %(n)s points.",
                    house=names.label(names.HOUSES[house]),
                    n=sum(points.values()))
            return
        ctx.log(N_("Mustering: %(house)s has no castle or stronghold to muster in."),
                house=names.label(names.HOUSES[house]))
        step["index"] += 1
    flow.finish(state, ctx, step)


def start_mustering(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Mustering runs in turn order (seed 000 p.9)."""
    step.setdefault("index", 0)
    _begin_house(state, ctx, step)


def muster(state: State, ctx: Ctx, step: flow.Step, action: P.Muster) -> None:
    """The current house recruits (or upgrades) one unit; out of points, the next house musters
    (seed 000 p.9)."""
    house = house_of(step)
    ctx.actor.require(house)
    recruit(state, ctx, step, house, action)
    if not any(step["points"].values()) or (step.get("only_one") and step.get("area")
                                            and not step["points"].get(step["area"])):
        _next(state, ctx, step)


def muster_done(state: State, ctx: Ctx, step: flow.Step, action: Params) -> None:
    """The current house ends its mustering: unused points are lost (seed 000 p.9)."""
    house = house_of(step)
    ctx.actor.require(house)
    lost = sum(step["points"].values())
    ctx.log(N_("%(house)s ends mustering (%(n)s point unused is lost)."),
            _plural="%(house)s ends mustering (%(n)s points unused are lost).", house=names.label(names.HOUSES[house]),
            n=lost)
    _next(state, ctx, step)


def _next(state: State, ctx: Ctx, step: flow.Step) -> None:
    step["index"] += 1
    step.pop("points", None)
    _begin_house(state, ctx, step)


def recruit(state: State, ctx: Ctx, step: flow.Step, house: str, action: P.Muster) -> None:
    """One recruitment or upgrade in one area (seed 000 p.9-10)."""
    area = among(action.area, step["points"], "seed 000 p.9", "area", entry="mustering-controlled-areas",
                 why=N_("You muster only in areas you control that hold a castle or a stronghold."))
    if step.get("only_one"):
        if step.get("area") not in (None, area):
            raise RuleError("This reward musters in one area only.", "facts: wildling cards",
                            entry="wildling-horde-descends")
    unit = action.unit  # declared: footman, knight, siege or ship (p.9)
    upgrade = bool(action.upgrade)
    b = board_data.load()
    if upgrade:
        if unit not in ("knight", "siege"):
            raise RuleError("Only a footman can be upgraded, to a knight or a siege engine.", "seed 000 p.9")
        here = areas.units(state, area)
        if not here or here["house"] != house or here.get("footman", 0) < 1:
            raise RuleError("There is no footman of yours in %(area)s to upgrade.", "seed 000 p.9",
                            area=names.label(names.AREAS[area]))
        cost = 1
    else:
        cost = COST[unit]
    if step["points"][area] < cost:
        raise RuleError("%(area)s has only %(n)s mustering point left.", "seed 000 p.9",
                        _plural="%(area)s has only %(n)s mustering points left.", area=names.label(names.AREAS[area]), n=step["points"][area])
    if areas.in_reserve(state, house, unit) < 1:
        raise RuleError("You have no %(unit)s left to place.", "seed 000 p.4", entry="overview-component-limit",
                        unit=names.label(names.UNITS[unit]))
    target = area
    if unit == "ship":
        targets = ship_targets(state, house, area)
        if not targets:
            raise RuleError("No port or sea free of enemy ships next to %(area)s.", "seed 000 p.10",
                            area=names.label(names.AREAS[area]))
        target = action.to or ""
        if target not in targets:
            raise ship_refusal(state, house, area, target)
    elif b.area(area).type != "land":  # pragma: no cover - muster areas are land
        raise RuleError("Land units are recruited on land.", "seed 000 p.10")
    if upgrade:
        areas.add_units(state, area, house, footman=-1, **{unit: 1})
    else:
        if not supply.can_hold(state, house, target, 1):
            raise RuleError("That would break your supply limit.", "seed 000 p.9")
        areas.add_units(state, target, house, **{unit: 1})
    step["points"][area] -= cost
    if step.get("only_one"):
        step["area"] = area
    if upgrade:
        ctx.log(N_("%(house)s upgrades a footman to a %(unit)s in %(area)s"), house=names.label(names.HOUSES[house]),
                unit=names.label(names.UNITS[unit]), area=names.label(names.AREAS[target]))
    else:
        ctx.log(N_("%(house)s musters a %(unit)s in %(area)s"), house=names.label(names.HOUSES[house]),
                unit=names.label(names.UNITS[unit]), area=names.label(names.AREAS[target]))


def waiting_mustering(state: State, step: flow.Step) -> list[str]:
    return [house_of(step)] if step["index"] < len(step["houses"]) else []


#: a Mustering card's procedure: ``muster`` and ``muster_done`` are shared with the special
#: Consolidate Power order's mustering (``action.py``), so ``moves.py`` declares them
MUSTERING = flow.StepProcedure("mustering", start_mustering, waiting_mustering,
                               moves={"": ("muster", "muster_done")},
                               acts={"muster": muster, "muster_done": muster_done})
