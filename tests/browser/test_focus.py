"""Focus for keyboard, switch and screen-reader users (issue #36): after a submit or a live update the
focus stays on the control used, or goes to the next decision, never back to the top of the page;
the TV's drawer is a disclosure (aria-expanded, the focus moves in, Escape brings it back); repeated
buttons say which seat they act on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_decisions import PHONE
from tools.tv_scenarios import Api

pytestmark = pytest.mark.browser

FOCUSED = "() => { const a = document.activeElement; return a === document.body ? 'BODY' : (a.getAttribute('aria-label') || a.textContent).trim(); }"


def test_the_focus_stays_on_the_control_used_and_moves_to_the_next_decision(browser, live_server):
    base = live_server.url
    api = Api(base)
    code = api.create("generic", {"seats": "Red, Blue", "counters": "VP"})["code"]
    tok = [api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia"])]
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{code}", "value": tok[0], "url": base}])
    page = ctx.new_page()
    page.goto(f"{base}/t/{code}/seat")
    plus = page.locator("button[aria-label='VP +1']")
    expect(plus).to_be_visible()
    plus.focus()
    page.keyboard.press("Enter")  # the form is sent, its button disabled meanwhile, the page re-rendered
    expect(page.locator(".counter-value").first).to_have_text("1")
    page.wait_for_function(f"() => ({FOCUSED})() === 'VP +1'")
    page.keyboard.press("Enter")
    expect(page.locator(".counter-value").first).to_have_text("2")
    page.wait_for_function(f"() => ({FOCUSED})() === 'VP +1'")

    # A live update (another phone opens a bid) does not take the focus away
    api.ok(code, tok[1], {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 5})
    expect(page.locator("form.answer-form")).to_be_visible()
    assert page.evaluate(FOCUSED) == "VP +1"

    # Sealing by keyboard: the focus stays on the seal button (the answer can still change)...
    page.locator("form.answer-form input[name=value]").fill("4")
    page.locator("form.answer-form button.primary").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".prompt .mine")).to_contain_text("4")
    page.wait_for_function(f"() => ({FOCUSED})() === 'Seal my answer'")
    # ...and once the reveal removes the form, it goes to the seat's heading, not to the top
    api.ok(code, tok[1], {"type": "answer", "prompt": "g1", "value": 2})
    expect(page.locator("form.answer-form")).to_have_count(0)
    page.wait_for_function("() => document.activeElement.matches('#seat-frag h1.me-name')")
    ctx.close()


def test_the_tv_drawer_is_a_disclosure_and_repeated_buttons_name_their_seat(browser, live_server):
    base = live_server.url
    api = Api(base)
    t = api.create("generic", {"seats": "Red, Blue"})
    code = t["code"]
    for i, name in enumerate(["Ana", "Bia"]):
        api.join(code, f"p{i + 1}", name)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    ctx.add_cookies([{"name": f"host_{code}", "value": t["host_token"], "url": base}])
    page = ctx.new_page()
    page.goto(f"{base}/t/{code}/screen")
    button = page.locator("header .tv-drawer-btn")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    page.wait_for_function("() => document.getElementById('tv-drawer').contains(document.activeElement)")
    free = page.locator("#tv-drawer button", has_text="Free seat")
    expect(free).to_have_count(2)
    assert free.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))") == ["Free seat: Red", "Free seat: Blue"]
    page.keyboard.press("Escape")
    expect(page.locator("#tv-drawer")).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    page.wait_for_function("() => document.activeElement.classList.contains('tv-drawer-btn')")
    ctx.close()
