"""The event-sourcing engine without a database: replay equals incremental application, undo,
sealed answers, the visible log and the service events."""

from __future__ import annotations

import json

import pytest

from companion import engine
from companion.engine import Event, Table
from companion.games import get as get_game
from companion.games.base import Actor, RuleError

GENERIC = get_game("generic")
HOST = Actor(host=True)
P1, P2, P3 = Actor(seat="p1"), Actor(seat="p2"), Actor(seat="p3")


def table(seats: str = "A, B, C", seed: int = 5) -> Table:
    t = Table("generic", {"seats": seats}, seed=seed)
    seats = [seat.id for seat in t.game.seats(t.options)]
    for seat, name in zip(seats, ("Ana", "Bia", "Caio"), strict=False):
        t.join(seat, name)
    return t


def bid(t: Table, title: str = "Bid") -> str:
    t.act(P1, {"type": "open_prompt", "title": title, "kind": "number", "min": 0, "max": 999})
    return sorted(t.g["prompts"])[-1]


def texts(lines: list[dict]) -> str:
    return json.dumps(lines)


def test_replay_equals_incremental_application():
    t = table()
    t.act(P1, {"type": "roll", "dice": "3d6"})
    t.act(P2, {"type": "adjust", "seat": "p2", "counter": "VP", "delta": 2})
    pid = bid(t)
    t.act(P1, {"type": "answer", "prompt": pid, "value": 3})
    t.act(P1, {"type": "answer", "prompt": pid, "value": 4})
    t.leave("p2")
    t.join("p2", "Bruno")
    t.act(HOST, {"type": "set", "seat": "p3", "counter": "VP", "value": 7})
    t.show_rule("dice")
    t.undo()
    t.act(P3, {"type": "roll", "dice": "2d6"})
    assert t.replayed() == t.state
    # from any version on, the rest of the log replays to the same state
    middle = engine.replay(t.game, t.events[:6])
    assert engine.replay(t.game, t.events[6:], start=middle) == t.state


def test_a_refused_action_changes_nothing():
    t = table()
    before = json.dumps(t.state)
    with pytest.raises(RuleError) as err:
        t.act(P2, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 1})
    assert err.value.status == 403
    with pytest.raises(RuleError) as err:  # input the rules did not anticipate: a 400, not a crash
        t.act(P1, {"type": "roll", "dice": ["3d6"]})
    assert err.value.status == 400
    with pytest.raises(RuleError) as err:
        t.act(Actor(), {"type": "roll", "dice": "1d6"})
    assert err.value.message == "Join a seat first."
    assert json.dumps(t.state) == before and t.version == 4


def test_malformed_errors_become_a_rule_error(monkeypatch):
    def broken(state, ctx, action):
        raise KeyError("oops")

    t = table()
    monkeypatch.setattr(t.game, "apply", broken)
    with pytest.raises(RuleError) as err:
        t.act(P1, {"type": "roll", "dice": "1d6"})
    assert err.value.rule == "companion: actions" and err.value.status == 400


def test_undo_skips_the_target_and_keeps_its_lines_in_the_undo_line():
    t = table()
    t.act(P1, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 2})
    t.act(P1, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 5})
    target = t.version
    t.undo()
    assert t.g["values"]["p1"]["VP"] == 2
    assert all(e.get("seq") != target for e in t.state["log"])
    undo_line = t.state["log"][-1]
    assert undo_line["kind"] == "undo" and [e["seq"] for e in undo_line["undone"]] == [target]
    t.undo()  # the next undo reverts the action before it
    assert t.g["values"]["p1"]["VP"] == 0
    with pytest.raises(RuleError) as err:
        t.undo()
    assert err.value.status == 409 and err.value.message == "There is nothing to undo."
    with pytest.raises(RuleError) as err:
        t.undo(P1)
    assert err.value.status == 403


def test_an_undone_secret_stays_hidden_after_the_reveal():
    t = table()
    pid = bid(t)
    t.act(P1, {"type": "answer", "prompt": pid, "value": 888})
    t.undo()
    t.act(P1, {"type": "answer", "prompt": pid, "value": 1})
    t.act(P2, {"type": "answer", "prompt": pid, "value": 2})
    t.act(P3, {"type": "answer", "prompt": pid, "value": 3})
    assert t.g["prompts"][pid]["revealed"]
    undone = [e for line in t.log(P2) if line["kind"] == "undo" for e in line["undone"]]
    assert undone and "888" not in texts(undone)
    assert "888" not in texts(t.log(Actor())) and "888" not in texts(t.log(HOST))


