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
