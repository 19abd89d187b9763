"""What phones rely on besides the game: idempotent taps, compressed and cached responses, icon."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest

from tests.conftest import csrf_token


def _joined_phone(api, client):
    t = api.create("generic", {"seats": "A, B"})
    code = t["code"]
    client.get(f"/t/{code}/join")
    csrf = csrf_token(client)
    client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana", "csrf_token": csrf})
    return code, {"X-CSRF-Token": csrf, "HX-Request": "true"}


def _adjusts(api, code: str) -> int:
    return api.public(code)["state"]["values"]["p1"]["VP"]


def test_a_retried_tap_is_applied_once(api, client):
    """The phone's answer was lost on the Wi-Fi: the retry carries the same key and changes nothing."""
    code, headers = _joined_phone(api, client)
    tap = {"type": "adjust", "seat": "p1", "counter": "VP", "delta": "1"}
    first = client.post(f"/t/{code}/act", data=tap, headers={**headers, "Idempotency-Key": "tap-0001-abcd"})
    again = client.post(f"/t/{code}/act", data=tap, headers={**headers, "Idempotency-Key": "tap-0001-abcd"})
    assert first.status_code == again.status_code == 200
    assert _adjusts(api, code) == 1
    # a new tap (new key) counts, and the key also works as a form field
    client.post(f"/t/{code}/act", data={**tap, "idempotency_key": "tap-0002-abcd"}, headers=headers)
    client.post(f"/t/{code}/act", data={**tap, "idempotency_key": "tap-0002-abcd"}, headers=headers)
    assert _adjusts(api, code) == 2
    assert all("idempotency_key" not in e.get("text", "") for e in api.log(code))


def test_idempotent_json_actions_and_bad_keys(api):
    t = api.create("generic", {"seats": "A, B"})
    code = t["code"]
    token = api.join(code, "p1", "Ana")
    act = {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 3}
    auth = {"Authorization": f"Bearer {token}", "Idempotency-Key": "json-key-42"}
    v1 = api.client.post(f"/api/tables/{code}/actions", json=act, headers=auth).get_json()["version"]
    v2 = api.client.post(f"/api/tables/{code}/actions", json=act, headers=auth).get_json()["version"]
    assert v1 == v2 and api.public(code)["state"]["values"]["p1"]["VP"] == 3
    bad = api.client.post(f"/api/tables/{code}/actions", json=act,
                          headers={**auth, "Idempotency-Key": "no spaces allowed"})
    assert bad.status_code == 400 and api.public(code)["state"]["values"]["p1"]["VP"] == 3


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_pages_json_and_static_files_are_compressed(api, client, encoding):
    code, _headers = _joined_phone(api, client)
    decode = brotli.decompress if encoding == "br" else gzip.decompress
    for url in (f"/t/{code}/seat", f"/t/{code}/frag/seat", f"/api/tables/{code}", "/static/app.js",
                "/static/vendor/htmx-2.0.11.min.js"):
        r = client.get(url, headers={"Accept-Encoding": encoding})
        assert r.headers.get("Content-Encoding") == encoding, url
        assert "Accept-Encoding" in r.headers.get("Vary", ""), url
        plain = client.get(url, headers={"Accept-Encoding": "identity"}).get_data()
        token = re.compile(rb'("X-CSRF-Token": ")[^"]*')  # a fresh token in every page
        assert len(r.get_data()) < len(plain), url
        assert token.sub(rb"\1", decode(r.get_data())) == token.sub(rb"\1", plain), url
    stream = client.get(f"/api/tables/{code}/stream", headers={"Accept-Encoding": encoding}, buffered=False)
    assert "Content-Encoding" not in stream.headers  # the event stream must flush each message
    stream.close()


def test_static_files_are_versioned_and_cached_for_good(client):
    page = client.get("/").get_data(as_text=True)
    assert "/static/app.js?v=" in page and "/static/favicon.svg?v=" in page
    url = page.split('src="/static/app.js?v=')[1].split('"')[0]
    r = client.get(f"/static/app.js?v={url}")
    assert "immutable" in r.headers["Cache-Control"] and "max-age=31536000" in r.headers["Cache-Control"]
    assert client.get("/static/app.js?v=stale").headers["Cache-Control"] == "no-cache"
    assert client.get("/").headers["Cache-Control"] == "no-store"  # pages never


