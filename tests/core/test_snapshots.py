"""State snapshots: a restart replays only the events after the newest snapshot, and the result is
always exactly what a replay of the whole log gives (undo reaching back, other rules versions)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from companion import engine, snapshots
from companion.games import get as get_game
from companion.models import StateSnapshot
from companion.tables import Viewer

HOST = Viewer(host=True)


@pytest.fixture
def svc(app, monkeypatch):
    monkeypatch.setattr(snapshots, "EVERY", 5)
    return app.extensions["companion.tables"]


def _table(svc, rolls: int) -> str:
    code, _host = svc.create("generic", {"seats": "A, B"})
    svc.join(code, "p1", "Ana")
    for _ in range(rolls):
        svc.act(code, Viewer(seat="p1"), {"type": "roll", "dice": "3d6"})
    return code


def _full_replay(svc, code: str) -> dict:
    with svc.db.read() as s:
        from companion.models import TableRow

        table = s.get(TableRow, code)
        return engine.replay(get_game(table.game_id), svc._events(s, code))


def _restart_and_count(svc, code: str, monkeypatch) -> tuple[dict, int]:
    """Empty the state cache (a restarted server) and count the events the first read replays."""
    svc._cache.clear()
    applied = []
    original = engine.replay_one
    monkeypatch.setattr(engine, "replay_one", lambda *a: applied.append(1) or original(*a))
    state = svc.snapshot(code).state
    monkeypatch.setattr(engine, "replay_one", original)
    return state, len(applied)


def test_a_restart_replays_only_the_events_after_the_newest_snapshot(svc, monkeypatch):
    code = _table(svc, 12)  # versions 1 (setup), 2 (join), 3..14 (rolls): snapshots at 5 and 10
    with svc.db.read() as s:
        kept = [r.version for r in s.exec(select(StateSnapshot).where(StateSnapshot.table_code == code))]
    assert kept == [5, 10]
    state, replayed = _restart_and_count(svc, code, monkeypatch)
    assert replayed == 4  # versions 11..14
    assert state == _full_replay(svc, code)


def test_an_undo_that_reaches_before_a_snapshot_replays_from_an_older_one(svc, monkeypatch):
    code = _table(svc, 9)  # versions up to 11; snapshots at 5 and 10
    for _ in range(3):  # undo the rolls at versions 11, 10 and 9: the last one is before snapshot 10
        svc.undo(code, HOST)
    state, replayed = _restart_and_count(svc, code, monkeypatch)
    assert state == _full_replay(svc, code)
    assert state["g"] == svc.snapshot(code).state["g"]
    assert replayed < 14 - 5  # it still started from snapshot 5, not from the first event
    rolls = [e for e in state["log"] if e.get("kind") == "undo"]
    assert len(rolls) == 3


def test_a_snapshot_from_other_rules_is_never_used(svc, monkeypatch):
    code = _table(svc, 12)
    with svc.db.write() as s:
        for row in s.exec(select(StateSnapshot).where(StateSnapshot.table_code == code)):
            row.rules_key = "0.0.1/0"
            s.add(row)
    state, replayed = _restart_and_count(svc, code, monkeypatch)
    assert replayed == 13 and state == _full_replay(svc, code)


def test_a_long_replay_leaves_a_snapshot_for_the_next_restart(svc, monkeypatch):
    code = _table(svc, 12)
    with svc.db.write() as s:
        for row in s.exec(select(StateSnapshot).where(StateSnapshot.table_code == code)):
            s.delete(row)
    _state, replayed = _restart_and_count(svc, code, monkeypatch)
    assert replayed == 13
    _state, replayed = _restart_and_count(svc, code, monkeypatch)
    assert replayed == 0  # the first read stored the state it had to rebuild
