"""Which changes are progress only, and for whom (companion.progress, issue #27), on the engine alone;
tests/api/test_progress.py renders the fragments to prove a patched phone equals a fetched one."""

from __future__ import annotations

import copy
import random

from companion.engine import Actor, Table
from companion.games.base import RuleError
from companion.live import notify_payload, read_payload
from companion.progress import Progress, StateKeys, progress_of, spectator_lines

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


def test_keys_carried_from_the_last_action_give_what_fresh_ones_give():
    """The server keeps each state's StateKeys for the next action (issue 41): a random evening
    of bids, changed answers, rolls and cancels decides alike with the carried keys and without;
    keys of another state are never used for this one."""
    rng = random.Random(41)
    t = table()
    keys = StateKeys(t.game, t.state)
    decided = []
    for _ in range(150):
        open_ids = [pid for pid, p in t.g["prompts"].items() if not p["revealed"] and not p.get("closed")]
        seat = rng.choice(SEATS)
        if open_ids and rng.random() < 0.7:
            action = {"type": "answer", "prompt": rng.choice(open_ids), "value": rng.randint(0, 20)}
        elif open_ids and rng.random() < 0.2:
            seat, action = None, {"type": "cancel_prompt", "prompt": rng.choice(open_ids)}
        elif rng.random() < 0.3:
            action = {"type": "roll", "dice": "1d6"}
        else:
            action = {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 20}
        old = t.state
        try:
            version = t.undo() if rng.random() < 0.1 else t.act(Actor(seat=seat, host=seat is None), action)
        except RuleError:  # three open already, nothing to undo, a reveal to keep: nothing changed
            continue
        new_keys = StateKeys(t.game, t.state)
        carried = progress_of(t.game, old, t.state, version - 1, version, SEATS, keys=(keys, new_keys))
        fresh = progress_of(t.game, copy.deepcopy(old), copy.deepcopy(t.state), version - 1, version, SEATS)
        stale = progress_of(t.game, old, t.state, version - 1, version, SEATS, keys=(new_keys, keys))
        assert carried == fresh == stale
        decided.append(carried is not None)
        keys = new_keys
    assert any(decided) and not all(decided)
