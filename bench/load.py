"""Load benchmark: N tables, each with a shared screen and 6 phones on live event streams.

Every round, all tables run a sealed bid at once; we measure, per client, the time from the moment
the last answer is sent to the moment that client has re-fetched its own page fragment showing the
reveal (SSE hint -> HTML fetch, exactly what a real phone does). A ``progress`` event (an answer
that only says who has answered, companion/progress.py) is taken as static/app.js takes it: no
fetch when the client's fragment is at the version just before. Reports p50/p95/p99, the fetches
and patches, and the server's CPU use. Only talks to servers it starts itself on 127.0.0.1.

In one run it measures the project and the baselines of ``bench/echo.py`` (the same endpoints
from memory, with and without one fsync per action) one after another under the same load, and
prints the project's percentiles as ratios of theirs:

    python bench/load.py --tables 50 --rounds 3 --servers project,echo,echo-fsync
    DATABASE_URL=postgresql://... python bench/load.py --servers project --workers 4 --tables 1000
"""

from __future__ import annotations

from typing import Any, cast

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402
import gevent.pool  # noqa: E402
import psutil  # noqa: E402
import requests  # noqa: E402

PHONES = 6
#: what a client does on ``503`` + ``Retry-After`` (companion/web/admit.py): wait that long, with up
#: to half as much again at random (so shed clients do not all return at once), then ask again
BUSY = {"503": 0, "stream_503": 0, "reconnects": 0, "errors": 0}


def retry_delay(r: requests.Response) -> float:
    try:
        after = float(r.headers.get("Retry-After") or 1)
    except ValueError:
        after = 1.0
    return min(30.0, max(0.2, after)) * random.uniform(1.0, 1.5)


def polite(send: Any) -> requests.Response:
    """``send()`` again after each 503's Retry-After, as the pages do (static/app.js); a 503
    changed nothing, and an action keeps its Idempotency-Key, so asking again is safe."""
    resets = 0
    while True:
        try:
            r = cast("requests.Response", send())
        except requests.ConnectionError:
            # refused or reset before an answer (a listen queue overflowing): sent again, as a page
            # sends a tap the network lost, with the same key (docs/api.md)
            resets += 1
            BUSY["errors"] += 1
            if resets > 20:
                raise
            gevent.sleep(random.uniform(1.0, 3.0))
            continue
        if r.status_code != 503:
            return r
        BUSY["503"] += 1
        gevent.sleep(retry_delay(r))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return cast("int", s.getsockname()[1])


class Client:
    """One open page: an SSE stream; on each update it fetches its fragment and notes reveals."""

    def __init__(self, base: str, code: str, token: str | None) -> None:
        self.base, self.code = base, code
        self.session = requests.Session()
        self.session.trust_env = False
        self.view = "seat" if token else "screen"
        if token:
            self.session.cookies.set(f"seat_{code}", token)
        self.frag = f"{base}/t/{code}/frag/{self.view}"
        self.revealed_at: dict[str, float] = {}
        self.version = -1  # of the fragment last fetched, patched or pushed
        self.fetches = self.patched = self.pushed = 0
        self.connected = gevent.event.Event()

    def run(self) -> None:
        """Keep the stream open, as a page does: after a 503 (the server's admission or connection
        cap) wait its Retry-After; after a dropped stream, EventSource's own retry (1.5 s)."""
        while True:
            try:
                self.listen()
            except requests.RequestException:
                BUSY["errors"] += 1
            BUSY["reconnects"] += 1
            gevent.sleep(random.uniform(1.5, 3.0))

    def listen(self) -> None:
        # the page names its fragment, as templates/base/_live.html does: the server may push it
        url = f"{self.base}/api/tables/{self.code}/stream?push={self.view}"
        with self.session.get(url, stream=True, timeout=120) as r:
            if r.status_code != 200:
                BUSY["stream_503" if r.status_code == 503 else "errors"] += 1
                gevent.sleep(retry_delay(r))
                return
            self.connected.set()
            event, buf = None, ""
            for chunk in r.iter_content(chunk_size=None, decode_unicode=True):
                buf += chunk if isinstance(chunk, str) else chunk.decode()
                *lines, buf = buf.split("\n")
                for raw in lines:
                    if raw.startswith("event:"):
                        event = raw[6:].strip()
                    elif raw.startswith("data:") and event == "update":
                        self.fetch()
                    elif raw.startswith("data:") and event == "progress":
                        self.progress(json.loads(raw[5:]))
                    elif raw.startswith("data:") and event == "fragment":
                        self.take(json.loads(raw[5:]))

    def progress(self, data: dict[str, Any]) -> None:
        """A progress event (companion/progress.py), as static/app.js takes it: the new log lines
        are added when the fragment shows the version just before, else the page fetches."""
        if data["from"] == self.version:
            self.version = data["v"]
            self.patched += 1
        else:
            self.fetch()

    def take(self, data: dict[str, Any]) -> None:
        """A fragment pushed on the stream (companion/web/live_push.py): what a fetch would bring."""
        if data["v"] > self.version:
            self.pushed += 1
            self.seen(data["html"], data["v"])

    def fetch(self) -> None:
        try:
            # as htmx asks (a shed fetch is answered with the page's small toast, as to a real page)
            r = polite(lambda: self.session.get(self.frag, headers={"HX-Request": "true"}, timeout=30))
        except requests.RequestException:
            BUSY["errors"] += 1  # the next event fetches again
            return
        self.fetches += 1
        self.seen(r.text, int(r.headers.get("X-Table-Version") or -1))

    def seen(self, html: str, version: int) -> None:
        self.version = version
        now = time.perf_counter()
        for marker in [m for m in self.expect if m not in self.revealed_at]:
            if marker in html:
                self.revealed_at[marker] = now

    expect: list[str] = []


