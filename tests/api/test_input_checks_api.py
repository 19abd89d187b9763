"""The input checks of issue 38 through the API and the phones' pages: each refusal cites the book as
players know it, in English and Portuguese, and the phone never offers what would be refused (the
Raven's second ability once one is used, the extra-area row only with the house's areas, the victory
point reveal only when it reaches 10)."""

from __future__ import annotations

import html
import re

from tests.api.test_catan_watch_api import finish_setup, new_table, nine_vp

ORDERS = {
    "baratheon": {"dragonstone": "defense1a", "kingswood": "march0", "shipbreaker-bay": "consolidate-a"},
    "lannister": {"lannisport": "march-1", "port-of-lannisport": "support0a", "stoney-sept": "defense1a",
                  "the-golden-sound": "raid-a"},
    "stark": {"the-shivering-sea": "raid-a", "white-harbor": "support0a", "winterfell": "march0"},
}


def _refusal(api, code, token, action, lang):
    r = api.client.post(f"/api/tables/{code}/actions?lang={lang}", json=action, headers=api.auth(token))
    assert r.status_code in (400, 403, 409), r.get_json()
    return r.get_json()


def _phone(api, code, token, lang="en") -> str:
    api.client.set_cookie(f"seat_{code}", token)
    r = api.client.get(f"/t/{code}/frag/seat?lang={lang}")
    assert r.status_code == 200
    return html.unescape(r.get_data(as_text=True))


def _agot(api):
    t = api.create("agot", {"players": 3})
    code, host = t["code"], t["host_token"]
    tokens = {h: api.join(code, h, h.title()) for h in ORDERS}
    api.ok(code, host, {"type": "start"})
    return code, host, tokens, api.public(code)["state"]["planning"]["prompt"]["id"]


def test_orders_only_where_the_house_has_units_in_both_languages_and_in_the_phone_row(api):
    code, host, tokens, pid = _agot(api)
    form = {"type": "answer", "prompt": pid, **{f"o:{a}": t for a, t in ORDERS["lannister"].items()},
            "xa": "blackwater", "xt": "march0"}
    en = _refusal(api, code, tokens["lannister"], form, "en")
    pt = _refusal(api, code, tokens["lannister"], form, "pt_BR")
    assert en["error"] == "You have no units in Blackwater: an order needs at least one of your units there."
    assert pt["error"] == "Você não tem unidades em Blackwater: uma ordem exige ao menos uma unidade sua ali."
    assert (en["rule"], pt["rule"]) == ("AGoT 2nd ed. Rulebook p.12", "AGoT 2ª ed., Livro de regras p.12")
    page = _phone(api, code, tokens["lannister"])
    assert 'name="xa"' not in page  # no area to offer: Lannister's units are all in its own rows
    assert "Orders go only in areas where the board shows your units" in page
    api.ok(code, tokens["lannister"], {"type": "set_units", "area": "blackwater", "house": "lannister", "footman": 1})
    page = _phone(api, code, tokens["lannister"], "pt_BR")
    row = re.search(r'<select name="xa".*?</select>', page, re.S)
    assert row and re.findall(r'<option value="([a-z-]+)"', row.group(0)) == ["blackwater"]
    api.ok(code, tokens["lannister"], form)


def test_one_raven_ability_and_orders_for_the_open_prompt_only_in_both_languages(api):
    code, host, tokens, pid = _agot(api)
    stale = {"type": "answer", "prompt": "orders-r0-1", "value": {"orders": ORDERS["stark"]}}
    assert _refusal(api, code, tokens["stark"], stale, "pt_BR")["error"].startswith(
        "Estas ordens respondem a uma pergunta que não está aberta")
    for house, orders in ORDERS.items():
        api.ok(code, tokens[house], {"type": "answer", "prompt": pid, "value": {"orders": orders}})
    assert "raven_swap" in _phone(api, code, tokens["lannister"])
    api.ok(code, tokens["lannister"], {"type": "raven_peek"})
    for lang in ("en", "pt_BR"):
        assert "raven_swap" not in _phone(api, code, tokens["lannister"], lang)  # only top or bottom now
    swap = {"type": "raven_swap", "area": "lannisport", "token": "march+1"}
    en = _refusal(api, code, tokens["lannister"], swap, "en")
    pt = _refusal(api, code, tokens["lannister"], swap, "pt_BR")
    assert en["error"].startswith("You looked at the top wildling card: the Messenger Raven gives one of its two")
    assert pt["error"].startswith("Você olhou a carta do topo do baralho de Selvagens: o Corvo Mensageiro dá")
    assert (en["rule"], pt["rule"]) == ("AGoT 2nd ed. Rulebook p.11-12", "AGoT 2ª ed., Livro de regras p.11-12")


