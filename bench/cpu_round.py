"""In-process CPU per table-round (issue 41): the server's own CPU time for the work of one sealed
bid, without sockets, a second process or the run queue of a shared machine.

``--tables`` generic tables, each with a shared screen and six phones on their real event streams
(``/api/tables/<code>/stream?push=...`` through Flask's test client, one thread per stream, as
tests/api/test_progress.py reads them); every round each table runs the bid of ``bench/load.py``
(an ``open_prompt`` and six answers through ``POST /api/tables/<code>/actions``), and the harness
waits after each action until every stream of the table has sent its event. The figure is the
process's CPU time (all threads) per table-round: CPU time, unlike latency, is hardly moved by the
other programs sharing the cores.

    python bench/cpu_round.py --tables 10 --rounds 8 [--repeat 3] [--profile out.prof]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import queue
import sys
import tempfile
import threading
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from companion import create_app  # noqa: E402

PHONES = 6


class Stream:
    """One page's event stream through the test client, in a thread of its own."""

    def __init__(self, app: Any, code: str, token: str | None, push: str) -> None:
        self.dev = app.test_client()
        if token:
            self.dev.set_cookie(f"seat_{code}", token)
        self.url = f"/api/tables/{code}/stream?push={push}"
        self.messages: queue.Queue[str] = queue.Queue()
        self.stop = threading.Event()
        self.kinds: dict[str, int] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.take()  # retry:
        self.take()  # the first update

    #: set to a list by ``--profile``: each stream thread profiles itself into it
    profiles: list[cProfile.Profile] | None = None

    def _run(self) -> None:
        response = self.dev.get(self.url, buffered=False, headers={"Accept-Language": "en"})
        try:
            for chunk in response.response:
                if Stream.profiles is not None and not getattr(self, "profiler", None):
                    self.profiler = cProfile.Profile(time.thread_time)
                    Stream.profiles.append(self.profiler)
                    self.profiler.enable()
                self.messages.put(chunk.decode())
                if self.stop.is_set():
                    break
        finally:
            response.close()

    def take(self) -> str:
        while True:
            message = self.messages.get(timeout=60)
            if not message.startswith("event: ping"):
                kind = message.split("\n", 1)[0].removeprefix("event: ")
                self.kinds[kind] = self.kinds.get(kind, 0) + 1
                return message


SPENT: dict[str, float] = {}


def split() -> None:
    """Wrap the three costs of a round with per-thread CPU clocks (``--split``)."""
    from companion.tables import Tables
    from companion.web import live_stream

    def timed(name: str, fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            t0 = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                SPENT[name] = SPENT.get(name, 0.0) + time.thread_time() - t0
        return wrapper

    names = vars(live_stream)  # what the stream calls, as it looks the names up
    names["fragment_data"] = timed("pushed fragments", names["fragment_data"])
    names["progress_data"] = timed("progress events", names["progress_data"])
    if "screen_parts_data" in names:  # the TV's parts (issue 41)
        names["screen_parts_data"] = timed("screen parts", names["screen_parts_data"])
    from companion.web import live_push
    # the shared screen's whole fragments, a part of the pushed fragments' figure
    live_push.RENDERERS["screen"] = timed("of which the TV's", live_push.RENDERERS["screen"])
    Tables.act = timed("Tables.act", Tables.act)  # type: ignore[method-assign]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=1, help="measure the rounds this many times")
    ap.add_argument("--profile", help="write a cProfile of the measured rounds (main thread and streams) here")
    ap.add_argument("--split", action="store_true",
                    help="also print the CPU time spent in renders, actions and progress events")
    args = ap.parse_args()
    if args.split:
        split()
    os.environ.update(COMPANION_CONNECTIONS_PER_SOURCE="0", COMPANION_STREAM_LIMIT="100000",
                      COMPANION_TABLE_LIMIT="100000 per minute")
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "TESTING": True,
                      "RANDOM_SEED": 20261122})
    client = app.test_client()
    tables = []
    for _ in range(args.tables):
        r = client.post("/api/tables", json={"game": "generic", "options": {"seats": "A, B, C, D, E, F"}})
        code = r.get_json()["code"]
        tokens = [client.post(f"/api/tables/{code}/seats", json={"seat": f"p{i}", "name": f"P{i}"}).get_json()["token"]
                  for i in range(1, PHONES + 1)]
        streams = [Stream(app, code, None, "screen")] + [Stream(app, code, t, "seat") for t in tokens]
        tables.append((code, tokens, streams))

    rnd = 0

    def one_round() -> None:
        nonlocal rnd
        rnd += 1
        for code, tokens, streams in tables:
            actions = [(tokens[0], {"type": "open_prompt", "title": f"Round {rnd} bid", "kind": "number",
                                    "min": 0, "max": 20})]
            actions += [(tokens[i], {"type": "answer", "prompt": f"g{rnd}", "value": i}) for i in range(PHONES)]
            for token, action in actions:
                r = client.post(f"/api/tables/{code}/actions", json=action,
                                headers={"Authorization": f"Bearer {token}", "Idempotency-Key": os.urandom(12).hex()})
                assert r.status_code == 200, r.get_json()
                for st in streams:
                    st.take()

    one_round()  # warm-up: imports, template compilation, caches
    SPENT.clear()
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    if profiler:
        Stream.profiles = [profiler]
    results = []
    for _ in range(args.repeat):
        for _code, _tokens, streams in tables:
            for st in streams:
                st.kinds.clear()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        for _ in range(args.rounds):
            one_round()
        if profiler:
            profiler.disable()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        kinds: dict[str, int] = {}
        for _code, _tokens, streams in tables:
            for st in streams:
                for k, n in st.kinds.items():
                    kinds[k] = kinds.get(k, 0) + n
        per = 1000 * cpu / (args.tables * args.rounds)
        results.append(per)
        if SPENT:
            print("   " + ", ".join(f"{k} {1000 * v / (args.tables * args.rounds):.1f} ms" for k, v in SPENT.items()))
            SPENT.clear()
        print(f"{per:.1f} ms CPU per table-round ({cpu:.2f} s CPU over {wall:.2f} s wall); events per "
              f"table-round: " + ", ".join(f"{k} {n / (args.tables * args.rounds):.1f}" for k, n in sorted(kinds.items())))
    if profiler and args.profile and Stream.profiles:
        for st in (st for _c, _t, streams in tables for st in streams):
            if getattr(st, "profiler", None):
                st.profiler.disable()  # from another thread: stops it counting, keeps its stats
        stats = pstats.Stats(*Stream.profiles)
        stats.dump_stats(args.profile)
    print(f"best {min(results):.1f} ms, median {sorted(results)[len(results) // 2]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
