"""Typical moments of each game, set up through the JSON API of a running server, for the TV layout
tests (tests/browser/test_tv_screens.py) and the README screenshots (tools/screenshots.py).

Each scenario is a generator: it plays a table forward and yields ``(moment, code)`` at each moment
worth looking at; the caller looks at the screen, then asks for the next moment.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

import requests

from companion.games import registry
from companion.games.base import Game

Scenario = Callable[..., Iterator[tuple[str, str]]]


class Api:
    """A few JSON calls against ``base`` (a live server)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = requests.Session()
        self.tokens: dict[str, str] = {}  # "CODE/seat" -> seat token, for callers that open a phone

    def join(self, code: str, seat: str, name: str) -> str:
        r = self.http.post(f"{self.base}/api/tables/{code}/seats", json={"seat": seat, "name": name}, timeout=20)
        assert r.status_code == 201, r.text
        self.tokens[f"{code}/{seat}"] = r.json()["token"]
        return cast("str", r.json()["token"])

    def create(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post(f"{self.base}/api/tables", json={"game": game, "options": options}, timeout=20)
        assert r.status_code == 201, r.text
        return cast("dict[str, Any]", r.json())

    def ok(self, code: str, token: str | None, action: dict[str, Any]) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.http.post(f"{self.base}/api/tables/{code}/actions", json=action, headers=headers, timeout=20)
        assert r.status_code == 200, r.text
        return cast("dict[str, Any]", r.json())

    def state(self, code: str) -> dict[str, Any]:
        return cast("dict[str, Any]", self.http.get(f"{self.base}/api/tables/{code}", timeout=20).json()["state"])

    def me(self, code: str, token: str) -> dict[str, Any]:
        answer = self.http.get(f"{self.base}/api/tables/{code}/me", headers={"Authorization": f"Bearer {token}"},
                               timeout=20)
        return cast("dict[str, Any]", answer.json()["private"])


AGOT_HOUSES = ["baratheon", "lannister", "stark", "greyjoy"]
AGOT_NAMES = {"baratheon": "Ana", "lannister": "Bia", "stark": "Caio", "greyjoy": "Duda"}
AGOT_ORDERS = {
    "baratheon": {"dragonstone": "consolidate-a", "kingswood": "defense1a", "shipbreaker-bay": "support0a"},
    "lannister": {"lannisport": "march0", "stoney-sept": "support0a", "the-golden-sound": "consolidate-a"},
    "stark": {"winterfell": "consolidate-a", "white-harbor": "defense1a", "the-shivering-sea": "support0a"},
    "greyjoy": {"pyke": "defense1a", "greywater-watch": "consolidate-a", "ironmans-bay": "raid-a",
                "port-of-pyke": "support0a", "riverrun": "defense1b"},
}


def agot(api: Api, on_setup: Callable[[str, str], object] | None = None) -> Iterator[tuple[str, str]]:
    """Planning (orders being placed), action (orders on the map), a combat with its result."""
    t = api.create("agot", {"players": 4, "decks": "physical", "faq_lannister_port_ship": False})
    code, host = t["code"], t["host_token"]
    if on_setup:
        on_setup(code, host)
    tokens = {h: api.join(code, h, AGOT_NAMES[h]) for h in AGOT_HOUSES}
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    pid = api.state(code)["planning"]["prompt"]["id"]
    for h in ("lannister", "stark"):
        api.ok(code, tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": AGOT_ORDERS[h]}})
    yield "planning", code
    for h in ("baratheon", "greyjoy"):
        api.ok(code, tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": AGOT_ORDERS[h]}})
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    yield "action", code
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    yield "combat", code


def agot_westeros(api: Api, cards: tuple[str, str, str]) -> tuple[str, str, dict[str, str]]:
    """A 4-house table (physical decks) in round 2's Westeros phase, ``cards`` drawn from decks I-III:
    its code, host token and each house's seat token."""
    t = api.create("agot", {"players": 4, "decks": "physical"})
    code, host = t["code"], t["host_token"]
    tokens = {h: api.join(code, h, AGOT_NAMES[h]) for h in AGOT_HOUSES}
    api.ok(code, host, {"type": "start"})
    api.ok(code, host, {"type": "round_done_on_board"})
    for card in cards:
        api.ok(code, host, {"type": "draw_card", "card": card})
    return code, host, tokens


def agot_clash(api: Api) -> Iterator[tuple[str, str]]:
    """Round 2's Westeros phase: a Clash of Kings whose first two tracks are revealed."""
    code, host, tokens = agot_westeros(api, ("supply", "clash-of-kings", "storm-of-swords"))
    for bids in ({"stark": 3, "lannister": 2, "baratheon": 1, "greyjoy": 0},
                 {"stark": 0, "lannister": 1, "baratheon": 2, "greyjoy": 3}):
        pid = api.state(code)["current"]["prompt"]["id"]
        for house, bid in bids.items():
            api.ok(code, tokens[house], {"type": "answer", "prompt": pid, "value": bid})
    yield "clash", code


LCG_NAMES = ["Ana", "Bia", "Caio"]


def lcg(api: Api) -> Iterator[tuple[str, str]]:
    """The challenges phase: a power challenge declared, strengths entered, the result shown."""
    t = api.create("lcg", {"players": 2, "autopass_start": "structure"})
    code = t["code"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(LCG_NAMES[:2])}
    for s in tok:
        api.ok(code, tok[s], {"type": "autopass", "kinds": []})
    plot = {"name": "A Noble Cause", "gold": 5, "initiative": 6, "claim": 2, "when_revealed": False}
    api.ok(code, tok["p1"], {"type": "answer", "value": plot})
    api.ok(code, tok["p2"], {"type": "answer", "value": {**plot, "name": "Marched to the Wall", "initiative": 1, "gold": 4}})
    for _ in range(200):
        v = api.state(code)
        if v["decision"]:
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    api.ok(code, t["host_token"], {"type": "host_set", "seat": "p2", "field": "power", "value": 3})
    api.ok(code, tok["p1"], {"type": "challenge", "challenge": "power"})
    for _ in range(200):
        v = api.state(code)
        if v["box"] == "chal.resolve" and v["step"] == "input":
            api.ok(code, tok["p2"], {"type": "strength", "attacker": 5, "defender": 3})
            break
        api.ok(code, tok[v["priority"]], {"type": "pass"})
    yield "challenges", code


IMM_LIGHT, IMM_DARK, IMM_STARTS = ("elves", "humans", "dwarves"), ("demons", "orcs", "necromancers"), ("1-1", "2-1", "3-1")


def immortals(api: Api) -> Iterator[tuple[str, str]]:
    """Action planning of round 1: two of three players have placed their cards face down."""
    t = api.create("immortals", {"players": "3"})
    code, host = t["code"], t["host_token"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    for i, seat in enumerate(("p1", "p2", "p3")):
        api.ok(code, tokens[seat], {"type": "choose_tribes", "light": IMM_LIGHT[i], "dark": IMM_DARK[i],
                                    "light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5",
                                    "light_groups": "4", "dark_groups": "3", "start": IMM_STARTS[i],
                                    "light_spaces": "extract_gold, extract_energy, transition3, build",
                                    "dark_spaces": "attack, move_attack, tribe, attack"})
    api.ok(code, host, {"type": "start_game"})
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "draft_start", "group": "4"})
    for _ in range(10):
        state = api.state(code)
        d = state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            for seat in tokens:
                hand = api.me(code, tokens[seat])["draft_hand"]
                api.ok(code, tokens[seat], {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[0]})
        else:
            seat = d["placer"]
            card = d["picks"][seat]
            action = {"type": "draft_place", "group": "3"}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not state["board"][f"{realm}:{area}-{n}"]["seat"])
            api.ok(code, tokens[seat], action)
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "feed", "light": "2", "dark": "3", "inhabitants": "2"})
    state = api.state(code)
    i = state["seats"].index(state["first"])
    order = state["seats"][i:] + state["seats"][:i]
    for seat in order:
        start = IMM_STARTS[int(seat[1]) - 1]
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{start}": "1"})
    for seat in order[:2]:
        api.ok(code, tokens[seat], {"type": "answer", "prompt": "plan-1", "value": {"army": ["blank"]}})
    yield "planning", code


