"""Two real server processes on one PostgreSQL database: live hints cross between them through
LISTEN/NOTIFY, and a sealed prompt answered half on each process reveals exactly once."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest
import requests

from tests.harness import wait_until_serving

PG_URL = os.environ.get("DATABASE_URL", "")
pytestmark = pytest.mark.skipif(not PG_URL.startswith("postgres"), reason="needs PostgreSQL (DATABASE_URL)")

SERVE = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_serving(url: str, proc: subprocess.Popen) -> None:
    """Wait for a started server to answer; its stderr is read only once it has exited (a live pipe
    would never end)."""
    wait_until_serving(f"{url}/api/games", proc,
                       lambda: proc.stderr.read().decode(errors="replace") if proc.poll() is not None else "")


@pytest.fixture(scope="module")
def servers() -> Iterator[list[str]]:
    """Two ``companion serve`` processes on the same database (each with its own port)."""
    procs, urls = [], []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")])))
    for _ in range(2):
        port = _free_port()
        procs.append(subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1",
                                       "--port", str(port), "--quiet"], env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, proc in zip(urls, procs):
            _wait_until_serving(url, proc)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _table(url: str, seats: int) -> tuple[str, list[str]]:
    labels = ", ".join(chr(65 + i) for i in range(seats))
    r = requests.post(f"{url}/api/tables", json={"game": "generic", "options": {"seats": labels}}, timeout=10)
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    tokens = []
    for i in range(seats):
        r = requests.post(f"{url}/api/tables/{code}/seats", json={"seat": f"p{i + 1}", "name": f"P{i + 1}"},
                          timeout=10)
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
    return code, tokens


def _act(url: str, code: str, token: str, action: dict) -> requests.Response:
    return requests.post(f"{url}/api/tables/{code}/actions", json=action,
                         headers={"Authorization": f"Bearer {token}"}, timeout=10)


def _updates(url: str, code: str, out: list[tuple[float, int]], ready: threading.Event,
             stop: threading.Event) -> None:
    """Read one page's event stream, recording (arrival time, version) of every ``update``."""
    try:
        with requests.get(f"{url}/api/tables/{code}/stream", stream=True, timeout=30) as r:
            event = None
            for raw in r.iter_lines(decode_unicode=True):
                if raw.startswith("event:"):
                    event = raw.split(":", 1)[1].strip()
                elif raw.startswith("data:") and event == "update":
                    out.append((time.monotonic(), int(raw.split(":", 1)[1])))
                    ready.set()
                if stop.is_set():
                    return
    except requests.RequestException:
        return  # the server was stopped at the end of the module


def test_a_change_on_one_process_reaches_streams_on_the_other_at_once(servers):
    a, b = servers
    code, (ana, _bia) = _table(a, 2)
    seen: list[tuple[float, int]] = []
    ready, stop = threading.Event(), threading.Event()
    reader = threading.Thread(target=_updates, args=(b, code, seen, ready, stop), daemon=True)
    reader.start()
    assert ready.wait(10), "the stream on process B never said hello"
    delays = []
    for i in range(5):
        sent = time.monotonic()
        r = _act(a, code, ana, {"type": "roll", "dice": "2d6"} if i else
                 {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 9})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        deadline = sent + 10  # the database heartbeat alone would take 15 s (here: ~0.1 s, 0.3 s loaded)
        while time.monotonic() < deadline and not any(v >= version for _t, v in seen):
            time.sleep(0.005)
        arrival = next((t for t, v in seen if v >= version), None)
        assert arrival is not None, f"version {version} never reached process B"
        delays.append(arrival - sent)
    stop.set()
    print(f"cross-process delivery: {[round(d * 1000) for d in delays]} ms")


def test_answers_split_across_processes_reveal_exactly_once(servers):
    a, b = servers
    code, tokens = _table(a, 6)
    assert _act(a, code, tokens[0], {"type": "open_prompt", "title": "Race", "kind": "number",
                                     "min": 0, "max": 99}).status_code == 200
    barrier = threading.Barrier(len(tokens))
    statuses: list[int] = []

    def answer(i: int, token: str) -> None:
        url = (a, b)[i % 2]
        barrier.wait()
        for v in range(3):
            statuses.append(_act(url, code, token, {"type": "answer", "prompt": "g1", "value": i * 10 + v}).status_code)

    threads = [threading.Thread(target=answer, args=(i, t)) for i, t in enumerate(tokens)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert set(statuses) <= {200, 409}  # 409: a change that arrived after the reveal
    for url in (a, b):
        public = requests.get(f"{url}/api/tables/{code}", timeout=10).json()
        prompt = public["state"]["prompts"][0]
        assert prompt["revealed"] and len(prompt["answers"]) == 6
        log = requests.get(f"{url}/api/tables/{code}/log", timeout=10).json()["log"]
        assert sum(1 for e in log if e["text"].startswith("Revealed")) == 1
    # both processes agree on every answer
    answers = [requests.get(f"{u}/api/tables/{code}", timeout=10).json()["state"]["prompts"][0]["answers"]
               for u in (a, b)]
    assert answers[0] == answers[1]


def test_serve_with_workers_delivers_every_change_to_every_stream():
    """``companion serve --workers 2``: streams land on both workers; each gets every change."""
    import psutil

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")])))
    proc = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--quiet", "--workers", "2"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        _wait_until_serving(url, proc)
        for _ in range(100):
            if len(psutil.Process(proc.pid).children()) == 2:
                break
            time.sleep(0.1)
        assert len(psutil.Process(proc.pid).children()) == 2
        code, (ana, _b) = _table(url, 2)
        streams = [([], threading.Event()) for _ in range(6)]
        stop = threading.Event()
        for seen, ready in streams:
            threading.Thread(target=_updates, args=(url, code, seen, ready, stop), daemon=True).start()
        assert all(ready.wait(10) for _seen, ready in streams)
        version = _act(url, code, ana, {"type": "roll", "dice": "2d6"}).json()["version"]
        deadline = time.monotonic() + 10  # still under the 15 s database heartbeat
        while time.monotonic() < deadline and not all(any(v >= version for _t, v in s) for s, _r in streams):
            time.sleep(0.01)
        assert all(any(v >= version for _t, v in s) for s, _r in streams)
        stop.set()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
