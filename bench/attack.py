"""A repeatable attack run, as a hostile device on the same Wi-Fi would try it (docs/security.md).

    PYTHONPATH=. python bench/attack.py            # prints the figures as Markdown

1. Stored XSS: the hostile strings of tests/security in every user-controlled field of every game,
   every page and fragment fetched; counts the fields x pages tried and any raw markup found.
2. Leak fetches: a host (a player too) fetches every HTTP route after secrets are dealt and sealed,
   then tries to import what it got; counts fetches, secrets found, imports accepted.
3. Room codes: guesses against a real ``companion serve`` until the first 429.
4. Descriptors: a real ``companion serve`` under a 256-descriptor hard limit (the macOS default),
   300 idle connections opened; what a new request gets, and after the idle timeout.
5. Refusal twins: tables differing only in a hidden value (tests/security/test_attack_refusals.py);
   the host token, a seat with host rights and a plain seat probe both; counts answers that differ.
6. Lone surrogates: ``"\\ud800"`` in every text field of tests/security/test_unicode.py; counts
   the ones accepted and the pages that fail afterwards.
7. Code routes: every route that takes a room code (tests/security/test_limits.py), each from a
   fresh source: guesses until the first 429; strangers' answers for a real and a missing table
   compared; a 16-thread burst against a real server.
8. Memory: a real ``companion serve`` fed random words through the rules search by 4 clients for
   ``--search-seconds`` (default 600); the server's RSS over time.
9. Connections: one address against a real ``companion serve``: idle sockets and event streams held.
10. Floods: tables and imports one address gets a minute (real server), and a page's latency while
    3 parallel 10,000-event imports run (imports let in from 3 addresses, in-process gevent server).

    PYTHONPATH=. python bench/attack.py --only codes,memory,connections,floods --search-seconds 60
"""

from __future__ import annotations

import json
import os
import random
import resource
import socket
import string
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import requests
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from tests.conftest import Api, csrf_token  # noqa: E402
from tests.security import test_attack_refusals, test_limits, test_unicode, test_xss  # noqa: E402
from tests.security.hostile import RAW_MARKERS  # noqa: E402


class CountingClient:
    """A Flask test client that counts page fetches and raw markup found."""

    def __init__(self, client: FlaskClient) -> None:
        self.client, self.pages, self.raw = client, 0, 0

    def get(self, *args: Any, **kwargs: Any) -> TestResponse:
        r = self.client.get(*args, **kwargs)
        self.pages += 1
        body = r.get_data(as_text=True)
        self.raw += sum(m in body for m in RAW_MARKERS)
        return r

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


def xss_run(tmp: str) -> dict[str, Any]:
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "ROOM_CODE_LIMIT": "100000 per minute"})
    client = CountingClient(app.test_client())
    api = Api(client)
    scenarios = [(name, fn) for name, fn in vars(test_xss).items() if name.startswith("test_") and
                 name not in ("test_template_gettext_escapes_user_text", "test_player_names_everywhere")]
    for _name, fn in scenarios:
        fn(api, client)
    for game in ("agot", "immortals", "catan-watch", "lcg", "generic"):
        test_xss.test_player_names_everywhere(api, client, game)
    return {"scenarios": len(scenarios) + 5, "pages_fetched": client.pages, "raw_markup_found": client.raw}


