"""The combat on the two fighters' phones (issue 12, "AGoT phone"): live totals itemised per source
from the public combat view (never the opponent's house card before the reveal), and casualties and
retreats chosen with one tap on big buttons that post the existing actions."""

from __future__ import annotations

import re
from html import unescape

from tests.api.test_agot_action_api import new_table, place_all
from tests.conftest import csrf_token


def seat_frag(api, code: str, token: str, lang: str = "en") -> str:
    api.client.set_cookie(f"seat_{code}", token)
    r = api.client.get(f"/t/{code}/frag/seat?lang={lang}")
    assert r.status_code == 200, r.get_data(as_text=True)[:400]
    return r.get_data(as_text=True)


def panel(html: str) -> str:
    """The totals panel of a seat fragment (empty when the phone shows none)."""
    m = re.search(r'<div class="ctot[^"]*" id="agot-combat-totals".*?\n</div>', html, re.S)
    return m.group(0) if m else ""


def totals(html: str) -> dict[str, int]:
    p = panel(html)
    sides = re.findall(r'data-side="(\w+)".*?data-total="(-?\d+)"', p, re.S)
    return {s: int(v) for s, v in sides}


def forms(html: str, marker: str) -> list[dict[str, str]]:
    """The hidden fields of every action form whose button carries ``marker``."""
    out = []
    for f in re.findall(r'<form class="act[^"]*".*?</form>', html, re.S):
        if marker in f:
            out.append({n: unescape(v) for n, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', f)})
    return out


def tap(api, code: str, fields: dict[str, str]):
    """Submit a button's form as htmx does from the seat page (CSRF header from the page)."""
    headers = {"X-CSRF-Token": csrf_token(api.client), "HX-Request": "true"}
    r = api.client.post(f"/t/{code}/act", data=fields, headers=headers)
    assert r.status_code == 200, r.get_data(as_text=True)[:300]


def to_combat(api):
    """Lannister marches a footman and a knight into Greyjoy-held Riverrun; Raven passed."""
    code, host, tokens = new_table(api)
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_pass"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    return code, host, tokens


def test_both_fighters_see_live_totals_and_never_the_unrevealed_card(api):
    code, host, tokens = to_combat(api)
    for lang in ("en", "pt_BR"):
        for h in ("lannister", "greyjoy"):
            assert panel(seat_frag(api, code, tokens[h], lang))  # both fighters, both languages
        assert not panel(seat_frag(api, code, tokens["stark"], lang))  # a bystander decides nothing here
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    public = api.public(code)["state"]["action"]["combat"]["initial"]
    expect = {s: sum(i["value"] for i in public[s]) for s in ("attacker", "defender")}
    assert totals(seat_frag(api, code, tokens["lannister"])) == expect == totals(seat_frag(api, code, tokens["greyjoy"]))
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    for lang in ("en", "pt_BR"):
        frag = seat_frag(api, code, tokens["greyjoy"], lang)
        assert "Tywin" not in frag and "tywin" not in frag  # the opponent's card before the reveal
        assert totals(frag) == expect
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    combat = api.public(code)["state"]["action"]["combat"]
    for h in ("lannister", "greyjoy"):
        frag = seat_frag(api, code, tokens[h])
        assert "Tywin Lannister" in panel(frag) and "Euron Crow" in panel(frag)  # revealed: both cards
        assert totals(frag) == combat["totals"]
        assert "Tywin Lannister" in panel(frag).split('data-side="attacker"')[1].split('data-side="defender"')[0]


def test_retreat_areas_are_buttons_posting_the_retreat(api):
    code, host, tokens = to_combat(api)
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    decide = api.me(code, tokens["greyjoy"])["private"]["action"]["combat"]["decide"]
    assert decide["kind"] == "retreat"
    frag = seat_frag(api, code, tokens["greyjoy"], "pt_BR")
    buttons = forms(frag, "data-retreat")
    assert sorted(b["area"] for b in buttons) == sorted(decide["targets"])  # one per legal area, no more
    assert all(b["type"] == "card_ability" for b in buttons)
    assert totals(frag) == api.public(code)["state"]["action"]["combat"]["totals"] == {"attacker": 8, "defender": 6}
    seagard = next(b for b in buttons if b["area"] == "seagard")
    tap(api, code, seagard)
    assert api.public(code)["state"]["units"]["seagard"]["house"] == "greyjoy"


def test_casualties_are_one_tap_per_unit_choice(api):
    """Greyjoy wins with Euron's sword against Cersei: Lannister loses one of a footman and a knight
    (seed 000 p.20) and taps the unit to lose; each button posts exactly the casualties it names."""
    code, host, tokens = to_combat(api)
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "none"})
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "cersei-lannister"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    decide = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]
    assert decide["kind"] == "casualties" and decide["count"] == 1
    for lang in ("en", "pt_BR"):
        frag = seat_frag(api, code, tokens["lannister"], lang)
        assert 'type="number"' not in frag.split('id="agot-casualties"')[1].split("</div>")[0]
        buttons = forms(frag, "data-casualties")
        picks = sorted(tuple(sorted((k, v) for k, v in b.items() if k != "type")) for b in buttons)
        assert picks == [(("footman", "1"),), (("knight", "1"),)]
        assert all(b["type"] == "card_ability" for b in buttons)
    knight = next(b for b in buttons if "knight" in b)
    tap(api, code, knight)
    last = api.public(code)["state"]
    notes = " ".join(str(n) for n in (last.get("last_combat") or last["action"].get("combat") or {}).get("notes", []))
    assert "1 knight" in notes