def catan(api: Api) -> Iterator[tuple[str, str]]:
    """Turn 2 after its roll: the dice, what the wildling die moved, the Wall and its guards."""
    t = api.create("catan-watch", {"players": "3", "dice": "physical"})
    code = t["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    for seat in ("p1", "p2", "p3", "p3", "p2", "p1"):
        api.ok(code, tokens[seat], {"type": "setup_place"})
    for seat, sid in zip(("p1", "p2", "p3"), ("w1", "w2", "w3")):
        api.ok(code, tokens[seat], {"type": "guard", "section": sid})
    api.ok(code, tokens["p1"], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    api.ok(code, tokens["p1"], {"type": "end_turn"})
    api.ok(code, tokens["p2"], {"type": "roll", "red": 4, "yellow": 4, "d12": 9})
    yield "roll", code
    yield from catan_final(api, code, tokens)


def catan_final(api: Api, code: str, tokens: dict[str, str]) -> Iterator[tuple[str, str]]:
    """From turn 2 on: Bia buys two development cards, Caio one; the Gift fills on Caio's roll
    while the three players tie on one guard each: the result waits for Bia's and Caio's hidden
    victory point cards (seed 004 p.4, p.8), then they reveal (Bia 2, Caio 0) and Bia wins."""
    for _ in range(2):
        api.ok(code, tokens["p2"], {"type": "build", "what": "dev"})
    api.ok(code, tokens["p2"], {"type": "end_turn"})
    api.ok(code, tokens["p3"], {"type": "build", "what": "dev"})
    for hid in ("s2h1", "s2h2", "s3h1", "s3h2", "s3h3", "s4h1", "s4h2"):
        api.ok(code, tokens["p3"], {"type": "correct", "what": "hex", "id": hid, "wildlings": ["normal"]})
    api.ok(code, tokens["p3"], {"type": "correct", "what": "clan", "id": "ice_river", "wildlings": ["climber"]})
    api.ok(code, tokens["p3"], {"type": "roll", "red": 1, "yellow": 2, "d12": 1})
    yield "final_wait", code
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "final-vp", "value": 2})
    api.ok(code, tokens["p3"], {"type": "answer", "prompt": "final-vp", "value": 0})
    yield "final", code


