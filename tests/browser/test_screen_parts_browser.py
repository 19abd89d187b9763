"""The shared screen's parts in real Chromium (issue 41, companion/web/live_patch.py): an answer that
only says who has answered reaches the TV as the parts of its fragment that moved, with no fetch and
no whole fragment; after each one the TV reads exactly as a TV opened afresh at that moment, also
after a reload mid-round; the reveal still arrives whole and is said once, as before; no message
carries a sealed answer."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_live_region import LISTEN, said, wait_said
from tests.browser.test_progress_browser import sealed_bid
from tests.conftest import settle

pytestmark = pytest.mark.browser

SECRETS = {"Ana": 431, "Bia": 587, "Caio": 649}
TV = {"viewport": {"width": 1600, "height": 900}, "locale": "en-US"}


def test_a_tv_takes_parts_and_reads_as_a_fresh_one(browser, live_server, recorder):
    base = live_server.url
    code, tokens = sealed_bid(base, ["Red", "Blue", "Green"], list(SECRETS), "Gold")
    page = browser.new_context(**TV).new_page()
    page.add_init_script(LISTEN)
    rec = recorder(page)
    fetches: list[str] = []
    page.on("request", lambda r: "/frag/screen" in r.url and fetches.append(r.url))
    page.goto(f"{base}/t/{code}/screen")
    expect(page.locator(".prompt-status")).to_be_visible()
    settle(page)

    def answer(name: str) -> None:
        requests.post(f"{base}/api/tables/{code}/actions", headers={"Authorization": f"Bearer {tokens[name]}"},
                      json={"type": "answer", "prompt": "g1", "value": SECRETS[name]}, timeout=30).raise_for_status()

    def reads_as_a_fresh_tv() -> None:
        settle(page)
        fresh = browser.new_context(**TV).new_page()
        fresh.goto(f"{base}/t/{code}/screen")
        expect(fresh.locator(".tv-frame")).to_be_visible()
        settle(fresh)
        assert page.locator(".tv-frame").inner_text() == fresh.locator(".tv-frame").inner_text()
        assert page.locator(".tv-frame").evaluate("e => e.querySelectorAll('*').length") == \
            fresh.locator(".tv-frame").evaluate("e => e.querySelectorAll('*').length")
        fresh.context.close()

    settled = len(fetches)
    answer("Ana")
    expect(page.locator(".prompt-status .done")).to_have_count(1)
    expect(page.locator(".tv-waiting .w-count")).to_have_text("2")
    expect(page.locator(".tv-log li").first).to_have_text("Ana answered")
    assert len(fetches) == settled, "the TV fetched its fragment for an answer it was sent parts of"
    assert any(body.startswith("progress:") and '"parts"' in body for body in rec.bodies)
    reads_as_a_fresh_tv()

    # A reload mid-round: the fetched fragment is the text the next parts go into.
    page.reload()
    expect(page.locator(".prompt-status .done")).to_have_count(1)
    settle(page)
    settled = len(fetches)
    answer("Bia")
    expect(page.locator(".prompt-status .done")).to_have_count(2)
    expect(page.locator(".tv-waiting .w-count")).to_have_text("1")
    expect(page.locator(".tv-log li").first).to_have_text("Bia answered")
    assert len(fetches) == settled
    reads_as_a_fresh_tv()

    # The last answer reveals: the whole fragment, pushed, and its words said once.
    answer("Caio")
    for value in SECRETS.values():
        expect(page.locator(".tv-frame")).to_contain_text(str(value))
    line = wait_said(page, "Gold")
    assert all(str(v) in line for v in SECRETS.values())
    assert len(fetches) == settled, "the reveal was pushed whole"
    assert [t for t in said(page) if "Gold" in t] == [line], "the reveal is said once"
    reads_as_a_fresh_tv()
    revealed = [b for b in rec.bodies if str(SECRETS["Caio"]) in b]
    assert revealed and all(b.startswith("fragment:") for b in revealed[:1])
    for name, value in SECRETS.items():
        first = next(i for i, b in enumerate(rec.bodies) if str(value) in b)
        assert rec.bodies[first].startswith("fragment:"), f"{name}'s answer reached the TV before the reveal"
    page.context.close()
