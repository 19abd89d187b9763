"""Group commit on SQLite (companion/group_commit.py): writers that queue share one COMMIT, each is
answered only after the COMMIT holding its statements, and one writer's failure is its own.

Real threads stand for the server's greenlets (both wait on the same lock). Every step waits for a
state, never for a duration: a writer holds the lock until the test lets it go, and the test lets it
go only once the others are counted as waiting."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import event, insert
from sqlmodel import Session, select

from companion import group_commit
from companion.db import Prebuilt, open_database
from companion.group_commit import RawWrite
from companion.models import AppSetting


def until(condition, what: str) -> None:
    for _ in range(3000):  # a bound, not a timing: the condition normally holds at once
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def stored(db) -> set[str]:
    with db.read() as s:
        return {row.key for row in s.exec(select(AppSetting))} - {"secret_key"}


def writer(db, key: str, results: dict, hold: threading.Event | None = None, fail: bool = False) -> None:
    try:
        with db.write() as s:
            s.add(AppSetting(key=key, value="v"))
            s.flush()
            if hold is not None:
                results["holding"] = True
                hold.wait(30)
            if fail:
                raise ValueError(key)
        results[key] = key in stored(db)  # answered only once it is committed: it is there to read
    except Exception as err:  # noqa: BLE001 - the test reads what each writer was told
        results[key] = type(err).__name__


@pytest.fixture
def db(tmp_path):
    database = open_database("", tmp_path)
    database._group.max_age = 3600  # batches close by count or when nobody waits, never by the clock here
    yield database
    database.dispose()


def count_commits(db) -> list[int]:
    commits: list[int] = []
    event.listen(db.write_engine, "commit", lambda _conn: commits.append(1))
    return commits


def run_queued(db, first: str, queued: dict[str, bool]) -> dict:
    """``first`` holds the lock while the writers of ``queued`` (key -> fails) line up behind it."""
    return run_mixed(db, (first, False), {key: (False, fail) for key, fail in queued.items()})


def test_writers_that_queue_share_one_commit_and_are_answered_after_it(db):
    commits = count_commits(db)
    results = run_queued(db, "a", {"b": False, "c": False, "d": False})
    assert results == {"holding": True, "a": True, "b": True, "c": True, "d": True}
    assert len(commits) == 1  # four writers, one COMMIT (one fsync)
    assert stored(db) == {"a", "b", "c", "d"}


def test_a_failing_writer_rolls_back_only_its_own_statements(db):
    commits = count_commits(db)
    results = run_queued(db, "a", {"b": False, "bad": True, "c": False})
    assert results["bad"] == "ValueError"
    assert results["a"] is results["b"] is results["c"] is True
    assert stored(db) == {"a", "b", "c"}
    assert len(commits) == 1


def test_a_writer_whose_statement_fails_leaves_the_batch_usable(db):
    """A duplicate key fails at its flush, which rolls its savepoint back inside SQLAlchemy: the
    writers before and after it in the batch are still committed."""
    results = run_queued(db, "a", {"b": False})
    assert results["a"] is results["b"] is True
    results = run_queued(db, "c", {"a": False, "d": False})  # "a" again: the primary key is taken
    assert results["a"] == "IntegrityError"
    assert results["c"] is results["d"] is True
    assert stored(db) == {"a", "b", "c", "d"}


def test_a_batch_is_committed_once_full_even_with_writers_waiting(db):
    """Writers that keep arriving must not hold every answer back: past ``max_members`` the batch
    is committed and the waiters start the next one."""
    commits = count_commits(db)
    db._group.max_members = 8
    queued = {f"w{i}": False for i in range(20)}
    results = run_queued(db, "first", queued)
    assert all(results[key] is True for key in ["first", *queued])
    assert len(commits) == 3  # 8 + 8 + the last 5, who found nobody behind them
    assert stored(db) == {"first", *queued}


def test_writers_queued_behind_a_failed_begin_are_not_failed_by_it(db):
    """The first writer of a batch may fail to begin (another process holds SQLite's write lock);
    the writers queued behind it start a fresh batch."""
    armed: list[int] = []

    def busy(_conn) -> None:
        if armed:
            armed.clear()
            raise OSError("database is locked")

    event.listen(db.write_engine, "begin", busy)
    results: dict = {}
    hold = threading.Event()
    first = threading.Thread(target=writer, args=(db, "a", results, hold))
    first.start()
    until(lambda: results.get("holding"), "a holds the lock")
    armed.append(1)  # the next BEGIN fails: that of the batch after a's
    others = [threading.Thread(target=writer, args=(db, key, results)) for key in ("b", "c")]
    for t in others:
        t.start()
    until(lambda: db._group._waiting == 2, "b and c wait")
    db._group.max_members = 1  # a's batch is committed alone, so the next writer opens a new one
    hold.set()
    for t in [first, *others]:
        t.join(60)
    assert results["a"] is True
    assert sorted(str(results[k]) for k in ("b", "c")) == ["OSError", "True"]  # only the one that met the lock
    assert len(stored(db)) == 2


def test_writers_are_never_answered_when_the_commit_did_not_run(db):
    """A COMMIT that never ran (the thread pool could not start a thread) acknowledges nobody: not
    the writer that tried it, nor the one whose statements it carried."""

    def no_thread(_fn) -> None:
        raise RuntimeError("can't start new thread")

    db._group._off_the_loop = no_thread
    results = run_queued(db, "a", {"b": False})
    assert results == {"holding": True, "a": "RuntimeError", "b": "RuntimeError"}
    assert stored(db) == set()


def test_a_failed_commit_fails_every_writer_of_its_batch_and_the_next_write_works(db, monkeypatch):
    real_commit = Session.commit
    failures = []

    def broken_disk(self):
        if not failures:
            failures.append(1)
            raise OSError("disk full")
        real_commit(self)

    monkeypatch.setattr(Session, "commit", broken_disk)
    results = run_queued(db, "a", {"b": False, "c": False})
    assert results == {"holding": True, "a": "OSError", "b": "OSError", "c": "OSError"}
    assert stored(db) == set()  # nobody was acknowledged, and nothing of theirs is there
    later: dict = {}
    writer(db, "later", later)
    assert later == {"later": True}
    assert stored(db) == {"later"}


def test_a_lone_writer_commits_at_once(db):
    commits = count_commits(db)
    for key in ("x", "y"):
        results: dict = {}
        writer(db, key, results)
        assert results == {key: True}
    assert len(commits) == 2



UNDER_GEVENT = r'''
from gevent import monkey; monkey.patch_all()
import json, sys, gevent
from sqlmodel import select
from companion.db import open_database
from companion.models import AppSetting

db = open_database("", sys.argv[1])

def write(i):
    with db.write() as s:
        s.add(AppSetting(key=f"k{i}", value="v"))
        if i % 10 == 3:
            raise ValueError(i)
    return i

writers = [gevent.spawn(write, i) for i in range(200)]
gevent.joinall(writers)
with db.read() as s:
    keys = sorted({row.key for row in s.exec(select(AppSetting))} - {"secret_key"})
print(json.dumps({"acknowledged": sorted(f"k{g.value}" for g in writers if g.successful()), "stored": keys,
                  "commits": db._group.commits, "writes": db._group.writes}))
'''


def test_under_gevent_two_hundred_writers_share_a_few_commits(tmp_path):
    """As under ``companion serve``: the COMMIT runs in gevent's thread pool, and the writers that
    queued meanwhile share the next one. Exactly the acknowledged writes are stored."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", UNDER_GEVENT, str(tmp_path)], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert len(result["acknowledged"]) == 180  # the 20 that raised were rolled back alone
    assert result["stored"] == result["acknowledged"]
    assert result["writes"] == 180 and result["commits"] <= 180 // 8, result["commits"]  # shared, not one each


