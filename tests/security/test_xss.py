"""Stored XSS: hostile strings in every user-controlled field of every game, rendered on every page.

The text must come back literally (escaped), nothing may be injected, and no page may fail (a ``%``
in a seat label once made the join page, the screen fragment and the host panel answer 500).
Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import companion
from tests.security.hostile import (
    ALL,
    ATTR,
    BRACES,
    FORMAT,
    IMG,
    PERCENT,
    SVG,
    escaped,
    raw_hits,
    table_pages,
)


def render_all(client, code: str, host_token: str, seat_token: str | None) -> str:
    """GET every page of the table with host and seat cookies; every one must be 200 and clean."""
    client.set_cookie(f"host_{code}", host_token)
    if seat_token:
        client.set_cookie(f"seat_{code}", seat_token)
    seen = []
    for url in table_pages(code):
        if not seat_token and "seat" in url:
            continue
        r = client.get(url)
        body = r.get_data(as_text=True)
        assert r.status_code == 200, (url, r.status_code, body[:300])
        assert not raw_hits(body), (url, raw_hits(body))
        seen.append(body)
    return "\n".join(seen)


def shows(pages: str, *texts: str) -> None:
    """Each text is on some page, escaped (proves the field was rendered, not dropped)."""
    for text in texts:
        assert escaped(text) in pages, text


def join_all(api, code: str, seats: list[str]) -> dict[str, str]:
    return {seat: api.join(code, seat, ALL[i % len(ALL)]) for i, seat in enumerate(seats)}


def test_template_gettext_escapes_user_text(app):
    """The templates' ``_()`` escapes its text and its values and never fails on a stray ``%``."""
    with app.test_request_context("/"):
        env = app.jinja_env
        out = env.from_string("{{ _(x) }}|{{ _('Pass for %(who)s', who=y) }}|{{ _(p) }}").render(
            x=IMG, y=SVG, p=PERCENT)
    assert out == f"{escaped(IMG)}|Pass for {escaped(SVG)}|{escaped(PERCENT)}"


def test_generic_every_field(api, client):
    seats = ", ".join([SVG, PERCENT, FORMAT, ATTR, BRACES])
    t = api.create("generic", {"seats": seats, "counters": f"{SVG}, 9% off", "shared_counters": FORMAT})
    code, host = t["code"], t["host_token"]
    tokens = join_all(api, code, [f"p{i}" for i in range(1, 6)])
    api.ok(code, host, {"type": "open_prompt", "title": IMG, "kind": "choice", "choices": f"{SVG}, {PERCENT}"})
    api.ok(code, host, {"type": "open_prompt", "title": f"{FORMAT} {ATTR}", "kind": "number", "min": 0, "max": 9})
    for seat, token in tokens.items():
        api.ok(code, token, {"type": "answer", "prompt": "g1", "value": SVG if seat != "p2" else PERCENT})
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g2", "value": 3})
    api.ok(code, tokens["p1"], {"type": "adjust", "counter": SVG, "seat": "p1", "delta": 2})
    pages = render_all(client, code, host, tokens["p1"])
    shows(pages, SVG, PERCENT, FORMAT, ATTR, BRACES, IMG, "9% off")


def test_lcg_names_titles_labels_and_plots(api, client):
    t = api.create("lcg", {"players": 3, "autopass_start": "structure", "titles": f"{SVG}, {PERCENT}, {FORMAT}, {ATTR}",
                           "title_relations": IMG})
    code, host = t["code"], t["host_token"]
    tokens = join_all(api, code, ["p1", "p2", "p3"])
    for i, token in enumerate(tokens.values()):
        api.ok(code, token, {"type": "add_plot", "name": ALL[i], "gold": 5, "initiative": i, "claim": 1})
    for i, token in enumerate(tokens.values()):
        api.ok(code, token, {"type": "answer", "value": {"name": ALL[-1 - i], "gold": 5, "initiative": i,
                                                           "claim": 1, "when_revealed": False}})
    pages = render_all(client, code, host, tokens["p1"])
    shows(pages, SVG, PERCENT, ATTR, IMG, ALL[0])


def test_immortals_region_and_profile_names(api, client):
    t = api.create("immortals", {"players": 3})
    code, host = t["code"], t["host_token"]
    tokens = join_all(api, code, ["p1", "p2", "p3"])
    for i, rid in enumerate(("1-1", "1-2", "2-1", "2-2", "3-1", "3-2")):
        api.ok(code, host, {"type": "name_region", "region": rid, "name": ALL[i]})
    r = client.post(f"/api/tables/{code}/profile", json={"name": IMG}, headers=api.auth(host))
    assert r.status_code == 200, r.get_json()
    pages = render_all(client, code, host, tokens["p1"])
    shows(pages, *ALL)
    # the saved profile carries the names into a later table (and the start page lists it)
    t2 = api.create("immortals", {"players": 3}, profile=IMG)
    pages = render_all(client, t2["code"], t2["host_token"], None)
    shows(pages, IMG, SVG)


def _catan_profile() -> dict[str, Any]:
    path = Path(companion.__file__).parent / "games" / "catan_watch" / "data" / "default.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _rename(node: Any, names: list[str]) -> None:
    """Every ``name`` field of a profile becomes a hostile string (in turn)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "name" and isinstance(value, str):
                node[key] = names[len(names) and hash(value) % len(names)]
            else:
                _rename(value, names)
    elif isinstance(node, list):
        for item in node:
            _rename(item, names)


def test_catan_watch_profile_names(api, client):
    t = api.create("catan-watch", {"players": "3"})
    code, host = t["code"], t["host_token"]
    tokens = join_all(api, code, ["p1", "p2", "p3"])
    profile = _catan_profile()
    _rename(profile, [IMG, SVG, ATTR, PERCENT, FORMAT])
    profile["name"] = SVG
    r = api.act(code, host, {"type": "edit_profile", "profile": json.dumps(profile)})
    assert r.status_code == 200, r.get_json()
    r = client.post(f"/api/tables/{code}/profile", json={"name": ATTR}, headers=api.auth(host))
    assert r.status_code == 200, r.get_json()
    pages = render_all(client, code, host, tokens["p1"])
    shows(pages, SVG, ATTR)
    t2 = api.create("catan-watch", {"players": "3"}, profile=ATTR)
    render_all(client, t2["code"], t2["host_token"], None)


@pytest.mark.parametrize("game", ["agot", "immortals", "catan-watch", "lcg", "generic"])
def test_player_names_everywhere(api, client, game):
    t = api.create(game, {})
    code, host = t["code"], t["host_token"]
    seats = [s["id"] for s in api.public(code)["seats"]][:5]
    tokens = join_all(api, code, seats)
    pages = render_all(client, code, host, tokens[seats[0]])
    shows(pages, *ALL[:len(seats)])


def test_import_fields(api, client):
    """An import is user input too: names and labels in its events are shown escaped."""
    t = api.create("generic", {"seats": "A, B"})
    code, host = t["code"], t["host_token"]
    api.join(code, "p1", "Ana")
    data = api.export(code, host)
    for event in data["events"]:
        if event["kind"] == "join":
            event["action"]["name"] = SVG
            event["action"]["label"] = IMG
    data["events"].append({"kind": "leave", "actor": {"host": True},
                           "action": {"seat": "p1", "reissued": False, "label": IMG}, "rng_seed": 1, "time": 1})
    r = client.post("/api/tables/import", json=data)
    assert r.status_code == 201, r.get_json()
    new = r.get_json()
    pages = render_all(client, new["code"], new["host_token"], None)
    shows(pages, SVG)
