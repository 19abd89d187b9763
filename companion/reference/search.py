"""Full-text search over the references: SQLite FTS5 with bm25, Snowball stems, synonyms, typos.

One embedded in-memory SQLite database holds every game's entries in both languages, whatever
database the app itself uses (SQLite or PostgreSQL): the reference is read-only data shipped with
the code, so one code path serves both, and the index is rebuilt in a few milliseconds per process.

Text is analysed in Python (fold accents/case, drop stop words, Snowball stem, see ``text.py``)
and stored as space-separated stems, so FTS5 only has to match whole terms and rank them with
bm25 (title weighs most, then keywords and the section name, then the answer text).

A query goes through the same analysis; each word also brings its synonyms (global groups plus
the game's own), and a word the index has never seen is corrected to the nearest indexed words
(Levenshtein distance 1, or 2 for longer words, with RapidFuzz). Terms are OR-ed: bm25 rewards the
entries that match more, and rarer, of them.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from .load import references
from .model import Entry, GameReference
from .text import LANGS, analyse, fold, global_synonyms, norm_lang, stem, stopwords, words

#: bm25 column weights: game, lang, id (unindexed), title, keywords, section, body.
WEIGHTS = (0.0, 0.0, 0.0, 10.0, 4.0, 2.0, 1.0)
MAX_QUERY = 200
MAX_TERMS = 60


def game_key(game: str) -> str:
    """Folder name of a game id ('catan-watch' -> 'catan_watch')."""
    return game.replace("-", "_")


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: float


class Index:
    """The FTS5 index of a set of game references (all games by default)."""

    def __init__(self, refs: dict[str, GameReference]):
        self.refs = refs
        self._lock = threading.Lock()
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute(
            "CREATE VIRTUAL TABLE doc USING fts5(game UNINDEXED, lang UNINDEXED, id UNINDEXED,"
            " title, keywords, section, body, tokenize='unicode61 remove_diacritics 2')")
        self.vocab: dict[tuple[str, str], list[str]] = {}
        self.synonyms: dict[tuple[str, str], dict[str, set[str]]] = {}
        rows = []
        for game, ref in refs.items():
            for lang in LANGS:
                seen: set[str] = set()
                for e in ref.entries.values():
                    section = ref.section_title(e.section, lang)
                    kw = " ".join(e.keywords[lang])
                    rows.append((game, lang, e.id, _terms(e.title[lang], lang), _terms(kw, lang),
                                 _terms(section, lang), _terms(e.text[lang], lang)))
                    for text in (e.title[lang], kw, section, e.text[lang]):
                        seen.update(words(text))
                groups = global_synonyms() + ref.synonyms
                self.synonyms[(game, lang)] = _synonym_map(groups, lang)
                for group in groups:
                    for member in group:
                        seen.update(words(member))
                self.vocab[(game, lang)] = sorted(w for w in seen if len(w) >= 3 and not w.isdigit())
        self.db.executemany("INSERT INTO doc VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        self.db.execute("INSERT INTO doc(doc) VALUES ('optimize')")

    def expand(self, game: str, query: str, lang: str) -> tuple[list[str], list[str]]:
        """The stemmed terms a query searches for: (its own words and their typo corrections,
        every term including synonyms)."""
        lang = norm_lang(lang)
        key = (game, lang)
        vocab = self.vocab.get(key, [])
        known = set(vocab)
        syn = self.synonyms.get(key, {})
        stops = stopwords(lang)
        own: list[str] = []
        terms: list[str] = []

        def add(word: str, mine: bool) -> None:
            for i, w in enumerate([word, *sorted(syn.get(stem(word, lang), ()))]):
                for part in words(w):
                    if part in stops:
                        continue
                    t = stem(part, lang)
                    if not t:
                        continue
                    if t not in terms:
                        terms.append(t)
                    if mine and i == 0 and t not in own:
                        own.append(t)

        for word in words(query[:MAX_QUERY]):
            if word in stops:
                continue
            add(word, True)
            if word not in known and len(word) >= 4 and not word.isdigit() and vocab:
                limit = 1 if len(word) <= 5 else 2
                found = process.extract(word, vocab, scorer=Levenshtein.distance, score_cutoff=limit, limit=5)
                if found:
                    best = min(d for _, d, _ in found)
                    for cand, dist, _ in found:
                        if dist == best:
                            add(cand, True)
        return own[:MAX_TERMS], terms[:MAX_TERMS]

    def _bm25(self, game: str, lang: str, terms: list[str], limit: int) -> dict[str, float]:
        match = " OR ".join(f'"{t}"' for t in terms)
        weights = ", ".join(str(w) for w in WEIGHTS)
        with self._lock:
            rows = self.db.execute(
                f"SELECT id, bm25(doc, {weights}) AS score FROM doc WHERE doc MATCH ? AND game = ?"
                " AND lang = ? ORDER BY score LIMIT ?", (match, game, lang, limit)).fetchall()
        return dict(rows)

    def search(self, game: str, query: str, lang: str = "en", limit: int = 10) -> list[Hit]:
        """Entries of ``game`` that answer ``query``, best first (empty query: none).

        Score = bm25 over every term (synonyms included) + bm25 over the player's own words
        (bm25 is negative: lower is better), so an entry using the very words of the question
        beats one that only matches a synonym."""
        lang = norm_lang(lang)
        game = game_key(game)
        ref = self.refs.get(game)
        if ref is None:
            return []
        hits: list[Hit] = []
        direct = ref.entries.get(fold(query).strip())
        if direct is not None:
            hits.append(Hit(direct, float("-inf")))
        own, terms = self.expand(game, query, lang)
        if terms:
            pool = max(limit * 5, 50)
            every = self._bm25(game, lang, terms, pool)
            mine = self._bm25(game, lang, own, pool) if own and own != terms else {}
            scored = sorted(((s + mine.get(i, 0.0), ref.entries[i].order, i) for i, s in every.items()))
            hits.extend(Hit(ref.entries[i], s) for s, _, i in scored if direct is None or i != direct.id)
        return hits[:limit]


def _terms(text: str, lang: str) -> str:
    return " ".join(analyse(text, lang))


def _synonym_map(groups: Sequence[Sequence[str]], lang: str) -> dict[str, set[str]]:
    """Stem of a one-word member -> every member of its groups (phrases included)."""
    out: dict[str, set[str]] = {}
    for group in groups:
        for member in group:
            if " " in member.strip():
                continue
            out.setdefault(stem(member, lang), set()).update(m for m in group if m != member)
    return out


_built: Index | None = None
_build_lock = threading.Lock()


def index() -> Index:
    """The process-wide index of every game's reference (built on first use)."""
    global _built
    if _built is None:
        with _build_lock:
            if _built is None:
                _built = Index(references())
    return _built


def search(game: str, query: str, lang: str = "en", limit: int = 10) -> list[Entry]:
    return [h.entry for h in index().search(game, query, lang, limit)]

