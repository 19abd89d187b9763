"""How long the table waits on windows nobody uses (issue 24): one countdown per run of windows.

A *run* is every opportunity round between two points where someone does something: an input
(plot, first player, title, strength, dominance), the active player's decision, the active
player's own marshalling segment, or any tap (an action, a response, a Pass, a passive noted).
With the table option ``window_pace`` = ``"run"`` (the default for new tables) the first round of
a run shows the usual countdown on every phone with the question "anything before <where the run
ends>?". When every phone reports *nothing* at zero (or taps Nothing), the rest of the run is
passed for everyone at once, window after window in the FAQ's order, exactly as if each player had
passed each opportunity in turn (seed 003 Page 6: a round ends when all players pass in
succession). When any phone reports Wait, the round goes on as before: the waiting player gets the
opportunity in turn, and the next round of the run asks again. Nothing of this is shown before
every phone has reported, and every phone reports once per countdown, so no device learns who
waited (the same rule as issue 15's Wait).

``"each"`` is the issue 15 behaviour (one countdown per round); tables created before this option
existed replay with it (the option's ``legacy`` value in :class:`.options.LcgOptions`).
"""

from __future__ import annotations

from typing import Any

from .options import LcgOptions


def on(state: dict[str, Any]) -> bool:
    return LcgOptions.of(state).window_pace == "run"


def quiet(state: dict[str, Any]) -> bool:
    """Every phone said nothing for the current run: each seat passes each round of it, up to a
    window someone asked to be stopped at."""
    return on(state) and (state.get("run") or {}).get("mode") == "quiet" and not stops_here(state)


def reset(state: dict[str, Any], keep_stops: bool = True) -> None:
    """Someone did something: the next countdown asks again (a new run). The windows players asked
    to be stopped at stay armed until the run reaches its decision (``keep_stops``)."""
    if on(state):
        old = state.get("run") or {}
        state["run"] = {"mode": "ask", "rid": None, "end": None, "boxes": [],
                        "stops": dict(old.get("stops") or {}) if keep_stops else {},
                        "armed": dict(old.get("armed") or {}) if keep_stops else {}}


def stop_choices(state: dict[str, Any]) -> list[str]:
    """The later windows of the open run a player may ask to be stopped at (flowchart boxes after
    the current one, before the box where the run ends for a decision)."""
    run = state.get("run") or {}
    end = (run.get("end") or {}).get("box")
    return [b for b in (run.get("boxes") or [])[1:] if b != end]


def arm(state: dict[str, Any], seat: str, box: str) -> None:
    """A phone reported "nothing now, but stop me at ``box``": kept in the state only (never in a
    view), so the run passing quietly up to that window tells nobody who asked."""
    state["run"].setdefault("stops", {})[seat] = box


def stops_here(state: dict[str, Any]) -> bool:
    """A quiet run halts at a window someone asked to be stopped at."""
    return state["box"] in ((state.get("run") or {}).get("stops") or {}).values()


def armed(state: dict[str, Any], seat: str) -> bool:
    """This seat asked to be stopped in the current window: its phone's report counts as Wait."""
    got = ((state.get("run") or {}).get("armed") or {})
    return got.get("box") == state["box"] and seat in got.get("seats", [])


def round_over(state: dict[str, Any], rnd: dict[str, Any]) -> None:
    """A round closed. If every seat that could pass it reported *nothing* from its phone, the
    run goes quiet. The active player ending their own marshalling segment counts apart: their
    Pass is a tap, which starts a new run anyway (flow.must_end_segment)."""
    run = state.get("run")
    if not on(state) or not run or run["mode"] != "ask":
        return
    need = [s for s in rnd["order"] if not (rnd["exempt"] == s and state["phase"] == "marshalling")]
    if need and all(s in rnd.get("quiet", ()) for s in need):
        run["mode"] = "quiet"