def test_favicon_and_manifest(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 301 and "/static/favicon.svg" in r.headers["Location"]
    m = client.get("/manifest.webmanifest")
    assert m.status_code == 200 and m.mimetype == "application/manifest+json"
    data = m.get_json()
    assert data["theme_color"] == data["background_color"] == "#111418" and data["display"] == "standalone"
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert client.get("/alive").status_code == 204


def _keyed(api, code: str, token: str, action: dict, key: str):
    return api.client.post(f"/api/tables/{code}/actions", json=action,
                           headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key})


def test_a_key_belongs_to_one_seat(api):
    """Seat B sending seat A's key (guessed, or two phones that drew the same one) is B's own new
    action: it is applied, not answered with A's {"ok": true} and dropped."""
    code = api.create("generic", {"seats": "A, B"})["code"]
    ana, bia = api.join(code, "p1", "Ana"), api.join(code, "p2", "Bia")
    act = {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 2}
    mine = {"type": "adjust", "seat": "p2", "counter": "VP", "delta": 5}
    v1 = _keyed(api, code, ana, act, "shared-key-0001").get_json()["version"]
    r = _keyed(api, code, bia, mine, "shared-key-0001")
    assert r.status_code == 200 and r.get_json()["version"] == v1 + 1
    values = api.public(code)["state"]["values"]
    assert values["p1"]["VP"] == 2 and values["p2"]["VP"] == 5
    # each seat's retry still answers for its own first action only
    assert _keyed(api, code, ana, act, "shared-key-0001").get_json()["version"] == v1
    assert _keyed(api, code, bia, mine, "shared-key-0001").get_json()["version"] == v1 + 1
    assert api.public(code)["version"] == v1 + 1


def test_a_used_key_does_not_skip_validation(api):
    """A used key with an unknown move, a malformed one or a different action is refused, never a
    silent 200 that drops the action."""
    t = api.create("generic", {"seats": "A, B"})
    code = t["code"]
    ana = api.join(code, "p1", "Ana")
    act = {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 1}
    version = _keyed(api, code, ana, act, "used-key-0001").get_json()["version"]
    unknown = _keyed(api, code, ana, {"type": "no_such_move"}, "used-key-0001")
    assert unknown.status_code == 400 and "no_such_move" in unknown.get_json()["error"]
    malformed = _keyed(api, code, ana, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": [1]},
                       "used-key-0001")
    assert malformed.status_code == 400
    other = _keyed(api, code, ana, dict(act, delta=4), "used-key-0001")
    assert other.status_code == 409 and "idempotency key" in other.get_json()["error"]
    assert api.public(code)["version"] == version
    assert api.public(code)["state"]["values"]["p1"]["VP"] == 1
    # the host token has its own namespace too
    host = _keyed(api, code, t["host_token"], act, "used-key-0001")
    assert host.status_code == 200 and host.get_json()["version"] == version + 1


@pytest.mark.parametrize(("lang", "words"), [("en", "not possible at this step"), ("pt_BR", "não é possível nesta etapa")])
def test_a_stale_tap_is_refused_in_words_without_the_moves_internal_name(api, client, lang, words):
    """A phone taps "Done mustering" after the table moved on: the toast says why in the phone's
    language, and never shows the move's internal name (muster_done) to the player (issue #23)."""
    t = api.create("agot", {"players": 3})
    code = t["code"]
    client.get(f"/t/{code}/join?lang={lang}")
    csrf = csrf_token(client)
    client.post(f"/t/{code}/join", data={"seat": "stark", "name": "Ana", "csrf_token": csrf})
    r = client.post(f"/t/{code}/act", data={"type": "muster_done"}, headers={"X-CSRF-Token": csrf, "HX-Request": "true"})
    body = r.get_data(as_text=True)
    assert r.status_code == 409 and words in body, body
    assert "muster_done" not in body
    api_refusal = api.act(code, api.join(code, "lannister", "Bia"), {"type": "raven_pass"}).get_json()
    assert "raven_pass" not in api_refusal["error"] and api_refusal["entry"] == "raven-timing"
