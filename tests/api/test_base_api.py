"""The base server through its JSON API and pages, on SQLite and (in CI) PostgreSQL."""

from __future__ import annotations

import json
import threading

import pytest

from tests.conftest import csrf_token, without_noise

SECRET = 917  # a bid value that appears nowhere else in a page


def table_with_bid(api, seats=("A", "B", "C")):
    t = api.create("generic", {"seats": ", ".join(seats)})
    code = t["code"]
    tokens = [api.join(code, f"p{i + 1}", name) for i, name in enumerate(["Ana", "Bia", "Caio"][: len(seats)])]
    api.ok(code, tokens[0], {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 999})
    return t, code, tokens


def answers_in(export: dict) -> list:
    """Every answer value in an export (checked structurally: seeds are long random numbers)."""
    return [e["action"].get("value") for e in export["events"] if e["action"].get("type") == "answer"]


def test_games_are_listed(client):
    games = client.get("/api/games").get_json()["games"]
    assert games[0]["id"] == "generic"


def test_create_returns_code_tokens_and_urls(api):
    t = api.create("generic")
    assert len(t["code"]) in (4, 5) and not set(t["code"]) & set("0O1IL2Z5S8B")
    assert t["join_url"].endswith(f"/t/{t['code']}/join")
    assert t["screen_url"].endswith(f"/t/{t['code']}/screen")
    assert api.public(t["code"])["version"] == 1


def test_unrevealed_answer_reaches_no_other_device_by_any_route(api, client):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})
    routes = [
        client.get(f"/api/tables/{code}").data,
        client.get(f"/api/tables/{code}/me", headers=api.auth(bia)).data,
        client.get(f"/api/tables/{code}/log").data,
        client.get(f"/api/tables/{code}/log", headers=api.auth(bia)).data,
        client.get(f"/api/tables/{code}/log", headers=api.auth(t["host_token"])).data,
        client.get(f"/t/{code}/frag/screen").data,
        client.get(f"/t/{code}/screen").data,
        # a refusal must not echo the secret either
        api.act(code, bia, {"type": "answer", "prompt": "g1", "value": 5000}).data,
    ]
    for body in routes:
        # pictures (the QR code's path), the form token (random) and the static files' digests
        # are left out: their digits are not state (tests.conftest.without_noise)
        assert str(SECRET) not in without_noise(body.decode())
    assert SECRET not in answers_in(api.export(code, t["host_token"]))
    assert api.me(code, ana)["private"]["prompts"][0]["mine"] == SECRET
    assert api.public(code)["state"]["prompts"][0]["answered"] == ["p1"]
    # the last answer reveals everything at once, to everyone
    api.ok(code, bia, {"type": "answer", "prompt": "g1", "value": 3})
    api.ok(code, caio, {"type": "answer", "prompt": "g1", "value": 4})
    prompt = api.public(code)["state"]["prompts"][0]
    assert prompt["revealed"] and prompt["answers"] == {"p1": SECRET, "p2": 3, "p3": 4}
    assert any(str(SECRET) in e["text"] for e in api.log(code))


