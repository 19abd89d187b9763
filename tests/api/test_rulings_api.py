"""The table's rulings (issue #29): the host records "we ruled: ..." citing a rules entry; it is an
event of the log (kept by export and import, untouched by undo), shows on the story screen, in the
record export and beside its entry on the Rules page; the text is always escaped."""

from __future__ import annotations

import pytest

from tests.conftest import Api

ENTRY = "overview-goal"
EVIL = '<script>alert("x")</script> we play it as printed'


@pytest.fixture
def table(api: Api):
    t = api.create("agot", {"players": 3})
    code = t["code"]
    seat = api.join(code, "stark", "Caio")
    return code, t["host_token"], seat


def rule(api: Api, code: str, token: str | None, text: str, entry: str | None = ENTRY):
    return api.client.post(f"/api/tables/{code}/rulings", json={"text": text, "entry": entry},
                           headers=api.auth(token))


def test_host_records_a_ruling_that_shows_everywhere_escaped(api, table):
    code, host, seat = table
    r = rule(api, code, host, EVIL)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["rulings"][0] == {"text": EVIL, "entry": ENTRY, "round": 1, "seq": r.get_json()["rulings"][0]["seq"]}
    story = api.client.get(f"/t/{code}/story?lang=en").get_data(as_text=True)
    assert "Our rulings" in story and "&lt;script&gt;alert(" in story and "<script>alert" not in story
    rules = api.client.get(f"/t/{code}/rules?entry={ENTRY}&lang=pt_BR").get_data(as_text=True)
    assert "Esta mesa decidiu (rodada 1):" in rules and "&lt;script&gt;" in rules and "<script>alert" not in rules
    log = api.log(code)
    assert any("The table ruled" in e["text"] or "A mesa decidiu" in e["text"] for e in log)
    download = api.client.get(f"/t/{code}/story.html").get_data(as_text=True)
    assert "&lt;script&gt;alert(" in download and "<script" not in download


def test_refusals_change_nothing(api, table):
    code, host, seat = table
    assert rule(api, code, seat, "we ruled").status_code == 403  # a player without host rights
    assert rule(api, code, None, "we ruled").status_code in (401, 403)
    assert rule(api, code, host, "   ").status_code == 400
    assert rule(api, code, host, "x" * 301).status_code == 400
    assert rule(api, code, host, "ok", entry="no-such-entry").status_code == 404
    assert "Our rulings" not in api.client.get(f"/t/{code}/story").get_data(as_text=True)


def test_rulings_survive_undo_and_the_record_and_the_continuation_export(api, table):
    code, host, seat = table
    api.ok(code, host, {"type": "start"})
    assert rule(api, code, host, "Ties go to the Iron Throne holder", entry=None).status_code == 201
    api.undo(code, host)  # undoes the start, not the ruling
    story = api.client.get(f"/t/{code}/story").get_data(as_text=True)
    assert "Ties go to the Iron Throne holder" in story
    api.client.set_cookie(f"host_{code}", host)
    record = api.client.get(f"/t/{code}/export").get_json()
    assert [r["text"] for r in record["rulings"]] == ["Ties go to the Iron Throne holder"]
    exported = api.export(code, host)
    assert [e["kind"] for e in exported["events"]].count("ruling") == 1
    r = api.client.post("/api/tables/import", json=exported)
    assert r.status_code == 201, r.get_json()
    new = r.get_json()["code"]
    assert "Ties go to the Iron Throne holder" in api.client.get(f"/t/{new}/story").get_data(as_text=True)


def test_the_tv_overlay_offers_the_host_to_record_a_ruling_on_the_shown_entry(api, client, table):
    code, host, _seat = table
    client.set_cookie(f"host_{code}", host)
    from tests.conftest import csrf_token

    token = csrf_token(client, f"/t/{code}/screen")
    r = client.post(f"/t/{code}/rules/show", data={"entry": ENTRY, "csrf_token": token})
    assert r.status_code in (200, 302)
    overlay = client.get(f"/t/{code}/frag/rules?lang=en").get_data(as_text=True)
    assert "Record the ruling" in overlay and f'value="{ENTRY}"' in overlay
    r = client.post(f"/t/{code}/rulings", data={"entry": ENTRY, "text": "as printed", "csrf_token": token})
    assert r.status_code in (200, 302)
    assert "as printed" in client.get(f"/t/{code}/rules?entry={ENTRY}").get_data(as_text=True)


def test_a_table_keeps_at_most_max_rulings_and_says_so_in_both_languages(api, table):
    """Issue #39, item 5: 400 extra rulings were accepted on one table (a 135 KB story download)."""
    from companion import engine

    code, host, _seat = table
    for i in range(engine.MAX_RULINGS):
        assert rule(api, code, host, f"ruling {i}").status_code == 201
    version = api.public(code)["version"]
    r = rule(api, code, host, "one more")
    assert r.status_code == 409
    assert r.get_json()["error"] == f"This table already has {engine.MAX_RULINGS} rulings, the most one table keeps."
    r = api.client.post(f"/api/tables/{code}/rulings?lang=pt_BR", json={"text": "mais uma", "entry": ENTRY},
                        headers=api.auth(host))
    assert r.status_code == 409 and r.get_json()["error"] == \
        f"Esta mesa já tem {engine.MAX_RULINGS} decisões, o máximo que uma mesa guarda."
    assert api.public(code)["version"] == version  # the refusal changed nothing
    assert rule(api, code, host, "x" * (engine.MAX_RULING + 1)).status_code == 400  # and the length limit


def test_an_import_with_too_many_rulings_is_refused_whole(api, table, app):
    from companion import engine
    from companion.tables import Viewer

    code, host, _seat = table
    rule(api, code, host, "the only one")
    data = app.extensions["companion.tables"].export(code, Viewer(host=True))
    ruling = next(e for e in data["events"] if e["kind"] == "ruling")
    data["events"] += [ruling] * engine.MAX_RULINGS
    r = api.client.post("/api/tables/import", json=data)
    assert r.status_code == 400 and "rulings" in r.get_json()["error"]
    data["events"] = data["events"][:-1]
    assert api.client.post("/api/tables/import", json=data).status_code == 201