def leak_run(tmp: str) -> dict[str, Any]:
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "ROOM_CODE_LIMIT": "100000 per minute"})
    client = app.test_client()
    api = Api(client)
    secret_plot, secret_bid = "Zzq Secret Plot", 9731
    fetches = found = imported = 0
    tables = []
    t = api.create("lcg", {"players": 3, "autopass_start": "structure"})
    tok = {s: api.join(t["code"], s, s) for s in ("p1", "p2", "p3")}
    api.ok(t["code"], tok["p1"], {"type": "add_plot", "name": secret_plot, "gold": 5, "initiative": 3, "claim": 1})
    api.ok(t["code"], tok["p1"], {"type": "answer", "value": {"name": secret_plot, "gold": 5, "initiative": 3,
                                                              "claim": 1, "when_revealed": False}})
    tables.append((t, tok, secret_plot))
    t = api.create("generic", {"seats": "A, B"})
    tok = {s: api.join(t["code"], s, s) for s in ("p1", "p2")}
    api.ok(t["code"], t["host_token"], {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0,
                                        "max": 9999})
    api.ok(t["code"], tok["p1"], {"type": "answer", "prompt": "g1", "value": secret_bid})
    tables.append((t, tok, str(secret_bid)))
    for t, tok, secret in tables:
        code, host = t["code"], api.auth(t["host_token"])
        client.set_cookie(f"host_{code}", t["host_token"])
        client.set_cookie(f"seat_{code}", tok["p2"])
        urls = [f"/api/tables/{code}", f"/api/tables/{code}/log", f"/api/tables/{code}/export",
                f"/t/{code}/export", f"/t/{code}/screen", f"/t/{code}/frag/screen", f"/t/{code}/frag/host",
                f"/t/{code}/frag/seat", f"/t/{code}/log", f"/t/{code}/seat"]
        for url in urls:
            for headers in (host, api.auth(tok["p2"]), {}):
                body = client.get(url, headers=headers).get_data(as_text=True)
                fetches += 1
                found += secret in body
        record = client.get(f"/api/tables/{code}/export", headers=host).get_json()
        imported += client.post("/api/tables/import", json=record).status_code == 201
    return {"fetches": fetches, "secrets_found": found, "imports_of_http_exports_accepted": imported}


def twin_run(tmp: str) -> dict[str, Any]:
    """Each scenario's probes against its twins: answers that differ tell a device a secret."""
    probes = differing = 0
    for script, twins in ((test_attack_refusals._immortals, "BC"), (test_attack_refusals._generic, "B"),
                          (test_attack_refusals._lcg, "B"), (test_attack_refusals._agot_orders, "B"),
                          (test_attack_refusals._agot_house_card, "B")):
        base = test_attack_refusals._answers(Path(tmp) / script.__name__, "A", script)
        for variant in twins:
            other = test_attack_refusals._answers(Path(tmp) / script.__name__, variant, script)
            probes += len(base) - 1
            differing += sum(base[k] != other[k] for k in base)
    return {"scenarios": 5, "probes_per_twin_pair": probes, "answers_that_differ": differing}


def surrogate_run(tmp: str) -> dict[str, Any]:
    """Every text field of every game with a lone surrogate: accepted, then the table's pages."""
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "ROOM_CODE_LIMIT": "100000 per minute"})
    api = Api(app.test_client())
    tried = accepted = pages = failed = 0
    for game, options, who, action, _field in test_unicode.ACTIONS:
        code, host, tokens = test_unicode._table(api, game, options)
        r = api.act(code, host if who == "host" else next(iter(tokens.values())), action)
        tried, accepted = tried + 1, accepted + (r.status_code < 400)
        for url in test_unicode.PAGES:
            pages += 1
            try:  # TESTING propagates a view's exception instead of answering 500
                failed += api.client.get(url.format(c=code)).status_code >= 500
            except Exception:  # noqa: BLE001 - a failed page is what this run counts
                failed += 1
    return {"fields_tried": tried, "accepted": accepted, "pages_fetched": pages, "pages_failed": failed}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return cast("int", s.getsockname()[1])


