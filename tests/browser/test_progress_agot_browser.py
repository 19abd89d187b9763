"""Progress events for A Game of Thrones in real Chromium (issue #27): when a house seals its Clash
of Kings bid on its phone, the other phones add "Stark has bid" to their log from the live event
itself and fetch nothing (bidders and houses still to bid alike); no device but the bidder's ever
receives the bid; the reveal reaches every phone."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_progress_browser import open_phones

pytestmark = pytest.mark.browser

HOUSES = {"baratheon": "Ana", "lannister": "Bia", "stark": "Caio", "greyjoy": "Duda"}
BIDS = {"stark": 3, "lannister": 2, "baratheon": 1, "greyjoy": 4}


def test_a_sealed_bid_reaches_the_other_phones_without_a_fetch(browser, live_server, recorder):
    base = live_server.url

    def act(token: str, action: dict) -> None:
        requests.post(f"{base}/api/tables/{code}/actions", headers={"Authorization": f"Bearer {token}"},
                      json=action, timeout=30).raise_for_status()

    t = requests.post(base + "/api/tables", json={"game": "agot", "options": {"players": 4, "decks": "physical"}},
                      timeout=30).json()
    code, host = t["code"], t["host_token"]
    tokens = {h: requests.post(f"{base}/api/tables/{code}/seats", json={"seat": h, "name": n}, timeout=30)
              .json()["token"] for h, n in HOUSES.items()}
    act(host, {"type": "start"})
    act(host, {"type": "round_done_on_board"})
    for card in ("supply", "clash-of-kings", "storm-of-swords"):
        act(host, {"type": "draw_card", "card": card})
    pid = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]["current"]["prompt"]["id"]

    phones, recs, fetches = open_phones(browser, recorder, base, code, {h: tokens[h] for h in HOUSES})

    def seal_on_phone(house: str) -> None:
        form = phones[house].locator("form.answer-form")
        form.locator("input[name=value]").fill(str(BIDS[house]))
        form.locator("button.primary").click()
        expect(phones[house].locator(f"[data-prompt='{pid}']")).to_contain_text(f"Your bid: {BIDS[house]}")

    for n, bidder in enumerate(("stark", "lannister")):
        before = {h: len(f) for h, f in fetches.items()}
        seal_on_phone(bidder)
        others = [h for h in HOUSES if h != bidder]
        for house in others:
            expect(phones[house].locator("#seat-frag ol.log li").first).to_have_text(f"{bidder.title()} has bid")
        assert {h: len(fetches[h]) - before[h] for h in others} == dict.fromkeys(others, 0), \
            "a phone fetched its fragment for a bid that only said who has bid"
        if n:  # Stark, who bid first, still reads its own bid
            expect(phones["stark"].locator(f"[data-prompt='{pid}']")).to_contain_text("Your bid: 3")

    for house, rec in recs.items():  # no bid reached another phone, by a page or by a stream message
        for other in ("stark", "lannister"):
            if other != house:
                assert not rec.saw(f"{other.title()} bids {BIDS[other]}"), f"{house} received {other}'s bid"
    assert any(body.startswith("progress:") for body in recs["greyjoy"].bodies)

    act(tokens["baratheon"], {"type": "answer", "prompt": pid, "value": BIDS["baratheon"]})
    act(tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": BIDS["greyjoy"]})  # the reveal
    for page in phones.values():
        expect(page.locator("#seat-frag ol.log")).to_contain_text("Bids for Iron Throne: Greyjoy 4, Stark 3")
