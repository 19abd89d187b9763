"""A game's own script (static/<game>.js) in real Chromium: loaded once per page however many times
its fragments are merged, and its behaviour still there after merges and a reload (it registers
with window.Companion.onFragment, which runs once the player's drafts are back in the form)."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tools.tv_scenarios import AGOT_ORDERS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _table(base: str, game: str, options: dict, seats: list[str]) -> tuple[str, str, dict[str, str]]:
    t = requests.post(f"{base}/api/tables", json={"game": game, "options": options}, timeout=30).json()
    tokens = {}
    for i, seat in enumerate(seats):
        r = requests.post(f"{base}/api/tables/{t['code']}/seats", json={"seat": seat, "name": f"P{i + 1}"}, timeout=30)
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return t["code"], t["host_token"], tokens


def _act(base: str, code: str, token: str, action: dict) -> None:
    r = requests.post(f"{base}/api/tables/{code}/actions", json=action, timeout=30,
                      headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text


def _phone(browser, base: str, code: str, token: str):
    ctx = browser.new_context(locale="en-US", **PHONE)
    ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": base}])
    page = ctx.new_page()
    page.goto(f"{base}/t/{code}/seat")
    return page


def _loaded(page, name: str) -> int:
    """How many times this page fetched (or ran from cache) static/<name>."""
    return page.evaluate("n => performance.getEntriesByType('resource')"
                         ".filter(e => new URL(e.name).pathname === '/static/' + n).length", name)


def test_agot_star_limit_holds_through_merges_and_a_reload(browser, live_server):
    """Special orders (seed 000 p.11): once the allowance is used, the other selects stop offering
    them; the limit is applied again after a live update and after a reload restores the draft."""
    base = live_server.url
    houses = list(AGOT_ORDERS)
    code, host, tokens = _table(base, "agot", {"players": 4, "faq_lannister_port_ship": False}, houses)
    _act(base, code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    _act(base, code, host, {"type": "start"})
    pages = {h: _phone(browser, base, code, tokens[h]) for h in houses}
    for page in pages.values():
        expect(page.locator("#agot-orders-form")).to_be_visible()
    limits = {h: int(p.locator("[data-star-limit]").get_attribute("data-star-limit")) for h, p in pages.items()}
    house = next(h for h in houses if limits[h] >= 1)
    page, limit = pages[house], limits[house]
    form = page.locator("#agot-orders-form")
    selects = form.locator("select[data-slot]")
    assert selects.count() > limit, "the test needs an area left after the stars are used"
    assert form.locator("select[data-slot] option[data-star]:disabled").count() == 0
    for i in range(limit):  # a different special order in each of the first `limit` areas
        sel = selects.nth(i)
        star = sel.locator("option[data-star]:not(:disabled)").nth(i).get_attribute("value")
        sel.select_option(star)
    free = selects.nth(limit)

    def assert_limited() -> None:
        expect(free.locator("option[data-star]:not(:disabled)")).to_have_count(0)
        expect(free.locator("option:not([data-star]):not(:disabled)").nth(1)).to_be_attached()
        for i in range(limit):
            expect(selects.nth(i).locator("option:checked")).to_have_attribute("data-star", "")

    assert_limited()
    # another house places its orders: this phone only adds the log line (a progress event)...
    other = next(h for h in houses if h != house)
    pid = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]["planning"]["prompt"]["id"]
    _act(base, code, tokens[other], {"type": "answer", "prompt": pid, "value": {"orders": AGOT_ORDERS[other]}})
    expect(pages[other].locator(".drafted")).to_have_count(1)
    expect(page.locator("#seat-frag ol.log li").first).to_contain_text(other.capitalize())
    assert_limited()
    # ... and when its fragment is merged again (any change that reaches it), the limit holds
    with page.expect_response(lambda r: r.url.endswith("/frag/seat")):
        page.evaluate("htmx.trigger(document.body, 'refresh')")
    page.wait_for_timeout(100)  # the merge follows the response
    assert_limited()
    page.reload()  # the draft comes back from this tab's storage, then the limit is applied to it
    expect(form).to_be_visible()
    assert_limited()
    selects.nth(0).select_option("")  # one star freed: the others are offered again
    expect(free.locator("option[data-star]:not(:disabled)").first).to_be_attached()
    for p in pages.values():
        assert _loaded(p, "agot.js") == 1 and p.locator("script[src*='/static/agot.js']").count() == 1
        assert p.locator("script[src*='/static/lcg.js'], script[src*='/static/immortals.js']").count() == 0


def test_immortals_board_correction_buttons_fill_the_form(browser, live_server):
    base = live_server.url
    code, _host, tokens = _table(base, "immortals", {"players": 3}, ["p1", "p2", "p3"])
    page = _phone(browser, base, code, tokens["p1"])
    fix = page.locator("details", has=page.locator("form.im-fix"))
    fix.locator("summary").click()
    form = fix.locator("form.im-fix")
    buttons = form.locator("[data-fill-region]")
    target = buttons.nth(7)
    region = target.get_attribute("data-fill-region")
    target.click()
    expect(form.locator("select[name=region]")).to_have_value(region)
    expect(form.locator("input[name=armies]")).to_have_value(target.get_attribute("data-fill-armies"))
    expect(target).to_have_class(re.compile(r"(^|\s)on(\s|$)"))
    expect(form.locator("[data-fill-region].on")).to_have_count(1)
    assert _loaded(page, "immortals.js") == 1


def test_lcg_script_is_loaded_once_while_its_fragments_are_merged(browser, live_server):
    """The countdown and the plot deck used to load their scripts from inside the fragment; now the
    page loads static/lcg.js once and the countdown still runs after each merge."""
    base = live_server.url
    code, _host, tokens = _table(base, "lcg", {"players": 2}, ["p1", "p2"])
    ana = _phone(browser, base, code, tokens["p1"])
    expect(ana.locator("#seat-frag .game-seat")).to_be_visible()
    # two live updates: the other player registers a deck, then Ana's own arrives by the API; her
    # merged fragment carries it and lcg.js keeps a copy on this device
    for seat in ("p2", "p1"):
        deck = [{"name": f"{seat} plot {n}", "gold": 5, "initiative": n, "claim": 1, "when_revealed": False}
                for n in range(7)]
        _act(base, code, tokens[seat], {"type": "register_plots", "plots": deck})
    # a function, not an expression: Playwright polls an expression with eval(), which the page's
    # CSP (script-src 'self') refuses whenever the first check is not already true
    ana.wait_for_function("() => (JSON.parse(localStorage.getItem('lcg-plot-deck') || '[]')[0] || {}).name"
                          " === 'p1 plot 0'")
    assert _loaded(ana, "lcg.js") == 1
    assert ana.locator("script[src*='/static/lcg.js']").count() == 1
    assert ana.locator("#seat-frag script, #host-frag script").count() == 0
    assert ana.evaluate("typeof window.Companion.onFragment") == "function"