def start_server(tmp: str, fd_limit: int | None = None, idle: float = 45.0) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)

    def limit() -> None:
        if fd_limit:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                             str(port), "--data-dir", tmp, "--quiet", "--idle-timeout", str(idle)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limit)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            requests.get(url + "/api/games", timeout=1)
            return proc, url
        except requests.RequestException:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def guess_run(tmp: str) -> dict[str, Any]:
    proc, url = start_server(tmp)
    try:
        started, guesses, status = time.monotonic(), 0, 404
        session = requests.Session()
        while status != 429 and guesses < 1000:
            guesses += 1
            status = session.get(f"{url}/api/tables/Q{guesses:04d}", timeout=5).status_code
        took = time.monotonic() - started
        message = session.get(f"{url}/api/tables/ZZZZ", timeout=5).json()["error"]
    finally:
        proc.kill()
        proc.wait()
    return {"guesses_until_429": guesses, "seconds": round(took, 2), "message": message,
            "days_to_sweep_160000_codes_from_one_address": round(160_000 / 20 / 60 / 24, 1)}


def fd_run(tmp: str) -> dict[str, Any]:
    idle = 5.0
    proc, url = start_server(tmp, fd_limit=256, idle=idle)
    held = []
    try:
        for _ in range(300):
            try:
                held.append(socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1])), timeout=2))
            except OSError:
                break
        time.sleep(0.5)
        started = time.monotonic()
        during: int | str
        try:
            r = requests.get(url + "/api/games", timeout=10)
            during = r.status_code
        except requests.RequestException as err:
            during = type(err).__name__
        during_s = time.monotonic() - started
        refused = 0
        for s in held:
            s.settimeout(0.2)
            try:
                refused += s.recv(12).startswith(b"HTTP/1.1 503")
            except OSError:
                pass
        time.sleep(idle + 1.0)
        after = requests.get(url + "/api/games", timeout=10).status_code
    finally:
        for s in held:
            s.close()
        proc.kill()
        proc.wait()
    return {"fd_limit": 256, "idle_connections_opened": len(held), "answered_503_at_once": refused,
            "new_request_while_held": during, "new_request_seconds": round(during_s, 3),
            "idle_timeout_s": idle, "new_request_after_timeout": after}


def code_routes_run(tmp: str) -> dict[str, Any]:
    """Each code route from its own source: answers until 429; strangers' answers real vs missing."""
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "TABLE_LIMIT": "1000 per minute"})
    client = app.test_client()
    real = client.post("/api/tables", json={"game": "generic"}).get_json()["code"]
    csrf = csrf_token(client)
    until: dict[str, int] = {}
    same = differ = 0
    for n, (method, route, kind) in enumerate(test_limits.ROUTES):
        source = {"REMOTE_ADDR": f"192.168.{n // 200}.{n % 200 + 1}"}
        answers = 0
        while answers < 200:
            answers += 1
            r = test_limits._send(client, method, route, f"Q{answers:03d}", csrf, environ_base=source)
            if r.status_code == 429:
                break
        until[f"{method} {route.format('<code>')}"] = answers
        if kind != "public":
            stranger = {"REMOTE_ADDR": f"10.9.{n}.1"}
            a = test_limits._send(client, method, route, real, csrf, environ_base=stranger)
            b = test_limits._send(client, method, route, "QQQQ", csrf, environ_base=stranger)
            alike = a.status_code == b.status_code and \
                a.get_data(as_text=True).replace(real, "QQQQ") == b.get_data(as_text=True)
            same, differ = same + alike, differ + (not alike)
    proc, url = start_server(tmp + "/burst")
    try:
        with ThreadPoolExecutor(16) as pool:
            burst = list(pool.map(lambda i: requests.get(f"{url}/api/tables/Q{i:03d}", timeout=10).status_code,
                                  range(200)))
    finally:
        proc.kill()
        proc.wait()
    return {"routes": len(until), "answers_until_429": sorted(set(until.values())),
            "per_route": until, "stranger_routes_real_vs_missing_alike": same, "differing": differ,
            "burst_200_guesses_16_threads_404": burst.count(404), "burst_429": burst.count(429)}


