"""One full round of the LCG timing referee in real Chromium: a shared screen and three phones."""

from __future__ import annotations

import os
import re
import time

import pytest
import requests
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = {"p1": "Ana", "p2": "Bia", "p3": "Caio"}
PLOTS = {"p1": ("Zzq Marched to the Wall", 6, 4, 2), "p2": ("Yyq Taxation", 2, 5, 1), "p3": ("Xxq Summons", 3, 3, 1)}
SHOTS = os.environ.get("LCG_SHOTS")  # a folder: also save screenshots (for design review)


class Table:
    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code

    def state(self) -> dict:
        return requests.get(f"{self.url}/api/tables/{self.code}", timeout=30).json()

    def wait_change(self, version: int, timeout: float = 30.0) -> dict:
        end = time.time() + timeout
        while time.time() < end:
            s = self.state()
            if s["version"] > version:
                return s
            time.sleep(0.05)
        raise AssertionError("the table did not change")


def shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_one_full_round_with_three_phones(browser, live_server):
    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen = screen_ctx.new_page()
    screen.goto(live_server.url + "/?lang=en")
    game = screen.locator("details.game", has=screen.locator("input[value=lcg]"))
    game.locator("summary").click()
    game.locator("input[name='lcg.players']").fill("3")
    # This walk tests the windows that matter; the default (offer every window) is a rules test.
    game.locator("select[name='lcg.autopass_start']").select_option("structure")
    game.locator("input[name='lcg.auto_close']").fill("0")
    game.locator("button.primary").click()
    expect(screen.locator(".room-code")).to_have_text(re.compile(r"^[A-Z]{4,5}$"))
    code = screen.locator(".room-code").inner_text()
    join_url = screen.locator(".join-url").first.inner_text()
    table = Table(live_server.url, code)

    phones = {}
    for i, (seat, name) in enumerate(NAMES.items()):
        ctx = browser.new_context(locale="en-US", **PHONE)
        page = ctx.new_page()
        page.goto(join_url + "?lang=en")
        page.fill("input[name=name]", name)
        page.locator(".seat-option", has_text=f"Seat {i + 1}").click()
        page.click("button.primary")
        expect(page.locator(".me-bar")).to_contain_text(name)
        phones[seat] = page

    # Plot phase: each phone seals a plot; nobody else sees it before the reveal.
    for seat, (plot, init, gold, claim) in PLOTS.items():
        page = phones[seat]
        form = page.locator("form:has([data-testid=seal-plot])")
        form.locator("input[name=name]").fill(plot)
        form.locator("input[name=initiative]").fill(str(init))
        form.locator("input[name=gold]").fill(str(gold))
        form.locator("input[name=claim]").fill(str(claim))
        v = table.state()["version"]
        form.locator("[data-testid=seal-plot]").click()
        table.wait_change(v)
        if seat != "p3":
            expect(page.locator(".mine")).to_contain_text(plot)
            for other in phones.values():
                if other is not page:
                    assert plot not in other.content()
            assert plot not in screen.content()
            shot(page, "phone-plot-en")
    expect(screen.locator(".lcg-players")).to_contain_text(PLOTS["p1"][0])
    shot(screen, "screen-reveal-en")

    marshalled = cancelled = challenged = moribund = False
    for _ in range(400):
        s = table.state()
        v, view = s["version"], s["state"]
        if view["round"] == 2:
            break
        who = view["priority"] or (view["waiting_for"] or [None])[0]
        page = phones.get(who)
        if view["step"] == "input" and view["event"] == "choose_first":
            page.locator("section:has-text('choose the first player') button").first.click()
        elif view["step"] == "input" and view["event"] == "choose_titles":
            page.locator("section:has-text('Choose your title') button").first.click()
        elif view["step"] == "input" and view["event"] == "determine_winner":
            page = phones[view["challenge"]["attacker"]]
            form = page.locator("form:has([data-testid=strength])")
            form.locator("input[name=attacker]").fill("5")
            form.locator("input[name=defender]").fill("3")
            form.locator("[data-testid=strength]").click()
        elif view["step"] == "input" and view["event"] == "dominance":
            page.locator(f"[data-testid=dominance-{ {'p1': 7, 'p2': 2, 'p3': 1}[who] }]").click()  # one tap
        elif view["decision"]:
            if who == "p1" and not challenged:
                challenged = True
                page.locator("form:has([data-testid=challenge-power]) select").select_option("p2")
                page.locator("[data-testid=challenge-power]").click()
            else:
                page.locator("[data-testid=finish]").click()
        elif view["priority"]:
            expect(page.locator("#lcg-pass-form input[name=opp]")).to_have_value(str(view["opp"]))
            if view["box"] == "marshal.actions" and who == "p1" and view["active_player"] == "p1" and not marshalled:
                marshalled = True
                page.locator("form:has([data-testid=act]) input[name=label]").fill("Ser Jaime")
                page.locator("[data-testid=act]").click()
            elif marshalled and not cancelled and view["round_type"] == "save" and who == "p2":
                cancelled = True
                shot(page, "phone-opportunity-en")
                page.locator("[data-testid=cancel]").click()
            elif view["box"] == "chal.resolve" and not moribund:
                moribund = True
                phones["p2"].locator("summary", has_text="In this window").click()
                box = phones["p2"].locator("form:has(input[placeholder='Moribund card'])")
                box.locator("input[name=label]").fill("Bia's Knight")
                box.locator("button").click()
                shot(screen, "screen-challenge-en")
                shot(phones["p2"], "phone-window-en")
            else:
                page.locator("[data-testid=pass]").click()
        else:
            raise AssertionError(f"nothing to do at {view['box']} {view['step']} {view['waiting_for']}")
        table.wait_change(v)
        if cancelled and marshalled and view["box"] == "marshal.actions" and len(view["window"]) == 2:
            expect(screen.locator(".lcg-stack")).to_contain_text("Save/cancel response")
    s = table.state()["state"]
    assert s["round"] == 2 and s["phase"] == "plot"
    assert marshalled and cancelled and challenged and moribund
    # The power claim had nothing to move (Bia had no power); dominance: Ana 7 STR + 4 unspent gold = 11
    # beats Bia 2 + 5 and Caio 1 + 3, so Ana ends the round with exactly 1 power.
    assert [s["players"][p]["power"] for p in ("p1", "p2", "p3")] == [1, 0, 0]
    log = requests.get(f"{live_server.url}/api/tables/{code}/log", timeout=30).json()["log"]
    text = " ".join(e["text"] for e in log)
    assert "take off the table now: Bia's Knight" in text
    assert "Ser Jaime" in text and "wins dominance" in text
    expect(screen.locator(".lcg-head")).to_contain_text("Round 2")
    screen.goto(f"{live_server.url}/t/{code}/screen?lang=pt_BR")
    expect(screen.locator(".lcg-head")).to_contain_text("Rodada 2")
    shot(screen, "screen-round2-pt")
    phones["p2"].goto(f"{live_server.url}/t/{code}/seat?lang=pt_BR")
    expect(phones["p2"].locator("h2", has_text="Escolha seu plano")).to_be_visible()
    shot(phones["p2"], "phone-plot-pt")
    phones["p2"].locator("summary", has_text="Passe automático").click()
    phones["p2"].locator("button", has_text="Passar tudo").click()
    expect(phones["p2"].locator("input[type=checkbox][value='chal.resolve']")).to_be_checked()
    phones["p2"].locator("summary", has_text="Passe automático").click()
    shot(phones["p2"], "phone-autopass-pt")
    for page in [screen] + list(phones.values()):
        page.context.close()


