"""The story of a table: its figures at the end of every round, read back from the event log.

Pure Python like the engine. The log is replayed through the engine exactly as the server
replays it (undone actions skipped), and every figure is read from the game's **public view**
of the state at a round's end, never from the game state itself: what the history shows is what
the shared screen showed at that moment, so a secret cannot appear in it before its reveal, and a
card never revealed never appears at all. The game's own :class:`Chronicle` says which round a
state is in, which figures a row keeps and which moments (a combat, a bid, a breach) are worth
telling.

A round ends where the rules end it: an event that ends a round and goes on into the next (AGoT's
last order, then the next Westeros phase) marks the end with ``Ctx.round_end``; otherwise the
last state of a round is its end. The running round is the last row (``status: "live"``), the
round the game ended in is ``"final"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import engine
from .engine import EngineState, Event
from .games.base import Game, RuleError
from .games.chronicle import Chronicle, View


@dataclass
class Story:
    """A table's history: one row per round, and the public view at each round's end."""

    rounds: list[dict[str, Any]]
    views: dict[int, View] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    over: bool = False

    def json(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "over": self.over, "winners": self.winners}


def _public(game: Game, g: dict[str, Any]) -> View:
    return engine.public(game, {"g": g, "names": {}, "log": []})


def _keep(found: list[dict[str, Any]], moments: list[dict[str, Any]], seen: set[str]) -> None:
    for moment in found:
        if moment["key"] not in seen:
            seen.add(moment["key"])
            moments.append(moment)


def tell(game: Game, events: Sequence[Event], chronicle: Chronicle | None = None,
         pause: Callable[[int], None] | None = None) -> Story:
    """Replay ``events`` (from the setup event on) and keep each round's end; ``pause(i)`` as in
    :func:`companion.engine.replay`."""
    chron = chronicle or game.chronicle or Chronicle()
    reverted = engine.undone(events)
    setup, rest = events[0], events[1:]
    state: EngineState = engine.initial_state(game, setup.action["options"], setup.seed)
    moments: dict[int, list[dict[str, Any]]] = {}
    ends: dict[int, View] = {}
    seen: set[str] = set()
    watched = chron.watch(state["g"])
    for i, event in enumerate(rest):
        if pause is not None:
            pause(i)
        if event.kind == "undo" or event.seq in reverted:
            continue
        before = state
        captured: list[dict[str, Any]] = []
        if event.kind == "action":
            try:
                state = engine.apply(game, state, event.who, event.action, event.seed, event.seq, captured)
            except RuleError:
                continue  # an old action that no longer applies (the engine skips it too)
        else:
            state = engine.service_event(state, event.kind, event.who, event.action, event.seq)
        for g in captured:
            view = _public(game, g)
            rnd = chron.round_of(g)
            _keep(chron.observe(view), moments.setdefault(rnd, []), seen)
            ends[rnd] = view
        old, new = chron.round_of(before["g"]), chron.round_of(state["g"])
        if new != old and old not in ends and old > 0:
            ends[old] = _public(game, before["g"])  # the last state of the round is its end
        key = chron.watch(state["g"])
        if key != watched:
            watched = key
            _keep(chron.observe(_public(game, state["g"])), moments.setdefault(new, []), seen)
    now = _public(game, state["g"])
    current = chron.round_of(state["g"])
    over = chron.over(now)
    if over or current not in ends:
        ends[current] = now
    rounds = []
    for rnd in sorted(r for r in ends if r > 0):
        status = "done"
        if rnd == current:
            status = "final" if over else "live"
        rounds.append({"round": rnd, "status": status, **chron.figures(ends[rnd]),
                       "moments": moments.get(rnd, [])})
    return Story(rounds=rounds, views={r: ends[r] for r in ends if r > 0},
                 winners=chron.winners(now) if over else [], over=over)
