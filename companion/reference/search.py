"""Search over the references: field-weighted BM25 (BM25F) over concepts, and an honest confidence.

The reference is read-only data shipped with the code (a few hundred entries per game), so the
index is built in Python when the process starts and a query is scored over it directly: no
database, the same on SQLite and PostgreSQL installs, a few milliseconds a question.

Text is analysed as in ``text.py`` (fold accents/case, drop stop words, Snowball stem). Each entry
has five fields, weighted (``FIELD_WEIGHTS``): its title, the questions as players ask them
(``questions`` in the data), keywords, its section's name, and the answer text.

A query becomes a list of *concepts*, one per word the player typed (or per phrase they used).
Each concept has variants with a weight:

- the player's own word (1.0);
- a typo correction (``TYPO``), only for a word that is neither in the index nor an ordinary word of
  the language (pyspellchecker's word list): "moribnd" becomes "moribund", but "marcar" is never
  "corrected" to "marchar" nor "parked" to "mark";
- single-word synonyms (``SYNONYM``, below the player's own words), from the global and game groups;
- phrase synonyms (``PHRASE``): a group member of several words ("run back", "fall back", "mandar
  metade") found in the question stands for its group ("retreat") and its words stop counting alone.

An entry scores, per concept, the best weighted BM25F of its variants, summed over concepts: an entry
that covers more of what the player asked wins, and a synonym never stacks on its own word.

**Confidence** (:func:`Index.answer`): ``high`` when the best entry covers most of the question
(``COVERAGE``, concepts weighted by how rare they are, a word the index has never seen counting too)
and is clearly ahead of the second (``LEAD``) with a real match (``MIN_SCORE``); ``low`` otherwise; ``none`` without a result. The
thresholds are calibrated on tests/reference (tools/rules_eval.py reports how often "high" is right).
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from . import meaning, ranker
from .load import references
from .model import Entry, GameReference
from .ranker import Signals
from .similar import Phrasings
from .text import LANGS, fold, global_synonyms, norm_lang, ordinary_words, stem, stopwords, words

#: BM25F field weights (the same field names as :func:`_fields`).
FIELD_WEIGHTS = {"title": 3.0, "questions": 3.0, "keywords": 2.0, "section": 1.0, "body": 1.0}
K1 = 1.2
B = 0.5
TYPO = 0.8
SYNONYM = 0.5
PHRASE = 1.0
#: An unknown word (not in the index) weighs in the coverage as much as a term this rare would.
UNKNOWN_ORDINARY = 0.6
#: Confidence: the top entry must cover this share of the question ...
COVERAGE = 0.55
#: ... and the second entry must score at most this share of the first.
LEAD = 0.8
#: ... and score at least this much (one weak word in common is no answer: "who brought the pizza").
MIN_SCORE = 2.5
#: Score = BM25F x coverage ** COVER_POWER (the share of the question an entry answers).
COVER_POWER = 0.0
#: Second stage over the best RERANK entries: x (1 + ASKED x the share of the question that one
#: phrasing of the entry covers).
RERANK = 12
ASKED = 0.5
#: An entry none of whose words the question uses is a result only this close to how it is asked.
MIN_SIMILAR = 0.1
MAX_QUERY = 200
MAX_CONCEPTS = 30
#: The final score of an entry: these weights times its BM25F score (as a share of the best one),
#: its centroid cosine and its nearest-phrasing cosine (each as a share of the best entry's), from
#: the phrasing stage (``similar.py``).
W_WORDS = 1.0
W_CENTROID = 1.0
W_NEAREST = 0.5

HIGH, LOW, NONE = "high", "low", "none"


def game_key(game: str) -> str:
    """Folder name of a game id ('catan-watch' -> 'catan_watch')."""
    return game.replace("-", "_")


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: float
    coverage: float = 0.0


@dataclass(frozen=True)
class Answer:
    """Ranked hits and how sure the ranking is (``high``, ``low`` or ``none``)."""

    hits: list[Hit]
    confidence: str
    #: the ranker's probability that the first hit is right (1.0 for an exact id, 0.0 without a hit)
    sure: float = 0.0


@dataclass
class Concept:
    """One thing the player asked about: its variants (stem -> weight) and whether the index knows it."""

    label: str
    variants: dict[str, float] = field(default_factory=dict)
    ordinary: bool = False
    phrase: bool = False

    def add(self, term: str, weight: float) -> None:
        if term and weight > self.variants.get(term, 0.0):
            self.variants[term] = weight


@dataclass
class _Postings:
    """One (game, language): per term, the entries that hold it and their field-weighted frequency."""

    ids: list[str]
    weighted_tf: dict[str, dict[str, float]]
    df: Counter[str]

    def idf(self, term: str) -> float:
        n, df = len(self.ids), self.df.get(term, 0)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))


class Index:
    """The in-memory index of a set of game references (all games by default)."""

    def __init__(self, refs: dict[str, GameReference]):
        self.refs = refs
        self.vocab: dict[tuple[str, str], list[str]] = {}
        self.stems: dict[tuple[str, str], set[str]] = {}
        self.synonyms: dict[tuple[str, str], dict[str, set[str]]] = {}
        self.phrases: dict[tuple[str, str], list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
        self.postings: dict[tuple[str, str], _Postings] = {}
        #: per entry, the stems of its title and of each question as players ask it
        #: per game and language: the entry of each phrasing (title, questions, asked) and, per
        #: stem, the phrasings that hold it (the second stage reads them)
        self.said: dict[tuple[str, str], tuple[list[tuple[str, bool]], dict[str, list[int]]]] = {}
        #: the word stage over the entries' own text only (no asked phrasings): refusals' messages
        self.text_postings: dict[tuple[str, str], _Postings] = {}
        self.phrasings: dict[tuple[str, str], Phrasings] = {}
        for game, ref in refs.items():
            for lang in LANGS:
                self._build(game, ref, lang)
        if ranker.MEANING and meaning.available():
            meaning.encoder()  # loaded with the index, not on the first question

    def _build(self, game: str, ref: GameReference, lang: str) -> None:
        key = (game, lang)
        groups = global_synonyms() + ref.synonyms
        self.synonyms[key] = _synonym_map(groups, lang)
        self.phrases[key] = _phrase_list(groups, lang)
        seen: set[str] = set()
        docs: dict[str, dict[str, list[str]]] = {}
        plain: dict[str, dict[str, list[str]]] = {}
        owner: list[tuple[str, bool]] = []
        holding: dict[str, list[int]] = {}
        for e in ref.entries.values():
            texts = _fields(ref, e, lang)
            doc = {name: self._analyse(key, texts[name]) for name in ("title", "keywords", "section", "body")}
            # each way the entry is asked is analysed once: its terms feed the questions field and,
            # one phrasing at a time, the second stage
            asked_as = [(e.title[lang], False, doc["title"])]
            asked_as += [(q, False, self._analyse(key, q)) for q in e.questions.get(lang, ())]
            asked_as += [(q, True, self._analyse(key, q)) for q in e.asked.get(lang, ())]
            for _, asked, terms in asked_as:
                for t in set(terms):
                    holding.setdefault(t, []).append(len(owner))
                owner.append((e.id, asked))
            docs[e.id] = dict(doc, questions=[t for _, _, terms in asked_as[1:] for t in terms])
            plain[e.id] = dict(doc, questions=[t for _, asked, terms in asked_as[1:] if not asked for t in terms])
            for text in texts.values():
                seen.update(words(text))
        self.postings[key] = _postings(docs)
        self.text_postings[key] = _postings(plain)
        weighted = self.postings[key].weighted_tf
        self.said[key] = (owner, holding)
        self.stems[key] = set(weighted)
        self.phrasings[key] = Phrasings(list(ref.entries.values()), lang)
        for group in groups:
            for member in group:
                seen.update(words(member))
        self.vocab[key] = sorted(w for w in seen if len(w) >= 3 and not w.isdigit())

    def _analyse(self, key: tuple[str, str], text: str) -> list[str]:
        """Index terms of an entry's text; a set phrase in it ("run back") also adds its group's
        single words ("retreat"), as the same phrase in a question does."""
        lang = key[1]
        stops = stopwords(lang)
        typed = [stem(w, lang) for w in words(text)]
        terms = [t for w, t in zip(words(text), typed) if w not in stops] if stops else typed
        present = set(typed)
        for phrase, members in self.phrases.get(key, []):
            if not set(phrase) <= present:
                continue
            n = len(phrase)
            if any(tuple(typed[i:i + n]) == phrase for i in range(len(typed) - n + 1)):
                terms += [stem(p, lang) for m in members if len(words(m)) == 1
                          for p in words(m) if p not in stops]
        return terms

    # -- query analysis ---------------------------------------------------------------------------
    def concepts(self, game: str, query: str, lang: str) -> list[Concept]:
        """The concepts of a question, each with its weighted variant stems."""
        lang = norm_lang(lang)
        key = (game, lang)
        vocab = self.vocab.get(key, [])
        known = set(vocab)
        stems = self.stems.get(key, set())
        syn = self.synonyms.get(key, {})
        stops = stopwords(lang)
        typed = words(query[:MAX_QUERY])
        typed_stems = [stem(w, lang) for w in typed]
        used = [False] * len(typed)
        out: list[Concept] = []
        for phrase, members in self.phrases.get(key, []):
            n = len(phrase)
            for i in range(len(typed) - n + 1):
                if tuple(typed_stems[i:i + n]) == phrase and not any(used[i:i + n]):
                    c = Concept(" ".join(typed[i:i + n]), phrase=True)
                    for m in members:
                        if len(words(m)) > 1:  # the phrase stands for the group's single words
                            continue
                        for part in words(m):
                            if part not in stops:
                                c.add(stem(part, lang), PHRASE)
                    for j in range(i, i + n):
                        used[j] = True
                    out.append(c)
        for i, word in enumerate(typed):
            if used[i] or word in stops:
                continue
            c = Concept(word)
            own = typed_stems[i]
            c.add(own, 1.0)
            for other in sorted(syn.get(own, ())):
                for part in words(other):
                    if part not in stops:
                        c.add(stem(part, lang), SYNONYM)
            if own not in stems and word not in known:
                if word in ordinary_words(lang) or len(word) < 4 or word.isdigit() or not vocab:
                    c.ordinary = True
                else:
                    limit = 1 if len(word) <= 5 else 2
                    found = process.extract(word, vocab, scorer=Levenshtein.distance, score_cutoff=limit,
                                            limit=5)
                    if found:
                        best = min(d for _, d, _ in found)
                        for cand, dist, _ in found:
                            if dist == best:
                                fixed = stem(cand, lang)
                                c.add(fixed, TYPO)
                                for other in sorted(syn.get(fixed, ())):
                                    for part in words(other):
                                        if part not in stops:
                                            c.add(stem(part, lang), SYNONYM * TYPO)
            if c.variants and not any(c.variants.keys() == o.variants.keys() for o in out):
                out.append(c)
        return out[:MAX_CONCEPTS]

    def expand(self, game: str, query: str, lang: str) -> tuple[list[str], list[str]]:
        """The stems a query searches for: (the player's own words and typo fixes, every stem)."""
        own: list[str] = []
        terms: list[str] = []
        for c in self.concepts(game_key(game), query, lang):
            for t, w in c.variants.items():
                if t not in terms:
                    terms.append(t)
                if not c.phrase and w >= TYPO and t not in own:
                    own.append(t)
        return own, terms

    # -- ranking ----------------------------------------------------------------------------------
    def words(self, game: str, query: str, lang: str,
              text_only: bool = False) -> tuple[dict[str, float], dict[str, float]]:
        """The BM25F stage: per entry, its score and the share of the question it covers
        (``text_only``: over the entries' own words, without the asked phrasings)."""
        post = (self.text_postings if text_only else self.postings)[(game, lang)]
        concepts = self.concepts(game, query, lang)
        scores: dict[str, float] = {}
        covered: dict[str, float] = {}
        weights: list[float] = []
        total = 0.0
        rarest = math.log(1 + (len(post.ids) - 0.5) / 1.5)
        for c in concepts:
            best: dict[str, float] = {}
            weight = max((post.idf(t) for t in c.variants if post.df.get(t)), default=0.0)
            if not weight:  # the index has never seen this concept
                total += rarest * (UNKNOWN_ORDINARY if c.ordinary else 1.0)
                weights.append(0.0)
                continue
            total += weight
            weights.append(weight)
            for t, w in c.variants.items():
                idf = post.idf(t)
                for eid, tf in post.weighted_tf.get(t, {}).items():
                    s = w * idf * tf / (K1 + tf)
                    if s > best.get(eid, 0.0):
                        best[eid] = s
            for eid, s in best.items():
                scores[eid] = scores.get(eid, 0.0) + s
                covered[eid] = covered.get(eid, 0.0) + weight * min(1.0, max(
                    w for t, w in c.variants.items() if eid in post.weighted_tf.get(t, {})))
        if not total:
            return {}, {}
        scores = {i: s * (covered[i] / total) ** COVER_POWER for i, s in scores.items()}
        # second stage: the best candidates gain by how much of the question ONE of their
        # phrasings (title, or a question as players ask it) says on its own
        said = self._said(game, lang, concepts, weights, text_only)
        for i in sorted(scores, key=lambda i: -scores[i])[:RERANK]:
            scores[i] *= 1 + ASKED * said.get(i, 0.0) / total
        return scores, {i: v / total for i, v in covered.items()}

    def _said(self, game: str, lang: str, concepts: list[Concept], weights: list[float],
              text_only: bool = False) -> dict[str, float]:
        """Per entry, the most of the question (concepts weighted) that ONE of its phrasings says
        (``text_only``: its title and questions only)."""
        owner, holding = self.said[(game, lang)]
        acc: dict[int, float] = {}
        for c, wt in zip(concepts, weights):
            if not wt:
                continue
            best: dict[int, float] = {}
            for t, w in c.variants.items():
                for pid in holding.get(t, ()):
                    if w > best.get(pid, 0.0):
                        best[pid] = w
            for pid, w in best.items():
                acc[pid] = acc.get(pid, 0.0) + wt * w
        out: dict[str, float] = {}
        for pid, v in acc.items():
            eid, asked = owner[pid]
            if asked and text_only:
                continue
            if v > out.get(eid, 0.0):
                out[eid] = v
        return out

    def signals(self, game: str, query: str, lang: str) -> Signals:
        """Every stage's opinion of every entry of ``game`` for ``query`` (``game`` and ``lang`` normalised)."""
        words, coverage = self.words(game, query, lang)
        ph = self.phrasings[(game, lang)]
        centroid, nearest = ph.scores(query)
        mc, mn = ph.meaning(query) if ranker.MEANING else (np.zeros(0), np.zeros(0))
        return Signals(ph.ids, np.array([words.get(i, 0.0) for i in ph.ids]),
                       np.array([coverage.get(i, 0.0) for i in ph.ids]), centroid, nearest, mc, mn, lang)

    def answer(self, game: str, query: str, lang: str = "en", limit: int = 10) -> Answer:
        """Entries of ``game`` that answer ``query``, best first, and the confidence of the first."""
        lang = norm_lang(lang)
        game = game_key(game)
        ref = self.refs.get(game)
        if ref is None or not query.strip():
            return Answer([], NONE)
        direct = ref.entries.get(fold(query).strip())
        if direct is not None:
            return Answer([Hit(direct, math.inf, 1.0)], HIGH, 1.0)
        sig = self.signals(game, query, lang)
        score = ranker.score(sig.features())
        keep = np.flatnonzero((sig.words > 0) | (sig.centroid >= MIN_SIMILAR))
        if not len(keep):
            return Answer([], NONE)
        order = keep[np.lexsort((np.array([ref.entries[sig.ids[k]].order for k in keep]), -score[keep]))]
        hits = [Hit(ref.entries[sig.ids[k]], float(score[k]), float(sig.coverage[k])) for k in order[:limit]]
        sure = ranker.sure(sig, score[order], int(order[0]))
        return Answer(hits, HIGH if sure >= ranker.HIGH_AT else LOW, sure)

    def by_words(self, game: str, text: str, lang: str = "en", limit: int = 10) -> list[Entry]:
        """Entries ranked by the word stage alone: for matching a refusal's own message to the
        entry that explains it (rulebook words against rulebook words, not a player's question)."""
        lang = norm_lang(lang)
        game = game_key(game)
        ref = self.refs.get(game)
        if ref is None or not text.strip():
            return []
        scores, _ = self.words(game, text, lang, text_only=True)
        ranked = sorted(scores, key=lambda i: (-scores[i], ref.entries[i].order))
        return [ref.entries[i] for i in ranked[:limit]]

    def search(self, game: str, query: str, lang: str = "en", limit: int = 10) -> list[Hit]:
        """Entries of ``game`` that answer ``query``, best first (empty query: none)."""
        return self.answer(game, query, lang, limit).hits


def _postings(docs: dict[str, dict[str, list[str]]]) -> _Postings:
    """Field-weighted, length-normalised term frequencies of analysed documents (BM25F)."""
    avg = {f: (sum(len(d[f]) for d in docs.values()) / max(1, len(docs))) or 1.0 for f in FIELD_WEIGHTS}
    weighted: dict[str, dict[str, float]] = {}
    df: Counter[str] = Counter()
    for eid, doc in docs.items():
        per: dict[str, float] = {}
        for f, terms in doc.items():
            norm = 1 - B + B * len(terms) / avg[f]
            for t, n in Counter(terms).items():
                per[t] = per.get(t, 0.0) + FIELD_WEIGHTS[f] * n / norm
        for t, w in per.items():
            weighted.setdefault(t, {})[eid] = w
            df[t] += 1
    return _Postings(list(docs), weighted, df)


def _fields(ref: GameReference, e: Entry, lang: str) -> dict[str, str]:
    """The words of an entry per BM25F field; ``questions`` holds its asked phrasings too."""
    asked = e.asked.get(lang, ())
    return {"title": e.title[lang], "questions": " ".join((*e.questions.get(lang, ()), *asked)),
            "keywords": " ".join(e.keywords[lang]), "section": ref.section_title(e.section, lang),
            "body": e.text[lang]}


def _synonym_map(groups: Sequence[Sequence[str]], lang: str) -> dict[str, set[str]]:
    """Stem of a one-word member -> every one-word member of its groups."""
    out: dict[str, set[str]] = {}
    for group in groups:
        for member in group:
            if " " in member.strip():
                continue
            out.setdefault(stem(member, lang), set()).update(m for m in group if m != member and " " not in m)
    return out


def _phrase_list(groups: Sequence[Sequence[str]], lang: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(stems of a several-word member, the other members of its group), longest phrases first."""
    out = []
    for group in groups:
        for member in group:
            parts = words(member)
            if len(parts) > 1:
                out.append((tuple(stem(p, lang) for p in parts), tuple(m for m in group if m != member)))
    return sorted(out, key=lambda p: -len(p[0]))


_built: Index | None = None
_build_lock = threading.Lock()


def index() -> Index:
    """The process-wide index of every game's reference (built on first use)."""
    global _built
    if _built is None:
        with _build_lock:
            if _built is None:
                _built = Index(references())
                # the word lists (~0.7 s) load in the background, so the first question is not slower
                threading.Thread(target=_warm_word_lists, name="reference-words", daemon=True).start()
    return _built


def _warm_word_lists() -> None:
    for lang in LANGS:
        ordinary_words(lang)


def search(game: str, query: str, lang: str = "en", limit: int = 10) -> list[Entry]:
    return [h.entry for h in index().search(game, query, lang, limit)]


def answer(game: str, query: str, lang: str = "en", limit: int = 10) -> Answer:
    """Ranked hits and their confidence (see the module docstring)."""
    return index().answer(game, query, lang, limit)
