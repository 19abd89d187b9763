"""The shared screen is a TV (issue #11): for a typical moment of every game, at 1920x1080 and
1280x720, in English and Portuguese, the page never scrolls, the key state sits inside the viewport
and inside its zone (not clipped away), the strip's waiting-for list is not cut, body text is at
least 24 px at 1080p, and the AGoT map's labels never overlap. One browser page per game, the table reused, the sizes set in a loop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tools.tv_scenarios import SCENARIOS, Api
from tools.tv_text import measure

pytestmark = pytest.mark.browser

SIZES = [(1920, 1080), (1280, 720)]
LANGS = ["en", "pt_BR"]
KEYS = {
    ("agot", "planning"): ["#agot-tracks", "#agot-wildlings", "#agot-houses", "#agot-planning .now", "svg.tvmap",
                           ".prompt-status"],
    ("agot", "action"): ["#agot-tracks", "#agot-wildlings", "#agot-houses", "#agot-action .turn", "svg.tvmap",
                         ".round .on", "#agot-action .ord-legend"],
    ("agot", "combat"): ["#agot-tracks", "#agot-houses", "#agot-combat .side.win .total",
                         "#agot-combat .side:not(.win) .total", "#agot-combat .frozen"],
    ("agot_clash", "clash"): ["#agot-tracks", "#agot-wildlings", "#agot-houses", "#agot-now", "#agot-clash .clash3"],
    ("lcg", "challenges"): ["#lcg-players", "#lcg-priority", "#lcg-challenge .vs", "#lcg-flow .cur", ".lcg-head .phase"],
    ("immortals", "planning"): [".im-top", ".im-players", ".prompt-status", ".im-map", ".im-track"],
    ("catan_watch", "roll"): [".cw-turn", ".cw-dice", ".cw-steps", ".cw-ff", ".cw-wall", ".cw-track", ".cw-vp"],
    ("catan_watch", "final_wait"): [".cw-turn", ".cw-final-wait .prompt-status", ".cw-steps", ".cw-vp"],
    ("catan_watch", "final"): [".cw-turn", ".cw-rank .cw-winner", ".cw-steps", ".cw-vp"],
    ("generic", "reveal"): [".counters", ".prompt.revealed .reveal", ".dice-now"],
}

MEASURE = """keys => {
  const out = {scrollH: document.scrollingElement.scrollHeight, scrollW: document.scrollingElement.scrollWidth,
               innerH: innerHeight, innerW: innerWidth, font: parseFloat(getComputedStyle(document.body).fontSize), keys: {}};
  const w = document.querySelector(".tv-waiting");  // the strip's "waiting for" list is never cut
  out.waiting = w ? {cut: w.scrollWidth > w.clientWidth + 1 || w.scrollHeight > w.clientHeight + 1 || w.clientWidth < 20,
                     how: w.className, text: w.innerText} : null;
  for (const k of keys) {
    const el = document.querySelector(k);
    if (!el) { out.keys[k] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) { out.keys[k] = "empty"; continue; }
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
      out.keys[k] = "outside the viewport " + JSON.stringify(r); continue; }
    const zone = el.closest(".tv-rail, .tv-stage, .tv-strip");
    const z = zone ? zone.getBoundingClientRect() : null;
    if (!z) { out.keys[k] = "outside every zone"; continue; }
    if (r.bottom > z.bottom + 1 || r.right > z.right + 1 || r.top < z.top - 1) {
      out.keys[k] = "clipped by its zone " + JSON.stringify([r.bottom, z.bottom]); continue; }
    out.keys[k] = "ok";
  }
  return out;
}"""

LABEL_OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll("svg.tvmap g.lbl")].map(g => [g.dataset.area, g.getBBox()]);
  const bad = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) bad.push(a + "/" + b);
  }
  return {count: boxes.length, bad};
}"""


