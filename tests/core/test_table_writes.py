"""The table log's writes on SQLite's shared batch (companion/group_commit.py, companion/table_log.py):
a writer refused after it wrote leaves nothing behind for the next writer of the same batch."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.tables import Viewer

HOST = Viewer(host=True)


def test_a_refused_undo_leaves_the_next_writer_of_its_batch_the_stored_version(sqlite_app):
    svc = sqlite_app.extensions["companion.tables"]
    code, _host = svc.create("generic", {"seats": "A, B"})
    svc.join(code, "p1", "Ana")
    svc.join(code, "p2", "Bia")
    svc.act(code, Viewer(seat="p1"), {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 9})
    for seat, value in (("p1", 3), ("p2", 4)):
        svc.act(code, Viewer(seat=seat), {"type": "answer", "prompt": "g1", "value": value})
    assert svc.snapshot(code).state["g"]["prompts"]["g1"]["revealed"]
    svc._cache.clear()  # no recent state to check against first: the undo is refused after its event is written
    group = svc.db._group
    group.max_age = 3600  # the batch closes when nobody waits, never by the clock here
    group._waiting += 1  # a writer of another table queues meanwhile: the batch stays open after the refusal
    try:
        with pytest.raises(RuleError) as refused:  # kept, as a logged error keeps its traceback
            svc.undo(code, HOST)
    finally:
        group._waiting -= 1
    version = svc.act(code, Viewer(seat="p1"), {"type": "roll", "dice": "1d6"})
    assert [row.seq for row in svc.event_rows(code)] == list(range(1, version + 1))
    assert svc.snapshot(code).version == version
    assert refused.value.status == 409


def test_a_prebuilt_statement_takes_every_value_as_a_parameter():
    """A Prebuilt statement's SQLite text runs on the raw connection with the call's parameters
    alone (issue 41): a value Core would bind by itself is refused when the statement is built."""
    from sqlalchemy import bindparam, select

    from companion.db import Prebuilt
    from companion.models import StoryEntry

    with pytest.raises(ValueError, match="bindparam"):
        Prebuilt(select(StoryEntry.key).where(StoryEntry.kind == "moment"))
    built = Prebuilt(select(StoryEntry.key).where(StoryEntry.kind == bindparam("kind")))
    assert ":kind" in built.sqlite


def test_an_action_behind_another_process_write_falls_back_to_the_session_and_keys_still_answer(tmp_path):
    """Two processes on one SQLite file: an action whose cached table is behind the stored version
    is done through the ORM session instead (nothing written by the raw attempt), and an
    idempotency key answers on either path (issue 41)."""
    from companion.db import open_database
    from companion.tables import Tables

    one, two = Tables(open_database("", tmp_path)), Tables(open_database("", tmp_path))
    code, _host = one.create("generic", {"seats": "A, B"})
    one.join(code, "p1", "Ana")
    p1 = Viewer(seat="p1")
    roll = {"type": "roll", "dice": "1d6"}
    versions = [one.act(code, p1, roll, key="first-key-1"), two.act(code, p1, roll, key="second-key"),
                one.act(code, p1, roll), two.act(code, p1, roll)]
    assert versions == [3, 4, 5, 6]
    assert one.act(code, p1, roll, key="first-key-1") == 3 == two.act(code, p1, roll, key="first-key-1")
    with pytest.raises(RuleError) as reused:
        one.act(code, p1, {"type": "roll", "dice": "2d6"}, key="second-key")
    assert reused.value.status == 409
    assert [row.seq for row in one.event_rows(code)] == list(range(1, 7))
    assert one.snapshot(code).state == two.snapshot(code).state
    assert len(one.snapshot(code).state["g"]["rolls"]) == 4
