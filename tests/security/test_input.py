"""Bad input is refused at the door with a 4xx ``{error, rule}`` and changes nothing; accepted input
can never break a table for good (the export and every page keep working)."""

from __future__ import annotations

import json

import pytest

DEEP = "[" * 5000 + "]" * 5000


def routes(code: str) -> list[str]:
    return ["/api/tables", "/api/tables/import", f"/api/tables/{code}/seats", f"/api/tables/{code}/actions",
            f"/api/tables/{code}/seats/p1/free", f"/api/tables/{code}/seats/p1/host",
            f"/api/tables/{code}/profile"]


def refused(r, status: int = 400) -> None:
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:200])
    body = r.get_json()
    assert set(body) >= {"error", "rule"} and body["error"]


@pytest.mark.parametrize("payload", [DEEP, '{"a": NaN}', '{"a": Infinity}', '{"a": 1e999}', "[1, 2]", '"x"',
                                     "7", "{not json"])
def test_every_json_route_refuses_bad_bodies_with_a_message(api, client, payload):
    t = api.create("generic", {})
    host = api.auth(t["host_token"])
    for url in routes(t["code"]):
        r = client.post(url, data=payload, headers={**host, "Content-Type": "application/json"})
        refused(r, 400)
    assert api.public(t["code"])["version"] == 1


def test_wrong_types_are_refused_with_the_field(api, client):
    t = api.create("generic", {})
    code = t["code"]
    refused(client.post("/api/tables", json={"game": "generic", "options": {"seats": 1e308 * 10}}))
    r = client.post("/api/tables", json={"game": "generic", "options": {"seats": {"a": 1}}})
    refused(r)
    assert "options" in r.get_json()["error"]
    refused(client.post(f"/api/tables/{code}/seats", json={"seat": ["p1"], "name": "Ana"}))
    refused(client.post(f"/api/tables/{code}/seats/p1/free", json={"reissue": {"x": 1}},
                        headers=api.auth(t["host_token"])))
    refused(client.post(f"/api/tables/{code}/actions", json={"type": 5}, headers=api.auth(t["host_token"])))


def test_a_deep_extra_field_in_an_action_never_reaches_the_log(api, client):
    t = api.create("generic", {"seats": "A"})
    code, host = t["code"], t["host_token"]
    deep = '{"x": ' * 964 + "1" + "}" * 964
    r = client.post(f"/api/tables/{code}/actions",
                    data='{"type": "adjust", "counter": "Round", "delta": 1, "extra": ' + deep + "}",
                    headers={**api.auth(host), "Content-Type": "application/json"})
    refused(r)
    assert api.public(code)["version"] == 1
    assert client.get(f"/api/tables/{code}/export", headers=api.auth(host)).status_code == 200
    assert api.export(code, host)["events"]


def _export_with(api, mutate) -> dict:
    t = api.create("generic", {"seats": "A, B"})
    api.join(t["code"], "p1", "Ana")
    data = api.export(t["code"], t["host_token"])
    mutate(data)
    return data


def test_import_rebuilds_seat_events_and_refuses_impossible_numbers(api, client):
    def object_label(data):
        data["events"].append({"kind": "leave", "actor": {"host": True}, "rng_seed": 1, "time": 1,
                               "action": {"seat": "p1", "reissued": False, "label": {"_": {"x": 1}}}})
    r = client.post("/api/tables/import", json=_export_with(api, object_label))
    assert r.status_code == 201, r.get_json()
    new = r.get_json()
    client.set_cookie(f"host_{new['code']}", new["host_token"])
    for url in (f"/t/{new['code']}/screen", f"/t/{new['code']}/frag/screen", f"/t/{new['code']}/frag/host",
                f"/t/{new['code']}/log", f"/api/tables/{new['code']}/log"):
        assert client.get(url).status_code == 200, url
    assert api.export(new["code"], new["host_token"])["events"]

    def infinite_time(data):
        data["events"][-1]["time"] = float("inf")
    r = client.post("/api/tables/import", data=json.dumps(_export_with(api, infinite_time)),
                    headers={"Content-Type": "application/json"})
    refused(r)
    # the same file from the command line (Python's json reads Infinity) is refused too
    from companion.games.base import RuleError

    svc = api.client.application.extensions["companion.tables"]
    with pytest.raises(RuleError):
        svc.import_table(_export_with(api, infinite_time))

    def bool_seed(data):
        data["events"][-1]["rng_seed"] = True
    refused(client.post("/api/tables/import", json=_export_with(api, bool_seed)))
