"""The rules reference over HTTP: the JSON API (docs/api.md), refusals' citations and "Why?"
links, the rules page, and the host's "show to everyone" on the screen."""

from __future__ import annotations

import re

from tests.conftest import csrf_token


def lcg_table(api, players: int = 2):
    t = api.create("lcg", {"players": players})
    tokens = {f"p{i + 1}": api.join(t["code"], f"p{i + 1}", f"P{i + 1}") for i in range(players)}
    return t, t["code"], tokens


def test_search_api_shape_and_order(client):
    r = client.get("/api/games/lcg/rules", query_string={"q": "meera red viper", "lang": "en"})
    assert r.status_code == 200
    results = r.get_json()["results"]
    assert results[0] == {
        "id": "meera-red-viper", "title": results[0]["title"], "verdict": results[0]["verdict"],
        "text": results[0]["text"], "cite": {"book": "AGoT LCG FAQ v3.4", "page": "16", "source": "seed 003"},
        "related": ["meera-duplicate"]}
    assert set(results[0]) == {"id", "title", "verdict", "text", "cite", "related"}
    assert results[0]["verdict"].startswith("No")
    pt = client.get("/api/games/lcg/rules", query_string={"q": "vibora vermelha meera", "lang": "pt_BR"})
    first = pt.get_json()["results"][0]
    assert first["id"] == "meera-red-viper" and "imune" in first["text"]


def test_search_api_lists_everything_without_a_query_and_knows_games(client):
    everything = client.get("/api/games/lcg/rules?lang=en&limit=500").get_json()["results"]
    assert len(everything) >= 80
    assert client.get("/api/games/generic/rules?q=x").get_json() == {"results": [], "confidence": "none"}
    r = client.get("/api/games/nope/rules?q=x")
    assert r.status_code == 404 and r.get_json()["error"]


def test_one_entry_api(client):
    r = client.get("/api/games/lcg/rules/griff?lang=pt_BR")
    assert r.status_code == 200
    body = r.get_json()
    assert body["id"] == "griff" and body["cite"] == {"book": "AGoT LCG FAQ v3.4", "page": "4", "source": "seed 003"}
    assert "agenda" in body["text"]
    missing = client.get("/api/games/lcg/rules/no-such-entry")
    assert missing.status_code == 404 and missing.get_json()["source"] == "companion: rules reference"


def test_a_refusal_names_the_book_keeps_the_source_and_links_its_entry(api):
    t, code, tokens = lcg_table(api)
    r = api.act(code, tokens["p2"], {"type": "pass"})
    assert r.status_code in (403, 409)
    body = r.get_json()
    assert body["source"].startswith("seed 003") and "seed" not in body["rule"]
    assert body["rule"].startswith("AGoT LCG FAQ v3.4 p.")
    assert body["entry"] and api.client.get(f"/api/games/lcg/rules/{body['entry']}").status_code == 200


def test_a_refusal_toast_in_portuguese_has_a_why_link(client, api):
    t, code, tokens = lcg_table(api)
    client.set_cookie(f"seat_{code}", tokens["p2"])
    client.get(f"/t/{code}/seat?lang=pt_BR")
    csrf = csrf_token(client)
    r = client.post(f"/t/{code}/act", data={"type": "pass", "csrf_token": csrf}, headers={"HX-Request": "true"})
    html = r.get_data(as_text=True)
    assert r.status_code in (403, 409)
    assert "AGoT LCG FAQ v3.4 p." in html and "seed 003" not in html
    link = re.search(r'href="(/t/[A-Z0-9]+/rules\?entry=[a-z0-9-]+)"', html)
    assert link and "Por quê?" in html
    page = client.get(link.group(1)).get_data(as_text=True)
    entry = link.group(1).rsplit("=", 1)[1]
    assert f'id="r-{entry}"' in page and "rule-entry focus" in page


def test_rules_page_searches_and_escapes_the_query(client, api):
    t, code, tokens = lcg_table(api)
    html = client.get(f"/t/{code}/rules", query_string={"q": "<b>griff</b> agenda", "lang": "en"}).get_data(as_text=True)
    assert "<b>griff</b>" not in html and "&lt;b&gt;griff&lt;/b&gt;" in html
    assert 'data-entry="griff"' in html  # the answer, or the first candidate when not sure
    browse = client.get(f"/t/{code}/rules?lang=en").get_data(as_text=True)
    assert "Card errata" in browse and "Show to everyone" not in browse  # not the host


