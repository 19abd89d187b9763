"""The rules reference of every game: data, validation, search, and links from refusals.

- :func:`references` loads and checks every ``companion/games/<game>/data/reference.<lang>.toml``.
- :func:`search` answers a question typed the way players type it (see ``search.py``);
  :func:`answer` adds how sure the ranking is (``high``, ``low``, ``none``).
- :func:`entry_for_rule` finds the entry that explains a refusal (its citation and message).
- :func:`as_json` is the one JSON shape of an entry (API, pages).
"""

from __future__ import annotations

from typing import Any

from ..citations import SOURCE_GAME, book, page_numbers, parse
from .load import ReferenceDataError, find, load_game, references
from .model import Entry, GameReference
from .search import Answer, answer, game_key, index, search
from .text import norm_lang

__all__ = ["Answer", "answer", "Entry", "GameReference", "ReferenceDataError", "as_json", "entry_for_rule", "find",
           "get", "load_game", "references", "search", "norm_lang", "index", "game_key"]


def get(game: str) -> GameReference | None:
    """A game's reference by game id or folder name (None when the game ships none)."""
    return references().get(game_key(game))


def as_json(entry: Entry, lang: str) -> dict[str, Any]:
    """``{"id", "title", "verdict", "text", "cite": {"book", "page", "source"}, "related"}`` in ``lang``."""
    lang = norm_lang(lang)
    return {"id": entry.id, "title": entry.title[lang], "verdict": entry.verdict[lang], "text": entry.text[lang],
            "cite": {"book": book(entry.source, lang, entry.game), "page": entry.pages, "source": entry.source},
            "related": list(entry.related)}


def entry_for_rule(game: str | None, rule: str | None, message: str = "",
                   entry: str | None = None) -> Entry | None:
    """The entry that best explains a refusal or prompt.

    An explicit ``entry`` id wins. Otherwise the citation's source and pages pick the candidates
    (same book, overlapping page), and the message ranks them with the search engine; with no
    candidate on that page, the best search hit from the same book is used, and for a product
    rule ("companion: ...") the best hit among the game's product-rule entries.
    """
    cits = parse(rule)
    if not game:
        game = next((SOURCE_GAME[c.source] for c in cits if c.source in SOURCE_GAME), None)
    ref = get(game) if game else None
    if ref is None:
        return None
    if entry and entry in ref.entries:
        return ref.entries[entry]
    sources = {c.source for c in cits}
    pages: set[int] = set()
    for c in cits:
        pages |= page_numbers(c.pages)
    ranked = index().by_words(ref.game, message, "en", limit=50) if message else []
    same_book = [e for e in ranked if e.source in sources]
    on_page = [e for e in same_book if page_numbers(e.pages) & pages]
    if on_page:
        return on_page[0]
    if pages:
        plain = [e for e in ref.entries.values() if e.source in sources and page_numbers(e.pages) & pages]
        if plain:
            return plain[0]
    if same_book:
        return same_book[0]
    return None
