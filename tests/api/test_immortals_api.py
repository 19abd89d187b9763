"""Immortals through the JSON API and the page fragments: a round with secret planning, a battle and
scoring; secrets absent from the public JSON and the screen; refusals cite the rulebook."""

from __future__ import annotations

import json

GAME = "immortals"
NAMES = ["Ana", "Bia", "Caio"]
LIGHT, DARK, STARTS = ("elves", "humans", "dwarves"), ("demons", "orcs", "necromancers"), ("1-1", "2-1", "3-1")


def new_table(api, **options):
    t = api.create(GAME, {"players": "3", **options})
    code = t["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(NAMES)}
    return t, code, tokens


def choose(api, code, tokens):
    for i, seat in enumerate(("p1", "p2", "p3")):
        api.ok(code, tokens[seat], {"type": "choose_tribes", "light": LIGHT[i], "dark": DARK[i],
                                    "light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5",
                                    "light_groups": "4", "dark_groups": "3", "start": STARTS[i],
                                    "light_spaces": "extract_gold, extract_energy, transition3, build",
                                    "dark_spaces": "attack, move_attack, tribe, attack"})


def draft(api, code, tokens, host):
    api.ok(code, host, {"type": "start_game"})
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "draft_start", "group": "4"})
    for _ in range(10):
        state = api.public(code)["state"]
        d = state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            for seat in tokens:
                hand = api.me(code, tokens[seat])["private"]["draft_hand"]
                api.ok(code, tokens[seat], {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[0]})
        else:
            seat = d["placer"]
            card = d["picks"][seat]
            action = {"type": "draft_place", "group": "3"}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not state["board"][f"{realm}:{area}-{n}"]["seat"])
            api.ok(code, tokens[seat], action)
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "feed", "light": "2", "dark": "3", "inhabitants": "2"})


def order_from_first(state):
    seats = state["seats"]
    i = seats.index(state["first"])
    return seats[i:] + seats[:i]


def test_game_is_listed_with_options(client):
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    keys = {o["key"] for o in games[GAME]["options"]}
    assert {"players", "rounds_table", "rounds", "inhabitant_reading", "digital_tower"} <= keys