def test_several_casualties_offer_every_legal_mix_once(api):
    """Gregor's three swords against Dagmar's fortification (seed 000 p.20): Greyjoy loses 2 of its
    3 footmen and knight; each button is one complete legal choice, none repeated or missing."""
    code, host, tokens = new_table(api)
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 3, "knight": 1})
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "gregor-clegane"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "dagmar-cleftjaw"})
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    decide = api.me(code, tokens["greyjoy"])["private"]["action"]["combat"]["decide"]
    assert decide["kind"] == "casualties" and decide["count"] == 2, decide
    frag = seat_frag(api, code, tokens["greyjoy"], "pt_BR")
    picks = sorted(tuple(sorted((k, v) for k, v in b.items() if k != "type")) for b in forms(frag, "data-casualties"))
    assert picks == [(("footman", "1"), ("knight", "1")), (("footman", "2"),)]
    assert totals(frag) == api.public(code)["state"]["action"]["combat"]["totals"]
    tap(api, code, {"type": "card_ability", "footman": "2"})
    assert api.me(code, tokens["greyjoy"])["private"]["action"]["combat"]["decide"]["kind"] == "retreat"


def test_tides_of_battle_stay_off_the_panel_until_revealed(api):
    """seed 000 p.28: each fighter sees only its own Tides card before the result; the panel (public
    data) adds both only once they are revealed."""
    t = api.create("agot", {"players": 4, "faq_lannister_port_ship": False, "tides": True})
    code, host = t["code"], t["host_token"]
    tokens = {h: api.join(code, h, h.title()) for h in ("baratheon", "lannister", "stark", "greyjoy")}
    api.ok(code, host, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    api.ok(code, host, {"type": "start"})
    place_all(api, code, tokens)
    api.ok(code, tokens["lannister"], {"type": "raven_pass"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    api.ok(code, tokens["lannister"], {"type": "answer", "prompt": pid, "value": "tywin-lannister"})
    api.ok(code, tokens["greyjoy"], {"type": "answer", "prompt": pid, "value": "euron-crows-eye"})
    combat = api.public(code)["state"]["action"]["combat"]
    assert combat["step"] == "blade" and not combat.get("tides")  # the Tides cards are still face down
    for h in ("lannister", "greyjoy"):
        frag = seat_frag(api, code, tokens[h])
        assert "Tides of Battle" not in panel(frag) and "Tywin Lannister" in panel(frag)
        assert "Your Tides of Battle card" in frag  # its own card, outside the public panel
    api.ok(code, tokens["greyjoy"], {"type": "blade", "use": ""})
    combat = api.public(code)["state"]["action"]["combat"]
    frag = seat_frag(api, code, tokens["lannister"])
    assert combat["tides"] and panel(frag).count("Tides of Battle") == 2
    assert totals(frag) == combat["totals"]


def test_a_retreat_cut_by_supply_is_one_tap_per_survivors_and_area(app):
    """seed 000 p.21 (the Karhold case of tests/rules/agot/test_retreat.py): only 1 of a footman and
    a knight fits in Winterfell; the phone offers each survivor with the area as one button whose
    fields the engine accepts, and no number field."""
    from flask import render_template

    from companion.games.agot import GAME
    from tests.rules.agot.test_action_harness import act, board, card

    state = board(6, units={"karhold": ("stark", {"footman": 2, "knight": 1}),
                            "winterfell": ("stark", {"footman": 1}), "castle-black": ("greyjoy", {"knight": 3})},
                  orders={"castle-black": ("greyjoy", "march0")},
                  iron_throne=["greyjoy", "stark", "baratheon", "martell", "lannister", "tyrell"],
                  fiefdoms=["baratheon", "greyjoy", "stark", "martell", "lannister", "tyrell"], neutral={})
    state["supply"]["stark"] = 0
    act(state, "greyjoy", type="march", **{"from": "castle-black"}, moves=[{"to": "karhold", "knight": 3}])
    card(state, "greyjoy", "euron-crows-eye")
    card(state, "stark", "catelyn-stark")
    act(state, "stark", type="card_ability", footman=1)
    for lang in ("en", "pt_BR"):
        with app.test_request_context(f"/t/ABCD/frag/seat?lang={lang}"):
            html = render_template("agot/combat_seat.html", view=GAME.public_view(state),
                                   me=GAME.private_view(state, "stark"), seat="stark", game=GAME)
        keep = html.split('id="agot-retreat-keep"')[1]
        assert 'type="number"' not in keep
        buttons = forms(html, "data-retreat")
        assert sorted(tuple(sorted(b.items())) for b in buttons) == [
            (("area", "winterfell"), ("footman", "1"), ("type", "card_ability")),
            (("area", "winterfell"), ("knight", "1"), ("type", "card_ability"))]
        assert panel(html) and totals(html) == GAME.public_view(state)["combat_tv"]["totals"]
    act(state, "stark", **next(b for b in buttons if "knight" in b))  # what the knight button posts
    assert state["units"]["winterfell"]["knight"] == 1 and state["units"]["winterfell"]["footman"] == 1
