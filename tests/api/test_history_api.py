"""GET /api/tables/<code>/history: the figures at each round's end are the numbers the public view
showed then (the log replayed through the engine), for every game; nothing secret is in them."""

from __future__ import annotations

import json
from typing import Any

from companion.games import get as get_game
from companion.tables import Viewer
from tests.conftest import Api
from tools import tv_scenarios


class Recorder(Api):
    """The JSON client, keeping the public view after every accepted action (what the TV showed)."""

    def __init__(self, client) -> None:
        super().__init__(client)
        self.views: list[dict[str, Any]] = []
        self.tokens: dict[str, str] = {}

    def ok(self, code: str, token: str | None, action: dict[str, Any]) -> dict[str, Any]:
        out = super().ok(code, token, action)
        self.views.append(self.public(code)["state"])
        return out

    def state(self, code: str) -> dict[str, Any]:
        return self.public(code)["state"]


class ScenarioRecorder(Recorder):
    """The same, speaking tools/tv_scenarios.py's client (``me`` is the private view itself)."""

    def me(self, code: str, token: str) -> dict[str, Any]:
        return super().me(code, token)["private"]


def history(api: Api, code: str) -> dict[str, Any]:
    r = api.client.get(f"/api/tables/{code}/history")
    assert r.status_code == 200
    return r.get_json()


def figures(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in ("round", "status", "moments")}


def last_view_of_each_round(game_id: str, views: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    chron = get_game(game_id).chronicle
    return {chron.round_of(v): v for v in views}


def check_rounds_match_the_screen(api: Recorder, code: str, game_id: str, skip: tuple[int, ...] = ()) -> dict:
    """Every row equals the chronicle's figures of the last public view of its round."""
    chron = get_game(game_id).chronicle
    told = history(api, code)
    seen = last_view_of_each_round(game_id, api.views)
    assert [r["round"] for r in told["rounds"]] == sorted(r for r in seen if r > 0)
    for row in told["rounds"]:
        if row["round"] not in skip:
            assert figures(row) == chron.figures(seen[row["round"]]), row["round"]
    assert told["rounds"][-1]["status"] in ("live", "final")
    assert all(r["status"] == "done" for r in told["rounds"][:-1])
    return told


def test_agot_three_rounds_match_the_screen_and_tell_the_combat_and_bids(client):
    api = ScenarioRecorder(client)
    code = [c for _moment, c in tv_scenarios.agot_story(api)][-1]
    told = check_rounds_match_the_screen(api, code, "agot")
    r1, r2, r3 = told["rounds"]
    assert [m["kind"] for m in r1["moments"]] == ["combat"]
    fight = r1["moments"][0]
    assert (fight["area"], fight["attacker"], fight["defender"], fight["winner"]) == \
        ("riverrun", "lannister", "greyjoy", "lannister")
    assert fight["totals"] == {"attacker": 9, "defender": 6}
    assert [m["track"] for m in r2["moments"]] == ["iron_throne", "fiefdoms", "kings_court"]
    assert r2["moments"][0]["bids"] == {"baratheon": 1, "lannister": 2, "stark": 0, "greyjoy": 3}
    assert r2["tracks"]["iron_throne"][0] == "greyjoy"  # the highest bid takes the Iron Throne (p.10)
    assert r3["status"] == "final" and r3["seats"]["stark"]["castles"] == 7
    assert told["over"] and told["winners"] == ["stark"]


def test_generic_rounds_follow_the_round_counter_and_reveals_only_once_revealed(client):
    api = Recorder(client)
    t = api.create("generic", {"seats": "A, B", "counters": "VP", "shared_counters": "Round"})
    code, host = t["code"], t["host_token"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2")}
    api.ok(code, host, {"type": "set", "counter": "Round", "value": 1})
    api.ok(code, tokens["p1"], {"type": "adjust", "counter": "VP", "seat": "p1", "delta": 3})
    api.ok(code, host, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 20})
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 13})
    # a sealed answer, unrevealed: nowhere in the history
    assert "13" not in json.dumps(history(api, code)["rounds"])
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 4})
    api.ok(code, host, {"type": "adjust", "counter": "Round", "delta": 1})
    api.ok(code, tokens["p2"], {"type": "adjust", "counter": "VP", "seat": "p2", "delta": 5})
    api.ok(code, host, {"type": "open_prompt", "title": "Vote", "kind": "number", "min": 0, "max": 9})
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g2", "value": 7})
    told = check_rounds_match_the_screen(api, code, "generic")
    assert [r["seats"]["p1"]["VP"] for r in told["rounds"]] == [3, 3]
    assert told["rounds"][0]["moments"][0]["ranked"] == [["p1", 13], ["p2", 4]]
    assert told["rounds"][1]["moments"] == []  # the open vote is not revealed yet
    assert "7" not in json.dumps(told["rounds"][1])