def test_uniform_timer_passes_by_itself_and_screen_space_bar_passes(browser, live_server):
    """'Prompt everyone the same way with a short timer': the phone holding the opportunity passes
    by itself when the timer ends; the host's screen passes for the holder with the space bar."""
    t = requests.post(f"{live_server.url}/api/tables",
                      json={"game": "lcg", "options": {"players": 2, "uniform_timer": 2, "auto_close": 0}},
                      timeout=30).json()
    code = t["code"]
    table = Table(live_server.url, code)
    phones = {}
    for i, name in enumerate(["Ana", "Bia"]):
        ctx = browser.new_context(locale="en-US", **PHONE)
        page = ctx.new_page()
        page.goto(t["join_url"] + "?lang=en")
        page.fill("input[name=name]", name)
        page.locator(".seat-option", has_text=f"Seat {i + 1}").click()
        page.click("button.primary")
        expect(page.locator(".me-bar")).to_contain_text(name)
        phones[f"p{i + 1}"] = page
    end = time.time() + 60  # two 2 s timers, one after the other, on a machine that may be busy
    while time.time() < end and table.state()["state"]["box"] == "plot.begins":
        time.sleep(0.2)
    s = table.state()["state"]
    assert s["box"] != "plot.begins", "both phones passed by themselves"
    log = requests.get(f"{live_server.url}/api/tables/{code}/log", timeout=30).json()["log"]
    assert not any("Host passed" in e["text"] for e in log)
    assert s["round"] == 1 and s["phase"] == "plot", "nobody tapped: only the two timed passes happened"

    # The host screen: the space bar passes for whoever holds the opportunity (phones closed now).
    for page in phones.values():
        page.context.close()
    auth = {"Authorization": f"Bearer {t['host_token']}"}
    requests.post(f"{live_server.url}/api/tables/{code}/actions", json={"type": "set_phase", "phase": "draw"},
                  headers=auth, timeout=30)
    s = table.state()
    assert s["state"]["box"] == "draw.begins" and s["state"]["priority"] == "p1"
    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen_ctx.add_cookies([{"name": f"host_{code}", "value": t["host_token"], "url": live_server.url}])
    screen = screen_ctx.new_page()
    screen.goto(f"{live_server.url}/t/{code}/screen?lang=en")
    expect(screen.locator("#lcg-host-pass")).to_be_attached()  # in the closed host drawer; the key works
    expect(screen.locator("#lcg-priority")).to_contain_text("Ana")
    screen.keyboard.press("Space")
    s = table.wait_change(s["version"])
    assert s["state"]["priority"] == "p2"
    expect(screen.locator("#lcg-priority")).to_contain_text("Bia")
    log = requests.get(f"{live_server.url}/api/tables/{code}/log", timeout=30).json()["log"]
    assert any("Host passed for Ana" in e["text"] for e in log)
    screen_ctx.close()


