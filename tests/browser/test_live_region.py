"""The page's one polite live region (issue #36): what a screen reader says without the player looking.

A generic table's sealed bid, watched on two phones (English and Portuguese) and the TV: "your turn"
when the bid opens for a phone, "sealed" after its own submit, the reveal's summary on every device;
and never a secret before the reveal, on any device, the bidder's own included (a phone's speech is
heard by the whole table). A card-game window: announced when it opens for a phone, and a warning
before it closes by itself; a player who gives themself ten times the time keeps it, the other phone
keeps the table's countdown."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_decisions import PHONE
from tools.tv_scenarios import Api

pytestmark = pytest.mark.browser

#: Every text the page's live region takes, in order (installed before any page script runs).
LISTEN = """document.addEventListener("DOMContentLoaded", () => {
  window.__said = [];
  const regions = document.querySelectorAll('[aria-live=polite], [role=status]');
  window.__politeRegions = regions.length;
  const r = document.getElementById("announce");
  if (!r) { return; }
  new MutationObserver(() => { const t = r.textContent.trim(); if (t) { window.__said.push(t); } })
    .observe(r, {childList: true, characterData: true, subtree: true});
});"""


def said(page) -> list[str]:
    return page.evaluate("() => window.__said || []")


def open_page(browser, base: str, path: str, locale: str, cookies: dict[str, str], **device):
    ctx = browser.new_context(locale=locale, **device)
    ctx.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies.items()])
    page = ctx.new_page()
    page.add_init_script(LISTEN)
    page.goto(base + path)
    return page


def wait_said(page, pattern: str) -> str:
    page.wait_for_function("re => (window.__said || []).some(t => new RegExp(re).test(t))", arg=pattern)
    return next(t for t in said(page) if re.search(pattern, t))


def test_turn_sealed_and_reveal_are_said_and_no_secret_ever_is(browser, live_server):
    base = live_server.url
    api = Api(base)
    code = api.create("generic", {"seats": "Red, Blue, Green, Yellow"})["code"]
    tok = [api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"])]
    bia = open_page(browser, base, f"/t/{code}/seat?lang=en", "en-US", {f"seat_{code}": tok[1]}, **PHONE)
    caio = open_page(browser, base, f"/t/{code}/seat?lang=pt_BR", "pt-BR", {f"seat_{code}": tok[2]}, **PHONE)
    tv = open_page(browser, base, f"/t/{code}/screen?lang=en", "en-US", {}, viewport={"width": 1920, "height": 1080})
    for page in (bia, caio):
        expect(page.locator(".me-bar")).to_be_visible()
    expect(tv.locator(".tv-frame")).to_be_attached()
    for page in (bia, caio, tv):
        assert page.evaluate("() => window.__politeRegions") == 1, "one polite live region per page"

    api.ok(code, tok[0], {"type": "open_prompt", "title": "Order of play", "kind": "number", "min": 0, "max": 10})
    assert wait_said(bia, r"^Your turn: Order of play$")
    assert wait_said(caio, r"^Sua vez: Order of play$")

    bia.locator("form.answer-form input[name=value]").fill("9")
    bia.locator("form.answer-form button.primary").click()
    assert wait_said(bia, r"^Sealed\.")
    caio.locator("form.answer-form input[name=value]").fill("6")
    caio.locator("form.answer-form button.primary").click()
    assert wait_said(caio, r"^Selado\.")
    api.ok(code, tok[0], {"type": "answer", "prompt": "g1", "value": 3})
    expect(tv.locator(".prompt-status .chip.done")).to_have_count(3)

    # Before the reveal no device says a bid, not even the bidder's own phone (the table hears it)
    for page in (bia, caio, tv):
        assert not [t for t in said(page) if re.search(r"\b[369]\b", t)], said(page)

    api.ok(code, tok[3], {"type": "answer", "prompt": "g1", "value": 1})
    for page, lang_word in ((bia, "Revealed"), (caio, "Revelad"), (tv, "Revealed")):
        summary = wait_said(page, lang_word)
        assert re.search(r"Bia\W+9", summary) and re.search(r"Duda\W+1", summary), summary
    for page in (bia, caio, tv):
        page.context.close()


def test_a_card_game_window_is_said_warns_before_closing_and_a_player_takes_ten_times_the_time(browser, live_server):
    base = live_server.url
    api = Api(base)
    code = api.create("lcg", {"players": 2, "autopass_start": "structure"})["code"]
    tok = {s: api.join(code, s, n) for s, n in (("p1", "Ana"), ("p2", "Bia"))}
    ana = open_page(browser, base, f"/t/{code}/seat?lang=en", "en-US", {f"seat_{code}": tok["p1"]}, **PHONE)
    bia = open_page(browser, base, f"/t/{code}/seat?lang=pt_BR", "pt-BR", {f"seat_{code}": tok["p2"]}, **PHONE)
    expect(ana.locator(".me-bar")).to_be_visible()
    expect(bia.locator(".me-bar")).to_be_visible()

    # Ana gives herself ten times the table's time from her phone, before any window opens
    ana.locator("#lcg-time > summary").click()
    ana.locator("#lcg-time select[name=scale]").select_option("10")
    ana.locator("#lcg-time button").click()
    expect(ana.locator("#lcg-time select[name=scale]")).to_have_value("10")

    plot = {"name": "A Noble Cause", "gold": 5, "initiative": 6, "claim": 2, "when_revealed": False}
    api.ok(code, tok["p1"], {"type": "answer", "value": plot})
    api.ok(code, tok["p2"], {"type": "answer", "value": {**plot, "name": "Marched to the Wall", "initiative": 1}})

    assert wait_said(ana, r"^Window open: .* 50 seconds")
    assert wait_said(bia, r"^Janela aberta: .* 5 segundos")
    expect(ana.locator("[data-lcg-countdown] [data-left]")).to_have_text(re.compile(r"^(4\d|50) s$"))
    # Bia's phone warns before the window closes by itself, then reports at zero; Ana's still counts
    assert wait_said(bia, r"^Fecha em \d+ segundos")
    expect(bia.locator("[data-lcg-countdown]")).to_have_count(0, timeout=15_000)
    expect(ana.locator("[data-lcg-countdown] [data-left]")).to_have_text(re.compile(r"^[34]\d s$"))
    assert not [t for t in said(ana) if t.startswith("Closes in")], "Ana's warning comes near her own zero"
    ana.context.close()
    bia.context.close()