def test_round_with_secret_plan_battle_and_scoring(api, client):
    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    state = api.public(code)["state"]
    assert state["phase"] == "reinforce" and state["waiting_for"] == [state["first"]]
    order = order_from_first(state)
    for seat in order:
        start = STARTS[int(seat[1]) - 1]
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{start}": "1"})
    attacker, other = order[0], order[1]
    secret = api.me(code, tokens[other])["private"]["conflict"][0]["id"]
    a_start = STARTS[int(attacker[1]) - 1]
    # planning: the form posts army0..7 / magic0..1; the JSON answer posts a dict
    api.ok(code, tokens[attacker], {"type": "answer", "prompt": "plan-1", "army4": f"r:{a_start}:light", "magic0": "blank"})
    plan = {"army": [None] * 5 + [secret if not secret.endswith("*") else None, "blank"], "magic": []}
    api.ok(code, tokens[other], {"type": "answer", "prompt": "plan-1", "value": plan})
    body = json.dumps(api.public(code))
    assert f'"{secret}"' not in body
    assert f'"{secret}"' not in json.dumps(api.me(code, tokens[attacker]))
    screen = client.get(f"/t/{code}/frag/screen?lang=en").get_data(as_text=True)
    assert "Action planning" in screen
    api.ok(code, tokens[order[2]], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank"]}})
    state = api.public(code)["state"]
    assert state["phase"] == "performance" and f'"{secret}"' not in json.dumps(state)
    # the attack: card shows the attacking region, so the inhabitants are neutral
    board = api.public(code)["state"]["board"]
    target = next(k for k, c in board.items() if k.startswith("light:") and not c["seat"])
    api.ok(code, tokens[attacker], {"type": "perform", "space": "a4", "from": f"light:{a_start}", "to": target,
                                    "armies": "3"})
    state = api.public(code)["state"]
    assert state["battle"]["side"] == "neutral" and state["waiting_for"] == [attacker]
    screen = client.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert "Batalha" in screen and "neutros" in screen
    api.ok(code, tokens[attacker], {"type": "battle_result", f"tray_{attacker}": "2", "tray_inhabitants": "1"})
    state = api.public(code)["state"]
    assert state["board"][target] == {"seat": attacker, "armies": 2, "building": None, "portal": False}
    assert state["last_battle"]["result"]["winner"] == "attacker"
    for _ in range(8):
        state = api.public(code)["state"]
        if state["phase"] != "performance":
            break
        api.ok(code, tokens[state["turn"]], {"type": "pass", "take": "gold"})
    state = api.public(code)["state"]
    assert state["round"] == 2 and state["last_scoring"]["round"] == 1
    log = " ".join(e["text"] for e in api.log(code))
    assert "Batalha por" in log and "marca" in log  # the lang cookie from the pt_BR screen request


def test_refusals_cite_the_rulebook_and_change_nothing(api):
    t, code, tokens = new_table(api)
    before = api.public(code)["version"]
    r = api.act(code, tokens["p1"], {"type": "start_game"})
    assert r.status_code == 403
    r = api.act(code, t["host_token"], {"type": "start_game"})
    assert r.status_code == 400 and "seed 001 p.4" in json.dumps(r.get_json())
    r = api.act(code, tokens["p1"], {"type": "perform", "space": "a0"})
    assert r.status_code == 409
    assert api.public(code)["version"] == before


def test_profile_saved_and_reused(api, client):
    t, code, tokens = new_table(api)
    host = t["host_token"]
    api.ok(code, host, {"type": "name_region", "region": "2-1", "name": "Shore Lake"})
    api.ok(code, host, {"type": "set_region_value", "region": "2-1", "realm": "dark", "resource": "gold", "value": "2"})
    choose(api, code, tokens)
    r = client.post(f"/api/tables/{code}/profile", json={"name": "Our board"}, headers=api.auth(host))
    assert r.status_code == 200, r.get_json()
    t2 = api.create(GAME, {"players": "4"}, profile="Our board")
    regions = {r["id"]: r for r in api.public(t2["code"])["state"]["regions"]}
    assert regions["2-1"]["name"] == "Shore Lake"
    assert regions["2-1"]["values"]["light"]["gold"] == 5 and regions["2-1"]["values"]["dark"]["gold"] == 2


def test_fragments_render_in_both_languages(api, client):
    t, code, tokens = new_table(api)
    en = client.get(f"/t/{code}/frag/screen?lang=en").get_data(as_text=True)
    assert "Light realm" in en and "Round" in en
    pt = client.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert "Reino da luz" in pt and "Rodada" in pt
    phone = client.application.test_client()
    phone.set_cookie(f"seat_{code}", tokens["p1"])
    seat = phone.get(f"/t/{code}/frag/seat?lang=pt_BR").get_data(as_text=True)
    assert "Suas tribos" in seat and "Elfos" in seat
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    turn = api.public(code)["state"]["turn"]
    phone.set_cookie(f"seat_{code}", tokens[turn])
    seat = phone.get(f"/t/{code}/frag/seat?lang=en").get_data(as_text=True)
    assert "Reinforcements" in seat and "Draw a conflict card" in seat and "My cards" in seat


def test_export_withholds_plans_until_the_round_is_scored(api):
    """Planned cards are turned one by one (seed 001 p.15): a table export taken during the round
    must not carry the plans; once the round is scored they are exported for an exact import."""
    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    for seat in order_from_first(api.public(code)["state"]):
        api.ok(code, tokens[seat], {"type": "reinforce"})
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "answer", "prompt": "plan-1", "army0": "blank", "magic1": "m:transition5"})
    plans = [e for e in api.export(code, t["host_token"])["events"]
             if e["action"].get("prompt") == "plan-1"]
    assert plans == []
    for _ in range(3):
        state = api.public(code)["state"]
        api.ok(code, tokens[state["turn"]], {"type": "pass", "take": "energy"})
    assert api.public(code)["state"]["round"] == 2
    exported = api.export(code, t["host_token"])
    plans = [e for e in exported["events"] if e["action"].get("prompt") == "plan-1"]
    assert len(plans) == 3
    # the export replays exactly into a new table
    r = api.client.post("/api/tables/import", json=exported)
    assert r.status_code in (200, 201), r.get_json()
    assert r.get_json()["skipped"] == 0
    again = api.public(r.get_json()["code"])["state"]
    before = api.public(code)["state"]
    assert again["round"] == 2 and again["board"] == before["board"]
    assert [p["vp"] for p in again["players"]] == [p["vp"] for p in before["players"]]


def test_missing_tribe_fields_are_named_in_the_players_language(api):
    """Saving tribes without a start region is refused (not a silent 200), naming the field."""
    t = api.create("immortals", {"players": 3})
    code = t["code"]
    token = api.join(code, "p1", "Ana")
    body = {"type": "choose_tribes", "light": "elves", "dark": "orcs", "light_gold": 3, "light_energy": 4,
            "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4"}
    r = api.act(code, token, body)
    assert r.status_code == 400 and "start region" in r.get_json()["error"]
    r = api.client.post(f"/api/tables/{code}/actions?lang=pt_BR", json=body, headers=api.auth(token))
    assert r.status_code == 400 and "Elfos: região inicial" in r.get_json()["error"]
    assert api.me(code, token)["private"]["tribe_options"]["light"][0]["start"] is None