def test_victory_point_cards_only_to_reach_10_in_both_languages_and_on_the_phone(api):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    api.ok(code, tokens["p1"], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    api.ok(code, tokens["p1"], {"type": "build", "what": "dev"})
    assert "reveal_vp" not in _phone(api, code, tokens["p1"])
    en = _refusal(api, code, tokens["p1"], {"type": "reveal_vp", "count": 1}, "en")
    pt = _refusal(api, code, tokens["p1"], {"type": "reveal_vp", "count": 1}, "pt_BR")
    assert en["error"] == ("Victory point cards stay hidden until they bring you to 10 VP on your turn: "
                           f"with these you would have {api.public(code)['state']['vp']['p1'] + 1}.")
    assert pt["error"].startswith("As cartas de ponto de vitória ficam escondidas até levarem você a 10 PV")
    assert en["rule"].startswith("AGoT Catan: Brotherhood of the Watch rulebook p.2-4")
    assert pt["rule"].startswith("AGoT Catan: Irmandade da Patrulha da Noite, regras p.2-4")


def test_the_reveal_control_offers_only_the_counts_that_reach_10(api):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    nine_vp(api, code, tokens, dev_cards=3)
    page = _phone(api, code, tokens["p1"])
    row = re.search(r'<select name="count".*?</select>', page, re.S)
    assert row and re.findall(r"<option>(\d)</option>", row.group(0)) == ["1", "2", "3"]


def test_the_host_drawer_keeps_the_hands_being_chosen_from_as_they_are(app, api):
    """While Baratheon and Stark choose their house cards in secret, the host drawer offers none of
    their hand cards to move (the same for whichever card they chose: it reads only who is asked)."""
    code, host, tokens, pid = _agot(api)
    api.ok(code, host, {"type": "set_units", "area": "the-reach", "house": "stark", "footman": 1})
    orders = {**ORDERS, "stark": {**ORDERS["stark"], "the-reach": "defense1a"}}
    for house, mine in orders.items():
        api.ok(code, tokens[house], {"type": "answer", "prompt": pid, "value": {"orders": mine}})
    api.ok(code, tokens["lannister"], {"type": "raven_pass"})
    while api.public(code)["state"]["action"]["step"] == "raid":
        house = api.public(code)["state"]["action"]["turn"]
        raid = next(a for a, tok in orders[house].items() if tok.startswith("raid"))
        api.ok(code, tokens[house], {"type": "pass_order", "from": raid})
    api.ok(code, tokens["baratheon"], {"type": "march", "from": "kingswood", "moves": [{"to": "the-reach", "footman": 1}]})
    drawers = []
    for card in (None, "eddard-stark"):
        if card:
            combat = api.me(code, tokens["stark"])["private"]["action"]["combat"]["decide"]
            api.ok(code, tokens["stark"], {"type": "answer", "prompt": combat["prompt"], "value": card})
        dev = app.test_client()
        dev.set_cookie(f"host_{code}", host)
        drawer = html.unescape(dev.get(f"/t/{code}/frag/host?lang=pt_BR").get_data(as_text=True))
        assert re.search(r'<option value="eddard-stark" disabled>', drawer)
        assert re.search(r'<option value="tywin-lannister" >', drawer)  # Lannister is not fighting
        assert "Escolhendo uma Carta da Casa em segredo" in drawer
        drawers.append(re.sub(r'name="_csrf[^>]*>|\?v=[0-9a-f]+', "", drawer))
    assert drawers[0].count("disabled") == drawers[1].count("disabled")