def test_show_to_everyone_is_host_only_and_reaches_the_screen(client, api):
    t, code, tokens = lcg_table(api)
    client.set_cookie(f"seat_{code}", tokens["p1"])
    client.get(f"/t/{code}/seat")
    csrf = csrf_token(client)
    refused = client.post(f"/t/{code}/rules/show", data={"entry": "griff", "csrf_token": csrf},
                          headers={"HX-Request": "true"})
    assert refused.status_code == 403
    assert client.get(f"/t/{code}/frag/rules").get_data(as_text=True).strip() == ""
    client.set_cookie(f"host_{code}", t["host_token"])
    page = client.get(f"/t/{code}/rules?entry=griff&lang=en").get_data(as_text=True)
    assert 'Show to everyone' in page and 'name="csrf_token" value="' in page  # Flask-WTF signs a fresh one per page
    before = api.public(code)["version"]
    ok = client.post(f"/t/{code}/rules/show", data={"entry": "griff", "csrf_token": csrf})
    assert ok.status_code == 302 and ok.headers["Location"].endswith("/rules?entry=griff")
    assert api.public(code)["version"] == before + 1  # a logged event: every screen refreshes
    overlay = client.get(f"/t/{code}/frag/rules?lang=en").get_data(as_text=True)
    assert 'data-entry="griff"' in overlay and "AGoT LCG FAQ v3.4 p.4" in overlay
    assert any("rules entry" in line["text"] for line in api.log(code))
    bad = client.post(f"/t/{code}/rules/show", data={"entry": "nope", "csrf_token": csrf})
    assert bad.status_code == 404
    client.post(f"/t/{code}/rules/show", data={"entry": "", "csrf_token": csrf})
    assert client.get(f"/t/{code}/frag/rules").get_data(as_text=True).strip() == ""
    # presentation is not history: an export leaves it out and still imports
    export = api.export(code, t["host_token"])
    assert all(e["kind"] != "rules" for e in export["events"])


def test_the_rules_button_shows_where_a_game_has_a_reference(client, api):
    t, code, tokens = lcg_table(api)
    assert f'href="/t/{code}/rules"' in client.get(f"/t/{code}/screen").get_data(as_text=True)
    g = api.create("generic", {})
    assert f'href="/t/{g["code"]}/rules"' not in client.get(f"/t/{g['code']}/screen").get_data(as_text=True)


def test_an_lcg_opportunity_prompt_links_its_rule(client, api):
    t, code, tokens = lcg_table(api)
    client.set_cookie(f"seat_{code}", tokens["p1"])
    html = client.get(f"/t/{code}/frag/seat?lang=en").get_data(as_text=True)
    # under the default pace (issue 24) the first prompt is the run's card, which links its rule too
    assert "Anything before:" in html and "AGoT LCG FAQ v3.4 p.6-8" in html
    assert f'href="/t/{code}/rules?entry=window-step-2-save-cancel#r-window-step-2-save-cancel"' in html


def test_an_lcg_opportunity_prompt_links_its_rule_at_the_old_pace(client, api):
    t = api.create("lcg", {"players": 2, "window_pace": "each"})
    tokens = {f"p{i + 1}": api.join(t["code"], f"p{i + 1}", f"P{i + 1}") for i in range(2)}
    client.set_cookie(f"seat_{t['code']}", tokens["p1"])
    html = client.get(f"/t/{t['code']}/frag/seat?lang=en").get_data(as_text=True)
    assert "Your opportunity" in html and "AGoT LCG FAQ v3.4 p.6-8" in html
    assert "entry=window-step-2-save-cancel" in html


def test_rules_without_a_table_both_languages(client):
    """Issue 25: /rules/<game> needs no table: topics, an entry with its citation and related rules,
    search with the answer or "not sure", in English and Portuguese; the start page links to it."""
    start = client.get("/?lang=en").get_data(as_text=True)
    assert 'href="/rules/agot"' in start and "Rules without a table" in start
    en = client.get("/rules/agot?lang=en").get_data(as_text=True)
    assert en.count('class="card rule-group"') >= 10 and "Rules · A Game of Thrones" in en
    entry = client.get("/rules/agot?lang=pt_BR&entry=ports-support").get_data(as_text=True)
    assert 'data-entry="ports-support"' in entry and "Livro de regras p.25" in entry
    assert 'href="/rules/agot?entry=' in entry  # related rules stay on the page without a table
    sure = client.get("/rules/catan-watch", query_string={"q": "quanto custa um guarda", "lang": "pt_BR"})
    html = sure.get_data(as_text=True)
    assert 'data-confidence="high"' in html and "A resposta para" in html and 'data-entry="build-guard"' in html
    unsure = client.get("/rules/immortals", query_string={"q": "who brought the pizza", "lang": "en"}).get_data(as_text=True)
    assert 'data-confidence="low"' in unsure and "Not sure" in unsure and "rule-entry" not in unsure
    assert unsure.count('class="rule-candidate"') <= 3
    assert "<script>" not in client.get("/rules/lcg", query_string={"q": "<script>x</script>"}).get_data(as_text=True)
    assert client.get("/rules/nope").status_code == 404
    assert "no rules reference" in client.get("/rules/generic?lang=en").get_data(as_text=True)