def _rss(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 2**20


def memory_run(tmp: str, seconds: float) -> dict[str, Any]:
    """4 clients send queries of 5 random words to the rules search for ``seconds``; RSS sampled."""
    proc, url = start_server(tmp)
    stop = time.monotonic() + seconds
    sent = [0]

    def client(seed: int) -> None:
        rnd = random.Random(seed)
        with requests.Session() as session:
            while time.monotonic() < stop:
                q = " ".join("".join(rnd.choices(string.ascii_lowercase, k=rnd.randint(6, 12))) for _ in range(5))
                session.get(f"{url}/api/games/agot/rules", params={"q": q, "lang": rnd.choice(["en", "pt_BR"])},
                            timeout=30)
                sent[0] += 1

    samples = [(0.0, round(_rss(proc.pid), 1))]
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(4) as pool:
            for i in range(4):
                pool.submit(client, i)
            while time.monotonic() < stop:
                time.sleep(min(10.0, max(0.1, stop - time.monotonic())))
                samples.append((round(time.monotonic() - started), round(_rss(proc.pid), 1)))
    finally:
        proc.kill()
        proc.wait()
    half = [rss for t, rss in samples if t >= seconds / 2]
    return {"seconds": seconds, "queries": sent[0], "words": sent[0] * 5, "rss_mb": samples,
            "rss_growth_second_half_mb": round(max(half) - min(half), 1) if half else None}


def connections_run(tmp: str) -> dict[str, Any]:
    """One address: idle sockets and event streams it can hold; a new request meanwhile."""
    proc, url = start_server(tmp)
    port = int(url.rsplit(":", 1)[1])
    held, streams = [], []
    try:
        for _ in range(100):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        time.sleep(0.5)
        turned = 0
        for s in held:
            s.settimeout(0.2)
            try:
                turned += s.recv(12).startswith(b"HTTP/1.1 503")
            except OSError:
                pass
        kept = len(held) - turned
        started = time.monotonic()
        during = requests.get(url + "/api/games", timeout=10).status_code
        during_s = time.monotonic() - started
        for s in held:
            s.close()
        time.sleep(0.5)
        code = requests.post(f"{url}/api/tables", json={"game": "generic"}, timeout=10).json()["code"]
        refused_stream = None
        for _ in range(40):
            r = requests.get(f"{url}/api/tables/{code}/stream", stream=True, timeout=10)
            if r.status_code != 200:
                refused_stream = r.status_code
                r.close()
                break
            streams.append(r)
    finally:
        for r in streams:
            r.close()
        proc.kill()
        proc.wait()
    return {"idle_sockets_opened": len(held), "held": kept, "answered_503_at_once": turned,
            "same_address_new_request": during, "seconds": round(during_s, 3),
            "streams_held": len(streams), "next_stream": refused_stream}


def floods_run(tmp: str) -> dict[str, Any]:
    """Tables and imports per minute from one address (real server); page latency during imports."""
    proc, url = start_server(tmp)
    try:
        tables = 0
        while tables < 500 and requests.post(f"{url}/api/tables", json={"game": "generic"},
                                             timeout=10).status_code == 201:
            tables += 1
        imports, status = 0, 201
        export = _big_export(tmp, 1)
        while imports < 200 and status == 201:
            status = requests.post(f"{url}/api/tables/import", json=export, timeout=30).status_code
            imports += status == 201
    finally:
        proc.kill()
        proc.wait()
    return {"tables_per_minute_one_address": tables, "imports_per_minute_one_address": imports,
            **_import_latency(tmp)}


def _big_export(tmp: str, events: int) -> dict[str, Any]:
    from companion.tables import Viewer

    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp + "/export", "TESTING": True})
    svc = app.extensions["companion.tables"]
    code, _host = svc.create("generic", {})
    data = svc.export(code, Viewer(host=True))
    roll = {"kind": "action", "actor": {"seat": None, "host": True}, "action": {"type": "roll", "dice": "2d6"},
            "rng_seed": 7, "time": 0.0}
    data["events"] += [dict(roll, seq=i + 2) for i in range(events - 1)]
    svc.db.dispose()
    return cast("dict[str, Any]", data)


