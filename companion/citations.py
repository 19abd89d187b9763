"""Citations people understand: internal rule ids ("seed 000 p.12") -> the book players know.

Rules in code cite their source with a short machine id (``RuleError(..., rule="seed 000 p.12")``);
users never see that id. :func:`format_rule` names the book, in the reader's language, with its
printed page: "AGoT 2nd ed. Rulebook p.12" / "AGoT 2ª ed., Livro de regras p.12". The machine id
stays available separately (JSON ``source``), so tools can still tell exactly which file is meant.

Accepted shapes (several joined by ";"): ``seed NNN p.12``, ``seed NNN Page 6``, ``seed NNN p.22,
p.25``, ``seed NNN Page 9 and Page 12``, an optional trailing "(section note)"; ``facts ...``;
``agot faq ...``; ``companion: ...`` and ``profile: ...`` (product rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BOOKS: dict[str, dict[str, str]] = {
    "seed 000": {"en": "AGoT 2nd ed. Rulebook", "pt_BR": "AGoT 2ª ed., Livro de regras"},
    "seed 001": {"en": "Immortals rulebook (version A)", "pt_BR": "Immortals, regras (versão A)"},
    "seed 002": {"en": "Immortals rulebook (version B)", "pt_BR": "Immortals, regras (versão B)"},
    "seed 003": {"en": "AGoT LCG FAQ v3.4", "pt_BR": "AGoT LCG FAQ v3.4"},
    "seed 004": {"en": "AGoT Catan: Brotherhood of the Watch rulebook",
                 "pt_BR": "AGoT Catan: Irmandade da Patrulha da Noite, regras"},
    "agot faq": {"en": "AGoT 2nd ed. FAQ", "pt_BR": "AGoT 2ª ed., FAQ"},
    "facts": {"en": "Printed components", "pt_BR": "Componentes impressos"},
    "companion": {"en": "Tabletop Companion", "pt_BR": "Tabletop Companion"},
}
#: A game whose "facts" are rules rather than printed components: the card game's core rules, which
#: the FAQ v3.4 (seed 003) assumes and does not repeat (shared/facts/lcg.md), cited without a page.
GAME_FACTS: dict[str, dict[str, str]] = {
    "lcg": {"en": "AGoT LCG 1st ed. core rules (not in the FAQ)",
            "pt_BR": "AGoT LCG 1ª ed., regras básicas (fora do FAQ)"},
}
#: Which game a rulebook belongs to (used to find a reference entry for a bare citation).
SOURCE_GAME = {"seed 000": "agot", "agot faq": "agot", "seed 001": "immortals", "seed 002": "immortals",
               "seed 003": "lcg", "seed 004": "catan_watch"}

#: The rulebook a game's own pages refer to, for entries about the companion that point at a page of it.
GAME_BOOK = {"agot": "seed 000", "lcg": "seed 003", "immortals": "seed 001", "catan_watch": "seed 004"}

_SEED = re.compile(r"^\s*(seed\s+\d{3})\b\s*(.*)$", re.I)
_PAGE = re.compile(r"(?:p\.|pp\.|page|pg|pag\.?|página)?\s*(\d+(?:\s*-\s*\d+)?)", re.I)
_TAIL = re.compile(r"\(([^()]*)\)\s*$")


@dataclass(frozen=True)
class Citation:
    """One parsed part of a rule string: source id, printed pages, and an optional section note."""

    source: str
    pages: tuple[str, ...] = ()
    note: str = ""

    def book(self, lang: str) -> str:
        names = BOOKS.get(self.source, {})
        return names.get(_lang(lang)) or names.get("en") or self.source

    def text(self, lang: str) -> str:
        out = self.book(lang)
        if self.pages:
            out += " p." + ", ".join(self.pages)
        if self.note and _lang(lang) == "en":
            out += f" ({self.note})"
        return out


def _lang(lang: str | None) -> str:
    return "pt_BR" if (lang or "").lower().replace("-", "_").startswith("pt") else "en"


def parse(rule: str | None) -> list[Citation]:
    """Split a rule string into its citations; an unknown shape is kept as its own source."""
    out: list[Citation] = []
    for part in (rule or "").split(";"):
        part = part.strip()
        if not part:
            continue
        low = part.lower()
        if low.startswith(("companion", "profile")):
            out.append(Citation("companion"))
            continue
        if low.startswith("facts"):
            note = part[5:].lstrip(" :").strip()
            if "." in note or "/" in note:  # a facts file name is ours, not the reader's
                note = ""
            out.append(Citation("facts", note=note))
            continue
        if low.startswith("agot faq"):
            rest = part[8:]
            out.append(Citation("agot faq", _pages(rest), _note(rest)))
            continue
        m = _SEED.match(part)
        if m:
            source = " ".join(m.group(1).lower().split())
            out.append(Citation(source, _pages(m.group(2)), _note(m.group(2))))
            continue
        out.append(Citation(part))
    return out


def _note(rest: str) -> str:
    m = _TAIL.search(rest)
    return m.group(1).strip() if m else ""


def _pages(rest: str) -> tuple[str, ...]:
    rest = _TAIL.sub("", rest)
    return tuple(re.sub(r"\s+", "", m) for m in _PAGE.findall(rest))


def format_rule(rule: str | None, lang: str | None = "en") -> str | None:
    """The user-facing citation for an internal rule string (None stays None)."""
    if not rule:
        return None
    parts = parse(rule)
    seen: list[str] = []
    for cit in parts:
        text = cit.text(lang or "en")
        if text not in seen:
            seen.append(text)
    return "; ".join(seen)


def book(source: str, lang: str | None = "en", game: str | None = None) -> str:
    """The user-facing name of a reference entry's source ("seed 000" -> "AGoT 2nd ed. Rulebook");
    a game's own ``facts`` may be rules (:data:`GAME_FACTS`)."""
    if source == "facts" and game in GAME_FACTS:
        return GAME_FACTS[game].get(_lang(lang), GAME_FACTS[game]["en"])
    return Citation(source).book(lang or "en")


def page_numbers(pages: tuple[str, ...] | str) -> set[int]:
    """Every page a citation covers: "21-22" -> {21, 22}; "14, 19" -> {14, 19}."""
    if isinstance(pages, str):
        pages = tuple(p for p in re.split(r"[,\s]+", pages) if p)
    out: set[int] = set()
    for p in pages:
        lo, _, hi = p.partition("-")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            continue
        out.update(range(a, min(b, a + 50) + 1))
    return out


def entry_cite(source: str, pages: str, lang: str | None, game: str | None) -> str:
    """The citation line of a reference entry as players read it: "AGoT 2nd ed. Rulebook p.21".

    An entry about the companion itself (``source = "companion"``) whose pages point at the game's
    rulebook names that rulebook's page and then the companion ("... regras p.5 · Tabletop
    Companion"): the page belongs to the book, never to the app.
    """
    name = book(source, lang, game)
    if not pages:
        return name
    if source == "companion" and game in GAME_BOOK:
        return f"{book(GAME_BOOK[game], lang, game)} p.{pages} · {name}"
    return f"{name} p.{pages}"

