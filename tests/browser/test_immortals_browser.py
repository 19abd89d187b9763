"""Immortals in real Chromium: one shared screen and three phones play a round: reinforcements,
secret planning, reveals, one battle through the adjudicator, passes and scoring."""

from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import expect

from tests.conftest import answer_in_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LIGHT, DARK, STARTS = ("elves", "humans", "dwarves"), ("demons", "orcs", "necromancers"), ("1-1", "2-1", "3-1")


class Client:
    """The JSON API of the live server (setup and the initial round go through it)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def ok(self, code: str, token: str, action: dict) -> None:
        r = requests.post(f"{self.url}/api/tables/{code}/actions", json=action,
                          headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert r.status_code == 200, r.text

    def version(self, code: str) -> int:
        return requests.get(f"{self.url}/api/tables/{code}", timeout=30).json()["version"]

    def state(self, code: str) -> dict:
        return requests.get(f"{self.url}/api/tables/{code}", timeout=30).json()["state"]

    def me(self, code: str, token: str) -> dict:
        return requests.get(f"{self.url}/api/tables/{code}/me", headers={"Authorization": f"Bearer {token}"},
                            timeout=30).json()["private"]


def prepare(api: Client) -> tuple[dict, str, dict]:
    t = requests.post(f"{api.url}/api/tables", json={"game": "immortals", "options": {"players": 3}}, timeout=30).json()
    code = t["code"]
    tokens = {}
    for i, name in enumerate(("Ana", "Bia", "Caio")):
        seat = f"p{i + 1}"
        tokens[seat] = requests.post(f"{api.url}/api/tables/{code}/seats", json={"seat": seat, "name": name},
                                     timeout=30).json()["token"]
        api.ok(code, tokens[seat], {"type": "choose_tribes", "light": LIGHT[i], "dark": DARK[i], "light_gold": 3,
                                    "light_energy": 4, "dark_gold": 4, "dark_energy": 5, "light_groups": "4",
                                    "dark_groups": "3", "start": STARTS[i],
                                    "light_spaces": "extract_gold, extract_energy, transition3, build",
                                    "dark_spaces": "attack, move_attack, tribe, attack"})
    api.ok(code, t["host_token"], {"type": "start_game"})
    for token in tokens.values():
        api.ok(code, token, {"type": "draft_start", "group": 4})
    for _ in range(10):
        state = api.state(code)
        d = state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            for token in tokens.values():
                api.ok(code, token, {"type": "answer", "prompt": f"draft-{d['n']}",
                                     "value": api.me(code, token)["draft_hand"][0]})
        else:
            card = d["picks"][d["placer"]]
            action = {"type": "draft_place", "group": 3}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not state["board"][f"{realm}:{area}-{n}"]["seat"])
            api.ok(code, tokens[d["placer"]], action)
    for token in tokens.values():
        api.ok(code, token, {"type": "feed", "light": 2, "dark": 3, "inhabitants": 2})
    return t, code, tokens


def test_round_with_three_phones(browser, live_server, recorder):
    api = Client(live_server.url)
    t, code, tokens = prepare(api)
    state = api.state(code)
    seats = state["seats"]
    i = seats.index(state["first"])
    order = seats[i:] + seats[:i]

    screen_ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale="en-US")
    screen = screen_ctx.new_page()
    screen_rec = recorder(screen)
    screen.goto(f"{live_server.url}/t/{code}/screen?lang=en")
    expect(screen.locator(".im-top")).to_contain_text("Reinforcements")

    phones, recs = {}, {}
    for seat in seats:
        ctx = browser.new_context(locale="en-US", **PHONE)
        ctx.add_cookies([{"name": f"seat_{code}", "value": tokens[seat], "url": live_server.url}])
        page = ctx.new_page()
        page.on("dialog", lambda d: d.accept())
        recs[seat] = recorder(page)
        page.goto(f"{live_server.url}/t/{code}/seat?lang=en")
        phones[seat] = page

    # Reinforcements, from the first player clockwise (seed 001 p.8)
    for seat in order:
        form = phones[seat].locator("form:has(input[name=type][value=reinforce])")
        expect(form).to_be_visible()
        form.locator("button.primary").click()
        expect(form).to_have_count(0)
    expect(screen.locator(".im-top")).to_contain_text("Action planning")

    # Secret planning: the attacker plans its region card on the attack space; the next player
    # hides a conflict card of its hand among blanks.
    attacker, bluffer = order[0], order[1]
    a_start = STARTS[seats.index(attacker)]
    hand = api.me(code, tokens[bluffer])["conflict"]
    # prefer a plain conflict card; a hand of wildcards only (random draws) hides a wildcard instead
    secret = next((c["id"] for c in hand if not c["wild"]), hand[0]["id"])
    page = phones[attacker]
    page.select_option("select[name=army4]", f"r:{a_start}:light")
    page.select_option("select[name=magic0]", "blank")
    page.click("text=Seal my plan")
    answer_in_page(page)  # the empty spaces are named first
    expect(page.locator(".mine")).to_be_visible()
    page = phones[bluffer]
    # its plan form, once the live update brought it (the pickers are read at once below)
    expect(page.locator(f"form.im-plan select[name^=army] option[value='{secret}']").first).to_be_attached()
    # a space whose picker offers that card (wildcards are not allowed on the extract spaces)
    hide_at = next(i for i in range(8)
                   if page.locator(f"select[name=army{i}] option[value='{secret}']").count())
    page.select_option(f"select[name=army{hide_at}]", secret)
    page.select_option(f"select[name=army{0 if hide_at else 1}]", "blank")
    page.click("text=Seal my plan")
    answer_in_page(page)  # the empty spaces are named first
    expect(page.locator(".mine")).to_be_visible()
    expect(screen.locator(".prompt-status .done")).to_have_count(2)
    for seat in seats:
        if seat != bluffer:
            assert not recs[seat].saw(secret), f"{seat}'s phone received another player's planned card"
    assert not screen_rec.saw(secret)
    page = phones[order[2]]
    page.select_option("select[name=army0]", "blank")
    page.click("text=Seal my plan")
    answer_in_page(page)  # the empty spaces are named first
    expect(screen.locator(".im-top")).to_contain_text("Performing actions")
    assert not screen_rec.saw(secret)  # planned cards stay face down until turned one by one

    # The attacker reveals its attack on an unoccupied light region.
    state = api.state(code)
    target = next(k for k, c in state["board"].items() if k.startswith("light:") and not c["seat"])
    page = phones[attacker]
    space = page.locator("details.im-space").filter(has=page.locator("input[name=mode][value=attack]")).first
    space.locator("summary").click()
    attack = space.locator("form:has(input[name=mode][value=attack])")
    attack.locator("select[name=from]").select_option(f"light:{a_start}")
    attack.locator("select[name=to]").select_option(target)
    attack.locator("input[name=armies]").fill("3")
    attack.locator("button.primary").click()
    expect(screen.locator(".im-battle")).to_contain_text("neutral")
    expect(screen.locator(".im-battle")).to_contain_text("Before the drop")

    # What fell in the tray: 2 attacking cubes and the inhabitant.
    page.fill(f"input[name=tray_{attacker}]", "2")
    page.fill("input[name=tray_inhabitants]", "1")
    page.click("text=Adjudicate")
    expect(screen.locator(".tv-panel", has_text="Last battle")).to_contain_text("the attacker wins")
    assert api.state(code)["board"][target] == {"seat": attacker, "armies": 2, "building": None, "portal": False}

    # The next player turns its conflict card without acting (compensation), now everyone sees it.
    page = phones[bluffer]
    space = page.locator("details.im-space").filter(has=page.locator(f"input[value=a{hide_at}]")).first
    space.locator("summary").click()
    space.locator("button", has_text="Reveal, don't act: +1 gold").click()
    expect(screen.locator(".im-players")).to_contain_text("⚔")

    # Everyone passes; the round is scored from the left of the first player (seed 001 p.15).
    for _ in range(8):
        table = requests.get(f"{live_server.url}/api/tables/{code}", timeout=30).json()
        state = table["state"]
        if state["phase"] != "performance":
            break
        phones[state["turn"]].locator("button", has_text="Pass: +1 gold").first.click()
        answer_in_page(phones[state["turn"]])
        expect(screen.locator(".log")).to_contain_text("passes")
        # the next turn is read from the server once this pass is in (a fixed 300 ms pause could
        # read the same turn again on a busy machine, and tap a phone whose turn is over)
        deadline = time.monotonic() + 30
        while api.version(code) == table["version"] and time.monotonic() < deadline:
            time.sleep(0.05)
    expect(screen.locator(".tv-panel", has_text="Scoring of round 1")).to_be_in_viewport()
    expect(screen.locator(".im-top")).to_contain_text("2 / 7")

    # The screen in Portuguese.
    screen.goto(f"{live_server.url}/t/{code}/screen?lang=pt_BR")
    expect(screen.locator(".im-top")).to_contain_text("Reforços")
    expect(screen.locator("body")).to_contain_text("Pontuação da rodada 1")
    for ctx in [screen_ctx] + [p.context for p in phones.values()]:
        ctx.close()


def test_guided_tribe_setup_one_screen_at_a_time(browser, live_server, join_phone):
    """Issue 15: the phone asks the tribe boards' numbers one screen at a time; the check screen
    saves and the player is ready (in Portuguese)."""
    t = requests.post(f"{live_server.url}/api/tables", json={"game": "immortals", "options": {"players": 3}},
                      timeout=30).json()
    page = join_phone(t["join_url"] + "?lang=pt_BR", "Ana", "Vermelho", locale="pt-BR")
    flow = page.locator("#im-tribe-flow")
    expect(flow).to_have_attribute("data-step", "tribes")
    flow.locator("[data-testid=flow-next]").click()
    expect(flow).to_have_attribute("data-step", "resources")
    for name, value in (("light_gold", "3"), ("light_energy", "4"), ("dark_gold", "4"), ("dark_energy", "5")):
        flow.locator(f"input[name={name}]").fill(value)
    flow.locator("[data-testid=flow-next]").click()
    expect(flow).to_have_attribute("data-step", "start")
    flow.locator("select[name=start]").select_option("1-1")
    flow.locator("[data-testid=flow-next]").click()
    expect(flow).to_have_attribute("data-step", "groups")
    flow.locator("input[name=light_groups]").fill("10, 4")
    flow.locator("input[name=light_corner]").fill("3")
    flow.locator("[data-testid=flow-next]").click()
    expect(flow).to_have_attribute("data-step", "check")
    expect(flow).to_contain_text("grupos militares 10, 4 · canto 3")
    expect(flow).to_contain_text("Pronto")


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("pt_BR", "pt-BR")])
def test_a_board_typed_once_names_every_region_of_the_next_table(browser, live_server, tmp_path, lang, locale):
    """Issue #37: the host names the board once (one form, area by area) and saves the profile;
    the start page then chooses it for the next table, so no screen, card or select says "Area 2 · 3";
    the profile file imported on another server does the same."""
    import json
    import re

    import requests

    base = live_server.url
    area_re = re.compile(r"\b(Area|Área) \d ·")
    t = requests.post(f"{base}/api/tables", json={"game": "immortals", "options": {"players": "3"}}, timeout=30).json()
    code, host = t["code"], t["host_token"]
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=locale)
    ctx.add_cookies([{"name": f"host_{code}", "value": host, "url": base}])
    tv = ctx.new_page()
    tv.goto(f"{base}/t/{code}/screen?lang={lang}")
    tv.locator(".tv-drawer-btn").click()
    form = tv.locator("form.im-name-board")
    expect(form).to_be_visible()
    assert tv.locator("#im-known-names option").count() == 11  # every region the rulebooks name
    for a in range(1, 6):
        for r in range(1, 6):
            form.locator(f"input[name='name:{a}-{r}']").fill("Shore Lake" if (a, r) == (2, 1) else f"Region {a}{r}")
    form.locator("button.primary").click()
    expect(tv.locator("#im-name-board summary")).to_contain_text("25/25")
    tv.locator(".host input[name=name][required]").fill("Our board")
    tv.locator(".host button", has_text="Save profile" if lang == "en" else "Salvar perfil").click()
    expect(tv.locator("#toast")).to_contain_text("Our board")

    # the next table: the start page chooses the board; nothing says "Area r · c"
    start = ctx.new_page()
    start.goto(f"{base}/?lang={lang}")
    game = start.locator("details.game:has(input[name=game][value='immortals'])")
    game.locator("summary").first.click()
    expect(game.locator("select[name='immortals.profile']")).to_have_value("Our board")
    game.locator("button.primary").click()
    expect(start.locator(".tv-frame")).to_be_visible()
    start.wait_for_timeout(300)
    text = start.evaluate("() => document.body.innerText")
    assert "Shore Lake" in text and not area_re.search(text), area_re.search(text)

    # the same board as a file, imported through the start page's import box
    file = requests.get(f"{base}/api/profiles/immortals/file", params={"name": "Our board"}, timeout=30).json()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(file), encoding="utf-8")
    start.goto(f"{base}/?lang={lang}")
    start.locator("form[enctype='multipart/form-data'] input[type=file]").set_input_files(str(path))
    start.locator("form[enctype='multipart/form-data'] button").click()
    game = start.locator("details.game:has(input[name=game][value='immortals'])")
    expect(game).to_have_attribute("open", "")
    expect(game.locator("select[name='immortals.profile']")).to_have_value("Our board (2)")
    ctx.close()
