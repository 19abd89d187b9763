"""No refusal may tell a device what it cannot see (issue #22, item 1).

Twin tables: the same play on two servers with the same seeds, differing only in a hidden value
(a face-down card, a sealed answer, a private plot deck). Every device that does not own the secret
(the host's token, another seat with host rights, a plain other seat) sends the same probes to both;
each answer (status and body) must be byte for byte the same, and the probes may change nothing
but what they change equally in both. The probes are the moves a stand-in may send with the public
shape of the secret: the space that holds a face-down card, the prompt that waits on an answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion import create_app
from tests.conftest import Api


def _immortals(api: Api, variant: str) -> dict[str, Any]:
    """The first player in the performance phase; what lies face down on a1 and a3 differs."""
    from tests.api.test_immortals_api import STARTS, choose, draft, new_table, order_from_first

    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    order = order_from_first(api.public(code)["state"])
    for seat in order:
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{STARTS[int(seat[1]) - 1]}": "1"})
    owner = order[0]
    region = f"r:{STARTS[int(owner[1]) - 1]}:light"
    conflict = next(c["id"] for c in api.me(code, tokens[owner])["private"]["conflict"] if not c["wild"])
    plan = {"A": {"army1": region, "army3": "blank"}, "B": {"army1": "blank", "army3": conflict},
            "C": {"army1": conflict, "army3": region}}[variant]
    api.ok(code, tokens[owner], {"type": "answer", "prompt": "plan-1", **plan})
    for seat in order[1:]:
        api.ok(code, tokens[seat], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank"]}})
    assert api.public(code)["state"]["phase"] == "performance"
    probes = []
    for space in ("a1", "a3"):
        probes += [{"type": "perform", "space": space},
                   {"type": "perform", "space": space, "take": "gold"},
                   {"type": "perform", "space": space, "printed": "3"},
                   {"type": "perform", "space": space, "building": "temple"},
                   {"type": "perform", "space": space, "building": "temple", "cost_energy": 1, "cost_gold": 1},
                   {"type": "perform", "space": space, "decline": "1"},
                   {"type": "perform", "space": space, "decline": "1", "take": "nothing"}]
    return {"code": code, "host": t["host_token"], "tokens": tokens, "owner": owner, "probes": probes}


def _generic(api: Api, variant: str) -> dict[str, Any]:
    """A sealed bid: p1's answer differs."""
    t = api.create("generic", {"seats": "A, B, C"})
    code = t["code"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3")}
    api.ok(code, t["host_token"], {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 20})
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 3 if variant == "A" else 17})
    probes = [{"type": "answer", "prompt": "g1", "value": v} for v in (3, 17, 25)] + \
        [{"type": "open_prompt", "title": "x", "kind": "number", "min": 0, "max": 1}] * 3
    return {"code": code, "host": t["host_token"], "tokens": tokens, "owner": "p1", "probes": probes}


def _lcg(api: Api, variant: str) -> dict[str, Any]:
    """p1's private plot deck and sealed plot differ."""
    t = api.create("lcg", {"players": 3, "autopass_start": "structure"})
    code = t["code"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in ((1, "Ana"), (2, "Bia"), (3, "Caio"))}
    plot = {"name": "Alpha", "gold": 5, "initiative": 1, "claim": 1, "when_revealed": False} if variant == "A" else \
        {"name": "Omega", "gold": 9, "initiative": 8, "claim": 2, "when_revealed": True}
    api.ok(code, tokens["p1"], {"type": "register_plots", "plots": [plot] * (1 if variant == "A" else 4)})
    api.ok(code, tokens["p1"], {"type": "answer", "value": plot})
    probes = [{"type": "answer", "value": {"name": n, "gold": 5, "initiative": 1, "claim": 1}} for n in ("Alpha", "Omega")]
    probes += [{"type": "remove_plot", "name": "Alpha"}, {"type": "remove_plot", "name": "Omega"},
               {"type": "add_plot", "plot": {"name": "Alpha", "gold": 5, "initiative": 1, "claim": 1}}]
    return {"code": code, "host": t["host_token"], "tokens": tokens, "owner": "p1", "probes": probes}


def _agot_orders(api: Api, variant: str) -> dict[str, Any]:
    """Lannister's sealed orders differ (the others have not placed theirs yet)."""
    from tests.api.test_agot_action_api import ORDERS, new_table

    code, host, tokens = new_table(api)
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    orders = ORDERS["lannister"] if variant == "A" else \
        {"lannisport": "defense1a", "stoney-sept": "march0", "the-golden-sound": "consolidate-a"}
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": {"orders": orders}})
    probes = [{"type": "answer", "prompt": pid, "value": {"orders": o}}
              for o in (ORDERS["lannister"], {"lannisport": "march0"}, {"lannisport": "defense1a"})]
    probes += [{"type": "raven_swap", "area": "lannisport", "token": "march1"},
               {"type": "march", "from": "lannisport", "moves": [{"to": "riverrun", "footman": 1}]},
               {"type": "support", "area": "stoney-sept", "side": "attacker"}, {"type": "raven_peek"}]
    return {"code": code, "host": host, "tokens": tokens, "owner": "lannister", "probes": probes}