def test_changed_answer_stays_secret_after_the_reveal(api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": 1})
    api.ok(code, bia, {"type": "answer", "prompt": "g1", "value": 2})
    api.ok(code, caio, {"type": "answer", "prompt": "g1", "value": 3})
    assert str(SECRET) not in json.dumps(api.log(code))
    assert SECRET not in answers_in(api.export(code, t["host_token"]))
    assert api.public(code)["state"]["prompts"][0]["answers"]["p1"] == 1


@pytest.mark.parametrize("case", ["unknown_table", "seat_taken", "malformed", "out_of_range", "wrong_seat",
                                  "forged_token", "no_token", "host_only", "unknown_action", "not_object"])
def test_bad_input_gets_a_clear_message_and_changes_nothing(api, client, case):
    t, code, (ana, bia, caio) = table_with_bid(api)
    before = api.public(code)
    if case == "unknown_table":
        r = client.get("/api/tables/QQQQ")
    elif case == "seat_taken":
        r = client.post(f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Intruder"})
    elif case == "malformed":
        r = client.post(f"/api/tables/{code}/actions", data="{nope", headers={**api.auth(ana), "Content-Type": "application/json"})
    elif case == "out_of_range":
        r = api.act(code, ana, {"type": "answer", "prompt": "g1", "value": -1})
    elif case == "wrong_seat":
        r = api.act(code, bia, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 1})
    elif case == "forged_token":
        r = api.act(code, "x" * 32, {"type": "roll", "dice": "1d6"})
    elif case == "no_token":
        r = api.act(code, None, {"type": "roll", "dice": "1d6"})
    elif case == "host_only":
        r = api.undo(code, ana)
    elif case == "unknown_action":
        r = api.act(code, ana, {"type": "teleport"})
    else:
        r = client.post(f"/api/tables/{code}/actions", json=[1, 2], headers=api.auth(ana))
    assert 400 <= r.status_code < 500
    body = r.get_json()
    assert body["error"] and "Traceback" not in r.get_data(as_text=True)
    assert "rule" in body
    assert api.public(code) == before


def test_undo_is_logged_not_deleted(api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 5})
    assert api.public(code)["state"]["values"]["p1"]["VP"] == 5
    v_before = api.public(code)["version"]
    assert api.undo(code, t["host_token"]).status_code == 200
    after = api.public(code)
    assert after["state"]["values"]["p1"]["VP"] == 0
    assert after["version"] == v_before + 1  # the undo is an event of its own
    last = api.log(code)[-1]
    assert last["kind"] == "undo" and "VP" in last["undone"][0]["text"]
    # undo again reverts the previous action (opening the prompt), never a seat join
    api.undo(code, t["host_token"])
    assert api.public(code)["state"]["prompts"] == []
    assert api.undo(code, t["host_token"]).status_code == 409
    assert [s["name"] for s in api.public(code)["seats"]] == ["Ana", "Bia", "Caio"]


def test_export_then_import_continues_the_game(api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 2})
    api.ok(code, bia, {"type": "roll", "dice": "2d6"})
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})  # pending: withheld
    exported = api.export(code, t["host_token"])
    assert exported["withheld_answers"] == 1
    assert "token" not in json.dumps(exported).lower().replace("host_token", "")
    r = api.client.post("/api/tables/import", json=exported)
    assert r.status_code == 201
    new = r.get_json()
    pub = api.public(new["code"])
    old = api.public(code)
    assert pub["state"]["values"] == old["state"]["values"]
    assert pub["state"]["rolls"] == old["state"]["rolls"]
    assert pub["state"]["prompts"][0]["answered"] == []  # Ana answers again on the new machine
    assert [s["name"] for s in pub["seats"]] == ["Ana", "Bia", "Caio"]
    assert not any(s["taken"] for s in pub["seats"])
    ana2 = api.join(new["code"], "p1", "Ana")
    api.ok(new["code"], ana2, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 1})
    assert api.public(new["code"])["state"]["values"]["p1"]["VP"] == 3


def test_import_refuses_garbage(api, client):
    for bad in ({}, {"format": "tabletop-companion/table", "game": "generic", "events": []}, [1]):
        r = client.post("/api/tables/import", json=bad)
        assert r.status_code in (400, 404) and r.get_json()["error"]


