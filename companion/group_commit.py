"""Group commit for embedded SQLite: writers that queue while another commits share the next COMMIT.

SQLite has one writer at a time, and a commit with ``synchronous=FULL`` waits for the disk. Under
``companion serve`` that wait runs in gevent's thread pool (:func:`companion.db._off_the_loop`) so it
never stops the event loop, but the writer gets its answer back only when the busy loop next
schedules it (several milliseconds under load, of which the fsync is a fraction). With one commit
per action, every writer held the write lock for that hop as well, and under load the writers
queued behind each other's hops: at 150 tables 572 of 1 050 actions waited over 100 ms
(docs/performance.md, issue #27).

Here the write lock covers only a writer's own statements. Each writer runs inside a SAVEPOINT of
one shared transaction (the *batch*): its failure rolls back its own statements only. When it is
done and nobody else is waiting to write, it commits the batch; when someone is waiting, it leaves
the commit to the last of them (up to 64 writers or 50 ms: then the batch is committed anyway and
the waiters start the next one). So a commit, its fsync and its hop are paid once per batch. Every
writer still returns (is acknowledged) only after the COMMIT that holds its statements returned,
and a failed COMMIT fails every writer of its batch: the durability promise is unchanged. A writer
interrupted while it waits for its batch's COMMIT still waits for the outcome before the interruption
goes on, so its caller's per-table lock is held until the table's stored version is known.

A batch is of one kind: an ORM session's, or (``write_raw``, the action path) SQLite's own pooled
connection run by prebuilt statements alone, without the session's work per transaction (issue 41).
A writer of the other kind commits the open batch first, as the last of its writers would have.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session


class RawWrite:
    """A writer's handle on a raw batch: SQLite's own connection, in the batch's transaction (its
    ``BEGIN IMMEDIATE`` on first use). Only prebuilt statements run on it (``companion.db.Prebuilt``):
    the action path without the ORM session's work per transaction (issue 41)."""

    def __init__(self, dbapi: Any) -> None:
        self.dbapi = dbapi
        self.begun = False

    def cursor(self) -> Any:
        if not self.begun:
            self.dbapi.execute("BEGIN IMMEDIATE")
            self.begun = True
        return self.dbapi.cursor()


class _Batch:
    """One transaction shared by the writers that ran back to back, and the outcome of its COMMIT:
    an ORM session's, or (``raw``) one on a pooled connection run by prebuilt statements alone."""

    def __init__(self, engine: Engine, raw: bool = False) -> None:
        self.raw: RawWrite | None = None
        self.session: Session | None = None
        if raw:
            self.fairy = engine.raw_connection()
            self.raw = RawWrite(self.fairy.dbapi_connection)
        else:
            self.session = Session(engine, expire_on_commit=False)
        self.members = 0  # writers whose statements are in it (their savepoint was released)
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.started = time.monotonic()
        self._savepoint: Any = None

    @property
    def handle(self) -> Session | RawWrite:
        return self.raw if self.raw is not None else self.session  # type: ignore[return-value]

    def flush(self) -> None:
        if self.session is not None:
            self.session.flush()

    def begin_member(self) -> None:
        """A SAVEPOINT for a writer that joins a batch holding others' statements."""
        if self.session is not None:
            self._savepoint = self.session.begin_nested()
        else:
            self.raw.cursor().execute("SAVEPOINT member")  # type: ignore[union-attr]

    def end_member(self) -> None:
        if self.session is not None:
            self._savepoint.commit()
        else:
            self.raw.cursor().execute("RELEASE member")  # type: ignore[union-attr]

    def undo_member(self) -> None:
        """Roll back this writer's statements only (raises when the shared transaction is unusable)."""
        if self.session is not None:
            savepoint = self._savepoint
            if savepoint.is_active or self.session.get_nested_transaction() is savepoint:
                savepoint.rollback()  # this writer's only; also closes a savepoint a failed flush rolled back
            # What it loaded may hold values its rolled-back statements wrote and the ORM never saw
            # (a Core UPDATE told to the row as stored, companion/table_log.py): the next writer
            # of the batch loads afresh. Earlier writers' objects keep their loaded values.
            self.session.expunge_all()
        else:
            cursor = self.raw.cursor()  # type: ignore[union-attr]
            cursor.execute("ROLLBACK TO member")
            cursor.execute("RELEASE member")

    def commit(self) -> None:
        if self.session is not None:
            self.session.commit()
        elif self.raw is not None and self.raw.begun:
            self.raw.dbapi.execute("COMMIT")
            self.raw.begun = False

    def rollback(self) -> None:
        if self.session is not None:
            self.session.rollback()
        elif self.raw is not None and self.raw.begun:
            self.raw.begun = False
            if self.raw.dbapi.in_transaction:
                self.raw.dbapi.execute("ROLLBACK")

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
        else:
            self.fairy.close()  # back to the pool

    def outcome(self) -> None:
        """Wait for this batch's COMMIT; raise its error when it failed (nothing of it was stored)."""
        interrupted: BaseException | None = None
        while not self.done.is_set():  # like _off_the_loop: an interruption waits for the outcome first,
            try:                       # so the caller's per-table lock is held until the COMMIT is known
                self.done.wait()
            except BaseException as err:
                interrupted = interrupted or err
        if interrupted is not None:
            raise interrupted
        if self.error is not None:
            raise self.error


