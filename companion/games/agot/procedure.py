"""One idiom for every multi-step procedure of the table (seed 000 p.7: one thing at a time).

In the spirit of Swords and Ravens' nested game states, a procedure is a small state with its own
allowed moves and the seats it waits on: a phase (Westeros, planning, action) runs a step (a
Westeros card's procedure, a Clash of Kings, a wildling attack; an action step), which may run a
nested one (a combat, a special mustering). The game's stage is the path of the active procedures
(``"action/combat/support"``), whom the table waits on is what the innermost active one says, and
a declared move is allowed exactly where a procedure lists it (:func:`where`).

Each procedure module declares its own moves (``MOVES``: the :class:`~companion.moves.Move`
declarations, beside their handlers and the procedure's stages); ``moves.py`` only assembles
them into ``Game.moves``. A move that several procedures take (the sealed ``answer``: a bid, the
secret orders, a house card) is declared once, and each procedure that takes it names its own
handler in :attr:`Procedure.handlers`; the move runs the handler of the innermost running
procedure (:func:`dispatch`), a declared table where a phase router used to be.

Procedures only *read* the state's own parts (the JSON layout the views, the event log and the
replay know): they add nothing to the state, so an old log replays to the very same states.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...moves import Handler, Params
from ..base import Ctx, RuleError, State


class Procedure:
    """A procedure: its ``name`` (a segment of the stage path), the moves it takes at each of its
    own stages (``moves[""]``: anywhere inside it, nested procedures included), the handler it
    runs for each move it shares with other procedures (``handlers``) and the procedures that may
    run inside it. Subclasses say when they are active, which of their own
    stages they are at, and whom they wait on."""

    name: str = ""
    moves: Mapping[str, tuple[str, ...]] = {}
    handlers: Mapping[str, Handler] = {}
    children: tuple[Procedure, ...] = ()

    def active(self, state: State) -> bool:
        """Whether this procedure is running now (its parent being active)."""
        return False

    def sub(self, state: State) -> str | None:
        """The procedure's own stage (e.g. a combat's ``"support"``), or None."""
        return None

    def waiting_for(self, state: State) -> list[str]:
        """Seats this procedure waits on while no nested procedure runs."""
        return []

    # -- composed ---------------------------------------------------------------------------------
    def running(self, state: State) -> Procedure | None:
        """The nested procedure running now, if any."""
        return next((c for c in self.children if c.active(state)), None)

    def stage(self, state: State) -> str:
        """The path of this procedure and the nested ones running in it."""
        child = self.running(state)
        if child is not None:
            return f"{self.name}/{child.stage(state)}"
        sub = self.sub(state)
        return f"{self.name}/{sub}" if sub else self.name

    def waiting(self, state: State) -> list[str]:
        """Whom the table waits on: the innermost running procedure decides."""
        child = self.running(state)
        return child.waiting(state) if child is not None else list(self.waiting_for(state))

    def paths(self, prefix: str = "") -> Iterator[tuple[str, str]]:
        """Every (stage path, move) pair this procedure and its nested ones allow."""
        here = f"{prefix}{self.name}"
        for sub, names in self.moves.items():
            for move in names:
                yield (f"{here}/{sub}" if sub else here), move
        for child in self.children:
            yield from child.paths(here + "/")


class Phase(Procedure):
    """A phase of the round (seed 000 p.7: Westeros, planning, action): running while
    ``state["phase"]`` is its name. A phase that keeps its own part of the state under its name
    (``state["planning"]``, ``state["action"]``) is at that part's ``step``."""

    def active(self, state: State) -> bool:
        return bool(state["phase"] == self.name)

    def sub(self, state: State) -> str | None:
        part = state.get(self.name)
        return str(part["step"]) if isinstance(part, dict) and "step" in part else None


def where(procedures: tuple[Procedure, ...], move: str) -> tuple[str, ...]:
    """The stage paths where ``move`` is allowed (a declared move's ``stages``)."""
    out: list[str] = []
    for proc in procedures:
        out += [path for path, name in proc.paths() if name == move and path not in out]
    return tuple(out)


def _handler(procedures: tuple[Procedure, ...], state: State, move: str) -> Handler | None:
    """The handler of the innermost running procedure that takes ``move`` (its ``handlers``)."""
    proc = next((p for p in procedures if p.active(state)), None)
    found = None
    while proc is not None:
        found = proc.handlers.get(move, found)
        proc = proc.running(state)
    return found


def dispatch(procedures: tuple[Procedure, ...], move: str) -> Handler:
    """The run of a move several procedures take: the running procedure's own handler. The move's
    stages already refuse it anywhere no procedure takes it (seed 000 p.7: one procedure at a
    time); the refusal below only guards a procedure that lists a move without a handler."""
    def run(state: State, ctx: Ctx, action: Params) -> str | None:
        handler = _handler(procedures, state, move)
        if handler is None:
            raise RuleError("Nothing is waiting for an answer right now.", "seed 000 p.7", status=409)
        return handler(state, ctx, action)

    return run


def missing_handlers(procedures: tuple[Procedure, ...], move: str) -> list[str]:
    """Stage paths where a procedure lists the shared ``move`` without naming its handler."""
    out: list[str] = []

    def walk(proc: Procedure, prefix: str) -> None:
        here = f"{prefix}{proc.name}"
        if any(move in names for names in proc.moves.values()) and move not in proc.handlers:
            out.append(here)
        for child in proc.children:
            walk(child, here + "/")

    for proc in procedures:
        walk(proc, "")
    return out
