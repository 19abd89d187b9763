"""Admission control: a bounded count of requests at work per process, and a short wait for a slot.

Why (issue 41): at 1,000 tables on two cores, ``--workers 4`` on PostgreSQL delivered 80% of the
reveals. Thousands of requests ran at once on each worker; each took a pooled database connection
at its first query, then waited for a CPU before it could finish and give it back, and the requests
behind them waited 30 s for a connection and failed (504 pool timeouts). Here a request waits for
one of ``limit`` slots *before* it touches anything (no connection, no session, no lock); at most
``limit`` requests per process work at once, set under the database pool's size, so a worker's
requests never queue for a connection. A request that finds no slot within ``wait`` seconds (or
finds ``backlog`` others already waiting) gets ``503`` with ``Retry-After`` at once: the pages and
``bench/load.py`` come back then, with the same idempotency key for a tap. It changes nothing.

Event streams hold a slot only while they do work (opening, and each read or render for an event:
:meth:`Admission.slot`, from a second admission of their own so that a reveal's burst of pushes
never fills the requests' queue), never while they wait for the next change. Static files and the connection
probe touch no database and are never held back (``EXEMPT``).

Greenlets (``companion serve``) and threads (tests) both work: the semaphore is ``threading``'s,
which gevent's monkey-patching makes cooperative. A greenlet that holds a slot and asks again
(a stream's push calling the same read) does not take a second one.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

#: Paths that never wait: files served from memory or disk, and the phones' connection probe
EXEMPT = ("/static/", "/alive", "/favicon")


def _semaphore(limit: int) -> Any:
    """gevent's own semaphore under ``companion serve`` (monkey-patched), else ``threading``'s.

    ``threading.BoundedSemaphore`` works under monkey-patching but convoys: every release notifies
    through a Condition whose ownership check is a failing non-blocking acquire of its own lock, and a
    patched lock yields to the hub there while the Condition is held. At 1,000 tables 4,500 greenlets
    queued on that one internal lock and the process used a quarter of a core while requests waited.
    gevent's semaphore wakes its waiters in order without it."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        from gevent.lock import BoundedSemaphore

        return BoundedSemaphore(limit)
    return threading.BoundedSemaphore(limit)


@dataclass
class Admission:
    """At most ``limit`` holders at once; newcomers wait up to ``wait`` s, ``backlog`` at most."""

    limit: int
    wait: float = 1.0
    #: waiters allowed beyond which a newcomer is shed at once (a burst far past the capacity)
    backlog: int = 0
    #: seconds a shed client is told to wait (``Retry-After``) when few are shed; see :meth:`retry_in`
    retry_after: int = 2
    #: the longest ``Retry-After`` said, however many are shed
    retry_cap: int = 15
    admitted: int = 0
    shed: int = 0
    waiting: int = 0
    active: int = 0
    _slots: Any = field(init=False, repr=False)
    _mine: threading.local = field(init=False, repr=False, default_factory=threading.local)
    _count: threading.Lock = field(init=False, repr=False, default_factory=threading.Lock)
    #: the shed requests of the current second, and the rate of the one before
    _window: list[float] = field(init=False, repr=False, default_factory=lambda: [0.0, 0.0, 0.0])

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise ValueError("an admission limit is at least 1 (0 means: no admission control)")
        self.backlog = self.backlog or 4 * self.limit
        self._slots = _semaphore(self.limit)

    def held(self) -> bool:
        """Whether this greenlet (thread) holds a slot now."""
        return bool(getattr(self._mine, "depth", 0))

    def enter(self, wait: float | None = None) -> bool:
        """Take a slot, waiting at most ``wait`` seconds (None: this admission's own budget; a
        negative value: as long as it takes). False: shed, the caller answers 503."""
        if self.held():
            self._mine.depth += 1
            return True
        budget = self.wait if wait is None else wait
        got = self._slots.acquire(blocking=False)
        if not got:
            if 0 <= budget and self.waiting >= self.backlog:
                got = False  # far past the capacity: say so now rather than after the budget
            else:
                with self._count:
                    self.waiting += 1
                try:
                    got = self._slots.acquire(timeout=budget) if budget >= 0 else self._slots.acquire()
                finally:
                    with self._count:
                        self.waiting -= 1
        with self._count:
            if got:
                self.admitted += 1
                self.active += 1
            else:
                self.shed += 1
        if got:
            self._mine.depth = 1
        return bool(got)

    def retry_in(self) -> int:
        """The ``Retry-After`` for a request shed now: the base, plus a second for every backlog's
        worth of requests shed in the last second (at most ``retry_cap``). A fixed pause brought
        thousands of shed clients back together every two seconds: at 1,000 tables answering their
        retries took a third of the process, and the requests let in waited behind them."""
        now = time.monotonic()
        with self._count:
            start, count, rate = self._window
            if now - start >= 1.0:
                rate = count / (now - start) if now - start < 2.0 else 0.0
                start, count = now, 0.0
            count += 1
            self._window = [start, count, rate]
        return int(min(self.retry_cap, self.retry_after + max(rate, count) // self.backlog))

    def leave(self) -> None:
        """Give back the slot :meth:`enter` took (the outermost of this greenlet's nested entries)."""
        depth = getattr(self._mine, "depth", 0)
        if depth <= 0:
            return
        self._mine.depth = depth - 1
        if depth == 1:
            with self._count:
                self.active -= 1
            self._slots.release()

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold a slot for a piece of work that cannot be answered 503 (an open stream's read or
        render for an event): it waits as long as it takes, holding nothing meanwhile."""
        self.enter(wait=-1)
        try:
            yield
        finally:
            self.leave()


def pool_capacity(engine: object) -> int:
    """Connections an engine's pool lends at once (its size plus overflow), or 0 when unbounded."""
    pool = getattr(engine, "pool", None)
    size = getattr(pool, "size", None)
    overflow = getattr(pool, "_max_overflow", None)
    if not callable(size) or not isinstance(overflow, int) or overflow < 0:
        return 0
    return int(size()) + overflow


def default_limit(capacity: int) -> int:
    """Requests at work per process: half the read pool (a request may hold two connections at
    once, e.g. the rate limiter's and its session's; a stream's heartbeat read takes one more), at
    least 4; 64 when the pool is unbounded."""
    return max(4, capacity // 2) if capacity else 64
