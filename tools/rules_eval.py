"""Rules search quality: top-1 and top-3 by entry, per game and language, and what "high" is worth.

    .venv/bin/python tools/rules_eval.py [--set tuned|heldout|dev|test|fresh|r3|all] [--misses] [--game G]

The sets (``tests/reference/``), from the most tuned to the least:

- ``tuned``: ``questions_<game>.toml``, the set the word stage was tuned on (issue 25);
- ``heldout``: ``heldout_<game>.toml``, written before issue 25's ranking work;
- ``dev``: ``blind_dev_<game>.toml``, half of the blind set of issue 35 (written from the rulebooks
  and public disputes by people who never saw the entries): looked at while working on the ranking;
- ``test``: ``blind_test_<game>.toml``, the other half: measured once at the end of issue 35's
  first round, then spent: since round 2 it is development data like ``dev`` (its figures are tuned);
- ``fresh``: ``blind_fresh_<game>.toml``, a blind set written for issue 35's second round by people
  who never saw the entries, measured once by the lead after round 2, then spent: since round 3 it
  is development data like ``test`` (looked at, learned from; its figures are tuned);
- ``r3``: ``blind_r3_<game>.toml``, the blind set of issue 35's third round, measured once by the
  lead after round 3 landed, then spent: it is development data like ``fresh`` (looked at, learned
  from; its figures are tuned).
- ``r4``: ``blind_r4_<game>.toml``, the blind set of issue 35's fourth round (442 questions, written
  2026-12-08 by four writers who never saw the entries or earlier sets, labelled by readers who never
  ran the search), measured once by the lead after round 4. ``near`` marks the questions a labeller
  judged to ask an earlier question's situation in other words: the figures are given for both parts.

``BLIND`` names the sets being measured, never looked at: this tool prints only their figures,
never their questions (``--misses`` is refused), ``--set all`` leaves them out (ask by name), and
without their files it says so and measures nothing. ``r4`` is blind now; the next round's blind
set goes there until the lead has measured it.

A question counts at top-k when one of its ``expect`` ids is among the first k results (a blind
question no entry answers, ``expect = []``, counts as a miss).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GAMES = ("agot", "lcg", "immortals", "catan_watch")
SETS = {"tuned": "questions", "heldout": "heldout", "dev": "blind_dev", "test": "blind_test", "fresh": "blind_fresh",
        "r3": "blind_r3", "r4": "blind_r4"}
#: sets measured, never looked at: no --misses, and not part of --set all
BLIND: tuple[str, ...] = ("r4",)
LANGS = ("en", "pt_BR")


def path_of(kind: str, game: str) -> Path:
    return ROOT / "tests" / "reference" / f"{SETS[kind]}_{game}.toml"


def load(kind: str, game: str) -> list[dict[str, Any]]:
    path = path_of(kind, game)
    if not path.exists():
        return []
    with open(path, "rb") as fh:
        return cast("list[dict[str, Any]]", tomllib.load(fh).get("q", []))


def measure(kind: str, games: tuple[str, ...], misses: bool = False) -> dict[str, Any]:
    """Counts per (game, lang) and in all: n, top-1, top-3, high, high and right; the latency."""
    from companion.reference import answer

    rows: dict[tuple[str, str], list[int]] = {}
    took: list[float] = []
    for game in games:
        for q in load(kind, game):
            lang = q["lang"]
            start = time.perf_counter()
            ans = answer(game, q["text"], lang, 3)
            took.append(time.perf_counter() - start)
            found = [h.entry.id for h in ans.hits]
            want = set(q["expect"])
            first = bool(found and found[0] in want)
            high = ans.confidence == "high"
            for key in ((game, lang), (game, "*"), ("*", lang), ("*", "*")):
                r = rows.setdefault(key, [0, 0, 0, 0, 0])
                r[0] += 1
                r[1] += first
                r[2] += bool(want & set(found))
                r[3] += high
                r[4] += high and first
            if misses and not first:
                mark = "top3" if want & set(found) else "MISS"
                print(f"   {mark} [{game} {lang}] {q['text']!r} want {q['expect']} got {found} ({ans.confidence})")
    return {"rows": rows, "took": took}


def show(kind: str, result: dict[str, Any]) -> None:
    rows = result["rows"]
    for (game, lang), (n, t1, t3, high, right) in sorted(rows.items(), key=lambda kv: (kv[0][0] == "*", kv[0])):
        label = f"{'all' if game == '*' else game:12} {'all' if lang == '*' else lang:5}"
        print(f"{label} n={n:3}  top1 {t1 / n:6.1%}  top3 {t3 / n:6.1%}  high on {high / n:5.1%}, "
              f"right {right / max(1, high):6.1%}")
    took = sorted(result["took"])
    if took:
        p95 = took[min(len(took) - 1, int(0.95 * len(took)))]
        print(f"  answer() in-process: median {statistics.median(took) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=(*SETS, "all"))
    ap.add_argument("--misses", action="store_true", help="list the questions missed at top 1 (not for test)")
    ap.add_argument("--game", default="")
    args = ap.parse_args()
    kinds = [k for k in SETS if k not in BLIND] if args.set == "all" else [args.set]
    if args.misses and args.set in BLIND:
        ap.error(f"the {args.set} set is measured, never looked at: --misses is refused for it")
    games = tuple(g for g in GAMES if not args.game or g == args.game)
    for kind in kinds:
        absent = [path_of(kind, g).relative_to(ROOT) for g in games if not path_of(kind, g).exists()]
        if len(absent) == len(games):
            print(f"the {kind} set is not here: none of {', '.join(map(str, absent))} exists "
                  "(the lead adds these files when the set is measured)", file=sys.stderr)
            if args.set == kind:
                sys.exit(2)
        elif absent:
            print(f"warning: the {kind} set lacks {', '.join(map(str, absent))}: measured without those games",
                  file=sys.stderr)
    from companion.reference import index

    index()  # built once, outside the timings
    for kind in kinds:
        if not any(path_of(kind, g).exists() for g in games):
            continue
        print(f"== {kind} ({SETS[kind]}_<game>.toml)")
        show(kind, measure(kind, games, misses=args.misses and kind not in BLIND))


if __name__ == "__main__":
    main()