def test_the_guided_setup_summary_shows_values_not_the_fields_labels(api, client):
    """Issue #37: the check step read "Army groups on the back (e.g. 10, 6, 2) 10, 6, 2"."""
    t, code, tokens = new_table(api)
    api.ok(code, tokens["p1"], {"type": "choose_tribes", "light": "elves", "dark": "demons", "partial": "1",
                                "light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5",
                                "start": "1-1", "light_groups": "10, 6, 2", "dark_groups": "3"})
    client.set_cookie(f"seat_{code}", tokens["p1"])
    for lang, groups in (("en", "army groups <b>10, 6, 2</b>"), ("pt_BR", "grupos militares <b>10, 6, 2</b>")):
        html = client.get(f"/t/{code}/frag/seat?lang={lang}").get_data(as_text=True)
        start = html.index('id="im-tribe-flow"')
        flow = html[start:html.index("</section>", start)]
        assert 'data-step="check"' in html and groups in flow
        assert "10, 6, 2)" not in flow  # no field label with its example


def test_a_board_typed_once_is_the_start_of_every_later_table_and_travels_as_a_file(api, client):
    """Issue #37: the group names its board once; saved, it is the newest profile, so the start
    page chooses it for the next table; it downloads as a file that another server imports."""
    t, code, tokens = new_table(api)
    host = t["host_token"]
    names = {f"{a}-{r}": f"Region {a}{r}" for a in range(1, 6) for r in range(1, 6)} | {"2-1": "Shore Lake"}
    api.ok(code, host, {"type": "name_board", "names": names})
    r = client.post(f"/api/tables/{code}/profile", json={"name": "Our board"}, headers=api.auth(host))
    assert r.status_code == 200
    assert client.get(f"/api/profiles/{GAME}").get_json()["newest"] == "Our board"
    start = client.get("/?lang=en").get_data(as_text=True)
    assert "<option selected>Our board</option>" in start
    # the file: what the table typed, nothing else
    file = client.get(f"/api/profiles/{GAME}/file?name=Our+board").get_json()
    assert file["format"] == "tabletop-companion profile" and file["game"] == GAME
    assert file["profile"]["regions"]["2-1"]["name"] == "Shore Lake"
    page_file = client.get(f"/profiles/{GAME}/file?name=Our+board")
    assert "attachment" in page_file.headers["Content-Disposition"] and page_file.get_json() == file
    # imported again (another laptop): stored beside it under a free name, and now the newest
    r = client.post("/api/profiles", json=file)
    assert r.status_code == 201 and r.get_json() == {"game": GAME, "name": "Our board (2)"}
    assert client.get(f"/api/profiles/{GAME}").get_json()["newest"] == "Our board (2)"
    t2 = api.create(GAME, {"players": "3"}, profile="Our board (2)")
    regions = api.public(t2["code"])["state"]["regions"]
    assert all(r["name"] for r in regions)
    screen = client.get(f"/t/{t2['code']}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert "Shore Lake" in screen and not any(f"Área {a} · {r}" in screen for a in range(1, 6) for r in range(1, 6))


def test_a_profile_file_is_checked_like_a_table_started_from_it(api, client):
    before = client.get(f"/api/profiles/{GAME}").get_json()["profiles"]  # PostgreSQL is shared by the run
    bad = [{"format": "something else", "game": GAME, "profile": {}},
           {"format": "tabletop-companion profile", "game": "generic", "profile": {}},
           {"format": "tabletop-companion profile", "game": GAME, "profile": {"regions": {"1-1": {"light": {"gold": 99}}}}},
           {"format": "tabletop-companion profile", "game": GAME,
            "profile": {"regions": {"1-1": {"name": "A"}, "1-2": {"name": "a"}}}}]
    for data in bad:
        r = client.post("/api/profiles", json=data)
        assert r.status_code == 400, r.get_json()
    assert client.get(f"/api/profiles/{GAME}").get_json()["profiles"] == before  # none stored
    assert client.get(f"/api/profiles/{GAME}/file?name=nothing").status_code == 404


def test_saving_a_profile_with_unnamed_regions_says_what_later_tables_miss(api, client):
    from tests.conftest import csrf_token

    t, code, _tokens = new_table(api)
    client.set_cookie(f"host_{code}", t["host_token"])
    client.get(f"/t/{code}/screen")
    r = client.post(f"/t/{code}/host/profile?lang=en", data={"name": "Half"},
                    headers={"X-CSRF-Token": csrf_token(client), "HX-Request": "true"})
    body = r.get_data(as_text=True)
    assert r.status_code == 200 and "Profile saved: Half" in body and "Regions without a name: 25 of 25" in body
