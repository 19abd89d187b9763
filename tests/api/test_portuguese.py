"""Portuguese complete (issue #12): every page of every game, rendered in pt_BR, carries no English
word that is not a proper name. The text checked is what a person reads: visible text plus
placeholders, labels for screen readers and tooltips."""

from __future__ import annotations

import html
import re

import pytest

from tests.api.test_agot_action_api import ORDERS as AGOT_ORDERS

# Common English words that are not Portuguese words: one of them in a pt_BR page is a leak. ("deck",
# "no", "total" are Portuguese too: the Portuguese rulebooks say "deck".)
ENGLISH = set("""
the and of to your you with from this that these those is are was were be been has have had
will would can could should must not yes all any each every other another some none only also
than then when where which who what why how here there now new next last first back done undo
page set core window round turn turns player players card cards order orders bid bids vote votes
choose pick tap send sent wait waiting loading start end ends game games table tables seat seats
join host screen phone log rules rule help close open show hide save saved edit delete remove add room code
score scores points point totals win wins winner lose loses lost draw draws hand hands
power supply house houses area areas unit units army armies march raid support defense consolidate
attack attacker defender combat strength battle battles fight token tokens track tracks steel blade
raven valyrian wildlings wildling throne kings king court fiefdoms storm storms port sea land castle
stronghold ship ships footman knight siege engine garrison retreat retreats casualties casualty
framework action actions phase phases plot plots challenge challenges gold claim initiative
reserve income military intrigue resolve claim dominance title titles pass passes
settlement settlements road roads keep keeps guard guards wall breach trail hero heroes
resource resources dice roll rolls region regions realm tribe tribes energy
inhabitants village temple tower offering offerings
red blue green yellow white black orange brown purple grey gray
""".split())
# Proper names kept as printed (product names, the Brazilian editions' own titles, names of cards
# and places printed in English). Matched as whole phrases before the words are checked.
PROPER = [
    "Tabletop Companion", "A Guerra dos Tronos: Card Game", "A Guerra dos Tronos: Board Game",
    "Brotherhood of the Watch", "Immortals", "Catan", "Wildlings", "Wildling",
]
URL = re.compile(r"https?://\S+")
# The LCG rulings reference quotes card titles as printed (English cards, set codes): proper names
# throughout, so that one static block is left out; everything around it is checked.
SECTION = re.compile(r"<section\b|</section>")


def _without_reference(page: str) -> str:
    start = page.find('<section class="reference">')
    if start < 0:
        return page
    depth = 0
    for m in SECTION.finditer(page, start):
        depth += 1 if m.group(0) == "<section" else -1
        if depth == 0:
            return page[:start] + page[m.end():]
    return page[:start]
# A <textarea> holds data the host edits (a board profile as JSON), not text we wrote.
TAG = re.compile(r"<(script|style|template|svg|textarea)\b.*?</\1>|<[^>]+>", re.S | re.I)
ATTR = re.compile(r'\b(?:placeholder|aria-label|title|alt)="([^"]*)"')
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")


def readable(page: str) -> str:
    """What a person reads on the page: text nodes plus placeholders, labels and tooltips."""
    page = _without_reference(page)
    attrs = " ".join(ATTR.findall(page))
    return html.unescape(TAG.sub(" ", page) + " " + attrs)


def _printed_names() -> set[str]:
    """Names kept as printed, allowed as proper names: AGoT's area names (no Portuguese source gives
    them, so they stay as on the English board) and the Immortals regions, named as the cards and the
    Brazilian edition's rulebook print them."""
    import tomllib
    from pathlib import Path

    from companion.games.agot import names as agot_names
    from companion.games.immortals import data as immortals_data

    board = Path(immortals_data.__file__).with_name("data") / "board.toml"
    printed = {n["en"] for n in tomllib.loads(board.read_text("utf-8")).get("names", [])}
    return set(agot_names.AREAS.values()) | printed


def leaks(page: str, names: set[str]) -> list[str]:
    text = URL.sub(" ", readable(page))
    for phrase in PROPER + sorted(names, key=len, reverse=True):
        text = text.replace(phrase, " ")
    out = []
    for m in WORD.finditer(text):
        if m.group(0).lower().strip("'") in ENGLISH:
            out.append(text[max(0, m.start() - 40):m.end() + 40].replace("\n", " "))
    return out


