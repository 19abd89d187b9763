"""The step machine of the Westeros phase (and of the wildling procedures nested in it).

Each multi-step procedure (a Westeros card, a Clash of Kings, a wildling attack) is a small *step*
dict with a ``kind``; ``state["queue"]`` holds the steps still to run, ``state["current"]`` the one
the table is in. A step either finishes as soon as it starts (e.g. Game of Thrones) or waits for
phones; its handler marks ``done`` and calls :func:`advance`, which starts the next one. This keeps
"what the table waits for" a plain function of the current step (seed 000 p.7: cards resolve in deck
order, one procedure at a time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Ctx

State = dict[str, Any]
Step = dict[str, Any]

#: kind -> start(state, ctx, step); filled by the modules that own each kind.
STARTERS: dict[str, Callable[[State, Ctx, Step], None]] = {}
#: kind -> act(state, ctx, step, action); the actions a waiting step accepts.
ACTORS: dict[str, Callable[[State, Ctx, Step, dict[str, Any]], None]] = {}
#: kind -> waiting(state, step) -> seats the step waits on.
WAITERS: dict[str, Callable[[State, Step], list[str]]] = {}
#: kind -> check(state, ctx, step): re-evaluated after every action (e.g. armies now fit supply).
CHECKERS: dict[str, Callable[[State, Ctx, Step], None]] = {}
#: called when the queue runs dry (set by rules: Westeros phase over -> planning).
ON_EMPTY: list[Callable[[State, Ctx], None]] = []


def register(kind: str, start: Callable, act: Callable | None = None, waiting: Callable | None = None,
             check: Callable | None = None) -> None:
    STARTERS[kind] = start
    if check is not None:
        CHECKERS[kind] = check
    if act is not None:
        ACTORS[kind] = act
    if waiting is not None:
        WAITERS[kind] = waiting


def push(state: State, *steps: Step, front: bool = False) -> None:
    """Queue steps; ``front`` runs them right after the current step (a card's sub-procedures)."""
    if front:
        state["queue"][0:0] = list(steps)
    else:
        state["queue"].extend(steps)


def current(state: State) -> Step | None:
    cur = state.get("current")
    return cur if cur and not cur.get("done") else None


def advance(state: State, ctx: Ctx) -> None:
    """Start queued steps until one waits for the table, or the queue is empty."""
    for _ in range(200):  # a guard: no procedure chains anywhere near this many steps
        if state.get("winner"):
            state["queue"] = []
            state["current"] = None
            return
        cur = current(state)
        if cur is not None:
            state["step"] = cur["kind"]
            return
        if state["queue"]:
            step = state["queue"].pop(0)
            state["current"] = step
            state["step"] = step["kind"]
            STARTERS[step["kind"]](state, ctx, step)
            continue
        state["current"] = None
        for hook in ON_EMPTY:
            hook(state, ctx)
        return
    raise RuntimeError("step machine did not settle")


def finish(state: State, ctx: Ctx, step: Step) -> None:
    step["done"] = True
    advance(state, ctx)


def recheck(state: State, ctx: Ctx) -> None:
    """Let the current step notice a change made by a correction action."""
    cur = current(state)
    if cur is not None and cur["kind"] in CHECKERS:
        CHECKERS[cur["kind"]](state, ctx, cur)


def waiting(state: State) -> list[str]:
    cur = current(state)
    if cur is None or cur["kind"] not in WAITERS:
        return []
    return WAITERS[cur["kind"]](state, cur)