def test_a_sealed_answer_changed_twice_reveals_only_the_last():
    t = table()
    pid = bid(t)
    for value in (777, 888, 111):
        t.act(P1, {"type": "answer", "prompt": pid, "value": value})
    assert "777" in texts(t.log(P1)) and "888" in texts(t.log(P1))  # the seat reads its own answers
    assert "777" not in texts(t.log(P2)) and "888" not in texts(t.log(P2))
    t.act(P2, {"type": "answer", "prompt": pid, "value": 2})
    t.act(P3, {"type": "answer", "prompt": pid, "value": 3})
    shown = texts(t.log(Actor()))
    assert "111" in shown and "777" not in shown and "888" not in shown
    answers = [line for line in t.state["log"] if line.get("answer_of") == ["p1", pid]]
    assert [line.get("superseded", False) for line in answers] == [True, True, False]
    readable = [line for line in t.log(Actor()) if line["seq"] in {a["seq"] for a in answers}]
    assert [line["msg"] == a["msg"] for line, a in zip(readable, answers, strict=True)] == [False, False, True]


def test_the_visible_log_hides_secrets_from_other_seats():
    t = table()
    pid = bid(t)
    t.act(P1, {"type": "answer", "prompt": pid, "value": 6})
    line = t.lines()[0]
    assert "hidden" in line
    assert engine.visible(line, t.g, P1)["msg"] == line["msg"]
    for viewer in (P2, HOST, Actor()):
        assert engine.visible(line, t.g, viewer) == {
            "seq": t.version, "actor": {"seat": "p1", "host": False}, "kind": "action",
            "msg": line["hidden"]["msg"], "params": line["hidden"]["params"]}
    assert t.log(P2, limit=1)[0]["msg"] == line["hidden"]["msg"]
    assert t.last_undoable(P2) == t.log(P2, limit=1)


def test_service_events_name_seats_and_drop_a_freed_seats_answers():
    t = table()
    assert t.state["names"] == {"p1": "Ana", "p2": "Bia", "p3": "Caio"}
    assert [e["kind"] for e in t.state["log"][-3:]] == ["join", "join", "join"]
    pid = bid(t)
    t.act(P2, {"type": "answer", "prompt": pid, "value": 4})
    t.leave("p2")
    assert "p2" not in t.g["prompts"][pid]["answers"]
    secret = next(e for e in t.state["log"] if e.get("answer_of") == ["p2", pid])
    assert secret["superseded"] and secret["dropped"]
    t.join("p2", "Bruno")
    assert engine.visible(secret, t.g, P2)["msg"] == secret["hidden"]["msg"]  # the new occupant
    with pytest.raises(RuleError):
        t.join("p2", "Someone")  # taken
    t.grant_host("p2")
    assert t.state["log"][-1]["params"] == {"name": "Bruno"}
    t.show_rule("dice")
    assert t.state["rules"] == "dice"
    t.show_rule(None)
    assert t.state["rules"] is None and t.replayed() == t.state


def test_service_event_leaves_the_given_state_untouched():
    t = table()
    before = json.dumps(t.state)
    new = engine.service_event(t.state, "join", Actor(seat="p1"), {"seat": "p1", "name": "Zé", "label": "A"}, 9)
    assert json.dumps(t.state) == before and new["names"]["p1"] == "Zé"
    assert engine.service_event(t.state, "unknown", HOST, {}, 9) == t.state


def test_undo_respects_the_games_refusal_and_the_reveal_guard(monkeypatch):
    t = table()
    t.act(P1, {"type": "roll", "dice": "1d6"})
    monkeypatch.setattr(t.game, "undo_refusal",
                        lambda action: RuleError("No.", "test p.1") if action["type"] == "roll" else None)
    with pytest.raises(RuleError) as err:
        t.undo()
    assert err.value.rule == "test p.1"
    monkeypatch.undo()
    pid = bid(t)
    for who, value in ((P1, 1), (P2, 2), (P3, 3)):
        t.act(who, {"type": "answer", "prompt": pid, "value": value})
    with pytest.raises(RuleError) as err:
        t.undo()
    assert err.value.status == 409 and "public" in err.value.message
    assert t.g["prompts"][pid]["revealed"]


def test_undo_target_and_events():
    events = [Event(1, "setup", {"host": True}, {"options": {}}), Event(2, "action", {"seat": "p1"}, {}),
              Event(3, "join", {"seat": "p1"}, {}), Event(4, "action", {"seat": "p1"}, {}),
              Event(5, "undo", {"host": True}, {"target": 4})]
    assert engine.undone(events) == {4}
    assert engine.undo_target(events, engine.undone(events)).seq == 2
    assert engine.undo_target(events[:1], set()) is None
    assert events[1].who == Actor(seat="p1")


