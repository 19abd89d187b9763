"""Where the open run of windows would end (issue 24): the flow played ahead on a copy.

Kept apart from :mod:`.pace`, which only keeps a run's bookkeeping and is called by the flow: this
module drives the flow itself (``flow.advance`` on a copy), so it sits above both.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..base import Actor, Ctx
from . import flow, pace
from .windows import current_event, current_round, holder


def settle(state: dict[str, Any]) -> None:
    """After the flow stopped: a quiet run is over (a seat must decide); a round that asks for the
    first time learns where its run would end, for the question on the phones and the TV."""
    if not pace.on(state) or "_trace" in state:
        return
    run = state.get("run") or {}
    rnd = current_round(state)
    if rnd is None or flow.must_end_segment(state, rnd, holder(rnd)):
        pace.reset(state, keep_stops=False)  # the run reached its decision
        run = state["run"]
    elif run.get("mode") != "ask":  # a quiet run halted at a window someone asked for
        stops = run.get("stops") or {}
        seats = [s for s, box in stops.items() if box == state["box"]]
        pace.reset(state)
        run = state["run"]
        run["armed"] = {"box": state["box"], "seats": seats}
        run["stops"] = {s: b for s, b in stops.items() if s not in seats}
    if rnd is not None and run.get("rid") != rnd.get("rid"):
        run.update(rid=rnd.get("rid"), **preview(state))


def preview(state: dict[str, Any]) -> dict[str, Any]:
    """Where the run would end if every seat said nothing: the same flow, on a copy, with a
    throwaway log and random source (the copy stops at the next input, before any secret)."""
    sim = copy.deepcopy(state)
    sim["run"] = {"mode": "quiet", "stops": {}}
    sim["_trace"] = []
    flow.advance(sim, Ctx(actor=Actor(host=True), rng=random.Random(0)))
    top = sim["stack"][-1] if sim["stack"] else None
    end = {"box": sim["box"], "event": current_event(top), "phase": sim["phase"],
           "won": bool(sim["winner"]), "next_round": sim["round"] != state["round"]}
    return {"end": end, "boxes": [state["box"]] + [b for b in sim["_trace"] if b != state["box"]]}
