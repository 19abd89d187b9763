"""Phone page weight: what a phone downloads to open its seat, and what one live update costs.

    .venv/bin/python bench/phone_weight.py

For every game it creates a table in a throw-away SQLite database (Flask test client, no network),
seats phones, and measures on the wire (bytes of the body as sent, brotli as Chromium asks for it,
gzip and uncompressed for comparison):
- the seat page itself, and the static files it loads (app.js, htmx, idiomorph, CSS, icon) — these
  are fetched once: their URLs carry a digest and are cached for a year;
- the seat fragment at a typical step (what every live update re-downloads);
- the update after another player's action or arrival (the same fragment, one version later).
Headers are not counted (about 400 bytes per response on a LAN).
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from companion import create_app  # noqa: E402

#: a table ready for the measure: its code, the phone's client, and the update another seat makes
Scene = tuple[str, FlaskClient, Callable[[], object]]

ENCODINGS = ("br", "gzip", "identity")
STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def size(client: FlaskClient, url: str, encoding: str) -> int:
    r = client.get(url, headers={"Accept-Encoding": encoding})
    assert r.status_code == 200, (url, r.status_code)
    return len(r.get_data())


def sizes(client: FlaskClient, url: str) -> dict[str, int]:
    return {e: size(client, url, e) for e in ENCODINGS}


def phone(app: Flask, code: str, seat: str, name: str) -> tuple[FlaskClient, str]:
    """A browser-like client sitting at ``seat`` (cookies, CSRF)."""
    c = app.test_client()
    page = c.get(f"/t/{code}/join").get_data(as_text=True)
    found = re.search(r'"X-CSRF-Token": "([^"]+)"', page)
    assert found, "the join page carries its CSRF token"
    csrf = found.group(1)
    r = c.post(f"/t/{code}/join", data={"seat": seat, "name": name, "csrf_token": csrf})
    assert r.status_code == 302, r.get_data(as_text=True)[:300]
    return c, csrf


def api(client: FlaskClient, method: str, url: str, token: str | None = None, **kw: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.open(url, method=method, headers=headers, **kw)
    assert r.status_code in (200, 201), r.get_data(as_text=True)[:300]
    return r.get_json()


def setup_generic(app: Flask) -> Scene:
    c = app.test_client()
    t = api(c, "POST", "/api/tables", json={"game": "generic", "options": {"seats": "A, B, C"}})
    code = t["code"]
    me, _ = phone(app, code, "p1", "Ana")
    other = api(c, "POST", f"/api/tables/{code}/seats", json={"seat": "p2", "name": "Bia"})["token"]
    api(c, "POST", f"/api/tables/{code}/actions", other,
        json={"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 20})
    return code, me, lambda: api(c, "POST", f"/api/tables/{code}/actions", other,
                                 json={"type": "roll", "dice": "2d6"})


def setup_agot(app: Flask) -> Scene:
    c = app.test_client()
    t = api(c, "POST", "/api/tables", json={"game": "agot", "options": {"players": 4}})
    code, host = t["code"], t["host_token"]
    me, _ = phone(app, code, "baratheon", "Ana")
    tokens = {h: api(c, "POST", f"/api/tables/{code}/seats", json={"seat": h, "name": h[:3]})["token"]
              for h in ("lannister", "stark", "greyjoy")}
    api(c, "POST", f"/api/tables/{code}/actions", host, json={"type": "start"})
    pid = api(c, "GET", f"/api/tables/{code}")["state"]["planning"]["prompt"]["id"]

    def other_submits() -> None:
        mine = api(c, "GET", f"/api/tables/{code}/me", tokens["lannister"])["private"]["planning"]
        free = [t["id"] for t in mine["tokens"] if not t.get("banned") and not t.get("star")]
        api(c, "POST", f"/api/tables/{code}/actions", tokens["lannister"],
            json={"type": "answer", "prompt": pid, "value": {"orders": dict(zip(mine["held"], free))}})
    return code, me, other_submits


def setup_simple(game: str, options: dict[str, Any], seats: tuple[str, str],
                 action: dict[str, Any] | None) -> Callable[[Flask], Scene]:
    """A phone at ``seats[0]``; the update is ``action`` by the host, or ``seats[1]`` sitting down."""
    def setup(app: Flask) -> Scene:
        c = app.test_client()
        t = api(c, "POST", "/api/tables", json={"game": game, "options": options})
        code, host = t["code"], t["host_token"]
        me, _ = phone(app, code, seats[0], "Ana")
        if action is None:
            return code, me, lambda: api(c, "POST", f"/api/tables/{code}/seats", json={"seat": seats[1], "name": "Bia"})
        api(c, "POST", f"/api/tables/{code}/seats", json={"seat": seats[1], "name": "Bia"})
        return code, me, lambda: api(c, "POST", f"/api/tables/{code}/actions", host, json=action)
    return setup


GAMES = {
    "generic": setup_generic,
    "agot": setup_agot,
    "lcg": setup_simple("lcg", {"players": 2}, ("p1", "p2"),
                        {"type": "adjust", "seat": "p2", "field": "gold", "delta": 1}),
    "immortals": setup_simple("immortals", {}, ("p1", "p2"), None),
    "catan-watch": setup_simple("catan-watch", {}, ("p1", "p2"), None),
}


def main() -> None:
    tmp = tempfile.mkdtemp()
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "RANDOM_SEED": 1})
    print("| game | seat page (br / gzip / raw) | static, once (br / raw) | update (br / gzip / raw) |")
    print("|---|---:|---:|---:|")
    for game, setup in GAMES.items():
        try:
            code, me, other_acts = setup(app)
        except AssertionError as err:  # a game whose setup this bench does not know: say so
            print(f"| {game} | setup failed: {str(err)[:80]} | | |")
            continue
        page = me.get(f"/t/{code}/seat").get_data(as_text=True)
        statics = sorted(set(STATIC.findall(page)))
        st_br = sum(size(me, u, "br") for u in statics)
        st_raw = sum(size(me, u, "identity") for u in statics)
        pg = sizes(me, f"/t/{code}/seat")
        try:
            other_acts()
        except AssertionError as err:
            print(f"| {game} | action failed: {str(err)[:80]} | | |")
            continue
        up = sizes(me, f"/t/{code}/frag/seat")
        print(f"| {game} | {pg['br']:,} / {pg['gzip']:,} / {pg['identity']:,} B "
              f"| {st_br:,} / {st_raw:,} B ({len(statics)} files) "
              f"| {up['br']:,} / {up['gzip']:,} / {up['identity']:,} B |")
    app.extensions["companion.tables"].db.dispose()


if __name__ == "__main__":
    main()