def generic(api: Api) -> Iterator[tuple[str, str]]:
    """Counters, a roll, and a sealed bid just revealed."""
    t = api.create("generic", {"seats": "Red, Blue, Green, Yellow", "counters": "VP, Gold", "shared_counters": "Round"})
    code = t["code"]
    tokens = [api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"])]
    for i, vp in enumerate([7, 4, 9, 5]):
        api.ok(code, tokens[i], {"type": "adjust", "seat": f"p{i + 1}", "counter": "VP", "delta": vp})
        api.ok(code, tokens[i], {"type": "adjust", "seat": f"p{i + 1}", "counter": "Gold", "delta": 3 + i})
    api.ok(code, tokens[0], {"type": "adjust", "counter": "Round", "delta": 3})
    api.ok(code, tokens[1], {"type": "roll", "dice": "2d6"})
    api.ok(code, tokens[0], {"type": "open_prompt", "title": "Turn order bid", "kind": "number", "min": 0, "max": 10})
    for i, v in enumerate([3, 5, 1, 4]):
        api.ok(code, tokens[i], {"type": "answer", "prompt": "g1", "value": v})
    yield "reveal", code


SCENARIOS: dict[str, Scenario] = {"agot": agot, "agot_clash": agot_clash, "lcg": lcg, "immortals": immortals,
                                  "catan_watch": catan, "generic": generic}
#: the elements each game's moment must show inside their TV zone, for games that declare them beside
#: their scenario (the others' are in tests/browser/test_tv_screens.py)
KEYS: dict[tuple[str, str], list[str]] = {}


def package_of(game: Game) -> str:
    """A registered game's package folder (``catan_watch`` for the game ``catan-watch``)."""
    return type(game).__module__.split(".")[2]


def scenario_modules() -> Iterator[Any]:
    """The ``tv_scenario.py`` module of each registered game that ships one (a game written by
    ``companion new-game`` does): its TV moments here, its phone decisions in tools/phone_scenarios.py."""
    for game in registry().values():
        pkg = package_of(game)
        try:
            module = importlib.import_module(f"companion.games.{pkg}.tv_scenario")
        except ModuleNotFoundError as err:
            if err.name != f"companion.games.{pkg}.tv_scenario":
                raise
            continue
        yield module


def _game_scenarios() -> None:
    """Add the scenarios a game package ships in its ``tv_scenario.py`` (``SCENARIOS``, ``KEYS`` per
    moment), so a game written by ``companion new-game`` is on the TV test without editing this file."""
    for module in scenario_modules():
        for name, scenario in module.SCENARIOS.items():
            SCENARIOS.setdefault(name, scenario)
            for moment, keys in module.KEYS.items():
                KEYS[(name, moment)] = list(keys)


def scenarios_of(game: Game, among: Iterable[str] | None = None) -> list[str]:
    """The scenarios (of this file, or the names ``among``) that show ``game``: named after its
    package, or its package then ``_<more>``."""
    pkg = package_of(game)
    return [name for name in (SCENARIOS if among is None else among) if name == pkg or name.startswith(pkg + "_")]


_game_scenarios()


def agot_setup(api: Api, players: int = 4) -> Iterator[tuple[str, str]]:
    """The setup checklist while people sit down (one seat taken), then with every seat taken."""
    t = api.create("agot", {"players": players})
    code = t["code"]
    houses = [s["id"] for s in api.http.get(f"{api.base}/api/tables/{code}", timeout=20).json()["seats"]]
    names = ["Ana", "Bia", "Caio", "Duda", "Eli", "Fabi"]
    api.join(code, houses[0], names[0])
    yield "joining", code
    for h, n in zip(houses[1:], names[1:]):
        api.join(code, h, n)
    yield "seated", code


def agot_setup6(api: Api) -> Iterator[tuple[str, str]]:
    """The same with six houses (the longest checklist)."""
    yield from agot_setup(api, 6)


def catan_setup(api: Api) -> Iterator[tuple[str, str]]:
    """Brotherhood of the Watch before the first settlement: the board profile note and the Wall."""
    t = api.create("catan-watch", {"players": "3", "dice": "physical"})
    code = t["code"]
    for i, n in enumerate(["Ana", "Bia", "Caio"]):
        api.join(code, f"p{i + 1}", n)
    yield "setup", code


def start_page(api: Api) -> Iterator[tuple[str, str]]:
    """The start page as the TV shows it (code "/"), with each registered game's options open in
    turn: the moment is the game's id."""
    for game_id in registry():
        yield game_id, "/"


SETUP_SCENARIOS = {"agot_setup": agot_setup, "agot_setup6": agot_setup6, "catan_setup": catan_setup,
                   "start": start_page}


STORY_BIDS = {"iron_throne": [1, 2, 0, 3], "fiefdoms": [0, 1, 3, 2], "kings_court": [3, 1, 2, 0]}


def agot_story(api: Api) -> Iterator[tuple[str, str]]:
    """A 3-round AGoT game for the story screen: round 1 with a combat at Riverrun, round 2's Clash
    of Kings, and in round 3 Stark takes castles on the board (host corrections) until seven of
    them win at once (seed 000 p.7). Yields after each round; ``api.tokens[CODE/host]`` is the host."""
    t = api.create("agot", {"players": 4, "decks": "physical", "faq_lannister_port_ship": False})
    code, host = t["code"], t["host_token"]
    api.tokens[f"{code}/host"] = host
    tokens = {h: api.join(code, h, AGOT_NAMES[h]) for h in AGOT_HOUSES}
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    pid = api.state(code)["planning"]["prompt"]["id"]
    for h in AGOT_HOUSES:
        api.ok(code, tokens[h], {"type": "answer", "prompt": pid, "value": {"orders": AGOT_ORDERS[h]}})
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    api.ok(code, tokens["greyjoy"], {"type": "card_ability", "area": "pyke"})  # Greyjoy retreats
    api.ok(code, host, {"type": "round_done_on_board"})
    yield "round1", code
    for card in ("supply", "clash-of-kings", "storm-of-swords"):
        api.ok(code, host, {"type": "draw_card", "card": card})
        current = api.state(code).get("current") or {}
        while current.get("kind") == "clash":
            pid = current["prompt"]["id"]
            bids = next(b for t, b in STORY_BIDS.items() if pid.endswith(t))
            for house, bid in zip(AGOT_HOUSES, bids):
                api.ok(code, tokens[house], {"type": "answer", "prompt": pid, "value": bid})
            current = api.state(code).get("current") or {}
    api.ok(code, host, {"type": "set_control", "area": "moat-cailin", "house": "stark"})
    api.ok(code, host, {"type": "round_done_on_board"})
    yield "round2", code
    for card in ("supply", "last-days-of-summer-ii", "feast-for-crows"):
        api.ok(code, host, {"type": "draw_card", "card": card})
    for area in ("the-eyrie", "harrenhal", "seagard", "flints-finger"):
        api.ok(code, host, {"type": "set_control", "area": area, "house": "stark"})
    yield "round3", code


def local_server(seed: int = 11) -> str:
    """Serve a fresh app (embedded SQLite in a temporary folder, repeatable seeds) on a free loopback
    port in a background thread, for the screenshot tools; returns its base URL."""
    import tempfile
    import threading

    from werkzeug.serving import make_server

    from companion import create_app

    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "RANDOM_SEED": seed})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"
