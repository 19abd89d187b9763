"""Phones and TVs as plain HTTP clients, behaving as ``static/app.js`` does when a stream dies.

A page holds one event stream (``/api/tables/<code>/stream?push=<view>``). On ``update`` it
fetches its fragment; a ``fragment`` event brings it; a ``progress`` event is taken when the page
shows the version just before, else the page fetches. When the stream ends or breaks, the page
waits its first back-off step (1 s +- 25 %, doubling on further failures, as app.js's
``scheduleReconnect``) and opens it again; the stream's first event carries the current version,
so the page re-reads the truth. A tap is sent with an ``Idempotency-Key`` and sent again, with the
same key, until the server acknowledges it, as app.js's queue does: an answer lost with a dying
host is never applied twice.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import requests

RETRY_FIRST, RETRY_MAX = 1.0, 30.0


def session() -> requests.Session:
    s = requests.Session()
    s.trust_env = False  # never a proxy from the environment: the test talks to its own nginx
    return s


class Page(threading.Thread):
    """One open page (a phone with ``token``, else the TV) following its table through the proxy."""

    def __init__(self, base: str, code: str, token: str | None) -> None:
        super().__init__(daemon=True)
        self.base, self.code = base, code
        self.view = "seat" if token else "screen"
        self.http = session()
        if token:
            self.http.cookies.set(f"seat_{code}", token)
        self.version = -1
        self.html = ""
        self.opened: list[float] = []   # monotonic time of each stream's first event
        self.dropped: list[float] = []  # monotonic time each stream ended or broke
        self.failures: Counter[str] = Counter()  # fetches and stream openings not answered 200, by status
        self.seen: dict[str, float] = {}  # marker -> when the page first showed it
        self.watch: list[str] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        delay = 0.0
        while not self.stopping.is_set():
            got_event = False
            try:
                with self.http.get(f"{self.base}/api/tables/{self.code}/stream?push={self.view}", stream=True,
                                   timeout=(5, 40)) as r:
                    if r.status_code != 200:
                        self.failures[f"stream {r.status_code}"] += 1
                    else:
                        for event, data in _events(r):
                            if not got_event:
                                got_event = True
                                self.opened.append(time.monotonic())
                            self._take(event, data)
            except (requests.RequestException, OSError, ValueError) as err:
                if not got_event:
                    self.failures[f"stream {type(err).__name__}"] += 1
            if self.stopping.is_set():
                return
            self.dropped.append(time.monotonic())
            delay = RETRY_FIRST if got_event or not delay else min(2 * delay, RETRY_MAX)
            self.stopping.wait(delay * random.uniform(0.75, 1.25))

    def stop(self) -> None:
        """No reconnecting from now on (the stream itself ends when the proxy stops)."""
        self.stopping.set()

    def _take(self, event: str, data: str) -> None:
        if event == "update":
            self.fetch()
        elif event == "progress":
            change = json.loads(data)
            if change["from"] == self.version:
                self.version = change["v"]  # a log line added in place: nothing to fetch
            else:
                self.fetch()
        elif event == "fragment":
            pushed = json.loads(data)
            if pushed["v"] > self.version:
                self._show(pushed["html"], pushed["v"])

    def fetch(self) -> None:
        for _ in range(20):
            try:
                r = self.http.get(f"{self.base}/t/{self.code}/frag/{self.view}", timeout=10)
                if r.status_code == 200:
                    self._show(r.text, int(r.headers.get("X-Table-Version") or -1))
                    return
                self.failures[f"fetch {r.status_code}"] += 1
            except requests.RequestException as err:
                self.failures[f"fetch {type(err).__name__}"] += 1
            time.sleep(0.25)

    def _show(self, html: str, version: int) -> None:
        self.html, self.version = html, version
        now = time.monotonic()
        for marker in self.watch:
            if marker not in self.seen and marker in html:
                self.seen[marker] = now


def _events(r: requests.Response) -> Any:
    """(event, data) pairs of a server-sent event stream as they arrive."""
    buf, event, data = "", "", []
    for chunk in r.iter_content(chunk_size=None, decode_unicode=True):
        buf += chunk if isinstance(chunk, str) else chunk.decode()
        *lines, buf = buf.split("\n")
        for line in lines:
            if not line:
                if event or data:
                    yield event or "message", "\n".join(data)
                event, data = "", []
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))


@dataclass
class Ack:
    """An action the server acknowledged: it must be in the table's log at ``version``."""

    code: str
    seat: str | None
    action: dict[str, Any]
    version: int
    sent: float  # monotonic time of the first send
    at: float    # and of the acknowledgement


@dataclass
class Ledger:
    """Every acknowledged action, and how many sends went unanswered (retried with the same key)."""

    acks: list[Ack] = field(default_factory=list)
    unanswered: Counter[str] = field(default_factory=Counter)  # sends not acknowledged, by what came back
    lock: threading.Lock = field(default_factory=threading.Lock)

    def act(self, base: str, code: str, token: str, seat: str | None, action: dict[str, Any],
            give_up: float = 30.0) -> int:
        """Send until acknowledged (502/503/504 or no answer: again, same key); a refusal fails."""
        key = secrets.token_hex(12)
        http = session()
        headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": key}
        sent = time.monotonic()
        deadline = sent + give_up
        while time.monotonic() < deadline:
            try:
                r = http.post(f"{base}/api/tables/{code}/actions", json=action, headers=headers, timeout=10)
            except requests.RequestException as err:
                r = None
                with self.lock:
                    self.unanswered[type(err).__name__] += 1
            if r is not None and r.status_code == 200:
                version = int(r.json()["version"])
                with self.lock:
                    self.acks.append(Ack(code, seat, action, version, sent, time.monotonic()))
                return version
            if r is not None and r.status_code not in (502, 503, 504):
                raise AssertionError(f"{action} refused: {r.status_code} {r.text[:300]}")
            if r is not None:
                with self.lock:
                    self.unanswered[str(r.status_code)] += 1
            time.sleep(0.2)
        raise AssertionError(f"{action} on {code} never acknowledged in {give_up:.0f} s")
