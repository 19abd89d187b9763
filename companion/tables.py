"""The one action layer: create, join, act, undo, replay, views, export and import.

Every page, host button and JSON call ends up here with a :class:`Viewer` and an action. An action
is validated by the game's rules against the current state, appended to the event log and
committed; only then is it acknowledged and announced to live pages. The state is the replay of
the log (cached per process, caught up from the database so several processes stay correct).

Randomness: each event stores its own seed (drawn from the OS), so replay is exact while an
export reveals nothing about draws that have not happened yet (games draw lazily).
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, cast
from weakref import WeakValueDictionary

from sqlalchemy import bindparam, func, insert, text
from sqlmodel import Session, col, select

from . import engine, history, schemas, snapshots, transfer
from .db import Database
from .engine import RULE_SEATS, EngineState, Event
from .games import get as get_game
from .games import known as known_game
from .games.base import Game, RuleError
from .i18n import N_
from .live import CHANNEL as LIVE_CHANNEL
from .live import Notifier
from .models import ActionKeyRow, EventRow, ProfileRow, SeatRow, TableRow
from .offload import YIELD
from .table_types import NewEvent as NewEvent
from .table_types import Snapshot as Snapshot
from .table_types import Viewer as Viewer

log = logging.getLogger(__name__)
MALFORMED = engine.MALFORMED
#: Room-code letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY"
MAX_ACTION_BYTES = engine.MAX_ACTION_BYTES
#: Long replays give other connections a turn every this many events (gevent is cooperative).
PAUSE_EVERY = 256
#: Imported events stored per insert statement (see Tables.insert_table)
INSERT_SLICE = 200
#: tables whose story (round-by-round history) stays computed, one version each
STORIES_KEPT = 8
#: Recent states kept per cached table, so an undo replays from just before its target instead of
#: replaying the whole log while holding the table's lock.
HISTORY_VERSIONS = 8
NO_TABLE = N_("There is no table %(code)s.")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _new_seed() -> int:
    return secrets.randbits(62)


def _idempotency_key(key: str | None) -> str | None:
    """A device's idempotency key: 8 to 64 letters, digits, ``-`` or ``_`` (else refused)."""
    if key is None or key == "":
        return None
    if not (8 <= len(key) <= 64) or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in key):
        raise RuleError("The idempotency key must be 8 to 64 letters, digits, - or _.", "companion: actions")
    return key


def _scoped_key(viewer: Viewer, key: str) -> str:
    """The key as stored: one namespace per device kind (a seat, or the host token), hashed to the
    column's 64 characters. Seat B sending seat A's key is a new key, not A's retry."""
    scope = f"seat:{viewer.seat}" if viewer.seat else "host"
    return _hash(f"{scope}\n{key}")


_clean = schemas.clean_text


@dataclass
class _Cached:
    version: int
    state: EngineState
    seats: list[SeatRow] | None = None  # seat rows only change together with the version
    #: the table's row at this version (its columns change only together with the version)
    table: TableRow | None = None
    #: version -> state of the last few versions (states are never mutated once built)
    history: OrderedDict[int, EngineState] = field(default_factory=OrderedDict)
    used: float = 0.0


#: A table's version and creation time, all :meth:`Tables.snapshot` needs to trust its cache.
_HEAD = select(TableRow.version, TableRow.created_at).where(col(TableRow.code) == bindparam("code"))

#: A seat change to log: the table row, kind, who, and the event's action.
SeatEvent = tuple[TableRow, str, "Viewer", dict[str, Any]]


def _event(row: EventRow) -> Event:
    """A stored event as the engine reads it."""
    return Event(seq=row.seq, kind=row.kind, actor=json.loads(row.actor), action=json.loads(row.action),
                 seed=row.rng_seed)


def _pause(i: int) -> None:
    """Let other greenlets run during a long replay (``time.sleep`` is gevent's under ``serve``)."""
    if i % PAUSE_EVERY == PAUSE_EVERY - 1:
        time.sleep(0)


