"""Motion (issue #36): when the device asks for reduced motion nothing on the phone or the TV animates
(the "Your move" pill, the TV's host banner, the attention flash when a decision arrives); otherwise
no animation runs forever (a pulse stops after three beats, under 5 s)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_decisions import PHONE
from tools.tv_scenarios import Api

pytestmark = pytest.mark.browser

ANIMATIONS = """() => document.getAnimations().map(a => ({
  name: a.animationName || a.constructor.name, target: (a.effect.target || {}).className || '',
  iterations: a.effect.getComputedTiming().iterations}))"""
FLASH = "() => getComputedStyle(document.body, '::after').display"


def pages(browser, base: str, motion: str):
    api = Api(base)
    t = api.create("generic", {"seats": "Red, Blue"})
    code = t["code"]
    tok = [api.join(code, "p1", "Ana")]  # Blue stays free: the TV's host banner asks for players
    phone = browser.new_context(reduced_motion=motion, **PHONE)
    phone.add_cookies([{"name": f"seat_{code}", "value": tok[0], "url": base}])
    tv = browser.new_context(reduced_motion=motion, viewport={"width": 1920, "height": 1080})
    tv.add_cookies([{"name": f"host_{code}", "value": t["host_token"], "url": base}])
    p, s = phone.new_page(), tv.new_page()
    p.goto(f"{base}/t/{code}/seat")
    s.goto(f"{base}/t/{code}/screen")
    expect(p.locator(".me-bar")).to_be_visible()
    expect(s.locator(".tv-frame")).to_be_attached()
    # a decision arrives for the phone: the "Your move" pill and the attention flash
    api.ok(code, tok[0], {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 5})
    expect(p.locator(".pill.attention")).to_be_visible()
    p.wait_for_function("() => document.body.classList.contains('flash')")
    return p, s


def test_reduced_motion_stops_every_animation_and_the_flash(browser, live_server):
    phone, tv = pages(browser, live_server.url, "reduce")
    assert phone.evaluate(ANIMATIONS) == []
    assert phone.evaluate(FLASH) == "none"
    assert tv.evaluate(ANIMATIONS) == []
    phone.context.close()
    tv.context.close()


def test_without_the_setting_nothing_animates_forever(browser, live_server):
    phone, tv = pages(browser, live_server.url, "no-preference")
    running = phone.evaluate(ANIMATIONS)
    assert running, "the pill pulses and the flash fades (the check looks at real animations)"
    assert phone.evaluate(FLASH) != "none"
    for page in (phone, tv):
        forever = [a for a in page.evaluate(ANIMATIONS) if a["iterations"] is None or a["iterations"] > 3]
        assert forever == [], forever
    phone.context.close()
    tv.context.close()
