"""A Game of Thrones through the JSON API and the screen fragment (orders, Raven, action phase,
combat): a whole planning and action phase of a 4-player game; orders and house-card choices absent
from every other device's JSON until their reveal; refusals cite the rulebook."""

from __future__ import annotations

import json

HOUSES = ["baratheon", "lannister", "stark", "greyjoy"]
ORDERS = {
    "baratheon": {"dragonstone": "consolidate-a", "kingswood": "defense1a", "shipbreaker-bay": "support0a"},
    "lannister": {"lannisport": "march0", "stoney-sept": "support0a", "the-golden-sound": "consolidate-a"},
    "stark": {"winterfell": "consolidate-a", "white-harbor": "defense1a", "the-shivering-sea": "support0a"},
    "greyjoy": {"pyke": "defense1a", "greywater-watch": "consolidate-a", "ironmans-bay": "raid-a",
                "port-of-pyke": "support0a", "riverrun": "defense1b"},
}


def new_table(api):
    t = api.create("agot", {"players": 4, "faq_lannister_port_ship": False})  # the printed setup these orders fit
    code, host = t["code"], t["host_token"]
    tokens = {h: api.join(code, h, h.title()) for h in HOUSES}
    # the board shows a Greyjoy footman in Riverrun (a correction any player may log)
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    return code, host, tokens


