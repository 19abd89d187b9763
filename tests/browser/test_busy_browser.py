"""A busy server in real Chromium (issue 41, companion/web/admit.py and static/app.js): a tap answered
``503`` with ``Retry-After`` is kept with the player's entry, said politely through the live region
in the page's language, and sent again after the wait, once; the table takes it exactly once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.admission import Admission
from companion.web.admit import KEY
from tests.api.test_admission import held
from tests.browser.test_progress_browser import sealed_bid
from tests.conftest import PHONE

pytestmark = pytest.mark.browser

BUSY = {"en-US": ("The server is busy: your tap is kept and will be sent again in a few seconds.",
                  "Sent: the server took your tap."),
        "pt-BR": ("O servidor está ocupado: seu toque foi guardado e será enviado de novo em alguns segundos.",
                  "Enviado: o servidor recebeu seu toque.")}

#: Every text the page's polite live region says, kept in order (the region itself changes every 1.2 s)
LISTEN = """() => {
  window.__said = [];
  new MutationObserver(() => {
    const t = document.getElementById("announce").textContent;
    if (t) { window.__said.push(t); }
  }).observe(document.getElementById("announce"), {childList: true, characterData: true, subtree: true});
}"""


@pytest.mark.parametrize("locale", list(BUSY))
def test_a_tap_answered_busy_keeps_the_entry_and_is_sent_again_once(browser, live_server, console_errors, locale):
    console_errors.allow(r"status of 503")  # Chromium logs the shed request itself
    base, app = live_server.url, live_server.app
    code, tokens = sealed_bid(base, ["Red", "Blue"], ["Ana", "Bia"], "Gold")
    door = Admission(limit=1, wait=0.05, retry_after=1)
    app.extensions[KEY] = door
    svc = app.extensions["companion.tables"]

    ctx = browser.new_context(locale=locale, **PHONE)
    ctx.add_cookies([{"name": f"seat_{code}", "value": tokens["Ana"], "url": base}])
    page = ctx.new_page()
    page.goto(f"{base}/t/{code}/seat")
    form = page.locator("form.answer-form")
    expect(form).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.evaluate(LISTEN)
    version = svc.version(code)

    form.locator("input[name=value]").fill("417")
    with held(door, 1):  # every slot at work elsewhere: the tap is shed
        form.locator("button.primary").click()
        expect(page.locator("#toast")).to_contain_text(BUSY[locale][0])
        page.wait_for_function("text => window.__said.includes(text)", arg=BUSY[locale][0])
        expect(page.locator("#queued")).to_be_visible()  # listed as waiting to be sent
        expect(form.locator("input[name=value]")).to_have_value("417")  # the entry is kept
        page.wait_for_timeout(2500)  # past the first Retry-After: sent again, shed again, kept
        assert svc.version(code) == version, "a shed tap changed the table"
        assert door.shed >= 2, "the page did not try again after Retry-After"
    # the slots are free: the next try is taken, once
    expect(page.locator(".mine")).to_contain_text("417")
    expect(page.locator("#toast")).to_contain_text(BUSY[locale][1])
    expect(page.locator("#queued")).to_be_hidden()
    page.wait_for_timeout(2000)
    assert svc.version(code) == version + 1, "the tap was applied more than once (or not at all)"
    ctx.close()
