"""Live updates as hints: "table X is now at version N".

Pages re-fetch their own view when told, and always when they (re)connect, so nothing depends on a
message arriving. Within one process an in-memory condition per table is enough. With several
server processes on one PostgreSQL database, every committed event also sends a ``NOTIFY`` (in the
same transaction, so it is delivered exactly when the change is visible) and each process keeps one
``LISTEN`` connection that feeds the in-memory notifier (:class:`PgFanout`). The stream still
re-reads the table's version from the database at every heartbeat: a lost notification (a dropped
listener connection) costs at most one heartbeat (and a second), never a stale page. Those reads are
shared: one query reads every watched table's version, at most once a second per process, since
thousands of pages that connected together also beat together (issue #27: at 1 000 tables the
per-page reads emptied the database pool).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .progress import Progress

HEARTBEAT_SECONDS = 15.0
#: The PostgreSQL channel that carries "CODE:VERSION" wake-ups between server processes.
CHANNEL = "companion_tables"

log = logging.getLogger(__name__)


@dataclass
class Notifier:
    """Per-table latest versions with a condition to wake the streams waiting on them."""

    _versions: dict[str, int] = field(default_factory=dict)
    _conds: dict[str, threading.Condition] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: Started on the first stream when the database is PostgreSQL (see :meth:`attach_fanout`).
    fanout: PgFanout | None = None
    #: Reads many tables' versions in one query (set by companion.table_log.TableLog); without it
    #: each heartbeat asks the stream's own ``current``.
    read_versions: Callable[[list[str]], dict[str, int]] | None = None
    #: seconds a shared heartbeat read serves the other streams of this process
    sweep_age: float = 1.0
    _swept: dict[str, int] = field(default_factory=dict)
    _swept_at: float = float("-inf")
    _sweep_lock: threading.Lock = field(default_factory=threading.Lock)

    def attach_fanout(self, url: str) -> None:
        """Listen for other processes' changes on PostgreSQL (idempotent, started lazily)."""
        if self.fanout is None:
            with self._guard:
                if self.fanout is None:
                    self.fanout = PgFanout(url, self)
                    self.fanout.start()

    #: open streams per table: a table's entries are dropped when its last stream closes, so the
    #: notifier holds only tables someone is watching (a stream starts from the database anyway)
    _watchers: dict[str, int] = field(default_factory=dict)

    def _cond(self, code: str) -> threading.Condition:
        with self._guard:
            return self._conds.setdefault(code, threading.Condition())

    def _watch(self, code: str, delta: int) -> None:
        with self._guard:
            n = self._watchers.get(code, 0) + delta
            if n > 0:
                self._watchers[code] = n
                self._conds.setdefault(code, threading.Condition())
            else:
                self._watchers.pop(code, None)
                self._conds.pop(code, None)
                self._versions.pop(code, None)
                self._changes.pop(code, None)

    #: per table, the progress-only change that made its latest version (when it was one)
    _changes: dict[str, Progress] = field(default_factory=dict)

    def watched(self, code: str) -> bool:
        """Whether a page in this process follows the table (else a change's details are moot)."""
        with self._guard:
            return code in self._watchers

    def publish(self, code: str, version: int, change: Progress | None = None) -> None:
        """The table is at ``version``; ``change`` says it was only progress (see companion.progress).
        Another process's ``NOTIFY`` carries no change: its pages fetch, as they always may."""
        with self._guard:
            cond = self._conds.get(code)
        if cond is None:
            return  # nobody is watching this table in this process
        with cond:
            if version > self._versions.get(code, 0):
                self._versions[code] = version
                if change is not None and change.after == version:
                    self._changes[code] = change
                else:
                    self._changes.pop(code, None)
            cond.notify_all()

    def change_to(self, code: str, version: int) -> Progress | None:
        """The progress-only change that made ``version`` of the table, if that is what it was."""
        with self._guard:
            change = self._changes.get(code)
        return change if change is not None and change.after == version else None

    def wait(self, code: str, seen: int, timeout: float) -> int:
        """Block until the table passes version ``seen`` or ``timeout`` elapses; return the latest."""
        cond = self._cond(code)
        with cond:
            cond.wait_for(lambda: self._versions.get(code, 0) > seen, timeout=timeout)
            return self._versions.get(code, 0)

    def heartbeat_version(self, code: str, current: Callable[[], int | None]) -> int | None:
        """The table's version as the database has it, for a heartbeat: from one read of every
        watched table made less than :attr:`sweep_age` ago, else from a new one. A table that read
        did not see (gone, or watched since) is read alone through ``current``."""
        if self.read_versions is None:
            return current()
        with self._sweep_lock:  # the first stream reads; those beating with it wait and share it
            now = time.monotonic()
            if now - self._swept_at >= self.sweep_age:
                with self._guard:
                    codes = list(self._watchers)
                self._swept, self._swept_at = self.read_versions(codes), now
            version = self._swept.get(code)
        return version if version is not None else current()

    def stream(self, code: str, current: Callable[[], int | None], seen: int = -1,
               heartbeat: float | None = None,
               patch: Callable[[Progress], str | None] | None = None,
               push: Callable[[int], tuple[int, str] | None] | None = None) -> Iterator[str]:
        """Server-sent events for one page: an ``update`` whenever the version moves.

        The first message always carries the current version, so a page that reconnects after
        sleep or a Wi-Fi drop re-renders the truth at once. ``current`` reads the version from the
        database (catches changes made by other processes); a ``None`` ends the stream.

        When the new version is a progress-only change from the one this stream last announced,
        ``patch`` (this page's device) may turn it into a ``progress`` event whose data (one JSON
        line) lets the page update without a fetch; None from it means a plain ``update``. Any other
        change is offered to ``push`` (this page's fragment at that version or newer, as
        ``(version, data)``), sent as a ``fragment`` event; None from it, or no ``push``, means a
        plain ``update`` and the page fetches.
        """
        heartbeat = HEARTBEAT_SECONDS if heartbeat is None else heartbeat
        if self.fanout is not None:
            self.fanout.wait_ready(2.0)  # a change committed after our first read is never missed
        self._watch(code, +1)  # before the first read: no change can slip between the two
        try:
            yield "retry: 1500\n\n"
            version = current()
            if version is None:
                return
            if version != seen:
                yield f"event: update\ndata: {version}\n\n"
            seen = version
            while True:
                latest = self.wait(code, seen, heartbeat)
                if latest <= seen:
                    latest = self.heartbeat_version(code, current) or seen  # heartbeat: look in the database too
                if latest > seen:
                    change = self.change_to(code, latest)
                    data = None
                    if patch is not None and change is not None and change.before == seen:
                        data = patch(change)
                    seen = latest
                    pushed = push(latest) if data is None and push is not None else None
                    if data is not None:
                        yield f"event: progress\ndata: {data}\n\n"
                    elif pushed is not None:
                        seen = max(seen, pushed[0])  # the fragment may be newer than the wake-up
                        yield f"event: fragment\ndata: {pushed[1]}\n\n"
                    else:
                        yield f"event: update\ndata: {seen}\n\n"
                else:
                    yield f"event: ping\ndata: {seen}\n\n"
        finally:
            self._watch(code, -1)


