"""DNS rebinding: a request under a name the server does not announce is refused before anything
runs (no seat taken, no page with a link to the foreign name); announced names keep working and
join links and the QR code point at the address the phone used."""

from __future__ import annotations

import pytest

from companion.web import hosts
from tests.conftest import csrf_token

EVIL = "evil.example"


def test_a_foreign_host_is_refused_before_a_seat_is_taken(api, client):
    t = api.create("generic", {})
    csrf = csrf_token(client)
    r = client.post(f"/t/{t['code']}/join", data={"csrf_token": csrf, "seat": "p1", "name": "Mallory"},
                    headers={"Host": f"{EVIL}:8000", "Origin": f"http://{EVIL}:8000"})
    assert r.status_code == 400 and "own addresses" in r.get_data(as_text=True)
    assert all(s["name"] is None for s in api.public(t["code"])["seats"])
    for url in ("/", f"/t/{t['code']}/screen", f"/api/tables/{t['code']}", "/static/app.js", "/api/games"):
        r = client.get(url, headers={"Host": EVIL})
        assert r.status_code == 400, url
        assert EVIL not in r.get_data(as_text=True)
    r = client.post("/api/tables", json={"game": "generic"}, headers={"Host": EVIL})
    assert r.status_code == 400 and "own addresses" in r.get_json()["error"]
    r = client.get("/", headers={"Host": EVIL, "Accept-Language": "pt-BR"})
    assert "endereços" in r.get_data(as_text=True)


@pytest.mark.parametrize("host", ["localhost", "localhost:5000", "127.0.0.1:8000", "127.0.0.5", "[::1]:8000",
                                  "LOCALHOST.:8000", "gamenight.lan:8000", "proxy.example", "Proxy.Example:443"])
def test_announced_names_are_served(app, client, host):
    app.config["PUBLIC_URL"] = "http://gamenight.lan:8000"
    app.config["ALLOWED_HOSTS"] = "proxy.example, other.example"
    assert client.get("/api/games", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", [EVIL, "gamenight.lan.evil.example", "192.0.2.99:8000", "[fd00::99]", "",
                                  "localhost.evil.example", "0.0.0.0"])
def test_other_names_and_addresses_are_not(app, client, monkeypatch, host):
    monkeypatch.setattr(hosts, "interface_addresses", lambda: ["127.0.0.1", "192.168.1.20", "fd00::2"])
    app.extensions["companion.hosts"] = hosts.Announced()
    app.config["PUBLIC_URL"] = "http://gamenight.lan:8000"
    assert client.get("/api/games", headers={"Host": host}).status_code == 400


def test_lan_addresses_are_served_and_links_point_back_to_them(app, api, client, monkeypatch):
    monkeypatch.setattr(hosts, "interface_addresses", lambda: ["127.0.0.1", "192.168.1.20", "fd00::2"])
    app.extensions["companion.hosts"] = hosts.Announced()
    r = client.post("/api/tables", json={"game": "generic"}, headers={"Host": "192.168.1.20:8000"})
    assert r.status_code == 201 and r.get_json()["join_url"].startswith("http://192.168.1.20:8000/t/")
    code = r.get_json()["code"]
    page = client.get(f"/t/{code}/screen", headers={"Host": "[fd00::2]:8000"})
    assert page.status_code == 200 and f"http://[fd00::2]:8000/t/{code}/join" in page.get_data(as_text=True)
    assert client.get("/api/games", headers={"Host": "[fd00:0::2]:8000"}).status_code == 200  # any spelling


def test_a_new_lan_address_is_found_without_a_restart(app, client, monkeypatch):
    """The laptop moved to another Wi-Fi: its new address is looked up again, at most every few seconds."""
    addresses = ["127.0.0.1", "192.168.1.20"]
    monkeypatch.setattr(hosts, "interface_addresses", lambda: list(addresses))
    app.extensions["companion.hosts"] = hosts.Announced()
    assert client.get("/api/games", headers={"Host": "10.0.0.7:8000"}).status_code == 400
    addresses.append("10.0.0.7")
    monkeypatch.setattr(hosts, "REFRESH_EVERY", 0.0)
    assert client.get("/api/games", headers={"Host": "10.0.0.7:8000"}).status_code == 200


def test_behind_the_proxy_a_forged_forwarded_host_does_not_pass_the_allowlist(tmp_path):
    """Under DNS rebinding the hostile page is same-origin to the browser, so it may add any
    non-forbidden header, X-Forwarded-Host included. deploy/nginx.conf passes the client's Host as
    Host; with COMPANION_PROXY_HOPS=1 the app must judge that name, never a header the page chose."""
    from companion import create_app

    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True, "PROXY_HOPS": 1,
                      "PUBLIC_URL": "http://gamenight.lan:8080"})
    try:
        client = app.test_client()
        forged = {"Host": EVIL, "X-Forwarded-Host": "localhost", "X-Forwarded-For": "192.0.2.7"}
        assert client.get("/api/games", headers=forged).status_code == 400
        r = client.get("/api/games", headers={"Host": "gamenight.lan:8080", "X-Forwarded-Host": EVIL})
        assert r.status_code == 200  # the proxy's own Host decides, both ways
    finally:
        app.extensions["companion.tables"].db.dispose()


def test_the_shipped_proxy_overwrites_what_a_page_could_forge():
    """Every proxied location of deploy/nginx.conf sets X-Forwarded-Proto and X-Forwarded-Host itself
    (a client's own values never reach the app)."""
    from pathlib import Path

    conf = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    blocks = conf.split("location ")[1:]
    assert blocks
    for block in blocks:
        assert "proxy_set_header X-Forwarded-Host $host;" in block
        assert "proxy_set_header X-Forwarded-Proto $scheme;" in block


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST:8000",
                                  "127.0.1.1:8000", "localhost.:8000"])
def test_a_screen_opened_at_any_loopback_spelling_gives_phones_the_lan_address(app, client, host):
    """The allowlist serves every loopback spelling; the join link and QR code must then carry the
    announced LAN address (PUBLIC_URL), never the laptop's own loopback that no phone can reach."""
    app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
    r = client.post("/api/tables", json={"game": "generic"}, headers={"Host": host})
    assert r.status_code == 201 and r.get_json()["join_url"].startswith("http://192.168.1.20:8000/t/")
