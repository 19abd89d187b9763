"""A Game of Thrones planning and action phase in real Chromium (issue #4, "Done means"): one shared
screen and four phones place secret orders (no phone sees another's before the reveal), the Raven
swaps one, then a raid, a march into combat with support and house cards, and consolidate power."""

from __future__ import annotations

import os

import pytest
import requests
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
HOUSES = {"baratheon": "Baratheon", "lannister": "Lannister", "stark": "Stark", "greyjoy": "Greyjoy"}
ORDERS = {
    "baratheon": {"dragonstone": "consolidate-a", "kingswood": "defense1a", "shipbreaker-bay": "support0a"},
    "lannister": {"lannisport": "march0", "stoney-sept": "support0a", "the-golden-sound": "consolidate-a"},
    "stark": {"winterfell": "consolidate-a", "white-harbor": "defense1a", "the-shivering-sea": "support0a"},
    "greyjoy": {"pyke": "defense1a", "greywater-watch": "consolidate-a", "ironmans-bay": "raid-a",
                "port-of-pyke": "support0a", "riverrun": "defense1b"},
}
SHOTS = os.environ.get("AGOT_SHOTS", "")  # a folder: also save screenshots there (EN and PT)


def shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)


def click(page, selector: str, text: str | None = None) -> None:
    loc = page.locator(selector, has_text=text) if text else page.locator(selector)
    loc.first.click()


