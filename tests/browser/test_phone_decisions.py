"""Phones that keep pace with the table (issue 23), in English and Portuguese at 390x844:

* the decision is on the screen without scrolling at every step of every game (in place, or in the
  decision dock at the bottom), and no page is wider than the screen;
* no native confirm() dialog: questions are asked in the page;
* a refused submit keeps the picks (through another player's submit and a reload), and a secret
  about to be sealed partly empty (orders, a plan) or a bid left untouched at 0 says so first;
* Immortals' plan offers each card once (both sides of a region card are one card);
* taps made offline are shown, their buttons disabled, and each is applied once.
"""

from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import expect

from tests.conftest import settle
from tools.phone_scenarios import SCENARIOS, Step
from tools.tv_scenarios import Api

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LANGS = [("en", "en-US"), ("pt_BR", "pt-BR")]
OFFLINE_NOISE = r"ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_FAILED|htmx:sendError|htmx:afterRequest"

#: The right edge of the widest thing on the page that is not inside a scrolling or fixed box.
RIGHT_EDGE = """() => { let max = 0, who = '';
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect(); if (!r.width || !r.height) continue;
    let p = e.parentElement, clipped = false;
    while (p && p !== document.body) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible' || s.position === 'fixed') { clipped = true; break; }
      p = p.parentElement;
    }
    if (clipped) continue;
    if (r.right > max + 0.5) { max = r.right; who = e.tagName + '.' + e.className; }
  } return [max, who, document.documentElement.scrollWidth]; }"""


def no_dialogs(page) -> None:
    """A native dialog is a failure: every question is asked in the page."""
    def refuse(dialog):
        message = dialog.message
        dialog.dismiss()
        raise AssertionError(f"native dialog: {message}")
    page.on("dialog", refuse)


def phone(browser, base: str, code: str, token: str, lang: str, locale: str):
    ctx = browser.new_context(locale=locale, **PHONE)
    ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": base}])
    page = ctx.new_page()
    no_dialogs(page)
    page.goto(f"{base}/t/{code}/seat?lang={lang}")
    expect(page.locator(".me-bar")).to_be_visible()
    return page


def decision_on_screen(page, selector: str) -> str:
    """Where the decision's button is visible without scrolling: "page" or "dock" (else fails)."""
    real = page.locator(selector).first
    expect(real).to_be_attached()
    settle(page)  # the dock is placed after the fragment's last swap, on the next frame
    box = real.bounding_box()
    top = page.locator("header.top").bounding_box()["height"]
    dock = page.locator("#dock")
    dock_box = dock.bounding_box() if dock.is_visible() else None
    if box and box["y"] >= top and box["y"] + box["height"] <= 844 and (
            not dock_box or box["y"] + box["height"] <= dock_box["y"]):
        return "page"
    label = real.evaluate("b => (b.getAttribute('aria-label') || b.textContent).replace(/\\s+/g, ' ').trim()")
    assert dock_box, f"{selector} at y={box and box['y']} is off screen and there is no dock"
    labels = dock.locator("button").evaluate_all("bs => bs.map(b => b.dataset.label)")
    assert label in labels, f"{label!r} not in the dock {labels}"
    copy = dock.locator("button").nth(labels.index(label))
    expect(copy).to_be_visible()
    cb = copy.bounding_box()
    assert cb["y"] >= 0 and cb["y"] + cb["height"] <= 844
    return "dock"


def every_on_screen(page, selector: str, name: str, min_height: int = 44, optional: bool = False) -> None:
    """Each visible match of ``selector`` lies whole between the header and the screen's bottom (or
    the decision dock's top when it shows), at least ``min_height`` px tall."""
    top = page.locator("header.top").bounding_box()["height"]
    dock = page.locator("#dock")
    bottom = dock.bounding_box()["y"] if dock.is_visible() else 844
    boxes = [b for b in page.locator(selector).evaluate_all(
        "els => els.filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect(); "
        "return {y: r.top, bottom: r.bottom, h: r.height}; })")]
    assert boxes or optional, f"{name}: nothing matches {selector}"
    off = [round(b["bottom"]) for b in boxes if b["y"] < top or b["bottom"] > bottom or b["h"] < min_height]
    assert not off, f"{name}: {len(off)} of {len(boxes)} below the fold or too small (bottoms {off})"


