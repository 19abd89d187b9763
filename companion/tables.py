"""The one action layer: create, join, act, undo, replay, views, export and import.

Every page, host button and JSON call ends up here with a :class:`Viewer` and an action. An action
is validated by the game's rules against the current state, appended to the event log and
committed; only then is it acknowledged and announced to live pages. The service is built in
three layers: :mod:`companion.table_log` (the log, the state cache, snapshots, live publish),
:mod:`companion.table_seats` (seats, tokens, host rights) and this module (tables, actions, undo,
views, the story, export/import, profiles).

Randomness: each event stores its own seed (drawn from the OS), so replay is exact while an
export reveals nothing about draws that have not happened yet (games draw lazily).
"""

from __future__ import annotations

import json
import random
import secrets
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import bindparam, func, insert
from sqlmodel import Session, col, select

from . import engine, history, snapshots, story_store, transfer
from .db import Prebuilt
from .engine import EngineState, Event
from .games import get as get_game
from .games import known as known_game
from .games.base import Game, RuleError
from .group_commit import RawWrite
from .models import ActionKeyRow, EventRow, ProfileRow, SeatRow, TableRow
from .offload import YIELD, Slices, one_at_a_time
from .progress import Progress, StateKeys, progress_of
from .table_log import NO_TABLE as NO_TABLE
from .table_log import CachedState, NeedsSession, event_of, pause
from .table_seats import TableSeats, hash_token
from .table_types import NewEvent as NewEvent
from .table_types import Snapshot as Snapshot
from .table_types import Viewer as Viewer

#: an action's idempotency key, looked up and stored with prebuilt Core statements (issue 41)
_KEY_SEQ = Prebuilt(select(ActionKeyRow.seq).where(col(ActionKeyRow.table_code) == bindparam("code"),
                                                   col(ActionKeyRow.key) == bindparam("key")))
_INSERT_KEY = Prebuilt(insert(ActionKeyRow.__table__), ["table_code", "key", "seq"])  # type: ignore[attr-defined]
#: the action and actor of the event a key was stored with
_EVENT_OF_KEY = Prebuilt(select(EventRow.action, EventRow.actor).where(col(EventRow.table_code) == bindparam("code"),
                                                                      col(EventRow.seq) == bindparam("seq")))
#: what an action's transaction committed: version, table row, state, progress change, progress keys
Written = tuple[int, TableRow, EngineState, Progress | None, StateKeys]

MALFORMED = engine.MALFORMED
#: Room-code letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY"
MAX_ACTION_BYTES = engine.MAX_ACTION_BYTES
#: Imported events stored per insert statement (see Tables.insert_table)
INSERT_SLICE = 200
#: The "format" of a profile file (:meth:`Tables.profile_file`).
PROFILE_FORMAT = "tabletop-companion profile"


@lru_cache(maxsize=1024)
def _seat_ids(game_id: str, options: str) -> list[str]:
    """The seat ids of a table's game and options (its stored JSON text, fixed for the table's
    life): asked at every action a page watches, decoded once per table (issue 41). Read only."""
    return [seat.id for seat in known_game(game_id).seats(json.loads(options))]


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
    return hash_token(f"{scope}\n{key}")


