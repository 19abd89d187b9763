"""Secrets over time: undo never crosses a reveal, a freed seat keeps nothing of its previous
occupant, and the cost of one request stays bounded (undo, import, the state cache)."""

from __future__ import annotations

import json

from companion import engine, transfer
from tests.api.test_immortals_api import choose, draft, new_table, order_from_first
from tests.conftest import without_noise

SECRET = 417
MAX_IMPORT_EVENTS = transfer.MAX_IMPORT_EVENTS


def test_immortals_undo_never_turns_a_planned_card_back_down(api):
    """seed 001 p.15: once a planned card is turned face up, undo would reopen it knowing the others."""
    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    for seat in order_from_first(api.public(code)["state"]):
        api.ok(code, tokens[seat], {"type": "reinforce"})
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "answer", "prompt": "plan-1", "army0": "blank", "magic1": "m:transition5"})
    state = api.public(code)["state"]
    turn = state["turn"]
    api.ok(code, tokens[turn], {"type": "perform", "space": "a0", "take": "gold"})
    before = api.public(code)
    r = api.undo(code, t["host_token"])
    assert r.status_code == 409
    assert "public" in r.get_json()["error"] and r.get_json()["rule"]
    assert api.public(code) == before


def test_generic_undo_never_reopens_a_revealed_bid(api):
    t = api.create("generic", {"seats": "A, B"})
    code, host = t["code"], t["host_token"]
    a, b = api.join(code, "p1", "Ana"), api.join(code, "p2", "Bia")
    api.ok(code, host, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 999})
    api.ok(code, a, {"type": "answer", "prompt": "g1", "value": 5})
    api.ok(code, b, {"type": "answer", "prompt": "g1", "value": 7})
    r = api.undo(code, host)
    assert r.status_code == 409 and r.get_json()["error"]


def test_freed_seat_keeps_no_sealed_answer_of_its_previous_occupant(api, client):
    t = api.create("generic", {"seats": "A, B"})
    code, host = t["code"], t["host_token"]
    ana = api.join(code, "p1", "Ana")
    api.join(code, "p2", "Bia")
    api.ok(code, host, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 999})
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})
    assert str(SECRET) in json.dumps(api.me(code, ana))
    r = client.post(f"/api/tables/{code}/seats/p1/free", json={}, headers=api.auth(host))
    assert r.status_code == 200
    eve = api.join(code, "p1", "Eve")
    client.set_cookie(f"seat_{code}", eve)
    bodies = [json.dumps(api.me(code, eve)), json.dumps(api.log(code, eve)),
              client.get(f"/t/{code}/frag/seat").get_data(as_text=True),
              client.get(f"/t/{code}/log").get_data(as_text=True)]
    for body in bodies:  # the log page's form token is random, its script links carry digests
        assert str(SECRET) not in without_noise(body)
    prompt = api.public(code)["state"]["prompts"][0]
    assert "p1" in prompt["waiting"]  # the seat answers again


def test_undo_replays_from_just_before_its_target(app, api, monkeypatch):
    """An undo on a long table replays only the tail, not the whole log, under the table's lock."""
    t = api.create("generic", {"seats": "A"})
    code, host = t["code"], t["host_token"]
    for _ in range(150):
        api.ok(code, host, {"type": "adjust", "counter": "Round", "delta": 1})
    calls = []
    real = engine.apply
    monkeypatch.setattr(engine, "apply", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert api.undo(code, host).status_code == 200
    assert len(calls) <= 3, len(calls)
    assert api.public(code)["state"]["shared"]["Round"] == 149


def test_state_cache_evicts_least_recently_used_and_idle_tables(app):
    svc = app.extensions["companion.tables"]
    svc.cache_tables = 5
    codes = [svc.create("generic", {})[0] for _ in range(12)]
    assert len(svc._cache) <= 5
    assert set(svc._cache) <= set(codes[-5:])
    assert svc.snapshot(codes[0]).version == 1          # rebuilt from the log on demand
    svc.cache_idle = 0.0
    svc.create("generic", {})
    assert len(svc._cache) <= 1
    svc.join(codes[1], "p1", "Ana")
    assert svc.snapshot(codes[1]).state["names"] == {"p1": "Ana"}


def test_import_refuses_too_many_events_before_replaying(api, client):
    t = api.create("generic", {"seats": "A"})
    data = api.export(t["code"], t["host_token"])
    step = {"kind": "action", "actor": {"host": True}, "rng_seed": 1, "time": 1,
            "action": {"type": "adjust", "counter": "Round", "delta": 1}}
    data["events"] += [step] * MAX_IMPORT_EVENTS
    r = client.post("/api/tables/import", json=data)
    assert r.status_code == 413 and "too many" in r.get_json()["error"]


