"""A LAN attacker cannot sweep room codes: failed lookups per address are limited (429, worded),
while a player who knows the code never notices."""

from __future__ import annotations

import pytest

from companion.web.security import ROOM_CODE_LIMIT

BUDGET = int(ROOM_CODE_LIMIT.split()[0])


@pytest.mark.parametrize("route", ["/t/{}/join", "/api/tables/{}", "/go?code={}"])
def test_room_code_guessing_gets_429_after_the_budget(api, client, route):
    t = api.create("generic", {})
    guesses = [f"Q{i:03d}" for i in range(BUDGET + 5)]
    statuses = [client.get(route.format(g)).status_code for g in guesses]
    assert statuses[:BUDGET] == [404] * BUDGET
    assert statuses[BUDGET] == 429
    r = client.get(f"/api/tables/{t['code']}")             # even a right code waits now
    assert r.status_code == 429 and "room codes" in r.get_json()["error"]
    page = client.get(f"/t/{t['code']}/join?lang=pt_BR")
    assert page.status_code == 429 and "códigos" in page.get_data(as_text=True)
    # another device on the LAN is not affected
    other = client.get(f"/api/tables/{t['code']}", environ_base={"REMOTE_ADDR": "192.168.1.77"})
    assert other.status_code == 200


def test_players_who_know_the_code_are_never_limited(api, client):
    t = api.create("generic", {})
    for _ in range(BUDGET * 3):
        assert client.get(f"/api/tables/{t['code']}").status_code == 200


def test_other_404s_do_not_count(api, client):
    t = api.create("generic", {})
    for i in range(BUDGET * 2):
        assert client.get(f"/no/such/page/{i}").status_code == 404
    assert client.get(f"/api/tables/{t['code']}").status_code == 200
