"""Long work that must not starve the other tables: bounded slices with cooperative yields.

The server is one process of gevent greenlets: pure-Python work that never waits (checking and
replaying 10,000 imported events takes seconds) holds every other connection until it yields.
So long jobs call a :class:`Slices` between small steps: after ``SLICE`` seconds of work it yields
(``time.sleep`` is gevent's under ``companion serve``), and every waiting connection is
served before the job goes on. And :func:`one_at_a_time` lets only ``HEAVY_AT_ONCE`` such jobs run
in a process: parallel imports wait their turn (a waiting greenlet costs nobody time) instead of
splitting the CPU with the tables. (A thread would not do: the pydantic and JSON steps hold the
interpreter lock for their whole call.)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: Work done between two yields (seconds).
SLICE = 0.01
#: How long a job steps aside: a real (if tiny) timer, because gevent's ``sleep(0)`` may switch
#: straight back before the loop has polled its sockets and timers.
YIELD = 0.001
#: Long jobs (imports) running at once in one process.
HEAVY_AT_ONCE = 1
_slots: threading.BoundedSemaphore | None = None
_guard = threading.Lock()


class Slices:
    """Call between small steps of a long job: yields once ``SLICE`` seconds of work have passed."""

    def __init__(self, every: float = SLICE) -> None:
        self.every = every
        self.started = time.perf_counter()
        self.yields = 0

    def __call__(self, _step: int = 0) -> None:
        if time.perf_counter() - self.started >= self.every:
            time.sleep(YIELD)
            self.yields += 1
            self.started = time.perf_counter()


@contextmanager
def one_at_a_time() -> Iterator[None]:
    """Run the block when no other long job of this process is running (waits cooperatively)."""
    global _slots
    with _guard:  # created on first use: after gevent has patched threading
        if _slots is None:
            _slots = threading.BoundedSemaphore(HEAVY_AT_ONCE)
    with _slots:
        yield
