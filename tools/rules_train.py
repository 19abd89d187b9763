"""Learn the rules search's last stage (``companion/reference/ranker.py``) from held-out questions.

    .venv/bin/python tools/rules_train.py [--folds 3] [--write]

Training questions never come from the sets the search is measured on:

1. **Held-out phrasings.** For each fold, ``HOLD`` asked phrasings of every entry and language are
   left out of the index (both stages), the index is built without them, and each is asked: its
   entry is the answer. Every phrasing is written for one entry, so they are many and cheap.
2. **The blind set's dev half** (``tests/reference/blind_dev_<game>.toml``), asked of the full index.
   Its test half is never read here.

The ranking model is a conditional logit (softmax over the candidates of one question, the gold
entries' share maximised, L2-regularised) over ``ranker.FEATURES``; the confidence model a logistic
regression over ``ranker.CONF_FEATURES`` of the ranked result, with ``HIGH_AT`` set to the lowest
probability at which the first entry is right at least ``PRECISION`` of the time on the dev half
(cross-validated: each dev question is scored by models that did not see it).
With ``--write`` the coefficients replace the block between the markers in ranker.py.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.reference import ranker  # noqa: E402
from companion.reference.load import load_game  # noqa: E402
from companion.reference.model import GameReference  # noqa: E402
from companion.reference.search import Index  # noqa: E402
from companion.reference.text import LANGS, norm_lang  # noqa: E402

GAMES = ("agot", "lcg", "immortals", "catan_watch")
#: asked phrasings of each entry and language held out per fold
HOLD = 2
#: candidates per question the ranking model learns from (the union of each stage's best)
CANDIDATES = 30
L2 = 0.05
PRECISION = 0.98


@dataclasses.dataclass
class Question:
    game: str
    lang: str
    text: str
    gold: set[str]
    source: str


def dev_questions() -> list[Question]:
    out = []
    for game in GAMES:
        path = ROOT / "tests" / "reference" / f"blind_dev_{game}.toml"
        with open(path, "rb") as fh:
            for q in tomllib.load(fh).get("q", []):
                if q["expect"]:
                    out.append(Question(game, norm_lang(q["lang"]), q["text"], set(q["expect"]), "dev"))
    return out


def held_out(seed: int) -> tuple[dict[str, GameReference], list[Question]]:
    """The references without ``HOLD`` asked phrasings per entry and language, and those phrasings."""
    rnd = random.Random(seed)
    refs: dict[str, GameReference] = {}
    questions: list[Question] = []
    for game in GAMES:
        ref = load_game(game)
        entries = {}
        for eid, e in ref.entries.items():
            asked = {}
            for lang in LANGS:
                phr = list(e.asked.get(lang, ()))
                rnd.shuffle(phr)
                asked[lang] = tuple(phr[HOLD:])
                questions += [Question(game, lang, p, {eid}, "held") for p in phr[:HOLD]]
            entries[eid] = dataclasses.replace(e, asked=asked)
        ref.entries = entries
        refs[game] = ref
    return refs, questions


def candidates(sig: ranker.Signals) -> np.ndarray:
    keep: set[int] = set()
    for stage in (sig.words, sig.centroid, sig.nearest):
        keep.update(int(k) for k in np.argsort(-stage)[:CANDIDATES // 3] if stage[k] > 0)
    return np.array(sorted(keep), dtype=int)


def collect(index: Index, questions: list[Question]) -> list[dict[str, Any]]:
    rows = []
    for q in questions:
        sig = index.signals(q.game, q.text, q.lang)
        cand = candidates(sig)
        if not len(cand):
            continue
        feats = sig.features()[cand]
        gold = np.array([sig.ids[k] in q.gold for k in cand])
        rows.append(dict(q=q, sig=sig, cand=cand, X=feats, y=gold))
    return rows


def fit_rank(rows: list[dict[str, Any]]) -> np.ndarray:
    """Conditional logit: maximise, per question, the softmax share of its gold candidates."""
    usable = [r for r in rows if r["y"].any()]
    nfeat = usable[0]["X"].shape[1]

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total, grad = 0.0, np.zeros(nfeat)
        for r in usable:
            s = r["X"] @ w
            s -= s.max()
            e = np.exp(s)
            p = e / e.sum()
            g = r["y"]
            pg = p[g].sum()
            total -= np.log(pg)
            # d(-log sum_g p) / dw = E_p[x] - E_{p|gold}[x]
            grad += p @ r["X"] - (p[g] / pg) @ r["X"][g]
        n = len(usable)
        return total / n + L2 * float(w @ w), grad / n + 2 * L2 * w

    res = minimize(loss, np.zeros(nfeat), jac=True, method="L-BFGS-B")
    return np.asarray(res.x)


def ranked(r: dict[str, Any], w: np.ndarray) -> tuple[np.ndarray, bool, bool]:
    """Logits of every entry ranked, whether the stages agree on the first, whether it is right."""
    feats = r["sig"].features()
    s = feats @ w
    order = np.argsort(-s, kind="stable")
    first = int(order[0])
    return s[order], r["sig"].agree(first), r["sig"].ids[first] in r["q"].gold


def fit_confidence(rows: list[dict[str, Any]], w: np.ndarray) -> tuple[np.ndarray, float]:
    from sklearn.linear_model import LogisticRegression

    X, y = [], []
    for r in rows:
        logits, agree, right = ranked(r, w)
        X.append(ranker.confidence_features(logits, agree))
        y.append(right)
    model = LogisticRegression(C=1.0).fit(np.array(X), np.array(y))
    return model.coef_[0], float(model.intercept_[0])


def sure(logits: np.ndarray, agree: bool, coef: np.ndarray, intercept: float) -> float:
    z = float(ranker.confidence_features(logits, agree) @ coef + intercept)
    return 1.0 / (1.0 + np.exp(-z))


def threshold(scored: list[tuple[float, bool]]) -> float:
    """The lowest probability at which the questions at or above it are right >= PRECISION."""
    best = 1.0
    for cut in sorted({p for p, _ in scored}, reverse=True):
        above = [ok for p, ok in scored if p >= cut]
        if sum(above) / len(above) >= PRECISION:
            best = cut
    return best


def report(name: str, rows: list[dict[str, Any]], w: np.ndarray, coef: np.ndarray, intercept: float,
           high_at: float) -> None:
    n = len(rows)
    top1 = high = high_ok = 0
    for r in rows:
        logits, agree, right = ranked(r, w)
        top1 += right
        if sure(logits, agree, coef, intercept) >= high_at:
            high += 1
            high_ok += right
    print(f"{name:10} n={n:5} top1 {top1 / n:6.1%}  high on {high / n:5.1%}, right {high_ok / max(1, high):6.1%}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--write", action="store_true", help="write the coefficients into ranker.py")
    args = ap.parse_args()
    held_rows: list[dict[str, Any]] = []
    for fold in range(args.folds):
        refs, questions = held_out(seed=100 + fold)
        held_rows += collect(Index(refs), questions)
        print(f"fold {fold}: {len(questions)} held-out phrasings", flush=True)
    full = Index({g: load_game(g) for g in GAMES})
    dev_rows = collect(full, dev_questions())
    # the dev half is scored by models that never saw the question (two-fold cross-validation),
    # then the final models learn from everything
    rnd = random.Random(7)
    halves: list[list[dict[str, Any]]] = [[], []]
    for r in dev_rows:
        halves[rnd.random() < 0.5].append(r)
    scored: list[tuple[float, bool]] = []
    for k in (0, 1):
        w = fit_rank(held_rows + halves[1 - k])
        coef, intercept = fit_confidence(held_rows + halves[1 - k], w)
        for r in halves[k]:
            logits, agree, right = ranked(r, w)
            scored.append((sure(logits, agree, coef, intercept), right))
    high_at = threshold(scored)
    w = fit_rank(held_rows + dev_rows)
    coef, intercept = fit_confidence(held_rows + dev_rows, w)
    cv_right = sum(ok for _, ok in scored)
    cv_high = [ok for p, ok in scored if p >= high_at]
    print(f"dev, cross-validated: top1 {cv_right / len(scored):.1%}, high on {len(cv_high) / len(scored):.1%}, "
          f"right {sum(cv_high) / max(1, len(cv_high)):.1%}")
    report("held-out", held_rows, w, coef, intercept, high_at)
    report("dev (fit)", dev_rows, w, coef, intercept, high_at)
    block = (f"COEF = np.array([{', '.join(f'{x:.4f}' for x in w)}])\nINTERCEPT = 0.0\n"
             f"CONF_COEF = np.array([{', '.join(f'{x:.4f}' for x in coef)}])\n"
             f"CONF_INTERCEPT = {intercept:.4f}\nHIGH_AT = {high_at:.4f}\n")
    print(block)
    if args.write:
        path = ROOT / "companion" / "reference" / "ranker.py"
        text = path.read_text(encoding="utf-8")
        new = re.sub(r"(# -- learned by tools/rules_train.py --\n).*?(# -- end --\n)",
                     lambda m: m.group(1) + block + m.group(2), text, flags=re.S)
        path.write_text(new, encoding="utf-8")
        print(f"written to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
