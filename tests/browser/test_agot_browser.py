"""A Game of Thrones in real Chromium: one shared screen (with host rights) and three phones play a
full Westeros phase: a Clash of Kings with a tie for the Iron Throne holder, and a wildling attack
whose card asks phones to choose (issue #3, "Done means")."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import answer_in_page

pytestmark = pytest.mark.browser

HOUSES = {"Ana": "Baratheon", "Bia": "Lannister", "Caio": "Stark"}


def bid(page, value: int, last: bool = False) -> None:
    """Seal a bid on a phone; the last bid of a prompt reveals it and the prompt leaves the phone."""
    form = page.locator("form.answer-form")
    expect(form).to_be_visible()
    pid = page.locator(".todo[data-prompt]").get_attribute("data-prompt")
    quick = form.locator(".quick button", has_text=re.compile(f"^{value}$"))
    if quick.count():  # one tap on the number, one on "Seal"
        quick.click()
        expect(form.locator("input[name=value]")).to_have_value(str(value))
    else:
        form.locator("input[name=value]").fill(str(value))
    form.locator("button.primary").click()
    if last:
        expect(page.locator(f"[data-prompt='{pid}']")).to_have_count(0)
    else:
        expect(page.locator(f"[data-prompt='{pid}']")).to_contain_text(f"Your bid: {value}")


def open_drawer(screen) -> None:
    """Host tools live in the TV's drawer: open it (once) before using them."""
    if "tv-drawer-open" not in (screen.locator("body").get_attribute("class") or ""):
        screen.locator(".tv-drawer-btn").click()
    expect(screen.locator(".tv-drawer .host")).to_be_visible()


def host_click(screen, text: str) -> None:
    open_drawer(screen)
    screen.locator(".host button", has_text=text).click()
    answer_in_page(screen)


