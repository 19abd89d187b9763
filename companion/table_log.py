"""The stored log of every table and the states replayed from it: rows, locks, the state cache,
snapshots and the live announcement after a commit.

The bottom layer of the table service (:class:`companion.tables.Tables` builds on it through
:class:`companion.table_seats.TableSeats`). The state is the replay of the log, cached per process
and caught up from the database, so several processes stay correct; it holds no rules.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, cast
from weakref import WeakValueDictionary

from sqlalchemy import bindparam, insert, text, update
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from . import engine, snapshots, story_store
from .db import Database, Prebuilt
from .engine import EngineState, Event
from .games import known as known_game
from .games.base import RuleError
from .group_commit import RawWrite
from .i18n import N_
from .live import CHANNEL as LIVE_CHANNEL
from .live import Notifier, notify_payload
from .models import EventRow, SeatRow, TableRow
from .offload import Slices
from .progress import Progress, StateKeys
from .schemas import clean_text
from .table_types import Snapshot, Viewer

#: Recent states kept per cached table, so an undo replays from just before its target instead of
#: replaying the whole log while holding the table's lock.
HISTORY_VERSIONS = 8
NO_TABLE = N_("There is no table %(code)s.")
#: A table's version and creation time, all :meth:`TableLog.snapshot` needs to trust its cache.
_HEAD = select(TableRow.version, TableRow.created_at).where(col(TableRow.code) == bindparam("code"))
_HEAD_SQL = f"SELECT version, created_at FROM {TableRow.__tablename__} WHERE code = ?"
_EVENT_COLUMNS = ["table_code", "seq", "kind", "actor", "action", "rng_seed", "created_at"]
_INSERT_EVENT = Prebuilt(insert(EventRow.__table__), _EVENT_COLUMNS)  # type: ignore[attr-defined]
_TABLE_T = TableRow.__table__  # type: ignore[attr-defined]
_UPDATE_TABLE = update(_TABLE_T)
#: an event's move of the table's row, prebuilt (with and without the story's version)
_MOVE_STMT = _UPDATE_TABLE.where(_TABLE_T.c.code == bindparam("b_code")).values(
    version=bindparam("b_version"), updated_at=bindparam("b_updated_at"))
_MOVE_TABLE = Prebuilt(_MOVE_STMT)
_MOVE_TOLD_TABLE = Prebuilt(_MOVE_STMT.values(story_version=bindparam("b_story_version")))
_HEAD_IN_WRITE = Prebuilt(_HEAD)
_TABLE_COLUMNS = tuple(column.key for column in TableRow.__table__.columns)  # type: ignore[attr-defined]
_TABLE_MANAGER = TableRow._sa_class_manager  # type: ignore[attr-defined]


class NeedsSession(Exception):
    """Raised inside a raw write (:class:`RawWrite`) that needs what only the ORM path does (the
    table's row or state not cached at the stored version): nothing was written; do it again with
    ``db.write()``."""


@dataclass
class CachedState:
    """A table's state at one version, as the cache keeps it."""

    version: int
    state: EngineState
    seats: list[SeatRow] | None = None  # seat rows only change together with the version
    #: the table's row at this version (its columns change only together with the version)
    table: TableRow | None = None
    #: version -> state of the last few versions (states are never mutated once built)
    history: OrderedDict[int, EngineState] = field(default_factory=OrderedDict)
    used: float = 0.0
    #: views derived from this version alone, shared by its snapshots (:attr:`Snapshot.memo`)
    memo: dict[str, Any] = field(default_factory=dict)
    #: what the next action's progress check compares of this state (server-side only, never rendered)
    progress: StateKeys | None = None
    #: whether ``state["g"]`` is known to be a JSON tree (built by ``engine.apply``): the next
    #: action copies it without checking (``engine.apply(tree=...)``)
    g_tree: bool = False


def event_of(row: EventRow) -> Event:
    """A stored event as the engine reads it."""
    return Event(seq=row.seq, kind=row.kind, actor=json.loads(row.actor), action=json.loads(row.action),
                 seed=row.rng_seed)


def pause() -> Slices:
    """What a long replay calls between events: it steps aside for other connections after every
    ``offload.SLICE`` of work, on a real timer (a ``sleep(0)`` every 256 events let nobody through
    under gevent: a 10,000-event rebuild held every other table for seconds, issue #39)."""
    return Slices()


@dataclass
class TableLog:
    """The log and state cache of every table, bound to one database and one live notifier."""

    db: Database
    live: Notifier = field(default_factory=Notifier)
    _cache: OrderedDict[str, CachedState] = field(default_factory=OrderedDict)
    #: per-table writer locks, held only while someone uses them: a write to a code that names no
    #: table (a guess) must not leave an entry behind for good
    _locks: WeakValueDictionary[str, threading.Lock] = field(default_factory=WeakValueDictionary)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: The in-memory state cache keeps at most this many tables, least recently used first out,
    #: and drops tables idle longer than ``cache_idle`` seconds (they are rebuilt from the log).
    cache_tables: int = 256
    cache_idle: float = 3600.0
    #: states rebuilt from many events, to be stored as snapshots after the read that built them
    _snapshot_due: dict[str, tuple[int, EngineState]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.live.read_versions is None:  # the streams' heartbeats read through one query
            self.live.read_versions = self.versions

    # -- reading ------------------------------------------------------------------------------
    def snapshot(self, code: str) -> Snapshot:
        """The current table, seats and state (no lock: WAL readers see the last commit)."""
        code = "".join(ch for ch in str(code or "") if ch.isalnum())[:8].upper()
        known = self._known_snapshot(code)
        if known is not None:
            return known
        with self.db.read() as s:
            table = s.get(TableRow, code)
            if table is None:
                raise RuleError(NO_TABLE, "companion: tables", status=404, code=code[:8])
            state = self._current(s, table)
            with self._guard:
                cached = self._cache.get(code)
            if cached is not None and cached.version == table.version and cached.seats is not None:
                seats = cached.seats
            else:
                seats = list(s.exec(select(SeatRow).where(SeatRow.table_code == code).order_by(col(SeatRow.position))))
                if cached is not None and cached.version == table.version:
                    cached.seats = seats
            if cached is not None and cached.version == table.version:
                cached.table = table
        if self._snapshot_due:
            self._save_due_snapshot(code)
        return Snapshot(table=table, game=known_game(table.game_id), seats=seats, state=state)

    def _known_snapshot(self, code: str) -> Snapshot | None:
        """The snapshot straight from memory when the database's version of the table is the one
        cached (one indexed read of two columns instead of loading the row): every open page asks
        for it on every change (issue #27). None when the table moved on, is gone, or is not cached."""
        head = self._head(code)
        if head is None:
            return None  # the full path answers "no such table"
        cached = self._cached(code)
        if cached is None or cached.version != head[0] or cached.table is None or cached.seats is None \
                or cached.table.created_at != head[1]:
            return None
        return Snapshot(table=cached.table, game=known_game(cached.table.game_id), seats=cached.seats,
                        state=cached.state, memo=cached.memo)

    def _head(self, code: str) -> tuple[int, float] | None:
        """The table's version and creation time as the database has them now. On SQLite one
        statement on a pooled connection in autocommit mode (see ``db._sqlite_pragmas``), without
        the BEGIN, the compiled statement and the result object of a Core read: every action's
        token check and every fetch pays it (issue 41)."""
        if not self.db.is_sqlite:
            with self.db.engine.connect() as conn:
                row = conn.execute(_HEAD, {"code": code}).first()
            return (row[0], row[1]) if row is not None else None
        raw = self.db.engine.raw_connection()
        try:
            cur = raw.cursor()
            cur.execute(_HEAD_SQL, (code,))
            found = cur.fetchone()
            cur.close()
        finally:
            raw.close()  # back to the pool
        return (found[0], found[1]) if found is not None else None

    def snapshot_at(self, code: str, version: int) -> Snapshot:
        """The table at exactly ``version`` straight from memory when this process cached it (a
        state at one version never changes: no database read), else :meth:`snapshot` (which may
        be newer; callers compare its version)."""
        cached = self._cached(code)
        if cached is not None and cached.version == version and cached.table is not None \
                and cached.seats is not None:
            return Snapshot(table=cached.table, game=known_game(cached.table.game_id), seats=cached.seats,
                            state=cached.state, memo=cached.memo)
        return self.snapshot(code)

    def version(self, code: str) -> int | None:
        code = "".join(ch for ch in str(code or "") if ch.isalnum())[:8].upper()
        with self.db.read() as s:
            table = s.get(TableRow, code)
            return table.version if table else None

    def versions(self, codes: list[str]) -> dict[str, int]:
        """The versions of many tables in one read (a table missing from the answer is gone): the
        live streams' heartbeat (companion/live.py)."""
        found: dict[str, int] = {}
        with self.db.read() as s:
            for i in range(0, len(codes), 500):
                stmt = select(TableRow.code, TableRow.version).where(col(TableRow.code).in_(codes[i:i + 500]))
                found.update((code, version) for code, version in s.exec(stmt))
        return found

    def event_rows(self, code: str) -> list[EventRow]:
        """The table's whole log as stored."""
        with self.db.read() as s:
            return self._rows(s, code)

    event_of = staticmethod(event_of)
    pause = staticmethod(pause)

    def _recent(self, code: str, version: int) -> EngineState | None:
        with self._guard:
            cached = self._cache.get(code)
            return cached.history.get(version) if cached is not None else None

    # -- internals ----------------------------------------------------------------------------
    def _locked(self, code: str) -> threading.Lock:
        """A per-table lock: serialises writers of one table inside this process."""
        with self._guard:
            return self._locks.setdefault(code, threading.Lock())

    def _table_for_update(self, s: Session | RawWrite, code: str) -> TableRow:
        if not str(code).isalnum():
            raise RuleError(NO_TABLE, "companion: tables", status=404, code=clean_text(code)[:8])
        if self.db.is_sqlite:
            known = self._known_row(s, code)
            if known is not None:
                return known
        if isinstance(s, RawWrite):
            raise NeedsSession(code)
        stmt = select(TableRow).where(TableRow.code == code)
        if not self.db.is_sqlite:
            stmt = stmt.with_for_update()
        table = s.exec(stmt).first()
        if table is None:
            raise RuleError(NO_TABLE, "companion: tables", status=404, code=str(code)[:8])
        return table

    def _known_row(self, s: Session | RawWrite, code: str) -> TableRow | None:
        """On SQLite, the table's row for this write from the state cache when the database holds
        the cached version (one indexed read of two columns in the write's own transaction, which
        holds the write lock: nobody can commit in between), else None (load it). A copy, attached
        to ``s`` as already loaded, so the write's changes reach the cache only once committed,
        through :meth:`_publish` (issue 41: loading the row through the ORM was a quarter of an
        action)."""
        cached = self._cached(code)
        if cached is None or cached.table is None or cached.table.version != cached.version \
                or (isinstance(s, Session) and s.identity_map.get(identity_key(TableRow, code)) is not None):
            return None
        head = _HEAD_IN_WRITE.run(s, {"code": code}).fetchone()
        if head is None or head[0] != cached.version or head[1] != cached.table.created_at:
            return None
        # built as the ORM builds a loaded row (its class manager, the columns' values), without
        # the model's validating constructor: a twentieth of the cost (issue 41)
        values = cached.table.__dict__
        if any(name not in values for name in _TABLE_COLUMNS):
            return None  # a column not loaded (expired): load the row
        row: TableRow = _TABLE_MANAGER.new_instance()
        loaded = row.__dict__
        for name in _TABLE_COLUMNS:
            loaded[name] = values[name]
        make_transient_to_detached(row)
        if isinstance(s, Session):
            s.add(row)
        return row

    @staticmethod
    def _rows(s: Session, code: str, after: int = 0) -> list[EventRow]:
        stmt = select(EventRow).where(EventRow.table_code == code, EventRow.seq > after).order_by(col(EventRow.seq))
        return list(s.exec(stmt))

    @classmethod
    def _events(cls, s: Session, code: str, after: int = 0) -> list[Event]:
        """The log after version ``after``, as the engine reads it."""
        return [event_of(row) for row in cls._rows(s, code, after)]

    @staticmethod
    def _append(s: Session | RawWrite, table: TableRow, kind: str, viewer: Viewer, action: dict[str, Any] | str,
                seed: int = 0, change: Progress | None = None) -> int:
        """Add the next event to the caller's transaction; returns its sequence number. ``action``
        may be its JSON text already (a game action, encoded once by ``engine.encode_action``). On
        PostgreSQL the wake-up for other processes carries ``change`` (a progress-only change)."""
        seq = table.version + 1
        now = time.time()
        moved: dict[str, Any] = {"version": seq, "updated_at": now}
        if story_store.tracked(table):  # the caller tells this event's part of the story (companion.story_store)
            moved["story_version"] = seq
        # One Core INSERT and one Core UPDATE in the caller's transaction: the ORM's unit of work
        # built an object and planned a flush for each, a fifth of an action (issue 41). A
        # duplicate seq still fails here; the row object is told the values as already stored.
        _INSERT_EVENT.run(s, {"table_code": table.code, "seq": seq, "kind": kind,
                              "actor": json.dumps({"seat": viewer.seat, "host": viewer.host}),
                              "action": action if isinstance(action, str) else json.dumps(action),
                              "rng_seed": seed, "created_at": now})
        done = (_MOVE_TOLD_TABLE if "story_version" in moved else _MOVE_TABLE).run(
            s, {"b_code": table.code, **{f"b_{name}": value for name, value in moved.items()}})
        if done.rowcount != 1:
            raise RuleError(NO_TABLE, "companion: tables", status=404, code=str(table.code)[:8])
        for name, value in moved.items():
            set_committed_value(table, name, value)
        if isinstance(s, RawWrite):
            return seq  # SQLite, prebuilt statements alone: nothing else to flush, no one to notify
        s.flush()  # what the caller changed besides (a seat, the story's row), as before
        if s.get_bind().dialect.name == "postgresql":
            # delivered to every process's listener when (and only if) this transaction commits
            s.execute(text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": LIVE_CHANNEL, "payload": notify_payload(table.code, seq, change)})
        return seq

    def _publish(self, code: str, cached: CachedState, change: Progress | None = None) -> None:
        """After the commit: move the cache forward, then tell live pages (with what changed for
        them when it was only progress, :mod:`companion.progress`)."""
        self._store(code, cached)
        self.live.publish(code, cached.version, change)

    def _store(self, code: str, cached: CachedState) -> None:
        now = time.monotonic()
        with self._guard:
            old = self._cache.get(code)
            if old is None or cached.version >= old.version:
                history = old.history if old is not None else OrderedDict()
                history[cached.version] = cached.state
                while len(history) > HISTORY_VERSIONS:
                    history.popitem(last=False)
                cached.history = history
                self._cache[code] = cached
            self._cache[code].used = now
            self._cache.move_to_end(code)
            self._evict(now)

    def _cached(self, code: str) -> CachedState | None:
        """The cached table (marked as just used), or None."""
        with self._guard:
            cached = self._cache.get(code)
            if cached is not None:
                cached.used = time.monotonic()
                self._cache.move_to_end(code)
            return cached

    def _evict(self, now: float) -> None:
        """Drop least recently used tables beyond the cap and tables idle too long (guard held)."""
        while self._cache:
            code, oldest = next(iter(self._cache.items()))
            if len(self._cache) <= self.cache_tables and now - oldest.used <= self.cache_idle:
                break
            del self._cache[code]
            lock = self._locks.get(code)
            if lock is not None and not lock.locked():
                # Writers of one table are serialised by the database too; this lock only spares
                # them a wait there, so dropping an idle one is safe.
                self._locks.pop(code, None)

    def _current(self, s: Session | RawWrite, table: TableRow) -> EngineState:
        """The state at ``table.version``: the cache, caught up from the log if another process wrote."""
        target = table.version
        cached = self._cached(table.code)
        if cached is not None and cached.version == target:
            return cached.state
        if isinstance(s, RawWrite):
            raise NeedsSession(table.code)
        if cached is not None and cached.version < target:
            newer = [e for e in self._events(s, table.code, after=cached.version) if e.seq <= target]
            if all(e.kind != "undo" for e in newer):
                state = cached.state
                game = known_game(table.game_id)
                step = pause()
                for i, event in enumerate(newer):
                    step(i)
                    state = engine.replay_one(game, state, event)
                self._store(table.code, CachedState(target, state))
                return state
        state, replayed = self._rebuild(s, table, target)
        if replayed >= snapshots.EVERY:
            with self._guard:  # stored by snapshot() once its read transaction is over
                self._snapshot_due[table.code] = (target, state)
        self._store(table.code, CachedState(target, state))
        return state

    def _rebuild(self, s: Session, table: TableRow, target: int) -> tuple[EngineState, int]:
        """The state at ``target`` from the newest usable snapshot (or the first event) and the
        events after it; returns it with the number of events replayed."""
        game = known_game(table.game_id)
        key = snapshots.rules_key(game.rules_version)
        below = target + 1
        while True:
            found = snapshots.newest(s, table.code, key, below)
            start_version, start = (found[0], cast(EngineState, found[1])) if found else (0, None)
            events = [e for e in self._events(s, table.code, after=start_version) if e.seq <= target]
            reach = min(engine.undone(events), default=below)
            if start is None or reach > start_version:
                return engine.replay(game, events, start, pause=pause()), len(events)
            below = reach  # an undo reverts something before this snapshot: start earlier

    def _save_due_snapshot(self, code: str) -> None:
        with self._guard:
            due = self._snapshot_due.pop(code, None)
        if due is not None:
            version, state = due
            with self.db.read() as s:
                table = s.get(TableRow, code)
            if table is not None:
                snapshots.save(self.db, code, version, state,
                               snapshots.rules_key(known_game(table.game_id).rules_version))
