"""A LAN attacker cannot sweep room codes: every route that takes a code counts failed lookups per
source (429, worded, at exactly the budget even in a parallel burst), a stranger gets one answer
whether a table exists or not, and a device over budget still reaches its own table."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from companion.web.roomcodes import ROOM_CODE_LIMIT
from tests.conftest import PG_URL, LiveServer, csrf_token

BUDGET = int(ROOM_CODE_LIMIT.split()[0])
OTHER = {"REMOTE_ADDR": "192.168.1.77"}

#: (method, route, kind): every route that takes a room code. ``kind`` says what a request needs:
#: "public" (anyone who knows the code), "page" (a CSRF form post), "token" (a seat or host token).
ROUTES = [
    ("GET", "/t/{}/join", "public"), ("GET", "/t/{}/screen", "public"), ("GET", "/t/{}/frag/screen", "public"),
    ("GET", "/t/{}/frag/host", "public"), ("GET", "/t/{}/seat", "public"), ("GET", "/t/{}/frag/seat", "public"),
    ("GET", "/t/{}/log", "public"), ("GET", "/t/{}/rules", "public"), ("GET", "/t/{}/frag/rules", "public"),
    ("GET", "/go?code={}", "public"), ("GET", "/api/tables/{}", "public"), ("GET", "/api/tables/{}/log", "public"),
    ("GET", "/api/tables/{}/stream", "public"), ("POST", "/api/tables/{}/seats", "public"),
    ("POST", "/t/{}/join", "public"), ("POST", "/t/{}/rules/show", "page"), ("POST", "/t/{}/act", "page"),
    ("POST", "/t/{}/host/undo", "page"), ("GET", "/t/{}/export", "page"),
    ("GET", "/api/tables/{}/me", "token"), ("POST", "/api/tables/{}/actions", "token"),
    ("POST", "/api/tables/{}/undo", "token"), ("POST", "/api/tables/{}/seats/p1/free", "token"),
    ("POST", "/api/tables/{}/seats/p1/host", "token"), ("GET", "/api/tables/{}/export", "token"),
    ("POST", "/api/tables/{}/profile", "token"),
]


def _send(client, method: str, route: str, code: str, csrf: str, **kw):
    url = route.format(code)
    if method == "GET":
        return client.get(url, **kw)
    if url.startswith("/api/"):
        body = {"seat": "p1", "name": "X"} if url.endswith("/seats") else {"type": "roll", "dice": "1d6"}
        return client.post(url, json=body,
                           headers={"Authorization": "Bearer not-a-token"}, **kw)
    return client.post(url, data={"csrf_token": csrf, "seat": "p1", "name": "X", "entry": "", "type": "roll"}, **kw)


@pytest.mark.parametrize("method,route,kind", ROUTES, ids=[f"{m} {r}" for m, r, _ in ROUTES])
def test_every_code_route_answers_429_at_the_budget(api, client, method, route, kind):
    t = api.create("generic", {})
    csrf = csrf_token(client)
    statuses = [_send(client, method, route, f"Q{i:03d}", csrf).status_code for i in range(BUDGET + 3)]
    assert 429 not in statuses[:BUDGET], statuses
    assert statuses[BUDGET:] == [429] * 3, statuses
    r = client.get(f"/api/tables/{t['code']}")  # a stranger, even with a right code, waits now
    assert r.status_code == 429 and "room codes" in r.get_json()["error"] and r.headers["Retry-After"] == "60"
    page = client.get(f"/t/{t['code']}/join?lang=pt_BR")
    assert page.status_code == 429 and "códigos" in page.get_data(as_text=True)
    assert client.get(f"/api/tables/{t['code']}", environ_base=OTHER).status_code == 200  # other devices: fine


@pytest.mark.parametrize("method,route,kind", [r for r in ROUTES if r[2] != "public"],
                         ids=[f"{m} {r}" for m, r, k in ROUTES if k != "public"])
def test_a_stranger_gets_one_answer_for_a_real_table_and_a_missing_one(api, client, method, route, kind):
    """No oracle: without a token of the table, a real code and a missing one answer alike."""
    t = api.create("generic", {})
    csrf = csrf_token(client)
    real = _send(client, method, route, t["code"], csrf)
    missing = _send(client, method, route, "QQQQ", csrf)
    assert real.status_code == missing.status_code and real.status_code in (401, 403)
    # A page's form token is signed with the second it was rendered in: equal up to that stamp.
    assert _masked(real.get_data(as_text=True).replace(t["code"], "QQQQ")) == _masked(missing.get_data(as_text=True))


def _masked(page: str) -> str:
    return re.sub(r'("X-CSRF-Token": ")[^"]*"', r'\1…"', re.sub(r'(name="csrf_token" value=")[^"]*"', r'\1…"', page))


def test_strangers_on_token_routes_are_counted_even_on_real_tables(api, client):
    t = api.create("generic", {})
    csrf = csrf_token(client)
    statuses = [client.post(f"/t/{t['code']}/rules/show", data={"csrf_token": csrf, "entry": ""}).status_code
                for _ in range(BUDGET + 1)]
    assert statuses[:BUDGET] == [403] * BUDGET and statuses[BUDGET] == 429


def test_over_budget_a_device_still_reaches_its_own_table_and_every_other_route(api, client):
    t = api.create("generic", {})
    seat = api.join(t["code"], "p1", "Ana")
    created = client.post("/tables", data={"game": "generic", "csrf_token": csrf_token(client)})
    mine = created.headers["Location"].split("/t/")[1].split("/")[0]  # this browser holds its host cookie
    for i in range(BUDGET + 2):
        client.get(f"/api/tables/Q{i:03d}")
    assert client.get("/api/tables/QZZZ").status_code == 429
    # the table it holds a token for: API with a bearer token, pages with the host cookie
    assert client.get(f"/api/tables/{t['code']}/me", headers=api.auth(seat)).status_code == 200
    assert api.act(t["code"], seat, {"type": "roll", "dice": "1d6"}).status_code == 200
    assert client.get(f"/t/{mine}/screen").status_code == 200
    assert client.get(f"/t/{mine}/frag/screen").status_code == 200
    # routes that take no code are never limited by failed lookups
    assert client.get("/").status_code == 200
    assert client.get("/api/games").status_code == 200
    assert client.get("/api/games/agot/rules?q=raid").status_code == 200
    # a wrong token is no way round it
    assert client.get(f"/api/tables/{t['code']}", headers=api.auth("forged")).status_code == 429


def test_players_who_know_the_code_are_never_limited(api, client):
    t = api.create("generic", {})
    for _ in range(BUDGET * 3):
        assert client.get(f"/api/tables/{t['code']}").status_code == 200


def test_other_404s_do_not_count(api, client):
    t = api.create("generic", {})
    for i in range(BUDGET * 2):
        assert client.get(f"/no/such/page/{i}").status_code == 404
    assert client.get(f"/api/tables/{t['code']}").status_code == 200


def test_a_parallel_burst_gets_exactly_the_budget(app):
    """The count is taken at the miss, under a lock: 16 threads x 6 guesses get exactly 20 404s."""
    server = LiveServer(app)
    try:
        with ThreadPoolExecutor(16) as pool:
            statuses = list(pool.map(lambda i: requests.get(f"{server.url}/api/tables/Q{i:03d}", timeout=30)
                                     .status_code, range(96)))
    finally:
        server.stop()
    assert statuses.count(404) == BUDGET and statuses.count(429) == 96 - BUDGET


@pytest.mark.parametrize("addr,same,other", [
    ("127.0.0.1", "127.0.0.2", "192.168.1.77"),          # the laptop itself: one budget for 127/8 and ::1
    ("127.0.0.1", "::1", "192.168.1.77"),
    ("fd00:1:2:3::10", "fd00:1:2:3::99", "fd00:1:2:4::10"),  # IPv6: one budget per /64
    ("192.168.1.5", "::ffff:192.168.1.5", "192.168.1.6"),  # IPv4-mapped IPv6 is the same device
])
def test_budgets_are_per_source(api, client, addr, same, other):
    t = api.create("generic", {})
    for i in range(BUDGET):
        client.get(f"/api/tables/Q{i:03d}", environ_base={"REMOTE_ADDR": addr})
    assert client.get(f"/api/tables/{t['code']}", environ_base={"REMOTE_ADDR": same}).status_code == 429
    assert client.get(f"/api/tables/{t['code']}", environ_base={"REMOTE_ADDR": other}).status_code == 200


@pytest.mark.parametrize("backend", ["sqlite-shared", *(["postgres"] if PG_URL.startswith("postgres") else [])])
def test_processes_on_one_database_share_one_budget_per_device(backend, tmp_path):
    """Issue #39, item 3: in-memory counts gave one device a budget per worker (64-73 wrong room
    codes a minute with ``--workers 4`` instead of 20, 120 tables instead of 30). Two apps on one
    database (two workers) now count in the database: together they give exactly one budget."""
    from companion import create_app

    if backend == "postgres":
        config = {"DATABASE_URL": PG_URL}
    else:
        config = {"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "LIMITS_STORAGE": "database"}
    workers = [create_app({**config, "TESTING": True, "TABLE_LIMIT": "5 per minute"}) for _ in range(4)]
    workers[0].extensions["companion.limits_storage"].reset()
    clients = [w.test_client() for w in workers]
    misses = [clients[i % 4].get(f"/api/tables/Q{i:03d}", environ_base=OTHER).status_code for i in range(40)]
    assert misses.count(404) == BUDGET and misses[BUDGET:] == [429] * (40 - BUDGET)
    made = [clients[i % 4].post("/api/tables", json={"game": "generic"}, environ_base=OTHER).status_code
            for i in range(12)]
    assert made.count(201) == 5 and set(made[5:]) == {429}
    # another device keeps its own budget
    assert clients[3].get("/api/tables/QZZZ", environ_base={"REMOTE_ADDR": "192.168.1.78"}).status_code == 404
    for w in workers:
        w.extensions["companion.limits_storage"].reset()
        w.extensions["companion.tables"].db.dispose()


def test_the_single_process_default_counts_in_memory(sqlite_app):
    from limits.storage import MemoryStorage

    assert isinstance(sqlite_app.extensions["companion.limits_storage"], MemoryStorage)