def check_tv(page, base: str, code: str, keys: list[str], agot_map: bool = False) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        for lang in LANGS:
            page.goto(f"{base}/t/{code}/screen?lang={lang}")
            expect(page.locator(".tv-frame")).to_be_attached()
            page.wait_for_timeout(250)  # tv.js fits the zones after the fragment settles
            m = page.evaluate(MEASURE, keys)
            where = f"{w}x{h} {lang}"
            assert m["scrollH"] <= m["innerH"], f"{where}: the page scrolls ({m['scrollH']} > {m['innerH']})"
            assert m["scrollW"] <= m["innerW"], f"{where}: the page scrolls sideways"
            assert {k: v for k, v in m["keys"].items() if v != "ok"} == {}, where
            assert not (m["waiting"] or {}).get("cut"), f"{where}: waiting-for list cut {m['waiting']}"
            if h == 1080:
                assert m["font"] >= 24, f"{where}: body text {m['font']} px"
            sizes = measure(page)
            if h == 1080:
                worst = [(i["px"], i["text"]) for i in sizes["small"][:6]]
                assert sizes["share_small"] < 0.10, f"{where}: {sizes['share_small']:.0%} of the text under 16 px {worst}"
            least = 16 if h == 1080 else 12
            if agot_map:
                assert sizes["min_name"] is not None and sizes["min_name"] >= least, f"{where}: area names {sizes['min_name']} px"
            if sizes["min_order"] is not None:
                assert sizes["min_order"] >= least, f"{where}: orders {sizes['min_order']} px"
            if agot_map:
                labels = page.evaluate(LABEL_OVERLAPS)
                assert labels["count"] == 50 and labels["bad"] == [], f"{where}: {labels}"


@pytest.mark.parametrize("game", ["agot", "agot_clash", "lcg", "immortals", "catan_watch", "generic"])
def test_every_game_fits_one_tv_view(browser, live_server, game):
    api = Api(live_server.url)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"{e} {e.stack}") if "tv.js" in (e.stack or "") else None)
    seen = []
    for moment, code in SCENARIOS[game](api):
        check_tv(page, live_server.url, code, KEYS[(game, moment)], agot_map=moment in ("planning", "action") and game == "agot")
        seen.append(moment)
    assert seen == [m for (g, m) in KEYS if g == game]
    assert errors == []
    ctx.close()


def test_join_panel_drawer_and_last_reveal(browser, live_server):
    """Big QR while seats are free, then a corner code that opens it; the host's banner opens the
    drawer; the last reveal is one tap away once the stage moved on."""
    api = Api(live_server.url)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()

    def open_screen(code: str, host: str) -> None:
        ctx.add_cookies([{"name": f"host_{code}", "value": host, "url": live_server.url}])
        page.goto(f"{live_server.url}/t/{code}/screen")
        expect(page.locator(".tv-join")).to_be_visible()
        assert page.locator(".tv-join").bounding_box()["width"] > 1920 * 0.2  # big while seats are free
        expect(page.locator(".tv-banner")).to_contain_text("start round 1")
        page.locator(".tv-banner").click()
        expect(page.locator(".tv-drawer .host button", has_text="Board is set up")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator(".tv-drawer")).to_be_hidden()

    moments = SCENARIOS["agot"](api, on_setup=open_screen)
    _, code = next(moments)  # everyone sat down and placed orders
    expect(page.locator(".tv-join")).to_be_hidden()
    page.locator(".tv-code").click()  # a late joiner: the corner code opens the QR again
    expect(page.locator(".tv-join .qr svg")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".tv-join")).to_be_hidden()
    ctx.close()

    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    _, code = next(SCENARIOS["agot_clash"](api))
    page.goto(f"{live_server.url}/t/{code}/screen")
    expect(page.locator("#agot-clash")).to_contain_text("Greyjoy")  # the reveal holds the stage
    page.locator(".tv-reveal-btn").click()
    expect(page.locator(".tv-reveal-overlay")).to_be_visible()
    expect(page.locator(".tv-reveal-overlay")).to_contain_text("Clash of Kings bids")
    ctx.close()
