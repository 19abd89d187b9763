"""The step machine of the Westeros phase (and of the wildling procedures nested in it).

Each multi-step procedure of the phase (a Westeros card, a Clash of Kings, a wildling attack) is a
:class:`Step` procedure (``procedure.py``: its own moves and whom it waits on) acting on a small
*step* dict with a ``kind``; ``state["queue"]`` holds the steps still to run, ``state["current"]``
the one the table is in. A step either finishes as soon as it starts (e.g. Game of Thrones) or
waits for phones; its procedure marks it ``done`` and calls :func:`finish`, which starts the next
one (seed 000 p.7: cards resolve in deck order, one procedure at a time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...moves import Handler, Params
from ..base import Ctx, State
from .procedure import Procedure

Step = dict[str, Any]
Starter = Callable[[State, Ctx, Step], None]
#: a step's handler of one move: the running step and the move's validated fields
Actor = Callable[[State, Ctx, Step, Any], str | None]
Waiter = Callable[[State, Step], list[str]]
Checker = Callable[[State, Ctx, Step], None]


#: why the host's record of a card turned over from a shared deck has no input-checks row
#: (``Move.unchecked``): the card is the deck's, no player's own
UNCHECKED_HOST_DECK = "the host records a card turned over from a shared deck: it names nothing a player holds"


class StepProcedure(Procedure):
    """The procedure of one step kind: how it starts, the moves it takes at each of its stages
    (``moves``) and the step handler of each (``acts``: called with the running step), whom it
    waits on, and (``check``) what it re-evaluates after any move, e.g. armies now within supply."""

    def __init__(self, kind: str, start: Starter, waiting: Waiter | None = None,
                 check: Checker | None = None, sub: Callable[[Step], str | None] | None = None,
                 moves: Mapping[str, tuple[str, ...]] | None = None,
                 acts: Mapping[str, Actor] | None = None) -> None:
        self.name = kind
        self.start = start
        self.check = check
        self._waiting = waiting
        self._sub = sub
        self.moves = dict(moves or {})
        self.handlers = {move: self._on_step(act) for move, act in (acts or {}).items()}
        if unhandled := {m for names in self.moves.values() for m in names} - set(self.handlers):
            raise ValueError(f"step {kind!r} lists moves without a handler: {sorted(unhandled)}")

    def _on_step(self, act: Actor) -> Handler:
        """A move's handler for this step: it runs on the step the table is in (the move's stages
        only let it through while this procedure runs)."""
        def run(state: State, ctx: Ctx, action: Params) -> str | None:
            cur = current(state)
            assert cur is not None and cur["kind"] == self.name  # the declared stages say so
            return act(state, ctx, cur, action)

        return run

    def active(self, state: State) -> bool:
        cur = current(state)
        return cur is not None and cur["kind"] == self.name

    def sub(self, state: State) -> str | None:
        cur = current(state)
        return self._sub(cur) if self._sub is not None and cur is not None else None

    def waiting_for(self, state: State) -> list[str]:
        cur = current(state)
        return self._waiting(state, cur) if self._waiting is not None and cur is not None else []


#: the procedure of each step kind and what follows an empty queue, installed once by ``phases.py``
#: (the step modules call :func:`finish`, so they cannot be imported here)
STEPS: dict[str, StepProcedure] = {}
ON_EMPTY: list[Callable[[State, Ctx], None]] = []


def install(steps: tuple[StepProcedure, ...], on_empty: Callable[[State, Ctx], None]) -> None:
    STEPS.clear()
    STEPS.update({s.name: s for s in steps})
    ON_EMPTY[:] = [on_empty]


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
            STEPS[step["kind"]].start(state, ctx, step)
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
    check = STEPS[cur["kind"]].check if cur is not None else None
    if cur is not None and check is not None:
        check(state, ctx, cur)
