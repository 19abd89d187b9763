"""Engines: embedded SQLite (WAL, writes take the lock up front) or PostgreSQL via DATABASE_URL.

SQLite gets two engines on the same file: reads use ordinary deferred transactions (WAL lets them
run beside a writer), writes open with ``BEGIN IMMEDIATE`` so two writers never deadlock halfway
through a transaction. PostgreSQL uses one engine; writers lock the table row (``FOR UPDATE``).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from sqlalchemy import event
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement
from sqlmodel import Session, create_engine

from . import models  # noqa: F401  (registers the tables)
from .group_commit import GroupCommit, RawWrite

_SQLITE_NAMED = sqlite_dialect(paramstyle="named")


class Prebuilt:
    """A prebuilt Core statement of the action path and its SQLite text. On SQLite it runs on the
    write's own DBAPI connection as it is, in the write's transaction: no execution context, no
    compiled-cache lookup, no result object (issue 41: a Core statement cost several times the
    statement itself). Elsewhere (PostgreSQL) it runs through Core. Either way the answer has
    ``rowcount`` and ``fetchone()``. Every value is a named parameter of the call (a literal
    would be bound by Core but not by the SQLite text: refused here)."""

    def __init__(self, stmt: ClauseElement, columns: list[str] | None = None) -> None:
        self.stmt = stmt
        compiled = stmt.compile(dialect=_SQLITE_NAMED, column_keys=columns)
        fixed = [name for name, bind in cast(SQLCompiler, compiled).binds.items() if not bind.required]
        if fixed:
            raise ValueError(f"a prebuilt statement takes every value as a bindparam: {fixed}")
        self.sqlite = str(compiled)

    def run(self, s: Session | RawWrite, params: dict[str, Any] | list[dict[str, Any]]) -> Any:
        """Run in ``s``'s transaction, with one set of parameters or a list of them (executemany)."""
        if isinstance(s, RawWrite):
            cursor = s.cursor()
            if isinstance(params, list):
                cursor.executemany(self.sqlite, params)
            else:
                cursor.execute(self.sqlite, params)
            return cursor
        conn = s.connection()
        if conn.dialect.name == "sqlite":
            cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            if isinstance(params, list):
                cursor.executemany(self.sqlite, params)
            else:
                cursor.execute(self.sqlite, params)
            return cursor
        return conn.execute(self.stmt, params)  # type: ignore[call-overload]