def test_planning_raven_raid_march_combat_consolidate(browser, live_server):
    base = live_server.url
    t = requests.post(base + "/api/tables", json={"game": "agot", "options": {"players": 4, "faq_lannister_port_ship": False}},
                      timeout=30).json()
    code, host = t["code"], t["host_token"]
    auth = {"Authorization": f"Bearer {host}"}
    r = requests.post(f"{base}/api/tables/{code}/actions", headers=auth, timeout=30,
                      json={"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    assert r.status_code == 200, r.text

    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    screen = screen_ctx.new_page()
    screen.goto(f"{base}/t/{code}/screen")
    phones = {}
    for house, label in HOUSES.items():
        ctx = browser.new_context(locale="en-US", **PHONE)
        page = ctx.new_page()
        page.on("dialog", lambda d: d.accept())
        page.goto(f"{base}/t/{code}/join")
        page.fill("input[name=name]", label[:3])
        page.locator(".seat-option", has_text=label).click()
        page.click("button.primary")
        expect(page.locator(".me-bar")).to_contain_text(label[:3])
        phones[house] = page
    r = requests.post(f"{base}/api/tables/{code}/actions", headers=auth, json={"type": "start"}, timeout=30)
    assert r.status_code == 200, r.text
    expect(screen.locator("#agot-planning")).to_contain_text("every house places its orders in secret")

    # Planning: three phones place their orders; nobody else sees them. Stark reads Portuguese.
    phones["stark"].goto(f"{base}/t/{code}/seat?lang=pt_BR")
    expect(phones["stark"].locator("#agot-planning-seat")).to_contain_text("Suas ordens secretas")
    shot(phones["stark"], "phone-planning-pt")
    for house in ("lannister", "stark", "baratheon"):
        page = phones[house]
        form = page.locator("#agot-orders-form")
        expect(form).to_be_visible()
        for area, token in ORDERS[house].items():
            form.locator(f"select[name='o:{area}']").select_option(token)
        form.locator("button.primary").click()
        expect(page.locator(".drafted")).to_have_count(1)
    shot(phones["lannister"], "phone-planning-en")
    shot(screen, "screen-planning-en")
    expect(phones["lannister"].locator(".drafted")).to_contain_text("Lannisport: March +0")
    for page in (screen, phones["stark"], phones["greyjoy"], phones["baratheon"]):
        assert "Lannisport: March" not in page.locator("body").inner_text()
        assert "Winterfell: Consolidar" not in page.locator("body").inner_text() or page is phones["stark"]
    expect(screen.locator(".prompt-status .done")).to_have_count(3)
    greyjoy = phones["greyjoy"]
    form = greyjoy.locator("#agot-orders-form")
    for area, token in ORDERS["greyjoy"].items():
        form.locator(f"select[name='o:{area}']").select_option(token)
    form.locator("button.primary").click()
    expect(screen.locator("#agot-planning")).to_contain_text("Orders revealed")
    expect(screen.locator("svg.agot-map g.lbl[data-area=lannisport] .ord")).to_be_visible()  # the order as a token
    expect(screen.locator("#agot-stage svg.agot-map")).to_contain_text("Riverrun")
    shot(screen, "screen-reveal-en")

    # Messenger Raven (Lannister, King's Court 1): swap Stoney Sept's Support for the special one.
    lannister = phones["lannister"]
    swap = lannister.locator("#agot-raven-swap")
    swap.locator("select[name=area]").select_option("stoney-sept")
    swap.locator("select[name=token]").select_option("support1")
    swap.locator("button.primary").click()
    expect(screen.locator("#agot-action")).to_contain_text("1 · Raids")
    shot(screen, "screen-action-en")

    # Raid: Greyjoy pillages the Lannister Consolidate Power in the Golden Sound.
    expect(greyjoy.locator("#agot-action-seat")).to_contain_text("resolve one Raid order")
    greyjoy.locator("#agot-action-seat select[name=target]").select_option("the-golden-sound")
    click(greyjoy, "#agot-action-seat button.primary")
    expect(screen.locator("#agot-action .turn")).to_contain_text("Lannister")

    # March into Riverrun: support, secret house cards, the Blade, retreat.
    lannister.locator("#agot-action-seat select[name=m0_to]").first.select_option("riverrun")
    shot(lannister, "phone-march-en")
    click(lannister, "#agot-action-seat form:has(select[name=m0_to]) button.primary")
    expect(screen.locator("#agot-combat")).to_contain_text("Combat in Riverrun")
    click(lannister, "#agot-action-seat button", "Support the attacker")
    expect(screen.locator("#agot-combat .side").first.locator(".total")).to_have_text("5")
    click(lannister, "#agot-action-seat button[data-card=tywin-lannister]")
    expect(lannister.locator("#agot-action-seat")).to_contain_text("Chosen: Tywin Lannister")
    for page in (screen, greyjoy, phones["stark"]):
        assert "Tywin" not in page.locator("#agot-combat, #agot-action-seat").first.inner_text()
    shot(greyjoy, "phone-card-en")
    click(greyjoy, "#agot-action-seat button[data-card=euron-crows-eye]")
    click(greyjoy, "#agot-action-seat button", "Keep it")
    expect(screen.locator("#agot-combat")).to_contain_text("Tywin Lannister")
    expect(screen.locator("#agot-combat .side.win")).to_contain_text("Lannister")
    shot(screen, "screen-combat-en")
    screen.goto(f"{base}/t/{code}/screen?lang=pt_BR")
    expect(screen.locator("#agot-combat")).to_contain_text("Combate em Riverrun")
    shot(screen, "screen-combat-pt")
    greyjoy.goto(f"{base}/t/{code}/seat?lang=pt_BR")
    expect(greyjoy.locator("#agot-action-seat")).to_contain_text("Escolha para onde as unidades derrotadas recuam")
    shot(greyjoy, "phone-retreat-pt")
    click(greyjoy, "#agot-action-seat button", "Seagard")
    expect(screen.locator("#agot-action")).to_contain_text("Consolidar Poder")

    # Consolidate Power in turn order.
    click(phones["baratheon"], "#agot-action-seat button.primary", "Dragonstone")
    click(phones["stark"], "#agot-action-seat button.primary", "Winterfell")
    expect(screen.locator("#agot-action .turn")).to_contain_text("Greyjoy")
    click(greyjoy, "#agot-action-seat button.primary")
    expect(screen.locator(".agot .phase")).to_contain_text("2")
    state = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]
    assert state["units"]["riverrun"]["house"] == "lannister" and state["units"]["seagard"]["house"] == "greyjoy"
    for ctx in [screen_ctx] + [p.context for p in phones.values()]:
        ctx.close()
