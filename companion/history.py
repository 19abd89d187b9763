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

The story is told one event at a time (:class:`Teller`): what an event adds (a round's end with its
figures and public view, a moment) is an :class:`Entry`, stored by the server in the transaction of
the event itself (:mod:`companion.story_store`), so asking for the story reads rows and the current
state and never replays a log (issue #39). :func:`tell` replays a whole log through the same teller:
an old table's first story, and the reference the stored story is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import engine
from .engine import EngineState, Event
from .games.base import Game, RuleError
from .games.chronicle import Chronicle, View


@dataclass
class Story:
    """A table's history: one row per round, and the public view at each round's end (when asked for)."""

    rounds: list[dict[str, Any]]
    views: dict[int, View] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    over: bool = False

    def json(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "over": self.over, "winners": self.winners}


@dataclass
class Entry:
    """What one event added to the story: a round's ``end`` (``data``: its figures; ``view``: the
    public view then) or a ``moment`` (``data``: the moment, named by ``key``). Entries are kept in
    the order they were told; the last end told for a round is its end."""

    kind: str
    round: int
    seq: int
    data: dict[str, Any]
    view: View | None = None
    key: str = ""


def _public(game: Game, g: dict[str, Any]) -> View:
    return engine.public(game, {"g": g, "names": {}, "log": []})


class Teller:
    """Tells one event at a time what it adds to the story, from the states before and after it."""

    def __init__(self, game: Game, chronicle: Chronicle | None = None) -> None:
        self.game = game
        self.chron = chronicle or game.chronicle or Chronicle()

    def step(self, before: dict[str, Any], after: dict[str, Any], round_ends: Sequence[dict[str, Any]], seq: int,
             seen: Container[str], has_end: Callable[[int], bool]) -> list[Entry]:
        """The entries event ``seq`` adds: ``before``/``after`` are the game states around it,
        ``round_ends`` the states it marked as a round's end (``Ctx.round_end``); ``seen`` holds the
        moment keys already told and ``has_end(round)`` says whether a round's end was (both are
        asked only when the event may add something)."""
        chron, out = self.chron, []
        told: set[str] = set()
        for g in round_ends:
            view = _public(self.game, g)
            rnd = chron.round_of(g)
            out += self._moments(chron.observe(view), rnd, seq, seen, told)
            out.append(Entry("end", rnd, seq, chron.figures(view), view))
        old, new = chron.round_of(before), chron.round_of(after)
        if new != old and old > 0 and not any(e.kind == "end" and e.round == old for e in out) \
                and not has_end(old):
            view = _public(self.game, before)  # the last state of the round is its end
            out.append(Entry("end", old, seq, chron.figures(view), view))
        if chron.watch(after) != chron.watch(before):
            out += self._moments(chron.observe(_public(self.game, after)), new, seq, seen, told)
        return out

    @staticmethod
    def _moments(found: list[dict[str, Any]], rnd: int, seq: int, seen: Container[str],
                 told: set[str]) -> list[Entry]:
        out = []
        for moment in found:
            key = str(moment["key"])
            if key not in told and key not in seen:
                told.add(key)
                out.append(Entry("moment", rnd, seq, moment, key=key))
        return out


class Told:
    """The entries told so far in one pass over a log (a replay, an import), with the moment keys
    and round ends they already cover."""

    def __init__(self, game: Game, chronicle: Chronicle | None = None) -> None:
        self.teller = Teller(game, chronicle)
        self.entries: list[Entry] = []
        self.seen: set[str] = set()
        self.ended: set[int] = set()

    def step(self, before: dict[str, Any], after: dict[str, Any], round_ends: Sequence[dict[str, Any]],
             seq: int) -> None:
        for entry in self.teller.step(before, after, round_ends, seq, self.seen, self.ended.__contains__):
            self.entries.append(entry)
            (self.seen.add(entry.key) if entry.kind == "moment" else self.ended.add(entry.round))


class Replay:
    """A log replayed through a :class:`Teller` (undone actions skipped, as the engine replays
    them): the entries told so far and the state reached. :meth:`feed` goes on with later events,
    so a long replay done outside a table's lock only has the last few events to catch up on under
    it; an undo of an event already fed cannot be fed (:meth:`undoes` says so: replay afresh)."""

    def __init__(self, game: Game, setup: Event, chronicle: Chronicle | None = None) -> None:
        self.game = game
        self.told = Told(game, chronicle)
        self.state: EngineState = engine.initial_state(game, setup.action["options"], setup.seed)
        self.version = setup.seq

    def undoes(self, events: Sequence[Event]) -> bool:
        """Whether ``events`` undo an event this replay already went past."""
        return any(seq <= self.version for seq in engine.undone(events))

    def feed(self, events: Sequence[Event], pause: Callable[[int], None] | None = None) -> None:
        reverted = engine.undone(events)
        for i, event in enumerate(events):
            if pause is not None:
                pause(i)
            self.version = max(self.version, event.seq)
            if event.kind in ("undo", "setup") or event.seq in reverted:
                continue
            before = self.state
            captured: list[dict[str, Any]] = []
            if event.kind == "action":
                try:
                    self.state = engine.apply(self.game, before, event.who, event.action, event.seed, event.seq,
                                              captured)
                except RuleError:
                    continue  # an old action that no longer applies (the engine skips it too)
            else:
                self.state = engine.service_event(before, event.kind, event.who, event.action, event.seq)
            self.told.step(before["g"], self.state["g"], captured, event.seq)


def replay(game: Game, events: Sequence[Event], chronicle: Chronicle | None = None,
           pause: Callable[[int], None] | None = None) -> Replay:
    """Replay ``events`` (from the setup event on) through a :class:`Teller`; ``pause(i)`` as in
    :func:`companion.engine.replay`."""
    told = Replay(game, events[0], chronicle)
    told.feed(events[1:], pause)
    return told


def assemble(game: Game, entries: Iterable[Entry], g: dict[str, Any], chronicle: Chronicle | None = None) -> Story:
    """The story from its entries (in the order told) and the table's current game state: the
    running round's figures are read from the current public view."""
    chron = chronicle or game.chronicle or Chronicle()
    figures: dict[int, dict[str, Any]] = {}
    views: dict[int, View] = {}
    moments: dict[int, list[dict[str, Any]]] = {}
    for entry in entries:
        if entry.kind == "end":
            figures[entry.round] = entry.data
            if entry.view is not None:
                views[entry.round] = entry.view
        else:
            moments.setdefault(entry.round, []).append(entry.data)
    now = _public(game, g)
    current = chron.round_of(g)
    over = chron.over(now)
    if over or current not in figures:
        figures[current] = chron.figures(now)
        views[current] = now
    rounds = []
    for rnd in sorted(r for r in figures if r > 0):
        status = "done"
        if rnd == current:
            status = "final" if over else "live"
        rounds.append({"round": rnd, "status": status, **figures[rnd], "moments": moments.get(rnd, [])})
    return Story(rounds=rounds, views={r: v for r, v in views.items() if r > 0},
                 winners=chron.winners(now) if over else [], over=over)


def tell(game: Game, events: Sequence[Event], chronicle: Chronicle | None = None,
         pause: Callable[[int], None] | None = None) -> Story:
    """Replay ``events`` (from the setup event on) and tell the whole story; ``pause(i)`` as in
    :func:`companion.engine.replay`."""
    told = replay(game, events, chronicle, pause)
    return assemble(game, told.told.entries, told.state["g"], chronicle)