def test_undone_actions_are_not_in_the_history(client):
    api = Recorder(client)
    t = api.create("generic", {"seats": "A, B", "counters": "VP", "shared_counters": "Round"})
    code, host = t["code"], t["host_token"]
    token = api.join(code, "p1", "A")
    api.ok(code, token, {"type": "adjust", "counter": "VP", "seat": "p1", "delta": 3})
    api.ok(code, token, {"type": "adjust", "counter": "VP", "seat": "p1", "delta": 40})
    api.undo(code, host)
    assert history(api, code)["rounds"][0]["seats"]["p1"]["VP"] == 3


def test_immortals_round_ends_with_its_scoring(client):
    from tests.api.test_immortals_api import STARTS, choose, draft, new_table, order_from_first

    api = Recorder(client)
    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    order = order_from_first(api.state(code))
    for seat in order:
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{STARTS[int(seat[1]) - 1]}": "1"})
    for seat in order:
        api.ok(code, tokens[seat], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank"]}})
    for _ in range(8):
        state = api.state(code)
        if state["phase"] != "performance":
            break
        api.ok(code, tokens[state["turn"]], {"type": "pass", "take": "gold"})
    told = check_rounds_match_the_screen(api, code, "immortals", skip=(1,))
    # round 1 ends after its scoring, which the same event follows with round 2's start: its row
    # shows the VP the screen showed once scored, and the regions that scored
    first_of_2 = next(v for v in api.views if v["round"] == 2)
    row = told["rounds"][0]
    for p in first_of_2["players"]:
        assert row["seats"][p["seat"]]["vp"] == p["vp"]
        assert row["seats"][p["seat"]]["regions"] == first_of_2["last_scoring"]["points"][p["seat"]]["regions"]
    assert sum(s["vp"] for s in row["seats"].values()) > 0


def test_catan_rounds_are_turns_of_every_player(client):
    from tests.api.test_catan_watch_api import finish_setup, new_table

    api = Recorder(client)
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    for seat, dice in (("p1", (2, 3)), ("p2", (6, 6)), ("p3", (4, 4)), ("p1", (1, 2))):
        api.ok(code, tokens[seat], {"type": "roll", "red": dice[0], "yellow": dice[1], "d12": 4})
        if seat != "p1" or dice != (1, 2):
            api.ok(code, tokens[seat], {"type": "end_turn"})
    told = check_rounds_match_the_screen(api, code, "catan-watch")
    assert [r["round"] for r in told["rounds"]] == [1, 2]
    assert [m["sum"] for m in told["rounds"][0]["moments"] if m["kind"] == "roll"] == [5, 12, 8]
    assert "wildlings" in told["rounds"][0] and told["rounds"][0]["breaches"] == 0


def test_lcg_history_has_power_and_the_challenge_won(client):
    from tests.api.test_lcg_api import lcg_table, plot

    api = Recorder(client)
    t, code, tok = lcg_table(api, players=2)
    for s in tok:
        api.ok(code, tok[s], {"type": "autopass", "kinds": []})
    api.ok(code, tok["p1"], {"type": "answer", "value": plot("A", 6, gold=5, claim=2)})
    assert "A" not in [m.get("name") for r in history(api, code)["rounds"] for m in r["moments"]]
    api.ok(code, tok["p2"], {"type": "answer", "value": plot("B", 1, gold=4)})
    for _ in range(200):
        v = api.state(code)
        if v["decision"]:
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    api.ok(code, t["host_token"], {"type": "host_set", "seat": "p2", "field": "power", "value": 3})
    api.ok(code, tok["p1"], {"type": "challenge", "challenge": "power"})
    for _ in range(200):
        v = api.state(code)
        if v["box"] == "chal.resolve" and v["step"] == "input":
            api.ok(code, tok["p2"], {"type": "strength", "attacker": 4, "defender": 4})
            continue
        if v["decision"]:
            break
        api.ok(code, tok[v["priority"]], {"type": "pass"})
    told = check_rounds_match_the_screen(api, code, "lcg")
    row = told["rounds"][0]
    assert row["seats"]["p1"]["power"] == 2 and row["seats"]["p2"]["power"] == 1
    [won] = row["moments"]
    assert (won["type"], won["attacker"], won["winner"]) == ("power", "p1", "p1")


def stored_equals_replayed(app, code: str) -> None:
    """The stored story (rows written by each event) is the story a replay of the log tells, views too."""
    from companion import history as history_module

    svc = app.extensions["companion.tables"]
    snap = svc.snapshot(code)
    assert svc.story_stored(snap)
    stored = svc.story(snap, views=True)
    replayed = history_module.tell(snap.game, [svc.event_of(r) for r in svc.event_rows(code)])
    assert stored.json() == replayed.json()
    assert stored.views == replayed.views


def test_asking_for_the_story_never_replays_the_log(app, api, monkeypatch):
    """Issue #39, item 1: each ask replayed the whole log (2.5 s for a 10,000-event import; a cheap
    action then an ask cost a full replay 5 times of 5). Each event now stores its part of the story
    in its own transaction, so an ask reads rows: with every replay broken, every story page answers."""
    from companion import engine
    from companion import history as history_module

    api_ = ScenarioRecorder(api.client)
    code = [c for _moment, c in tv_scenarios.agot_story(api_)][-1]
    stored_equals_replayed(app, code)

    def no_replay(*_a, **_k):
        raise AssertionError("the log was replayed")

    for name in ("apply", "replay", "replay_one", "initial_state"):
        monkeypatch.setattr(engine, name, no_replay)
    monkeypatch.setattr(history_module, "replay", no_replay)
    for url in (f"/api/tables/{code}/history", f"/t/{code}/story", f"/t/{code}/story.html",
                f"/t/{code}/replay?round=1", f"/t/{code}/replay?round=2"):
        assert api.client.get(url).status_code == 200, url


def test_the_stored_story_follows_undos_rulings_and_seats_exactly(app, api):
    """Random play on the generic table (round counter, VP, sealed prompts revealed or not, seats
    freed, rulings) with undos in between: after every step the stored story is the replayed one."""
    import random

    rnd = random.Random(39)
    t = api.create("generic", {"seats": "A, B, C", "counters": "VP", "shared_counters": "Round"})
    code, host = t["code"], t["host_token"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3")}
    prompts = 0
    for step in range(60):
        roll = rnd.random()
        if roll < 0.2:
            api.undo(code, host)
        elif roll < 0.35:
            api.client.post(f"/api/tables/{code}/actions", headers=api.auth(host),
                            json={"type": "adjust", "counter": "Round", "delta": 1})
        elif roll < 0.5:
            prompts += 1
            api.client.post(f"/api/tables/{code}/actions", headers=api.auth(host),
                            json={"type": "open_prompt", "title": f"Bid {prompts}", "kind": "number", "min": 0, "max": 9})
        elif roll < 0.75:
            seat = rnd.choice(list(tokens))
            api.client.post(f"/api/tables/{code}/actions", headers=api.auth(tokens[seat]),
                            json={"type": "answer", "prompt": f"g{max(prompts, 1)}", "value": rnd.randint(0, 9)})
        elif roll < 0.95:
            seat = rnd.choice(list(tokens))
            api.client.post(f"/api/tables/{code}/actions", headers=api.auth(tokens[seat]),
                            json={"type": "adjust", "counter": "VP", "seat": seat, "delta": rnd.randint(1, 3)})
        else:
            api.client.post(f"/api/tables/{code}/rulings", headers=api.auth(host), json={"text": f"ruling {step}"})
        stored_equals_replayed(app, code)
    assert len(history(api, code)["rounds"]) > 1


def test_an_imported_table_has_its_story_stored_with_it(app, api):
    api_ = ScenarioRecorder(api.client)
    code = [c for _moment, c in tv_scenarios.agot_story(api_)][-1]
    svc = app.extensions["companion.tables"]
    new_code, _host, _skipped = svc.import_table(svc.export(code, Viewer(host=True)))
    stored_equals_replayed(app, new_code)
    assert history(api, new_code)["rounds"] == history(api, code)["rounds"]


def _forget_story(app, code: str) -> None:
    """Make ``code`` a table from before stories were stored (migration 0005 leaves them at 0)."""
    from sqlalchemy import text

    svc = app.extensions["companion.tables"]
    with svc.db.write() as s:
        s.exec(text("DELETE FROM story_entry WHERE table_code = :c").bindparams(c=code))
        s.exec(text("UPDATE game_table SET story_version = 0 WHERE code = :c").bindparams(c=code))
    svc._cache.clear()


def test_an_old_tables_story_is_replayed_once_then_stored_and_costs_the_askers_budget(app, api, monkeypatch):
    import threading

    from companion import history as history_module

    app.config["REPLAY_LIMIT"] = "2 per minute"
    codes = []
    for _ in range(3):
        t = api.create("generic", {"seats": "A, B", "shared_counters": "Round"})
        for _ in range(3):
            api.ok(t["code"], t["host_token"], {"type": "adjust", "counter": "Round", "delta": 1})
        codes.append(t["code"])
    expected = [history(api, c) for c in codes]
    for c in codes:
        _forget_story(app, c)
    real, calls = history_module.replay, []

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(history_module, "replay", counted)
    answers: list[Any] = []
    threads = [threading.Thread(target=lambda: answers.append(app.test_client().get(
        f"/api/tables/{codes[0]}/history").get_json())) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    # six parallel asks: one replay, the same story for all (each ask of a not-yet-stored table is
    # counted, so 2 of a budget of 2 a minute answer and the rest are refused)
    assert len(calls) == 1
    assert [a for a in answers if "rounds" in a] and all(a == expected[0] for a in answers if "rounds" in a)
    assert history(api, codes[0]) == expected[0]  # stored now: free, no replay
    assert len(calls) == 1
    r = api.client.get(f"/api/tables/{codes[1]}/history")
    assert r.status_code == 429 and "Too many stories of old tables" in r.get_json()["error"]
    r = api.client.get(f"/api/tables/{codes[1]}/history", environ_base={"REMOTE_ADDR": "192.168.7.7"})
    assert r.status_code == 200 and r.get_json() == expected[1]
    stored_equals_replayed(app, codes[1])
