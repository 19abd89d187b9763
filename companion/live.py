"""Live updates as hints: "table X is now at version N".

Pages re-fetch their own view when told, and always when they (re)connect, so nothing depends on a
message arriving. Within one process an in-memory condition per table is enough. For several
server processes the stream also re-reads the table's version from the database at every heartbeat,
so a change made elsewhere reaches every page within one heartbeat even without a shared broker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

HEARTBEAT_SECONDS = 15.0


@dataclass
class Notifier:
    """Per-table latest versions with a condition to wake the streams waiting on them."""

    _versions: dict[str, int] = field(default_factory=dict)
    _conds: dict[str, threading.Condition] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def _cond(self, code: str) -> threading.Condition:
        with self._guard:
            return self._conds.setdefault(code, threading.Condition())

    def publish(self, code: str, version: int) -> None:
        cond = self._cond(code)
        with cond:
            if version > self._versions.get(code, 0):
                self._versions[code] = version
            cond.notify_all()

    def wait(self, code: str, seen: int, timeout: float) -> int:
        """Block until the table passes version ``seen`` or ``timeout`` elapses; return the latest."""
        cond = self._cond(code)
        with cond:
            cond.wait_for(lambda: self._versions.get(code, 0) > seen, timeout=timeout)
            return self._versions.get(code, 0)

    def stream(self, code: str, current: Callable[[], int | None], seen: int = -1,
               heartbeat: float = HEARTBEAT_SECONDS) -> Iterator[str]:
        """Server-sent events for one page: an ``update`` whenever the version moves.

        The first message always carries the current version, so a page that reconnects after
        sleep or a Wi-Fi drop re-renders the truth at once. ``current`` reads the version from the
        database (catches changes made by other processes); a ``None`` ends the stream.
        """
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
                latest = current() or seen  # heartbeat: look in the database too
            if latest > seen:
                seen = latest
                yield f"event: update\ndata: {seen}\n\n"
            else:
                yield f"event: ping\ndata: {seen}\n\n"