def _user_names(api, code: str) -> set[str]:
    """Names people typed, and the table's random code: neither is ours to translate (a code once
    came out as "TURN", an English word, and failed this check by chance)."""
    return {s["name"] for s in api.public(code)["seats"] if s.get("name")} | {code}


def _pages(api, code: str, host: str, tokens: dict[str, str]) -> dict[str, str]:
    c = api.client
    c.set_cookie("lang", "pt_BR")
    got: dict[str, str] = {}

    def get(label: str, url: str) -> None:
        sep = "&" if "?" in url else "?"
        r = c.get(f"{url}{sep}lang=pt_BR")
        assert r.status_code == 200, (url, r.status_code)
        got[label] = r.get_data(as_text=True)

    get("start", "/")
    get("join", f"/t/{code}/join?switch=1")
    c.set_cookie(f"host_{code}", host)
    get("screen", f"/t/{code}/screen")
    get("screen fragment", f"/t/{code}/frag/screen")
    get("host fragment", f"/t/{code}/frag/host")
    c.delete_cookie(f"host_{code}")
    for seat, token in tokens.items():
        c.set_cookie(f"seat_{code}", token)
        get(f"seat page {seat}", f"/t/{code}/seat")
        get(f"seat fragment {seat}", f"/t/{code}/frag/seat")
        get(f"log {seat}", f"/t/{code}/log")
    c.delete_cookie(f"seat_{code}")
    return got


def _check(api, code: str, host: str, tokens: dict[str, str], when: str) -> None:
    names = _user_names(api, code) | _printed_names()
    problems = []
    for label, page in _pages(api, code, host, tokens).items():
        problems += [f"{when} · {label}: …{x}…" for x in leaks(page, names)]
    assert not problems, "English words on Portuguese pages:\n" + "\n".join(dict.fromkeys(problems))


def _table(api, game: str, options: dict, seats: list[str]) -> tuple[str, str, dict[str, str]]:
    t = api.create(game, options)
    tokens = {s: api.join(t["code"], s, f"Jogador {i + 1}") for i, s in enumerate(seats)}
    return t["code"], t["host_token"], tokens


@pytest.mark.parametrize("game, options, seats", [
    # the table's own names (seats, counters) are what its creator typed: Portuguese here
    ("generic", {"seats": "A, B, C", "counters": "PV, Ouro", "shared_counters": "Rodada"}, ["p1", "p2", "p3"]),
    ("lcg", {"players": 2}, ["p1", "p2"]),
    ("immortals", {"players": 3}, ["p1", "p2", "p3"]),
    ("catan-watch", {"players": "3"}, ["p1", "p2", "p3"]),
])
def test_every_page_speaks_portuguese(api, game, options, seats):
    code, host, tokens = _table(api, game, options, seats)
    _check(api, code, host, tokens, "seated")


def test_agot_pages_speak_portuguese_from_setup_to_the_action_phase(api):
    code, host, tokens = _table(api, "agot", {"players": 4, "faq_lannister_port_ship": False},
                                list(AGOT_ORDERS))
    _check(api, code, host, tokens, "setup")
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    _check(api, code, host, tokens, "planning")
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    for house, orders in AGOT_ORDERS.items():
        api.ok(code, tokens[house], {"type": "answer", "prompt": pid, "value": {"orders": orders}})
    _check(api, code, host, tokens, "raven")


def test_the_check_finds_the_leaks_players_reported():
    """The leaks of issue #12 are caught; their Portuguese fixes and proper names pass."""
    for page in ("<p>Lâmina de Aço Valyrian</p>", "<p>Janela de framework</p>", "<b>Core Set</b>",
                 '<input placeholder="Room code">', "<p>seed 003 Page 11</p>"):
        assert leaks(page, set()), page
    for page in ("<p>Lâmina de Aço Valiriano</p>", "<p>Janela estrutural</p>", "<p>Porto de Storm's End</p>",
                 "<p>Tabletop Companion · https://x/t/ABCD/join</p>", "<textarea>{\"name\": \"Wall\"}</textarea>"):
        assert not leaks(page, {"Storm's End"}), page
