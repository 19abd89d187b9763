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
from typing import Any

from sqlalchemy import func, text
from sqlmodel import col, select

from . import schemas, sealed, snapshots
from .db import Database
from .games import get as get_game
from .games import known as known_game
from .games.base import Actor, Ctx, Game, RuleError
from .i18n import N_
from .live import CHANNEL as LIVE_CHANNEL
from .live import Notifier
from .models import ActionKeyRow, EventRow, ProfileRow, SeatRow, TableRow

log = logging.getLogger(__name__)
#: Errors a game may raise on input it did not anticipate; the action layer turns them into a 400.
MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError, StopIteration, RuntimeError)
#: Room-code letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY"
EXPORT_FORMAT = "tabletop-companion/table"
#: What the host's browser may download: the table as the host sees it, not importable.
RECORD_FORMAT = "tabletop-companion/record"
#: The export layout this code writes, and the ones it can read back (an unknown one is refused).
FORMAT_VERSION = 1
SUPPORTED_FORMAT_VERSIONS = (1,)
MAX_ACTION_BYTES = 64_000
#: An import is replayed before it is stored; past this many events it is refused (a long game of
#: any of our games stays well below it) so one upload cannot keep the server busy for long.
MAX_IMPORT_EVENTS = 10_000
#: Long replays give other connections a turn every this many events (gevent is cooperative).
PAUSE_EVERY = 256
#: Recent states kept per cached table, so an undo replays from just before its target instead of
#: replaying the whole log while holding the table's lock.
HISTORY_VERSIONS = 8
RULE_SEATS = "companion: seats"
RULE_UNDO = "companion: undo"
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


def _clean(text: Any) -> str:
    """A string from user input without control characters (PostgreSQL refuses NUL bytes)."""
    return "".join(ch for ch in str(text) if ch.isprintable() or ch == " ")


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
    state: dict[str, Any]

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def options(self) -> dict[str, Any]:
        return json.loads(self.table.options)


