"""The action phase as devices see it (seed 000 p.13-16): on the screen the step, whose turn, what
they may resolve, the last result and the combat panel; on one phone what this house must decide
now. The rules of the phase are :mod:`..action`."""

from __future__ import annotations

from typing import Any

from ...base import State
from .. import areas, mustering
from .. import board as board_data
from .. import orders as ot
from ..action import STEP_KIND, consolidate_income, is_enemy_target, orders_of, raid_targets
from ..combat_calc import UNIT_KINDS
from ..geography import area, can_enter
from ..options import checks_38
from . import combat_view


def _own_units(state: State, seat: str, aid: str) -> dict[str, Any]:
    """The units a March order in ``aid`` may move: the mirror's, unless it gives them to another
    house (then none, with the checks of issue 38: the phone offers only to resolve it without moving)."""
    here = areas.units(state, aid) or {}
    if checks_38(state) and here.get("house") not in (None, seat):
        return {}
    return here


def public(state: State) -> dict[str, Any]:
    """The screen: the step, whose turn, what they may resolve, the last result and the combat panel."""
    act = state.get("action")
    if not act:
        return {}

    house = act["turn"]
    kind = STEP_KIND.get(act["step"])
    view: dict[str, Any] = {"step": act["step"], "turn": house, "order": act["order"],
                            "routed": act["routed"], "last": act["last"], "muster": act["muster"],
                            "options": sorted(orders_of(state, house, kind)) if house and kind else [],
                            "combat": combat_view.public(state)}
    return view


def private(state: State, seat: str) -> dict[str, Any]:
    """The phone: what this house must decide now (raid targets, march sources, support, cards...)."""
    act = state.get("action")
    if not act:
        return {}

    view: dict[str, Any] = {"my_turn": act["turn"] == seat and not act["combat"] and not act["muster"]}
    if view["my_turn"]:
        kind = STEP_KIND[act["step"]]
        mine = orders_of(state, seat, kind)
        if kind == "raid":
            view["raids"] = [{"from": a, "targets": raid_targets(state, a)} for a in mine]
        elif kind == "march":
            view["marches"] = [{"from": a, "units": _own_units(state, seat, a),
                                "routed": act["routed"].get(a, {}),
                                "to": sorted({d for d in board_data.load().areas
                                              if any(can_enter(state, seat, a, d, k) for k in UNIT_KINDS
                                                     if _own_units(state, seat, a).get(k))})}
                               for a in mine]
            for m in view["marches"]:
                m["fights"] = [d for d in m["to"] if is_enemy_target(state, seat, d)]
        else:
            view["consolidates"] = [{"from": a, "gain": consolidate_income(state, a, seat),
                                     "can_muster": ot.TOKENS[state["orders"][a]["token"]].star
                                     and area(a).type == "land" and bool(area(a).muster_points)}
                                    for a in mine]
    if act["muster"] and act["muster"]["house"] == seat:
            view["muster"] = {**act["muster"], "ship_to": mustering.ship_targets(state, seat, act["muster"]["area"])}
    view["combat"] = combat_view.private(state, seat)
    return view
