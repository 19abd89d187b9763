"""The learned last stage of the rules search: how much to trust each stage, and how sure to be.

Two stages score every entry of a game for a question: words (BM25F over the entry's text and the
questions it is asked by, ``search.py``) and phrasings (character n-gram centroid and nearest
phrasing, ``similar.py``). Neither is right alone: words miss a question asked with other words,
n-grams miss one that shares few letters with how the entry was ever asked. This stage joins them
with a logistic regression over a few features per (question, entry) — each stage's score, its share
of the best score, the entry's rank in that stage, the share of the question the entry covers — and
ranks entries by the model's logit.

**Confidence** is a second, query-level logistic model over the ranked logits (how far the first
entry is ahead of the second, how high it is, whether the stages agree on it): ``high`` when its
probability that the first entry is right reaches ``HIGH_AT``.

Both models are learned by ``tools/rules_train.py`` from questions held out of the index (each
entry's asked phrasings, a few at a time, left out and asked) and from the blind set's dev half; the
coefficients below are its output. ``tools/rules_eval.py`` measures them on sets they never saw.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Names of the per-(question, entry) features, in column order (see :meth:`Signals.features`).
FEATURES = ("words_share", "words_log", "coverage", "centroid_share", "centroid", "nearest_share", "nearest",
            "words_rank", "centroid_rank", "nearest_rank")
#: Confidence features (see :func:`confidence_features`).
CONF_FEATURES = ("top", "lead", "lead3", "agree", "coverage", "centroid")
#: COEF/INTERCEPT: the ranking model over FEATURES; CONF_*: the confidence model over CONF_FEATURES;
#: HIGH_AT: the probability of being right at which the first entry is given as *the* answer.
# -- learned by tools/rules_train.py --
COEF = np.array([0.6483, 0.9326, 0.6331, 0.6379, 0.2959, 0.2447, 0.1512, 0.7737, 0.7381, 0.3306])
INTERCEPT = 0.0
CONF_COEF = np.array([2.6810, -0.1383, -0.5687, 0.2321, 2.7162, 3.8072])
CONF_INTERCEPT = -17.1637
HIGH_AT = 0.8936
# -- end --


@dataclass(frozen=True)
class Signals:
    """Every stage's score of every entry of one game for one question (arrays in ``ids`` order)."""

    ids: list[str]
    words: np.ndarray
    coverage: np.ndarray
    centroid: np.ndarray
    nearest: np.ndarray

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
        return np.column_stack([cols[0], np.log1p(self.words), self.coverage, cols[1], self.centroid, cols[2],
                                self.nearest, *ranks])

    def agree(self, k: int) -> bool:
        """Whether entry ``k`` comes first in every stage."""
        return all(float(stage[k]) > 0 and int(np.argmax(stage)) == k
                   for stage in (self.words, self.centroid, self.nearest))


def score(features: np.ndarray) -> np.ndarray:
    """The logit of "this entry answers the question", per row."""
    return np.asarray(features @ COEF + INTERCEPT, dtype=float)


def confidence_features(sig: Signals, ranked: np.ndarray, first: int) -> np.ndarray:
    """Query-level features: the first logit (of entry ``first``), its lead over the second and the
    third, whether every stage puts it first, how much of the question its words cover and how
    close it is to how the entry is asked (an off-topic question is far from every entry)."""
    top = float(ranked[0]) if len(ranked) else 0.0
    second = float(ranked[1]) if len(ranked) > 1 else top - 10.0
    third = float(ranked[2]) if len(ranked) > 2 else second - 10.0
    return np.array([top, top - second, top - third, 1.0 if sig.agree(first) else 0.0,
                     float(sig.coverage[first]), float(sig.centroid[first])])


def sure(sig: Signals, ranked: np.ndarray, first: int) -> float:
    """The probability that the first ranked entry (``first``) is right."""
    z = float(confidence_features(sig, ranked, first) @ CONF_COEF + CONF_INTERCEPT)
    return float(1.0 / (1.0 + np.exp(-z)))