@dataclass
class _Cached:
    version: int
    state: dict[str, Any]
    seats: list[SeatRow] | None = None  # seat rows only change together with the version
    #: version -> state of the last few versions (states are never mutated once built)
    history: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)
    used: float = 0.0


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
    _locks: dict[str, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: The in-memory state cache keeps at most this many tables, least recently used first out,
    #: and drops tables idle longer than ``cache_idle`` seconds (they are rebuilt from the log).
    cache_tables: int = 256
    cache_idle: float = 3600.0
    #: states rebuilt from many events, to be stored as snapshots after the read that built them
    _snapshot_due: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
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
        seats = game.seats(opts)
        host_token = secrets.token_urlsafe(24)
        seed = self._new_seed()
        # Build the initial state now so a broken option set is refused before anything is stored.
        state = self._initial_state(game, opts, seed)
        now = time.time()
        with self.db.write() as s:
            code = self._free_code(s)
            s.add(TableRow(code=code, game_id=game.id, options=json.dumps(opts), host_hash=_hash(host_token),
                           version=1, created_at=now, updated_at=now, rules_version=game.rules_version))
            s.flush()
            for i, seat in enumerate(seats):
                s.add(SeatRow(table_code=code, seat_id=seat.id, position=i, label=seat.label, color=seat.color))
            s.add(EventRow(table_code=code, seq=1, kind="setup", actor=json.dumps({"host": True}),
                           action=json.dumps({"options": opts}), rng_seed=seed, created_at=now))
        self._store(code, _Cached(1, state))
        return code, host_token

    def _free_code(self, s) -> str:
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
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("An action is an object with a \"type\".", "companion: actions")
        if action["type"].startswith("_"):
            raise RuleError("Unknown action: %(type)s.", "companion: actions", type=action["type"][:40])
        schemas.check(action)
        encoded = json.dumps(action)
        if len(encoded) > MAX_ACTION_BYTES:
            raise RuleError("This action is too large.", "companion: actions", status=413)
        if not (viewer.seat or viewer.host):
            raise RuleError("Join a seat first.", RULE_SEATS, status=403)
        with self._locked(code):
            with self.db.write() as s:
                table = self._table_for_update(s, code)
                if key is not None:
                    done = s.exec(select(ActionKeyRow.seq).where(ActionKeyRow.table_code == table.code,
                                                                 ActionKeyRow.key == key)).first()
                    if done is not None:
                        return done
                state = self._current(s, table)
                game = known_game(table.game_id)
                seed = self._new_seed()
                new_state = self._apply(game, state, viewer.actor, json.loads(encoded), seed, table.version + 1)
                version = self._append(s, table, "action", viewer, json.loads(encoded), seed=seed)
                if key is not None:
                    s.add(ActionKeyRow(table_code=table.code, key=key, seq=version))
            self._publish(code, _Cached(version, new_state))
        if version % snapshots.EVERY == 0:  # a long evening: a restart replays from here
            snapshots.save(self.db, code, version, new_state,
                           snapshots.rules_key(known_game(table.game_id).rules_version))
        return version

    def undo(self, code: str, viewer: Viewer) -> int:
        """Host: revert the last game action. The revert is itself an event; nothing is deleted."""
        self._require_host(viewer)
        with self._locked(code):
            with self.db.write() as s:
                table = self._table_for_update(s, code)
                target = self._undo_target(s, code)
                if target is None:
                    raise RuleError("There is nothing to undo.", RULE_UNDO, status=409)
                game = known_game(table.game_id)
                refusal = game.undo_refusal(json.loads(target.action))
                if refusal is not None:
                    raise refusal
                before = self._current(s, table)
                # The state just before the target is valid ground to replay from: every later
                # undo reverted an action after the target (the target is the last one standing).
                base = self._recent(code, target.seq - 1)
                if base is not None and game.public_marks(before["g"]) - game.public_marks(base["g"]):
                    raise self._reveal_refusal()
                version = self._append(s, table, "undo", viewer, {"target": target.seq})
                if base is not None:
                    state = self._replay(table, self._events(s, code, after=target.seq - 1), start=base)
                else:  # from the newest stored snapshot before the target
                    state, _replayed = self._rebuild(s, table, version)
                if game.public_marks(before["g"]) - game.public_marks(state["g"]):
                    raise self._reveal_refusal()
            self._publish(code, _Cached(version, state))
        return version

    @staticmethod
    def _reveal_refusal() -> RuleError:
        """Undo never crosses a reveal: a secret everyone has seen cannot be taken back and re-chosen
        (the game declares its reveals in ``Game.public_marks``)."""
        return RuleError("This step made hidden information public, so it cannot be undone.", RULE_UNDO,
                         status=409)

    @staticmethod
    def _undo_target(s, code: str) -> EventRow | None:
        """The last game action not yet undone (reads only the undo rows and the log's tail)."""
        undone = {json.loads(a)["target"] for a in s.exec(
            select(EventRow.action).where(EventRow.table_code == code, EventRow.kind == "undo"))}
        stmt = (select(EventRow).where(EventRow.table_code == code, EventRow.kind == "action")
                .order_by(col(EventRow.seq).desc()).limit(len(undone) + 1))
        return next((e for e in s.exec(stmt) if e.seq not in undone), None)

    def _recent(self, code: str, version: int) -> dict[str, Any] | None:
        with self._guard:
            cached = self._cache.get(code)
            return cached.history.get(version) if cached is not None else None

    def last_undoable(self, snap: Snapshot, viewer: Viewer) -> list[dict[str, Any]]:
        """The log lines of the action an undo would revert now (for the host's confirm)."""
        seqs = [e["seq"] for e in snap.state["log"] if e.get("kind") == "action"]
        if not seqs:
            return []
        last = max(seqs)
        return [self._visible(e, snap.state["g"], viewer) for e in snap.state["log"] if e.get("seq") == last]

    # -- reading ------------------------------------------------------------------------------
    def snapshot(self, code: str) -> Snapshot:
        """The current table, seats and state (no lock: WAL readers see the last commit)."""
        code = "".join(ch for ch in str(code or "") if ch.isalnum())[:8].upper()
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
        if self._snapshot_due:
            self._save_due_snapshot(code)
        return Snapshot(table=table, game=known_game(table.game_id), seats=seats, state=state)

    def version(self, code: str) -> int | None:
        code = "".join(ch for ch in str(code or "") if ch.isalnum())[:8].upper()
        with self.db.read() as s:
            table = s.get(TableRow, code)
            return table.version if table else None

    def public_view(self, snap: Snapshot) -> dict[str, Any]:
        game = snap.game
        view = dict(game.public_view(snap.state["g"]))
        view.setdefault("waiting_for", game.waiting_for(snap.state["g"]))
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

    def log_view(self, snap: Snapshot, viewer: Viewer, limit: int | None = None) -> list[dict[str, Any]]:
        """The readable log for ``viewer``: secret lines show their hidden form until revealed."""
        g = snap.state["g"]
        out = []
        entries = snap.state["log"] if limit is None else snap.state["log"][-limit:]
        for entry in entries:
            out.append(self._visible(entry, g, viewer))
        return out

    @classmethod
    def _visible(cls, entry: dict[str, Any], g: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        shown = {"seq": entry.get("seq"), "actor": entry.get("actor"), "kind": entry.get("kind", "action")}
        secret = "hidden" in entry
        revealed = sealed.is_revealed(g, entry.get("prompt")) and not entry.get("superseded")
        own = viewer.seat and viewer.seat == entry.get("seat") and not entry.get("dropped")
        if secret and not (revealed or own):
            shown.update(msg=entry["hidden"]["msg"], params=entry["hidden"]["params"])
        else:
            shown.update(msg=entry["msg"], params=entry["params"])
        if entry.get("undone"):
            shown["undone"] = [cls._visible(e, g, viewer) for e in entry["undone"]]
        return shown

    # -- export / import ----------------------------------------------------------------------
    def record(self, code: str, viewer: Viewer) -> dict[str, Any]:
        """Host: the table as the host's browser already sees it (public view, seats, readable log),
        for keeping or sharing. It is not a continuation: it holds no event seeds and no private
        input, so nothing in it (nor an import of it) rebuilds what a seat's private view hides
        (a dealt hand, a peeked card, a private plot deck). See :meth:`export`."""
        if not viewer.host or viewer.seat:
            raise RuleError("Only the host device that created the table can export it.",
                            "companion: host rights", status=403)
        snap = self.snapshot(code)
        return {"format": RECORD_FORMAT, "format_version": 1, "game": snap.table.game_id,
                "exported_at": time.time(), "source_code": snap.table.code,
                "public": self.public_view(snap), "log": self.log_view(snap, viewer)}

    def export(self, code: str, viewer: Viewer) -> dict[str, Any]:
        """Operator only (``companion export``): the table's effective history, to continue it on
        another machine. Never served over HTTP: its event seeds and private actions would let
        whoever imports it and sits in every seat read the dealt hands and private inputs; the
        laptop's operator already owns the database those come from.

        Left out even here: actions that were undone (and the undo events), sealed answers that
        are not yet revealed, and answers a seat replaced before the reveal. Tokens are never
        exported. The seats whose answers were withheld simply answer again after an import.
        """
        if not viewer.host:
            raise RuleError("Only the host can do this.", "companion: host rights", status=403)
        snap = self.snapshot(code)
        with self.db.read() as s:
            events = self._events(s, code)
        g = snap.state["g"]
        undone = self._undone(events)
        # what the screen shows (a rules entry) is presentation, not history
        effective = [e for e in events if e.kind not in ("undo", "rules") and e.seq not in undone]
        last_answer: dict[tuple[str, str], int] = {}
        for e in effective:
            action, actor = json.loads(e.action), json.loads(e.actor)
            if e.kind == "action" and action.get("type") == "answer":
                last_answer[(str(actor.get("seat")), str(action.get("prompt")))] = e.seq
        withheld = 0
        out = []
        for e in effective:
            action, actor = json.loads(e.action), json.loads(e.actor)
            if e.kind == "action" and action.get("type") == "answer":
                key = (str(actor.get("seat")), str(action.get("prompt")))
                prompt = g.get("prompts", {}).get(key[1])
                if last_answer[key] != e.seq or prompt is None or not prompt["revealed"]:
                    withheld += 1
                    continue
            out.append({"kind": e.kind, "actor": actor, "action": action, "rng_seed": e.rng_seed,
                        "time": e.created_at})
        return {"format": EXPORT_FORMAT, "format_version": FORMAT_VERSION, "game": snap.table.game_id,
                "rules_version": snap.table.rules_version,
                "exported_at": time.time(), "source_code": code, "withheld_answers": withheld,
                "events": out}

    def import_table(self, data: Any) -> tuple[str, str, int]:
        """Recreate an exported table under a new code; returns (code, host token, skipped events).

        Seats come back free (tokens are never exported) with the players' names; each phone
        joins again. Everything is replayed and checked in memory first, so a damaged file is
        refused whole: it can never leave a half-imported table behind. An action that no longer
        applies (it depended on an answer that was withheld) is skipped and counted.
        """
        damaged = RuleError("The export is damaged.", "companion: import")
        if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
            raise RuleError("This file is a table's record, which cannot be continued. To move a table to "
                            "another machine, run \"companion export CODE\" on the laptop that hosts it "
                            "and import that file.", "companion: import")
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise RuleError("This file is not a Tabletop Companion table export.", "companion: import")
        if data.get("format_version") not in SUPPORTED_FORMAT_VERSIONS:
            raise RuleError("This export has format version %(version)s; this server reads versions "
                            "%(supported)s. Update Tabletop Companion on this machine and import it again.",
                            "companion: import", version=str(data.get("format_version"))[:12],
                            supported=", ".join(map(str, SUPPORTED_FORMAT_VERSIONS)))
        game = get_game(str(data.get("game")))
        if game is None:
            raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=str(data.get("game"))[:32])
        if isinstance(data.get("events"), list) and len(data["events"]) > MAX_IMPORT_EVENTS:
            raise RuleError("This export has too many events (at most %(max)s).", "companion: import",
                            status=413, max=MAX_IMPORT_EVENTS)
        schemas.check(data)  # no NaN/Infinity, no deep nesting (a file from the command line too)
        try:
            events = schemas.ExportFile.model_validate(data).events
            if events[0].kind != "setup":
                raise ValueError
            opts = dict(events[0].action["options"])
            setup_seed = events[0].rng_seed
            rows = [(e.kind, e.actor.model_dump(), e.action, e.rng_seed, e.time or 0.0) for e in events[1:]]
            extra = {k: opts.pop(k) for k in ("profile_data", "profile_name") if k in opts}
            opts = {**game.normalize_options(opts), **extra}
            state = self._initial_state(game, opts, setup_seed)
        except RuleError:
            raise
        except Exception:
            raise damaged from None
        seat_ids = {seat.id for seat in game.seats(opts)}
        names: dict[str, str] = {}
        kept: list[tuple[str, dict, dict, int, float]] = []
        skipped = 0
        for i, (kind, actor, action, seed, when) in enumerate(rows):
            _pause(i)
            seq = len(kept) + 2
            if kind == "action":
                try:
                    actor = {"seat": actor.get("seat") if actor.get("seat") in seat_ids else None,
                             "host": bool(actor.get("host"))}
                    state = self._apply(game, state, Actor(actor["seat"], actor["host"]), action, seed, seq)
                except RuleError:
                    skipped += 1
                    continue
            elif kind in ("join", "leave", "host"):
                try:
                    fields = schemas.SeatEvent.model_validate(action)
                except ValueError:
                    raise damaged from None
                seat = fields.seat
                if seat not in seat_ids or (kind == "join" and fields.name is None):
                    raise damaged
                # Rebuilt from the game's own seats: a label or name from the file is never kept raw.
                label = next(x.label for x in game.seats(opts) if x.id == seat)
                if kind == "join":
                    action = {"seat": seat, "name": _clean(fields.name)[:40] or seat, "label": label}
                    names[seat] = action["name"]
                elif kind == "leave":
                    action = {"seat": seat, "reissued": fields.reissued, "label": label}
                else:
                    action = {"seat": seat, "on": fields.on}
                viewer = Viewer(seat=actor.get("seat") if actor.get("seat") in seat_ids else None,
                                host=bool(actor.get("host")))
                actor = {"seat": viewer.seat, "host": viewer.host}
                state = self._service_event(self._fork(state), kind, viewer, action, seq)
            else:
                raise damaged
            kept.append((kind, actor, action, seed, when))
        host_token = secrets.token_urlsafe(24)
        now = time.time()
        with self.db.write() as s:
            code = self._free_code(s)
            s.add(TableRow(code=code, game_id=game.id, options=json.dumps(opts), host_hash=_hash(host_token),
                           version=len(kept) + 1, created_at=now, updated_at=now,
                           rules_version=game.rules_version))
            s.flush()
            for i, seat_def in enumerate(game.seats(opts)):
                s.add(SeatRow(table_code=code, seat_id=seat_def.id, position=i, label=seat_def.label,
                              color=seat_def.color, name=names.get(seat_def.id)))
            s.add(EventRow(table_code=code, seq=1, kind="setup", actor=json.dumps({"host": True}),
                           action=json.dumps({"options": opts}), rng_seed=setup_seed, created_at=now))
            for seq, (kept_kind, actor, action, seed, when) in enumerate(kept, start=2):
                s.add(EventRow(table_code=code, seq=seq, kind=kept_kind, actor=json.dumps(actor),
                               action=json.dumps(action), rng_seed=seed, created_at=when or now))
        self._store(code, _Cached(len(kept) + 1, state))
        return code, host_token, skipped

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

    def _table_for_update(self, s, code: str) -> TableRow:
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
    def _seat(s, code: str, seat_id: str) -> SeatRow:
        seat_id = _clean(seat_id)[:40]
        seat = s.exec(select(SeatRow).where(SeatRow.table_code == code, SeatRow.seat_id == str(seat_id))).first()
        if seat is None:
            raise RuleError("There is no seat %(seat)s.", RULE_SEATS, status=404, seat=str(seat_id)[:40])
        return seat

    @staticmethod
    def _events(s, code: str, after: int = 0) -> list[EventRow]:
        stmt = select(EventRow).where(EventRow.table_code == code, EventRow.seq > after).order_by(col(EventRow.seq))
        return list(s.exec(stmt))

    @staticmethod
    def _undone(events: list[EventRow]) -> set[int]:
        return {json.loads(e.action)["target"] for e in events if e.kind == "undo"}

    @staticmethod
    def _append(s, table: TableRow, kind: str, viewer: Viewer, action: dict[str, Any],
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
    def _seat_events(self, code: str) -> Iterator[tuple[Any, list[tuple]]]:
        """A write transaction for seat changes: the caller lists its seat events (join, leave,
        host rights); they are appended in the same transaction, and published after the commit."""
        pending: list[tuple] = []
        with self.db.write() as s:
            yield s, pending
            state, seq = None, None
            for table, kind, viewer, action in pending:
                if state is None:
                    state = self._fork(self._current(s, table))
                seq = self._append(s, table, kind, viewer, action)
                state = self._service_event(state, kind, viewer, action, seq)
        if state is not None and seq is not None:
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
                del self._locks[code]

    def _current(self, s, table: TableRow) -> dict[str, Any]:
        """The state at ``table.version``: the cache, caught up from the log if another process wrote."""
        target = table.version
        cached = self._cached(table.code)
        if cached is not None and cached.version == target:
            return cached.state
        if cached is not None and cached.version < target:
            newer = [e for e in self._events(s, table.code, after=cached.version) if e.seq <= target]
            if all(e.kind != "undo" for e in newer):
                state = cached.state
                for i, event in enumerate(newer):
                    _pause(i)
                    state = self._replay_one(table, state, event)
                self._store(table.code, _Cached(target, state))
                return state
        state, replayed = self._rebuild(s, table, target)
        if replayed >= snapshots.EVERY:
            with self._guard:  # stored by snapshot() once its read transaction is over
                self._snapshot_due[table.code] = (target, state)
        self._store(table.code, _Cached(target, state))
        return state

    def _rebuild(self, s, table: TableRow, target: int) -> tuple[dict[str, Any], int]:
        """The state at ``target`` from the newest usable snapshot (or the first event) and the
        events after it; returns it with the number of events replayed."""
        key = snapshots.rules_key(known_game(table.game_id).rules_version)
        below = target + 1
        while True:
            found = snapshots.newest(s, table.code, key, below)
            start_version, start = found if found else (0, None)
            events = [e for e in self._events(s, table.code, after=start_version) if e.seq <= target]
            reach = min((json.loads(e.action)["target"] for e in events if e.kind == "undo"), default=below)
            if start is None or reach > start_version:
                return self._replay(table, events, start), len(events)
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

    def _initial_state(self, game: Game, opts: dict[str, Any], seed: int) -> dict[str, Any]:
        ctx = Ctx(actor=Actor(host=True), rng=random.Random(seed))
        g = game.setup(dict(opts), ctx)
        json.dumps(g)  # the state must survive the log round trip
        log = [dict(e, seq=1, kind="setup") for e in ctx.entries]
        return {"g": g, "names": {}, "log": log}

    def _apply(self, game: Game, state: dict[str, Any], actor: Actor, action: dict[str, Any], seed: int,
               seq: int) -> dict[str, Any]:
        """Apply one game action to a private copy; the original is untouched on refusal.

        A changed sealed answer supersedes the seat's earlier answer lines: those stay hidden
        even after the reveal (only the final answers are revealed).
        """
        new = self._fork(state)
        new["g"] = json.loads(json.dumps(state["g"]))
        ctx = Ctx(actor=actor, rng=random.Random(seed), names=new["names"])
        try:
            game.apply(new["g"], ctx, action)
        except MALFORMED as err:
            # Input the rules did not anticipate (a list where a name was expected...): refuse it
            # like any other invalid action; nothing was changed. Logged for the developers.
            log.warning("game %s refused a malformed action %r: %r", game.id, action, err)
            raise RuleError("This action is malformed or not possible now.", "companion: actions") from err
        new["g"] = json.loads(json.dumps(new["g"]))
        who = {"seat": actor.seat, "host": actor.host}
        entries = [dict(e, seq=seq, kind="action", actor=who) for e in ctx.entries]
        if action.get("type") == "answer" and actor.seat:
            key = [actor.seat, str(action.get("prompt"))]
            new["log"] = [dict(e, superseded=True) if e.get("answer_of") == key else e for e in new["log"]]
            for entry in entries:
                if "hidden" in entry:
                    entry["answer_of"] = key
        new["log"].extend(entries)
        return new

    @staticmethod
    def _fork(state: dict[str, Any]) -> dict[str, Any]:
        """A copy that can be changed without touching ``state``: log entries are never mutated
        in place, so the log list is copied shallowly (the game state is copied deeply by callers)."""
        return {**state, "g": state["g"], "names": dict(state["names"]), "log": list(state["log"])}

    def _service_event(self, state: dict[str, Any], kind: str, viewer: Viewer, action: dict[str, Any],
                       seq: int) -> dict[str, Any]:
        """Apply a non-game event (join, leave, host rights) to the state's names and log."""
        seat = action.get("seat")
        if kind == "join":
            state["names"][seat] = action["name"]
            msg = N_("%(name)s sat down at %(seat)s")
            params = {"name": action["name"], "seat": {"_": action.get("label", seat)}}
        elif kind == "leave":
            msg = N_("The host freed the seat %(seat)s (%(name)s)")
            params = {"seat": {"_": action.get("label", seat)}, "name": state["names"].get(seat, "")}
            state = self._drop_sealed(state, str(seat))
        elif kind == "host":
            msg = N_("%(name)s now has host rights") if action.get("on") else N_("%(name)s no longer has host rights")
            params = {"name": state["names"].get(seat, seat)}
        elif kind == "rules":
            state["rules"] = action.get("entry")
            msg = N_("The host put a rules entry on the screen") if action.get("entry") else \
                N_("The host took the rules entry off the screen")
            params = {}
        else:
            return state
        state["log"] = state["log"] + [{"msg": msg, "params": params, "seq": seq, "kind": kind,
                                        "actor": {"seat": viewer.seat, "host": viewer.host}}]
        return state

    @staticmethod
    def _drop_sealed(state: dict[str, Any], seat: str) -> dict[str, Any]:
        """A freed seat's unrevealed sealed answers are dropped (its player answers again): the next
        phone to take the seat must not read the previous occupant's secret, and the lines that
        carried it stay hidden for good (they are superseded, never revealed)."""
        prompts = state["g"].get("prompts", {}) if isinstance(state["g"], dict) else {}
        dropped = [pid for pid, p in prompts.items() if sealed.is_open(p) and seat in p.get("answers", {})]
        if not dropped:
            return state
        state["g"] = json.loads(json.dumps(state["g"]))  # never mutate a state another version shares
        for pid in dropped:
            del state["g"]["prompts"][pid]["answers"][seat]
        keys = [[seat, pid] for pid in dropped]
        state["log"] = [dict(e, superseded=True, dropped=True)
                        if "hidden" in e and (e.get("answer_of") in keys or
                                              (e.get("seat") == seat and e.get("prompt") in dropped)) else e
                        for e in state["log"]]
        return state

    def _replay_one(self, table: TableRow, state: dict[str, Any], event: EventRow) -> dict[str, Any]:
        action = json.loads(event.action)
        actor = json.loads(event.actor)
        if event.kind == "action":
            game = known_game(table.game_id)
            try:
                state = self._apply(game, state, Actor(actor.get("seat"), bool(actor.get("host"))),
                                    action, event.rng_seed, event.seq)
            except RuleError:
                # Only possible if the rules changed under an old log: keep going, say so.
                state = self._fork(state)
                state["log"].append({"msg": N_("An old action no longer applies and was skipped"),
                                     "params": {}, "seq": event.seq, "kind": "skipped"})
            return state
        viewer = Viewer(seat=actor.get("seat"), host=bool(actor.get("host")))
        return self._service_event(self._fork(state), event.kind, viewer, action, event.seq)

    def _probe(self, table: TableRow, state: dict[str, Any], event: EventRow) -> list[dict[str, Any]]:
        """The log lines ``event`` would add to ``state`` (empty if it does not apply there)."""
        if event.kind != "action":
            return []
        actor = json.loads(event.actor)
        try:
            new = self._apply(known_game(table.game_id), state, Actor(actor.get("seat"), bool(actor.get("host"))),
                              json.loads(event.action), event.rng_seed, event.seq)
        except (RuleError, *MALFORMED):
            return []
        return [e for e in new["log"] if e.get("seq") == event.seq]

    def _replay(self, table: TableRow, events: list[EventRow],
                start: dict[str, Any] | None = None) -> dict[str, Any]:
        """Rebuild the state from the log, skipping reverted actions; undo lines stay in the log.

        ``events`` start at the setup event, or right after the snapshot ``start`` (then no undo
        among them may target an event at or before the snapshot: see :meth:`_rebuild`).
        """
        undone = self._undone(events)
        if start is None:
            game = known_game(table.game_id)
            setup, events = events[0], events[1:]
            state = self._initial_state(game, json.loads(setup.action)["options"], setup.rng_seed)
        else:
            state = start
        entries_by_seq: dict[int, list[dict[str, Any]]] = {}
        for i, event in enumerate(events):
            _pause(i)
            if event.kind == "undo":
                action = json.loads(event.action)
                gone = entries_by_seq.get(action["target"], [])
                actor = json.loads(event.actor)
                state = self._fork(state)
                state["log"].append({"msg": N_("Undone by the host"), "params": {}, "seq": event.seq,
                                     "kind": "undo", "actor": actor, "undone": gone})
                continue
            if event.seq in undone:
                # Keep the lines it would have logged, for the undo entry, without applying it.
                # A secret line of an undone action stays hidden for good, even after a reveal.
                entries_by_seq[event.seq] = [dict(e, superseded=True) if "hidden" in e else e
                                             for e in self._probe(table, state, event)]
                continue
            state = self._replay_one(table, state, event)
        return state
