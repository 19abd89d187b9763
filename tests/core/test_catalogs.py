"""The translation catalogs follow the sources: POT files re-extracted by pybabel, every msgid
translated to pt_BR, the compiled .mo matching the .po (docs/i18n.md)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import i18n
from companion.i18n_extract import extract

OWNERS = i18n.catalog_dirs()
IDS = [i18n.catalog_name(o) for o in OWNERS]


@pytest.mark.parametrize("owner", OWNERS, ids=IDS)
def test_committed_pot_matches_a_fresh_extraction(owner: Path) -> None:
    assert i18n.stale(owner) == [], "run: python -m companion.i18n update"


@pytest.mark.parametrize("owner", OWNERS, ids=IDS)
def test_every_msgid_has_a_portuguese_translation(owner: Path) -> None:
    assert i18n.missing(owner) == []


@pytest.mark.parametrize("owner", OWNERS, ids=IDS)
def test_compiled_catalog_matches_the_po(owner: Path) -> None:
    po = i18n.po_path(owner)
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale="pt_BR")
    assert str(catalog.plural_forms) == "nplurals=2; plural=(n > 1);"
    out = io.BytesIO()
    write_mo(out, catalog)
    assert po.with_suffix(".mo").read_bytes() == out.getvalue(), "run: python -m companion.i18n update"


def test_pot_names_source_locations() -> None:
    text = i18n.pot_path(i18n.PACKAGE / "games" / "agot").read_text(encoding="utf-8")
    assert "#: companion/games/agot/" in text and "#: templates/agot/" in text


SOURCE = b'''
ctx.log("%(who)s moves", who=1, hidden="%(who)s hides", hidden_params={})
raise RuleError("Refused.", rule="seed 000 p.1")
Option("k", "A label", help="Some help")
tr("Area %(a)s", a=1)
ctx.log("%(n)s ship", _plural="%(n)s ships", n=2)
step(state, ctx, "vp", N_("%(n)s card"), _plural="%(n)s cards", n=2)
x = _("Plain") + lazy_gettext("Lazy") + N_("Marked")
ctx.log(name)  # not a literal: nothing
'''


def test_extractor_sees_every_way_our_code_passes_a_msgid() -> None:
    found = [(line, msg) for line, _func, msg, _c in extract(io.BytesIO(SOURCE), ["_", "N_"], [], {})]
    messages = [m for _line, m in found]
    for msgid in ("%(who)s moves", "%(who)s hides", "Refused.", "A label", "Some help", "Area %(a)s",
                  "Plain", "Lazy", "Marked"):
        assert msgid in messages
    assert ("%(n)s ship", "%(n)s ships") in messages and ("%(n)s card", "%(n)s cards") in messages
    assert "%(n)s ships" not in messages and "vp" not in messages
    assert [line for line, _m in found] == sorted(line for line, _m in found)
