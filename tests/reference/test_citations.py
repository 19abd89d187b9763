"""Internal rule ids become the book players know, in their language (companion.citations)."""

from __future__ import annotations

import pytest

from companion.citations import format_rule, page_numbers, parse


@pytest.mark.parametrize("rule,en,pt", [
    ("seed 000 p.12", "AGoT 2nd ed. Rulebook p.12", "AGoT 2ª ed., Livro de regras p.12"),
    ("seed 003 Page 6", "AGoT LCG FAQ v3.4 p.6", "AGoT LCG FAQ v3.4 p.6"),
    ("seed 001 p.14; seed 002 p.13", "Immortals rulebook (version A) p.14; Immortals rulebook (version B) p.13",
     "Immortals, regras (versão A) p.14; Immortals, regras (versão B) p.13"),
    ("seed 003 Page 9 and Page 12", "AGoT LCG FAQ v3.4 p.9, 12", "AGoT LCG FAQ v3.4 p.9, 12"),
    ("seed 000 p.22, p.25", "AGoT 2nd ed. Rulebook p.22, 25", "AGoT 2ª ed., Livro de regras p.22, 25"),
    ("seed 003 Page 15-16", "AGoT LCG FAQ v3.4 p.15-16", "AGoT LCG FAQ v3.4 p.15-16"),
    ("seed 004 p.7 (wildling advance)", "AGoT Catan: Brotherhood of the Watch rulebook p.7 (wildling advance)",
     "AGoT Catan: Irmandade da Patrulha da Noite, regras p.7"),
    ("companion: seats", "Tabletop Companion", "Tabletop Companion"),
    ("profile: the frame", "Tabletop Companion", "Tabletop Companion"),
    ("facts: wildling cards", "Printed components (wildling cards)", "Componentes impressos"),
    ("facts lcg.md", "Printed components", "Componentes impressos"),
    ("agot faq p.3", "AGoT 2nd ed. FAQ p.3", "AGoT 2ª ed., FAQ p.3"),
])
def test_rule_strings_name_the_book(rule, en, pt):
    assert format_rule(rule, "en") == en
    assert format_rule(rule, "pt_BR") == pt
    assert "seed" not in format_rule(rule, "en")


def test_nothing_stays_nothing():
    assert format_rule(None) is None and format_rule("") is None


def test_parse_and_pages():
    cits = parse("seed 001 p.14; seed 002 p.13")
    assert [(c.source, c.pages) for c in cits] == [("seed 001", ("14",)), ("seed 002", ("13",))]
    assert page_numbers("21-22") == {21, 22} and page_numbers("14, 19") == {14, 19}


def test_a_citation_logged_as_a_parameter_reads_as_the_book(app):
    from companion.web.i18n_web import translate

    msg = "%(name)s: %(value)s %(res)s in the %(realm)s realm, from %(source)s"
    params = {"name": "Oak", "value": 2, "res": "gold", "realm": "light", "source": "seed 001 p.9"}
    with app.test_request_context("/?lang=pt_BR"):
        assert "Immortals, regras (versão A) p.9" in translate(msg, params)
    with app.test_request_context("/?lang=en"):
        out = translate(msg, params)
        assert out.endswith("Immortals rulebook (version A) p.9") and "seed" not in out


def test_card_game_core_rules_say_where_they_come_from():
    """Issue 25: claim, unopposed, renown, dominance, power to win and initiative ties are not in the
    FAQ v3.4; their entries name the 1st-edition core rules, and the page numbering is explained."""
    from companion.reference import as_json, get

    ref = get("lcg")
    for eid in ("claim-effects", "unopposed-renown", "dominance-total", "win-power", "initiative-tie"):
        e = ref.entries[eid]
        assert e.source == "facts" and not e.pages, eid
        assert as_json(e, "en")["cite"]["book"] == "AGoT LCG 1st ed. core rules (not in the FAQ)"
        assert "regras básicas" in as_json(e, "pt_BR")["cite"]["book"]
        assert "core rulebook" in e.text["en"] and "livro de regras básico" in e.text["pt_BR"], eid
    assert "Traduzido 1.1" in ref.about["en"] and "Page N" in ref.about["pt_BR"]
    # a facts entry elsewhere is still printed components
    agot = get("agot")
    facts = next(e for e in agot.entries.values() if e.source == "facts")
    assert as_json(facts, "en")["cite"]["book"] == "Printed components"


def test_unopposed_means_zero_defending_str_in_every_card_game_entry():
    """The engine's meaning (fidelity issue): unopposed when the total defending STR is 0."""
    from companion.reference import get

    ref = get("lcg")
    mentions = [e for e in ref.entries.values()
                if "unopposed reward" in e.text["en"].lower() or "unopposed:" in e.text["en"].lower()]
    assert len(mentions) >= 3
    for e in mentions:
        assert "STR" in e.text["en"] and " 0" in e.text["en"], (e.id, e.text["en"])
        assert "FOR" in e.text["pt_BR"] and " 0" in e.text["pt_BR"], (e.id, e.text["pt_BR"])
        assert "no defenders" not in e.text["en"] and "undefended" not in e.text["en"], e.id


def test_imprecise_card_game_entries_are_fixed():
    from companion.reference import get

    ref = get("lcg")
    walls = ref.entries["before-the-black-walls"].text
    assert "declares any attackers or defenders" in walls["en"] and "declarar algum" in walls["pt_BR"]
    reserves = ref.entries["summer-reserves"].text
    assert "character cards" in reserves["en"] and "not enough" in reserves["en"]
    assert "cartas de personagem" in reserves["pt_BR"]


def test_brotherhood_pages_are_the_parts_the_rulebook_confirms():
    """Seed 004 (Brazilian edition) marks only where its parts begin: p.1, p.2-4, p.5 on."""
    from companion.reference import get

    ref = get("catan_watch")
    allowed = {"1", "2-4", "5"}
    for e in ref.entries.values():
        if e.pages:
            assert set(e.pages.split(", ")) <= allowed, (e.id, e.pages)
    assert "Brazilian edition" in ref.about["en"] and "edição brasileira" in ref.about["pt_BR"]


def test_a_companion_entry_names_the_rulebook_its_page_belongs_to(app):
    """An entry about the app with a page ("Why does the companion ask ...", p.5) cites the game's
    rulebook for that page, then the companion: never "Tabletop Companion p.5"."""
    with app.test_client() as client:
        pt = client.get("/rules/catan-watch?lang=pt_BR&entry=board-profile").get_data(as_text=True)
        en = client.get("/rules/catan-watch?lang=en&entry=board-profile").get_data(as_text=True)
    assert "AGoT Catan: Irmandade da Patrulha da Noite, regras p.5 · Tabletop Companion" in pt
    assert "AGoT Catan: Brotherhood of the Watch rulebook p.5 · Tabletop Companion" in en
    for page in (pt, en):
        assert "Tabletop Companion p." not in page


def test_no_entry_cites_a_page_of_the_companion():
    from companion import reference
    from companion.citations import entry_cite

    for ref in reference.references().values():
        for entry in ref.entries.values():
            for lang in ("en", "pt_BR"):
                line = entry_cite(entry.source, entry.pages, lang, entry.game)
                assert "Tabletop Companion p." not in line, (entry.game, entry.id)
                if entry.pages:
                    assert " p." + entry.pages in line
