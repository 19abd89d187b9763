"""Fragments pushed on the event stream (issue #27, companion/web/live_push.py): a page that names
its fragment is sent it with each change instead of a hint and a fetch.

The central check: every pushed fragment is byte for byte what that device's fetch returns at the
same version, for a phone (its own seat, its own sealed answer and nobody else's) and for the shared
screen, in both languages. A device whose seat was freed, a stranger asking for a seat, or a server
with pushes off gets the plain ``update`` and fetches, as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.api.test_progress import SECRET, Stream, close_all, event
from tests.api.test_progress import bid as sealed_bid

bid = pytest.fixture(sealed_bid.__wrapped__, name="bid")  # the same four phones and open bid


def _fetch(app: Any, code: str, view: str, token: str | None, lang: str = "en") -> tuple[int, str]:
    dev = app.test_client()
    if token:
        dev.set_cookie(f"seat_{code}", token)
    r = dev.get(f"/t/{code}/frag/{view}", headers={"Accept-Language": lang})
    assert r.status_code == 200
    return int(r.headers["X-Table-Version"]), r.get_data(as_text=True)


def _pushed(text: str) -> dict[str, Any]:
    kind, data = event(text)
    assert kind == "fragment", f"expected a pushed fragment, got {kind}"
    return dict(json.loads(data))


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_pushed_fragment_is_exactly_what_the_device_would_fetch(app, api, bid, lang):
    code, tokens = bid["code"], bid["tokens"]
    phones = {s: Stream(app, code, tok, lang, push="seat") for s, tok in tokens.items()}
    screen = Stream(app, code, None, lang, push="screen")
    # The first answer: the actor's own phone changed (the others get progress, the screen its parts:
    # tests/api/test_screen_parts.py).
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": SECRET})
    mine = _pushed(phones["p1"].next())
    assert (mine["v"], mine["html"]) == _fetch(app, code, "seat", tokens["p1"], lang)
    assert mine["frag"] == "seat" and str(SECRET) in mine["html"], "my own sealed answer is on my phone"
    kind, data = event(screen.next())
    assert kind == "progress" and str(SECRET) not in data
    for s in ("p2", "p3", "p4"):
        kind, data = event(phones[s].next())
        assert kind == "progress" and str(SECRET) not in data
    for actor, value in (("p2", 3), ("p3", 4)):
        api.ok(code, tokens[actor], {"type": "answer", "prompt": "g1", "value": value})
        for s, st in phones.items():
            text = st.next()
            assert str(SECRET) not in text or s == "p1", f"{s} was sent p1's sealed answer"
        assert event(screen.next())[0] == "progress"
    # The last answer reveals: every page is sent its own fragment, nobody fetches.
    api.ok(code, tokens["p4"], {"type": "answer", "prompt": "g1", "value": 5})
    for s, st in phones.items():
        got = _pushed(st.next())
        assert (got["v"], got["html"]) == _fetch(app, code, "seat", tokens[s], lang)
        assert str(SECRET) in got["html"], "the reveal shows every answer"
    tv = _pushed(screen.next())
    assert (tv["v"], tv["html"]) == _fetch(app, code, "screen", None, lang)
    close_all(*phones.values(), screen)


def test_a_freed_seat_a_stranger_and_pushes_off_get_the_plain_update(app, api, bid):
    code, tokens = bid["code"], bid["tokens"]
    kept = Stream(app, code, tokens["p2"], push="seat")
    freed = Stream(app, code, tokens["p3"], push="seat")
    stranger = Stream(app, code, None, push="seat")  # no seat on this device: nothing to push
    other = Stream(app, code, None, push="story")    # not a pushable fragment
    r = api.client.post(f"/api/tables/{code}/seats/p3/free", json={}, headers=api.auth(bid["host"]))
    assert r.status_code == 200, r.get_json()
    assert event(freed.next())[0] == "update", "the freed device fetches (and is sent to the join page)"
    assert event(stranger.next())[0] == "update"
    assert event(other.next())[0] == "update"
    assert _pushed(kept.next())["frag"] == "seat"
    close_all(kept, freed, stranger, other)
    app.config["PUSH_FRAGMENTS"] = "0"
    try:
        phone = Stream(app, code, tokens["p2"], push="seat")
        api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 1})
        api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 2})
        assert event(phone.next())[0] in ("update", "progress")
        assert event(phone.next())[0] == "update", "pushes off: a hint and a fetch"
        close_all(phone)
    finally:
        app.config["PUSH_FRAGMENTS"] = "1"
