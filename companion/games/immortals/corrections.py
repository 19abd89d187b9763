"""Immortals' board profile and corrections, each handler beside its declaration (:data:`MOVES`):
the printed regions entered on the phones, and the host's (or a seat's own) fixes when the mirror
and the table disagree (design: the pieces on the table are the truth).
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ...moves import Move, among
from ..base import Ctx, RuleError, State
from . import cite, params, profile
from .battle import INH
from .board import REGIONS, check_location, set_cell
from .data import REALMS, RESOURCES
from .labels import msg, rname, where, word
from .moves import PERFORM, REINFORCE, seat_arg

FIX = "companion: corrections"
PROFILE = profile.RULE


def _log_filled(ctx: Ctx, filled: list[dict[str, Any]]) -> None:
    """The values a known name brought along, each with the worked example it comes from."""
    for v in filled:
        ctx.log(N_("%(name)s: %(value)s %(res)s in the %(realm)s realm, from %(source)s"), name=v["name"],
                value=v["value"], res=msg(word(v["resource"])), realm=msg(word(v["realm"])), source=v["source"])


def name_region(state: State, ctx: Ctx, action: params.NameRegion) -> None:
    """The host names a region slot as printed on the board (issue #6, board profile)."""
    _name(state, ctx, action.region, action.name)


def _name(state: State, ctx: Ctx, rid: str, name: str | None) -> None:
    filled = profile.name_region(state["profile"], rid, name)
    ctx.log(N_("Region %(region)s is named %(name)s"), region=rid.replace("-", "·"), name=name or "-")
    _log_filled(ctx, filled)


def name_board(state: State, ctx: Ctx, action: params.NameBoard) -> None:
    """The host names the board's regions at once, from the printed board (issue #37: a group types
    its board once; saved as a profile, every later table starts with it). Only the regions sent
    change; a name known from a worked example brings its values (seed 001 p.9)."""
    raw = action.names or {}  # a phone form's name:<region> fields are its names
    unknown = [rid for rid in raw if rid not in REGIONS]
    if unknown:
        raise RuleError("There is no region %(region)s.", PROFILE, entry="companion-input", region=str(unknown[0])[:12])
    filled = profile.name_board(state["profile"], raw)
    named = len(REGIONS) - len(profile.unnamed(state["profile"]))
    ctx.log(N_("The board's region names: %(n)s of %(of)s named"), n=named, of=len(REGIONS))
    _log_filled(ctx, filled)


def set_region_value(state: State, ctx: Ctx, action: params.RegionValue) -> None:
    """The host enters a value printed on a region card (issue #6, board profile)."""
    _set_value(state, ctx, action.region, action.realm, action.resource, action.value)


def _set_value(state: State, ctx: Ctx, rid: str, realm: str, res: str, value: int | None) -> None:
    profile.set_value(state["profile"], rid, realm, res, value)
    ctx.log(N_("Region card %(region)s: %(res)s in the %(realm)s realm is %(value)s"), region=rid,
            res=msg(word(res)), realm=msg(word(realm)), value="-" if value is None else value)


def edit_region(state: State, ctx: Ctx, action: params.EditRegion) -> None:
    """One form per region row: name and the four printed values at once (issue #6, profile).
    Empty values mean unknown."""
    rid = action.region
    name = str(action.name or "").strip() or None
    before = {realm: dict(state["profile"]["regions"][rid][realm]) for realm in REALMS}
    if name != state["profile"]["regions"][rid]["name"]:
        _name(state, ctx, rid, name)
    for realm in REALMS:
        for res in RESOURCES:
            value = getattr(action, f"{realm}_{res}")
            if value is None and before[realm][res] is None:
                continue  # still unknown, or just filled in from a worked example by the name
            if value != state["profile"]["regions"][rid][realm][res]:
                _set_value(state, ctx, rid, realm, res, value)


def set_region(state: State, ctx: Ctx, action: params.SetRegion) -> None:
    """Any player corrects who occupies a region and with how many armies (design: two taps)."""
    location = check_location(action.region)
    seat = action.seat or None
    if seat is not None and seat not in state["players"]:
        raise RuleError("There is no seat %(seat)s.", FIX, entry="companion-seats", seat=str(seat)[:24])
    armies = params.number(action.armies, 0, 45, FIX, "armies") if seat else 0
    set_cell(state, location, seat, armies)
    ctx.log(N_("Correction: %(region)s (%(realm)s) now %(who)s with %(count)s army"),
            _plural="Correction: %(region)s (%(realm)s) now %(who)s with %(count)s armies", **where(state, location),
            who=ctx.name(seat) if seat else "-", count=armies)


def set_building(state: State, ctx: Ctx, action: params.SetBuilding) -> None:
    """Correct the buildings on a region (no points change; use adjust for VP)."""
    location = check_location(action.region)
    building = action.building or None
    if building not in (None, "temple", "capital"):
        raise RuleError("%(field)s is not one of the allowed values.", FIX, entry="companion-input", field="building")
    cell = state["board"][location]
    cell["building"] = building
    cell["portal"] = params.ticked(action.portal)
    ctx.log(N_("Correction: buildings in %(region)s (%(realm)s)"), **where(state, location))


def give_card(state: State, ctx: Ctx, action: params.GiveCard) -> None:
    """The host corrects who holds a region card."""
    rid = action.region
    seat = action.seat or None
    if seat is not None and seat not in state["players"]:
        raise RuleError("There is no seat %(seat)s.", FIX, entry="companion-seats", seat=str(seat)[:24])
    state["region_cards"][rid] = seat
    ctx.log(N_("Correction: region card %(region)s held by %(who)s"), region=rname(state, rid), who=ctx.name(seat) if seat else "-")


def adjust(state: State, ctx: Ctx, action: params.Adjust) -> None:
    """Correct a counter of a player: own counters, or any with host rights."""
    seat = seat_arg(state, ctx, action)
    field, delta = action.field, action.delta
    p = state["players"][seat]
    box, key = (p["limbo"], field[6:]) if field.startswith("limbo_") else (p, field)
    if box[key] + delta < 0:
        raise RuleError("%(field)s cannot go below 0.", FIX, field=field)
    box[key] += delta
    ctx.log(N_("Correction: %(who)s %(field)s %(delta)+d"), who=ctx.name(seat), field=msg(word(field)), delta=delta)


def set_tray(state: State, ctx: Ctx, action: params.Tray) -> None:
    """Correct what lies in the tray between battles."""
    tray = {}
    counts = {**action.cubes, INH: action.inhabitants}
    for key in state["seats"] + [INH]:
        n = params.number(counts.get(key, 0) or 0, 0, 60, FIX, key)
        if n:
            tray[key] = n
    state["tray"] = tray
    ctx.log(N_("Correction: the tray holds %(tray)s"), tray=", ".join(f"{k} {v}" for k, v in tray.items()) or "-")


def set_first(state: State, ctx: Ctx, action: params.SetFirst) -> None:
    """Host correction of the first player marker: now (``when`` = "now") or for the next round
    ("next", as the magic card does, seed 002 p.12). Scoring order follows it (p.15)."""
    seat = among(action.seat, state["seats"], FIX, "seat")
    when = among(action.when or "now", ("now", "next"), FIX, "when")
    if when == "next":
        state["next_first"] = seat
        ctx.log(N_("Correction: %(who)s takes the first player marker for the next round"), who=ctx.name(seat))
        return
    state["first"] = seat
    ctx.log(N_("Correction: %(who)s holds the first player marker"), who=ctx.name(seat))


def set_turn(state: State, ctx: Ctx, action: params.SetTurn) -> None:
    """Host correction of whose turn it is while reinforcing or performing (a mis-tap); a seat
    that passed cannot get the turn back (seed 001 p.15)."""
    if state["battle"]:
        raise RuleError("Finish the battle first.", cite.both(13), status=409)
    seat = among(action.seat, state["seats"], FIX, "seat")
    if state["phase"] == "performance" and state["players"][seat]["passed"]:
        raise RuleError("%(who)s has passed this round.", cite.both(15), who=ctx.name(seat))
    if state["phase"] == "reinforce" and seat in state["reinforced"]:
        raise RuleError("%(who)s has already placed reinforcements.", cite.both(8), who=ctx.name(seat))
    state["turn"] = seat
    ctx.log(N_("Correction: it is %(who)s's turn"), who=ctx.name(seat))


#: after the moves of play in the reference (``game.py`` joins the two)
MOVES = (
    Move("name_region", name_region, "Name a region slot as printed on the board.", PROFILE,
         params.NameRegion, who="host"),
    Move("name_board", name_board, "Name the board's regions at once (only those sent change).", PROFILE,
         params.NameBoard, who="host"),
    Move("set_region_value", set_region_value, "Enter a value printed on a region card.", PROFILE,
         params.RegionValue, who="host"),
    Move("edit_region", edit_region, "One region row of the board profile: name and the four printed "
         "values (empty: unknown).", PROFILE, params.EditRegion, who="host"),
    Move("set_region", set_region, "Correct who occupies a location and with how many armies.", FIX,
         params.SetRegion, who="seat"),
    Move("set_building", set_building, "Correct the buildings on a location (VP unchanged: use "
         "adjust).", FIX, params.SetBuilding, who="seat"),
    Move("give_card", give_card, "Correct who holds a region card; one taken away after it was "
         "planned can no longer act when turned (compensation only).", FIX, params.GiveCard, who="host"),
    Move("adjust", adjust, "Correct a counter: one's own, or any seat's with host rights.", FIX,
         params.Adjust, who="seat"),
    Move("set_tray", set_tray, "Correct what lies in the tray between battles (one field per seat "
         "id, and inhabitants; missing = 0).", FIX, params.Tray, who="seat"),
    Move("set_first", set_first, "Correct the first player marker, now or for the next round.",
         cite.both("12, 15"), params.SetFirst, who="host"),
    Move("set_turn", set_turn, "Correct whose turn it is while reinforcing or performing; refused "
         "for a seat that passed (p.15) or already reinforced (p.8), or during a battle.",
         cite.both("8, 15"), params.SetTurn, who="host", stages=(REINFORCE, PERFORM)),
)
