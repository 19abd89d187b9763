"""Rules search quality: top-1 and top-3 by entry, per game and language, on the question sets.

    .venv/bin/python tools/rules_eval.py [--set tuned|heldout|all] [--misses]

``tuned`` is ``tests/reference/questions_<game>.toml`` (the set the ranking was tuned on);
``heldout`` is ``tests/reference/heldout_<game>.toml`` (written once, never tuned on). A question
counts at top-k when one of its ``expect`` ids is among the first k results.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GAMES = ("agot", "lcg", "immortals", "catan_watch")
SETS = {"tuned": "questions", "heldout": "heldout"}


def load(kind: str, game: str) -> list[dict[str, Any]]:
    path = ROOT / "tests" / "reference" / f"{SETS[kind]}_{game}.toml"
    if not path.exists():
        return []
    with open(path, "rb") as fh:
        return cast("list[dict[str, Any]]", tomllib.load(fh).get("q", []))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=("tuned", "heldout", "all"))
    ap.add_argument("--misses", action="store_true", help="list the questions missed at top 1")
    ap.add_argument("--game", default="")
    args = ap.parse_args()
    from companion.reference import index

    kinds = list(SETS) if args.set == "all" else [args.set]
    for kind in kinds:
        print(f"== {kind}")
        tot = [0, 0, 0]
        high = [0, 0]
        for game in GAMES:
            if args.game and game != args.game:
                continue
            for lang in ("en", "pt_BR"):
                qs = [q for q in load(kind, game) if q["lang"] == lang]
                if not qs:
                    continue
                n1 = n3 = 0
                for q in qs:
                    ans = index().answer(game, q["text"], lang, 3)
                    found = [h.entry.id for h in ans.hits]
                    want = set(q["expect"])
                    if ans.confidence == "high":
                        high[0] += 1
                        high[1] += found[0] in want
                    n1 += bool(found[:1] and found[0] in want)
                    n3 += bool(want & set(found))
                    if args.misses and not (found[:1] and found[0] in want):
                        mark = "top3" if want & set(found) else "MISS"
                        print(f"   {mark} [{lang}] {q['text']!r} want {q['expect']} got {found}")
                tot[0] += len(qs)
                tot[1] += n1
                tot[2] += n3
                print(f"{game:12} {lang:5} n={len(qs):3}  top1 {n1 / len(qs):6.1%}  top3 {n3 / len(qs):6.1%}")
        if tot[0]:
            print(f"{'all':18} n={tot[0]:3}  top1 {tot[1] / tot[0]:6.1%}  top3 {tot[2] / tot[0]:6.1%}")
            print(f"confidence 'high' on {high[0] / tot[0]:.0%} of questions, right {high[1] / max(1, high[0]):.1%}"
                  " of those times")


if __name__ == "__main__":
    main()
