"""Rules reference search latency: the engine alone and through the HTTP API (Flask test client).

    .venv/bin/python bench/rules_search.py [--repeat 20]

Every question of ``tests/reference/questions_<game>.toml`` is asked ``--repeat`` times (after one
warm-up pass), each timed on its own. Prints the index build time, then p50/p95/p99/max per path
and the machine's load average (the 2-core machine is shared: read the numbers with it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def questions() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((ROOT / "tests" / "reference").glob("questions_*.toml")):
        game = path.stem.removeprefix("questions_")
        with open(path, "rb") as fh:
            out += [(game, q["lang"], q["text"]) for q in tomllib.load(fh).get("q", [])]
    return out


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def report(name: str, ms: list[float]) -> None:
    print(f"{name:8} n={len(ms):5}  p50 {statistics.median(ms):6.2f} ms  p95 {pct(ms, 95):6.2f} ms  "
          f"p99 {pct(ms, 99):6.2f} ms  max {max(ms):6.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    from companion.games import registry

    registry()
    t0 = time.perf_counter()
    from companion.reference import index, references, search

    refs = references()
    t1 = time.perf_counter()
    index()
    t2 = time.perf_counter()
    entries = sum(len(r.entries) for r in refs.values())
    print(f"load+validate {1000 * (t1 - t0):.0f} ms, index build {1000 * (t2 - t1):.0f} ms "
          f"({len(refs)} games, {entries} entries x 2 languages)")
    qs = questions()
    for game, lang, text in qs:  # warm-up
        search(game, text, lang, 10)
    engine = []
    for _ in range(args.repeat):
        for game, lang, text in qs:
            s = time.perf_counter()
            search(game, text, lang, 10)
            engine.append(1000 * (time.perf_counter() - s))
    report("engine", engine)

    from companion import create_app

    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "TESTING": True})
    client = app.test_client()
    api = []
    for _ in range(max(1, args.repeat // 4)):
        for game, lang, text in qs:
            gid = game.replace("_", "-")
            s = time.perf_counter()
            r = client.get(f"/api/games/{gid}/rules", query_string={"q": text, "lang": lang})
            api.append(1000 * (time.perf_counter() - s))
            assert r.status_code == 200
    report("HTTP API", api)
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