class PgFanout:
    """One ``LISTEN`` connection per process that turns other processes' ``NOTIFY`` into local
    wake-ups. A notification is only a hint: pages re-read their own view, and the heartbeat still
    checks the database, so a listener that drops and reconnects costs at most one heartbeat."""

    def __init__(self, url: str, notifier: Notifier) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.notifier = notifier
        self.ready = threading.Event()
        self.stopped = threading.Event()
        self.received = 0
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="companion-pg-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.stopped.set()

    def wait_ready(self, timeout: float) -> bool:
        return self.ready.wait(timeout)

    def handle(self, payload: str) -> None:
        """A :func:`notify_payload` from another process (or our own: publishing twice is harmless)."""
        code, version, change = read_payload(payload)
        if code and version is not None:
            self.received += 1
            self.notifier.publish(code, version, change)

    def _run(self) -> None:
        import psycopg  # only on PostgreSQL; psycopg waits cooperatively under gevent

        backoff = 0.2
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    backoff = 0.2
                    while not self.stopped.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self.handle(note.payload)
            except Exception as exc:  # the database restarted or the network dropped: retry
                self.ready.clear()
                log.warning("live: PostgreSQL listener lost (%s); retrying in %.1f s", exc, backoff)
                self.stopped.wait(backoff)
                backoff = min(backoff * 2, 5.0)


def notify_payload(code: str, version: int, change: Progress | None = None) -> str:
    """``CODE:VERSION``, and for a progress-only change ``:BEFORE:LINES:SEAT,SEAT`` (the seats
    that must fetch): another process's streams can then send progress events too."""
    if change is None:
        return f"{code}:{version}"
    return f"{code}:{version}:{change.before}:{change.lines}:{','.join(sorted(change.fetch))}"


def read_payload(payload: str) -> tuple[str, int | None, Progress | None]:
    """The table, version and progress-only change of a :func:`notify_payload` (None: malformed)."""
    from .progress import Progress

    parts = payload.split(":")
    if len(parts) not in (2, 5) or not parts[0] or not parts[1].isdigit():
        return "", None, None
    version = int(parts[1])
    if len(parts) == 2 or not (parts[2].isdigit() and parts[3].isdigit()):
        return parts[0], version, None
    fetch = frozenset(s for s in parts[4].split(",") if s)
    return parts[0], version, Progress(int(parts[2]), version, int(parts[3]), fetch)
