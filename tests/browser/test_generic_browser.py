"""One shared screen and three phones in real Chromium: join by the QR link, a sealed bid, the reveal."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import without_noise

pytestmark = pytest.mark.browser

SECRETS = {"Ana": 417, "Bia": 523, "Caio": 689}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def html_without_pictures(page) -> str:
    """The page's HTML minus its SVG pictures and other digits that are not state (see
    tests.conftest.without_noise: the server's port, the CSRF token, the static files' digests)."""
    return without_noise(page.evaluate("""() => { const b = document.documentElement.cloneNode(true);
        b.querySelectorAll('svg').forEach(e => e.remove()); return b.outerHTML; }"""))


def test_screen_and_three_phones_sealed_bid(browser, live_server, recorder):
    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen = screen_ctx.new_page()
    screen_rec = recorder(screen)
    screen.goto(live_server.url + "/")
    screen.fill("input[name='generic.seats']", "Red, Blue, Green")
    screen.click("form:has(input[value=generic]) button.primary")
    expect(screen.locator(".room-code")).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    code = screen.locator(".room-code").inner_text()
    join_url = screen.locator(".join-url").first.inner_text()
    assert join_url == f"{live_server.url}/t/{code}/join"
    assert screen.locator(".qr svg").count() == 1

    phones = {}
    for name, seat in zip(SECRETS, ["Red", "Blue", "Green"]):
        ctx = browser.new_context(locale="en-US", **PHONE)
        page = ctx.new_page()
        rec = recorder(page)
        page.goto(join_url)
        page.fill("input[name=name]", name)
        page.locator(".seat-option", has_text=seat).click()
        page.click("button.primary")
        expect(page.locator(".me-bar")).to_contain_text(name)
        phones[name] = (page, rec)
        expect(screen.locator(".tv-frame")).to_contain_text(name)  # live, no reload

    ana = phones["Ana"][0]
    ana.locator("summary", has_text="Start a sealed bid").click()
    ana.fill("input[name=title]", "Who goes first")
    ana.fill("input[name=max]", "999")
    ana.click("text=Ask everyone")

    for name in ["Ana", "Bia"]:
        page = phones[name][0]
        form = page.locator("form.answer-form")
        expect(form).to_be_visible()
        form.locator("input[name=value]").fill(str(SECRETS[name]))
        form.locator("button.primary").click()
        expect(page.locator(".mine")).to_contain_text(str(SECRETS[name]))
    expect(screen.locator(".prompt-status .done")).to_have_count(2)

    # Before the reveal: no device saw an answer that is not its own, in any page or response.
    for name, (page, rec) in phones.items():
        for other, value in SECRETS.items():
            if other != name:
                assert not rec.saw(value), f"{name}'s phone received {other}'s answer"
                assert str(value) not in html_without_pictures(page)
    for value in SECRETS.values():
        assert not screen_rec.saw(value)
        assert str(value) not in html_without_pictures(screen)

    caio = phones["Caio"][0]
    caio.locator("form.answer-form input[name=value]").fill(str(SECRETS["Caio"]))
    caio.locator("form.answer-form button.primary").click()

    # After: everyone sees everything, live.
    for page in [screen] + [p for p, _ in phones.values()]:
        reveal = page.locator(".prompt.revealed .reveal").first
        for value in SECRETS.values():
            expect(reveal).to_contain_text(str(value))
    expect(screen.locator(".reveal li").first).to_contain_text("Caio")  # highest bid first

    # The shared screen switches to Portuguese and keeps working.
    screen.click("a[hreflang=pt-BR]")
    expect(screen.locator(".log-box .tv-h")).to_have_text("Registro do jogo")
    for ctx in [screen_ctx] + [p.context for p, _ in phones.values()]:
        ctx.close()


def test_phone_recovers_after_the_server_was_unreachable(browser, live_server, console_errors):
    """A phone that lost Wi-Fi (offline) catches up by itself when it comes back."""
    console_errors.allow(r"ERR_INTERNET_DISCONNECTED|htmx:sendError|htmx:afterRequest")
    ctx = browser.new_context(locale="pt-BR", **PHONE)
    page = ctx.new_page()
    import requests

    t = requests.post(live_server.url + "/api/tables", json={"game": "generic", "options": {"seats": "A, B"}}).json()
    page.goto(t["join_url"])
    page.fill("input[name=name]", "Ana")
    page.locator(".seat-option").first.click()
    page.click("button.primary")
    expect(page.locator(".me-bar")).to_contain_text("Ana")
    expect(page.locator("h2", has_text="Meus contadores")).to_be_visible()
    ctx.set_offline(True)
    bia = requests.post(f"{live_server.url}/api/tables/{t['code']}/seats", json={"seat": "p2", "name": "Bia"}).json()
    requests.post(f"{live_server.url}/api/tables/{t['code']}/actions", json={"type": "roll", "dice": "1d6"},
                  headers={"Authorization": f"Bearer {bia['token']}"})
    ctx.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".log")).to_contain_text("Bia")
    ctx.close()
