"""The combat on two real Chromium phones (issue 12, "AGoT phone"): both fighters see the live
itemised totals, the defender's phone never shows the attacker's unrevealed card, and the loser
chooses a casualty with one tap on a 390x844 phone (EN and pt_BR)."""

from __future__ import annotations

import os

import pytest
import requests
from playwright.sync_api import expect

from tests.api.test_agot_action_api import HOUSES, ORDERS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("AGOT_SHOTS", "")  # a folder: also save screenshots there


def test_fighters_see_totals_and_tap_a_casualty(browser, live_server):
    base = live_server.url
    t = requests.post(base + "/api/tables", json={"game": "agot", "options": {"players": 4, "faq_lannister_port_ship": False}},
                      timeout=30).json()
    code, host = t["code"], t["host_token"]

    def act(token: str, action: dict) -> None:
        r = requests.post(f"{base}/api/tables/{code}/actions", json=action, timeout=30,
                          headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text

    tokens = {h: requests.post(f"{base}/api/tables/{code}/seats", json={"seat": h, "name": h.title()},
                               timeout=30).json()["token"] for h in HOUSES}
    act(host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    act(host, {"type": "start"})
    pid = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]["planning"]["prompt"]["id"]
    for h in HOUSES:
        act(tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": ORDERS[h]}})
    act(tokens["lannister"], {"type": "raven_pass"})
    act(tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    act(tokens["lannister"], {"type": "march", "from": "lannisport", "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})

    phones = {}
    for h, lang in (("lannister", "en"), ("greyjoy", "pt_BR")):
        ctx = browser.new_context(locale="en-US", **PHONE)
        ctx.add_cookies([{"name": f"seat_{code}", "value": tokens[h], "url": base}])
        page = ctx.new_page()
        page.goto(f"{base}/t/{code}/seat?lang={lang}")
        phones[h] = page
    lan, grey = phones["lannister"], phones["greyjoy"]
    expect(lan.locator("#agot-combat-totals [data-side=attacker] .sum")).to_have_text("3")
    expect(grey.locator("#agot-combat-totals [data-side=defender] .sum")).to_have_text("2")  # footman + Defense +1
    lan.locator("button", has_text="Support nobody").click()
    lan.locator("button[data-card=cersei-lannister]").click()
    expect(lan.locator(".pill", has_text="Cersei")).to_be_visible()
    expect(grey.locator("button[data-card=euron-crows-eye]")).to_be_visible()
    assert "Cersei" not in grey.content()  # the attacker's card, before the reveal
    grey.locator("button[data-card=euron-crows-eye]").click()
    grey.locator("button", has_text="Guardar").click()  # keep the Blade
    buttons = lan.locator("#agot-casualties button")
    expect(buttons).to_have_count(2)  # one tap per choice: the footman or the knight
    expect(lan.locator("#agot-combat-totals [data-side=defender] .sum")).to_have_text("6")  # 1 + 1 + Euron 4
    expect(grey.locator("#agot-combat-totals [data-side=attacker]", has_text="Cersei")).to_be_visible()
    assert grey.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing clipped sideways (pt_BR)
    box = buttons.first.bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= 390  # a thumb target, on screen
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        lan.screenshot(path=os.path.join(SHOTS, "phone-casualties-en.png"), full_page=True)
        grey.screenshot(path=os.path.join(SHOTS, "phone-combat-totals-pt.png"), full_page=True)
    lan.locator("#agot-casualties button[data-casualties='knight=1']").click()
    expect(lan.locator("#agot-casualties")).to_have_count(0)
    state = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]
    notes = str((state.get("last_combat") or state["action"].get("combat") or {}).get("notes"))
    assert "1 knight" in notes
