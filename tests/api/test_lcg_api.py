"""The LCG timing referee through the JSON API and the rendered fragments (SQLite; PostgreSQL in CI)."""

from __future__ import annotations

from flask.testing import FlaskClient

SECRET = "Zzq Wildfire Plot"


def lcg_table(api, players: int = 3, **options):
    """A table that skips the structural windows (most tests here test one window, not the walk)."""
    options.setdefault("autopass_start", "structure")
    t = api.create("lcg", {"players": players, **options})
    code = t["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", name)
              for i, name in enumerate(["Ana", "Bia", "Caio", "Duda", "Eva", "Fabi"][:players])}
    return t, code, tokens


def plot(name: str, initiative: int, gold: int = 5, claim: int = 1) -> dict:
    return {"name": name, "gold": gold, "initiative": initiative, "claim": claim, "when_revealed": False}


def state(api, code):
    return api.public(code)["state"]


def test_public_view_has_the_documented_fields(api):
    t, code, tokens = lcg_table(api)
    view = state(api, code)
    for key in ("round", "phase", "step", "first_player", "active_player", "priority", "window", "players",
                "challenge", "winner", "waiting_for"):
        assert key in view
    assert view["phase"] == "plot" and view["round"] == 1
    assert view["players"]["p1"] == {**view["players"]["p1"], "gold": 0, "power": 0}


def test_plot_secret_reaches_no_other_device_by_any_route(api, client: FlaskClient):
    t, code, tokens = lcg_table(api)
    api.ok(code, tokens["p1"], {"type": "answer", "value": plot(SECRET, 7)})
    host = api.auth(t["host_token"])
    bodies = [
        client.get(f"/api/tables/{code}").data,
        client.get(f"/api/tables/{code}/me", headers=api.auth(tokens["p2"])).data,
        client.get(f"/api/tables/{code}/log").data,
        client.get(f"/api/tables/{code}/log", headers=api.auth(tokens["p3"])).data,
        client.get(f"/api/tables/{code}/log", headers=host).data,
        client.get(f"/api/tables/{code}/export", headers=host).data,
        client.get(f"/t/{code}/frag/screen").data,
        api.act(code, tokens["p2"], {"type": "answer", "value": {"name": "x", "gold": 99}}).data,
    ]
    for body in bodies:
        assert SECRET.encode() not in body
    assert SECRET in str(api.me(code, tokens["p1"])["private"])
    api.ok(code, tokens["p2"], {"type": "answer", "value": plot("B", 1)})
    api.ok(code, tokens["p3"], {"type": "answer", "value": plot("C", 2)})
    assert state(api, code)["players"]["p1"]["plot"]["name"] == SECRET


def test_refusal_names_the_rule(api):
    t, code, tokens = lcg_table(api)
    r = api.act(code, tokens["p2"], {"type": "pass"})
    assert r.status_code in (403, 409)
    body = r.get_json()
    assert "seed 003" in str(body) or "companion" in str(body)


def test_full_flow_to_the_first_challenge_through_the_api(api):
    """Plots, first player, marshalling with income, a power challenge with claim moved."""
    t, code, tok = lcg_table(api, players=2)
    for s in tok:
        api.ok(code, tok[s], {"type": "autopass", "kinds": []})
    api.ok(code, tok["p1"], {"type": "answer", "value": plot("A", 6, gold=5, claim=2)})
    api.ok(code, tok["p2"], {"type": "answer", "value": plot("B", 1, gold=4)})
    for _ in range(200):
        v = state(api, code)
        if v["decision"]:
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    v = state(api, code)
    assert v["phase"] == "challenges" and v["decision"]["seat"] == "p1"
    assert v["players"]["p1"]["gold"] == 5 and v["players"]["p2"]["gold"] == 4
    api.ok(code, t["host_token"], {"type": "host_set", "seat": "p2", "field": "power", "value": 3})
    api.ok(code, tok["p1"], {"type": "challenge", "challenge": "power"})
    for _ in range(200):
        v = state(api, code)
        if v["box"] == "chal.resolve" and v["step"] == "input":
            api.ok(code, tok["p2"], {"type": "strength", "attacker": 4, "defender": 4})
            continue
        if v["decision"]:
            break
        api.ok(code, tok[v["priority"]], {"type": "pass"})
    v = state(api, code)
    assert v["players"]["p1"]["power"] == 2 and v["players"]["p2"]["power"] == 1
    assert v["challenge"]["winner"] == "p1"


