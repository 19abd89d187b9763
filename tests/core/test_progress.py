"""Which changes are progress only, and for whom (companion.progress, issue #27), on the engine alone;
tests/api/test_progress.py renders the fragments to prove a patched phone equals a fetched one."""

from __future__ import annotations

import copy

from companion.engine import Actor, Table
from companion.live import notify_payload, read_payload
from companion.progress import Progress, progress_of, spectator_lines

SEATS = ["p1", "p2", "p3"]


def table() -> Table:
    t = Table("generic", {"seats": "A, B, C"})
    for seat, name in zip(SEATS, ["Ana", "Bia", "Caio"]):
        t.join(seat, name)
    t.act(Actor(seat="p1"), {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 20})
    return t


def step(t: Table, seat: str | None, action: dict) -> Progress | None:
    old = copy.deepcopy(t.state)
    version = t.act(Actor(seat=seat, host=seat is None), action)
    return progress_of(t.game, old, t.state, version - 1, version, SEATS)


def test_an_answer_is_progress_for_everyone_but_the_one_who_answered():
    t = table()
    change = step(t, "p2", {"type": "answer", "prompt": "g1", "value": 17})
    assert change is not None and change.fetch == {"p2"} and change.lines == 1
    assert change.patches("p1") and change.patches("p3")
    assert not change.patches("p2") and not change.patches(None)  # a screen always fetches
    lines = spectator_lines(t.state, change)
    assert [line["msg"] for line in lines] == ["%(who)s answered"]
    assert "17" not in repr(lines)


def test_the_reveal_a_changed_answer_a_roll_and_a_cancel_are_not_progress():
    t = table()
    assert step(t, "p1", {"type": "answer", "prompt": "g1", "value": 1}) is not None
    assert step(t, "p1", {"type": "answer", "prompt": "g1", "value": 2}) is None  # rewrites a line
    assert step(t, "p2", {"type": "roll", "dice": "1d6"}) is None
    assert step(t, "p2", {"type": "answer", "prompt": "g1", "value": 3}) is not None
    assert step(t, "p3", {"type": "answer", "prompt": "g1", "value": 4}) is None  # the reveal
    t.act(Actor(seat="p1"), {"type": "open_prompt", "title": "Again", "kind": "number", "min": 0, "max": 9})
    assert step(t, None, {"type": "cancel_prompt", "prompt": "g2"}) is None  # the host cancels


def test_a_game_without_patches_never_has_progress():
    """The same answer that is progress in the generic game is none once the game offers no patches."""
    t = table()
    old = copy.deepcopy(t.state)
    version = t.act(Actor(seat="p2"), {"type": "answer", "prompt": "g1", "value": 17})
    assert progress_of(t.game, old, t.state, version - 1, version, SEATS) is not None
    game = copy.copy(t.game)
    game.progress_patches = False
    assert progress_of(game, old, t.state, version - 1, version, SEATS) is None


def test_the_wake_up_between_processes_carries_the_change():
    change = Progress(7, 8, 2, frozenset({"p2", "p1"}))
    assert notify_payload("ABCD", 8, change) == "ABCD:8:7:2:p1,p2"
    assert read_payload(notify_payload("ABCD", 8, change)) == ("ABCD", 8, change)
    assert read_payload("ABCD:8:7:1:") == ("ABCD", 8, Progress(7, 8, 1, frozenset()))
    assert read_payload("ABCD:9") == ("ABCD", 9, None)
    for bad in ("", "ABCD", "ABCD:x", ":3", "ABCD:3:4"):
        assert read_payload(bad)[1] is None
