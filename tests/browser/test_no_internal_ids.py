"""No internal id reaches a player (issue #23): every page a table shows (the TV, each phone, the
join page, the rules, the log, the story and its replay, the rules books, the start page with every
game's options open) and the refusals carry display names and book citations
("Rulebook p.28"), never our file ids ("seed 000 p.28") or data ids ("the-shivering-sea"), in
English and Portuguese."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Error as PlaywrightError

from companion.games import registry
from companion.games.agot import names as agot_names
from tools.tv_scenarios import AGOT_ORDERS, SCENARIOS, Api

pytestmark = pytest.mark.browser

LANGS = {"en": "en-US", "pt_BR": "pt-BR"}
# ids with a hyphen or an underscore (single words such as "stark" or "blackwater" read as names)
KNOWN = sorted({i for g in registry().values() for i in g.display_names()} | set(agot_names.WESTEROS)
               | set(agot_names.WILDLINGS) | set(agot_names.TRACKS), key=len, reverse=True)
KNOWN = [i for i in KNOWN if "-" in i or "_" in i]
ID_RE = re.compile(
    r"\bseed \d{3}\b|\bfacts:|\bagot faq\b|\bcompanion: |\bprofile: "  # citation ids
    r"|\b(?:march|defense|support|raid|consolidate)(?:\d[a-z]?|-[a-z])\b"  # order token ids
    r"|\b[a-z]+(?:-[a-z]+){2,}\b|\b[a-z]+_[a-z_]+\b"  # kebab-case with 2+ hyphens, snake_case
    r"|\bp[1-6]\b"  # a seat id ("p1 is first player", issue #37)
    r"|(?<![\w-])(?:" + "|".join(re.escape(i) for i in KNOWN) + r")(?![\w-])")


def ids_in(text: str) -> list[str]:
    return sorted({m.group(0) for m in ID_RE.finditer(text)})


def test_the_id_pattern_catches_what_players_reported():
    assert ids_in("Toda área com unidades suas precisa de uma ordem: the-shivering-sea não tem.") == ["the-shivering-sea"]
    assert ids_in("Optional combat cards module (seed 000 p.28).") == ["seed 000"]
    assert ids_in("forbids the support0a order; blackwater-bay; iron_throne") == ["blackwater-bay", "iron_throne", "support0a"]
    assert ids_in("p1 is first player until initiative is decided.") == ["p1"]
    assert ids_in("Módulo opcional (Livro de regras p.28). The Shivering Sea, face-down, one-handed") == []


def visible_text(page) -> str:
    """The page's visible text; a page that reloads itself (a live refresh) is read again once it settled."""
    for _ in range(3):
        try:
            return page.evaluate("() => document.body.innerText")
        except PlaywrightError:
            page.wait_for_load_state()
    return page.evaluate("() => document.body.innerText")


@pytest.mark.parametrize("game", list(SCENARIOS))
def test_no_internal_id_on_any_page(browser, live_server, game):
    api = Api(live_server.url)
    found: dict[str, list[str]] = {}
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    for moment, code in SCENARIOS[game](api):
        seats = [k.split("/", 1)[1] for k in api.tokens if k.startswith(code + "/")]
        for lang in LANGS:
            page.goto(f"{live_server.url}/t/{code}/screen?lang={lang}")
            page.locator(".tv-frame").wait_for()
            page.wait_for_timeout(150)
            bad = ids_in(visible_text(page))
            if bad:
                found[f"{moment} TV {lang}"] = bad
            for seat in seats:
                ctx.add_cookies([{"name": f"seat_{code}", "value": api.tokens[f"{code}/{seat}"], "url": live_server.url}])
                page.goto(f"{live_server.url}/t/{code}/seat?lang={lang}")
                page.locator(".me-bar").wait_for()
                bad = ids_in(visible_text(page))
                if bad:
                    found[f"{moment} phone {seat} {lang}"] = bad
    ctx.close()
    assert found == {}


@pytest.mark.parametrize("game", list(SCENARIOS))
def test_no_internal_id_on_the_pages_around_a_table(browser, live_server, game):
    """The join page, the table's rules, the log, the story and its replay (at the scenario's last
    moment: the longest log) and the game's rules book, every <details> open, in both languages."""
    api = Api(live_server.url)
    *_, (moment, code) = SCENARIOS[game](api)
    game_id = api.http.get(f"{live_server.url}/api/tables/{code}", timeout=20).json()["game"]
    seat = next(k for k in api.tokens if k.startswith(f"{code}/"))
    found: dict[str, list[str]] = {}
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_cookies([{"name": f"seat_{code}", "value": api.tokens[seat], "url": live_server.url}])
    page = ctx.new_page()
    for lang in LANGS:
        for path in (f"/t/{code}/join", f"/t/{code}/rules", f"/t/{code}/log", f"/t/{code}/story",
                     f"/t/{code}/replay", f"/rules/{game_id}"):
            page.goto(f"{live_server.url}{path}?lang={lang}")
            page.locator("main").wait_for(state="attached")
            page.wait_for_timeout(150)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            bad = ids_in(visible_text(page))
            if bad:
                found[f"{moment} {path} {lang}"] = bad
    ctx.close()
    assert found == {}


def test_no_internal_id_on_the_start_page(browser, live_server):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    for lang in LANGS:
        page.goto(f"{live_server.url}/?lang={lang}")
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        assert ids_in(visible_text(page)) == [], lang
    ctx.close()


def test_refusals_name_areas_and_orders(live_server):
    """The refusals players met: an area left without an order, an order token banned this round."""
    api = Api(live_server.url)
    t = api.create("agot", {"players": 4, "decks": "physical"})
    code = t["code"]
    tok = api.join(code, "stark", "Caio")
    api.ok(code, t["host_token"], {"type": "start"})
    pid = api.state(code)["planning"]["prompt"]["id"]
    partial = {a: o for a, o in AGOT_ORDERS["stark"].items() if a != "the-shivering-sea"}
    twice = {**partial, "the-shivering-sea": "defense1a"}
    for accept in LANGS.values():
        for orders in (partial, twice):
            r = requests.post(f"{live_server.url}/api/tables/{code}/actions", timeout=20,
                              json={"type": "answer", "prompt": pid, "value": {"orders": orders}},
                              headers={"Authorization": f"Bearer {tok}", "Accept-Language": accept})
            assert r.status_code in (400, 409, 422), r.text
            msg = r.json()["error"]
            assert ids_in(msg + " " + r.json()["rule"]) == [], msg
        # the Portuguese rulebook keeps the printed English area names
        assert "The Shivering Sea" in requests.post(
            f"{live_server.url}/api/tables/{code}/actions", timeout=20,
            json={"type": "answer", "prompt": pid, "value": {"orders": partial}},
            headers={"Authorization": f"Bearer {tok}", "Accept-Language": accept}).json()["error"]