class GroupCommit:
    """The write transactions of one SQLite database in this process (see the module)."""

    def __init__(self, engine: Engine, lock: threading.Lock, off_the_loop: Callable[[Callable[[], None]], None]) -> None:
        self._engine = engine
        self._lock = lock  # held while a writer's own statements run, and during a COMMIT
        self._off_the_loop = off_the_loop
        self._guard = threading.Lock()  # for the counter only; never held while waiting
        self._waiting = 0  # writers waiting for the lock: they will share the next commit
        self._batch: _Batch | None = None
        self.commits = self.writes = 0  # how many of each: their ratio is the batching at work
        #: a batch is committed once it holds this many writers or is this old (seconds), even when
        #: more are waiting: writers that keep arriving must not hold every answer back
        self.max_members = 64
        self.max_age = 0.05

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A write transaction: this writer's statements are committed (with others') before it
        returns, or rolled back alone on any exception."""
        with self._write(raw=False) as handle:
            yield handle  # type: ignore[misc]

    @contextmanager
    def write_raw(self) -> Iterator[RawWrite]:
        """:meth:`write` for a writer that runs prebuilt statements alone (:class:`RawWrite`)."""
        with self._write(raw=True) as handle:
            yield handle  # type: ignore[misc]

    @contextmanager
    def _write(self, raw: bool) -> Iterator[Session | RawWrite]:
        self._acquire()
        joined = False
        try:
            batch = self._batch
            if batch is not None and (batch.raw is not None) != raw:
                # a batch of the other kind: committed now (its writers left the commit to the
                # next one to hold the lock), and this writer starts one of its own
                self._batch = None
                self._finish(batch)
                batch = None
            if batch is None:
                batch = self._batch = _Batch(self._engine, raw)
            if not batch.members:
                # The first writer of a batch needs no SAVEPOINT: nobody else's statements are in
                # the transaction yet (others join only after it released the lock), so its failure
                # rolls the whole batch back and the next writer starts a fresh one (issue 41).
                try:
                    yield batch.handle
                    batch.flush()
                except BaseException:
                    self._batch = None
                    self._finish(batch)  # no members: rolled back and closed
                    raise
            else:
                batch.begin_member()
                try:
                    yield batch.handle
                    batch.flush()
                    batch.end_member()
                except BaseException:
                    try:
                        batch.undo_member()
                    except BaseException as err:  # the shared transaction is unusable: none of it is stored
                        batch.error = err
                        self._batch = None
                        self._finish(batch)
                    raise
            batch.members += 1
            joined = True
        finally:
            self._release()
        if joined:
            batch.outcome()

    def _acquire(self) -> None:
        with self._guard:
            self._waiting += 1
        try:
            self._lock.acquire()
        except BaseException:  # interrupted while waiting: the others may have counted on us
            with self._guard:
                self._waiting -= 1
            if self._lock.acquire(blocking=False):
                self._release()  # commits a batch whose writers were leaving the commit to us
            raise
        with self._guard:
            self._waiting -= 1

    def _release(self) -> None:
        """Free the lock, first committing the batch when no other writer waits to join it."""
        try:
            batch = self._batch
            with self._guard:
                last = self._waiting == 0
            # bounded: writers that keep arriving must not keep the batch (and every answer) open
            if batch is not None and (last or batch.members >= self.max_members
                                      or time.monotonic() - batch.started >= self.max_age):
                self._batch = None
                self._finish(batch)
        finally:
            self._lock.release()

    def _finish(self, batch: _Batch) -> None:
        """COMMIT the batch (off the event loop), or roll it back when no writer's work is in it."""
        committed = False

        def commit() -> None:
            nonlocal committed
            try:
                batch.commit()
                committed = True
            except BaseException as err:  # every writer of the batch hears of it
                batch.error = err

        try:
            if batch.members and batch.error is None:
                self.commits += 1
                self.writes += batch.members
                self._off_the_loop(commit)
        finally:
            if batch.members and batch.error is None and not committed:  # the COMMIT never ran
                batch.error = RuntimeError("the batch was not committed")
            if batch.error is not None or not batch.members:
                batch.rollback()
            batch.close()
            batch.done.set()
