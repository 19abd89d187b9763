"""Who sits at a table and who may act for it: seats, join links, host rights, tokens, and the
host's table-wide events (a rule on the TV, a recorded ruling).

The middle layer of the table service, over :class:`companion.table_log.TableLog`. Every change is
a service event of the log (``engine.service_event``), appended in the change's own transaction.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlmodel import Session, select

from . import engine, story_store
from .engine import RULE_SEATS, EngineState
from .games import known as known_game
from .games.base import RuleError
from .models import SeatRow, TableRow
from .schemas import clean_text
from .table_log import CachedState, TableLog
from .table_types import Snapshot, Viewer

#: A seat change to log: the table row, kind, who, and the event's action.
SeatEvent = tuple[TableRow, str, Viewer, dict[str, Any]]


def hash_token(token: str) -> str:
    """What is stored of a host, seat or claim token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TableSeats(TableLog):
    """Seats, identity and the host's service events, over the log."""

    # -- seats --------------------------------------------------------------------------------
    def join(self, code: str, seat_id: str, name: str, claim: str | None = None,
             previous: str | None = None) -> str:
        """Take a free seat (or a seat re-issued to this claim link); returns the seat token.

        ``previous`` is the token this device held at the same table: a phone that switches seats
        gives its old seat back in the same transaction, so no seat is left held by nobody.
        """
        name = " ".join(clean_text(name).split())[:40]
        if not name:
            raise RuleError("Type your name.", RULE_SEATS)
        claim = clean_text(claim) if claim is not None else None
        token = secrets.token_urlsafe(24)
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            seat = self._seat(s, code, seat_id)
            if seat.token_hash is not None:
                raise RuleError("This seat is taken. Ask the host to free it.", RULE_SEATS, status=409)
            if seat.claim_hash is not None and (claim is None or hash_token(claim) != seat.claim_hash):
                raise RuleError("This seat is reserved for its re-issued join link.", RULE_SEATS, status=409)
            old = None
            if previous:
                old = s.exec(select(SeatRow).where(SeatRow.table_code == code,
                                                   SeatRow.token_hash == hash_token(previous))).first()
            if old is not None and old.seat_id != seat.seat_id:
                old.token_hash, old.host = None, False
                s.add(old)
            seat.token_hash = hash_token(token)
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
                                               SeatRow.claim_hash == hash_token(claim))).first()
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
            seat.claim_hash = hash_token(claim) if claim else None
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
        text = " ".join(clean_text(text).split())
        if not text:
            raise RuleError("Write what the table ruled.", "companion: rulings")
        if len(text) > engine.MAX_RULING:
            raise RuleError("A ruling is at most %(n)s characters.", "companion: rulings", n=engine.MAX_RULING)
        snap = self.snapshot(code)
        chron = snap.game.chronicle
        rnd = chron.round_of(snap.state["g"]) if chron else 0
        with self._locked(code), self._seat_events(code) as (s, events):
            table = self._table_for_update(s, code)
            if len(self._current(s, table).get("rulings", [])) >= engine.MAX_RULINGS:
                raise RuleError(engine.TOO_MANY_RULINGS, "companion: rulings", status=409, n=engine.MAX_RULINGS)
            events.append((table, "ruling", viewer, {"text": text, "entry": entry, "round": rnd}))

    # -- identity -----------------------------------------------------------------------------
    def viewer_for(self, code: str, token: str | None) -> Viewer | None:
        """Resolve a bearer/cookie token to a viewer; None when it is unknown or forged."""
        if not token or len(token) > 200 or not token.isascii() or not token.isprintable():
            return None
        code = clean_text(code)[:8]
        known = self._known_snapshot(code)  # seat rows change only with the version: from memory
        if known is not None:
            return self.viewer_in(known, token)
        digest = hash_token(token)
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
        digest = hash_token(token)
        if secrets.compare_digest(snap.table.host_hash, digest):
            return Viewer(host=True)
        for seat in snap.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return Viewer(seat=seat.seat_id, host=seat.host)
        return None

    # -- internals ----------------------------------------------------------------------------
    @staticmethod
    def _require_host(viewer: Viewer) -> None:
        if not viewer.host:
            raise RuleError("Only the host can do this.", "companion: host rights", status=403)

    @staticmethod
    def _seat(s: Session, code: str, seat_id: str) -> SeatRow:
        seat_id = clean_text(seat_id)[:40]
        seat = s.exec(select(SeatRow).where(SeatRow.table_code == code, SeatRow.seat_id == str(seat_id))).first()
        if seat is None:
            raise RuleError("There is no seat %(seat)s.", RULE_SEATS, status=404, seat=str(seat_id)[:40])
        return seat

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
                told = story_store.tracked(table)
                seq = self._append(s, table, kind, viewer, action)
                before, state = state, engine.service_event(state, kind, viewer.actor, action, seq)
                if told:
                    story_store.tell(s, table, known_game(table.game_id), before["g"], state["g"], (), seq)
        if state is not None:
            self._publish(code, CachedState(seq, state))
