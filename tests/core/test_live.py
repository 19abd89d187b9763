"""The in-process notifier: streams wake on a newer version, and it forgets a table once its last
stream closes (memory stays bounded by the tables being watched, not every table ever seen)."""

from __future__ import annotations

import threading
import time

from companion.live import Notifier


def test_a_stream_wakes_on_a_newer_version_and_is_forgotten_when_closed():
    n = Notifier()
    version = {"v": 3}
    stream = n.stream("ABCD", lambda: version["v"], heartbeat=5)
    assert next(stream).startswith("retry")
    assert next(stream) == "event: update\ndata: 3\n\n"
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(next(stream)))
    reader.start()
    time.sleep(0.05)
    version["v"] = 4
    n.publish("ABCD", 4)
    reader.join(30)  # returns as soon as the reader has its message; a busy runner may be slow
    assert got == ["event: update\ndata: 4\n\n"]
    stream.close()
    assert n._conds == {} and n._versions == {} and n._watchers == {}


def test_publishing_to_an_unwatched_table_keeps_nothing():
    n = Notifier()
    for i in range(1000):
        n.publish(f"T{i}", 2)
    assert n._conds == {} and n._versions == {}


def test_a_change_between_the_first_read_and_the_wait_is_not_missed():
    n = Notifier()
    version = {"v": 1}

    def current() -> int:
        value = version["v"]
        version["v"] = 2  # a change commits right after the stream read the database ...
        n.publish("WXYZ", 2)  # ... and is published before the stream starts waiting
        return value

    stream = n.stream("WXYZ", current, heartbeat=30)
    next(stream)
    assert next(stream) == "event: update\ndata: 1\n\n"
    started = time.monotonic()
    assert next(stream) == "event: update\ndata: 2\n\n"
    assert time.monotonic() - started < 15  # not at the 30 s heartbeat
    stream.close()