def test_windows_close_by_themselves_unless_someone_waits(browser, live_server, join_phone):
    """Issue 15: every phone counts the same window down and passes for its player at zero; a player
    who taps Wait keeps the opportunity coming to them, and the other phones cannot tell who waits."""
    # Bia must tap Wait on the responses round's countdown before it reaches zero on her phone:
    # 6 s leaves a loaded CI machine time to show the new round (2 s was a race with the refresh).
    seconds = 6
    t = requests.post(f"{live_server.url}/api/tables",
                      json={"game": "lcg", "options": {"players": 2, "auto_close": seconds, "window_pace": "each"}},
                      timeout=30).json()
    table = Table(live_server.url, t["code"])
    ana = join_phone(t["join_url"] + "?lang=en", "Ana", "Seat 1")
    bia = join_phone(t["join_url"] + "?lang=en", "Bia", "Seat 2")
    expect(ana.locator("[data-lcg-countdown]")).to_be_visible()
    expect(bia.locator("[data-testid=wait]")).to_be_visible()
    save_round = bia.locator("[data-lcg-countdown]").get_attribute("data-round")
    end = time.time() + 60
    while time.time() < end and (s := table.state()["state"])["step"] == "save":
        time.sleep(0.2)
    assert s["box"] == "plot.begins" and s["step"] == "responses", "the save/cancel round closed untouched"
    # the responses round's countdown, not the save round's still on screen until her page refreshes
    later = f":not([data-round='{save_round}'])"
    bia.locator(f"[data-lcg-countdown]{later} [data-testid=wait]").click()
    expect(bia.locator(f".lcg-countdown.waiting{later}")).to_be_visible()
    end = time.time() + 60
    while time.time() < end and table.state()["state"]["priority"] != "p2":
        time.sleep(0.2)
    time.sleep(seconds + 0.5)  # Ana's countdown is over; Bia waits
    s = table.state()["state"]
    assert s["step"] == "responses" and s["priority"] == "p2"
    expect(bia.locator("[data-testid=pass]")).to_be_visible()
    # Bia's phone reported "wait" at zero like a phone that passes ahead (one request each), so
    # counting the table's versions tells nobody who waits; her countdown is then over
    expect(bia.locator("[data-lcg-countdown]")).to_have_count(0)


