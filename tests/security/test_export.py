"""Nothing obtained over HTTP rebuilds a seat's secrets: the host's browser downloads a record (no
event seeds, no private input) that cannot be imported; the continuation export exists only on the
command line (``companion export``), for the laptop's operator who owns the database anyway."""

from __future__ import annotations

import json

import pytest

from companion import cli

PRIVATE_PLOT = "Zzq Private Plot"


def _table(api, game: str):
    opts = {"autopass_start": "structure"} if game == "lcg" else {}
    t = api.create(game, opts)
    code = t["code"]
    seats = [s["id"] for s in api.public(code)["seats"]]
    tokens = {s: api.join(code, s, f"P{i}") for i, s in enumerate(seats)}
    return t, code, tokens


@pytest.mark.parametrize("game", ["generic", "agot", "lcg", "immortals", "catan-watch"])
def test_http_export_is_a_record_without_seeds_or_private_input(api, client, game):
    t, code, tokens = _table(api, game)
    first = next(iter(tokens.values()))
    if game == "lcg":  # a private plot deck (only its seat may read it)
        api.ok(code, first, {"type": "add_plot", "name": PRIVATE_PLOT, "gold": 5, "initiative": 3, "claim": 1})
    host = api.auth(t["host_token"])
    client.set_cookie(f"host_{code}", t["host_token"])
    for r in (client.get(f"/api/tables/{code}/export", headers=host), client.get(f"/t/{code}/export")):
        assert r.status_code == 200
        body = r.get_data(as_text=True)
        data = json.loads(body)
        assert data["format"] == "tabletop-companion/record"
        assert "rng_seed" not in body and "events" not in data
        assert PRIVATE_PLOT not in body
        assert data["public"]["code"] == code and data["log"][0]["text"]
        # an import of what HTTP handed out is refused: it could rebuild dealt hands in a copy
        r = client.post("/api/tables/import", json=data)
        assert r.status_code == 400
        assert "companion export" in r.get_json()["error"]


def test_a_seat_with_host_rights_cannot_download_even_the_record(api, client):
    t, code, tokens = _table(api, "generic")
    client.post(f"/api/tables/{code}/seats/p1/host", json={"on": True}, headers=api.auth(t["host_token"]))
    assert client.get(f"/api/tables/{code}/export", headers=api.auth(tokens["p1"])).status_code == 403


def test_command_line_export_continues_the_table(tmp_path, monkeypatch, capsys):
    """``companion export`` / ``companion import`` (the operator's own database) round-trip a table."""
    from companion import create_app

    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path)})
    svc = app.extensions["companion.tables"]
    code, _host = svc.create("lcg", {"autopass_start": "structure"})
    from companion.tables import Viewer

    svc.join(code, "p1", "Ana")
    svc.act(code, Viewer(seat="p1"), {"type": "add_plot", "name": PRIVATE_PLOT, "gold": 5, "initiative": 3,
                                      "claim": 1})
    app.extensions["companion.tables"].db.dispose()
    out = tmp_path / "t.json"
    assert cli.main(["export", code, "-o", str(out), "--data-dir", str(tmp_path)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "tabletop-companion/table" and PRIVATE_PLOT in out.read_text(encoding="utf-8")
    assert cli.main(["import", str(out), "--data-dir", str(tmp_path)]) == 0
    assert "Imported as table" in capsys.readouterr().out


def _lcg_plot(name: str, initiative: int) -> dict:
    return {"name": name, "gold": 5, "initiative": initiative, "claim": 1, "when_revealed": False}


def test_a_sealed_answer_that_names_no_prompt_is_exported_once_revealed(app, api, client):
    """The LCG's answer may leave out ``prompt`` (docs: this round's plot prompt). Once the plots
    are revealed, the export must carry both answers (an import that lost them would wait for plots
    again), and a plot changed before the reveal stays out of it."""
    t = api.create("lcg", {"players": 2, "autopass_start": "structure"})
    code = t["code"]
    tok = {s: api.join(code, s, n) for s, n in (("p1", "Ana"), ("p2", "Bia"))}
    api.ok(code, tok["p1"], {"type": "answer", "value": _lcg_plot("Zzq First Thought", 3)})
    api.ok(code, tok["p1"], {"type": "answer", "value": _lcg_plot("Kept A", 6)})
    api.ok(code, tok["p2"], {"type": "answer", "value": _lcg_plot("Kept B", 1)})  # the reveal
    exported = api.export(code, t["host_token"])
    answers = [e["action"]["value"]["name"] for e in exported["events"] if e["action"].get("type") == "answer"]
    assert answers == ["Kept A", "Kept B"] and exported["withheld_answers"] == 1
    r = client.post("/api/tables/import", json=exported)
    assert r.status_code == 201, r.get_json()
    assert r.get_json().get("skipped", 0) == 0
    new = api.public(r.get_json()["code"])["state"]
    assert {s: p["plot"]["name"] for s, p in new["players"].items()} == {"p1": "Kept A", "p2": "Kept B"}


def test_a_replaced_answer_stays_hidden_whether_or_not_it_named_its_prompt(api):
    """An answer changed before the reveal is hidden for good (docs/api.md), also when one of the two
    named the prompt and the other did not: after the reveal nobody reads the first plot."""
    t = api.create("lcg", {"players": 2, "autopass_start": "structure"})
    code = t["code"]
    tok = {s: api.join(code, s, n) for s, n in (("p1", "Ana"), ("p2", "Bia"))}
    pid = api.me(code, tok["p1"])["private"]["plot_prompt"]["id"]
    api.ok(code, tok["p1"], {"type": "answer", "value": _lcg_plot("Zzq Bluff", 3)})
    api.ok(code, tok["p1"], {"type": "answer", "prompt": pid, "value": _lcg_plot("Kept A", 6)})
    api.ok(code, tok["p2"], {"type": "answer", "prompt": pid, "value": _lcg_plot("Kept B", 1)})
    for reader in (None, tok["p2"], t["host_token"]):
        assert "Zzq Bluff" not in json.dumps(api.log(code, reader))
    assert "Kept A" in json.dumps(api.log(code, tok["p2"]))
