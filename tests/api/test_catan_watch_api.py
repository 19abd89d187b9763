"""Brotherhood of the Watch through the JSON API and the page fragments (SQLite; PostgreSQL in CI)."""

from __future__ import annotations

import json

GAME = "catan-watch"
NAMES = ["Ana", "Bia", "Caio"]


def new_table(api, **options):
    t = api.create(GAME, {"players": "3", **options})
    code = t["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(NAMES)}
    return t, code, tokens


def finish_setup(api, code, tokens, sections=("w1", "w2", "w3")):
    for seat in ("p1", "p2", "p3", "p3", "p2", "p1"):
        api.ok(code, tokens[seat], {"type": "setup_place"})
    for seat, sid in zip(("p1", "p2", "p3"), sections):
        api.ok(code, tokens[seat], {"type": "guard", "section": sid})


def nine_vp(api, code, tokens, dev_cards=0):
    """After :func:`finish_setup`, p1 rolls and builds to 9 VP (3 settlements, then 4 keeps: 1 + 8),
    each build revealing its wildling tokens; then buys ``dev_cards`` development cards."""
    clans = ["cave_people", "hornfoot", "ice_river"] * 4
    api.ok(code, tokens["p1"], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    for what in ["settlement"] * 3 + ["keep"] * 4:
        n = 1 if what == "settlement" else 2
        api.ok(code, tokens["p1"], {"type": "build", "what": what,
                                    "tokens": [{"wildling": "normal", "clan": clans.pop()} for _ in range(n)]})
    for _ in range(dev_cards):
        api.ok(code, tokens["p1"], {"type": "build", "what": "dev"})
    assert api.public(code)["state"]["vp"]["p1"] == 9


def test_game_is_listed_with_options(client):
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    keys = {o["key"] for o in games[GAME]["options"]}
    assert {"players", "dice", "tokens", "attack_low", "full_column", "tie_left"} <= keys


def test_setup_roll_and_wildling_advance_over_the_api(api):
    t, code, tokens = new_table(api, dice="physical")
    state = api.public(code)["state"]
    assert state["waiting_for"] == ["p1"] and state["phase"] == "setup"
    finish_setup(api, code, tokens)
    state = api.public(code)["state"]
    assert state["wall"] == {"w1": ["p1"], "w2": ["p2"], "w3": ["p3"], "w4": []}
    assert state["active_player"] == "p1"
    # a settlement reveals a climber for the Cave People; trail 4 then brings it over section 2
    api.ok(code, tokens["p1"], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    api.ok(code, tokens["p1"], {"type": "build", "what": "settlement",
                                "tokens": [{"wildling": "climber", "clan": "cave_people"}]})
    assert api.public(code)["state"]["clans"]["cave_people"] == ["climber"]
    api.ok(code, tokens["p1"], {"type": "end_turn"})
    api.ok(code, tokens["p2"], {"type": "roll", "red": 6, "yellow": 6, "d12": 4})
    state = api.public(code)["state"]
    assert state["dice"]["sum"] == 12 and state["dice"]["d12"] == 4
    assert state["gift"] == {"s2h1": ["climber"]}
    assert state["breaches"] == 0
    assert [s["kind"] for s in state["steps"]][:3] == ["dice", "production", "advance"]
    assert state["vp"] == {"p1": 3, "p2": 2, "p3": 2}
    me = api.me(code, tokens["p2"])["private"]
    assert me["my_turn"] and "build" in me["can"]
    log = " ".join(e["text"] for e in api.log(code))
    assert "Climber" in log and "trail 4" in log


def test_refusals_name_the_rule_and_change_nothing(api):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    before = api.public(code)
    r = api.act(code, tokens["p2"], {"type": "roll", "red": 1, "yellow": 1, "d12": 1})
    assert r.status_code == 403
    r = api.act(code, tokens["p1"], {"type": "build", "what": "road"})
    body = r.get_json()
    assert r.status_code == 409 and "004" in json.dumps(body)
    r = api.act(code, tokens["p1"], {"type": "roll", "red": 9, "yellow": 1, "d12": 1})
    assert r.status_code == 400
    assert api.public(code)["version"] == before["version"]


def test_profile_saved_and_reused(api, client):
    t, code, tokens = new_table(api)
    host = t["host_token"]
    api.ok(code, host, {"type": "edit_trail", "number": 9, "clan": "hornfoot", "clearing": "c78"})
    r = client.post(f"/api/tables/{code}/profile", json={"name": "Our frame"}, headers=api.auth(host))
    assert r.status_code == 200, r.get_json()
    assert "Our frame" in client.get(f"/api/profiles/{GAME}").get_json()["profiles"]
    t2 = api.create(GAME, {"players": "4"}, profile="Our frame")
    trails = api.public(t2["code"])["state"]["trails"]
    assert {"number": 9, "clan": "hornfoot", "clearing": "c78"} in trails


def test_undo_restores_the_wildlings(api):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    api.ok(code, tokens["p1"], {"type": "roll", "red": 1, "yellow": 2, "d12": 12})
    api.ok(code, tokens["p1"], {"type": "build", "what": "keep", "tokens": [
        {"wildling": "giant", "clan": "hornfoot"}, {"wildling": "normal", "clan": "hornfoot"}]})
    assert api.public(code)["state"]["clans"]["hornfoot"] == ["giant", "normal"]
    assert api.undo(code, t["host_token"]).status_code == 200
    assert api.public(code)["state"]["clans"]["hornfoot"] == []


def test_fragments_render_in_both_languages(api, client):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    api.ok(code, tokens["p1"], {"type": "roll", "red": 3, "yellow": 4, "d12": 12})
    en = client.get(f"/t/{code}/frag/screen?lang=en").get_data(as_text=True)
    assert "Wall section 1" in en and "Frostfangs" in en and "Breaches" in en
    pt = client.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert "Seção 1 da Muralha" in pt and "Invasões" in pt and "Clã Hornfoot" in pt
    # the phone: join through the page to get the seat cookie
    phone = client.application.test_client()
    phone.get(f"/t/{code}/join")
    api_token = tokens["p1"]
    phone.set_cookie(f"seat_{code}", api_token)
    seat = phone.get(f"/t/{code}/frag/seat?lang=pt_BR").get_data(as_text=True)
    assert "Encerrar meu turno" in seat and "Aldeia" in seat


def test_balanced_deck_and_token_pool_never_leave_the_server(api, client):
    """Future randomness stays in the state: the API shows counts, never the remaining cards."""
    t, code, tokens = new_table(api, dice="balanced")
    finish_setup(api, code, tokens)
    api.ok(code, tokens["p1"], {"type": "roll"})
    bodies = [client.get(f"/api/tables/{code}").get_json(),
              client.get(f"/api/tables/{code}/me", headers=api.auth(tokens["p2"])).get_json()]
    for body in bodies:
        text = json.dumps(body)
        assert '"deck"' not in text and '"pool"' not in text
    assert api.public(code)["state"]["balanced_left"] == 35
