"""Admission control (issue 41, companion/admission.py and web/admit.py): a saturated process answers
``503`` with ``Retry-After`` after a short wait for a slot instead of letting requests queue for a
database connection; a shed request changes nothing, and its tap sent again with the same key is
applied once. Event streams hold a slot only while they work."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from companion.admission import Admission
from companion.web.admit import KEY, STREAM_KEY
from tests.api.test_progress import Stream, close_all


@contextmanager
def held(door: Admission, n: int) -> Iterator[None]:
    """``n`` slots taken by other threads (requests at work elsewhere) until the block ends."""
    done, taken = threading.Event(), threading.Semaphore(0)

    def hold() -> None:
        assert door.enter(wait=5)
        taken.release()
        done.wait(30)
        door.leave()

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(n)]
    for t in threads:
        t.start()
    for _ in threads:
        assert taken.acquire(timeout=10)
    try:
        yield
    finally:
        done.set()
        for t in threads:
            t.join(10)


@pytest.fixture
def door(app: Any) -> Admission:
    """A small door for the test: two requests at work at once, 50 ms of patience."""
    small = Admission(limit=2, wait=0.05, retry_after=3)
    app.extensions[KEY] = small
    return small


def test_a_saturated_server_answers_503_with_retry_after_and_changes_nothing(app, api, door):
    t = api.create("generic", {"seats": "A, B"})
    code, token = t["code"], api.join(t["code"], "p1", "Ana")
    before, log = api.public(code), api.log(code, token)
    key = {"Idempotency-Key": "tap-0001", **api.auth(token)}
    action = {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9}
    with held(door, 2):
        started = time.monotonic()
        r = api.client.post(f"/api/tables/{code}/actions", json=action, headers=key)
        waited = time.monotonic() - started
        assert r.status_code == 503
        assert r.headers["Retry-After"] == "3"
        assert r.get_json()["error"] == "The server is busy right now. Nothing was changed: try again in a moment."
        assert waited < 5  # early: the door's budget, not a pool's 30 s
        pt = api.client.get(f"/api/tables/{code}", headers={"Accept-Language": "pt-BR"})
        assert pt.status_code == 503 and pt.headers["Retry-After"] == "3"
        assert pt.get_json()["error"].startswith("O servidor está ocupado")
    assert door.shed == 2 and door.active == 0
    # nothing changed: the same version, state and log as before the shed tap
    assert api.public(code) == before and api.log(code, token) == log
    # the tap sent again after Retry-After with its key is applied once
    first = api.client.post(f"/api/tables/{code}/actions", json=action, headers=key)
    again = api.client.post(f"/api/tables/{code}/actions", json=action, headers=key)
    assert first.status_code == 200 and again.get_json() == first.get_json()
    assert api.public(code)["version"] == before["version"] + 1


def test_a_page_request_is_shed_into_its_toast_in_its_language(app, api, door):
    t = api.create("generic", {"seats": "A, B"})
    code, token = t["code"], api.join(t["code"], "p1", "Ana")
    phone = app.test_client()
    phone.set_cookie(f"seat_{t['code']}", token)
    with held(door, 2):
        r = phone.get(f"/t/{code}/frag/seat", headers={"HX-Request": "true", "Accept-Language": "pt-BR"})
    assert r.status_code == 503 and r.headers["Retry-After"] == "3"
    assert r.headers["HX-Retarget"] == "#toast"  # never swapped into the fragment itself
    assert "O servidor está ocupado" in r.get_data(as_text=True)


def test_a_request_waits_for_a_slot_within_the_budget(app, api, door):
    door.wait = 5.0
    t = api.create("generic", {"seats": "A, B"})
    with held(door, 2):
        # the holders give their slots back 0.3 s from now; the request waits for one
        answers: list[int] = []
        waiter = threading.Thread(target=lambda: answers.append(api.client.get(f"/api/tables/{t['code']}").status_code))
        waiter.start()
        time.sleep(0.3)
        assert door.waiting == 1 and not answers
    waiter.join(10)
    assert answers == [200] and door.shed == 0


def test_static_files_and_the_connection_probe_are_never_held_back(app, door):
    client = app.test_client()
    with held(door, 2):
        assert client.get("/alive").status_code == 204
        assert client.get("/static/app.js").status_code == 200


def test_an_open_stream_holds_no_slot_while_it_waits(app, api, door):
    t = api.create("generic", {"seats": "A, B"})
    code, token = t["code"], api.join(t["code"], "p1", "Ana")
    streams = [Stream(app, code, token, push="seat") for _ in range(3)]  # more streams than slots
    try:
        assert door.active == 0
        assert api.client.get(f"/api/tables/{code}").status_code == 200
        api.ok(code, token, {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9})
        for s in streams:  # each stream still gets its fragment: its push took a slot and gave it back
            assert s.next().startswith("event: fragment")
        assert door.active == 0 and door.shed == 0
        pushes = app.extensions[STREAM_KEY]  # the streams' own door: used, and given back
        assert pushes.admitted >= 3 and pushes.active == 0
    finally:
        close_all(*streams)


def test_a_stream_asked_while_saturated_is_shed_and_reopens_later(app, api, door):
    t = api.create("generic", {"seats": "A, B"})
    with held(door, 2):
        r = app.test_client().get(f"/api/tables/{t['code']}/stream")
        assert r.status_code == 503 and r.headers["Retry-After"] == "3"
    stream = Stream(app, t["code"], None)  # opens: retry and a first update
    close_all(stream)


def test_retry_after_grows_with_the_requests_shed(app, api, door):
    """A storm of shed requests is told to come back later than a few (and never past the cap)."""
    door.backlog, door.wait = 4, 0.0
    said = []
    with held(door, 2):
        for _ in range(60):
            r = api.client.get("/api/games")
            assert r.status_code == 503
            said.append(int(r.headers["Retry-After"]))
    assert said[0] == 3 and said[-1] == door.retry_cap and said == sorted(said)


def test_the_door_counts_nested_entries_once_and_sheds_a_long_queue_at_once():
    door = Admission(limit=1, wait=10.0, backlog=1)
    assert door.enter() and door.enter()  # the same thread asking again: still one slot
    door.leave()
    assert door.held() and door.active == 1
    waiting = threading.Thread(target=lambda: door.enter())
    waiting.start()
    deadline = time.monotonic() + 5
    while door.waiting < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    shed_at = time.monotonic()
    other: list[bool] = []
    thread = threading.Thread(target=lambda: other.append(door.enter()))
    thread.start()
    thread.join(5)
    assert other == [False] and time.monotonic() - shed_at < 2  # the backlog is full: shed now
    door.leave()
    waiting.join(5)
    assert door.active == 1 and door.shed == 1
    with pytest.raises(ValueError):
        Admission(limit=0)
