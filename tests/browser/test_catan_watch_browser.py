"""Brotherhood of the Watch in real Chromium: one shared screen, three phones, setup and three turns
with physical dice typed on the phones; the wildling advance appears on the screen live."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = [("Ana", "Red"), ("Bia", "Blue"), ("Caio", "White")]


def tap(page, text):
    page.locator("button", has_text=text).first.click()


def roll(page, red, yellow, d12):
    form = page.locator("form.cw-roll")
    expect(form).to_be_visible()
    form.locator("select[name=red]").select_option(str(red))
    form.locator("select[name=yellow]").select_option(str(yellow))
    form.locator("select[name=d12]").select_option(str(d12))
    form.locator("button").click()
    expect(page.locator("#cw-end")).to_be_visible()


def test_three_phones_play_setup_and_turns(browser, live_server, join_phone, console_errors):
    console_errors.allow(r"status of 409")  # turn 3 taps a refused build on purpose
    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    screen = screen_ctx.new_page()
    screen.goto(live_server.url + "/")
    screen.locator("details.game:has(input[value=catan-watch]) summary").click()
    form = screen.locator("form:has(input[value=catan-watch])")
    form.locator("select[name='catan-watch.players']").select_option("3")
    form.locator("select[name='catan-watch.dice']").select_option("physical")
    form.locator("button.primary").click()
    expect(screen.locator(".room-code")).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    join_url = screen.locator(".join-url").first.inner_text()
    expect(screen.locator(".cw-turn")).to_contain_text("Setup, round 1")

    phones = {name: join_phone(join_url, name, colour) for name, colour in PLAYERS}
    ana, bia, caio = phones["Ana"], phones["Bia"], phones["Caio"]

    # Setup rounds 1 and 2 (second round in reverse), then one guard each.
    order = (ana, bia, caio, caio, bia, ana)
    then = ("Bia", "Caio", "Caio", "Bia", "Ana", "Ana")
    for i, (page, nxt) in enumerate(zip(order, then, strict=True)):
        tap(page, "Settlement and road placed")
        expect(screen.locator(".cw-turn")).to_contain_text(f"round {1 + (i + 1) // 3}")
        expect(screen.locator(".cw-turn")).to_contain_text(nxt)
    for page, section in ((ana, "Wall section 2"), (bia, "Wall section 3"), (caio, "Wall section 3")):
        tap(page, section)
    expect(screen.locator(".cw-sec[data-section=w3] .cw-space.on")).to_have_count(2)
    expect(screen.locator(".cw-turn")).to_contain_text("Turn 1")
    expect(screen.locator(".cw-turn")).to_contain_text("Ana")

    # Turn 1: Ana rolls (typed from the real dice), builds a settlement that reveals a climber.
    roll(ana, 2, 3, 12)
    expect(screen.locator(".cw-dice")).to_have_attribute("data-dice", "2-3-12")
    ana.locator("summary", has_text="Settlement").click()
    settle = ana.locator("form:has(input[name=what][value=settlement])")
    settle.locator("select[name='token_wildling[]']").select_option("climber")
    settle.locator("select[name='token_clan[]']").select_option("cave_people")
    settle.locator("button").click()
    expect(screen.locator(".cw-clan[data-clan=cave_people] .cw-climber")).to_have_count(1)
    expect(screen.locator(".cw-vp tr[data-seat=p1] td.num")).to_have_text("3")
    tap(ana, "End my turn")

    # Turn 2: Bia's wildling die shows 4: the climber walks trail 4 and jumps wall section 2.
    expect(bia.locator(".me-bar .attention")).to_be_visible()
    roll(bia, 6, 6, 4)
    expect(screen.locator(".cw-steps")).to_contain_text("walks trail 4")
    expect(screen.locator(".cw-sec[data-section=w2] .cw-hex.blocked")).to_have_count(1)
    expect(screen.locator(".cw-clan[data-clan=cave_people] .cw-wl")).to_have_count(0)
    expect(ana.locator(".game-seat")).to_contain_text("Bia is playing")
    bia.locator("summary", has_text="Guard").click()
    bia.locator("form:has(input[name=section][value=w1]) button").click()
    expect(screen.locator(".cw-sec[data-section=w1] .cw-space.on")).to_have_count(1)
    tap(bia, "End my turn")

    # Turn 3: Caio; a refusal shows the cited rule in a toast and changes nothing.
    roll(caio, 1, 1, 9)
    expect(screen.locator(".cw-steps")).to_contain_text("no trail has this number")
    caio.locator("summary", has_text="Keep").click()
    keep = caio.locator("form:has(input[name=what][value=keep])")
    keep.locator("button").click()  # the tokens are not entered yet: the form does not go
    expect(screen.locator(".cw-vp tr[data-seat=p3] td.num")).to_have_text("2")
    for i in range(2):
        keep.locator("select[name='token_wildling[]']").nth(i).select_option("normal")
        keep.locator("select[name='token_clan[]']").nth(i).select_option("ice_river")
    keep.locator("button").click()
    expect(screen.locator(".cw-clan[data-clan=ice_river] .cw-normal")).to_have_count(2)
    expect(screen.locator(".cw-vp tr[data-seat=p3] td.num")).to_have_text("3")
    caio.locator("summary", has_text="Longest Road").click()
    road = caio.locator("form:has(input[name=holder])")
    road.locator("select[name='token_wildling[]']").select_option("giant")
    road.locator("select[name='token_clan[]']").select_option("hornfoot")
    road.locator("button").click()
    expect(screen.locator(".cw-vp tr[data-seat=p3] td.num")).to_have_text("4")
    expect(screen.locator(".cw-clan[data-clan=hornfoot] .cw-giant")).to_have_count(1)
    # the panel the player opened stays open across the live re-render
    panel = caio.locator("details", has=caio.locator("summary", has_text="Longest Road"))
    expect(panel).to_have_attribute("open", "")
    road.locator("select[name='token_wildling[]']").select_option("giant")
    road.locator("select[name='token_clan[]']").select_option("hornfoot")
    road.locator("button").click()  # already held: refused, cited
    expect(caio.locator("#toast")).to_contain_text("Brotherhood of the Watch rulebook")
    expect(screen.locator(".cw-vp tr[data-seat=p3] td.num")).to_have_text("4")
    tap(caio, "End my turn")
    expect(screen.locator(".cw-turn")).to_contain_text("Turn 4")
    expect(screen.locator(".cw-hist .cw-bar i")).to_have_count(11)

    # The screen switches to Portuguese and keeps the state.
    screen.click("a[hreflang=pt-BR]")
    expect(screen.locator(".cw-turn")).to_contain_text("Turno 4")
    expect(screen.locator(".cw-track")).to_contain_text("Invasões")
    for ctx in [screen_ctx] + [p.context for p in phones.values()]:
        ctx.close()


def test_hidden_vp_cards_are_revealed_on_the_phones_after_a_wall_ending(browser, live_server):
    """seed 004 p.4, p.8: the Gift fills while three players tie on guards; the two who hold unplayed
    development cards are asked on their phones; the TV names who it waits for, shows nobody's answer
    before the last one, then the ranking decided with the revealed cards."""
    from tests.conftest import PHONE
    from tools.tv_scenarios import Api, catan

    api = Api(live_server.url)
    moments = catan(api)
    next(moments)  # turn 2
    moment, code = next(moments)
    assert moment == "final_wait"
    base = live_server.url
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{base}/t/{code}/screen?lang=en")
    wait = tv.locator(".cw-final-wait")
    expect(wait).to_contain_text("Waiting for these players")
    expect(wait.locator(".prompt-status .chip.wait")).to_have_count(2)
    expect(tv.locator(".cw-turn")).to_contain_text("hidden VP cards to reveal")

    phones = {}
    for seat, lang in (("p2", "en"), ("p3", "pt_BR"), ("p1", "en")):
        ctx = browser.new_context(locale="en-US", **PHONE)
        ctx.add_cookies([{"name": f"seat_{code}", "value": api.tokens[f"{code}/{seat}"], "url": base}])
        page = ctx.new_page()
        page.goto(f"{base}/t/{code}/seat?lang={lang}")
        phones[seat] = page
    expect(phones["p1"].locator(".game-seat")).to_contain_text("The result waits for hidden victory point cards")
    expect(phones["p1"].locator("#cw-final-vp")).to_have_count(0)  # Ana holds no unplayed card: not asked

    bia = phones["p2"].locator("#cw-final-vp")
    expect(bia).to_contain_text("how many do you hold hidden")
    expect(bia.locator("select[name=value] option")).to_have_count(3)  # 0, 1, 2: two unplayed cards
    bia.locator("select[name=value]").select_option("2")
    bia.locator("button").click()
    expect(bia).to_contain_text("Your answer: 2")
    expect(wait.locator(".prompt-status .chip.done")).to_have_count(1)
    expect(tv.locator(".cw-rank")).to_have_count(0)  # no result, no answer on the TV yet
    assert "2 VP cards" not in tv.locator("body").inner_text()

    caio = phones["p3"].locator("#cw-final-vp")
    expect(caio).to_contain_text("quantas você tem escondidas")
    caio.locator("button", has_text="Revelar").click()
    expect(tv.locator(".cw-rank .cw-winner")).to_be_visible()
    expect(tv.locator(".cw-rank li").first).to_contain_text("Bia")
    expect(tv.locator(".tv-stage")).to_contain_text("Revealed after the end")
    expect(phones["p2"].locator(".game-seat")).to_contain_text("Your place: 1")
    expect(phones["p2"].locator("#cw-final-vp")).to_have_count(0)
