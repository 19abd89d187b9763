"""No page a phone opens is wider than a 390 px screen (issue #23: 16 of 26 Portuguese phone pages were
394 px wide, the header's language links). The seat page at every decision is checked by
test_phone_decisions.py and the start page by test_start_page.py; this covers the rest, for every
registered game (its TV scenario's first moment), in English and Portuguese: the join page, the seat
page, the table's rules, the log, the story and its replay, and the game's rules book."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_decisions import LANGS, PHONE, check_width
from tests.conftest import settle
from tools.tv_scenarios import SCENARIOS, Api

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scenario", list(SCENARIOS))  # every registered game has one (tests/core/test_game_registry.py)
def test_no_phone_page_is_wider_than_the_screen(browser, live_server, scenario):
    base = live_server.url
    api = Api(base)
    _moment, code = next(SCENARIOS[scenario](api))
    game = api.http.get(f"{base}/api/tables/{code}", timeout=20).json()["game"]
    seat = next(k for k in api.tokens if k.startswith(f"{code}/"))
    pages = [f"/t/{code}/join", f"/rules/{game}", f"/t/{code}/story", f"/t/{code}/replay",
             f"/t/{code}/seat", f"/t/{code}/rules", f"/t/{code}/log"]
    for lang, locale in LANGS:
        ctx = browser.new_context(locale=locale, **PHONE)
        page = ctx.new_page()
        for path in pages:
            if path.endswith("/seat"):  # the rest is read from the seat: sit down first
                ctx.add_cookies([{"name": f"seat_{code}", "value": api.tokens[seat], "url": base}])
            response = page.goto(f"{base}{path}?lang={lang}")
            assert response and response.status == 200, path
            expect(page.locator("main")).to_be_attached()
            settle(page)  # live fragments settle
            check_width(page, f"{scenario} {path} ({lang})")
        ctx.close()