@dataclass
class Tables(TableSeats):
    """The table service bound to one database and one live notifier."""

    #: Tests may fix the source of event seeds (config ``RANDOM_SEED``) so that dealt hands and
    #: draws repeat from run to run; a real table draws every seed from the OS.
    seeds: random.Random | None = None

    def _new_seed(self) -> int:
        return self.seeds.getrandbits(62) if self.seeds is not None else _new_seed()

    # -- creation -----------------------------------------------------------------------------
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
                     events: list[NewEvent] | None = None, names: dict[str, str] | None = None,
                     story: list[history.Entry] | None = None) -> tuple[str, str]:
        """Store a new table under a free code: its seats (with ``names``), the setup event and
        ``events`` after it, whose replay is ``state`` and whose story is ``story``. Returns (code,
        host token)."""
        events, names = events or [], names or {}
        host_token = secrets.token_urlsafe(24)
        now = time.time()
        version = len(events) + 1
        with self.db.write() as s:
            code = self._free_code(s)
            s.add(TableRow(code=code, game_id=game.id, options=json.dumps(opts), host_hash=hash_token(host_token),
                           version=version, created_at=now, updated_at=now, rules_version=game.rules_version,
                           story_version=version))
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
            story_store.save(s, code, story or [])
        self._store(code, CachedState(version, state))
        if version >= snapshots.EVERY:  # a long import: a restart or an evicted cache starts from here
            snapshots.save(self.db, code, version, state, snapshots.rules_key(game.rules_version))
        return code, host_token

    def _free_code(self, s: Session) -> str:
        taken = s.exec(select(func.count()).select_from(TableRow)).one()
        length = 4 if taken < 20_000 else 5
        for _ in range(200):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
            if s.get(TableRow, code) is None:
                return code
        raise RuleError("Could not find a free room code; try again.", "companion: tables", status=503)

    # -- actions ------------------------------------------------------------------------------
    def act(self, code: str, viewer: Viewer, action: Any, key: str | None = None) -> int:
        """Validate and apply one action; returns the new version once it is committed.

        ``key`` (a device's idempotency key, optional) is stored with the event in the same
        transaction: the same key again returns the version of the first time and applies nothing.
        """
        key = _idempotency_key(key)
        checked, encoded = engine.encode_action(viewer.actor, action)
        with self._locked(code):
            try:  # prebuilt statements on SQLite's own connection, no ORM session (issue 41) ...
                done = self._write_action(self.db.write_raw(), code, viewer, checked, encoded, key)
            except NeedsSession:  # ... unless the table is not cached at its stored version
                done = self._write_action(self.db.write(), code, viewer, checked, encoded, key)
            if isinstance(done, int):
                return done  # a retry of an action already stored
            version, table, new_state, change, new_keys = done
            # An action changes neither the seats nor the row beyond what this transaction wrote:
            # keep both in memory, so the pages' reads at this version need no database load.
            prev = self._cached(code)
            rows = prev.seats if prev is not None and prev.version == version - 1 else None
            self._publish(code, CachedState(version, new_state, seats=rows, table=table, progress=new_keys,
                                            g_tree=True), change)
        if version % snapshots.EVERY == 0:  # a long evening: a restart replays from here
            snapshots.save(self.db, code, version, new_state,
                           snapshots.rules_key(known_game(table.game_id).rules_version))
        return version

    def _write_action(self, write: AbstractContextManager[Session | RawWrite], code: str, viewer: Viewer,
                      checked: dict[str, Any], encoded: str, key: str | None) -> int | Written:
        """The transaction of :meth:`act` (the table's lock held): the version a retried key stands
        for, or what was committed."""
        with write as s:
            table = self._table_for_update(s, code)
            game = known_game(table.game_id)
            if key is not None:
                key = _scoped_key(viewer, key)
                if game.moves is not None:  # validated before the key can answer for it
                    game.moves.check_shape(viewer.actor, checked)
                done = _KEY_SEQ.run(s, {"code": table.code, "key": key}).fetchone()
                if done is not None:
                    return self._retried(s, table.code, done[0], viewer, checked)
            state = self._current(s, table)
            prev = self._cached(code)
            if prev is None or prev.state is not state:
                prev = None
            seed = self._new_seed()
            round_ends: list[dict[str, Any]] = []
            new_state = engine.apply(game, state, viewer.actor, checked, seed, table.version + 1, round_ends,
                                     tree=prev is not None and prev.g_tree)
            change = None
            new_keys = StateKeys(game, new_state)
            # Only open pages use it: watched here, or by another process (PostgreSQL).
            if game.progress_patches and (self.live.watched(code) or not self.db.is_sqlite):
                seats = _seat_ids(table.game_id, table.options)
                old_keys = prev.progress if prev is not None else None
                change = progress_of(game, state, new_state, table.version, table.version + 1, seats,
                                     keys=(old_keys, new_keys))
            told = story_store.tracked(table)
            version = self._append(s, table, "action", viewer, encoded, seed=seed, change=change)
            if told:  # the story's part of this action, in its transaction (companion.story_store)
                story_store.tell(s, table, game, state["g"], new_state["g"], round_ends, version)
            if key is not None:  # one prebuilt INSERT, as the event's (no unit-of-work flush, issue 41)
                _INSERT_KEY.run(s, {"table_code": table.code, "key": key, "seq": version})
        return version, table, new_state, change, new_keys

    @staticmethod
    def _retried(s: Session | RawWrite, code: str, seq: int, viewer: Viewer, action: dict[str, Any]) -> int:
        """A key seen before answers for its first action only when this is the same action from
        the same device (a retry); the same key on another action is refused, never dropped."""
        first = _EVENT_OF_KEY.run(s, {"code": code, "seq": seq}).fetchone()
        if first is None or json.loads(first[0]) != action or \
                json.loads(first[1]).get("seat") != viewer.seat:
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
                if story_store.tracked(table):
                    story_store.take_back(s, code, target.seq)
                version = self._append(s, table, "undo", viewer, {"target": target.seq})
                if base is not None:
                    state = engine.replay(game, self._events(s, code, after=target.seq - 1), start=base,
                                          pause=pause())
                else:  # from the newest stored snapshot before the target
                    state, _replayed = self._rebuild(s, table, version)
                engine.check_reveal(game, before, state)
            self._publish(code, CachedState(version, state))
        return version

    @staticmethod
    def _undo_target(s: Session, code: str) -> Event | None:
        """The last game action not yet undone (reads only the undo rows and the log's tail)."""
        undone = {json.loads(a)["target"] for a in s.exec(
            select(EventRow.action).where(EventRow.table_code == code, EventRow.kind == "undo"))}
        stmt = (select(EventRow).where(EventRow.table_code == code, EventRow.kind == "action")
                .order_by(col(EventRow.seq).desc()).limit(len(undone) + 1))
        return engine.undo_target((event_of(e) for e in s.exec(stmt)), undone)

    @staticmethod
    def last_undoable(snap: Snapshot, viewer: Viewer) -> list[dict[str, Any]]:
        """The log lines of the action an undo would revert now (for the host's confirm)."""
        return engine.last_undoable(snap.state, viewer)

    # -- views --------------------------------------------------------------------------------
    def public_view(self, snap: Snapshot) -> dict[str, Any]:
        """The table as everyone sees it. Built once per version (every page of the table renders
        from it at each change, issue 41) and shared: read it, never change it."""
        found: dict[str, Any] | None = snap.memo.get("public")
        if found is None:
            found = snap.memo["public"] = {
                "code": snap.table.code,
                "game": snap.table.game_id,
                "version": snap.version,
                "seats": [self._seat_public(seat) for seat in snap.seats],
                "state": engine.public(snap.game, snap.state),
            }
        return found

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

    # -- the story of the table (companion.history, companion.story_store) -----------------------
    def story_stored(self, snap: Snapshot) -> bool:
        """Whether the story at the snapshot's version is stored (else :meth:`story` replays the
        log once: a table from before stories were stored)."""
        return snap.table.story_version >= snap.version

    def story(self, snap: Snapshot, views: bool = False) -> history.Story:
        """The table's round-by-round history at the snapshot's version: the stored entries and the
        snapshot's state, no replay (``views``: with each round's public view, for the TV replay).
        A table whose story is not stored yet is replayed first (:meth:`_store_story`)."""
        code = snap.table.code
        if not self.story_stored(snap):
            self._store_story(code)
        with self.db.read() as s:
            entries = story_store.load(s, code, snap.version, views)
        return history.assemble(snap.game, entries, snap.state["g"])

    def _store_story(self, code: str) -> None:
        """Replay an old table's log once and store its story: one long job at a time, in slices
        that step aside for other tables (companion.offload), outside the table's lock; only the
        events written meanwhile are told under it."""
        with one_at_a_time():
            for _attempt in range(3):
                with self.db.read() as s:
                    table = s.get(TableRow, code)
                    if table is None or story_store.tracked(table):
                        return  # gone, or stored by another request meanwhile
                    events = [event_of(r) for r in self._rows(s, code)]
                told = history.replay(known_game(table.game_id), events, pause=Slices())
                with self._locked(code):
                    with self.db.write() as s:
                        table = self._table_for_update(s, code)
                        if story_store.tracked(table):
                            return
                        newer = self._events(s, code, after=told.version)
                        if told.undoes(newer):
                            continue  # an undo reached back into what was replayed: replay afresh
                        told.feed(newer)
                        story_store.replace(s, table, told.told.entries, table.version)
                        version = table.version
                    # still under the lock, after the commit: no writer can slip in between and
                    # find the cached row saying the story is not stored yet
                    cached = self._cached(code)
                    if cached is not None and cached.table is not None and cached.version == version:
                        cached.table.story_version = version
                return
        raise RuleError("This table changes too fast to tell its story now; try again.", "companion: story",
                        status=503)

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
        self._store_profile(snap.game.id, name, snap.game.export_profile(snap.state["g"]))
        return name

    def _store_profile(self, game_id: str, name: str, profile: dict[str, Any], replace: bool = True) -> str:
        """Store ``profile`` under ``name`` (the newest profile is the one later tables start from);
        with ``replace=False`` a name already taken gets a number: "Our board (2)"."""
        data = json.dumps(profile)
        with self.db.write() as s:
            taken = set(s.exec(select(ProfileRow.name).where(ProfileRow.game_id == game_id)))
            if not replace:
                base, n = name, 2
                while name in taken:
                    suffix = f" ({n})"
                    name, n = base[:60 - len(suffix)] + suffix, n + 1
            row = s.exec(select(ProfileRow).where(ProfileRow.game_id == game_id, ProfileRow.name == name)).first()
            row = row or ProfileRow(game_id=game_id, name=name, data=data)
            row.data, row.created_at = data, time.time()
            s.add(row)
        return name

    def profiles(self, game_id: str) -> list[str]:
        with self.db.read() as s:
            rows = s.exec(select(ProfileRow.name).where(ProfileRow.game_id == game_id).order_by(ProfileRow.name))
            return list(rows)

    def newest_profile(self, game_id: str) -> str | None:
        """The profile saved (or imported) last: a new table of the game starts from it unless the
        host picks another (issue #37: a group types its board once)."""
        with self.db.read() as s:
            return s.exec(select(ProfileRow.name).where(ProfileRow.game_id == game_id)
                          .order_by(col(ProfileRow.created_at).desc(), col(ProfileRow.id).desc())).first()

    def profile_file(self, game_id: str, name: str) -> dict[str, Any]:
        """A saved profile as a file another server imports (:meth:`import_profile`). A profile holds
        what the table typed from its printed components, nothing any device keeps secret."""
        return {"format": PROFILE_FORMAT, "game": game_id, "name": name, "profile": self.profile_data(game_id, name)}

    def table_profile_file(self, snap: Snapshot, viewer: Viewer) -> dict[str, Any]:
        """Host: the profile of a table as a file, named after the table."""
        self._require_host(viewer)
        return {"format": PROFILE_FORMAT, "game": snap.game.id, "name": f"Table {snap.table.code}",
                "profile": snap.game.export_profile(snap.state["g"])}

    def import_profile(self, data: Any) -> tuple[str, str]:
        """Store a profile file (untrusted) as a new profile: the game's setup validates it exactly
        as a table started from it would. Returns (game id, the name it was stored under)."""
        if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
            raise RuleError("This is not a profile file of Tabletop Companion.", "companion: profiles")
        game = get_game(str(data.get("game") or ""))
        if game is None or not game.profiles:
            raise RuleError("This profile is for a game that has no profiles here.", "companion: profiles")
        name = " ".join(str(data.get("name") or "").split())[:60] or "Imported"
        opts = game.normalize_options(None)
        opts["profile_data"] = data.get("profile")
        state = engine.initial_state(game, opts, 0)  # refuses a malformed profile, field named
        return game.id, self._store_profile(game.id, name, game.export_profile(state["g"]), replace=False)

    def profile_data(self, game_id: str, name: str) -> dict[str, Any]:
        with self.db.read() as s:
            row = s.exec(select(ProfileRow).where(ProfileRow.game_id == game_id, ProfileRow.name == name)).first()
        if row is None:
            raise RuleError("There is no saved profile %(name)s.", "companion: profiles", status=404,
                            name=str(name)[:60])
        return cast("dict[str, Any]", json.loads(row.data))