def test_full_westeros_round_on_screen_and_phones(browser, live_server, join_phone):
    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen = screen_ctx.new_page()
    screen.on("dialog", lambda d: d.accept())
    screen.goto(live_server.url + "/")
    screen.locator("details.game:has(input[value=agot]) summary").click()
    form = screen.locator("form:has(input[value=agot])")
    form.locator("input[name='agot.players']").fill("3")
    form.locator("select[name='agot.decks']").select_option("physical")
    form.locator("button.primary").click()
    expect(screen.locator(".room-code")).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    join_url = screen.locator(".join-url").first.inner_text()
    expect(screen.locator(".agot")).to_contain_text("Setup checklist")
    expect(screen.locator(".agot")).to_contain_text("Neutral force 5 in King's Landing")
    expect(screen.locator(".agot")).to_contain_text("Impassable token in Highgarden")  # 3 players: the south is closed

    phones = {name: join_phone(join_url, name, house) for name, house in HOUSES.items()}
    ana, bia, caio = phones["Ana"], phones["Bia"], phones["Caio"]

    # Host: the board is set up; round 1's orders are played on the board; round 2 draws.
    host_click(screen, "Board is set up")
    expect(screen.locator(".agot .phase")).to_contain_text("Planning")
    host_click(screen, "Orders played on the board")
    expect(screen.locator(".agot .phase")).to_contain_text("Round 2")
    open_drawer(screen)
    for card in ("last-days-of-summer-i", "clash-of-kings", "wildlings-attack"):
        screen.locator(".host form:has(input[value=draw_card]) select[name=card]").first.select_option(card)
        host_click(screen, "Enter card")
    expect(screen.locator(".agot .wcard").nth(1)).to_contain_text("Clash of Kings")
    expect(screen.locator(".agot .meter .now")).to_have_text("4")  # one wildling icon: 2 -> 4

    # Clash of Kings, Iron Throne: a secret bid stays secret until the last one is in.
    open_drawer(screen)
    screen.locator(".host summary", has_text="Corrections").click()
    power_form = screen.locator(".host form:has(input[name=delta])")
    power_form.locator("select[name=house]").select_option("stark")
    power_form.locator("input[name=delta]").fill("8")
    host_click(screen, "Move power")
    expect(caio.locator(".stat").first).to_contain_text("13")
    bid(caio, 11)
    bid(ana, 2)
    expect(screen.locator(".prompt-status .done")).to_have_count(2)
    for page in (screen, ana, bia):
        assert "bids 11" not in page.content() and ">11<" not in page.content()
    bid(bia, 1, last=True)
    expect(screen.locator(".agot")).to_contain_text("Clash of Kings bids")
    expect(screen.locator(".agot .trkrow").first).to_contain_text(re.compile(r"Stark.*Baratheon.*Lannister", re.S))

    # Fiefdoms: a 1-1 tie between Baratheon and Lannister; Stark (new Iron Throne holder) orders it.
    bid(ana, 1)
    bid(bia, 1)
    bid(caio, 0, last=True)
    expect(caio.locator(".todo h2")).to_contain_text("Break the tied bids")
    caio.locator(".todo select").first.select_option("lannister")
    caio.locator(".todo select").nth(1).select_option("baratheon")
    caio.locator(".todo button", has_text="Place the track").click()
    expect(screen.locator(".agot .trkrow").nth(1)).to_contain_text(re.compile(r"Lannister.*Baratheon.*Stark", re.S))

    # King's Court: no tie.
    bid(ana, 0)
    bid(bia, 1)
    bid(caio, 2, last=True)
    expect(screen.locator(".agot #agot-now")).to_contain_text("Wildlings attack with strength 4")

    # Wildling attack: 1 < 4, the wildlings win; Baratheon and Stark tie for lowest.
    # Stark spent everything: its only possible bid, 0, is entered for it.
    expect(screen.locator(".log")).to_contain_text("Stark has no power to bid: 0.")
    bid(ana, 0)
    bid(bia, 1, last=True)
    open_drawer(screen)
    screen.locator(".host form:has(input[value=wildling_card]) select[name=card]").select_option(
        "a-king-beyond-the-wall")
    host_click(screen, "Enter card")
    expect(screen.locator("#agot-now")).to_contain_text("the wildlings win")
    caio.locator(".todo button", has_text="Baratheon").click()  # Stark holds the Iron Throne
    expect(screen.locator(".agot .trkrow").nth(2)).to_contain_text(re.compile(r"Stark.*Lannister.*Baratheon", re.S))
    # Everyone else chooses Fiefdoms or King's Court for the bottom, in turn order: Stark, Lannister.
    caio.locator(".todo button", has_text="Fiefdoms").click()
    bia.locator(".todo button", has_text="King's Court").click()
    expect(screen.locator(".agot .phase")).to_contain_text("Planning")
    expect(screen.locator(".agot .trkrow").nth(1)).to_contain_text(re.compile(r"Lannister.*Baratheon.*Stark", re.S))

    # A control change recorded from a phone with the searchable list reaches the screen's totals.
    stark_row = screen.locator(".agot table.bars tr", has_text="Stark")
    expect(stark_row.locator("td.num").first).to_have_text("2")
    caio.locator("summary", has_text="Record a control change").click()
    caio.locator("input[name=area_label]").fill("Moat Cailin")
    caio.locator("button", has_text="Record").first.click()
    expect(stark_row.locator("td.num").first).to_have_text("3")
    expect(screen.locator(".log")).to_contain_text("Moat Cailin is now controlled by Stark")

    # The host picks an area on the screen's map and records who holds it.
    screen.keyboard.press("Escape")  # close the drawer: the map is under it
    screen.locator("svg.tvmap .cell[data-area=harrenhal]").click()
    expect(screen.locator(".tv-drawer")).to_be_visible()
    expect(screen.locator("#agot-host-control select[name=area]")).to_have_value("harrenhal")
    screen.locator("#agot-host-control select[name=house]").select_option("stark")
    host_click(screen, "Record control")
    expect(stark_row.locator("td.num").first).to_have_text("4")

    # The phones speak Portuguese too.
    ana.goto(ana.url.split("?")[0] + "?lang=pt_BR")
    expect(ana.locator(".agot-seat")).to_contain_text("Cartas da Casa")
    for ctx in [screen_ctx] + [p.context for p in phones.values()]:
        ctx.close()
