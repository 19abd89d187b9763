"""Rules reference search: latency in-process and through the real server, and the model's memory.

    .venv/bin/python bench/rules_search.py [--repeat 5]

Questions: the team's set and the blind set's dev half (``tests/reference/questions_*.toml``,
``blind_dev_*.toml``; the blind test half is never read by benchmarks). Each is asked ``--repeat``
times (after one warm-up pass), each timed on its own:

- ``words``: the word stage alone (BM25F, what the search was before issue 35), in-process: the
  baseline of this same run;
- ``engine``: the whole search (words, phrasing stage, learned ranker, confidence), in-process;
- ``HTTP``: ``GET /api/games/<game>/rules?q=`` on ``companion serve`` (gevent, SQLite) started by
  this script on a free port, through a real socket (``requests``);
- ``HTTP entry``: ``GET /api/games/<game>/rules/<id>`` on the same server, the same routing and JSON
  without a search: the HTTP baseline of this run.

Then the memory the phrasing and meaning stages hold (the meaning stage's encoder too) (its matrices and vocabularies, per game and language) and
what building the whole index allocated (tracemalloc), and the machine's load average (the 2-core
machine is shared: read the numbers with it, and the ratios against the same run's baselines).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import tracemalloc
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def questions() -> list[tuple[str, str, str]]:
    out = []
    for pattern in ("questions_*.toml", "blind_dev_*.toml"):
        for path in sorted((ROOT / "tests" / "reference").glob(pattern)):
            game = path.stem.removeprefix("questions_").removeprefix("blind_dev_")
            with open(path, "rb") as fh:
                out += [(game, q["lang"], q["text"]) for q in tomllib.load(fh).get("q", [])]
    return out


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def report(name: str, ms: list[float], base: list[float] | None = None) -> None:
    ratio = f"  (p50 x{statistics.median(ms) / statistics.median(base):.1f}, p95 x{pct(ms, 95) / pct(base, 95):.1f}" \
            " of the baseline)" if base else ""
    print(f"{name:11} n={len(ms):5}  p50 {statistics.median(ms):6.2f} ms  p95 {pct(ms, 95):6.2f} ms  "
          f"p99 {pct(ms, 99):6.2f} ms  max {max(ms):7.2f} ms{ratio}")


def timed(fn, items, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    for item in items:  # warm-up
        fn(*item)
    out = []
    for _ in range(repeat):
        for item in items:
            s = time.perf_counter()
            fn(*item)
            out.append(1000 * (time.perf_counter() - s))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    from companion.games import registry

    registry()
    from companion.reference import index, references

    refs = references()
    tracemalloc.start()
    t0 = time.perf_counter()
    idx = index()
    built = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    entries = sum(len(r.entries) for r in refs.values())
    stage = sum(p.nbytes() for p in idx.phrasings.values())
    from companion.reference import meaning

    encoder = meaning.encoder().nbytes() if meaning.available() else 0
    print(f"index build {1000 * built:.0f} ms ({len(refs)} games, {entries} entries x 2 languages); "
          f"the index holds {held / 2**20:.1f} MB (peak {peak / 2**20:.1f} MB while building), "
          f"of which the phrasing and meaning stages' matrices and vocabularies {stage / 2**20:.1f} MB; "
          f"the meaning stage's encoder {encoder / 2**20:.1f} MB; the model in all {(stage + encoder) / 2**20:.1f} MB")
    qs = questions()
    words = timed(lambda g, lang, text: idx.by_words(g, text, lang, 10), qs, args.repeat)
    engine = timed(lambda g, lang, text: idx.answer(g, text, lang, 10), qs, args.repeat)
    report("words", words)
    report("engine", engine, words)

    port = free_port()
    data = tempfile.mkdtemp()
    server = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--data-dir", data, "--quiet"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        http = requests.Session()
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if http.get(f"{url}/api/games/lcg/rules/griff", timeout=30).status_code == 200:
                    break  # the first answer builds the index: seconds on a busy machine
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.1)
        first = {g: next(iter(r.entries)) for g, r in refs.items()}

        def ask(g: str, lang: str, text: str) -> None:
            r = http.get(f"{url}/api/games/{g.replace('_', '-')}/rules", params={"q": text, "lang": lang}, timeout=30)
            assert r.status_code == 200, r.status_code

        def entry(g: str, lang: str, text: str) -> None:
            r = http.get(f"{url}/api/games/{g.replace('_', '-')}/rules/{first[g]}", params={"lang": lang}, timeout=30)
            assert r.status_code == 200, r.status_code

        base = timed(entry, qs, 1)
        over = timed(ask, qs, 1)
        report("HTTP entry", base)
        report("HTTP", over, base)
    finally:
        server.terminate()
        server.wait(10)
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