def check_width(page, name: str) -> None:
    right, who, scroll = page.evaluate(RIGHT_EDGE)
    assert right <= 390.5 and scroll <= 390, f"{name}: {who} reaches {right} px (page {scroll} px) on a 390 px phone"


@pytest.mark.parametrize("game", list(SCENARIOS))  # every registered game has one (tests/core/test_game_registry.py)
def test_the_decision_is_on_screen_at_every_step(browser, live_server, console_errors, game):
    base = live_server.url
    api = Api(base)
    seen = []
    for step in SCENARIOS[game](api):
        for lang, locale in LANGS:
            page = phone(browser, base, step.code, step.token, lang, locale)
            if step.tap:  # a closed part the player opens first: in reach itself, then what it shows
                decision_on_screen(page, step.tap)
                page.locator(step.tap).first.click()
            where = decision_on_screen(page, step.decide)
            if step.every:  # issue #37: every remaining house card in reach, not the first three
                every_on_screen(page, step.decide, f"{step.name} ({lang})")
            if step.fields:  # issue #37: every input of the step above the dock (none hidden under it)
                every_on_screen(page, step.fields, f"{step.name} ({lang})", min_height=30, optional=True)
            check_width(page, f"{step.name} ({lang})")
            seen.append((step.name, lang, where))
            page.context.close()
    assert seen and {lang for _, lang, _ in seen} == {"en", "pt_BR"}


def test_on_a_small_phone_the_docked_copy_ends_the_turn_in_one_tap(browser, live_server, console_errors):
    """Catan on a 375x667 phone in Portuguese: "End my turn" is below the fold (1,054 px down the page
    on a 390x844 phone before issue 23), so its copy waits in the dock; the copy is the real button:
    one tap ends the turn, with no dialog."""
    base = live_server.url
    step = next(s for s in SCENARIOS["catan_watch"](Api(base)) if s.name == "catan/end-turn")
    ctx = browser.new_context(locale="pt-BR", viewport={"width": 375, "height": 667}, is_mobile=True,
                              has_touch=True)
    ctx.add_cookies([{"name": f"seat_{step.code}", "value": step.token, "url": base}])
    page = ctx.new_page()
    no_dialogs(page)
    page.goto(f"{base}/t/{step.code}/seat?lang=pt_BR")
    copy = page.locator("#dock button[data-label='Encerrar meu turno']")
    expect(copy).to_be_visible()
    assert page.locator("#cw-end").bounding_box()["y"] > 667  # the real one is below the fold
    copy.click()
    expect(page.locator("#cw-end")).to_have_count(0)
    ctx.close()


