"""Every decision a phone is asked for, game by game, set up through the JSON API of a running server
(issue 23): the phone test (tests/browser/test_phone_decisions.py) opens the deciding phone at each
step, in English and Portuguese at 390x844, and checks that the decision's button is on the screen
without scrolling (in place or in the decision dock) and that nothing is wider than the screen;
``python tools/phone_scenarios.py OUTDIR`` takes a screenshot of each step.

Each scenario is a generator yielding ``Step``s; the caller looks at the phone, then asks for the
next step (the generator plays the table forward).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.tv_scenarios import (  # noqa: E402
    AGOT_HOUSES,
    AGOT_NAMES,
    AGOT_ORDERS,
    IMM_DARK,
    IMM_LIGHT,
    IMM_STARTS,
    Api,
    agot_westeros,
    scenario_modules,
)


@dataclass
class Step:
    name: str      # "game/step"
    code: str      # the table
    token: str     # the deciding phone's seat token
    decide: str    # CSS selector of the button that answers the decision (the first match counts)
    tap: str = ""  # what the player taps first to show it (a closed <details>' summary), itself in reach
    every: bool = False  # every match must be on the screen, not only the first (a hand of house cards)
    fields: str = ""     # a selector whose every visible match is on the screen too (a step's inputs)


def catan(api: Api) -> Iterator[Step]:
    """Setup (settlement, then a guard), a turn's roll, its builds (road, development card,
    settlement, keep, guard), a progress card, a ranger and its option, the Longest Road, revealing
    victory point cards, the turn's end."""
    t = api.create("catan-watch", {"players": "3"})
    code = t["code"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    yield Step("catan/setup-place", code, tok["p1"], "form:has(input[value=setup_place]) button")
    for seat in ("p1", "p2", "p3", "p3", "p2", "p1"):
        api.ok(code, tok[seat], {"type": "setup_place"})
    yield Step("catan/setup-guard", code, tok["p1"], "form:has(input[value=guard]) button")
    for seat, sid in zip(("p1", "p2", "p3"), ("w1", "w2", "w3")):
        api.ok(code, tok[seat], {"type": "guard", "section": sid})
    yield Step("catan/roll", code, tok["p1"], "#cw-roll")
    api.ok(code, tok["p1"], {"type": "roll"})
    yield Step("catan/build-road", code, tok["p1"], "form:has(input[name=what][value=road]) button")
    yield Step("catan/build-dev", code, tok["p1"], "form:has(input[name=what][value=dev]) button")
    for what in ("settlement", "keep"):
        yield Step(f"catan/build-{what}", code, tok["p1"], f"form:has(input[name=what][value={what}]) button",
                   tap=f"details:has(input[name=what][value={what}]) > summary")
    yield Step("catan/build-guard", code, tok["p1"], ".cw-sections form:last-of-type button",
               tap="details:has(.cw-sections) > summary")
    yield Step("catan/progress", code, tok["p1"], "[data-testid=progress]",
               tap="details:has([data-testid=progress]) > summary")
    ranger = "details:has(input[name=option]) > summary"
    yield Step("catan/ranger", code, tok["p1"], "form:has(input[name=option]) button", tap=ranger)
    yield Step("catan/ranger-option", code, tok["p1"], "label:has(input[name=option][value=card])", tap=ranger)
    for move in ("longest_road", "reveal_vp"):
        if move == "reveal_vp":  # offered only when it reaches 10 VP (p.2-4): p1 builds to 9, buys a card
            clans = ["cave_people", "hornfoot", "ice_river"] * 4
            for what in ["settlement"] * 3 + ["keep"] * 4 + ["dev"]:
                n = {"settlement": 1, "keep": 2}.get(what, 0)
                api.ok(code, tok["p1"], {"type": "build", "what": what,
                                         "tokens": [{"wildling": "normal", "clan": clans.pop()} for _ in range(n)]})
        yield Step(f"catan/{move.replace('_', '-')}", code, tok["p1"], f"form:has(input[value={move}]) button",
                   tap=f"details:has(input[value={move}]) > summary")
    yield Step("catan/end-turn", code, tok["p1"], "#cw-end")


def immortals(api: Api) -> Iterator[Step]:
    """The guided tribe setup (5 screens), the start group, the draft, reinforcements, the secret
    plan, the performance turn and a battle."""
    t = api.create("immortals", {"players": "3"})
    code, host = t["code"], t["host_token"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    nxt = "[data-testid=flow-next]"
    inputs = "#im-tribe-flow input:not([type=hidden]), #im-tribe-flow select"  # issue #37: none under the dock
    yield Step("immortals/setup-tribes", code, tok["p1"], nxt, fields=inputs)
    base = {"type": "choose_tribes", "light": IMM_LIGHT[0], "dark": IMM_DARK[0], "partial": "1"}
    api.ok(code, tok["p1"], base)
    yield Step("immortals/setup-resources", code, tok["p1"], nxt, fields=inputs)
    base.update({"light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5"})
    api.ok(code, tok["p1"], base)
    yield Step("immortals/setup-start", code, tok["p1"], nxt, fields=inputs)
    base["start"] = IMM_STARTS[0]
    api.ok(code, tok["p1"], base)
    yield Step("immortals/setup-groups", code, tok["p1"], nxt, fields=inputs)
    base.update({"light_groups": "4", "dark_groups": "3"})
    api.ok(code, tok["p1"], base)
    yield Step("immortals/setup-check", code, tok["p1"], nxt, fields=inputs)
    for i, seat in enumerate(("p1", "p2", "p3")):
        api.ok(code, tok[seat], {"type": "choose_tribes", "light": IMM_LIGHT[i], "dark": IMM_DARK[i],
                                 "light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5",
                                 "light_groups": "4", "dark_groups": "3", "start": IMM_STARTS[i],
                                 "light_spaces": "extract_gold, extract_energy, transition3, build",
                                 "dark_spaces": "attack, move_attack, tribe, attack"})
    api.ok(code, host, {"type": "start_game"})
    yield Step("immortals/start-group", code, tok["p1"], "form:has(input[value=draft_start]) button")
    for seat in tok:
        api.ok(code, tok[seat], {"type": "draft_start", "group": "4"})
    picked = False
    for _ in range(10):
        state = api.state(code)
        d = state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            if not picked:
                yield Step("immortals/draft-pick", code, tok["p1"], "form:has(input[name=prompt][value^=draft]) button")
                picked = True
            for seat in tok:
                hand = api.me(code, tok[seat])["draft_hand"]
                api.ok(code, tok[seat], {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[0]})
        else:
            seat = d["placer"]
            card = d["picks"][seat]
            action = {"type": "draft_place", "group": "3"}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not state["board"][f"{realm}:{area}-{n}"]["seat"])
            api.ok(code, tok[seat], action)
    yield Step("immortals/feed", code, tok["p1"], "form:has(input[value=feed]) button")
    for seat in tok:
        api.ok(code, tok[seat], {"type": "feed", "light": "2", "dark": "3", "inhabitants": "2"})
    state = api.state(code)
    i = state["seats"].index(state["first"])
    order = state["seats"][i:] + state["seats"][:i]
    yield Step("immortals/reinforce", code, tok[order[0]], "form:has(input[value=reinforce]) button")
    for seat in order:
        start = IMM_STARTS[int(seat[1]) - 1]
        api.ok(code, tok[seat], {"type": "reinforce", "draw": "1", f"place_light:{start}": "1"})
    yield Step("immortals/plan", code, tok[order[0]], "form.im-plan button")
    attacker = order[0]
    a_start = IMM_STARTS[int(attacker[1]) - 1]
    api.ok(code, tok[attacker], {"type": "answer", "prompt": "plan-1",
                                 "value": {"army": [None, None, None, None, f"r:{a_start}:light"]}})
    for seat in order[1:]:
        api.ok(code, tok[seat], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank"]}})
    yield Step("immortals/perform", code, tok[attacker], "form:has(input[value=pass]) button")
    state = api.state(code)
    target = next(k for k, c in state["board"].items() if k.startswith("light:") and not c["seat"])
    api.ok(code, tok[attacker], {"type": "perform", "space": "a4", "mode": "attack", "from": f"light:{a_start}",
                                 "to": target, "armies": "3"})
    yield Step("immortals/battle", code, tok[attacker], "form:has(input[value=battle_result]) button")


def _agot_to_combat(api: Api) -> Generator[Step, None, tuple[str, dict[str, str], str]]:
    """Planning, a raven, a raid and Lannister's march on Greyjoy's Riverrun, supported: its steps
    up to both houses choosing a card; returns the table, the tokens and the cards' prompt."""
    t = api.create("agot", {"players": 4, "decks": "physical", "faq_lannister_port_ship": False})
    code, host = t["code"], t["host_token"]
    tok = {h: api.join(code, h, AGOT_NAMES[h]) for h in AGOT_HOUSES}
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    yield Step("agot/orders", code, tok["baratheon"], "#agot-orders-form button.primary")
    pid = api.state(code)["planning"]["prompt"]["id"]
    for h in AGOT_HOUSES:
        api.ok(code, tok[h], {"type": "answer", "prompt": pid, "value": {"orders": AGOT_ORDERS[h]}})
    yield Step("agot/raven", code, tok["lannister"], "form:has(input[value=raven_pass]) button")
    api.ok(code, tok["lannister"], {"type": "raven_pass"})
    yield Step("agot/raid", code, tok["greyjoy"], "form:has(input[value=raid]) button")
    api.ok(code, tok["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    yield Step("agot/march", code, tok["lannister"], "form:has(input[value=march]) button.primary")
    api.ok(code, tok["lannister"], {"type": "march", "from": "lannisport",
                                    "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    yield Step("agot/support", code, tok["lannister"], "form:has(input[value=support]) button")
    api.ok(code, tok["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    yield Step("agot/house-card", code, tok["greyjoy"], "form:has(input[name=prompt]) button.cardbtn", every=True)
    return code, tok, api.me(code, tok["lannister"])["action"]["combat"]["decide"]["prompt"]


def agot(api: Api) -> Iterator[Step]:
    """Planning (secret orders), the action phase (a march), a combat: support, house card,
    casualties; then a Clash of Kings bid and its tie broken; a Westeros choice, mustering, a
    wildlings bid lost by all, its tie broken and a wildling card's task (A King Beyond the Wall)."""
    code, tok, pid = yield from _agot_to_combat(api)
    api.ok(code, tok["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    api.ok(code, tok["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    decide = api.me(code, tok["greyjoy"])["action"]["combat"]["decide"]
    if decide and decide["kind"] == "blade":
        yield Step("agot/blade", code, tok["greyjoy"], "form:has(input[value=blade]) button")
        api.ok(code, tok["greyjoy"], {"type": "blade", "use": ""})
    for house in ("lannister", "greyjoy"):
        decide = api.me(code, tok[house])["action"]["combat"]
        decide = decide and decide["decide"]
        if decide and decide["kind"] in ("casualties", "retreat"):
            sel = "#agot-casualties button" if decide["kind"] == "casualties" else "button[data-retreat]"
            yield Step(f"agot/{decide['kind']}", code, tok[house], sel)
            break
    code, host, tok = agot_westeros(api, ("supply", "clash-of-kings", "storm-of-swords"))
    yield Step("agot/bid", code, tok["stark"], "form.answer-form button.primary")
    pid = api.state(code)["current"]["prompt"]["id"]
    for house in AGOT_HOUSES:  # everyone bids 0 for the Iron Throne: its holder breaks the tie
        api.ok(code, tok[house], {"type": "answer", "prompt": pid, "value": 0})
    holder = next(h for h in AGOT_HOUSES if api.state(code)["waiting_for"] == [h])
    yield Step("agot/break-ties", code, tok[holder], "form:has(input[value=order_ties]) button.primary")
    # A Westeros card whose holder chooses (A Throne of Blades: mustering), the mustering, the
    # wildlings' attack (every house bids)
    code, host, tok = agot_westeros(api, ("a-throne-of-blades", "dark-wings-dark-words", "wildlings-attack"))
    yield Step("agot/westeros-choice", code, tok["baratheon"], "form:has(input[value=choose]) button")
    api.ok(code, tok["baratheon"], {"type": "choose", "value": "mustering"})
    yield Step("agot/muster", code, tok["baratheon"], "form:has(input[value=muster]) button")
    yield Step("agot/muster-done", code, tok["baratheon"], "form:has(input[value=muster_done]) button")
    for house in AGOT_HOUSES:
        if api.state(code)["waiting_for"] == [house]:
            api.ok(code, tok[house], {"type": "muster_done"})
    api.ok(code, tok["lannister"], {"type": "choose", "value": "nothing"})
    yield Step("agot/wildlings-bid", code, tok["greyjoy"], "form.answer-form button.primary")
    pid = api.state(code)["current"]["prompt"]["id"]
    for house in AGOT_HOUSES:  # nobody bids: the wildlings win, every house is the lowest bidder
        api.ok(code, tok[house], {"type": "answer", "prompt": pid, "value": 0})
    api.ok(code, host, {"type": "wildling_card", "card": "a-king-beyond-the-wall"})
    choice = "form:has(input[value=choose]):last-of-type button"  # the last option offered
    holder = api.state(code)["waiting_for"][0]
    yield Step("agot/wildlings-tie", code, tok[holder], choice)
    api.ok(code, tok[holder], {"type": "choose", "value": "stark"})
    house = api.state(code)["waiting_for"][0]  # a house other than Stark: Fiefdoms or King's Court
    yield Step("agot/wildlings-task", code, tok[house], choice)


def _agot_cards_chosen(api: Api) -> tuple[str, dict[str, str], str]:
    """A new table played up to the combat's house cards (its steps not looked at)."""
    gen = _agot_to_combat(api)
    try:
        while True:
            next(gen)
    except StopIteration as done:
        return cast("tuple[str, dict[str, str], str]", done.value)


def agot_cards(api: Api) -> Iterator[Step]:
    """House cards whose owner chooses (printed card text): Tyrion cancels Euron, Greyjoy chooses
    another card (Aeron Damphair), whose own question (pay 2 power for another card) follows; on
    another table Cersei wins and asks which Greyjoy order to remove."""
    ability = "form:has(input[value=card_ability]):has(input[name=use][value='']) button"  # No, below Yes
    code, tok, pid = _agot_cards_chosen(api)
    api.ok(code, tok["lannister"], {"type": "answer", "prompt": pid, "value": "tyrion-lannister"})
    api.ok(code, tok["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    yield Step("agot/tyrion", code, tok["lannister"], ability)
    api.ok(code, tok["lannister"], {"type": "card_ability", "use": "1"})
    yield Step("agot/card-again", code, tok["greyjoy"], "form:has(input[name=prompt]) button.cardbtn", every=True)
    pid = api.me(code, tok["greyjoy"])["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tok["greyjoy"], {"type": "answer", "prompt": pid, "value": "aeron-damphair"})
    yield Step("agot/aeron", code, tok["greyjoy"], ability)
    code, tok, pid = _agot_cards_chosen(api)  # a second table: Cersei wins, then picks an order to remove
    api.ok(code, tok["lannister"], {"type": "answer", "prompt": pid, "value": "cersei-lannister"})
    api.ok(code, tok["greyjoy"], {"type": "answer", "prompt": pid, "value": "dagmar-cleftjaw"})
    if api.me(code, tok["greyjoy"])["action"]["combat"]["decide"]:  # the Valyrian Blade's question first
        api.ok(code, tok["greyjoy"], {"type": "blade", "use": ""})
    yield Step("agot/cersei", code, tok["lannister"], ability)


def lcg(api: Api) -> Iterator[Step]:
    """The plot, a first opportunity (Pass / Act), marshalling (paying gold, then done), the
    challenge declaration (or finishing the challenges), counting a challenge's strength, the
    dominance total."""
    t = api.create("lcg", {"players": 2, "autopass_start": "structure"})
    code = t["code"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia"])}
    yield Step("lcg/plot", code, tok["p1"], "[data-testid=seal-plot]")
    plot = {"name": "A Noble Cause", "gold": 5, "initiative": 6, "claim": 2, "when_revealed": False}
    api.ok(code, tok["p1"], {"type": "answer", "value": plot})
    api.ok(code, tok["p2"], {"type": "answer", "value": {**plot, "name": "Marched to the Wall", "initiative": 1}})
    offered = marshalled = False
    for _ in range(200):
        v = api.state(code)
        if v["decision"]:
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        if not offered and v["priority"]:
            offered = True
            yield Step("lcg/opportunity", code, tok[v["priority"]], "[data-testid=nothing], [data-testid=pass]")
        if not marshalled and v["phase"] == "marshalling" and v["priority"] == v["active_player"]:
            marshalled = True  # the active player pays for cards, then is done marshalling
            yield Step("lcg/marshal-gold", code, tok[v["priority"]], "[data-testid=gold-minus]")
            yield Step("lcg/marshal-done", code, tok[v["priority"]], "[data-testid=pass]")
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    attacker = v["decision"]["seat"]
    yield Step("lcg/challenge", code, tok[attacker], "[data-testid^=challenge-]")
    yield Step("lcg/finish-challenges", code, tok[attacker], "[data-testid=finish]")
    api.ok(code, tok[attacker], {"type": "challenge", "challenge": "power"})
    for _ in range(200):  # the challenge's windows pass until its strength is counted
        v = api.state(code)
        if v["box"] == "chal.resolve" and v["step"] == "input":
            break
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    yield Step("lcg/strength", code, tok[attacker], "[data-testid=strength]")
    api.ok(code, tok[attacker], {"type": "strength", "attacker": 4, "defender": 2})
    for _ in range(400):  # both players finish their challenges; the windows pass up to dominance
        v = api.state(code)
        asked = [s for s in tok if "dominance" in api.me(code, tok[s]).get("can", [])]
        if asked:
            break
        if v["decision"]:
            api.ok(code, tok[v["decision"]["seat"]], {"type": "finish"})
        elif v["priority"]:
            api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    yield Step("lcg/dominance", code, tok[asked[0]], "[data-testid^=dominance-]", every=True)


def lcg_melee(api: Api) -> Iterator[Step]:
    """A 3-player melee: the first player chooses a title among all six (the last one offered
    must be in reach too)."""
    t = api.create("lcg", {"players": 3, "autopass_start": "structure"})
    code = t["code"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    plot = {"name": "A Noble Cause", "gold": 5, "initiative": 6, "claim": 2, "when_revealed": False}
    for i, seat in enumerate(tok):
        api.ok(code, tok[seat], {"type": "answer", "value": {**plot, "initiative": 6 - i}})
    for _ in range(100):
        v = api.state(code)
        if v["event"] == "choose_titles" and v["step"] == "input":
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    chooser = next(s for s in tok if "choose_titles" in api.me(code, tok[s]).get("can", []))
    yield Step("lcg/title", code, tok[chooser], "form:has(input[name=title]):last-of-type button")


def generic(api: Api) -> Iterator[Step]:
    """A sealed number prompt."""
    t = api.create("generic", {"seats": "Red, Blue, Green, Yellow", "counters": "VP, Gold", "shared_counters": "Round"})
    code = t["code"]
    tok = [api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"])]
    api.ok(code, tok[0], {"type": "open_prompt", "title": "Turn order bid", "kind": "number", "min": 0, "max": 10})
    yield Step("generic/answer", code, tok[1], "form.answer-form button")


SCENARIOS: dict[str, Callable[[Api], Iterator[Step]]] = {
    "catan_watch": catan, "immortals": immortals, "agot": agot, "agot_cards": agot_cards, "lcg": lcg, "lcg_melee": lcg_melee,
    "generic": generic}


def _steps(scenario: Callable[[Api], Iterator[tuple[str, str, str, str]]]) -> Callable[[Api], Iterator[Step]]:
    """A game package's phone scenario (it yields plain tuples: the package never imports tools/)."""
    def run(api: Api) -> Iterator[Step]:
        for name, code, token, decide in scenario(api):
            yield Step(name, code, token, decide)
    return run


# A game that ships its scenarios in its package (``PHONE_SCENARIOS`` in its ``tv_scenario.py``, as
# ``companion new-game`` writes it) is on the phone test without editing this file.
for _module in scenario_modules():
    for _name, _scenario in getattr(_module, "PHONE_SCENARIOS", {}).items():
        SCENARIOS.setdefault(_name, _steps(_scenario))


if __name__ == "__main__":
    import logging
    import tempfile
    import threading

    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from companion import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/phone-steps")
    only = sys.argv[2:] or list(SCENARIOS)
    out.mkdir(parents=True, exist_ok=True)
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "RANDOM_SEED": 11})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    base = f"http://127.0.0.1:{server.server_port}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    api = Api(base)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for game in only:
            for step in SCENARIOS[game](api):
                for lang, loc in (("en", "en-US"), ("pt_BR", "pt-BR")):
                    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                              has_touch=True, locale=loc)
                    ctx.add_cookies([{"name": f"seat_{step.code}", "value": step.token, "url": base}])
                    page = ctx.new_page()
                    page.goto(f"{base}/t/{step.code}/seat?lang={lang}")
                    page.wait_for_selector(".me-bar")
                    page.wait_for_timeout(400)
                    if step.tap:
                        tap = page.locator(step.tap).first.bounding_box()
                        print(f"{step.name:28} {lang:5} tap y={tap and round(tap['y'])}")
                        page.locator(step.tap).first.click()
                        page.wait_for_timeout(300)
                    box = page.locator(step.decide).first.bounding_box()
                    dock = page.locator("#dock").is_visible()
                    width = page.evaluate("document.documentElement.scrollWidth")
                    print(f"{step.name:28} {lang:5} decide y={box and round(box['y'])} dock={dock} width={width}")
                    page.screenshot(path=str(out / f"{step.name.replace('/', '-')}-{lang[:2]}.png"))
                    ctx.close()
        browser.close()
    server.shutdown()
