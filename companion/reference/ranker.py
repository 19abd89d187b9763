"""The learned last stage of the rules search: how much to trust each stage, and how sure to be.

Three stages score every entry of a game for a question: words (BM25F over the entry's text and the
questions it is asked by, ``search.py``), phrasings (character n-gram centroid and nearest
phrasing, ``similar.py``) and meaning (a sentence encoder's cosine with the entry's phrasings,
``meaning.py``, issue 35 round 3). None is right alone: words miss a question asked with other
words, n-grams miss one that shares few letters with how the entry was ever asked, and the meaning
stage, which reads a described situation, also finds neighbouring entries close. This stage joins them
with a logistic regression over a few features per (question, entry) — each stage's score, its share
of the best score, the entry's rank in that stage, the share of the question the entry covers, and
where the word and phrasing stages agree (products and minimum of their shares and ranks) — and
ranks entries by the model's logit.

**Confidence** is a second, query-level logistic model over the ranked logits (how far the first
entry is ahead of the second, how high it is, whether the stages agree on it): ``high`` when its
probability that the first entry is right reaches ``HIGH_AT``.

Both models are learned by ``tools/rules_train.py`` from questions held out of the index (each
entry's asked phrasings, a few at a time, left out and asked) and from the question sets of
``tests/reference/``; every choice (features, weights, ``HIGH_AT``) is measured by leaving one set
out at a time, ``HIGH_AT`` chosen on the other sets' out-of-fold scores. The coefficients below are
its output; the round's blind set (``tools/rules_eval.py --set r3``) is what none of it saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

#: Names of the per-(question, entry) features, in column order (see :meth:`Signals.features`).
FEATURES = ("words_share", "words_log", "coverage", "centroid_share", "centroid", "nearest_share", "nearest",
            "words_rank", "centroid_rank", "nearest_rank",
            "words_x_centroid", "words_rank_x_centroid_rank", "both_first", "words_min_centroid",
            "coverage_x_centroid",
            *(f"{lang}_{name}" for lang in ("en", "pt") for name in
              ("meaning", "meaning_nearest", "meaning_rank", "meaning_rank_x_words_rank",
               "meaning_rank_x_centroid_rank")))
#: whether the meaning stage's columns are part of FEATURES (the training tool's --no-meaning measures
#: without them), and how many there are per language
MEANING = True
MEANING_COLS = 5
#: Confidence features (see :func:`confidence_features`).
CONF_FEATURES = ("top", "lead", "lead3", "agree", "coverage", "centroid", "centroid_lead", "nearest", "words_share")
#: COEF/INTERCEPT: the ranking model over FEATURES; CONF_*: the confidence model over CONF_FEATURES;
#: HIGH_AT: the probability of being right at which the first entry is given as *the* answer.
# -- learned by tools/rules_train.py --
COEF = np.array([0.4354, 0.6361, 0.4372, 0.3408, 0.1699, 0.1986, 0.1230, 0.4940, 0.3900, 0.2880, 0.5096, 0.3146, 0.1641, 0.4056, 0.4932, 0.2120, 0.1844, 0.4913, 0.2493, 0.2420, 0.0650, 0.0722, 0.2705, 0.2283, 0.2318])
INTERCEPT = 0.0
CONF_COEF = np.array([1.6133, -0.0210, -0.2532, -0.4584, 1.8369, 3.7606, -0.2783, 1.2224, -2.1636])
CONF_INTERCEPT = -9.2025
HIGH_AT = 0.9250
# -- end --


@dataclass(frozen=True)
class Signals:
    """Every stage's score of every entry of one game for one question (arrays in ``ids`` order)."""

    ids: list[str]
    words: np.ndarray
    coverage: np.ndarray
    centroid: np.ndarray
    nearest: np.ndarray
    #: the meaning stage (``meaning.py``): cosines of the question's sentence embedding with each
    #: entry's centroid and nearest phrasing; empty when the stage is off
    meaning_centroid: np.ndarray = field(default_factory=lambda: np.zeros(0))
    meaning_nearest: np.ndarray = field(default_factory=lambda: np.zeros(0))
    lang: str = "en"

    def meaning_columns(self, ranks: list[np.ndarray]) -> list[np.ndarray]:
        """Per language (English, Portuguese: the encoder learned English, so each has its own
        weights, the other's columns 0): the meaning centroid and nearest cosines, their distance to
        the best entry's, the entry's meaning rank, and that rank times the word and phrasing ranks."""
        n = len(self.ids)
        if not MEANING or len(self.meaning_centroid) != n:
            return [np.zeros(n)] * (2 * MEANING_COLS) if MEANING else []
        mc, mn = self.meaning_centroid.astype(float), self.meaning_nearest.astype(float)
        order = np.argsort(-mc, kind="stable")
        rank = np.empty(n)
        rank[order] = np.arange(1, n + 1)
        mrank = 1.0 / rank
        cols = [mc, mn, mrank, mrank * ranks[0], mrank * ranks[1]]
        zero = [np.zeros(n)] * MEANING_COLS
        return cols + zero if self.lang == "en" else zero + cols

    def features(self) -> np.ndarray:
        """One row of FEATURES per entry."""
        cols = []
        ranks = []
        for stage in (self.words, self.centroid, self.nearest):
            top = float(stage.max()) if len(stage) else 0.0
            cols.append(stage / top if top > 0 else np.zeros_like(stage))
            order = np.argsort(-stage, kind="stable")
            rank = np.empty(len(stage))
            rank[order] = np.arange(1, len(stage) + 1)
            ranks.append(np.where(stage > 0, 1.0 / rank, 0.0))
        # where the two stages agree: a linear model of each alone cannot say "high in BOTH", which
        # is what separates the entry that answers from the one that only shares a surface word
        # (issue 35, round 2: measured by leaving each question set out, tools/rules_train.py)
        both = np.column_stack([cols[0] * cols[1], ranks[0] * ranks[1], (ranks[0] == 1) & (ranks[1] == 1),
                                np.minimum(cols[0], cols[1]), self.coverage * cols[1]])
        return np.column_stack([cols[0], np.log1p(self.words), self.coverage, cols[1], self.centroid, cols[2],
                                self.nearest, *ranks, both, *self.meaning_columns(ranks)])

    def agree(self, k: int) -> bool:
        """Whether entry ``k`` comes first in every stage."""
        return all(float(stage[k]) > 0 and int(np.argmax(stage)) == k
                   for stage in (self.words, self.centroid, self.nearest))


