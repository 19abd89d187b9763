"""Action phase: raids, marches, consolidate power and clean-up, in Iron Throne order (seed 000 p.13-16).

State (``state["action"]``, created by :func:`start` when the planning phase ends)::

    {"step": "raid" | "march" | "consolidate" | "done", "turn": house | None,
     "routed": {area: {kind: n}},        # defeated units standing on their side (p.21)
     "combat": {...} | None,             # the running combat (combat_flow.py)
     "muster": {...} | None,             # a special Consolidate Power mustering (p.22)
     "last": {...} | None}               # the last resolution, for the screen

Orders live in ``state["orders"][area] = {"house", "token"}`` (revealed in planning). The mirror of
units, power tokens and control is (``areas.py``, ``power.py``); this module only moves
pieces through those helpers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from ...i18n import N_, tr
from ...moves import Checks, Handler, Move, Params
from ..base import Ctx, RuleError, State
from . import areas, mustering, power, supply, tracks
from . import orders as ot
from . import params as P
from .combat import MOVES as COMBAT_OWN_MOVES
from .combat import Combat
from .combat_calc import UNIT_KINDS
from .combat_flow import begin as begin_combat
from .geography import area, can_enter, unit_owner
from .names import AREAS, HOUSES
from .options import checks_38
from .procedure import Phase, Procedure


def _h(house: str) -> dict[str, str]:
    """A house name as a translatable log parameter."""
    return tr(HOUSES[house])


def _a(aid: str) -> dict[str, str]:
    """An area name as a translatable log parameter."""
    return tr(AREAS[aid])


def _from(value: Any) -> dict[str, Any]:
    """The ``%(from)s`` parameter: ``from`` is a Python keyword, so it travels in a ``**`` dict."""
    return {"from": value}


STEPS = ("raid", "march", "consolidate")
STEP_KIND = {"raid": "raid", "march": "march", "consolidate": "consolidate"}
STEP_LABELS = {"raid": N_("Resolve Raid orders"), "march": N_("Resolve March orders"),
               "consolidate": N_("Resolve Consolidate Power orders"), "done": N_("Action phase over")}


# -- turns -----------------------------------------------------------------------------------
def orders_of(state: State, house: str, kind: str) -> list[str]:
    return sorted(a for a, o in state.get("orders", {}).items()
                  if o["house"] == house and ot.TOKENS[o["token"]].kind == kind)


def start(state: State, ctx: Ctx) -> None:
    """The action phase begins with the raid step, first house on the Iron Throne (seed 000 p.14)."""
    state["action"] = {"step": "raid", "turn": None, "routed": {}, "combat": None, "muster": None,
                       "last": None, "order": tracks.turn_order(state)}
    _next_turn(state, ctx, first=True)


def _next_turn(state: State, ctx: Ctx, first: bool = False) -> None:
    """Pass to the next house in turn order holding an order of this step; when none is left, go
    to the next step (seed 000 p.14-16: each house resolves one order, round and round)."""
    act = state["action"]
    while act["step"] in STEPS:
        if act["step"] == "raid":
            _drop_pointless_raids(state, ctx)
        kind = STEP_KIND[act["step"]]
        order = act["order"] = tracks.turn_order(state)  # live: Doran Martell may move the Iron Throne
        start_at = 0 if first or act["turn"] not in order else order.index(act["turn"]) + 1
        for i in range(len(order)):
            house = order[(start_at + i) % len(order)]
            if orders_of(state, house, kind):
                act["turn"] = house
                return
        act["step"] = STEPS[STEPS.index(act["step"]) + 1] if act["step"] != "consolidate" else "done"
        act["turn"] = None
        first = True
    clean_up(state, ctx)


def _require_turn(state: State, ctx: Ctx) -> str:
    """The house whose turn it is in this step (the declared stages let a step's moves through only
    while no combat or mustering runs in it, seed 000 p.14)."""
    house = state["action"]["turn"]
    ctx.actor.require(house)
    return cast("str", house)


def _own_order(state: State, house: str, aid: str, kind: str) -> dict[str, Any]:
    o = state.get("orders", {}).get(aid)
    if not o or o["house"] != house or ot.TOKENS[o["token"]].kind != kind:
        raise RuleError("You have no %(kind)s order in %(area)s.", "seed 000 p.14", kind=kind, area=str(aid)[:40])
    return cast("dict[str, Any]", o)


# -- raids -----------------------------------------------------------------------------------
def raid_targets(state: State, src: str) -> list[str]:
    """Orders a raid in ``src`` may remove (seed 000 p.14; special raid p.22; ports p.25).

    Enemy Support, Raid or Consolidate Power orders in adjacent areas (the special raid also takes
    Defense); a land raid never hits a sea area or a port; a raid in a port hits only its sea.
    """
    o = state["orders"][src]
    star = ot.TOKENS[o["token"]].star
    kinds = {"support", "raid", "consolidate"} | ({"defense"} if star else set())
    src_type = area(src).type
    out = []
    for dst in area(src).adjacent:
        t = state["orders"].get(dst)
        if not t or t["house"] == o["house"] or ot.TOKENS[t["token"]].kind not in kinds:
            continue
        dst_type = area(dst).type
        if src_type == "land" and dst_type != "land":
            continue
        if src_type == "port" and dst_type != "sea":
            continue
        out.append(dst)
    return sorted(out)


def _drop_pointless_raids(state: State, ctx: Ctx) -> None:
    """A raid with no legal target is removed without effect (seed 000 p.14, example p.15 step 5)."""
    for aid, o in sorted(state.get("orders", {}).items()):
        if ot.TOKENS[o["token"]].kind == "raid" and not raid_targets(state, aid):
            del state["orders"][aid]
            ctx.log(N_("%(house)s: the Raid order in %(area)s has no target and is removed"),
                    house=_h(o["house"]), area=_a(aid))


def raid(state: State, ctx: Ctx, action: P.Raid) -> None:
    """Resolve one raid: remove the target order and the raid (seed 000 p.14); pillage p.14."""
    house = _require_turn(state, ctx)
    src = action.from_ or ""
    _own_order(state, house, src, "raid")
    target = action.target or ""
    victim = None
    if target:
        if target not in raid_targets(state, src):
            raise RuleError("The raid in %(from)s cannot remove the order in %(target)s.", "seed 000 p.14",
                            target=target[:40], **_from(src))
        removed = state["orders"].pop(target)
        victim = removed["house"]
        kind = ot.TOKENS[removed["token"]].kind
        if kind == "consolidate":
            power.gain(state, house, 1)
            lost = power.discard(state, victim, 1)
            ctx.log(N_("%(house)s raids %(target)s from %(from)s and pillages %(victim)s (+1 power; %(victim)s loses %(lost)s)"),
                    house=_h(house), target=_a(target), victim=_h(victim), lost=lost,
                    **_from(_a(src)))
        else:
            ctx.log(N_("%(house)s raids %(target)s from %(from)s: the %(kind)s order of %(victim)s is removed"),
                    house=_h(house), target=_a(target), kind=tr(ot.KIND_LABELS[kind]),
                    victim=_h(victim), **_from(_a(src)))
    else:
        ctx.log(N_("%(house)s removes its Raid order in %(area)s without effect"), house=_h(house),
                area=_a(src))
    del state["orders"][src]
    state["action"]["last"] = {"kind": "raid", "house": house, "from": src, "target": target or None,
                               "victim": victim}
    _next_turn(state, ctx)


# -- marches ---------------------------------------------------------------------------------
def _parse_moves(action: P.March) -> list[dict[str, Any]]:
    """Moves come as JSON ``[{"to": area, "footman": n, ...}]`` or as phone rows ``m<i>_to``,
    ``m<i>_<kind>`` (the model collects those into ``moves``)."""
    if not isinstance(action.moves, list):
        raise RuleError("Say where each unit goes.", "companion: input")
    out = []
    for m in action.moves:
        if not m.to:
            raise RuleError("Say where each unit goes.", "companion: input")
        counts = {k: n for k in UNIT_KINDS if (n := getattr(m, k))}
        if not counts:  # a destination without units is a mis-tap, not a wish to stay (design: mis-taps)
            raise RuleError("Choose how many units go to %(area)s.", "companion: input", area=m.to[:40])
        out.append({"to": m.to, "units": counts})
    return out


def is_enemy_target(state: State, house: str, dst: str) -> bool:
    owner = unit_owner(state, dst)
    if owner not in (None, house) and areas.count(state, dst):
        return True
    if state.get("neutral", {}).get(dst):
        return True
    home = area(dst).home
    return bool(owner is None and state.get("garrisons", {}).get(dst) and home and home != house
                and state.get("control", {}).get(dst, home) == home)


def march(state: State, ctx: Ctx, action: P.March) -> None:
    """Resolve one march (seed 000 p.15): any units move to adjacent areas (or by ship, p.23); at
    most one move starts a combat and is resolved after the others; entering an area holding only
    an enemy power token sends it back to its pool (p.24); leaving an area empty may keep control
    with a power token, decided before any combat (p.24)."""
    house = _require_turn(state, ctx)
    src = action.from_ or ""
    order = _own_order(state, house, src, "march")
    moves = _parse_moves(action)
    here = areas.units(state, src) or {"house": house}
    foreign = checks_38(state) and here.get("house") not in (None, house)
    if moves and foreign:
        # an order moves only its own house's units (p.15); the mirror was corrected since the reveal
        raise RuleError("The board shows the units of %(owner)s in %(area)s: a March order moves only your own "
                        "units. Correct the board if it is wrong.", "seed 000 p.15", status=409,
                        entry="orders-march", owner=_h(here["house"]), area=_a(src))
    routed = state["action"]["routed"].get(src, {})
    free = {k: here.get(k, 0) - routed.get(k, 0) for k in UNIT_KINDS}
    total = {k: sum(m["units"].get(k, 0) for m in moves) for k in UNIT_KINDS}
    for k, n in total.items():
        if n > free[k]:
            raise RuleError("Only %(count)s %(kind)s can march from %(area)s (routed units never move).",
                            "seed 000 p.15, p.21", count=free[k], kind=k, area=src)
    fights = []
    for m in moves:
        dst = m["to"]
        if dst == src:
            raise RuleError("Units that stay need no move.", "seed 000 p.15")
        if state.get("neutral", {}).get(dst) == 0 and dst in state.get("neutral", {}):
            raise RuleError("%(area)s is impassable.", "seed 000 p.26", area=dst)
        for kind in m["units"]:
            if not can_enter(state, house, src, dst, kind):
                raise RuleError("Your %(kind)s cannot march from %(from)s to %(to)s.", "seed 000 p.15, p.23, p.25",
                                kind=kind, to=dst, **_from(src))
        if is_enemy_target(state, house, dst):
            fights.append(m)
        elif area(dst).type == "port" and areas.count(state, dst) + sum(m["units"].values()) > 3 \
                and unit_owner(state, dst) in (None, house):
            raise RuleError("A port never holds more than 3 ships.", "seed 000 p.25")
    if len({m["to"] for m in fights}) > 1 or len(fights) > 1:
        raise RuleError("One March order starts at most one combat.", "seed 000 p.13")
    peaceful = [m for m in moves if m not in fights]
    empties = not any(here.get(k, 0) - total.get(k, 0) for k in UNIT_KINDS)
    keep = bool(action.leave_power)
    if keep and not (empties and area(src).is_land):
        raise RuleError("A power token keeps control only of a land area you leave empty.", "seed 000 p.24")
    # move the peaceful units first (seed 000 p.15); the server drops this copy if a check fails
    if not foreign:  # resolved without moving: another house's units stay as the board shows them
        _take(state, src, house, total)
    arrivals: dict[str, int] = {}
    for m in moves:
        arrivals[m["to"]] = arrivals.get(m["to"], 0) + sum(m["units"].values())
    if not supply.can_hold_all(state, house, arrivals):
        raise RuleError("Moving there would exceed your supply limit.", "seed 000 p.9")
    if keep and state.get("tokens", {}).get(src) != house:
        power.place_token(state, house, src)
    for m in peaceful:
        _arrive(state, ctx, house, m["to"], m["units"])
    areas.recompute_control(state, src)
    for m in moves:
        ctx.log(N_("%(house)s marches %(n)s unit from %(from)s to %(to)s"), house=_h(house),
                _plural="%(house)s marches %(n)s units from %(from)s to %(to)s",
                n=sum(m["units"].values()), to=_a(m["to"]), **_from(_a(src)))
    if not moves:
        ctx.log(N_("%(house)s resolves its March order in %(area)s without moving"), house=_h(house), area=_a(src))
    state["action"]["last"] = {"kind": "march", "house": house, "from": src, "moves": moves}
    if fights:
        begin_combat(state, ctx, house, src, fights[0]["to"], fights[0]["units"], order["token"])
        _after_combat(state, ctx)  # a neutral force may fall at once (p.26)
        return
    del state["orders"][src]
    _next_turn(state, ctx)


def _take(state: State, src: str, house: str, units: dict[str, int]) -> None:
    here = areas.units(state, src) or {"house": house}
    left = {k: here.get(k, 0) - units.get(k, 0) for k in UNIT_KINDS}
    areas.set_units(state, src, house, left)


def _arrive(state: State, ctx: Ctx, house: str, dst: str, units: dict[str, int]) -> None:
    """Units enter a friendly or empty area; an enemy power token there returns to its pool (p.24)."""
    token_owner = state.get("tokens", {}).get(dst)
    if token_owner not in (None, house):
        power.remove_token(state, dst)
        ctx.log(N_("%(house)s enters %(area)s: the power token of %(owner)s returns to its pool"),
                house=_h(house), area=_a(dst), owner=_h(token_owner))
    areas.add_units(state, dst, house, **units)


def _after_combat(state: State, ctx: Ctx) -> None:
    """When the combat procedure has ended (``combat`` is None again), the March step goes on
    with the next house (seed 000 p.21)."""
    if state["action"]["combat"] is None:
        _next_turn(state, ctx)


def in_combat(run: Handler) -> Handler:
    """A move of the running combat: the combat procedure decides it, and once it has ended the
    action phase takes the table back (the combat is nested in the March step, seed 000 p.15-21)."""
    def step(state: State, ctx: Ctx, action: Params) -> str | None:
        answered = run(state, ctx, action)
        _after_combat(state, ctx)
        return answered

    return step


class MarchCombat(Combat):
    """The combat as the March step runs it: its handlers (the sealed house card) hand the table
    back to the step once the combat is over."""

    handlers = {move: in_combat(run) for move, run in Combat.handlers.items()}


#: the combat's own moves (declared in ``combat.py``), each handing the table back to the March
#: step once the combat is over
COMBAT_MOVES = tuple(replace(m, run=in_combat(m.run)) for m in COMBAT_OWN_MOVES)


# -- consolidate power -----------------------------------------------------------------------
def consolidate_income(state: State, aid: str, house: str) -> int:
    """Power from a Consolidate Power order (seed 000 p.14-15, ports p.25).

    1 + crowns on land; at sea nothing; in a port 1 unless an enemy ship is in its sea (then 0).
    """
    a = area(aid)
    if a.type == "sea":
        return 0
    if a.type == "port":
        enemy = unit_owner(state, a.sea)
        return 0 if enemy not in (None, house) and areas.count(state, a.sea) else 1
    return 1 + a.crowns


def consolidate(state: State, ctx: Ctx, action: P.Consolidate) -> None:
    """Resolve one Consolidate Power order: gain power, or (special token) muster there (seed 000 p.15, p.22)."""
    house = _require_turn(state, ctx)
    src = action.from_ or ""
    order = _own_order(state, house, src, "consolidate")
    muster = bool(action.muster)
    if muster:
        tok = ot.TOKENS[order["token"]]
        if not tok.star:
            raise RuleError("Only the special Consolidate Power order can muster.", "seed 000 p.22")
        a = area(src)
        if a.type != "land" or not a.muster_points:
            raise RuleError("Mustering needs a castle or stronghold in the order's area (not a port).",
                            "seed 000 p.22, p.25")
        del state["orders"][src]
        state["action"]["muster"] = {"house": house, "area": src, "points": a.muster_points}
        ctx.log(N_("%(house)s musters in %(area)s with the special Consolidate Power order"),
                house=_h(house), area=_a(src))
        return
    gain = consolidate_income(state, src, house)
    got = power.gain(state, house, gain)
    del state["orders"][src]
    ctx.log(N_("%(house)s consolidates power in %(area)s: +%(count)s"), house=_h(house),
            area=_a(src), count=got)
    state["action"]["last"] = {"kind": "consolidate", "house": house, "from": src, "gain": got}
    _next_turn(state, ctx)


def muster(state: State, ctx: Ctx, action: P.Muster) -> None:
    """Recruit one unit (or upgrade one footman) with the special order's points, exactly as a
    Mustering card does in that one area (seed 000 p.9-10, p.22; ``mustering.recruit``)."""
    m = state["action"]["muster"]
    ctx.actor.require(m["house"])
    step = {"points": {m["area"]: m["points"]}}
    mustering.recruit(state, ctx, step, m["house"], action.model_copy(update={"area": m["area"]}))
    m["points"] = step["points"][m["area"]]
    if m["points"] <= 0:
        _end_muster(state, ctx)


def muster_done(state: State, ctx: Ctx, action: Params) -> None:
    """Unused mustering points are lost (seed 000 p.9)."""
    m = state["action"]["muster"]
    ctx.actor.require(m["house"])
    _end_muster(state, ctx)


def _end_muster(state: State, ctx: Ctx) -> None:
    m = state["action"]["muster"]
    state["action"]["muster"] = None
    state["action"]["last"] = {"kind": "muster", "house": m["house"], "from": m["area"]}
    _next_turn(state, ctx)


# -- clean-up --------------------------------------------------------------------------------
def clean_up(state: State, ctx: Ctx) -> None:
    """Remaining orders leave the board, routed units stand up, Blade and Raven flip back (seed 000 p.16)."""
    state["orders"] = {}
    state["action"]["routed"] = {}
    state["action"]["step"] = "done"
    state["action"]["turn"] = None
    tracks.refresh(state)
    ctx.log(N_("Action phase over: orders removed, Valyrian Steel Blade and Messenger Raven available again"))
    state["phase"] = "action_done"


def pass_order(state: State, ctx: Ctx, action: P.FromArea) -> None:
    """Remove one of your orders of this step without effect (raids p.14; a march may move nobody, p.15)."""
    act = state["action"]
    house = _require_turn(state, ctx)
    src = action.from_ or ""
    _own_order(state, house, src, STEP_KIND[act["step"]])
    del state["orders"][src]
    ctx.log(N_("%(house)s removes its order in %(area)s without effect"), house=_h(house),
            area=_a(src))
    _next_turn(state, ctx)


class SpecialMuster(Procedure):
    """Mustering with a special Consolidate Power order, nested in its step (seed 000 p.22)."""

    name = "muster"
    moves = {"": ("muster", "muster_done")}
    handlers = {"muster": muster, "muster_done": muster_done}

    def active(self, state: State) -> bool:
        return bool((state.get("action") or {}).get("muster"))

    def waiting_for(self, state: State) -> list[str]:
        return [state["action"]["muster"]["house"]]


class ActionPhase(Phase):
    """The action phase (seed 000 p.13-16): raids, marches, consolidations in turn order; a combat
    or a special mustering runs nested in its step. The host may play the round on the board."""

    name = "action"
    moves = {"": ("round_done_on_board",), "raid": ("raid", "pass_order"), "march": ("march", "pass_order"),
             "consolidate": ("consolidate", "pass_order")}
    children = (MarchCombat(), SpecialMuster())

    def waiting_for(self, state: State) -> list[str]:
        act = state.get("action")
        return [act["turn"]] if act and act["step"] != "done" and act["turn"] else []


ACTION = ActionPhase()

#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
RAID_CHECKS = Checks(
    "`raid`", row=60, pages="p.14, p.22, p.25",
    text=("the house in turn; its own Raid order in `from`; the target an adjacent enemy Support, Raid or"
          " Consolidate Power (Defense too for the special Raid), never at sea from land, a port's raid "
          "only into its sea"))

MARCH_CHECKS = Checks(
    "`march`", row=70, pages="p.13, p.15, p.21, p.23-26, p.9",
    text=("the house in turn; its own March order in `from`; the units moved are its own **(38)** and not"
          " more than its unrouted units there; every destination enterable (adjacency, ship transport, "
          "friendly ports), not impassable; at most one combat; a port ≤ 3 ships; supply; a power token "
          "only for an emptied land area"))

CONSOLIDATE_CHECKS = Checks(
    "`consolidate` / `pass_order`", row=80, pages="p.14-15, p.22, p.25",
    text=("the house in turn; its own order of this step; mustering only with the special order on land "
          "with a castle or stronghold (not a port)"))


#: the action steps' own moves, taken at the stages :class:`ActionPhase` lists (``muster`` and
#: ``muster_done`` are shared with the Mustering card: ``moves.py`` declares them)
MOVES = (
    Move("raid", raid, "Resolve a Raid order: remove an adjacent enemy order (or nothing).",
         "seed 000 p.14", P.Raid, who="seat",
         details=("The house whose turn it is, `action.step == \"raid\"`: removes both orders; raiding a "
                  "Consolidate Power pillages (+1 raider, −1 victim if it can, p.14). Raids without a "
                  "legal target are removed automatically."), checks=(RAID_CHECKS,)),
    Move("march", march, "Resolve a March order: move units; at most one move starts a combat.",
         "seed 000 p.15", P.March, who="seat",
         details=("The house whose turn it is, `action.step == \"march\"`: peaceful moves first; at most one"
                  " move may enter enemy units, a garrison or a neutral force, which starts the combat; an"
                  " enemy power token alone returns to its pool (p.24). Adjacency, ship transport (p.23), "
                  "friendly ports only, 3 ships per port and supply (p.9) are checked; `leave_power` is "
                  "decided before any combat."), checks=(MARCH_CHECKS,)),
    Move("consolidate", consolidate, "Resolve a Consolidate Power order: gain power, or muster with the special order.",
         "seed 000 p.15", P.Consolidate, who="seat",
         details=("+1 power and +1 per crown; a port gives 1, or 0 with an enemy ship in its sea; at sea 0"
                  " (p.14-15, p.25). `muster`: the special token only, in its castle or stronghold, never "
                  "a port."), checks=(CONSOLIDATE_CHECKS,)),
    Move("pass_order", pass_order, "Remove one of your orders of this step without effect.",
         "seed 000 p.14", P.FromArea, who="seat",
         details='The house whose turn it is.', checks=(CONSOLIDATE_CHECKS,)),
)


def waiting_for(state: State) -> list[str]:
    """Who the table waits on: the combat's current decider, the musterer, or the house whose turn it is."""
    return ACTION.waiting(state) if state.get("action") else []
