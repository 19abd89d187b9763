"""The translation catalogs follow the sources: POT files re-extracted by pybabel, every msgid
translated to pt_BR, one translation per msgid across catalogs, the compiled .mo saying what the .po
says (docs/i18n.md). Catalogs are compared parsed, never byte for byte: another Babel release may write
other bytes for the same messages."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
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


def _messages(catalog: Any) -> dict[Any, Any]:
    """A catalog as data: msgid (a tuple for plurals) -> translation(s), header aside."""
    def plain(value: Any) -> Any:
        return tuple(value) if isinstance(value, list | tuple) else value

    return {plain(m.id): plain(m.string) for m in catalog if m.id and not m.fuzzy}


@pytest.mark.parametrize("owner", OWNERS, ids=IDS)
def test_compiled_catalog_matches_the_po(owner: Path) -> None:
    po = i18n.po_path(owner)
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale="pt_BR")
    assert str(catalog.plural_forms) == i18n.PLURAL_FORMS
    with open(po.with_suffix(".mo"), "rb") as fh:
        compiled = read_mo(fh)
    assert compiled.plural_forms == catalog.plural_forms
    assert _messages(compiled) == _messages(catalog), "run: python -m companion.i18n update"


def test_one_translation_per_msgid_across_catalogs() -> None:
    """Flask-Babel merges the catalogs (the last one wins), so a shared msgid reads the same in all."""
    assert i18n.conflicts() == []


def test_conflicts_are_found(tmp_path: Path) -> None:
    for name, text in (("a", "Aguardando:"), ("b", "Esperando:")):
        po = tmp_path / name / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"
        po.parent.mkdir(parents=True)
        po.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "Waiting for:"\nmsgstr "{text}"\n', encoding="utf-8")
    owners = [tmp_path / "a", tmp_path / "b"]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(i18n, "catalog_name", lambda owner: owner.name)
        found = i18n.conflicts(owners)
    assert len(found) == 1 and "Waiting for:" in found[0] and "Esperando:" in found[0]


def test_a_new_catalog_gets_the_two_form_plural_header(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : 1;\\n"\n',
                  encoding="utf-8")
    i18n.set_plural_header(po)
    with open(po, "rb") as fh:
        assert str(read_po(fh, locale="pt_BR").plural_forms) == i18n.PLURAL_FORMS


def test_pot_names_source_files_without_line_numbers() -> None:
    """Locations name files only, so that moving code does not churn the POT."""
    text = i18n.pot_path(i18n.PACKAGE / "games" / "agot").read_text(encoding="utf-8")
    assert "#: companion/games/agot/" in text and "templates/agot/" in text
    locations = [line for line in text.splitlines() if line.startswith("#: ")]
    assert locations and not any(":" in word for line in locations for word in line[3:].split())


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
