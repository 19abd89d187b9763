"""The phrasing stage of the rules search: which entry's known questions a question resembles.

BM25F (``search.py``) matches the words of a question against the words of an entry. Players ask the
same thing with other words, slang, pronouns, typos and half sentences ("da pra botar barco la?"), so
each entry also carries many questions as players ask them (its title, ``questions`` and the
``reference_asked.<lang>.toml`` files). This stage compares a question with every one of those
phrasings of the game in its language, by TF-IDF over character 2-5-grams inside words (accents and
case folded, so "recuo", "recuar" and "recuou" share most of their grams and a typo costs a few), and
scores each entry by the cosine of its nearest phrasings.

The matrix is built from shipped data when the index is built (a few hundred milliseconds per game
and language, no model file, nothing downloaded); a question is one sparse product.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer

from .model import Entry
from .text import fold

#: Character n-grams inside words (``char_wb`` pads each word with spaces, so word starts and ends count).
NGRAMS = (2, 5)
#: An entry scores its nearest phrasing plus this share of its second nearest (one lucky phrasing
#: alone is weaker evidence than two).
SECOND = 0.0


def phrasings(entry: Entry, lang: str) -> list[str]:
    """Every way an entry is asked in ``lang``: title, questions, asked phrasings, its keywords."""
    out = [entry.title[lang], *entry.questions.get(lang, ()), *entry.asked.get(lang, ())]
    if entry.keywords.get(lang):
        out.append(" ".join(entry.keywords[lang]))
    return out


class Phrasings:
    """One game and language: the TF-IDF rows of every phrasing and the entry each row belongs to."""

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
        self.rows = self.vectorizer.fit_transform(texts).tocsr()
        self.owner = np.asarray(owner, dtype=np.int32)

    def nearest(self, query: str, skip: Iterable[int] = ()) -> np.ndarray:
        """Per entry (in ``ids`` order), how close ``query`` is to its nearest phrasings (0..1).

        ``skip`` leaves rows out (the evaluation asks a phrasing without its own row)."""
        vec = self.vectorizer.transform([fold(query)])
        sims = np.asarray(sparse.csr_matrix(self.rows @ vec.T).toarray()).ravel()
        for row in skip:
            sims[row] = 0.0
        best = np.zeros(len(self.ids), dtype=np.float32)
        np.maximum.at(best, self.owner, sims)
        if not SECOND:
            return best
        masked = sims.copy()
        masked[sims < best[self.owner]] = -1.0  # rows that are their entry's best are dropped below ...
        top_rows = np.flatnonzero(sims >= best[self.owner])
        masked[top_rows] = 0.0
        second = np.zeros(len(self.ids), dtype=np.float32)
        np.maximum.at(second, self.owner, np.where(sims < best[self.owner], sims, 0.0))
        return best + SECOND * second
