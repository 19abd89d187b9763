"""Tables, imports and live pages per source: nobody on the Wi-Fi can fill the laptop.

Creating a table takes no login, so one device could create hundreds a second (225/s measured),
loops of 10,000-event imports took the CPU from every table, and 460 event streams from one address
took every connection. Each source (``roomcodes.client_key``: an IPv4 address, an IPv6 /64, or the
laptop itself) gets ``TABLE_LIMIT`` new tables and ``IMPORT_LIMIT`` imports a minute (page and API
together) and at most ``STREAM_LIMIT`` open event streams; past that a worded 429 (with
``Retry-After`` for the per-minute ones). Replaying the story of a table from before stories were
stored costs a slot of ``REPLAY_LIMIT`` (:func:`story_of`). The slot is taken when the request arrives (atomically,
like the room-code count), so parallel requests cannot overshoot; a refused create or import still
spends it. An import that is let in runs in slices that step aside for the other tables
(:mod:`companion.offload`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from flask import Flask, current_app, request
from limits import parse
from limits.storage import Storage
from limits.strategies import MovingWindowRateLimiter

from ..games.base import RuleError
from ..history import Story
from ..i18n import N_
from ..tables import Snapshot
from .common import tables
from .roomcodes import client_key

#: Event streams one source may hold open at once (one per page: a phone needs one, the laptop's
#: TV and host page a few); the next gets a worded 429 until one closes.
STREAM_LIMIT = 12
TOO_MANY_STREAMS = N_("Too many live pages are open from this device. Close some tabs, then reload.")
TABLE_LIMIT = "30 per minute"
IMPORT_LIMIT = "10 per minute"
#: stories of old tables (stored before stories were) replayed for one source a minute
REPLAY_LIMIT = "10 per minute"
RULE = "companion: limits"
TOO_MANY_TABLES = N_("Too many new tables from this device. Wait a minute, then try again.")
TOO_MANY_IMPORTS = N_("Too many imports from this device. Wait a minute, then try again.")
TOO_MANY_REPLAYS = N_("Too many stories of old tables asked for from this device. Wait a minute, then try again.")
#: endpoint -> (budget shared by page and API, config key, refusal)
QUOTAS = {
    "pages.create": ("tables", "TABLE_LIMIT", TOO_MANY_TABLES),
    "api.create_table": ("tables", "TABLE_LIMIT", TOO_MANY_TABLES),
    "pages.import_table": ("imports", "IMPORT_LIMIT", TOO_MANY_IMPORTS),
    "api.import_table": ("imports", "IMPORT_LIMIT", TOO_MANY_IMPORTS),
    "api.import_profile": ("imports", "IMPORT_LIMIT", TOO_MANY_IMPORTS),
}


def check_quota() -> None:
    quota = QUOTAS.get(request.endpoint or "")
    if quota is not None:
        spend(*quota)


def spend(scope: str, key: str, message: str) -> None:
    """Take one slot of this source's ``scope`` budget (config ``key``), or refuse with ``message``."""
    window: MovingWindowRateLimiter = current_app.extensions["companion.quotas"]
    if not window.hit(parse(current_app.config[key]), scope, client_key()):
        raise RuleError(message, RULE, status=429)


def story_of(snap: Snapshot, views: bool = False) -> Story:
    """The table's story (:meth:`Tables.story`): read from rows; a table whose story is not stored
    yet (from before stories were stored) is replayed once, which costs the asker one slot of the
    ``REPLAY_LIMIT`` budget."""
    if not tables().story_stored(snap):
        spend("replays", "REPLAY_LIMIT", TOO_MANY_REPLAYS)
    return tables().story(snap, views)


class OpenStreams:
    """Open event streams per source (this process), checked and counted in one step."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.by_source: dict[str, int] = {}

    def open(self, source: str, limit: int) -> bool:
        with self._lock:
            held = self.by_source.get(source, 0)
            if held >= limit:
                return False
            self.by_source[source] = held + 1
            return True

    def close(self, source: str) -> None:
        with self._lock:
            left = self.by_source.get(source, 1) - 1
            if left > 0:
                self.by_source[source] = left
            else:
                self.by_source.pop(source, None)


class CountedStream:
    """An event stream holding one of its source's slots until it is closed (by the server when
    the page goes away, even before the first event was sent)."""

    def __init__(self, events: Iterator[str], streams: OpenStreams, source: str) -> None:
        self.events, self.streams, self.source, self.closed = events, streams, source, False

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return next(self.events)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.streams.close(self.source)
            close = getattr(self.events, "close", None)
            if close is not None:
                close()


def counted_stream(events: Iterator[str]) -> CountedStream:
    """``events`` while it holds one of this source's stream slots (a 429 when none is left)."""
    streams: OpenStreams = current_app.extensions["companion.streams"]
    source = client_key()
    if not streams.open(source, int(current_app.config["STREAM_LIMIT"])):
        raise RuleError(TOO_MANY_STREAMS, RULE, status=429)
    return CountedStream(events, streams, source)


def init_app(app: Flask, storage: Storage) -> None:
    app.config.setdefault("TABLE_LIMIT", TABLE_LIMIT)
    app.config.setdefault("IMPORT_LIMIT", IMPORT_LIMIT)
    app.config.setdefault("REPLAY_LIMIT", REPLAY_LIMIT)
    app.config.setdefault("STREAM_LIMIT", STREAM_LIMIT)
    app.extensions["companion.streams"] = OpenStreams()
    app.extensions["companion.quotas"] = MovingWindowRateLimiter(storage)
    app.before_request(check_quota)
