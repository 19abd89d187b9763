"""Fragments pushed on the event stream, in real Chromium (issue #27, companion/web/live_push.py):
a change reaches the TV and the phones as their own fragment inside the stream message, with no
fetch; it is merged exactly as a fetched one (a half-typed field survives it), the reveal arrives the
same way, and no stream message carries another seat's secret."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_progress_browser import open_phones, sealed_bid

pytestmark = pytest.mark.browser

SECRETS = {"Ana": 431, "Bia": 587}


def test_pages_take_pushed_fragments_without_fetching(browser, live_server, recorder):
    base = live_server.url
    code, tokens = sealed_bid(base, ["Red", "Blue"], list(SECRETS), "Gold")
    auth = {name: {"Authorization": f"Bearer {tok}"} for name, tok in tokens.items()}

    screen = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US").new_page()
    screen_rec = recorder(screen)
    screen_fetches: list[str] = []
    screen.on("request", lambda r: "/frag/screen" in r.url and screen_fetches.append(r.url))
    screen.goto(f"{base}/t/{code}/screen")
    expect(screen.locator(".prompt-status")).to_be_visible()
    phones, recs, fetches = open_phones(browser, recorder, base, code, tokens)
    screen.wait_for_function("() => !document.querySelector('.htmx-request')")
    settled = {"screen": len(screen_fetches), **{n: len(f) for n, f in fetches.items()}}

    # Bia starts typing a new question and has not sent it: a pushed fragment must not lose it.
    bia = phones["Bia"]
    bia.locator("details.card summary").click()
    bia.locator("input[name=title]").fill("Who pays the pizza")
    bia.locator("input[name=title]").blur()

    # Ana rolls dice from the API: every page's fragment changes (the last roll is public).
    requests.post(f"{base}/api/tables/{code}/actions", headers=auth["Ana"], json={"type": "roll", "dice": "3d6"},
                  timeout=30).raise_for_status()
    for page in phones.values():
        expect(page.locator("#seat-frag")).to_contain_text("3d6 =")
    expect(bia.locator("input[name=title]")).to_have_value("Who pays the pizza")
    expect(bia.locator("details.card")).to_have_attribute("open", "")

    # Ana seals her bid on her phone: her own fragment and the TV change, Bia's gets progress.
    form = phones["Ana"].locator("form.answer-form")
    form.locator("input[name=value]").fill(str(SECRETS["Ana"]))
    form.locator("button.primary").click()
    expect(phones["Ana"].locator(".mine")).to_contain_text(str(SECRETS["Ana"]))
    expect(screen.locator(".prompt-status .done")).to_have_count(1)
    assert not recs["Bia"].saw(SECRETS["Ana"]) and not screen_rec.saw(SECRETS["Ana"]), \
        "a sealed answer reached another device before the reveal"

    # Bia's answer reveals: both phones and the TV show both answers, pushed, with no fetch.
    requests.post(f"{base}/api/tables/{code}/actions", headers=auth["Bia"],
                  json={"type": "answer", "prompt": "g1", "value": SECRETS["Bia"]}, timeout=30).raise_for_status()
    for page in phones.values():
        for value in SECRETS.values():
            expect(page.locator(".prompt.revealed")).to_contain_text(str(value))
    for value in SECRETS.values():
        expect(screen.locator(".tv-frame")).to_contain_text(str(value))
    expect(bia.locator("input[name=title]")).to_have_value("Who pays the pizza")

    assert len(screen_fetches) == settled["screen"], "the TV fetched a fragment it was sent"
    assert len(fetches["Bia"]) == settled["Bia"], "a phone fetched a fragment it was sent"
    # (Ana's own tap is answered with a refresh of her page, as before: the actor may fetch.)
    assert any(body.startswith("fragment:") for body in recs["Bia"].bodies)
    assert any(body.startswith("fragment:") for body in screen_rec.bodies)