def test_the_same_seeds_give_the_same_table():
    a, b = table(seed=11), table(seed=11)
    for t in (a, b):
        t.act(P1, {"type": "roll", "dice": "4d6"})
    assert a.state == b.state
    c = table(seed=11)
    c.act(P1, {"type": "roll", "dice": "4d6"}, seed=a.events[-1].seed)
    assert c.state == a.state


def test_public_and_private_views():
    t = table()
    assert t.public()["waiting_for"] == []
    assert t.public() == engine.public(t.game, t.state)
    assert t.private("p1") == GENERIC.private_view(t.g, "p1")


def test_last_reveal_is_the_public_lines_of_the_event_that_revealed_and_nothing_before():
    """Issue #36: the pages speak the newest reveal's summary; it is only public lines, and exists
    only once the prompt is revealed (an answer's secret line is never part of it)."""
    from companion.engine import Table, last_reveal
    from companion.games.base import Actor

    t = Table("generic", {"seats": "Red, Blue"})
    t.join("p1", "Ana")
    t.join("p2", "Bia")
    t.act(Actor(seat="p1"), {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 9})
    t.act(Actor(seat="p1"), {"type": "answer", "prompt": "g1", "value": 7})
    assert last_reveal(t.state) is None, "nothing is revealed yet: nothing to say"
    seq = t.act(Actor(seat="p2"), {"type": "answer", "prompt": "g1", "value": 4})
    said = last_reveal(t.state)
    assert said is not None and said["seq"] == seq
    assert [(e["msg"], e["params"]["result"]) for e in said["lines"]] == [('Revealed "%(title)s": %(result)s', "Ana 7, Bia 4")]


# -- the game state's copies (issue 41: pickle instead of JSON for values that are JSON trees) ----
def _shared(value, seen=None) -> bool:
    """Whether a container is reached twice in ``value``."""
    seen = set() if seen is None else seen
    if isinstance(value, (dict, list)):
        if id(value) in seen:
            return True
        seen.add(id(value))
        return any(_shared(v, seen) for v in (value.values() if isinstance(value, dict) else value))
    return False


def _same(a, b) -> bool:
    """Equal, with the same types and the same key order all the way down (``==`` ignores both)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b or (a != a and b != b)  # NaN


def test_json_copy_is_the_json_round_trip():
    inner = [1, 2.5, "x"]
    odd = {"t": (1, 2), 3: "int key", "shared": inner, "again": inner, "nan": float("nan"), "big": 2**70,
           "neg0": -0.0, "b": True, "n": None, "s": "\ud800 lone", "deep": {"z": 1, "a": [{"k": [None]}]}}
    for value in (odd, json.loads(json.dumps(odd)), [], {}, "s", 1, [odd, odd]):
        copy = engine.json_copy(value)
        assert _same(copy, json.loads(json.dumps(value)))
        assert not _shared(copy)
        assert copy is not value or not isinstance(value, (dict, list))
    tree = json.loads(json.dumps(odd))
    copy = engine.json_copy(tree, tree=True)
    assert _same(copy, tree) and copy["deep"] is not tree["deep"] and copy["deep"]["a"][0] is not tree["deep"]["a"][0]


def test_apply_gives_the_json_round_trip_of_what_the_rules_left(monkeypatch):
    """A game that leaves a tuple, a number as a key, one list in two places, or a piece of the
    action or of a log line in its state gets the state a replay of the stored log gives."""
    t = table()
    leftovers = {}

    def odd(state, ctx, action):
        listed = ["a"]
        state["t"] = (1, 2)
        state["k"] = {7: "seven"}
        state["twice"], state["again"] = listed, listed
        state["from_action"] = action["extra"]
        ctx.log("line", items=state.setdefault("logged", [1]))
        leftovers["action"] = action

    monkeypatch.setattr(t.game, "apply", odd)
    new = engine.apply(t.game, t.state, P1, {"type": "x", "extra": {"v": [1]}}, 1, 9)
    assert _same(new["g"], json.loads(json.dumps(new["g"])))
    assert new["g"]["t"] == [1, 2] and new["g"]["k"] == {"7": "seven"}
    assert new["g"]["twice"] is not new["g"]["again"]
    assert new["g"]["from_action"] is not leftovers["action"]["extra"]
    assert new["g"]["logged"] is not new["log"][-1]["params"]["items"]
    # a state already a JSON tree of its own is kept as the rules left it, and copied for the next action
    monkeypatch.undo()
    again = engine.apply(t.game, new, P1, {"type": "roll", "dice": "1d6"}, 1, 10, tree=True)
    assert _same({k: v for k, v in again["g"].items() if k != "rolls"}, {k: v for k, v in new["g"].items() if k != "rolls"})
    assert again["g"]["k"] is not new["g"]["k"] and new["g"]["rolls"] == t.g["rolls"]