def place_all(api, code, tokens):
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    for h in HOUSES:
        api.ok(code, tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": ORDERS[h]}})


def test_orders_are_secret_until_revealed_then_public(api):
    """seed 000 p.12-13 through the API: no other device sees an order before the reveal."""
    code, host, tokens = new_table(api)
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": {"orders": ORDERS["lannister"]}})
    pairs = [f'"{a}": "{t}"' for a, t in ORDERS["lannister"].items()]
    seen = [json.dumps(api.public(code))] + [json.dumps(api.me(code, tokens[h])) for h in ("stark", "greyjoy")]
    seen.append(json.dumps(api.log(code, tokens["stark"])))
    seen.append(api.client.get(f"/t/{code}/frag/screen").get_data(as_text=True))
    for blob in seen:
        for pair in pairs:
            assert pair not in blob
    assert '"lannisport": "march0"' in json.dumps(api.me(code, tokens["lannister"]))
    for h in ("baratheon", "stark", "greyjoy"):
        api.ok(code, tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": ORDERS[h]}})
    planning = api.public(code)["state"]["planning"]
    assert planning["step"] == "raven"
    assert {o["area"] for o in planning["orders"]["lannister"]} == set(ORDERS["lannister"])


def test_refusal_cites_the_rulebook(api):
    """A wrong assignment is refused with the page that forbids it."""
    code, host, tokens = new_table(api)
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    bad = {**ORDERS["greyjoy"], "pyke": "march+1"}  # Greyjoy has no star in a 4-player game
    r = api.act(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": {"orders": bad}})
    assert r.status_code == 400
    assert "seed 000 p.12" in json.dumps(r.get_json())


def test_round_of_raid_march_combat_and_consolidate(api):
    """A whole action phase: Greyjoy pillages the Golden Sound, Lannister marches into Riverrun with
    support, both choose house cards secretly, Tywin wins, Greyjoy retreats; consolidations follow."""
    code, host, tokens = new_table(api)
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    state = api.public(code)["state"]
    assert state["phase"] == "action" and state["waiting_for"] == ["greyjoy"]
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    assert api.public(code)["state"]["power"]["greyjoy"]["available"] == 6
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    combat = api.public(code)["state"]["action"]["combat"]
    assert combat["step"] == "support" and combat["queue"][0]["area"] == "stoney-sept"
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    combat = api.public(code)["state"]["action"]["combat"]
    assert sum(i["value"] for i in combat["initial"]["attacker"]) == 3 + 2   # units + special support
    assert sum(i["value"] for i in combat["initial"]["defender"]) == 1 + 1   # footman + Defense +1
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    for h in ("greyjoy", "stark"):
        assert "tywin-lannister" not in json.dumps(api.me(code, tokens[h])["private"].get("action"))
        assert "Tywin" not in json.dumps(api.log(code, tokens[h]))  # the log line stays hidden
    assert "Tywin" not in api.client.get(f"/t/{code}/frag/screen").get_data(as_text=True).split("agot-combat")[1][:3000]
    r = api.act(code, tokens["stark"], {"type": "answer", "prompt": pid, "value": "eddard-stark"})
    assert r.status_code in (400, 403)
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    state = api.public(code)["state"]
    assert state["action"]["combat"]["cards"] == {"attacker": "Tywin Lannister", "defender": "Euron Crow's Eye"}
    assert state["waiting_for"] == ["greyjoy"]  # Greyjoy holds the Valyrian Steel Blade (Fiefdoms 1st)
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    combat = api.public(code)["state"]["action"]["combat"]
    assert combat["result"]["winner"] == "attacker" and combat["totals"] == {"attacker": 9, "defender": 6}
    decide = api.me(code, tokens["greyjoy"])["private"]["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat"
    # adjacent empty areas, and by the Greyjoy ship in Ironman's Bay (p.21, p.23); never the origin
    assert {"harrenhal", "seagard", "flints-finger"} <= set(decide["targets"])
    assert not {"lannisport", "stoney-sept", "ironmans-bay"} & set(decide["targets"])
    assert api.public(code)["state"]["last_combat"] is None  # only a finished combat is summarised
    api.ok(code, tokens["greyjoy"], {"type": "card_ability", "area": "seagard"})
    state = api.public(code)["state"]
    assert state["units"]["riverrun"]["house"] == "lannister" and state["units"]["seagard"]["house"] == "greyjoy"
    last = state["last_combat"]  # docs/api.md: readable on the screen until the next combat
    assert last["area"] == "riverrun" and last["winner_house"] == "lannister" and last["totals"] == {"attacker": 9, "defender": 6}
    assert last["cards"] == {"attacker": "tywin-lannister", "defender": "euron-crows-eye"}
    assert last["retreat"] == {"house": "greyjoy", "area": "seagard"} and last["tie_break"] is None
    assert state["power"]["lannister"]["available"] == 5 - 1 + 2   # pillaged, then Tywin's +2
    assert state["action"]["step"] == "consolidate" and state["waiting_for"] == ["baratheon"]
    api.ok(code, tokens["baratheon"], {"type": "consolidate", "from": "dragonstone"})
    api.ok(code, tokens["stark"], {"type": "consolidate", "from": "winterfell"})
    power = api.public(code)["state"]["power"]
    assert power["baratheon"]["available"] == 7 and power["stark"]["available"] == 7  # 1 + 1 crown each
    api.ok(code, tokens["greyjoy"], {"type": "consolidate", "from": "greywater-watch"})
    state = api.public(code)["state"]
    assert state["round"] == 2 and state["phase"] in ("westeros", "planning")  # the next round began
    screen = api.client.get(f"/t/{code}/frag/screen")
    assert screen.status_code == 200


def test_every_fragment_renders_through_a_random_action_phase(api):
    """Screen and every phone fragment render (EN and PT) at each step of an action phase driven by
    the phones' own options: raids, marches, combats with support, cards, abilities, retreats."""
    import random

    code, host, tokens = new_table(api)
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_pass"})
    rng = random.Random(7)
    client = api.client
    seen = set()
    for _ in range(60):
        state = api.public(code)["state"]
        for lang in ("en", "pt_BR"):
            r = client.get(f"/t/{code}/frag/screen?lang={lang}")
            assert r.status_code == 200, r.get_data(as_text=True)[:400]
            seen |= {k for k in ("agot-combat", "Escolha", "Combate em") if k in r.get_data(as_text=True)}
            for h in HOUSES:
                client.set_cookie(f"seat_{code}", tokens[h])
                r = client.get(f"/t/{code}/frag/seat?lang={lang}")
                assert r.status_code == 200, r.get_data(as_text=True)[:400]
        if state["phase"] != "action":
            break
        house = state["waiting_for"][0]
        acts = options_from_me(api.me(code, tokens[house])["private"], rng)
        rng.shuffle(acts)
        for a in acts:
            if api.act(code, tokens[house], a).status_code == 200:
                break
    assert {"agot-combat", "Combate em"} <= seen  # a combat panel was rendered in both languages


def options_from_me(me: dict, rng) -> list[dict]:
    """What a phone can do, read from its /me (mirrors test_action_random_play.options)."""
    a = me.get("action", {})
    out: list[dict] = []
    d = (a.get("combat") or {}).get("decide")
    if d:
        if d["kind"] == "support":
            out += [{"type": "support", "area": d["area"], "side": s} for s in d["sides"]]
        elif d["kind"] == "card":
            out += [{"type": "answer", "prompt": d["prompt"], "value": c} for c in d["hand"]]
        elif d["kind"] == "blade":
            out += [{"type": "blade", "use": u} for u in ("1", "")]
        elif d["kind"] == "retreat":
            out += [{"type": "card_ability", "area": t} for t in d["targets"]]
        elif d["kind"] == "casualties":
            units = [k for k, n in d["units"].items() for _ in range(n)]
            pick: dict = {}
            for k in units[:d["count"]]:
                pick[k] = pick.get(k, 0) + 1
            out.append({"type": "card_ability", **pick})
        else:
            out.append({"type": "card_ability", "use": "", "track": "fiefdoms"})
    for r in a.get("raids", []):
        out += [{"type": "raid", "from": r["from"], "target": t} for t in r["targets"] + [""]]
    for m in a.get("marches", []):
        units = {k: n for k, n in m["units"].items() if k != "house" and n}
        out += [{"type": "march", "from": m["from"], "moves": [{"to": t, **units}]} for t in m["fights"] or m["to"]]
    for c in a.get("consolidates", []):
        out.append({"type": "consolidate", "from": c["from"]})
    return out


def test_the_ravens_look_cannot_be_undone():
    """Undoing the peek would redraw: its holder could fish for another card (seed 000 p.12)."""
    from companion.games import get

    game = get("agot")
    assert game.undo_refusal({"type": "raven_peek"}).rule == "seed 000 p.12"
    assert game.undo_refusal({"type": "raven_swap"}) is None


def test_host_corrections_are_logged_actions(api):
    """Influence track, dominance token, round marker, garrison and house cards: host-only, logged,
    and undoable like any action (design: the board is the truth)."""
    code, host, tokens = new_table(api)
    r = api.act(code, tokens["stark"], {"type": "set_round", "value": 3})
    assert r.status_code == 403
    api.ok(code, host, {"type": "set_track", "track": "kings_court", "house": "stark", "position": 1})
    api.ok(code, host, {"type": "set_dominance", "token": "blade", "used": "1"})
    api.ok(code, host, {"type": "set_round", "value": 3})
    api.ok(code, host, {"type": "set_garrison", "area": "pyke", "strength": 0})
    api.ok(code, host, {"type": "set_house_card", "house_card": "robb-stark", "place": "discard"})
    state = api.public(code)["state"]
    assert state["tracks"]["kings_court"][0] == "stark" and state["dominance"]["raven"]["holder"] == "stark"
    assert state["dominance"]["blade"]["used"] and state["round"] == 3 and "pyke" not in state["garrisons"]
    assert state["house_cards"]["stark"]["discard"] == ["robb-stark"]
    log = json.dumps(api.log(code, tokens["stark"]))
    assert "round marker" in log and "garrison" in log
