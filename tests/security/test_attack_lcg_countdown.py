"""Attack on the LCG window countdown (issue 15 B): who tapped Wait must not show on other devices.

Every event moves the table's version, and every device reads that version (``/api/tables/<code>``,
the ``X-Table-Version`` header, the event stream). When only the phones that did *not* wait sent
something at zero, a player counting versions at zero learned how many seats wait, and so who holds
a response even when the flow never reaches them (seed 003 Page 6: responses are not announced).
Now every phone reports once at zero: ``pass_ahead``, or ``pass_ahead`` with ``wait`` when its player
tapped Wait. Both are one event with no log line; the waiting seat is still asked in turn.
"""

from __future__ import annotations

import json


def _table(api):
    t = api.create("lcg", {"players": 3, "auto_close": 6})
    code = t["code"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in ((1, "Ana"), (2, "Bia"), (3, "Caio"))}
    rid = api.me(code, tokens["p1"])["private"]["countdown"]["round"]
    assert api.public(code)["state"]["priority"] == "p1"
    return code, tokens, rid


def _seen_by_p1(api, client, code, tokens) -> str:
    """Everything Ana's phone can read, with the room code (random per table) taken out."""
    headers = api.auth(tokens["p1"])
    parts = [client.get(f"/api/tables/{code}").get_data(as_text=True),
             client.get(f"/api/tables/{code}/me", headers=headers).get_data(as_text=True),
             client.get(f"/api/tables/{code}/log", headers=headers).get_data(as_text=True)]
    for p in parts:
        json.loads(p)
    return "\n".join(parts).replace(code, "CODE")


def test_waiting_at_zero_looks_like_passing_ahead_to_every_other_device(api, client):
    seen = {}
    for caio in ("passes", "waits"):
        code, tokens, rid = _table(api)
        api.ok(code, tokens["p2"], {"type": "pass_ahead", "round": rid})
        marker = {"type": "pass_ahead", "round": rid}
        if caio == "waits":
            marker["wait"] = "1"
        api.ok(code, tokens["p3"], marker)
        seen[caio] = _seen_by_p1(api, client, code, tokens)
        # the waiting seat's phone stops counting (a reload must not report twice)
        assert api.me(code, tokens["p3"])["private"]["countdown"] is None
    assert seen["passes"] == seen["waits"], "Ana can tell whether Caio waits"


def test_a_seat_that_reported_waiting_is_still_asked_in_turn(api):
    code, tokens, rid = _table(api)
    api.ok(code, tokens["p3"], {"type": "pass_ahead", "round": rid, "wait": "1"})
    api.ok(code, tokens["p2"], {"type": "pass_ahead", "round": rid})
    api.ok(code, tokens["p1"], {"type": "pass"})
    state = api.public(code)["state"]
    assert state["priority"] == "p3", "Caio tapped Wait: the opportunity comes to him"
    assert state["passed"] == ["p1", "p2"]
