"""The types the table service (:mod:`companion.tables`) shares with the modules it calls.

:mod:`companion.transfer` works on a table service but is also called by it; naming the service
here as a :class:`TableStore` protocol (with :class:`Viewer`, :class:`Snapshot` and ``NewEvent``)
lets both import this module instead of each other, so there is no import cycle, not even one for
typing only (issue #28).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from .engine import ActorJSON, EngineState, Event
from .games.base import Actor, Game
from .history import Entry
from .models import EventRow, SeatRow, TableRow

#: An event to store: kind, actor, action, seed, time.
NewEvent = tuple[str, ActorJSON, dict[str, Any], int, float]


@dataclass(frozen=True)
class Viewer:
    """Who is looking or acting: a seat, the host, both, or an anonymous screen."""

    seat: str | None = None
    host: bool = False

    @property
    def actor(self) -> Actor:
        return Actor(seat=self.seat, host=self.host)


@dataclass
class Snapshot:
    """Everything a page needs about a table at one version (read-only)."""

    table: TableRow
    game: Game
    seats: list[SeatRow]
    state: EngineState
    #: views derived from this version alone (the public view, the options), computed once and
    #: shared by every render of it: a snapshot from the state cache shares its version's memo
    #: (:class:`companion.table_log.CachedState`), so seven pages at one version build them once
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def options(self) -> dict[str, Any]:
        """The table's options (a fresh copy: the caller may change it)."""
        return cast("dict[str, Any]", json.loads(self.table.options))


class TableStore(Protocol):
    """What :mod:`companion.transfer` uses of :class:`companion.tables.Tables`."""

    def snapshot(self, code: str) -> Snapshot: ...

    def public_view(self, snap: Snapshot) -> dict[str, Any]: ...

    def log_view(self, snap: Snapshot, viewer: Viewer, limit: int | None = None) -> list[dict[str, Any]]: ...

    def event_rows(self, code: str) -> list[EventRow]: ...

    def event_of(self, row: EventRow) -> Event: ...

    def insert_table(self, game: Game, opts: dict[str, Any], seed: int, state: EngineState,
                     events: list[NewEvent] | None = None, names: dict[str, str] | None = None,
                     story: list[Entry] | None = None) -> tuple[str, str]: ...