def test_a_decision_that_arrives_while_scrolled_down_is_in_reach(browser, live_server):
    """AGoT: Greyjoy taps its house card far down the page; the Blade question and the retreat
    that follow are on the screen without scrolling back (they were above it before issue 23)."""
    base = live_server.url
    api = Api(base)
    steps = SCENARIOS["agot"](api)
    step = next(s for s in steps if s.name == "agot/house-card")
    lannister = api.tokens[f"{step.code}/lannister"]
    pid = api.me(step.code, lannister)["action"]["combat"]["decide"]["prompt"]
    api.ok(step.code, lannister, {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    page = phone(browser, base, step.code, step.token, "pt_BR", "pt-BR")
    card = page.locator("[data-card=euron-crows-eye]")
    card.evaluate("b => b.scrollIntoView({block: 'end'})")
    card.click()
    then = "form:has(input[value=blade]) button, button[data-retreat], #agot-casualties button"
    expect(page.locator(then).first).to_be_attached()
    decision_on_screen(page, then)
    if page.locator("form:has(input[value=blade])").count():
        keep = "form:has(input[value=blade]) button >> nth=1"
        where = decision_on_screen(page, keep)
        (page.locator("#dock button").nth(1) if where == "dock" else page.locator(keep)).click()
        later = "button[data-retreat], #agot-casualties button"
        expect(page.locator(later).first).to_be_attached()
        decision_on_screen(page, later)
    page.context.close()


def _api(base: str, method: str, path: str, token: str | None = None, **kw):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.request(method, base + path, headers=headers, timeout=30, **kw)
    assert r.status_code in (200, 201), r.text
    return r.json()


@pytest.mark.parametrize("lang,locale", LANGS)
def test_a_refused_plan_keeps_its_picks(browser, live_server, console_errors, lang, locale):
    """AGoT orders: an area left empty is never offered to be sent (issue #37: "Place them anyway?"
    was always refused, p.12): the page names it and takes the player there; then the same token
    twice is refused and the picks survive the refusal, another house's submit and a reload."""
    console_errors.allow(r"status of 4\d\d")  # the refusal is the point
    base = live_server.url
    api = Api(base)
    t = api.create("agot", {"players": 4})
    code, host = t["code"], t["host_token"]
    tok = {h: api.join(code, h, h[:3]) for h in ("baratheon", "lannister", "stark", "greyjoy")}
    api.ok(code, host, {"type": "start"})
    page = phone(browser, base, code, tok["baratheon"], lang, locale)
    form = page.locator("#agot-orders-form")
    form.locator("select[name='o:dragonstone']").select_option("consolidate-a")
    form.locator("select[name='o:kingswood']").select_option("consolidate-a")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST" else None)
    form.locator("button.primary").click()
    sheet = page.locator("#ask")
    expect(sheet).to_be_visible()
    question = sheet.locator(".ask-q")
    expect(question).to_contain_text("Every area with your units needs an order" if lang == "en"
                                     else "Toda área com unidades suas precisa de uma ordem")
    expect(question).to_contain_text("Shipbreaker Bay")
    expect(question).to_contain_text("p.12")
    assert question.inner_text().split(": ")[-1].count(",") == 0  # one area left empty
    go = sheet.locator("[data-ask=yes]")
    expect(go).to_have_text("Take me there" if lang == "en" else "Ir até lá")
    go.click()
    expect(sheet).to_be_hidden()
    assert not sent, "nothing the server would refuse is sent"
    empty = form.locator("select[name='o:shipbreaker-bay']")
    expect(empty).to_be_focused()
    box = empty.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844
    empty.select_option("support0a")
    form.locator("button.primary").click()  # complete, one token twice: refused by the server
    expect(page.locator("#toast .toast.err")).to_be_visible()
    assert len(sent) == 1

    # Another house submits: the phone re-renders, the picks stay.
    pid = api.state(code)["planning"]["prompt"]["id"]
    mine = api.me(code, tok["lannister"])["planning"]
    free = [x["id"] for x in mine["tokens"] if not x.get("banned") and not x.get("star")]
    api.ok(code, tok["lannister"], {"type": "answer", "prompt": pid, "value": {"orders": dict(zip(mine["held"], free))}})
    expect(page.locator(".log-box")).to_contain_text("Lannister")
    expect(form.locator("select[name='o:dragonstone']")).to_have_value("consolidate-a")
    expect(form.locator("select[name='o:kingswood']")).to_have_value("consolidate-a")
    page.reload()
    expect(form.locator("select[name='o:dragonstone']")).to_have_value("consolidate-a")
    expect(form.locator("select[name='o:kingswood']")).to_have_value("consolidate-a")

    # Fixed and complete: no question, accepted, the draft is gone from the phone.
    form.locator("select[name='o:kingswood']").select_option("defense1a")
    form.locator("button.primary").click()
    expect(page.locator(".drafted li")).to_have_count(3)
    expect(sheet).to_be_hidden()
    assert page.evaluate("Object.keys(sessionStorage).filter(k => k.startsWith('draft|'))") == []
    page.context.close()


@pytest.mark.parametrize("lang,locale", LANGS)
def test_a_bid_left_at_zero_is_asked_before_it_is_sealed(browser, live_server, console_errors, lang, locale):
    """AGoT Clash of Kings: Seal tapped on an untouched 0 asks first (in the page, in the phone's
    language) and Cancel sends nothing; a 0 the player chose is sealed at once."""
    base = live_server.url
    api = Api(base)
    t = api.create("agot", {"players": 4, "decks": "physical"})
    code, host = t["code"], t["host_token"]
    tok = {h: api.join(code, h, h[:3]) for h in ("baratheon", "lannister", "stark", "greyjoy")}
    api.ok(code, host, {"type": "start"})
    api.ok(code, host, {"type": "round_done_on_board"})
    for card in ("supply", "clash-of-kings", "storm-of-swords"):
        api.ok(code, host, {"type": "draw_card", "card": card})
    page = phone(browser, base, code, tok["stark"], lang, locale)
    form = page.locator("form.answer-form")
    expect(form.locator("input[name=value]")).to_have_value("0")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST" else None)
    form.locator("button.primary").click()
    sheet = page.locator("#ask")
    expect(sheet).to_be_visible()
    question = sheet.locator(".ask-q").inner_text()
    assert question == form.get_attribute("data-zero") and "0" in question
    assert (question == "You are about to bid 0 power. Seal a bid of 0?") == (lang == "en")
    sheet.locator("[data-ask=no]").click()
    expect(sheet).to_be_hidden()
    assert not sent, "Cancel sends nothing"
    form.locator(".quick button[data-set-value='0']").click()  # a 0 chosen on purpose
    form.locator("button.primary").click()
    expect(page.locator(".todo[data-prompt] p b")).to_have_text("0")  # "Your bid: 0", sealed
    expect(sheet).to_be_hidden()
    assert len(sent) == 1
    page.context.close()


def _immortals_planning(api: Api) -> tuple[str, dict[str, str], list[str]]:
    from tools.tv_scenarios import immortals

    gen = immortals(api)
    _, code = next(gen)
    tokens = {s.split("/")[1]: tok for s, tok in api.tokens.items() if s.startswith(code)}
    waiting = api.state(code)["waiting_for"]
    return code, tokens, waiting


@pytest.mark.parametrize("lang,locale", LANGS)
def test_immortals_plan_offers_each_card_once_and_keeps_a_refused_plan(browser, live_server, console_errors,
                                                                       lang, locale):
    console_errors.allow(r"status of 4\d\d")  # the forced refusal is the point
    base = live_server.url
    api = Api(base)
    code, tokens, waiting = _immortals_planning(api)
    seat = waiting[0]
    page = phone(browser, base, code, tokens[seat], lang, locale)
    form = page.locator("form.im-plan")
    expect(form).to_be_visible()

    # An empty plan is never sealed by accident: the question, then Cancel sends nothing.
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST" else None)
    form.locator("button.primary").click()
    expect(page.locator("#ask")).to_be_visible()
    page.locator("#ask [data-ask=no]").click()
    expect(page.locator("#ask")).to_be_hidden()
    assert not sent

    # A region card: once one side is on a space, neither side is offered on another space.
    region = page.locator("select[name=army4] option[value^='r:']").first.get_attribute("value")
    rid = region.rsplit(":", 1)[0]
    form.locator("select[name=army4]").select_option(region)
    others = page.locator(f"select[name=army1] option[data-card='{rid}']")
    assert others.count() >= 1 and others.evaluate_all("os => os.every(o => o.disabled)")
    conflict = page.locator("select[name=army1] option[data-card]:not([value^='r:']):not([disabled])").first.get_attribute("value")
    form.locator("select[name=army1]").select_option(conflict)
    assert page.locator(f"select[name=army2] option[value='{conflict}']").evaluate_all(
        "os => os.every(o => o.disabled)")
    # Blank cards: at most the four the player has.
    for i in (0, 2, 3, 5):
        form.locator(f"select[name=army{i}]").select_option("blank")
    assert page.locator("select[name=army6] option[value=blank]").is_disabled()
    assert page.locator("select[name=magic0] option[value=blank]").is_disabled()

    # A stale page that still offers the card twice (forced here): refused, every pick kept.
    page.evaluate("""c => { const o = document.querySelector(`select[name=army7] option[value='${c}']`);
                           o.disabled = false; o.selected = true;
                           o.parentNode.dispatchEvent(new Event('change', {bubbles: true})); }""", conflict)
    form.locator("button.primary").click()
    expect(page.locator("#ask")).to_be_visible()   # magic spaces still empty
    page.locator("#ask [data-ask=yes]").click()
    expect(page.locator("#toast .toast.err")).to_be_visible()
    other = next(s for s in tokens if s != seat)  # changes its sealed plan: every phone re-renders
    api.ok(code, tokens[other], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank", "blank"]}})
    expect(page.locator(".log-box")).to_contain_text("plan")
    expect(form.locator("select[name=army4]")).to_have_value(region)
    page.reload()
    expect(form.locator("select[name=army4]")).to_have_value(region)
    expect(form.locator("select[name=army1]")).to_have_value(conflict)
    expect(form.locator("select[name=army0]")).to_have_value("blank")
    page.context.close()


@pytest.mark.parametrize("lang,locale", LANGS)
def test_offline_taps_are_shown_and_sent_once(browser, live_server, console_errors, lang, locale):
    console_errors.allow(OFFLINE_NOISE)
    base = live_server.url
    t = _api(base, "POST", "/api/tables", json={"game": "generic", "options": {"seats": "A, B"}})
    code = t["code"]
    token = _api(base, "POST", f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Ana"})["token"]
    page = phone(browser, base, code, token, lang, locale)
    page.context.set_offline(True)
    expect(page.locator("body")).to_have_attribute("data-connection", "offline", timeout=5000)
    plus = page.locator("button[aria-label='VP +1']")
    plus.click()
    waiting = page.locator("#queued")
    expect(waiting).to_be_visible()
    expect(waiting.locator("li")).to_have_text(["VP +1"])
    expect(plus).to_be_disabled()
    plus.click(force=True)            # a second tap on the disabled button does nothing
    expect(waiting.locator("li")).to_have_count(1)
    check_width(page, "offline")

    page.context.set_offline(False)
    expect(waiting).to_be_hidden()
    expect(plus).to_be_enabled()
    expect(page.locator(".counter-value").first).to_have_text("1")
    time.sleep(1)
    assert _api(base, "GET", f"/api/tables/{code}")["state"]["values"]["p1"]["VP"] == 1
    page.context.close()


@pytest.mark.parametrize("lang,locale", LANGS)
def test_offline_banner_and_queued_taps_stay_on_screen_when_scrolled(browser, live_server, console_errors,
                                                                     lang, locale):
    """A player scrolled down to the bottom of a long phone page loses the connection and taps: the
    offline banner and the list of taps waiting to be sent are on the screen, not at the top of the
    page above it (they scrolled away with the page before: the body was the scroller)."""
    console_errors.allow(OFFLINE_NOISE)
    base = live_server.url
    counters = "VP, Gold, Wood, Brick, Wheat, Sheep, Ore, Roads"
    t = _api(base, "POST", "/api/tables", json={"game": "generic", "options": {"seats": "A, B", "counters": counters}})
    code = t["code"]
    token = _api(base, "POST", f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Ana"})["token"]
    page = phone(browser, base, code, token, lang, locale)
    assert page.evaluate("document.scrollingElement.scrollHeight") > 844 + 300  # a page to scroll
    page.evaluate("scrollTo(0, document.scrollingElement.scrollHeight)")
    page.context.set_offline(True)
    expect(page.locator("body")).to_have_attribute("data-connection", "offline", timeout=5000)
    plus = page.locator("button[aria-label='Roads +1']")
    plus.click()
    expect(page.locator("#queued li")).to_have_count(1)
    boxes = [page.locator(what).bounding_box() for what in ("#conn-banner", "#queued")]
    for box in boxes:
        assert box and box["y"] >= -1 and box["y"] + box["height"] <= 844, f"off screen: {boxes}"
    assert boxes[0]["y"] + boxes[0]["height"] <= boxes[1]["y"] + 1, f"one covers the other: {boxes}"
    header = page.locator("header.top").bounding_box()
    assert header and header["y"] >= -1, f"the header scrolled away: {header}"
    page.context.set_offline(False)
    expect(page.locator("#queued")).to_be_hidden()
    expect(plus).to_be_enabled()
    page.context.close()


def test_no_native_confirm_in_the_front_end():
    """Every question is asked in the page (static/app.js): no confirm() in our scripts."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in (root / "static").glob("*.js"):
        assert not re.search(r"(?<![\w.])confirm\(", path.read_text()), path


def test_host_undo_is_asked_in_the_page(browser, live_server):
    """The host's phone (it created the table, then sat down): Undo asks in the page; Cancel keeps
    the step, Yes undoes it."""
    ctx = browser.new_context(locale="pt-BR", **PHONE)
    page = ctx.new_page()
    no_dialogs(page)
    page.goto(live_server.url + "/?lang=pt_BR")
    page.fill("input[name='generic.seats']", "Red, Blue")
    page.click("form:has(input[value=generic]) button.primary")
    join_url = page.locator(".join-url").first.inner_text()
    page.goto(join_url)
    page.fill("input[name=name]", "Ana")
    page.locator(".seat-option").first.click()
    page.click("button.primary")
    expect(page.locator(".me-bar")).to_contain_text("Ana")
    page.locator("button[aria-label$='+1']").first.click()  # "PV +1": the default counters, in Portuguese
    expect(page.locator(".counter-value").first).to_have_text("1")
    undo = page.locator("#host-frag form[hx-confirm] button").first
    expect(undo).to_be_enabled()
    undo.click()
    sheet = page.locator("#ask")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".ask-q")).to_contain_text("Desfazer")
    sheet.locator("[data-ask=no]").click()
    page.wait_for_timeout(300)
    expect(page.locator(".counter-value").first).to_have_text("1")
    undo.click()
    sheet.locator("[data-ask=yes]").click()
    expect(page.locator(".counter-value").first).to_have_text("0")
    check_width(page, "host phone")
    ctx.close()


__all__ = ["Step"]


@pytest.mark.parametrize("lang,locale", LANGS)
@pytest.mark.parametrize("how", ["refused", "dropped"])
def test_a_refused_or_dropped_stream_shows_the_banner_and_reconnects_with_backoff(
        browser, live_server, console_errors, lang, locale, how):
    """Issue #37: a phone whose live stream gets a 503 (too many connections from one device) or
    ends at once showed no banner and stayed on an old step until reloaded. Now the banner is up at
    once, the stream is retried with growing delays (not every moment), taps are still sent, and
    the page catches up by itself when the stream comes back."""
    console_errors.allow(r"503|EventSource|ERR_|stream")
    base = live_server.url
    t = _api(base, "POST", "/api/tables", json={"game": "generic", "options": {"seats": "A, B"}})
    code = t["code"]
    token = _api(base, "POST", f"/api/tables/{code}/seats", json={"seat": "p1", "name": "Ana"})["token"]
    other = _api(base, "POST", f"/api/tables/{code}/seats", json={"seat": "p2", "name": "Bia"})["token"]
    ctx = browser.new_context(locale=locale, **PHONE)
    ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": base}])
    attempts: list[float] = []

    def refuse(route):
        attempts.append(time.monotonic())
        if how == "refused":
            route.fulfill(status=503, body="The server has too many open connections; retry soon.",
                          headers={"Retry-After": "5"})
        else:  # accepted, then the stream ends at once (a dropped connection)
            route.fulfill(status=200, body=": hello\n\n", headers={"Content-Type": "text/event-stream"})

    ctx.route("**/stream*", refuse)
    page = ctx.new_page()
    no_dialogs(page)
    page.goto(f"{base}/t/{code}/seat?lang={lang}")
    banner = page.locator("#conn-banner")
    expect(banner).to_be_visible(timeout=3000)
    expect(banner).to_have_text("Live updates lost: reconnecting… Your taps are still sent." if lang == "en"
                                else "Atualizações ao vivo perdidas: reconectando… Seus toques continuam sendo enviados.")
    expect(page.locator("body")).to_have_attribute("data-connection", "lost")
    # a tap is sent at once (the server answers; only the stream is refused)
    page.locator("button[aria-label='VP +1']").click()
    expect(page.locator(".counter-value").first).to_have_text("1")
    assert _api(base, "GET", f"/api/tables/{code}")["state"]["values"]["p1"]["VP"] == 1
    page.wait_for_timeout(8000)  # (a sleep would hold back Playwright's route handler)
    gaps = [b - a for a, b in zip(attempts, attempts[1:])]
    assert 3 <= len(attempts) <= 6, attempts  # 1, 2, 4 s (± 25 %): not every moment, not given up
    assert all(later >= earlier * 1.2 for earlier, later in zip(gaps, gaps[1:])), gaps
    # another phone moves the table meanwhile; the stream comes back: no reload, the page catches up
    _api(base, "POST", f"/api/tables/{code}/actions", other,
         json={"type": "adjust", "seat": "p2", "counter": "VP", "delta": 3})
    ctx.unroute("**/stream*")
    expect(banner).to_be_hidden(timeout=20000)
    expect(page.locator("body")).to_have_attribute("data-connection", "online")
    expect(page.locator("ol.log").first).to_contain_text("B (Bia): VP +3")
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # never reloaded
    ctx.close()
