"""Messages with a count take the plural form of the reader's language (docs/i18n.md): a rules
message (logged with ``_plural=``) and a template string (``ngettext``), in English and pt_BR
(pt_BR: 0 and 1 are singular)."""

from __future__ import annotations

import html

from tests.api.test_catan_watch_api import finish_setup, new_table, nine_vp


def _screen(client, code: str, lang: str) -> str:
    return html.unescape(client.get(f"/t/{code}/frag/screen?lang={lang}").get_data(as_text=True))


def _log(client, code: str, lang: str) -> list[str]:
    return [e["text"] for e in client.get(f"/api/tables/{code}/log?lang={lang}").get_json()["log"]]


def test_a_rules_message_and_a_template_string_in_singular_and_plural(api, client):
    t, code, tokens = new_table(api, dice="physical")
    finish_setup(api, code, tokens)
    nine_vp(api, code, tokens, dev_cards=3)  # victory point cards are revealed only to win (p.2-4)
    api.ok(code, tokens["p1"], {"type": "reveal_vp", "count": 1})
    en, pt = _screen(client, code, "en"), _screen(client, code, "pt_BR")
    assert "Ana reveals 1 victory point card" in en and "1 VP card<" in en
    assert "Ana revela 1 carta de ponto de vitória" in pt and "1 carta de PV<" in pt

    api.ok(code, tokens["p1"], {"type": "reveal_vp", "count": 2})
    en, pt = _screen(client, code, "en"), _screen(client, code, "pt_BR")
    assert "Ana reveals 2 victory point cards" in en and "3 VP cards<" in en
    assert "Ana revela 2 cartas de ponto de vitória" in pt and "3 cartas de PV<" in pt
    assert "Ana reveals 1 victory point card" in _log(client, code, "en")
    assert "Ana revela 2 cartas de ponto de vitória" in _log(client, code, "pt_BR")


def test_a_refusal_with_a_count_in_both_languages(api, client):
    from companion.games.base import RuleError
    from companion.web.i18n_web import translate

    def refusal(n: int) -> RuleError:
        return RuleError("Destroy %(n)s more unit first.", "seed 000 p.23",
                         _plural="Destroy %(n)s more units first.", n=n)

    assert str(refusal(1)) == "Destroy 1 more unit first."
    assert str(refusal(2)) == "Destroy 2 more units first."
    app = client.application
    for lang, one, two in (("en", "Destroy 1 more unit first.", "Destroy 2 more units first."),
                           ("pt_BR", "Destrua mais 1 unidade primeiro.", "Destrua mais 2 unidades primeiro.")):
        with app.test_request_context(f"/?lang={lang}"):
            assert translate(refusal(1).message, refusal(1).params) == one
            assert translate(refusal(2).message, refusal(2).params) == two
