"""The Portuguese glossary (docs/glossary.md) is what players read: each AGoT row's English msgid is
translated to the chosen term, and rejected variants appear in no catalog text nor in the rules
reference (issue #23 item 7)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
AGOT = ROOT / "companion" / "games" / "agot"
REJECTED = ["Consolidar o Poder", "Ordem de Marcha ", "Suprimento e ", "1 baixas", "Ataque dos Selvagens", "Ataque dos selvagens"]


def _rows() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    section = text.split("## A Game of Thrones: The Board Game (2nd edition)")[1].split("\n## ")[0]
    return [(m.group(1).strip(), m.group(2).strip()) for m in re.finditer(r"^\| ([^|]+) \| ([^|]+) \| [^|]+ \|$", section, re.M)
            if m.group(1).strip() not in ("English (msgid)", "---")]


def _catalog():
    with open(AGOT / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh, locale="pt_BR")


def test_every_glossary_term_is_the_translation():
    cat = _catalog()
    rows = _rows()
    assert len(rows) >= 20
    wrong = {en: (cat[en].string if cat.get(en) else None, pt) for en, pt in rows if not cat.get(en) or cat[en].string != pt}
    assert wrong == {}


def test_rejected_variants_appear_nowhere():
    texts = [m.string if isinstance(m.string, str) else " ".join(m.string) for m in _catalog() if m.id]
    texts.append((AGOT / "data" / "reference.pt_BR.toml").read_text(encoding="utf-8"))
    found = {v for v in REJECTED for t in texts if v in t}
    assert found == set()