def test_plot_deck_typed_once_is_offered_at_the_next_table(browser, live_server):
    """Issue 15: the phone keeps its player's plot deck (this device only) and offers it at a later
    table with one tap; the deck never reaches another device."""
    ctx = browser.new_context(locale="en-US", **PHONE)
    other = browser.new_context(locale="en-US", **PHONE)
    decks = []
    for n in range(2):
        t = requests.post(f"{live_server.url}/api/tables",
                          json={"game": "lcg", "options": {"players": 2, "auto_close": 0}}, timeout=30).json()
        decks.append(t)
        for c, name, seat in ((ctx, "Ana", "Seat 1"), (other, "Bia", "Seat 2")):
            page = c.new_page()
            page.goto(t["join_url"] + "?lang=en")
            page.fill("input[name=name]", name)
            page.locator(".seat-option", has_text=seat).click()
            page.click("button.primary")
            expect(page.locator(".me-bar")).to_contain_text(name)
            if name == "Ana":
                ana = page
            else:
                bia = page
        if n == 0:
            ana.locator("summary", has_text="My plot deck").click()
            form = ana.locator("form:has(button:has-text('Add to my deck'))")
            form.locator("input[name=name]").fill("Zzq Wildfire Assault")
            form.locator("button").click()
            expect(ana.locator("summary", has_text="My plot deck (1)")).to_be_visible()
            expect(bia.locator("[data-testid=reuse-deck]")).to_be_hidden()
    offer = ana.locator("[data-testid=reuse-deck]")
    expect(offer).to_be_visible()
    offer.click()
    expect(ana.locator("summary", has_text="My plot deck (1)")).to_be_visible()
    expect(bia.locator("[data-testid=reuse-deck]")).to_be_hidden()
    assert "Zzq Wildfire" not in bia.content()
    ctx.close()
    other.close()


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("pt_BR", "pt-BR")])
def test_the_first_window_waits_until_every_seat_is_taken(browser, live_server, join_phone, lang, locale):
    """Issue #37: no countdown runs before everyone sits down (on the TV or on an early phone), and
    no line a person reads names a seat by its internal id ("p1")."""
    seconds = 2
    t = requests.post(f"{live_server.url}/api/tables",
                      json={"game": "lcg", "options": {"players": 3, "auto_close": seconds}}, timeout=30).json()
    table = Table(live_server.url, t["code"])
    tv_ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=locale)
    tv = tv_ctx.new_page()
    tv.goto(f"{live_server.url}/t/{t['code']}/screen?lang={lang}")
    expect(tv.locator("#lcg-seating")).to_be_visible()
    expect(tv.locator("[data-lcg-countdown]")).to_have_count(0)
    ana = join_phone(t["join_url"] + f"?lang={lang}", "Ana", "Seat 1" if lang == "en" else "Lugar 1", locale)
    expect(ana.locator("#lcg-seating")).to_contain_text("Seat 2" if lang == "en" else "Lugar 2")
    expect(ana.locator("[data-lcg-countdown]")).to_have_count(0)
    expect(ana.locator("[data-testid=pass]")).to_have_count(0)
    time.sleep(seconds + 1.5)  # a countdown would have run out and reported for Ana by now
    s = table.state()["state"]
    assert (s["box"], s["step"]) == ("plot.begins", "save")
    assert table.state()["version"] == 2  # the setup and Ana's seat: nothing else happened
    for name, label in (("Bia", 2), ("Caio", 3)):
        join_phone(t["join_url"] + f"?lang={lang}", name, ("Seat %d" if lang == "en" else "Lugar %d") % label,
                   locale)
    expect(ana.locator("[data-lcg-countdown]")).to_be_visible()
    expect(tv.locator("#lcg-seating")).to_have_count(0)
    expect(tv.locator("[data-lcg-countdown]")).to_be_visible()
    for page in (tv, ana):
        text = page.evaluate("() => document.body.innerText")
        assert not re.search(r"\bp[1-6]\b", text), text
        assert ("Seat 1 is first player" if lang == "en" else "Lugar 1 é o primeiro jogador") in \
            page.locator("ol.log").first.text_content()
    tv_ctx.close()


