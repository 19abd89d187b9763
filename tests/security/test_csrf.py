"""Standard CSRF: Flask-WTF's token tied to the browser's session, a foreign Origin refused, the
bearer-token API exempt."""

from __future__ import annotations

from tests.conftest import csrf_token


def test_page_posts_need_this_browsers_token_and_our_origin(app, api, client):
    t = api.create("generic")
    code = t["code"]
    token = csrf_token(client, f"/t/{code}/join")
    # no token, another browser's token, a foreign Origin: refused, nothing changes
    assert client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana"}).status_code == 403
    other = app.test_client()
    assert other.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana", "csrf_token": token}).status_code == 403
    r = client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana", "csrf_token": token},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "expired" in r.get_data(as_text=True)
    assert api.public(code)["seats"][0]["taken"] is False
    # the same browser from our own origin
    r = client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana", "csrf_token": token},
                    headers={"Origin": "http://localhost"})
    assert r.status_code == 302
    r = client.post(f"/t/{code}/act", data={"type": "adjust", "seat": "p1", "counter": "VP", "delta": "1"},
                    headers={"X-CSRF-Token": token, "HX-Request": "true"})
    assert r.status_code == 200


def test_the_json_api_needs_no_csrf_token(api):
    t = api.create("generic")
    assert api.join(t["code"], "p1", "Ana")