def test_concurrent_answers_reveal_once_and_lose_nothing(app):
    """Six phones answer at the same moment, many times: one reveal, every final answer kept."""
    svc = app.extensions["companion.tables"]
    from companion.tables import Viewer

    def answer(code: str, seat: str, barrier: threading.Barrier, errors: list[Exception]) -> None:
        barrier.wait()
        try:
            for v in range(3):
                svc.act(code, Viewer(seat=seat), {"type": "answer", "prompt": "g1", "value": int(seat[1:]) * 10 + v})
        except Exception as err:  # a closed prompt after the reveal is the only allowed refusal
            errors.append(err)

    for _round in range(3):
        code, _host = svc.create("generic", {"seats": "A, B, C, D, E, F"})
        seats = [f"p{i}" for i in range(1, 7)]
        for s in seats:
            svc.join(code, s, s.upper())
        svc.act(code, Viewer(seat="p1"), {"type": "open_prompt", "title": "Race", "kind": "number", "min": 0, "max": 99})
        barrier = threading.Barrier(len(seats))
        errors: list[Exception] = []
        threads = [threading.Thread(target=answer, args=(code, s, barrier, errors)) for s in seats]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        snap = svc.snapshot(code)
        prompt = snap.state["g"]["prompts"]["g1"]
        assert prompt["revealed"]
        reveals = [e for e in snap.state["log"] if e["msg"].startswith("Revealed")]
        assert len(reveals) == 1
        assert set(prompt["answers"]) == set(seats)
        # every refusal is "already closed" (someone's later change arrived after the reveal)
        assert all(getattr(e, "status", None) == 409 for e in errors)
        # what the log replays is exactly what was acknowledged
        svc._cache.clear()
        assert svc.snapshot(code).state["g"]["prompts"]["g1"]["answers"] == prompt["answers"]


def test_state_is_rebuilt_from_the_log_alone(app):
    svc = app.extensions["companion.tables"]
    from companion.tables import Viewer

    code, host = svc.create("generic", {"seats": "A, B"})
    svc.join(code, "p1", "Ana")
    for d in (1, 2, 3):
        svc.act(code, Viewer(seat="p1"), {"type": "adjust", "seat": "p1", "counter": "VP", "delta": d})
    svc.act(code, Viewer(seat="p1"), {"type": "roll", "dice": "4d6"})
    svc.undo(code, Viewer(host=True))
    expected = svc.snapshot(code).state
    svc._cache.clear()
    assert svc.snapshot(code).state == expected


def test_pages_are_never_cached_and_forms_need_csrf(api, client):
    t = api.create("generic")
    code = t["code"]
    r = client.get(f"/t/{code}/screen")
    assert r.headers["Cache-Control"] == "no-store"
    assert client.get(f"/api/tables/{code}").headers["Cache-Control"] == "no-store"
    r = client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana"})
    assert r.status_code == 403
    assert api.public(code)["seats"][0]["taken"] is False


def test_phone_join_by_form_keeps_the_seat_in_a_cookie(api, client):
    t = api.create("generic")
    code = t["code"]
    page = client.get(f"/t/{code}/join")
    csrf = csrf_token(client)
    assert page.status_code == 200
    r = client.post(f"/t/{code}/join", data={"seat": "p2", "name": "Bia", "csrf_token": csrf})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/t/{code}/seat")
    assert client.get(f"/t/{code}/seat").status_code == 200
    frag = client.get(f"/t/{code}/frag/seat").get_data(as_text=True)
    assert "Bia" in frag
    r = client.post(f"/t/{code}/act", data={"type": "adjust", "seat": "p2", "counter": "VP", "delta": "2"},
                    headers={"X-CSRF-Token": csrf, "HX-Request": "true"})
    assert r.status_code == 200 and r.headers["HX-Trigger"] == "refresh"
    assert api.public(code)["state"]["values"]["p2"]["VP"] == 2
    r = client.post(f"/t/{code}/act", data={"type": "adjust", "seat": "p1", "counter": "VP", "delta": "2"},
                    headers={"X-CSRF-Token": csrf, "HX-Request": "true"})
    assert r.status_code == 403 and "own counters" in r.get_data(as_text=True)
    assert r.headers["HX-Retarget"] == "#toast"