IMPORT_LATENCY = """
import json, statistics, sys, time
from gevent import monkey; monkey.patch_all()
import gevent, requests
from gevent.pywsgi import WSGIServer
from companion import create_app
from companion.server import guarded_server_class
app = create_app({"DATABASE_URL": "", "DATA_DIR": sys.argv[1], "TABLE_LIMIT": "1000 per minute"})
server = guarded_server_class(WSGIServer)(("127.0.0.1", 0), app, log=None, max_connections=200)
server.start()
url = f"http://127.0.0.1:{server.server_port}"
code = requests.post(url + "/api/tables", json={"game": "generic"}).json()["code"]
data = json.load(open(sys.argv[2]))
def page(n):
    out = []
    for _ in range(n):
        t = time.perf_counter(); requests.get(f"{url}/api/tables/{code}", timeout=120); out.append(time.perf_counter() - t)
        gevent.sleep(0.05)
    return out
base = page(20)
done = []
def imp(i):
    r = requests.post(url + "/api/tables/import", json=data, timeout=600)
    done.append(r.status_code)
jobs = [gevent.spawn(imp, i) for i in range(3)]
gevent.sleep(0.5)
during = []
while len(done) < 3:
    during += page(1)
gevent.joinall(jobs)
print(json.dumps({"page_p50_ms_before": round(statistics.median(base) * 1000, 1),
                  "page_p50_ms_during_3_imports": round(statistics.median(during) * 1000, 1),
                  "page_max_ms_during": round(max(during) * 1000, 1), "pages_during": len(during),
                  "imports": done}))
"""


def _import_latency(tmp: str, events: int = 10_000) -> dict[str, Any]:
    """A page's latency on a gevent server (as ``companion serve``) while 3 imports of ``events`` run."""
    path = Path(tmp) / "big.json"
    path.write_text(json.dumps(_big_export(tmp, events)))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", IMPORT_LATENCY, tmp + "/latency", str(path)], env=env,
                         capture_output=True, text=True, timeout=1200)
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return {"import_events": events, **json.loads(out.stdout.strip().splitlines()[-1])}


def _agot_export(tmp: str, events: int) -> dict[str, Any]:
    """An AGoT table's continuation export padded to ``events`` with host-rights events (Stark's
    phone given host rights and taken back again): each is cheap to replay, as a long log of one
    evening's small changes is, and the history replayed all of them on every ask."""
    from companion.tables import Viewer

    app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp + "/agot-export", "TESTING": True})
    svc = app.extensions["companion.tables"]
    code, host = svc.create("agot", {"players": 4, "decks": "physical"})
    svc.act(code, Viewer(host=True), {"type": "start"})
    data = svc.export(code, Viewer(host=True))
    pad = [{"kind": "host", "actor": {"seat": None, "host": True}, "rng_seed": 0, "time": 0.0,
            "action": {"seat": "stark", "on": i % 2 == 0}} for i in range(events - len(data["events"]))]
    data["events"] += pad
    svc.db.dispose()
    return cast("dict[str, Any]", data)


