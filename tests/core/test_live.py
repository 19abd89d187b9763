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


def test_the_heartbeats_of_many_pages_share_one_database_read():
    """Pages that connected together beat together: one query reads every watched table for all of
    them (at 1 000 tables the per-page reads emptied the database pool, issue #27)."""
    reads: list[list[str]] = []
    stored = {f"T{i}": 5 for i in range(40)}

    def read_versions(codes: list[str]) -> dict[str, int]:
        reads.append(sorted(codes))
        return {c: stored[c] for c in codes if c in stored}

    n = Notifier(read_versions=read_versions, sweep_age=3600)
    alone: list[str] = []
    streams = [n.stream(code, lambda code=code: alone.append(code) or 5, heartbeat=0) for code in stored]
    for s in streams:
        assert next(s).startswith("retry")
        assert next(s) == "event: update\ndata: 5\n\n"  # the first read is the stream's own
    alone.clear()
    assert [next(s) for s in streams] == ["event: ping\ndata: 5\n\n"] * 40  # heartbeat=0: at once
    assert reads == [sorted(stored)] and alone == []
    stored["T3"] = 6  # committed by another process whose notification was lost
    n._swept_at = float("-inf")  # the shared read has aged
    assert next(streams[3]) == "event: update\ndata: 6\n\n"
    assert len(reads) == 2
    for s in streams:
        s.close()


def test_a_table_the_shared_read_did_not_see_is_read_alone():
    n = Notifier(read_versions=lambda codes: {}, sweep_age=3600)  # gone, or watched since the read
    version = {"v": 1}
    stream = n.stream("GONE", lambda: version["v"], heartbeat=0)
    next(stream), next(stream)
    version["v"] = 2
    assert next(stream) == "event: update\ndata: 2\n\n"
    stream.close()


def test_one_read_gives_the_versions_of_many_tables(tmp_path):
    """What the streams' shared heartbeat reads (companion/live.py): a gone table is absent."""
    from companion.db import open_database
    from companion.tables import Tables

    svc = Tables(open_database("", tmp_path / "v"))
    codes = [svc.create("generic", {"seats": "A, B"})[0] for _ in range(3)]
    assert svc.live.read_versions == svc.versions
    assert svc.versions([*codes, "NOPE"]) == {c: svc.version(c) for c in codes}