def test_fragments_render_in_both_languages(api, client: FlaskClient):
    t, code, tok = lcg_table(api, players=3)
    client.set_cookie(f"host_{code}", t["host_token"])
    for lang, words in (("en", ["Round 1", "Timing reference", "Card errata and rulings", "Grand Maester Pycelle",
                                "Choose your plot on your phone"]),
                        ("pt_BR", ["Rodada 1", "Referência de tempo", "Erratas e decisões", "Grande Meistre Pycelle",
                                   "Escolha seu plano no celular"])):
        # the live fragment plus the page around it (the static rules reference is in the page)
        screen = client.get(f"/t/{code}/frag/screen?lang={lang}").get_data(as_text=True)
        screen += client.get(f"/t/{code}/screen?lang={lang}").get_data(as_text=True)
        for w in words:
            assert w in screen, (lang, w)
        host = client.get(f"/t/{code}/frag/host?lang={lang}").get_data(as_text=True)
        assert ("Referee controls" if lang == "en" else "Controles do árbitro") in host


def test_undo_reverts_the_last_step(api):
    t, code, tok = lcg_table(api, players=2)
    api.ok(code, tok["p1"], {"type": "adjust", "field": "gold", "delta": 3})
    assert state(api, code)["players"]["p1"]["gold"] == 3
    r = api.undo(code, t["host_token"])
    assert r.status_code == 200
    assert state(api, code)["players"]["p1"]["gold"] == 0


def test_phone_fragment_shows_only_what_the_seat_can_do_and_no_other_secret(api, client: FlaskClient):
    t, code, tok = lcg_table(api, players=2)
    api.ok(code, tok["p1"], {"type": "add_plot", "name": SECRET, "gold": 4, "initiative": 2, "claim": 1})
    client.set_cookie(f"seat_{code}", tok["p2"])
    bia = client.get(f"/t/{code}/frag/seat?lang=pt_BR").get_data(as_text=True)
    assert "Escolha seu plano" in bia and "Lacrar meu plano" in bia
    assert SECRET not in bia, "Ana's plot deck never reaches Bia's phone"
    client.set_cookie(f"seat_{code}", tok["p1"])
    ana = client.get(f"/t/{code}/frag/seat?lang=en").get_data(as_text=True)
    assert SECRET in ana and "Seal my plot" in ana
    assert 'data-testid="pass"' not in ana, "no opportunity while plots are being chosen"


def test_unopposed_means_no_defending_str_on_the_tv_and_in_the_log(api, client: FlaskClient):
    """One meaning of "unopposed" (facts lcg.md: no defending STR; the engine's total of 0): a
    challenge whose defenders add up to 0 STR is unopposed, and the log line, the TV and the
    reward all say so in the same words, in both languages."""
    t, code, tok = lcg_table(api, players=2)
    for s in tok:
        api.ok(code, tok[s], {"type": "autopass", "kinds": []})
    api.ok(code, tok["p1"], {"type": "answer", "value": plot("A", 6)})
    api.ok(code, tok["p2"], {"type": "answer", "value": plot("B", 1)})
    for _ in range(200):
        v = state(api, code)
        if v["decision"]:
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    api.ok(code, tok["p1"], {"type": "challenge", "challenge": "intrigue"})
    for _ in range(200):
        v = state(api, code)
        if v["box"] == "chal.resolve" and v["step"] == "input":
            api.ok(code, tok["p2"], {"type": "strength", "attacker": 3, "defender": 0})
            continue
        if v["decision"]:
            break
        api.ok(code, tok[v["priority"]], {"type": "pass"})
    v = state(api, code)
    assert v["challenge"]["result"] == "unopposed" and v["players"]["p1"]["power"] == 1
    lines = [e["msg"] for e in api.log(code)]
    assert "%(type)s challenge: %(astr)s against %(dstr)s, %(who)s wins unopposed (no defending STR)." in lines
    for lang, words in (("en", "unopposed (no defending STR): +1 power"),
                        ("pt_BR", "sem defesa (nenhuma FOR defensora): +1 poder")):
        assert words in client.get(f"/t/{code}/frag/screen?lang={lang}").get_data(as_text=True)
    # claim 1 is one card, not "1 cards" (issue #23 item 7), on the TV and in the log
    for lang, words in (("en", "Claim 1: the defender discards 1 card at random."),
                        ("pt_BR", "Recompensa 1: o defensor descarta 1 carta ao acaso.")):
        assert words in client.get(f"/t/{code}/frag/screen?lang={lang}").get_data(as_text=True)
    client.set_cookie(f"seat_{code}", tok["p1"])
    assert "Bia descarta 1 carta da mão ao acaso." in client.get(f"/t/{code}/log?lang=pt_BR").get_data(as_text=True)


