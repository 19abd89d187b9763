"""Noninterference: two tables that differ only in one seat's secret look the same to every other device.

The leak tests elsewhere look for a secret's own text. This one also catches what a secret changes
around it (a total, a count, an order, a version, a length): the same play runs in two servers with
the same seeds, the owner's secret differs, and every page, fragment and JSON route an other device
can fetch (screen, host panel, other phones, anonymous) must answer byte for byte the same once
the room code is taken out. New views (TV dashboard, host drawer, combat panels, rules overlay)
are covered as soon as they render on one of these routes.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from companion import create_app
from tests.conftest import Api

PAGES = ["/t/{c}/screen", "/t/{c}/frag/screen", "/t/{c}/frag/host", "/t/{c}/frag/seat", "/t/{c}/log",
         "/t/{c}/join?switch=1", "/t/{c}/rules", "/t/{c}/frag/rules", "/t/{c}/frag/screen?lang=pt_BR",
         "/t/{c}/frag/seat?lang=pt_BR", "/t/{c}/frag/host?lang=pt_BR",
         "/t/{c}/story", "/t/{c}/story.html?lang=pt_BR", "/t/{c}/replay", "/t/{c}/replay?round=1"]
JSON = ["/api/tables/{c}", "/api/tables/{c}/me", "/api/tables/{c}/log", "/t/{c}/export", "/api/tables/{c}/history"]
VOLATILE = ("time", "exported_at", "created_at")


def generic_bid(api: Api, variant: str) -> dict[str, Any]:
    t = api.create("generic", {"seats": "A, B, C"})
    code, host = t["code"], t["host_token"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3")}
    api.ok(code, host, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 20})
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 3 if variant == "A" else 17})
    return {"code": code, "host": host, "tokens": tokens, "owner": "p1"}


def agot_house_card(api: Api, variant: str) -> dict[str, Any]:
    from tests.api.test_agot_action_api import new_table, place_all

    code, host, tokens = new_table(api)
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    card = "tywin-lannister" if variant == "A" else "the-hound"
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": card})
    return {"code": code, "host": host, "tokens": tokens, "owner": "lannister"}


def immortals_plan(api: Api, variant: str) -> dict[str, Any]:
    from tests.api.test_immortals_api import STARTS, choose, draft, new_table, order_from_first

    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    order = order_from_first(api.public(code)["state"])
    for seat in order:
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{STARTS[int(seat[1]) - 1]}": "1"})
    owner = order[0]
    start = STARTS[int(owner[1]) - 1]
    plan = {"army4": f"r:{start}:light", "magic0": "blank"} if variant == "A" else \
        {"army1": f"r:{start}:light", "army2": "blank"}
    api.ok(code, tokens[owner], {"type": "answer", "prompt": "plan-1", **plan})
    return {"code": code, "host": t["host_token"], "tokens": tokens, "owner": owner}


def lcg_plot_and_deck(api: Api, variant: str) -> dict[str, Any]:
    t = api.create("lcg", {"players": 3, "autopass_start": "structure"})
    code, host = t["code"], t["host_token"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in ((1, "Ana"), (2, "Bia"), (3, "Caio"))}
    plot = {"name": "Alpha", "gold": 5, "initiative": 1, "claim": 1, "when_revealed": False} if variant == "A" else \
        {"name": "Omega Wildfire", "gold": 9, "initiative": 8, "claim": 2, "when_revealed": True}
    api.ok(code, tokens["p1"], {"type": "register_plots", "plots": [plot] * (1 if variant == "A" else 4)})
    api.ok(code, tokens["p1"], {"type": "answer", "value": plot})
    return {"code": code, "host": host, "tokens": tokens, "owner": "p1"}


def catan_final_vp(api: Api, variant: str) -> dict[str, Any]:
    """A Wall ending with p1 and p2 tied on guards (seed 004 p.8), both holding unplayed development
    cards: p2 answers first (0 or 2 hidden VP cards, with the reveal_vp move players know); p1 has
    not answered yet, so the answer stays sealed (p.4)."""
    from tests.api.test_catan_watch_api import finish_setup, new_table

    t, code, tokens = new_table(api, dice="physical")
    host = t["host_token"]
    finish_setup(api, code, tokens)
    for seat, devs in (("p1", 1), ("p2", 2), ("p3", 0)):
        api.ok(code, tokens[seat], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
        for _ in range(devs):
            api.ok(code, tokens[seat], {"type": "build", "what": "dev"})
        api.ok(code, tokens[seat], {"type": "end_turn"})
    for sec, guards in (("w1", "p1, p2"), ("w2", "p1"), ("w3", "p2, p3")):
        api.ok(code, host, {"type": "correct", "what": "section", "id": sec, "guards": guards})
    for hexe in ("s2h1", "s2h2", "s3h1", "s3h2", "s3h3", "s4h1", "s4h2"):
        api.ok(code, host, {"type": "correct", "what": "hex", "id": hexe, "wildlings": "normal"})
    api.ok(code, host, {"type": "correct", "what": "clan", "id": "ice_river", "wildlings": "climber"})
    api.ok(code, tokens["p1"], {"type": "roll", "red": 3, "yellow": 5, "d12": 1})  # the 8th wildling: over
    assert api.public(code)["state"]["waiting_for"] == ["p1", "p2"]
    api.ok(code, tokens["p2"], {"type": "reveal_vp", "count": 0 if variant == "A" else 2})
    return {"code": code, "host": host, "tokens": tokens, "owner": "p2"}


def lcg_wait_at_zero(api: Api, variant: str) -> dict[str, Any]:
    """One countdown per run (issue 24): Caio's phone reports at zero, Wait (A) or nothing (B); Ana
    holds the opportunity and has not reported, so nothing may show whether Caio waits (FAQ p.6)."""
    t = api.create("lcg", {"players": 3, "auto_close": 6})
    code, host = t["code"], t["host_token"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in ((1, "Ana"), (2, "Bia"), (3, "Caio"))}
    rid = api.me(code, tokens["p1"])["private"]["countdown"]["round"]
    api.ok(code, tokens["p2"], {"type": "pass_ahead", "round": rid})
    api.ok(code, tokens["p3"], {"type": "pass_ahead", "round": rid, **({"wait": "1"} if variant == "A" else {})})
    return {"code": code, "host": host, "tokens": tokens, "owner": "p3"}


def lcg_unrevealed_plots(api: Api, variant: str) -> dict[str, Any]:
    """Every plot chosen and revealed (the same ones in both worlds); p1's plot deck holds a card
    that was never revealed, different in the two worlds: no page, history, story or replay may
    ever show it."""
    t = api.create("lcg", {"players": 3, "autopass_start": "structure"})
    code, host = t["code"], t["host_token"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in ((1, "Ana"), (2, "Bia"), (3, "Caio"))}
    shown = {"name": "Alpha", "gold": 5, "initiative": 1, "claim": 1, "when_revealed": False}
    hidden = {"name": "Never Shown", "gold": 3, "initiative": 2, "claim": 1, "when_revealed": False} \
        if variant == "A" else {"name": "Omega Wildfire", "gold": 9, "initiative": 8, "claim": 2, "when_revealed": True}
    for seat, tok in tokens.items():
        mine = dict(shown, name=f"{shown['name']} {seat}")
        api.ok(code, tok, {"type": "register_plots", "plots": [mine, hidden if seat == "p1" else mine]})
        api.ok(code, tok, {"type": "answer", "value": mine})
    assert api.public(code)["state"]["phase"] != "plot" or api.public(code)["state"].get("initiative")
    return {"code": code, "host": host, "tokens": tokens, "owner": "p1"}


def _normal(text: str, info: dict[str, Any]) -> str:
    text = text.replace(info["code"], "CODE")
    text = re.sub(r'<svg width="33mm".*?</svg>', "QR", text, flags=re.S)  # the join QR encodes the code
    text = re.sub(r'(X-CSRF-Token": "|name="csrf_token" value=")[^"]*', r"\1CSRF", text)  # signed, timed
    try:
        data = json.loads(text)
    except ValueError:
        return text

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: 0 if k in VOLATILE else strip(v) for k, v in x.items()}
        return [strip(v) for v in x] if isinstance(x, list) else x

    return json.dumps(strip(data), indent=1, sort_keys=True)


def _observe(tmp_path, variant: str, script: Callable[[Api, str], dict[str, Any]]) -> dict[tuple[str, str], str]:
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path / variant), "TESTING": True,
                      "RANDOM_SEED": 20261123})
    try:
        info = script(Api(app.test_client()), variant)
        code = info["code"]
        devices = {"anonymous": {}, "host device": {f"host_{code}": info["host"]}}
        devices.update({f"seat {s}": {f"seat_{code}": tok} for s, tok in info["tokens"].items() if s != info["owner"]})
        seen = {}
        for device, cookies in devices.items():
            client = app.test_client()
            client.set_cookie("csrf", "same-in-both-worlds")
            for name, value in cookies.items():
                client.set_cookie(name, value)
            token = next(iter(cookies.values()), None)
            for url in PAGES + JSON:
                r = client.get(url.format(c=code), headers=Api.auth(token) if url.startswith("/api/") else {})
                seen[(device, url)] = f"{r.status_code} {r.headers.get('X-Table-Version')}\n{_normal(r.get_data(as_text=True), info)}"
        return seen
    finally:
        app.extensions["companion.tables"].db.dispose()


@pytest.mark.parametrize("script", [generic_bid, agot_house_card, immortals_plan, lcg_plot_and_deck,
                                    catan_final_vp, lcg_wait_at_zero, lcg_unrevealed_plots],
                         ids=lambda f: f.__name__)
def test_other_devices_cannot_tell_the_secrets_apart(tmp_path, script):
    a, b = _observe(tmp_path, "A", script), _observe(tmp_path, "B", script)
    assert a.keys() == b.keys()
    leaks = []
    for key in a:
        if a[key] != b[key]:
            diff = [line for line in difflib.unified_diff(a[key].splitlines(), b[key].splitlines(), lineterm="", n=0)
                    if line[:1] in "+-" and not line.startswith(("+++", "---"))]
            leaks.append(f"{key}: {diff[:4]}")
    assert not leaks, "\n".join(leaks)
    assert len(a) >= 4 * len(PAGES + JSON)  # anonymous, host device and at least two other seats