def normalize_url(url: str) -> str:
    """Accept the usual ``postgres://`` spellings and route them to psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _off_the_loop(fn: Callable[[], None]) -> None:
    """Run ``fn`` (a commit) so that it does not stop the server's event loop.

    Under ``companion serve`` (gevent, monkey-patched) a SQLite commit with ``synchronous=FULL`` is a C
    call that waits for the disk's fsync while holding the only OS thread: every page and stream of
    every table waits with it (issue #27's profile). gevent's thread pool runs the commit in a real
    thread, sqlite3 releases the GIL while it waits, and the greenlet that asked is acknowledged only
    once the commit has returned: the durability promise is unchanged. Without gevent (tests, tools)
    it simply runs here.

    A greenlet interrupted while it waits (``server.stop()`` kills its handlers, a ``gevent.Timeout``)
    still waits for the thread before the interruption goes on: otherwise it would roll back the
    very session the thread is committing and free the write lock under a running COMMIT.
    """
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("threading"):
        fn()
        return
    import gevent

    result = gevent.get_hub().threadpool.spawn(fn)
    interrupted: BaseException | None = None
    while True:
        try:
            result.get()
            break
        except BaseException as err:
            if result.ready():
                raise  # the commit itself failed
            interrupted = interrupted or err  # keep waiting for the thread, then go on with this
    if interrupted is not None:
        raise interrupted


def _sqlite_pragmas(dbapi_conn: Any, _record: object) -> None:
    dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # an acknowledged commit survives a power cut
    cur.execute("PRAGMA busy_timeout=15000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


@dataclass
class Database:
    url: str
    engine: Engine
    write_engine: Engine
    #: SQLite has one writer at a time. Taking this in-process lock before ``BEGIN IMMEDIATE``
    #: means a writer never sits in SQLite's busy handler (a C sleep that, under gevent, would
    #: freeze every connection of the server) waiting for another writer of the same process.
    _write_lock: threading.Lock = field(default_factory=threading.Lock)
    #: SQLite's writers share commits when they queue (companion/group_commit.py)
    _group: GroupCommit | None = None

    def __post_init__(self) -> None:
        if self.is_sqlite:
            self._group = GroupCommit(self.write_engine, self._write_lock, _off_the_loop)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration (see :mod:`companion.migrate`)."""
        from .migrate import upgrade

        upgrade(self.write_engine)

    @contextmanager
    def read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A write transaction: committed on success, rolled back on any exception. On SQLite it
        may share its COMMIT with the writers queued behind it (companion/group_commit.py)."""
        if self._group is not None:
            with self._group.write() as session:
                yield session
            return
        with Session(self.write_engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()  # psycopg waits on its socket, which gevent already makes cooperative
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def write_raw(self) -> Iterator[Session | RawWrite]:
        """:meth:`write` for a writer whose statements are all prebuilt (``Prebuilt``): on SQLite a
        batch of the group commit on SQLite's own connection, without an ORM session (issue 41);
        elsewhere an ordinary write. Same durability: answered only after its COMMIT."""
        if self._group is not None:
            with self._group.write_raw() as raw:
                yield raw
            return
        with self.write() as session:
            yield session

    def shared_secret(self) -> str:
        """The key that signs cookies and form tokens, kept in the database so every process on it
        (and the next start) signs alike; created on first use.

        Workers booting together on a fresh database may both find no key and both insert one: the
        second insert breaks the primary key, and that worker reads the first one's key instead (it
        used to die with the error, and gunicorn stopped the whole server: "Worker failed to boot",
        seen by tests/deploy/test_failover.py)."""
        from sqlalchemy.exc import IntegrityError

        try:
            return self._secret_once()
        except IntegrityError:  # another worker inserted it between our read and our insert
            return self._secret_once()

    def _secret_once(self) -> str:
        import secrets

        from .models import AppSetting

        with self.write() as s:
            row = s.get(AppSetting, "secret_key")
            if row is None:
                row = AppSetting(key="secret_key", value=secrets.token_hex(32))
                s.add(row)
            value = row.value
        return value

    def dispose(self) -> None:
        self.engine.dispose()
        if self.write_engine is not self.engine:
            self.write_engine.dispose()


def open_database(url: str | None = None, data_dir: str | os.PathLike[str] | None = None) -> Database:
    """Open (and create) the database: ``url`` wins, else ``DATABASE_URL``, else SQLite in ``data_dir``.

    An empty string for ``url`` means "embedded SQLite" even when ``DATABASE_URL`` is set.
    """
    url = os.environ.get("DATABASE_URL") if url is None else url
    if not url:
        folder = Path(data_dir) if data_dir else default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{folder / 'companion.db'}"
    url = normalize_url(url)
    if url.startswith("sqlite"):
        args = {"check_same_thread": False, "timeout": 15}
        engine = create_engine(url, connect_args=args, pool_size=20, max_overflow=40)
        write_engine = create_engine(url, connect_args=args, pool_size=5, max_overflow=10)
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(write_engine, "connect", _sqlite_pragmas)

        @event.listens_for(engine, "begin")
        def _begin_deferred(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN")

        @event.listens_for(write_engine, "begin")
        def _begin_immediate(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        # COMPANION_DB_POOL: connections kept per process (up to 3x under bursts); `serve --workers`
        # sets it so that all workers together stay under PostgreSQL's default 100 connections
        pool = int(os.environ.get("COMPANION_DB_POOL") or 20)
        engine = create_engine(url, pool_size=pool, max_overflow=2 * pool, pool_pre_ping=True)
        write_engine = engine
    db = Database(url=url, engine=engine, write_engine=write_engine)
    db.migrate()
    return db


def default_data_dir() -> Path:
    """The per-user data folder (``~/.local/share/companion``, ``%LOCALAPPDATA%``, ...)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion", appauthor=False))