def tree_cpu(proc: psutil.Process) -> tuple[float, float]:
    """CPU seconds (user, system) of a server and its workers (``--workers`` forks them). The
    system part is mostly the loopback sockets: on one machine the kernel's delivery of every byte
    sent to a client is charged to the sender."""
    user = system = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        t = p.cpu_times()
        user, system = user + t.user, system + t.system
    return user, system


def start_server(kind: str, args: argparse.Namespace) -> tuple[str, subprocess.Popen[bytes]]:
    """Start one server on a free loopback port: the project, or an echo baseline."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    if kind.startswith("project"):
        # Hundreds of simulated devices share one loopback address here: lift the per-device limits
        # that protect a real table (docs/security.md), as the echo baselines have none.
        env.update(COMPANION_CONNECTIONS_PER_SOURCE="0", COMPANION_STREAM_LIMIT="100000",
                   COMPANION_TABLE_LIMIT="100000 per minute")
        # every process sees every table (its streams are spread over the workers): keep them all
        env["COMPANION_CACHE_TABLES"] = str(max(256, args.tables))
        if kind == "project-fetch":  # the same server with every page fetching on every change
            env.update(COMPANION_PROGRESS_EVENTS="0", COMPANION_PUSH_FRAGMENTS="0")
        if kind == "project-hint":  # progress events, but every other change a hint and a fetch
            env["COMPANION_PUSH_FRAGMENTS"] = "0"
        cmd = [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--quiet"]
        if args.workers > 1:
            cmd += ["--workers", str(args.workers)]  # needs DATABASE_URL (PostgreSQL)
        elif not args.postgres:
            env.pop("DATABASE_URL", None)
            cmd += ["--data-dir", tempfile.mkdtemp()]
    else:
        cmd = [sys.executable, os.path.join(here, "echo.py"), "--port", str(port)]
        cmd += ["--fsync"] if kind == "echo-fsync" else []
    # the server's own log, read at the end for pool timeouts (SQLAlchemy's "QueuePool limit ...")
    log = tempfile.NamedTemporaryFile(prefix=f"load-{kind}-", suffix=".log", delete=False)  # noqa: SIM115
    args.logs[kind] = log.name
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(600):
        try:
            requests.get(base + "/api/games", timeout=5)
            break
        except requests.RequestException:  # not listening yet, or workers still booting
            time.sleep(0.1)
    return base, proc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--servers", default="project,echo,echo-fsync",
                    help="comma-separated: project, project-hint (no fragment pushed on the stream: a "
                         "hint, then a fetch), project-fetch (nor progress events: every page fetches on "
                         "every change), echo, echo-fsync (measured one after another)")
    ap.add_argument("--workers", type=int, default=1, help="project server processes (PostgreSQL only)")
    ap.add_argument("--postgres", action="store_true", help="project on DATABASE_URL instead of SQLite")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--spread", type=float, default=10.0,
                    help="seconds over which the tables' bids are spread in each round (0 = all at once)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds between two players' answers at one table (0 = back to back)")
    ap.add_argument("--settle", type=float, default=60.0,
                    help="seconds after a round's last answer within which every reveal must arrive "
                         "(at least 3; a reveal later than that counts as missing)")
    args = ap.parse_args()
    args.logs = {}
    results = {}
    for kind in [k.strip() for k in args.servers.split(",") if k.strip()]:
        print(f"\n==== {kind}")
        results[kind] = measure(kind, args)
    print("\n== summary (same run, same load)")
    print(f"{'server':<14} {'p50':>8} {'p95':>8} {'p99':>8} {'missing':>8} {'CPU/reveal':>11} "
          f"{'503s':>6} {'pool t/o':>8}")
    for kind, r in results.items():
        print(f"{kind:<14} {r['p50']:>6.1f}ms {r['p95']:>6.1f}ms {r['p99']:>6.1f}ms {r['missing']:>8} "
              f"{r['cpu_ms']:>9.1f}ms {r['shed']:>6} {r['pool_timeouts']:>8}")
    for kind in ("project", "project-hint", "project-fetch"):
        for base_kind in ("echo", "echo-fsync"):
            if kind in results and base_kind in results and results[base_kind]["p99"]:
                p, b = results[kind], results[base_kind]
                print(f"{kind} / {base_kind}: p50 x{p['p50'] / b['p50']:.2f}  p95 x{p['p95'] / b['p95']:.2f}  "
                      f"p99 x{p['p99'] / b['p99']:.2f}  server CPU per reveal x{p['cpu_ms'] / b['cpu_ms']:.2f}")
    return 0 if all(r["missing"] == 0 and not r["pool_timeouts"] for r in results.values()) else 1


def measure(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """One server under the benchmark's load; returns its percentiles (ms) and missing reveals."""
    base, proc = start_server(kind, args)
    for key in BUSY:
        BUSY[key] = 0
    try:
        result = _measure(base, proc, args)
        with open(args.logs[kind], errors="replace") as log:
            text = log.read()
        # SQLAlchemy's words when a request waited pool_timeout (30 s) for a connection in vain
        result["pool_timeouts"] = text.count("QueuePool limit of size")
        print(f"pool timeouts (server log {args.logs[kind]}): {result['pool_timeouts']}")
        return result
    finally:
        if proc.poll() is None:  # never leave a server (or its workers) behind
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def _measure(base: str, proc: subprocess.Popen[bytes], args: argparse.Namespace) -> dict[str, Any]:
    server = psutil.Process(proc.pid)

    def new_table(_: int) -> tuple[str, list[str], list[Client]]:
        s = requests.Session()
        s.trust_env = False
        t = polite(lambda: s.post(f"{base}/api/tables", json={"game": "generic",
                                                               "options": {"seats": "A, B, C, D, E, F"}})).json()
        tokens = [polite(lambda i=i: s.post(f"{base}/api/tables/{t['code']}/seats",
                                            json={"seat": f"p{i}", "name": f"P{i}"})).json()["token"]
                  for i in range(1, PHONES + 1)]
        clients = [Client(base, t["code"], None)] + [Client(base, t["code"], tok) for tok in tokens]
        return t["code"], tokens, clients

    # a few tables at a time: a thousand one after another took 12 minutes on a busy machine
    tables = list(gevent.pool.Pool(8).imap(new_table, range(args.tables)))
    all_clients = [c for _, _, cs in tables for c in cs]
    greenlets = [gevent.spawn(c.run) for c in all_clients]
    for c in all_clients:
        c.connected.wait(timeout=60)
    gevent.sleep(1.0)
    print(f"{len(all_clients)} live clients connected on {len(tables)} tables")
    # The client must not measure itself: with a thousand streams its own collector paused it for
    # 10-35 ms dozens of times per round (up to 190 ms), delaying every reveal it was reading.
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)

    latencies: list[float] = []
    missing = 0
    cpu0 = tree_cpu(server)
    me = psutil.Process()
    me0 = me.cpu_times()
    wall0 = time.perf_counter()
    for rnd in range(1, args.rounds + 1):
        pid = f"g{rnd}"
        title = f"Round {rnd} bid"
        marker = f"Revealed &#34;{title}&#34;"  # as the log line reads in HTML
        Client.expect = [marker]

        def run_table(code: str, tokens: list[str], title: str = title, pid: str = pid) -> float:
            gevent.sleep(random.uniform(0, args.spread))
            s = requests.Session()
            s.trust_env = False

            def act(token: str, action: dict[str, Any]) -> None:
                # one tap: its key stays the same through 503s, as static/app.js keeps it
                headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": os.urandom(12).hex()}
                r = polite(lambda: s.post(f"{base}/api/tables/{code}/actions", headers=headers, json=action))
                r.raise_for_status()

            act(tokens[0], {"type": "open_prompt", "title": title, "kind": "number", "min": 0, "max": 20})
            for i in range(PHONES - 1):
                gevent.sleep(random.uniform(0, 2 * args.think))  # people tap one after another
                act(tokens[i], {"type": "answer", "prompt": pid, "value": i})
            gevent.sleep(random.uniform(0, 2 * args.think) or 0.2)
            t0 = time.perf_counter()  # from the first send: a wait for the server's Retry-After counts
            act(tokens[-1], {"type": "answer", "prompt": pid, "value": 7})
            return t0

        first = len(latencies)
        jobs = {code: gevent.spawn(run_table, code, tokens) for code, tokens, _ in tables}
        gevent.joinall(list(jobs.values()))
        # every reveal has long arrived after a few seconds on a server within its capacity; past
        # it, wait up to --settle seconds for the last ones (a reveal later than that is missing)
        gevent.sleep(3.0 + (0 if args.spread else 2.0))
        deadline = time.perf_counter() + max(0.0, args.settle - 3.0)
        while time.perf_counter() < deadline and any(marker not in c.revealed_at for c in all_clients):
            gevent.sleep(0.5)
        for code, _, clients in tables:
            t0 = jobs[code].get()  # re-raises a table's failure instead of measuring nothing
            for c in clients:
                at = c.revealed_at.get(marker)
                if at is None:
                    missing += 1
                else:
                    latencies.append((at - t0) * 1000)
        this_round = sorted(latencies[first:])
        worst = (f", this round p50 {this_round[len(this_round) // 2]:.0f} ms, max {this_round[-1]:.0f} ms"
                 if this_round else "")
        print(f"round {rnd}: {len(latencies)} reveals measured so far, {missing} missing{worst}")
    wall = time.perf_counter() - wall0
    if server:
        cpu1 = tree_cpu(server)
        user, system = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
        cpu = user + system
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]

    print("\n== result")
    print(f"spread={args.spread}s think={args.think}s tables={len(tables)} live_clients={len(all_clients)} rounds={args.rounds} reveals={len(latencies)} missing={missing}")
    if latencies:
        print(f"last answer -> client shows reveal: p50={pct(50):.1f} ms  p95={pct(95):.1f} ms  "
              f"p99={pct(99):.1f} ms  max={latencies[-1]:.1f} ms  mean={statistics.mean(latencies):.1f} ms")
    if server:
        print(f"server CPU: {cpu:.1f} s over {wall:.1f} s wall = {100 * cpu / wall:.0f}% of one core "
              f"(user {user:.1f} s, system {system:.1f} s); "
              f"RSS {sum(p.memory_info().rss for p in [server, *server.children(recursive=True)]) / 2**20:.0f} MiB")
        # issue 41: the figure to halve, comparable between the project and the echoes of one run
        per = f"{1000 * cpu / len(latencies):.1f} ms" if latencies else "n/a (no reveal delivered)"
        print(f"server CPU per delivered reveal: {per}")
    fetched, patched = sum(c.fetches for c in all_clients), sum(c.patched for c in all_clients)
    pushed = sum(c.pushed for c in all_clients)
    print(f"pages: {fetched} fragment fetches, {patched} progress events taken without a fetch, "
          f"{pushed} fragments pushed on the stream")
    print(f"back-pressure: {BUSY['503']} requests answered 503 and sent again after Retry-After, "
          f"{BUSY['stream_503']} streams refused (503) and reopened, {BUSY['reconnects']} stream "
          f"reconnections in all, {BUSY['errors']} client errors (timeouts, resets)")
    me1 = me.cpu_times()
    mine = (me1.user + me1.system) - (me0.user + me0.system)
    print(f"benchmark client CPU (same machine): {mine:.1f} s = {100 * mine / wall:.0f}% of one core")
    gevent.killall(greenlets, block=True, timeout=10)  # before the server stops under them
    nothing = float("nan")
    return {"p50": pct(50) if latencies else nothing, "p95": pct(95) if latencies else nothing,
            "p99": pct(99) if latencies else nothing, "missing": missing,
            "cpu_ms": 1000 * cpu / len(latencies) if server and latencies else nothing,
            "shed": BUSY["503"] + BUSY["stream_503"]}


if __name__ == "__main__":
    sys.exit(main())
