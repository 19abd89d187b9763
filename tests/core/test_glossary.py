"""The Portuguese glossary (docs/glossary.md) is what players read: in every game's section each row's
English msgid is translated to the chosen term, and the section's rejected variants appear in none of
that game's catalog text nor in its rules reference (issue #23 item 7). A reintroduced variant, or a
row whose term the catalog no longer uses, fails here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "companion" / "games"
#: glossary section heading -> (game package, fewest rows the section must keep)
SECTIONS = {
    "A Game of Thrones: The Board Game (2nd edition)": ("agot", 20),
    "A Game of Thrones: The Card Game (1st edition)": ("lcg", 25),
    "Immortals": ("immortals", 25),
    "Brotherhood of the Watch": ("catan_watch", 25),
}


def _section(title: str) -> str:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    return text.split(f"\n## {title}\n")[1].split("\n## ")[0]


def _rows(title: str) -> list[tuple[str, str]]:
    """(English msgid, Portuguese) of every table row; further columns are the book's word and page."""
    rows = []
    for line in _section(title).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) >= 3 and cells[0] not in ("English (msgid)", "---") and not set(cells[0]) <= {"-"}:
            rows.append((cells[0].replace("\\|", "|"), cells[1]))
    return rows


def _rejected(title: str) -> list[str]:
    line = next(x for x in _section(title).splitlines() if x.startswith("Rejected variants:"))
    return re.findall(r"`([^`]+)`", line)


def _catalog(game: str) -> Catalog:
    with open(GAMES / game / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh, locale="pt_BR")


def _texts(game: str) -> list[str]:
    """Everything a Portuguese player reads of this game: catalog translations and the reference's
    titles, verdicts, texts and section names (its keywords, sample questions and asked phrasings are
    players' own search words, which may use any variant)."""
    texts = [m.string if isinstance(m.string, str) else " ".join(m.string) for m in _catalog(game) if m.id]
    ref = tomllib.loads((GAMES / game / "data" / "reference.pt_BR.toml").read_text(encoding="utf-8"))
    texts += [str(ref.get("about", ""))] + [str(v) for v in ref.get("sections", {}).values()]
    texts += [f"{e.get('title', '')} {e.get('verdict', '')} {e.get('text', '')}" for e in ref.get("entry", [])]
    return texts


@pytest.mark.parametrize("title", SECTIONS)
def test_every_glossary_term_is_the_translation(title):
    game, fewest = SECTIONS[title]
    cat = _catalog(game)
    rows = _rows(title)
    assert len(rows) >= fewest
    wrong = {en: (cat[en].string if cat.get(en) else None, pt) for en, pt in rows
             if not cat.get(en) or cat[en].string != pt}
    assert wrong == {}


@pytest.mark.parametrize("title", SECTIONS)
def test_rejected_variants_appear_nowhere(title):
    game, _ = SECTIONS[title]
    rejected = _rejected(title)
    assert rejected
    texts = [t.casefold() for t in _texts(game)]
    found = {v for v in rejected for t in texts if v.casefold() in t}
    assert found == set()


def test_lcg_titles_default_is_the_titles_one_by_one():
    """The create form shows the joined default translated; each title is shown translated on its own
    (TV, phone, log): the two must name the same titles in both languages."""
    from companion.games.lcg.options import CORE_TITLES, TITLE_NAMES
    from companion.games.lcg.params import names

    assert names(CORE_TITLES) == list(TITLE_NAMES)
    cat = _catalog("lcg")
    assert names(cat[CORE_TITLES].string) == [cat[t].string for t in TITLE_NAMES]
    assert not any(cat[t].string == t for t in TITLE_NAMES)