def score(features: np.ndarray) -> np.ndarray:
    """The logit of "this entry answers the question", per row."""
    return np.asarray(features @ COEF + INTERCEPT, dtype=float)


def confidence_features(sig: Signals, ranked: np.ndarray, first: int) -> np.ndarray:
    """Query-level features: the first logit (of entry ``first``), its lead over the second and the
    third, whether every stage puts it first, how much of the question its words cover, how close it
    is to how the entry is asked (an off-topic question is far from every entry), how far its
    centroid is ahead of every other entry's, its nearest phrasing, and its word score as a share of
    the best (a first entry the words stage ranks low is a guess of the phrasing stage alone)."""
    top = float(ranked[0]) if len(ranked) else 0.0
    second = float(ranked[1]) if len(ranked) > 1 else top - 10.0
    third = float(ranked[2]) if len(ranked) > 2 else second - 10.0
    others = np.delete(sig.centroid, first)
    centroid_lead = float(sig.centroid[first] - others.max()) if len(others) else float(sig.centroid[first])
    best_words = float(sig.words.max()) if len(sig.words) else 0.0
    words_share = float(sig.words[first]) / best_words if best_words > 0 else 0.0
    return np.array([top, top - second, top - third, 1.0 if sig.agree(first) else 0.0,
                     float(sig.coverage[first]), float(sig.centroid[first]), centroid_lead,
                     float(sig.nearest[first]), words_share])


def sure(sig: Signals, ranked: np.ndarray, first: int) -> float:
    """The probability that the first ranked entry (``first``) is right."""
    z = float(confidence_features(sig, ranked, first) @ CONF_COEF + CONF_INTERCEPT)
    return float(1.0 / (1.0 + np.exp(-z)))
