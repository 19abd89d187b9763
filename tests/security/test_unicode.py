"""Text that is not valid Unicode (issue #22, item 2).

A lone UTF-16 surrogate (``"\\ud800"``) is valid JSON but cannot be written as UTF-8: accepted into a
prompt title, an LCG label, an Immortals region name or the generic ``seats`` option, it broke every
page of the table (500) for good. It is refused at the door (400, a message naming the field,
nothing changed) on every JSON route, every game's actions and the import; and a row stored before
that check (an old log line, a saved profile) never fails a view: it shows U+FFFD there.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Api

BAD = "Norte\ud800"
PAGES = ["/t/{c}/screen", "/t/{c}/frag/screen", "/t/{c}/frag/host", "/t/{c}/frag/seat", "/t/{c}/log",
         "/t/{c}/join?switch=1", "/t/{c}/rules", "/t/{c}/frag/screen?lang=pt_BR", "/t/{c}/log?lang=pt_BR"]
JSON = ["/api/tables/{c}", "/api/tables/{c}/me", "/api/tables/{c}/log", "/t/{c}/export"]


def refused_as_not_unicode(r, field: str) -> None:
    assert r.status_code == 400, (r.status_code, r.get_data(as_text=True)[:300])
    body = r.get_json()
    assert "not valid Unicode" in body["error"] and field in body["error"], body


def _table(api: Api, game: str, options: dict) -> tuple[str, str, dict[str, str]]:
    t = api.create(game, options)
    seats = [s["id"] for s in api.public(t["code"])["seats"]][:2]
    return t["code"], t["host_token"], {s: api.join(t["code"], s, f"P {s}") for s in seats}


ACTIONS: list[tuple[str, dict[str, Any], str, dict[str, Any], str]] = [
    ("generic", {"seats": "A, B"}, "host", {"type": "open_prompt", "title": BAD, "kind": "number", "min": 0, "max": 3},
     "title"),
    ("generic", {"seats": "A, B"}, "host", {"type": "open_prompt", "title": "Vote", "kind": "choice",
                                            "choices": f"yes, {BAD}"}, "choices"),
    ("generic", {"seats": "A, B"}, "seat", {"type": "adjust", "counter": "VP", "delta": 1, BAD: 1}, "Norte\ufffd"),
    ("lcg", {"players": 2}, "seat", {"type": "passive", "label": BAD}, "label"),
    ("lcg", {"players": 2}, "seat", {"type": "moribund", "label": BAD}, "label"),
    ("lcg", {"players": 2}, "host", {"type": "titles_setup", "titles": f"Crown, {BAD}"}, "titles"),
    ("lcg", {"players": 2}, "seat", {"type": "register_plots", "plots": [{"name": BAD, "gold": 5}]}, "plots.0.name"),
    ("immortals", {"players": "3"}, "host", {"type": "name_region", "region": "2-1", "name": BAD}, "name"),
    ("immortals", {"players": "3"}, "host", {"type": "edit_region", "region": "2-1", "name": BAD}, "name"),
    ("catan-watch", {}, "seat", {"type": "hero", "then": BAD}, "then"),
    ("agot", {}, "seat", {"type": "answer", "prompt": "x", "value": {"orders": {BAD: "march0"}}}, "value.orders"),
]


@pytest.mark.parametrize(("game", "options", "who", "action", "field"), ACTIONS,
                         ids=[f"{a[0]}-{a[3]['type']}-{a[4]}" for a in ACTIONS])
def test_every_game_refuses_a_lone_surrogate_at_the_door(api, game, options, who, action, field):
    code, host, tokens = _table(api, game, options)
    before = api.public(code)["version"]
    refused_as_not_unicode(api.act(code, host if who == "host" else next(iter(tokens.values())), action), field)
    assert api.public(code)["version"] == before
    for url in PAGES:
        assert api.client.get(url.format(c=code)).status_code == 200, url


def test_tables_seats_profiles_and_imports_refuse_it_too(api, client):
    refused_as_not_unicode(client.post("/api/tables", json={"game": "generic", "options": {"seats": f"A, {BAD}"}}),
                           "options.seats")
    refused_as_not_unicode(client.post("/api/tables", json={"game": "immortals", "profile": BAD}), "profile")
    t = api.create("generic", {"seats": "A, B"})
    code, host = t["code"], t["host_token"]
    refused_as_not_unicode(client.post(f"/api/tables/{code}/seats", json={"seat": "p1", "name": BAD}), "name")
    refused_as_not_unicode(client.post(f"/api/tables/{code}/profile", json={"name": BAD}, headers=api.auth(host)),
                           "name")
    api.join(code, "p1", "Ana")
    data = api.export(code, host)
    data["events"][-1]["action"]["name"] = BAD
    refused_as_not_unicode(client.post("/api/tables/import", json=data), "events.")
    assert api.public(code)["version"] == 2
    # a surrogate *pair* is a real character (an emoji): accepted, shown as such
    api.ok(code, host, {"type": "open_prompt", "title": "Bid \ud83c\udfb2", "kind": "number", "min": 0, "max": 3})
    assert "Bid \U0001f3b2" in client.get(f"/t/{code}/frag/screen").get_data(as_text=True)


def _without_the_door(monkeypatch) -> None:
    """Store text the way an older version did: the door check off, as if the row predates it."""
    from companion import schemas

    monkeypatch.setattr(schemas, "check", lambda value: value)


def _all_views_answer(client, code: str, tokens: list[str]) -> None:
    for cookies in [{}] + [{f"seat_{code}": tok} for tok in tokens]:
        for name, value in cookies.items():
            client.set_cookie(name, value)
        for url in PAGES + JSON:
            if url.endswith("/me") and not cookies:
                continue
            r = client.get(url.format(c=code), headers=Api.auth(next(iter(cookies.values()), None)))
            assert r.status_code < 500 and (r.status_code == 200 or "export" in url), (url, r.status_code)
            r.get_data().decode("utf-8")  # valid UTF-8 on the wire


def test_views_never_fail_on_stored_bad_text(api, client, monkeypatch):
    code, host, tokens = _table(api, "generic", {"seats": "A, B"})
    with monkeypatch.context() as m:
        _without_the_door(m)
        api.ok(code, host, {"type": "open_prompt", "title": BAD, "kind": "choice", "choices": f"a{BAD}, b"})
    client.set_cookie(f"host_{code}", host)
    _all_views_answer(client, code, list(tokens.values()))
    assert "Norte\ufffd" in client.get(f"/t/{code}/log").get_data(as_text=True)
    assert api.undo(code, host).status_code == 200
    _all_views_answer(client, code, list(tokens.values()))


def test_a_saved_profile_with_bad_text_does_not_break_later_tables(api, client, monkeypatch):
    code, host, _tokens = _table(api, "immortals", {"players": "3"})
    with monkeypatch.context() as m:
        _without_the_door(m)
        api.ok(code, host, {"type": "name_region", "region": "2-1", "name": BAD})
    client.set_cookie(f"host_{code}", host)
    _all_views_answer(client, code, [])
    r = client.post(f"/api/tables/{code}/profile", json={"name": "Old board"}, headers=api.auth(host))
    assert r.status_code == 200, r.get_json()
    new = api.create("immortals", {"players": "3"}, profile="Old board")
    client.set_cookie(f"host_{new['code']}", new["host_token"])
    _all_views_answer(client, new["code"], [])
    assert "Norte\ufffd" in client.get(f"/t/{new['code']}/frag/screen").get_data(as_text=True) + \
        client.get(f"/t/{new['code']}/frag/host").get_data(as_text=True)
