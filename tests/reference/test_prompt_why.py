"""Every phone prompt has a "Why?" link to its rules entry (issue 13).

The links come from one template global, ``why(game, "entry-id", ...)`` (companion/web/rules.py ->
the ``why_link`` macro), which renders nothing for an unknown id. So: (1) every id a seat template
can pass must exist in its game's reference, for every value the dynamic ones take; (2) each game's
phone fragment at a prompt step shows the link, and the link opens that entry."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest

from companion import reference
from companion.games.agot import wildlings

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
CALL = re.compile(r"\{\{ why\(game, (.+?)\) \}\}")
GAMES = {"agot": "agot", "lcg": "lcg", "immortals": "immortals", "catan_watch": "catan_watch"}
#: The values the dynamic arguments take on a phone (the engines' own lists).
SCENARIOS = {
    "p": [{"kind": "clash"}, {"kind": "wildlings"}],
    "R": [{"choice": "peek"}, {"choice": None}],
    "D": [{"kind": k, "tides": t} for k in ("tyrion", "aeron", "queen-of-thorns", "doran", "cersei", "renly",
                                            "patchface") for t in (True, False)],
    "flow": [{"current": c} for c in ("tribes", "resources", "start", "groups", "check")],
}
WESTEROS_CHOICE_CARDS = ("a-throne-of-blades", "dark-wings-dark-words", "put-to-the-sword")


def calls():
    for path in sorted(TEMPLATES.glob("*/*.html")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for m in CALL.finditer(line):
                yield path.parent.name, path.name, m.group(1)


def test_templates_call_why_next_to_their_prompts():
    found = list(calls())
    per_game = {g: sum(1 for gg, _, _ in found if gg == g) for g in GAMES}
    assert all(n >= 6 for n in per_game.values()), per_game


@pytest.mark.parametrize("game,name,args", list(calls()), ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_every_id_a_template_passes_is_an_entry(app, game, name, args):
    ref = reference.get(GAMES[game])
    expr = app.jinja_env.compile_expression(f"[{args}]")
    names = [n for n in SCENARIOS if re.search(rf"\b{n}\.", args)]
    if "cur.card" in args:
        cards = WESTEROS_CHOICE_CARDS if '"westeros-' in args else tuple(wildlings.TEXTS)
        names, scen = ["cur"], {"cur": [{"card": c} for c in cards]}
    else:
        scen = SCENARIOS
    for values in product(*(scen[n] for n in names)):
        ids = expr(**dict(zip(names, values)))
        assert ids and ids[0] in ref.entries, (name, args, values, ids)


# -- the rendered phone -----------------------------------------------------------------------------
def _agot(api):
    t = api.create("agot", {"players": 3, "decks": "physical"})
    code, host = t["code"], t["host_token"]
    tokens = {h: api.join(code, h, h.title()) for h in ("baratheon", "lannister", "stark")}
    api.ok(code, host, {"type": "start"})
    api.ok(code, host, {"type": "round_done_on_board"})
    for card in ("supply", "clash-of-kings", "storm-of-swords"):
        api.ok(code, host, {"type": "draw_card", "card": card})
    return code, tokens["stark"], "clash-secret-bid"


def _lcg(api):
    t = api.create("lcg", {"players": 2, "autopass_start": "structure"})  # straight to the plot
    code = t["code"]
    tokens = [api.join(code, s, s.upper()) for s in ("p1", "p2")]
    return code, tokens[0], "plots-secret"


def _immortals(api):
    t = api.create("immortals", {"players": "3"})
    code = t["code"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3")}
    for i, seat in enumerate(tokens):
        api.ok(code, tokens[seat], {"type": "choose_tribes", "light": ("elves", "humans", "dwarves")[i],
                                    "dark": ("demons", "orcs", "necromancers")[i],
                                    "light_gold": "3", "light_energy": "4", "dark_gold": "4", "dark_energy": "5",
                                    "light_groups": "4", "dark_groups": "3", "start": ("1-1", "2-1", "3-1")[i],
                                    "light_spaces": "extract_gold, extract_energy, transition3, build",
                                    "dark_spaces": "attack, move_attack, tribe, attack"})
    api.ok(code, t["host_token"], {"type": "start_game"})
    return code, tokens["p1"], "start-region"


def _catan(api):
    t = api.create("catan-watch", {"players": "3"})
    code = t["code"]
    tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3")}
    return code, tokens["p1"], "setup-guard-round"


@pytest.mark.parametrize("make,game", [(_agot, "agot"), (_lcg, "lcg"), (_immortals, "immortals"), (_catan, "catan_watch")])
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_the_phone_prompt_links_its_entry(client, api, make, game, lang):
    code, token, entry = make(api)
    client.set_cookie(f"seat_{code}", token)
    client.get(f"/t/{code}/seat?lang={lang}")
    html = client.get(f"/t/{code}/frag/seat", headers={"HX-Request": "true"}).get_data(as_text=True)
    links = re.findall(r'<a class="why" href="([^"]+)" title="([^"]*)" data-entry="([a-z0-9-]+)">([^<]+)</a>', html)
    assert entry in [e for _, _, e, _ in links], links
    href, title, _, label = next(x for x in links if x[2] == entry)
    assert label == ("Por quê?" if lang == "pt_BR" else "Why?")
    assert href == f"/t/{code}/rules?entry={entry}#r-{entry}"
    page = client.get(href.split("#")[0])
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert f'id="r-{entry}"' in text and "rule-entry focus" in text
    want = reference.get(game).entries[entry].title[lang]
    assert title.replace("&#39;", "'").replace("&#34;", '"') == want
    assert want.replace("'", "&#39;").replace('"', "&#34;") in text


def test_no_reference_no_link(client, api):
    """The generic table has no reference: ``why`` renders nothing there, never a dead link."""
    t = api.create("generic", {})
    code = t["code"]
    with client.application.test_request_context(f"/t/{code}/frag/seat"):
        from flask import request
        request.view_args = {"code": code}
        why = client.application.jinja_env.globals["why"]
        assert str(why("generic", "anything")) == ""
        assert str(why("lcg", "no-such-entry")) == ""
        assert 'data-entry="griff"' in str(why("lcg", "no-such-entry", "griff"))
