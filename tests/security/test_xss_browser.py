"""In real Chromium: hostile seat labels, names, counters and prompt texts show literally on every
page (screen, host panel, join, phone, log), no script runs (no dialog, no page error), the CSP
reports nothing, and the behaviour that used to be inline (steppers, toast close) still works."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.security.hostile import ATTR, BRACES, FORMAT, IMG, PERCENT, SVG

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TITLE_PAYLOAD = "<img src=x onerror=\"document.title='pwned';alert(3)\">"


class Watch:
    """Everything that would prove a script ran or the CSP blocked something."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def attach(self, page) -> None:
        page.on("dialog", lambda d: (self.events.append(f"dialog: {d.message}"), d.dismiss()))
        page.on("pageerror", lambda e: self.events.append(f"pageerror: {e} {e.stack}"))
        page.on("console", lambda m: m.type == "error" and self.events.append(f"console: {m.text}"))


def test_hostile_strings_never_run_in_the_browser(browser, live_server, console_errors):
    console_errors.allow(r"status of 400")  # a refusal toast is opened on purpose below
    watch = Watch()
    host_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen = host_ctx.new_page()
    watch.attach(screen)
    screen.goto(live_server.url + "/")
    screen.fill("input[name='generic.seats']", ", ".join([SVG, PERCENT, ATTR, BRACES]))
    screen.fill("input[name='generic.counters']", f"{FORMAT}, 9% off")
    screen.click("form:has(input[value=generic]) button.primary")
    code = screen.locator(".room-code").inner_text()
    expect(screen.locator(".seats-bar")).to_contain_text(SVG)

    phone_ctx = browser.new_context(locale="pt-BR", **PHONE)
    phone = phone_ctx.new_page()
    watch.attach(phone)
    phone.goto(f"{live_server.url}/t/{code}/join")
    expect(phone.locator(".seat-option").first).to_contain_text(SVG)
    phone.fill("input[name=name]", IMG)
    phone.locator(".seat-option", has_text=PERCENT).click()
    phone.click("button.primary")
    expect(phone.locator(".me-bar")).to_contain_text(IMG)
    phone.locator("summary", has_text="lance").first.click()
    phone.fill("input[name=title]", TITLE_PAYLOAD)
    phone.fill("input[name=max]", "9")
    phone.locator("form:has(input[name=title]) button.primary").click()
    form = phone.locator("form.answer-form")
    expect(form).to_be_visible()
    # the stepper (once an inline onclick) works under the CSP
    form.locator("[data-step='1']").click()
    form.locator("[data-step='1']").click()
    expect(form.locator("input[name=value]")).to_have_value("2")
    # a refusal toast closes with its button (once an inline onclick)
    form.locator("input[name=value]").evaluate("e => { e.removeAttribute('max'); e.value = '99'; }")
    form.locator("button.primary").click()
    expect(phone.locator("#toast .toast")).to_be_visible()
    phone.locator("#toast .toast [data-dismiss]").click()
    expect(phone.locator("#toast .toast")).to_have_count(0)

    expect(screen.locator("body")).to_contain_text(TITLE_PAYLOAD)      # live re-render, literal
    expect(phone.locator("body")).to_contain_text(TITLE_PAYLOAD)
    for url in (f"/t/{code}/log", f"/t/{code}/join?switch=1", f"/t/{code}/screen?lang=pt_BR"):
        phone.goto(live_server.url + url)
        expect(phone.locator("main")).to_contain_text(IMG if "join" not in url else SVG)
    screen.reload()
    expect(screen.locator("#host-frag, [data-frag=host], body").first).to_contain_text(PERCENT)
    phone.wait_for_timeout(300)
    assert screen.title() != "pwned" and phone.title() != "pwned"
    # no script of ours was blocked and no injected script ran (other page errors are another test's)
    bad = [e for e in watch.events if e.startswith("dialog") or "Content Security Policy" in e or "Refused to" in e]
    assert not bad, "\n".join(bad)
    host_ctx.close()
    phone_ctx.close()