@dataclass
class Tables:
    """The table service bound to one database and one live notifier."""

    db: Database
    live: Notifier = field(default_factory=Notifier)
    _cache: OrderedDict[str, _Cached] = field(default_factory=OrderedDict)
    #: per-table writer locks, held only while someone uses them: a write to a code that names no
    #: table (a guess) must not leave an entry behind for good
    _locks: WeakValueDictionary[str, threading.Lock] = field(default_factory=WeakValueDictionary)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    _stories: OrderedDict[tuple[str, int], history.Story] = field(default_factory=OrderedDict)
    #: one replay of a table's story at a time (held only while someone replays it): parallel
    #: requests for a new version wait for that replay instead of each replaying the whole log
    _story_locks: WeakValueDictionary[str, threading.Lock] = field(default_factory=WeakValueDictionary)
    #: The in-memory state cache keeps at most this many tables, least recently used first out,
    #: and drops tables idle longer than ``cache_idle`` seconds (they are rebuilt from the log).
    cache_tables: int = 256
    cache_idle: float = 3600.0
    #: states rebuilt from many events, to be stored as snapshots after the read that built them
    _snapshot_due: dict[str, tuple[int, EngineState]] = field(default_factory=dict)
    #: Tests may fix the source of event seeds (config ``RANDOM_SEED``) so that dealt hands and
    #: draws repeat from run to run; a real table draws every seed from the OS.
    seeds: random.Random | None = None

    def _new_seed(self) -> int:
        return self.seeds.getrandbits(62) if self.seeds is not None else _new_seed()

    # -- creation and seats -------------------------------------------------------------------
    def create(self, game_id: str, options: dict[str, Any] | None = None,
               profile: str | None = None) -> tuple[str, str]:
        """Create a table; returns (room code, host token). Options are validated by the game."""
        game = get_game(str(game_id))
        if game is None:
            raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=str(game_id)[:32])
        if not isinstance(options, (dict, type(None))):
            raise RuleError("Options must be an object.", "companion: options")
        opts = game.normalize_options(options)
        if profile is not None and not isinstance(profile, str):
            raise RuleError("The profile must be a name.", "companion: profiles")
        if profile:
            opts["profile_data"] = self.profile_data(game.id, profile)
            opts["profile_name"] = profile
        seed = self._new_seed()
        # Build the initial state now so a broken option set is refused before anything is stored.
        state = engine.initial_state(game, opts, seed)
        return self.insert_table(game, opts, seed, state)

    def insert_table(self, game: Game, opts: dict[str, Any], seed: int, state: EngineState,
                events: list[NewEvent] | None = None, names: dict[str, str] | None = None) -> tuple[str, str]:
        """Store a new table under a free code: its seats (with ``names``), the setup event and
        ``events`` after it, whose replay is ``state``. Returns (code, host token)."""
        events, names = events or [], names or {}
        host_token = secrets.token_urlsafe(24)
        now = time.time()
        version = len(events) + 1
        with self.db.write() as s:
            code = self._free_code(s)
            s.add(TableRow(code=code, game_id=game.id, options=json.dumps(opts), host_hash=_hash(host_token),
                           version=version, created_at=now, updated_at=now, rules_version=game.rules_version))
            s.flush()
            for i, seat in enumerate(game.seats(opts)):
                s.add(SeatRow(table_code=code, seat_id=seat.id, position=i, label=seat.label,
                              color=seat.color, name=names.get(seat.id)))
            s.add(EventRow(table_code=code, seq=1, kind="setup", actor=json.dumps({"host": True}),
                           action=json.dumps({"options": opts}), rng_seed=seed, created_at=now))
            s.flush()
            # multi-row inserts in slices, other connections served between them (an import of
            # 10,000 events; SQLite writers wait on a cooperative lock meanwhile, readers go on)
            for start in range(0, len(events), INSERT_SLICE):
                s.execute(insert(EventRow), [
                    {"table_code": code, "seq": seq, "kind": kind, "actor": json.dumps(actor),
                     "action": json.dumps(action), "rng_seed": event_seed, "created_at": when or now}
                    for seq, (kind, actor, action, event_seed, when)
                    in enumerate(events[start:start + INSERT_SLICE], start=start + 2)])
                time.sleep(YIELD)
        self._store(code, _Cached(version, state))
        return code, host_token

    def _free_code(self, s: Session) -> str:
        taken = s.exec(select(func.count()).select_from(TableRow)).one()
        length = 4 if taken < 20_000 else 5
        for _ in range(200):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
            if s.get(TableRow, code) is None:
                return code
        raise RuleError("Could not find a free room code; try again.", "companion: tables", status=503)

    def join(self, code: str, seat_id: str, name: str, claim: str | None = None,
             previous: str | None = None) -> str:
        """Take a free seat (or a seat re-issued to this claim link); returns the seat token.

        ``previous`` is the token this device held at the same table: a phone that switches seats
        gives its old seat back in the same transaction, so no seat is left held by nobody.
        """
        name = " ".join(_clean(name).split())[:40]
        if not name:
            raise RuleError("Type your name.", RULE_SEATS)
        claim = _clean(claim) if claim is not None else None
        token = secrets.token_urlsafe(24)
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            seat = self._seat(s, code, seat_id)
            if seat.token_hash is not None:
                raise RuleError("This seat is taken. Ask the host to free it.", RULE_SEATS, status=409)
            if seat.claim_hash is not None and (claim is None or _hash(claim) != seat.claim_hash):
                raise RuleError("This seat is reserved for its re-issued join link.", RULE_SEATS, status=409)
            old = None
            if previous:
                old = s.exec(select(SeatRow).where(SeatRow.table_code == code,
                                                   SeatRow.token_hash == _hash(previous))).first()
            if old is not None and old.seat_id != seat.seat_id:
                old.token_hash, old.host = None, False
                s.add(old)
            seat.token_hash = _hash(token)
            seat.claim_hash = None
            seat.name = name
            s.add(seat)
            if old is not None and old.seat_id != seat.seat_id:
                events.append((table, "leave", Viewer(seat=old.seat_id),
                               {"seat": old.seat_id, "reissued": False, "label": old.label}))
            events.append((table, "join", Viewer(seat=seat_id), {"seat": seat_id, "name": name, "label": seat.label}))
        return token

    def claim_link_seat(self, code: str, claim: str) -> str | None:
        """The seat a re-issued join link is for, if the link is still valid."""
        with self.db.read() as s:
            row = s.exec(select(SeatRow).where(SeatRow.table_code == code,
                                               SeatRow.claim_hash == _hash(claim))).first()
            return row.seat_id if row else None

    def free_seat(self, code: str, viewer: Viewer, seat_id: str, reissue: bool = False) -> str | None:
        """Host: free a seat (its phone loses it). With ``reissue`` returns a one-seat join link token."""
        self._require_host(viewer)
        claim = secrets.token_urlsafe(18) if reissue else None
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            seat = self._seat(s, code, seat_id)
            seat.token_hash = None
            seat.host = False
            seat.claim_hash = _hash(claim) if claim else None
            s.add(seat)
            events.append((table, "leave", viewer, {"seat": seat_id, "reissued": bool(claim), "label": seat.label}))
        return claim

    def grant_host(self, code: str, viewer: Viewer, seat_id: str, on: bool = True) -> None:
        """Host: give (or take back) host rights to a seated phone."""
        self._require_host(viewer)
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            seat = self._seat(s, code, seat_id)
            if seat.token_hash is None:
                raise RuleError("Nobody sits at this seat yet.", RULE_SEATS, status=409)
            seat.host = on
            s.add(seat)
            events.append((table, "host", viewer, {"seat": seat_id, "on": on}))

    def show_rule(self, code: str, viewer: Viewer, entry: str | None) -> None:
        """Host: put a rules reference entry on the shared screen for everyone (None takes it
        down). A logged event, so every screen shows it at once and after a reload; the caller
        checks that the entry exists."""
        self._require_host(viewer)
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            events.append((table, "rules", viewer, {"entry": entry}))

    def record_ruling(self, code: str, viewer: Viewer, text: str, entry: str | None) -> None:
        """Host: record how the table settled a dispute ("we ruled: ..."), citing a rules entry
        (the caller checks that it exists). An event of the log: it survives export and import,
        and no undo takes it back; it shows on the story screen and beside its entry on the
        Rules page."""
        self._require_host(viewer)
        text = " ".join(schemas.clean_text(text).split())
        if not text:
            raise RuleError("Write what the table ruled.", "companion: rulings")
        if len(text) > engine.MAX_RULING:
            raise RuleError("A ruling is at most %(n)s characters.", "companion: rulings", n=engine.MAX_RULING)
        snap = self.snapshot(code)
        chron = snap.game.chronicle
        rnd = chron.round_of(snap.state["g"]) if chron else 0
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            events.append((table, "ruling", viewer, {"text": text, "entry": entry, "round": rnd}))

    # -- identity -----------------------------------------------------------------------------
    def viewer_for(self, code: str, token: str | None) -> Viewer | None:
        """Resolve a bearer/cookie token to a viewer; None when it is unknown or forged."""
        if not token or len(token) > 200 or not token.isascii() or not token.isprintable():
            return None
        code = _clean(code)[:8]
        digest = _hash(token)
        with self.db.read() as s:
            table = s.get(TableRow, code)
            if table is None:
                return None
            if secrets.compare_digest(table.host_hash, digest):
                return Viewer(host=True)
            seat = s.exec(select(SeatRow).where(SeatRow.table_code == code,
                                                SeatRow.token_hash == digest)).first()
            if seat is None:
                return None
            return Viewer(seat=seat.seat_id, host=seat.host)

    @staticmethod
    def viewer_in(snap: Snapshot, token: str | None) -> Viewer | None:
        """Like :meth:`viewer_for`, from a snapshot's rows (no database round trip per fragment)."""
        if not token or len(token) > 200:
            return None
        digest = _hash(token)
        if secrets.compare_digest(snap.table.host_hash, digest):
            return Viewer(host=True)
        for seat in snap.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return Viewer(seat=seat.seat_id, host=seat.host)
        return None

    # -- actions ------------------------------------------------------------------------------
    def act(self, code: str, viewer: Viewer, action: Any, key: str | None = None) -> int:
        """Validate and apply one action; returns the new version once it is committed.

        ``key`` (a device's idempotency key, optional) is stored with the event in the same
        transaction: the same key again returns the version of the first time and applies nothing.
        """
        key = _idempotency_key(key)
        checked = engine.check_action(viewer.actor, action)
        encoded = json.dumps(checked)
        with self._locked(code):
            with self.db.write() as s:
                table = self._table_for_update(s, code)
                game = known_game(table.game_id)
                if key is not None:
                    key = _scoped_key(viewer, key)
                    if game.moves is not None:  # validated before the key can answer for it
                        game.moves.check_shape(viewer.actor, checked)
                    done = s.exec(select(ActionKeyRow.seq).where(ActionKeyRow.table_code == table.code,
                                                                 ActionKeyRow.key == key)).first()
                    if done is not None:
                        return self._retried(s, table.code, done, viewer, checked)
                state = self._current(s, table)
                seed = self._new_seed()
                new_state = engine.apply(game, state, viewer.actor, json.loads(encoded), seed, table.version + 1)
                version = self._append(s, table, "action", viewer, json.loads(encoded), seed=seed)
                if key is not None:
                    s.add(ActionKeyRow(table_code=table.code, key=key, seq=version))
            self._publish(code, _Cached(version, new_state))
        if version % snapshots.EVERY == 0:  # a long evening: a restart replays from here
            snapshots.save(self.db, code, version, new_state,
                           snapshots.rules_key(known_game(table.game_id).rules_version))
        return version

    @staticmethod
    def _retried(s: Session, code: str, seq: int, viewer: Viewer, action: dict[str, Any]) -> int:
        """A key seen before answers for its first action only when this is the same action from
        the same device (a retry); the same key on another action is refused, never dropped."""
        first = s.exec(select(EventRow).where(EventRow.table_code == code, EventRow.seq == seq)).first()
        if first is None or json.loads(first.action) != action or \
                json.loads(first.actor).get("seat") != viewer.seat:
            raise RuleError("This idempotency key was already used for another action; send a new key.",
                            "companion: actions", status=409)
        return seq

    def undo(self, code: str, viewer: Viewer) -> int:
        """Host: revert the last game action. The revert is itself an event; nothing is deleted."""
        self._require_host(viewer)
        with self._locked(code):
            with self.db.write() as s:
                table = self._table_for_update(s, code)
                game = known_game(table.game_id)
                target = engine.check_undo(game, self._undo_target(s, code))
                before = self._current(s, table)
                # The state just before the target is valid ground to replay from: every later
                # undo reverted an action after the target (the target is the last one standing).
                base = self._recent(code, target.seq - 1)
                if base is not None:
                    engine.check_reveal(game, before, base)
                version = self._append(s, table, "undo", viewer, {"target": target.seq})
                if base is not None:
                    state = engine.replay(game, self._events(s, code, after=target.seq - 1), start=base,
                                          pause=_pause)
                else:  # from the newest stored snapshot before the target
                    state, _replayed = self._rebuild(s, table, version)
                engine.check_reveal(game, before, state)
            self._publish(code, _Cached(version, state))
        return version

    @staticmethod
    def _undo_target(s: Session, code: str) -> Event | None:
        """The last game action not yet undone (reads only the undo rows and the log's tail)."""
        undone = {json.loads(a)["target"] for a in s.exec(
            select(EventRow.action).where(EventRow.table_code == code, EventRow.kind == "undo"))}
        stmt = (select(EventRow).where(EventRow.table_code == code, EventRow.kind == "action")
                .order_by(col(EventRow.seq).desc()).limit(len(undone) + 1))
        return engine.undo_target((_event(e) for e in s.exec(stmt)), undone)

    def _recent(self, code: str, version: int) -> EngineState | None:
        with self._guard:
            cached = self._cache.get(code)
            return cached.history.get(version) if cached is not None else None

    @staticmethod
    def last_undoable(snap: Snapshot, viewer: Viewer) -> list[dict[str, Any]]:
        """The log lines of the action an undo would revert now (for the host's confirm)."""
        return engine.last_undoable(snap.state, viewer)

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
        with self.db.engine.connect() as conn:
            head = conn.execute(_HEAD, {"code": code}).first()
        if head is None:
            return None  # the full path answers "no such table"
        cached = self._cached(code)
        if cached is None or cached.version != head[0] or cached.table is None or cached.seats is None \
                or cached.table.created_at != head[1]:
            return None
        return Snapshot(table=cached.table, game=known_game(cached.table.game_id), seats=cached.seats,
                        state=cached.state)

    def version(self, code: str) -> int | None:
        code = "".join(ch for ch in str(code or "") if ch.isalnum())[:8].upper()
        with self.db.read() as s:
            table = s.get(TableRow, code)
            return table.version if table else None

    def public_view(self, snap: Snapshot) -> dict[str, Any]:
        view = engine.public(snap.game, snap.state)
        return {
            "code": snap.table.code,
            "game": snap.table.game_id,
            "version": snap.version,
            "seats": [self._seat_public(seat) for seat in snap.seats],
            "state": view,
        }

    def private_view(self, snap: Snapshot, seat: str) -> dict[str, Any]:
        return {"code": snap.table.code, "version": snap.version, "seat": seat,
                "private": snap.game.private_view(snap.state["g"], seat)}

    @staticmethod
    def _seat_public(seat: SeatRow) -> dict[str, Any]:
        return {"id": seat.seat_id, "label": seat.label, "color": seat.color, "name": seat.name,
                "taken": seat.token_hash is not None, "host": seat.host,
                "reissued": seat.claim_hash is not None}

    @staticmethod
    def log_view(snap: Snapshot, viewer: Viewer, limit: int | None = None) -> list[dict[str, Any]]:
        """The readable log for ``viewer``: secret lines show their hidden form until revealed."""
        return engine.visible_log(snap.state, viewer, limit)

    def event_rows(self, code: str) -> list[EventRow]:
        """The table's whole log as stored."""
        with self.db.read() as s:
            return self._rows(s, code)

    event_of = staticmethod(_event)
    pause = staticmethod(_pause)

    # -- the story of the table (companion.history) -------------------------------------------
    def story(self, snap: Snapshot) -> history.Story:
        """The table's round-by-round history at the snapshot's version, replayed from the log
        (public views only); the last few are kept, keyed by table and version."""
        key = (snap.table.code, snap.version)
        found = self._story_cached(key)
        if found is not None:
            return found
        with self._guard:
            lock = self._story_locks.setdefault(snap.table.code, threading.Lock())
        with lock:  # whoever came first replays; the others find the result in the cache
            found = self._story_cached(key)
            if found is not None:
                return found
            with self.db.read() as s:
                events = [_event(r) for r in self._rows(s, snap.table.code) if r.seq <= snap.version]
            told = history.tell(snap.game, events, pause=_pause)
            with self._guard:
                self._stories[key] = told
                while len(self._stories) > STORIES_KEPT:
                    self._stories.popitem(last=False)
        return told

    def _story_cached(self, key: tuple[str, int]) -> history.Story | None:
        with self._guard:
            found = self._stories.get(key)
            if found is not None:
                self._stories.move_to_end(key)
            return found

    # -- export / import (companion.transfer) -------------------------------------------------
    def record(self, code: str, viewer: Viewer) -> dict[str, Any]:
        """Host: the table as the host's browser sees it (see :func:`companion.transfer.record`)."""
        return transfer.record(self, code, viewer)

    def export(self, code: str, viewer: Viewer) -> dict[str, Any]:
        """Operator only: the table's effective history (see :func:`companion.transfer.export`)."""
        return transfer.export(self, code, viewer)

    def import_table(self, data: Any) -> tuple[str, str, int]:
        """Recreate an exported table under a new code (see :func:`companion.transfer.import_table`);
        returns (code, host token, skipped events)."""
        return transfer.import_table(self, data)

    # -- profiles -----------------------------------------------------------------------------
    def save_profile(self, code: str, viewer: Viewer, name: str) -> str:
        """Host: store this table's board profile under ``name`` for later tables of the game."""
        self._require_host(viewer)
        name = " ".join(str(name or "").split())[:60]
        if not name:
            raise RuleError("Give the profile a name.", "companion: profiles")
        snap = self.snapshot(code)
        if not snap.game.profiles:
            raise RuleError("This game has no profiles to save.", "companion: profiles", status=409)
        data = json.dumps(snap.game.export_profile(snap.state["g"]))
        with self.db.write() as s:
            row = s.exec(select(ProfileRow).where(ProfileRow.game_id == snap.game.id,
                                                  ProfileRow.name == name)).first()
            row = row or ProfileRow(game_id=snap.game.id, name=name, data=data)
            row.data, row.created_at = data, time.time()
            s.add(row)
        return name

    def profiles(self, game_id: str) -> list[str]:
        with self.db.read() as s:
            rows = s.exec(select(ProfileRow.name).where(ProfileRow.game_id == game_id).order_by(ProfileRow.name))
            return list(rows)

    def profile_data(self, game_id: str, name: str) -> dict[str, Any]:
        with self.db.read() as s:
            row = s.exec(select(ProfileRow).where(ProfileRow.game_id == game_id, ProfileRow.name == name)).first()
        if row is None:
            raise RuleError("There is no saved profile %(name)s.", "companion: profiles", status=404,
                            name=str(name)[:60])
        return json.loads(row.data)

    # -- internals ----------------------------------------------------------------------------
    def _locked(self, code: str) -> threading.Lock:
        """A per-table lock: serialises writers of one table inside this process."""
        with self._guard:
            return self._locks.setdefault(code, threading.Lock())

    @staticmethod
    def _require_host(viewer: Viewer) -> None:
        if not viewer.host:
            raise RuleError("Only the host can do this.", "companion: host rights", status=403)

    def _table_for_update(self, s: Session, code: str) -> TableRow:
        if not str(code).isalnum():
            raise RuleError(NO_TABLE, "companion: tables", status=404, code=_clean(code)[:8])
        stmt = select(TableRow).where(TableRow.code == code)
        if not self.db.is_sqlite:
            stmt = stmt.with_for_update()
        table = s.exec(stmt).first()
        if table is None:
            raise RuleError(NO_TABLE, "companion: tables", status=404, code=str(code)[:8])
        return table

    @staticmethod
    def _seat(s: Session, code: str, seat_id: str) -> SeatRow:
        seat_id = _clean(seat_id)[:40]
        seat = s.exec(select(SeatRow).where(SeatRow.table_code == code, SeatRow.seat_id == str(seat_id))).first()
        if seat is None:
            raise RuleError("There is no seat %(seat)s.", RULE_SEATS, status=404, seat=str(seat_id)[:40])
        return seat

    @staticmethod
    def _rows(s: Session, code: str, after: int = 0) -> list[EventRow]:
        stmt = select(EventRow).where(EventRow.table_code == code, EventRow.seq > after).order_by(col(EventRow.seq))
        return list(s.exec(stmt))

    @classmethod
    def _events(cls, s: Session, code: str, after: int = 0) -> list[Event]:
        """The log after version ``after``, as the engine reads it."""
        return [_event(row) for row in cls._rows(s, code, after)]

    @staticmethod
    def _append(s: Session, table: TableRow, kind: str, viewer: Viewer, action: dict[str, Any],
                seed: int = 0) -> int:
        """Add the next event to the caller's transaction; returns its sequence number."""
        seq = table.version + 1
        now = time.time()
        s.add(EventRow(table_code=table.code, seq=seq, kind=kind,
                       actor=json.dumps({"seat": viewer.seat, "host": viewer.host}),
                       action=json.dumps(action), rng_seed=seed, created_at=now))
        table.version = seq
        table.updated_at = now
        s.add(table)
        s.flush()
        if s.get_bind().dialect.name == "postgresql":
            # delivered to every process's listener when (and only if) this transaction commits
            s.execute(text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": LIVE_CHANNEL, "payload": f"{table.code}:{seq}"})
        return seq

    @contextmanager
    def _seat_events(self, code: str) -> Iterator[tuple[Session, list[SeatEvent]]]:
        """A write transaction for seat changes: the caller lists its seat events (join, leave,
        host rights); they are appended in the same transaction, and published after the commit."""
        pending: list[SeatEvent] = []
        with self.db.write() as s:
            yield s, pending
            state: EngineState | None = None
            seq = 0
            for table, kind, viewer, action in pending:
                if state is None:
                    state = self._current(s, table)
                seq = self._append(s, table, kind, viewer, action)
                state = engine.service_event(state, kind, viewer.actor, action, seq)
        if state is not None:
            self._publish(code, _Cached(seq, state))

    def _publish(self, code: str, cached: _Cached) -> None:
        """After the commit: move the cache forward, then tell live pages."""
        self._store(code, cached)
        self.live.publish(code, cached.version)

    def _store(self, code: str, cached: _Cached) -> None:
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

    def _cached(self, code: str) -> _Cached | None:
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

    def _current(self, s: Session, table: TableRow) -> EngineState:
        """The state at ``table.version``: the cache, caught up from the log if another process wrote."""
        target = table.version
        cached = self._cached(table.code)
        if cached is not None and cached.version == target:
            return cached.state
        if cached is not None and cached.version < target:
            newer = [e for e in self._events(s, table.code, after=cached.version) if e.seq <= target]
            if all(e.kind != "undo" for e in newer):
                state = cached.state
                game = known_game(table.game_id)
                for i, event in enumerate(newer):
                    _pause(i)
                    state = engine.replay_one(game, state, event)
                self._store(table.code, _Cached(target, state))
                return state
        state, replayed = self._rebuild(s, table, target)
        if replayed >= snapshots.EVERY:
            with self._guard:  # stored by snapshot() once its read transaction is over
                self._snapshot_due[table.code] = (target, state)
        self._store(table.code, _Cached(target, state))
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
                return engine.replay(game, events, start, pause=_pause), len(events)
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