def test_host_frees_a_seat_and_reissues_its_link(api, client):
    t = api.create("generic")
    code, host = t["code"], t["host_token"]
    lost = api.join(code, "p1", "Ana")
    r = client.post(f"/api/tables/{code}/seats/p1/free", json={"reissue": True}, headers=api.auth(host))
    claim = r.get_json()["claim"]
    assert api.act(code, lost, {"type": "roll", "dice": "1d6"}).status_code == 401
    # the room code alone does not grant the reserved seat
    r = client.post(f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Someone"})
    assert r.status_code == 409
    r = client.post(f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Ana", "claim": claim})
    assert r.status_code == 201
    # the link works once
    r = client.post(f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Ana", "claim": claim})
    assert r.status_code == 409


def test_host_rights_can_be_handed_to_a_phone(api, client):
    t = api.create("generic")
    code, host = t["code"], t["host_token"]
    bia = api.join(code, "p2", "Bia")
    api.ok(code, bia, {"type": "adjust", "seat": "p2", "counter": "VP", "delta": 1})
    assert api.undo(code, bia).status_code == 403
    client.post(f"/api/tables/{code}/seats/p2/host", json={"on": True}, headers=api.auth(host))
    assert api.undo(code, bia).status_code == 200
    assert api.me(code, bia)["host"] is True


def test_stream_announces_versions_only(app, api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})
    svc = app.extensions["companion.tables"]
    gen = svc.live.stream(code, lambda: svc.version(code), heartbeat=0.05)
    first = [next(gen), next(gen)]
    assert first[0].startswith("retry:")
    assert first[1] == f"event: update\ndata: {svc.version(code)}\n\n"
    assert next(gen).startswith("event: ping")
    api.ok(code, bia, {"type": "roll", "dice": "1d6"})
    assert next(gen) == f"event: update\ndata: {svc.version(code)}\n\n"
    gen.close()
    assert str(SECRET) not in "".join(first)


def test_language_follows_browser_and_switch(client, api):
    t = api.create("generic")
    r = client.get(f"/t/{t['code']}/screen", headers={"Accept-Language": "pt-BR,pt;q=0.9"})
    assert 'lang="pt-BR"' in r.get_data(as_text=True)
    r = client.get(f"/t/{t['code']}/screen?lang=en", headers={"Accept-Language": "pt-BR"})
    assert 'lang="en"' in r.get_data(as_text=True)
    r = client.get(f"/t/{t['code']}/screen", headers={"Accept-Language": "pt-BR"})
    assert 'lang="en"' in r.get_data(as_text=True)  # remembered in a cookie


def test_an_undone_answer_stays_secret_after_the_reveal(api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": SECRET})
    assert api.undo(code, t["host_token"]).status_code == 200
    api.ok(code, ana, {"type": "answer", "prompt": "g1", "value": 2})
    api.ok(code, bia, {"type": "answer", "prompt": "g1", "value": 3})
    api.ok(code, caio, {"type": "answer", "prompt": "g1", "value": 4})
    for token in (None, bia, t["host_token"]):
        assert str(SECRET) not in json.dumps(api.log(code, token))
    assert SECRET not in answers_in(api.export(code, t["host_token"]))


def test_a_reveal_cannot_be_undone(api):
    t, code, (ana, bia, caio) = table_with_bid(api)
    for tok, v in ((ana, 1), (bia, 2), (caio, 3)):
        api.ok(code, tok, {"type": "answer", "prompt": "g1", "value": v})
    before = api.public(code)
    r = api.undo(code, t["host_token"])
    assert r.status_code == 409 and r.get_json()["source"] == "companion: undo"
    assert api.public(code) == before


def test_a_damaged_import_is_refused_whole(api, client):
    t, code, (ana, bia, caio) = table_with_bid(api)
    exported = api.export(code, t["host_token"])
    for bad_event in ({"kind": "join", "actor": {}, "action": {"seat": "p1"}, "rng_seed": 0},
                      {"kind": "join", "actor": {}, "action": {"seat": "nobody", "name": "X"}, "rng_seed": 0},
                      {"kind": "action", "actor": {"seat": "p1"}, "action": {"type": "roll"}, "rng_seed": 2**70},
                      {"kind": "mystery", "actor": {}, "action": {}, "rng_seed": 0}):
        broken = dict(exported, events=exported["events"] + [bad_event])
        r = client.post("/api/tables/import", json=broken)
        assert r.status_code == 400 and r.get_json()["error"] == "The export is damaged."


def test_import_rebuilds_the_same_state_the_log_replays(app):
    svc = app.extensions["companion.tables"]
    from companion.tables import Viewer

    code, _ = svc.create("generic", {"seats": "A, B"})
    svc.join(code, "p1", "Ana")
    svc.act(code, Viewer(seat="p1"), {"type": "roll", "dice": "3d6"})
    new, _, skipped = svc.import_table(svc.export(code, Viewer(host=True)))
    cached = svc.snapshot(new).state
    svc._cache.clear()
    assert svc.snapshot(new).state == cached and skipped == 0


@pytest.mark.parametrize("action", [
    {"type": "adjust", "seat": ["p1"], "counter": "VP", "delta": 1},
    {"type": "adjust", "seat": {"x": 1}, "counter": "VP", "delta": 1},
    {"type": "open_prompt", "title": "x", "kind": "number", "min": 0, "max": 3, "seats": 5},
    {"type": "answer", "prompt": ["g1"], "value": 1},
    {"type": "roll", "dice": ["2d6"]},
])
def test_malformed_fields_get_a_400_not_a_crash(api, action):
    t, code, (ana, bia, caio) = table_with_bid(api)
    before = api.public(code)
    r = api.act(code, ana, action)
    assert 400 <= r.status_code < 500 and r.get_json()["error"]
    assert api.public(code) == before


def test_odd_input_types_elsewhere_are_refused_cleanly(api, client):
    t = api.create("generic")
    assert client.post("/api/tables", json={"game": "generic", "profile": ["x"]}).status_code == 400
    r = client.post(f"/api/tables/{t['code']}/seats", json={"seat": "p1", "name": "A", "claim": 5})
    assert r.status_code == 400 and "claim" in r.get_json()["error"]  # schema-checked at the door
    assert client.get("/api/tables/%00AB").status_code == 404


def test_a_phone_that_switches_seats_gives_the_old_one_back(api, client):
    t = api.create("generic")
    code = t["code"]
    client.get(f"/t/{code}/join")
    csrf = csrf_token(client)
    client.post(f"/t/{code}/join", data={"seat": "p1", "name": "Ana", "csrf_token": csrf})
    client.post(f"/t/{code}/join", data={"seat": "p2", "name": "Ana", "csrf_token": csrf})
    seats = {s["id"]: s for s in api.public(code)["seats"]}
    assert seats["p2"]["taken"] and not seats["p1"]["taken"]


def test_only_the_creating_host_device_can_export(api, client):
    t = api.create("generic")
    code = t["code"]
    bia = api.join(code, "p2", "Bia")
    client.post(f"/api/tables/{code}/seats/p2/host", json={"on": True}, headers=api.auth(t["host_token"]))
    assert client.get(f"/api/tables/{code}/export", headers=api.auth(bia)).status_code == 403
    assert client.get(f"/api/tables/{code}/export", headers=api.auth(t["host_token"])).status_code == 200


def test_switching_language_keeps_a_join_link_claim(api, client):
    t = api.create("generic")
    code = t["code"]
    api.join(code, "p1", "Ana")
    claim = client.post(f"/api/tables/{code}/seats/p1/free", json={"reissue": True},
                        headers=api.auth(t["host_token"])).get_json()["claim"]
    page = client.get(f"/t/{code}/join?claim={claim}").get_data(as_text=True)
    assert f"claim={claim}&amp;lang=pt_BR" in page
    page = client.get(f"/t/{code}/join?claim={claim}&lang=pt_BR").get_data(as_text=True)
    assert f'name="claim" value="{claim}"' in page


def test_http_errors_speak_the_visitors_language(client):
    r = client.get("/nowhere", headers={"Accept-Language": "pt-BR"})
    assert r.status_code == 404 and "Esta página não existe." in r.get_data(as_text=True)
    r = client.get("/api/nowhere", headers={"Accept-Language": "pt-BR"})
    assert r.get_json()["error"] == "Esta página não existe."
