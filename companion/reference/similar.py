"""The phrasing stage of the rules search: which entry's known questions a question resembles.

BM25F (``search.py``) matches the words of a question against the words of an entry. Players ask the
same thing with other words, slang, pronouns, typos and half sentences ("da pra botar barco la?"), so
each entry also carries many questions as players ask them (its title, ``questions`` and the
``reference_asked.<lang>.toml`` files). This stage learns from those examples, per game and
language: every phrasing becomes a TF-IDF vector of character 2-5-grams inside words (accents and
case folded, so "recuo", "recuar" and "recuou" share most of their grams and a typo costs a few), and
each entry becomes the normalised sum of its phrasings (a nearest-centroid classifier, the Rocchio
model of text retrieval). A question scores each entry by

- ``centroid``: the cosine with the entry's centroid — what the entry's phrasings say together;
- ``nearest``: the cosine with the entry's single nearest phrasing — a question asked almost word
  for word the way one player once put it.

Everything is computed from shipped data when the index is built (about a second for every game and
language, no model file, nothing downloaded); a question is two sparse products.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize

from .model import Entry
from .text import fold

#: Character n-grams inside words (``char_wb`` pads each word with spaces, so word starts and ends count).
NGRAMS = (2, 5)


def phrasings(entry: Entry, lang: str) -> list[str]:
    """Every way an entry is asked in ``lang``: title, questions, asked phrasings, its keywords."""
    out = [entry.title[lang], *entry.questions.get(lang, ()), *entry.asked.get(lang, ())]
    if entry.keywords.get(lang):
        out.append(" ".join(entry.keywords[lang]))
    return out


class Phrasings:
    """One game and language: the TF-IDF rows of every phrasing, their entries, the entries' centroids."""

    by_gram: sparse.csr_matrix
    centroids_by_gram: sparse.csr_matrix

    def __init__(self, entries: Sequence[Entry], lang: str):
        self.ids = [e.id for e in entries]
        texts: list[str] = []
        owner: list[int] = []
        for k, e in enumerate(entries):
            for p in phrasings(e, lang):
                texts.append(fold(p))
                owner.append(k)
        self.vectorizer = TfidfVectorizer(analyzer="char_wb", ngram_range=NGRAMS, sublinear_tf=True,
                                          dtype=np.float32)
        rows = self.vectorizer.fit_transform(texts).tocsr()
        self.owner = np.asarray(owner, dtype=np.int32)
        self.analyzer = self.vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = self.vectorizer.vocabulary_
        self.idf = self.vectorizer.idf_.astype(np.float32)
        member = sparse.csr_matrix((np.ones(len(owner), dtype=np.float32), (self.owner, np.arange(len(owner)))),
                                   shape=(len(self.ids), len(owner)))
        # kept per n-gram (the phrasings and centroids that hold it): a question reads only its own
        # grams' rows
        self.by_gram = rows.T.tocsr()
        self.centroids_by_gram = normalize(member @ rows).T.tocsr()
        self.vectorizer.stop_words_ = set()  # what fitting left out (nothing here): not kept
        # the meaning stage (meaning.py): the same phrasings as sentence embeddings, kept as int8
        # rows with a scale each (3 MB for a game's English phrasings instead of 12 in float32)
        from . import meaning

        self.meaning_rows = np.zeros((0, meaning.WIDTH), dtype=np.int8)
        self.meaning_scale = np.zeros(0, dtype=np.float32)
        self.meaning_centroids = np.zeros((0, meaning.WIDTH), dtype=np.float32)
        if lang in meaning.LANGS and meaning.available():
            rows = meaning.vectors([p for e in entries for p in phrasings(e, lang)])
            self.meaning_centroids = normalize(np.asarray(member @ rows)).astype(np.float32)
            self.meaning_rows, self.meaning_scale = meaning.quantize(rows)

    def scores(self, query: str) -> tuple[np.ndarray, np.ndarray]:
        """(centroid, nearest) cosines of ``query`` with every entry, in ``ids`` order (0..1 each)."""
        grams, weights = self.vector(query)
        if not len(grams):
            zero = np.zeros(len(self.ids), dtype=np.float32)
            return zero, zero.copy()
        centroid = np.asarray(self.centroids_by_gram[grams].T @ weights).ravel()
        sims = np.asarray(self.by_gram[grams].T @ weights).ravel()
        nearest = np.zeros(len(self.ids), dtype=np.float32)
        np.maximum.at(nearest, self.owner, sims)
        return centroid, nearest

    def meaning(self, query: str) -> tuple[np.ndarray, np.ndarray]:
        """(centroid, nearest) cosines of ``query``'s sentence embedding with every entry's phrasings
        (empty arrays where the meaning stage does not run)."""
        if not len(self.meaning_centroids):
            return np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.float32)
        from . import meaning

        q = meaning.query(query)
        centroid = self.meaning_centroids @ q
        nearest = np.full(len(self.ids), -1.0, dtype=np.float32)
        np.maximum.at(nearest, self.owner, (self.meaning_rows @ q) * self.meaning_scale)
        return centroid, nearest

    def vector(self, query: str) -> tuple[np.ndarray, np.ndarray]:
        """The question's TF-IDF vector as the vectorizer makes it (sublinear tf, idf, unit length),
        as (gram columns, weights): the same numbers as ``transform``, without building a matrix."""
        counts: dict[int, int] = {}
        for gram in self.analyzer(fold(query)):
            col = self.vocabulary.get(gram)
            if col is not None:
                counts[col] = counts.get(col, 0) + 1
        if not counts:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        cols = np.fromiter(counts, dtype=np.int64, count=len(counts))
        tf = np.fromiter(counts.values(), dtype=np.float32, count=len(counts))
        w = (1.0 + np.log(tf)) * self.idf[cols]
        return cols, (w / np.linalg.norm(w)).astype(np.float32)

    def nbytes(self) -> int:
        """Memory held by the matrices and the vocabulary (an estimate for docs/performance.md)."""
        mats = sum(m.data.nbytes + m.indices.nbytes + m.indptr.nbytes for m in (self.by_gram, self.centroids_by_gram))
        mats += self.meaning_rows.nbytes + self.meaning_scale.nbytes + self.meaning_centroids.nbytes
        vocab = sum(len(k) + 8 for k in self.vectorizer.vocabulary_)
        return int(mats + self.owner.nbytes + self.vectorizer.idf_.nbytes + vocab)