INTERRUPTED_WAITER = r'''
from gevent import monkey; monkey.patch_all()
import json, sys, gevent
from gevent import Timeout
from gevent.event import Event
from sqlmodel import Session
from companion.db import open_database
from companion.models import AppSetting

real_sleep = monkey.get_original("time", "sleep")
db = open_database("", sys.argv[1])
db._group.max_age = 3600
events, disk = [], []
commit = Session.commit

def slow_commit(self):  # an fsync that lasts until the test has looked, in gevent's thread pool
    events.append("commit starts")
    for _ in range(6000):
        if disk:
            break
        real_sleep(0.01)
    commit(self)
    events.append("commit returns")

Session.commit = slow_commit
hold = Event()

def writer(key, wait=None):
    try:
        with db.write() as s:
            s.add(AppSetting(key=key, value="v"))
            if wait is not None:
                wait.wait()
        events.append(key + " acknowledged")
    except BaseException as e:
        events.append(key + " interrupted " + type(e).__name__)

a = gevent.spawn(writer, "a", hold)
while not db._write_lock.locked():
    gevent.sleep(0.01)
b = gevent.spawn(writer, "b")
while db._group._waiting == 0:
    gevent.sleep(0.01)
hold.set()  # a leaves the COMMIT to b, which waited: a now waits for its batch's outcome
while "commit starts" not in events:
    gevent.sleep(0.01)
a.kill(Timeout(), block=False)  # a request's timeout, or server.stop()
gevent.sleep(0.05)
events.append("a gone" if a.dead else "a waits for the outcome")
disk.append("done")
gevent.joinall([a, b])
print(json.dumps(events))
'''


