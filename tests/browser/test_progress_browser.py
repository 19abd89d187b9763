"""Progress events in real Chromium (issue #27): when one phone seals its answer, the other phones
add "Ana answered" to their log from the live event itself, without fetching their fragment; the
TV still shows who has answered; the reveal reaches everyone; no stream message carries a secret."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.conftest import PHONE

pytestmark = pytest.mark.browser

SECRETS = {"Ana": 417, "Bia": 523, "Caio": 689}


def sealed_bid(base: str, seats: list[str], names: list[str], title: str) -> tuple[str, dict[str, str]]:
    """A generic table with one named player per seat and a sealed bid open (the first player
    asked): its code and each player's seat token."""
    code = requests.post(base + "/api/tables", json={"game": "generic", "options": {"seats": ", ".join(seats)}},
                         timeout=30).json()["code"]
    tokens = {name: requests.post(f"{base}/api/tables/{code}/seats", json={"seat": f"p{i}", "name": name},
                                  timeout=30).json()["token"]
              for i, name in enumerate(names, 1)}
    requests.post(f"{base}/api/tables/{code}/actions", headers={"Authorization": f"Bearer {tokens[names[0]]}"},
                  json={"type": "open_prompt", "title": title, "kind": "number", "min": 0, "max": 999},
                  timeout=30).raise_for_status()
    return code, tokens


def open_phones(browser, recorder, base: str, code: str, tokens: dict[str, str]) -> tuple[dict, dict, dict]:
    """One phone per seat token on its seat page, settled: the pages, their recorders, and the
    list of fragment fetches each page makes from now on (a progress event must add none)."""
    phones, recs, fetches = {}, {}, {}
    for who, token in tokens.items():
        ctx = browser.new_context(locale="en-US", **PHONE)
        ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": base}])
        page = ctx.new_page()
        recs[who] = recorder(page)
        fetches[who] = []
        page.on("request", lambda r, w=who: "/frag/seat" in r.url and fetches[w].append(r.url))
        page.goto(f"{base}/t/{code}/seat")
        expect(page.locator("form.answer-form")).to_be_visible()
        phones[who] = page
    for page in phones.values():  # the first load and the stream's first hint have both landed
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        page.wait_for_timeout(300)
    return phones, recs, fetches


def test_other_phones_take_an_answer_without_a_fetch(browser, live_server, recorder):
    base = live_server.url
    code, tokens = sealed_bid(base, ["Red", "Blue", "Green"], list(SECRETS), "Who goes first")

    screen = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US").new_page()
    screen_rec = recorder(screen)
    screen.goto(f"{base}/t/{code}/screen")
    phones, recs, fetches = open_phones(browser, recorder, base, code, tokens)

    def seal(name: str, last: bool = False) -> None:
        form = phones[name].locator("form.answer-form")
        form.locator("input[name=value]").fill(str(SECRETS[name]))
        form.locator("button.primary").click()
        if not last:
            expect(phones[name].locator(".mine")).to_contain_text(str(SECRETS[name]))

    before = {n: len(f) for n, f in fetches.items()}
    seal("Ana")
    for name in ("Bia", "Caio"):
        expect(phones[name].locator("#seat-frag ol.log li").first).to_have_text("Ana answered")
    expect(screen.locator(".prompt-status .done")).to_have_count(1)  # the TV fetches as before
    assert {n: len(fetches[n]) - before[n] for n in ("Bia", "Caio")} == {"Bia": 0, "Caio": 0}, \
        "a phone fetched its fragment for an answer that only said who has answered"

    seal("Bia")
    expect(phones["Caio"].locator("#seat-frag ol.log li").first).to_have_text("Bia answered")
    expect(phones["Ana"].locator("#seat-frag ol.log li").first).to_have_text("Bia answered")
    expect(screen.locator(".prompt-status .done")).to_have_count(2)
    assert len(fetches["Caio"]) == before["Caio"]

    # Nothing secret reached another device before the reveal: not in a page, not in a stream message.
    for name, rec in recs.items():
        for other, value in SECRETS.items():
            if other != name:
                assert not rec.saw(value), f"{name}'s phone received {other}'s answer"
    assert any(body.startswith("progress:") for body in recs["Caio"].bodies)
    for value in SECRETS.values():
        assert not screen_rec.saw(value)

    seal("Caio", last=True)  # the last answer reveals: every phone fetches and shows every answer
    for page in phones.values():
        for value in SECRETS.values():
            expect(page.locator(".prompt.revealed")).to_contain_text(str(value))
    for value in SECRETS.values():
        expect(screen.locator(".tv-frame")).to_contain_text(str(value))
