"""Progress events (issue #27): an answer that only says "seat X has answered" reaches the other
phones as log lines in the live event, and they fetch nothing.

The central check renders it: for every phone that was sent a patch, its fragment before the change
with the patch applied (as static/app.js applies it) must be exactly the fragment a fetch returns
after the change. A game whose phone template showed anything the patch does not carry fails here.
The patch carries only what a spectator may read: the sealed value never travels in it."""

from __future__ import annotations

import json
import queue
import re
import threading
from typing import Any

import pytest

from tests.conftest import Api

SECRET = 917
LOG = re.compile(r'(<ol class="log" reversed data-lines="(\d+)"[^>]*>)(.*?)(</ol>)', re.S)
ITEM = re.compile(r"<li\b.*?</li>", re.S)


def apply_progress(html: str, data: dict[str, Any]) -> str:
    """The page's patch (static/app.js, applyProgress): the new lines first, the placeholder out,
    the oldest lines beyond the list's size dropped."""
    found = LOG.search(html)
    assert found, "a phone's fragment has a log list that says its size"
    new = ITEM.findall(data["log"])
    if not new:  # an empty patch: the fragment stays as it is
        return html
    kept = [li for li in ITEM.findall(found.group(3)) if 'class="muted"' not in li]
    lines = (new + kept)[: int(found.group(2))]
    return html[: found.start(3)] + "".join(lines) + html[found.end(3):]


class Stream:
    """One device's event stream through the test client, read one message at a time. Each stream
    runs in a thread of its own (Flask's request context belongs to the thread that iterates it)."""

    def __init__(self, app: Any, code: str, token: str | None, lang: str = "en",
                 host: str | None = None, push: str | None = None) -> None:
        self.app, self.code, self.push = app, code, push
        self.dev = app.test_client()
        if token:
            self.dev.set_cookie(f"seat_{code}", token)
        if host:
            self.dev.set_cookie(f"host_{code}", host)
        self.lang = lang
        self.messages: queue.Queue[str] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.next().startswith("retry:")
        assert self.next().startswith("event: update")

    def _run(self) -> None:
        query = f"?push={self.push}" if self.push else ""  # the fragment the page asks to be sent
        response = self.dev.get(f"/api/tables/{self.code}/stream{query}", buffered=False,
                                headers={"Accept-Language": self.lang})
        try:
            for chunk in response.response:
                self.messages.put(chunk.decode())
                if self.stop.is_set():
                    break
        finally:
            response.close()

    def next(self) -> str:
        """The next message that is not a heartbeat."""
        while True:
            message = self.messages.get(timeout=30)
            if not message.startswith("event: ping"):
                return message



def close_all(*streams: Stream) -> None:
    """End the streams: each thread sees its stop once woken, and one publish of a version nobody
    will reach wakes them all (a short heartbeat would race a commit and its publish instead)."""
    for st in streams:
        st.stop.set()
    if streams:
        streams[0].app.extensions["companion.tables"].live.publish(streams[0].code, 10**9)
    for st in streams:
        st.thread.join(30)
        assert not st.thread.is_alive()


def event(text: str) -> tuple[str, str]:
    kind, data = re.fullmatch(r"event: (\w+)\ndata: (.*)\n\n", text, re.S).groups()
    return kind, data


@pytest.fixture
def bid(app, api: Api) -> dict[str, Any]:
    """A generic table of four phones with a sealed bid open."""
    t = api.create("generic", {"seats": "A, B, C, D"})
    code = t["code"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"], 1)}
    api.ok(code, tokens["p1"], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 999})
    return {"code": code, "tokens": tokens, "host": t["host_token"]}


def _fragment(app: Any, code: str, token: str, lang: str = "en") -> str:
    dev = app.test_client()
    dev.set_cookie(f"seat_{code}", token)
    return dev.get(f"/t/{code}/frag/seat", headers={"Accept-Language": lang}).get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_patched_phone_shows_exactly_what_a_fetch_would(app, api, bid, lang):
    code, tokens = bid["code"], bid["tokens"]
    for actor, value in (("p1", SECRET), ("p2", 3), ("p3", 4)):
        others = [s for s in tokens if s != actor]
        before = {s: _fragment(app, code, tokens[s], lang) for s in others}
        streams = {s: Stream(app, code, tokens[s], lang) for s in [*others, actor]}
        api.ok(code, tokens[actor], {"type": "answer", "prompt": "g1", "value": value})
        got = {s: event(st.next()) for s, st in streams.items()}
        close_all(*streams.values())
        assert got[actor][0] == "update", "the actor's own fragment changed: it fetches"
        for s in others:
            kind, data = got[s]
            assert kind == "progress", f"{s} was not sent the answer as progress"
            patch = json.loads(data)
            assert str(SECRET) not in data
            assert apply_progress(before[s], patch) == _fragment(app, code, tokens[s], lang)
    # The last answer reveals: every page fetches (the reveal is never a patch).
    streams = {s: Stream(app, code, tokens[s]) for s in tokens}
    api.ok(code, tokens["p4"], {"type": "answer", "prompt": "g1", "value": 5})
    assert {s: event(st.next())[0] for s, st in streams.items()} == dict.fromkeys(tokens, "update")
    close_all(*streams.values())


def test_screens_and_strangers_always_fetch_and_never_see_the_lines(app, api, bid):
    code, tokens = bid["code"], bid["tokens"]
    screen = Stream(app, code, None)
    host_screen = Stream(app, code, None, host=bid["host"])
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": SECRET})
    assert event(screen.next())[0] == "update"
    assert event(host_screen.next())[0] == "update"
    close_all(screen, host_screen)


def test_what_is_not_progress_makes_every_phone_fetch(app, api, bid):
    code, tokens = bid["code"], bid["tokens"]
    streams = {s: Stream(app, code, tokens[s]) for s in tokens}
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": SECRET})
    for st in streams.values():
        st.next()
    # A changed answer rewrites an earlier line (its old value is superseded): no patch.
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 12})
    assert {s: event(st.next())[0] for s, st in streams.items()} == dict.fromkeys(tokens, "update")
    # A die roll changes the public view.
    api.ok(code, tokens["p2"], {"type": "roll", "dice": "1d6"})
    assert {s: event(st.next())[0] for s, st in streams.items()} == dict.fromkeys(tokens, "update")
    close_all(*streams.values())


def test_a_stream_that_missed_a_version_gets_a_plain_update():
    """A patch applies only to the version just before: a stream that last announced an older one
    (two answers landed before it woke) is sent an update, and so is a stream given no patch."""
    from companion.live import Notifier
    from companion.progress import Progress

    n = Notifier()
    version = {"v": 5}
    sent: list[Progress] = []

    def patch(change: Progress) -> str:
        sent.append(change)
        return json.dumps({"from": change.before, "v": change.after})

    stream = n.stream("ABCD", lambda: version["v"], heartbeat=5, patch=patch)
    assert next(stream).startswith("retry") and next(stream) == "event: update\ndata: 5\n\n"
    n.publish("ABCD", 6, Progress(5, 6, 1, frozenset({"p1"})))
    assert next(stream) == 'event: progress\ndata: {"from": 5, "v": 6}\n\n'
    n.publish("ABCD", 7, Progress(6, 7, 1, frozenset()))
    n.publish("ABCD", 8, Progress(7, 8, 1, frozenset()))
    assert next(stream) == "event: update\ndata: 8\n\n"  # woke once, two versions late
    n.publish("ABCD", 9)  # another process's NOTIFY: no change known
    assert next(stream) == "event: update\ndata: 9\n\n"
    stream.close()
    assert [c.after for c in sent] == [6]