def test_a_writer_interrupted_while_its_batch_commits_waits_for_the_outcome(tmp_path):
    """Its caller holds the table's lock: leaving before the COMMIT's outcome is known would let the
    next writer of that table build on a version that may never be stored."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", INTERRUPTED_WAITER, str(tmp_path)], capture_output=True,
                         text=True, timeout=120, check=True).stdout
    events = json.loads(out.strip().splitlines()[-1])
    assert events[:3] == ["commit starts", "a waits for the outcome", "commit returns"], events
    assert sorted(events[3:]) == ["a interrupted Timeout", "b acknowledged"], events


# -- raw batches: prebuilt statements on SQLite's own connection (the action path, issue 41) ------
_PUT = Prebuilt(insert(AppSetting.__table__), ["key", "value"])  # type: ignore[attr-defined]


def raw_writer(db, key: str, results: dict, hold: threading.Event | None = None, fail: bool = False) -> None:
    try:
        with db.write_raw() as w:
            assert isinstance(w, RawWrite)
            _PUT.run(w, {"key": key, "value": "v"})
            if hold is not None:
                results["holding"] = True
                hold.wait(30)
            if fail:
                raise ValueError(key)
        results[key] = key in stored(db)
    except Exception as err:  # noqa: BLE001 - the test reads what each writer was told
        results[key] = type(err).__name__


def run_mixed(db, first: tuple[str, bool], queued: dict[str, tuple[bool, bool]]) -> dict:
    """``first`` = (key, raw) holds the lock while the writers of ``queued`` (key -> (raw, fails))
    line up behind it; raw ones write through ``db.write_raw()``."""
    results: dict = {}
    hold = threading.Event()
    threads = [threading.Thread(target=raw_writer if first[1] else writer, args=(db, first[0], results, hold))]
    threads[0].start()
    until(lambda: results.get("holding"), "the first writer holds the lock")
    for key, (raw, fail) in queued.items():
        threads.append(threading.Thread(target=raw_writer if raw else writer, args=(db, key, results),
                                        kwargs={"fail": fail}))
        threads[-1].start()
    until(lambda: db._group._waiting == len(queued), "the others wait for the lock")
    hold.set()
    for t in threads:
        t.join(60)
    return results


def test_raw_writers_that_queue_share_one_commit_and_only_a_failing_ones_statements_go(db):
    results = run_mixed(db, ("a", True), {"b": (True, False), "bad": (True, True), "c": (True, False)})
    assert results == {"holding": True, "a": True, "b": True, "bad": "ValueError", "c": True}
    assert db._group.commits == 1 and db._group.writes == 3
    assert stored(db) == {"a", "b", "c"}
    results = run_mixed(db, ("d", True), {"a": (True, False), "e": (True, False)})  # "a" again: taken
    assert results["a"] == "IntegrityError" and results["d"] is results["e"] is True
    assert stored(db) == {"a", "b", "c", "d", "e"}


def test_writers_of_both_kinds_in_one_queue_are_each_committed_before_they_are_answered(db):
    results = run_mixed(db, ("a", False), {"b": (True, False), "c": (True, False), "d": (False, False),
                                           "e": (True, True), "f": (False, False)})
    assert results == {"holding": True, "a": True, "b": True, "c": True, "d": True, "e": "ValueError", "f": True}
    assert stored(db) == {"a", "b", "c", "d", "f"}
    assert 2 <= db._group.commits <= 5  # a batch holds one kind: a change of kind commits the open one


def test_a_raw_batch_whose_commit_failed_or_never_ran_acknowledges_nobody(db, monkeypatch):
    real = group_commit._Batch.commit
    failures: list[int] = []

    def broken_disk(self) -> None:
        if not failures:
            failures.append(1)
            raise OSError("disk full")
        real(self)

    monkeypatch.setattr(group_commit._Batch, "commit", broken_disk)
    results = run_mixed(db, ("a", True), {"b": (True, False)})
    assert results == {"holding": True, "a": "OSError", "b": "OSError"}
    assert stored(db) == set()
    later: dict = {}
    raw_writer(db, "later", later)
    assert later == {"later": True} and stored(db) == {"later"}
