"""Issue 24: one round of the card game with three real phones and the table's defaults, timed.

The phones (Chromium contexts at 390x844) run the countdowns themselves and report at zero, exactly
as at the table; the inputs a player types (plot, first player, titles, the active player's Pass,
one challenge, strength, dominance) are sent through the JSON API with each phone's own seat token,
so the wall time measured is the time the table spends on windows nobody acts in, plus the
round trips. It is printed, not asserted beyond a generous bound (docs/taps.md).
"""

from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = {"p1": "Ana", "p2": "Bia", "p3": "Caio"}


def test_a_round_at_the_default_pace_with_three_phones(live_server, join_phone):
    t = requests.post(f"{live_server.url}/api/tables", json={"game": "lcg", "options": {"players": 3}},
                      timeout=30).json()
    code, base = t["code"], live_server.url
    phones, tokens, errors = {}, {}, []
    for i, (seat, name) in enumerate(NAMES.items()):
        page = join_phone(t["join_url"] + "?lang=en", name, f"Seat {i + 1}")
        phones[seat] = page
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        tokens[seat] = next(c["value"] for c in page.context.cookies() if c["name"] == f"seat_{code}")
    # a first-timer's phone starts on something they can do, with one line on how windows work
    first = phones["p3"]  # the last to sit down: its countdown has just started
    expect(first.locator(".lcg-countdown .lcg-run-q")).to_contain_text("Anything before: Choose and reveal plots?")
    expect(first.locator(".lcg-how")).to_contain_text("Tap Wait")
    expect(first.locator("[data-testid=nothing]")).to_be_visible()

    def state() -> dict:
        return requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]

    def do(seat: str, action: dict) -> None:
        r = requests.post(f"{base}/api/tables/{code}/actions", json=action,
                          headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=30)
        assert r.status_code == 200, r.text

    start = time.monotonic()
    challenged, countdowns, last_rid = False, 0, None
    while True:
        s = state()
        assert time.monotonic() - start < 300, (
            f"a round at the default pace took far too long: at {s['box']} {s['step']} {s['event']}, "
            f"opportunity {s['priority']}, active {s['active_player']}, countdown {s['countdown']}; phones: "
            + " | ".join(str(requests.get(f"{base}/api/tables/{code}/me", timeout=30,
                                          headers={"Authorization": f"Bearer {tokens[x]}"}).json()["private"]["countdown"])
                         + " " + str(p.evaluate("JSON.stringify(sessionStorage)"))
                         + p.locator("main").inner_text()[:200].replace("\n", " ")
                         for x, p in phones.items()) + " errors: " + str(errors))
        if s["round"] == 2:
            break
        if s["step"] == "input":
            ev, waiting = s["event"], s["waiting_for"]
            if ev == "reveal_plots":
                for i, seat in enumerate(NAMES):
                    if seat in waiting:
                        do(seat, {"type": "answer", "value": {"name": f"Plot {i}", "gold": 5,
                                                               "initiative": 5 - i, "claim": 1}})
            elif ev == "choose_first":
                do(waiting[0], {"type": "first_player", "seat": "p1"})
            elif ev == "choose_titles":
                seat = s["title_chooser"]
                free = requests.get(f"{base}/api/tables/{code}/me", timeout=30,
                                    headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["private"]
                do(seat, {"type": "title", "title": free["free_titles"][0]})
            elif ev == "determine_winner":
                do(s["challenge"]["attacker"], {"type": "strength", "attacker": 5, "defender": 3})
            elif ev == "dominance":
                for seat in waiting:
                    do(seat, {"type": "dominance", "strength": 2})
            continue
        if s["decision"]:
            seat = s["decision"]["seat"]
            if seat == "p1" and not challenged:
                challenged = True
                do(seat, {"type": "challenge", "challenge": "military", "opponent": "p2"})
            else:
                do(seat, {"type": "finish"})
            continue
        if s["priority"] and s["box"] == "marshal.actions" and s["priority"] == s["active_player"]:
            do(s["priority"], {"type": "pass"})  # the active player ends their own segment
            continue
        if s["countdown"] and s["countdown"]["round"] != last_rid:
            last_rid = s["countdown"]["round"]
            countdowns += 1
        time.sleep(0.1)  # the phones count down and report by themselves
    wall = time.monotonic() - start
    print(f"\nLCG round, 3 phones, defaults: {wall:.1f} s wall time, {countdowns} countdowns seen")
    log = requests.get(f"{base}/api/tables/{code}/log", timeout=30).json()["log"]
    assert any("declares a military challenge" in e["text"] for e in log)
    assert 8 <= countdowns <= 30


def test_stop_me_later_in_this_run(live_server, join_phone):
    """Caio asks to be stopped at the plot phase's player actions; Ana and Bia tap Nothing. The run
    passes quietly to that window, every phone is asked there the same way, and the opportunity
    stops at Caio in turn. While a run asks, no phone shows Pass or Act, only Nothing and Wait.
    (20 s countdowns: the three phones sit down before the first one runs out.)"""
    t = requests.post(f"{live_server.url}/api/tables",
                      json={"game": "lcg", "options": {"players": 3, "auto_close": 20}}, timeout=30).json()
    phones = {seat: join_phone(t["join_url"] + "?lang=en", name, f"Seat {i + 1}")
              for i, (seat, name) in enumerate(NAMES.items())}

    def state() -> dict:
        return requests.get(f"{live_server.url}/api/tables/{t['code']}", timeout=30).json()["state"]

    expect(phones["p1"].locator("[data-testid=nothing]")).to_be_visible()
    expect(phones["p1"].locator("#lcg-opportunity")).to_have_count(0)
    caio = phones["p3"]
    caio.locator(".lcg-later summary").click()
    caio.locator("[data-testid='stop-plot.actions1']").click()
    for seat in ("p1", "p2"):
        phones[seat].locator("[data-testid=nothing]").click()
    end = time.time() + 60  # at once when all three reported; a busy machine only takes longer
    while time.time() < end and state()["box"] != "plot.actions1":
        time.sleep(0.1)
    assert state()["box"] == "plot.actions1" and state()["step"] == "actions"
    expect(caio.locator(".lcg-countdown.waiting")).to_contain_text("You asked to be stopped here")
    for seat in ("p1", "p2"):
        expect(phones[seat].locator(".lcg-countdown:not(.waiting) [data-testid=nothing]")).to_be_visible()
        phones[seat].locator("[data-testid=nothing]").click()
    expect(caio.locator("#lcg-opportunity")).to_be_visible(timeout=60_000)  # his phone reported at zero (20 s)
    assert state()["priority"] == "p3"
    expect(caio.locator("[data-testid=act]")).to_be_visible()