def test_core_set_titles_speak_each_devices_language(api, client: FlaskClient):
    """The melee titles are the Core Set's, named in the viewer's language on the phone, the TV and
    the log (issue #23: they were English on Portuguese screens); a Portuguese host who leaves the
    create form's default keeps them language-neutral, so an English phone still reads English."""
    from tests.conftest import csrf_token

    c = client
    c.set_cookie("lang", "pt_BR")
    start = c.get("/?lang=pt_BR").get_data(as_text=True)
    assert "Mão do Rei, Mestre das Leis" in start and "Hand of the King" not in start
    r = c.post("/tables", data={"game": "lcg", "lcg.players": "3", "lcg.autopass_start": "structure",
                                "csrf_token": csrf_token(c),
                                "lcg.titles": "Mão do Rei, Mestre das Leis, Mestre dos Sussurros, Mestre da Moeda, "
                                              "Regente da Coroa, Senhor Comandante da Guarda Real"})
    code = r.headers["Location"].split("/t/")[1].split("/")[0]
    assert state(api, code)["titles"][0] == "Hand of the King"
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    for s in tok:
        api.ok(code, tok[s], {"type": "autopass", "kinds": []})
    for s, ini in (("p1", 6), ("p2", 1), ("p3", 2)):
        api.ok(code, tok[s], {"type": "answer", "value": plot(s.upper(), ini)})
    for _ in range(200):
        v = state(api, code)
        if v["event"] == "choose_titles" and v["step"] == "input":
            break
        if v["event"] == "choose_first" and v["step"] == "input":
            api.ok(code, tok["p1"], {"type": "first_player", "seat": "p1"})
            continue
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    c.set_cookie(f"seat_{code}", tok["p1"])
    phone = c.get(f"/t/{code}/frag/seat?lang=pt_BR").get_data(as_text=True)
    assert ">Mão do Rei</button>" in phone and "Hand of the King</button>" not in phone
    api.ok(code, tok["p1"], {"type": "title", "title": "Hand of the King"})
    assert "Título: Mão do Rei" in c.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert "Title: Hand of the King" in c.get(f"/t/{code}/frag/screen?lang=en").get_data(as_text=True)
    api.ok(code, tok["p2"], {"type": "title", "title": "Master of Coin"})
    api.ok(code, tok["p3"], {"type": "title", "title": "Crown Regent"})
    for _ in range(20):
        if "Titles" in str(api.log(code)):
            break
        v = state(api, code)
        api.ok(code, tok[v["priority"]], {"type": "pass", "opp": v["opp"]})
    log_pt = c.get(f"/t/{code}/log?lang=pt_BR").get_data(as_text=True)
    assert "Ana fica com o título Mão do Rei." in log_pt
    assert "Títulos: Ana: Mão do Rei, Bia: Mestre da Moeda, Caio: Regente da Coroa." in log_pt
    assert "Titles: Ana: Hand of the King, Bia: Master of Coin" in c.get(f"/t/{code}/log?lang=en").get_data(as_text=True)


def test_saving_titles_from_a_portuguese_host_drawer_keeps_them_in_every_language(app, api, client: FlaskClient):
    """The host drawer shows the Core Set titles in the host's language. A Portuguese host who only
    writes the relations and taps Save must not turn the table's titles into Portuguese text: every
    phone keeps showing them in its own language, and a title already taken stays taken."""
    import html
    import re

    from companion.games.lcg.options import TITLE_NAMES
    from tests.conftest import csrf_token

    t, code, tok = lcg_table(api, players=3)
    client.set_cookie(f"host_{code}", t["host_token"])
    drawer = client.get(f"/t/{code}/frag/host?lang=pt_BR").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="type" value="titles_setup".*?</form>', drawer, re.S).group(0)
    fields = {m.group(1): html.unescape(m.group(2)) for m in re.finditer(r'<input[^>]*name="([a-z_]+)"[^>]*value="([^"]*)"', form)}
    assert "Mão do Rei" in fields["titles"]  # shown in Portuguese
    fields["relations"] = "Mão do Rei apoia o Mestre das Leis"
    r = client.post(f"/t/{code}/act", data=fields, headers={"X-CSRF-Token": csrf_token(client), "HX-Request": "true"})
    assert r.status_code == 200, r.get_data(as_text=True)
    g = app.extensions["companion.tables"].snapshot(code).state["g"]
    assert g["titles"] == list(TITLE_NAMES) and g["title_relations"] == fields["relations"]
    english = api.public(code)["state"]
    assert "Mão do Rei" not in str(english["titles"])
    # a title typed anew is kept as typed
    fields["titles"] = fields["titles"].replace("Mão do Rei", "Rainha dos Espinhos")
    assert client.post(f"/t/{code}/act", data=fields, headers={"X-CSRF-Token": csrf_token(client),
                                                                "HX-Request": "true"}).status_code == 200
    assert app.extensions["companion.tables"].snapshot(code).state["g"]["titles"] == \
        ["Rainha dos Espinhos", *TITLE_NAMES[1:]]