def _walk(base: str, code: str, tokens: dict[str, str], until) -> dict:
    """Play the table forward through the JSON API (every seat passes, finishes, picks the first
    player and a title) until ``until(state)``."""
    def me(seat: str) -> dict:
        return requests.get(f"{base}/api/tables/{code}/me", headers={"Authorization": f"Bearer {tokens[seat]}"},
                            timeout=30).json()["private"]

    def do(seat: str, action: dict) -> None:
        r = requests.post(f"{base}/api/tables/{code}/actions", json=action,
                          headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=30)
        assert r.status_code == 200, r.text

    for _ in range(400):
        v = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]
        if until(v):
            return v
        if v["event"] == "choose_first" and v["step"] == "input":
            do(v["waiting_for"][0], {"type": "first_player", "seat": "p1"})
        elif v["event"] == "choose_titles" and v["step"] == "input":
            do(v["title_chooser"], {"type": "title", "title": me(v["title_chooser"])["free_titles"][0]})
        elif v["event"] == "dominance" and v["step"] == "input":
            for seat in v["waiting_for"]:
                do(seat, {"type": "dominance", "strength": 3})
        elif v["decision"]:
            do(v["decision"]["seat"], {"type": "finish"})
        elif v["priority"]:
            do(v["priority"], {"type": "pass", "opp": v["opp"]})
        else:
            raise AssertionError(f"stuck at {v['box']} {v['step']} {v['event']}")
    raise AssertionError("never got there")


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("pt_BR", "pt-BR")])
def test_a_typed_plot_is_one_tap_next_round_and_dominance_is_one_tap(browser, live_server, join_phone, lang,
                                                                     locale):
    """Issue #37: the plot typed in "Another plot" joins the deck at once ("My plot deck (1)"); the
    next round offers it as one button (table option: no used pile) and that one tap seals it; the
    dominance count is one tap on its number."""
    base = live_server.url
    t = requests.post(f"{base}/api/tables", json={"game": "lcg", "options": {
        "players": 2, "autopass_start": "all", "auto_close": 0, "used_plots": "free"}}, timeout=30).json()
    code = t["code"]
    seat_word = "Seat" if lang == "en" else "Lugar"
    ana = join_phone(t["join_url"] + f"?lang={lang}", "Ana", f"{seat_word} 1", locale)
    bia = join_phone(t["join_url"] + f"?lang={lang}", "Bia", f"{seat_word} 2", locale)
    tokens = {s: next(c["value"] for c in p.context.cookies() if c["name"] == f"seat_{code}")
              for s, p in (("p1", ana), ("p2", bia))}
    form = ana.locator("form:has([data-testid=seal-plot])")
    form.locator("input[name=name]").fill("Zzq Wildfire Assault")
    form.locator("input[name=initiative]").fill("6")
    form.locator("[data-testid=seal-plot]").click()
    deck = "My plot deck (1)" if lang == "en" else "Meu deck de planos (1)"
    expect(ana.locator("summary", has_text=deck)).to_be_visible()
    requests.post(f"{base}/api/tables/{code}/actions", json={"type": "answer", "value": {
        "name": "Yyq", "gold": 5, "initiative": 1, "claim": 1}},
        headers={"Authorization": f"Bearer {tokens['p2']}"}, timeout=30)
    _walk(base, code, tokens, lambda v: v["round"] == 2 and v["event"] == "reveal_plots" and v["step"] == "input")
    one_tap = ana.locator("button.lcg-plot", has_text="Zzq Wildfire Assault")
    expect(one_tap).to_be_visible()
    box = one_tap.bounding_box()
    assert box and box["y"] + box["height"] <= 844  # in reach without scrolling
    one_tap.click()
    expect(ana.locator(".prompt .mine")).to_contain_text("Zzq Wildfire Assault")
    answers = requests.get(f"{base}/api/tables/{code}/me", headers={"Authorization": f"Bearer {tokens['p1']}"},
                           timeout=30).json()["private"]["plot_prompt"]
    assert answers["mine"]["initiative"] == 6
    requests.post(f"{base}/api/tables/{code}/actions", json={"type": "answer", "value": {
        "name": "Yyq", "gold": 5, "initiative": 1, "claim": 1}},
        headers={"Authorization": f"Bearer {tokens['p2']}"}, timeout=30)
    _walk(base, code, tokens, lambda v: v["event"] == "dominance" and v["step"] == "input")
    seven = ana.locator("[data-testid=dominance-7]")
    expect(seven).to_be_visible()
    box = seven.bounding_box()
    assert box and box["y"] + box["height"] <= 844 and box["height"] >= 44
    seven.click()
    expect(ana.locator("[data-testid=dominance-7]")).to_have_count(0)
    s = requests.get(f"{base}/api/tables/{code}", timeout=30).json()["state"]
    assert s["dominance"]["entries"]["p1"] == 7