def _agot_house_card(api: Api, variant: str) -> dict[str, Any]:
    """Lannister's sealed house card differs; the defender has not chosen yet."""
    from tests.security.test_attack_noninterference import agot_house_card

    info = agot_house_card(api, variant)
    pid = api.me(info["code"], info["tokens"]["greyjoy"])["private"]["action"]["combat"]["decide"]["prompt"]
    cards = ("tywin-lannister", "the-hound", "eddard-stark", "nonexistent")
    info["probes"] = [{"type": "answer", "prompt": pid, "value": c} for c in cards] + [
        {"type": "card_ability", "use": "1"}, {"type": "blade", "use": "1"},
        {"type": "combat_units", "side": "attacker", "footman": 1}]
    return info


def _catan_final_vp(api: Api, variant: str) -> dict[str, Any]:
    """A Wall ending waits for p1 and p2 (tied on guards); p2's sealed hidden-VP answer differs (0 or
    2). Stand-ins probe every way to answer; p1's own answer comes last of its probes (the reveal)."""
    from tests.security.test_attack_noninterference import catan_final_vp

    info = catan_final_vp(api, variant)
    answer = [{"type": "answer", "prompt": "final-vp", "value": v} for v in (0, 2, 3, "x")]
    reveal = [{"type": "reveal_vp", "seat": seat, "count": n} for seat in ("p2", "p3") for n in (0, 1, 2, 3)]
    info["probes"] = answer + reveal + [{"type": "reveal_vp", "count": 5}, {"type": "reveal_vp", "count": 1},
                                        {"type": "answer", "prompt": "final-vp", "value": 1}]
    return info


def _answers(tmp_path, variant: str, script: Callable[[Api, str], dict[str, Any]]) -> dict[str, str]:
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path / variant), "TESTING": True,
                      "RANDOM_SEED": 20261127})
    try:
        api = Api(app.test_client())
        info = script(api, variant)
        code, others = info["code"], [s for s in info["tokens"] if s != info["owner"]]
        r = api.client.post(f"/api/tables/{code}/seats/{others[0]}/host", json={"on": True},
                            headers=Api.auth(info["host"]))
        assert r.status_code == 200, r.get_json()
        devices = {"host token": info["host"], f"{others[0]} with host rights": info["tokens"][others[0]],
                   f"{others[1]}": info["tokens"][others[1]]}
        seen = {}
        for device, token in devices.items():
            for i, probe in enumerate(info["probes"]):
                r = api.act(code, token, probe)
                seen[f"{device} #{i} {json.dumps(probe)}"] = f"{r.status_code} {r.get_data(as_text=True)}"
        seen["version"] = str(api.public(code)["version"])
        return seen
    finally:
        app.extensions["companion.tables"].db.dispose()


@pytest.mark.parametrize(("script", "twins"), [(_immortals, ("B", "C")), (_generic, ("B",)), (_lcg, ("B",)),
                                               (_agot_orders, ("B",)), (_agot_house_card, ("B",)),
                                               (_catan_final_vp, ("B",))],
                         ids=["immortals-face-down-card", "generic-sealed-bid", "lcg-plot-deck", "agot-orders",
                              "agot-house-card", "catan-final-vp"])
def test_refusals_to_other_devices_do_not_depend_on_the_secret(tmp_path, script, twins):
    base = _answers(tmp_path, "A", script)
    for variant in twins:
        other = _answers(tmp_path, variant, script)
        diff = [f"{k}:\n  A: {base[k][:160]}\n  {variant}: {other[k][:160]}" for k in base if base[k] != other[k]]
        assert not diff, "\n".join(diff)


def _player(api: Api, code: str, seat: str) -> dict[str, Any]:
    return next(p for p in api.public(code)["state"]["players"] if p["seat"] == seat)


def test_the_host_may_only_decline_a_face_down_card(tmp_path):
    """The stand-in's refusal names no card; declining (public fields only) works for any card."""
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True, "RANDOM_SEED": 20261127})
    try:
        api = Api(app.test_client())
        info = _immortals(api, "A")
        code, host, owner = info["code"], info["host"], info["owner"]
        r = api.act(code, host, {"type": "perform", "space": "a1", "printed": "3"})
        assert r.status_code == 403 and "decline" in r.get_json()["error"]
        before = _player(api, code, owner)
        assert before["revealed"] == {} and r.get_json()["error"] not in json.dumps(info["probes"])
        api.ok(code, host, {"type": "perform", "space": "a1", "decline": "1", "take": "gold"})
        after = _player(api, code, owner)
        assert after["gold"] == before["gold"] + 1 and "a1" in after["revealed"]
    finally:
        app.extensions["companion.tables"].db.dispose()