STORY_ATTACK = """
import json, statistics, sys, time
from gevent import monkey; monkey.patch_all()
import gevent, requests
from gevent.pywsgi import WSGIServer
from sqlalchemy import text
from companion import create_app
from companion.server import guarded_server_class
app = create_app({"DATABASE_URL": "", "DATA_DIR": sys.argv[1], "TABLE_LIMIT": "1000 per minute"})
server = guarded_server_class(WSGIServer)(("127.0.0.1", 0), app, log=None, max_connections=200)
server.start()
url = f"http://127.0.0.1:{server.server_port}"
victim = requests.post(url + "/api/tables", json={"game": "generic"}).json()["code"]
data = json.load(open(sys.argv[2]))
seconds = float(sys.argv[3])
def page(n):
    out = []
    for _ in range(n):
        t = time.perf_counter(); requests.get(f"{url}/api/tables/{victim}", timeout=120)
        out.append(time.perf_counter() - t); gevent.sleep(0.05)
    return out
def ms(xs):
    return round(statistics.median(xs) * 1000, 1) if xs else None
idle = page(40)
t0 = time.perf_counter()
codes = [requests.post(url + "/api/tables/import", json=data, timeout=600).json().get("code") for _ in range(9)]
imports_s = time.perf_counter() - t0
def attack(stop, asks, statuses):
    with requests.Session() as s:
        while time.perf_counter() < stop:
            for code in codes:
                t = time.perf_counter()
                r = s.get(f"{url}/api/tables/{code}/history", timeout=600)
                asks.append(time.perf_counter() - t); statuses.append(r.status_code)
def phase():
    asks, statuses = [], []
    job = gevent.spawn(attack, time.perf_counter() + seconds, asks, statuses)
    gevent.sleep(0.2)
    during = []
    while not job.dead:
        during += page(1)
    return {"victim_p50_ms": ms(during), "victim_max_ms": round(max(during) * 1000, 1),
            "victim_pages": len(during), "history_asks": len(asks), "history_p50_ms": ms(asks),
            "ask_statuses": {str(k): statuses.count(k) for k in sorted(set(statuses))}}
stored = phase()
svc = app.extensions["companion.tables"]
with svc.db.write() as s:  # as a database from before stories were stored: replayed on the first ask
    s.exec(text("DELETE FROM story_entry"))
    s.exec(text("UPDATE game_table SET story_version = 0"))
svc._cache.clear()
cold = phase()
print(json.dumps({"victim_p50_ms_idle": ms(idle), "imports": len([c for c in codes if c]),
                  "import_seconds_each": round(imports_s / 9, 2), "stored": stored, "cold": cold,
                  "stored_ratio_to_idle": round(stored["victim_p50_ms"] / ms(idle), 2),
                  "cold_ratio_to_idle": round(cold["victim_p50_ms"] / ms(idle), 2)}))
"""


def story_run(tmp: str, events: int = 10_000, seconds: float = 20.0) -> dict[str, Any]:
    """Issue #39, item 1: nine imports of ``events``-event AGoT records, then one client asks for
    their histories in turn for ``seconds`` while another table's page is timed (gevent server as
    ``companion serve``); then the same with the nine stories forgotten (an upgraded database)."""
    path = Path(tmp) / "agot.json"
    path.write_text(json.dumps(_agot_export(tmp, events)))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", STORY_ATTACK, tmp + "/story", str(path), str(seconds)], env=env,
                         capture_output=True, text=True, timeout=1800)
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return {"import_events": events, **json.loads(out.stdout.strip().splitlines()[-1])}


RUNS = ("xss", "leaks", "room_codes", "descriptors", "refusal_twins", "surrogates", "codes", "memory",
        "connections", "floods", "story")


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated runs: " + ", ".join(RUNS))
    parser.add_argument("--search-seconds", type=float, default=600.0, help="length of the memory run")
    args = parser.parse_args()
    only = set(args.only.split(","))
    runs = {"xss": xss_run, "leaks": leak_run, "room_codes": guess_run, "descriptors": fd_run,
            "refusal_twins": twin_run, "surrogates": surrogate_run, "codes": code_routes_run,
            "memory": lambda tmp: memory_run(tmp, args.search_seconds), "connections": connections_run,
            "floods": floods_run, "story": story_run}
    results = {}
    for name in RUNS:
        if name in only:
            with tempfile.TemporaryDirectory() as tmp:
                results[name] = runs[name](tmp)
    print(json.dumps(results, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
