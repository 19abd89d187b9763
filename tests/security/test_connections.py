"""One device cannot hold the whole connection budget: connections and event streams are capped
per source (a device), past either cap the answer is an immediate 503/429, and with ``--workers``
a full worker answers 503 instead of leaving new phones hanging."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from companion.server import ConnectionGuard, source_of
from companion.web.quotas import STREAM_LIMIT, CountedStream, OpenStreams
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("DATABASE_URL", "")


def test_sources_group_the_addresses_one_device_can_use():
    assert source_of("127.0.0.1") == source_of("127.9.9.9") == source_of("::1") == "loopback"
    assert source_of("fd00:1:2:3::10") == source_of("fd00:1:2:3:aaaa::1") != source_of("fd00:1:2:4::10")
    assert source_of("::ffff:192.168.1.5") == source_of("192.168.1.5") != source_of("192.168.1.6")


def test_the_guard_caps_connections_per_source_and_in_all():
    guard = ConnectionGuard(max_connections=10, per_source=3)
    held = [guard.admit(("192.168.1.5", 5000 + i)) for i in range(3)]
    assert all(held) and guard.admit(("192.168.1.5", 6000)) is None       # that device is full
    others = [guard.admit((f"192.168.1.{10 + i}", 1)) for i in range(7)]
    assert all(others) and guard.admit(("192.168.1.99", 1)) is None       # the whole budget is full
    guard.release(held[0])
    assert guard.admit(("192.168.1.5", 7000)) == "192.168.1.5"            # a slot freed is reusable
    assert guard.refused == 2


SERVER = """
import sys
from gevent import monkey; monkey.patch_all()
from gevent.pywsgi import WSGIServer
from companion import create_app
from companion.server import guarded_server_class
app = create_app({"DATABASE_URL": "", "DATA_DIR": sys.argv[1]})
server = guarded_server_class(WSGIServer)(("127.0.0.1", 0), app, log=None, max_connections=40,
                                          idle_timeout=30, per_source=int(sys.argv[2]))
server.start()
print(server.server_port, flush=True)
server.serve_forever()
"""


def _get(port: int, path: str = "/api/games") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        return data


def _answer_within(port: int, seconds: float) -> bytes:
    """The first answer that is not a 503, asking again until ``seconds`` passed: the server notices
    closed sockets when its loop gets to them, later on a busy machine."""
    deadline = time.monotonic() + seconds
    while True:
        answer = _get(port)
        if not answer.startswith(b"HTTP/1.1 503") or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


def test_one_source_gets_503_at_its_share_not_at_the_whole_cap(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(tmp_path), "6"], stdout=subprocess.PIPE, env=env,
                            text=True)
    try:
        port = int(proc.stdout.readline())
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(6)]  # slow headers, never sent
        idle[0].sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # half a request head
        time.sleep(0.3)
        started = time.monotonic()
        assert _get(port).startswith(b"HTTP/1.1 503") and time.monotonic() - started < 2  # 6 of 40 held
        for s in idle:
            s.close()
        assert _answer_within(port, 30).startswith(b"HTTP/1.1 200")  # the slots are given back
    finally:
        proc.kill()
        proc.wait()


def test_event_streams_per_source_are_capped(app):
    """A real server (both databases): one device gets STREAM_LIMIT live pages, the next is a 429."""
    server = LiveServer(app)
    held = []
    try:
        code = requests.post(f"{server.url}/api/tables", json={"game": "generic"}, timeout=10).json()["code"]
        url = f"{server.url}/api/tables/{code}/stream"
        for _ in range(STREAM_LIMIT):
            r = requests.get(url, stream=True, timeout=10)
            assert r.status_code == 200 and r.raw.read(5) == b"retry"
            held.append(r)
        refused = requests.get(url, timeout=10)
        assert refused.status_code == 429 and "live pages" in refused.json()["error"]
        assert requests.get(f"{server.url}/api/tables/{code}", timeout=10).status_code == 200  # not other requests
    finally:
        for r in held:
            r.close()
        server.stop()


def test_a_stream_slot_is_given_back_even_if_no_event_was_sent():
    streams = OpenStreams()
    assert all(streams.open("192.168.1.5", 2) for _ in range(2)) and not streams.open("192.168.1.5", 2)
    assert streams.open("192.168.1.6", 2)  # another phone has its own slots
    first = CountedStream(iter(["retry: 1500\n\n"]), streams, "192.168.1.5")
    first.close()  # the page went away before its first event
    first.close()  # closing twice gives back one slot only
    assert streams.by_source == {"192.168.1.5": 1, "192.168.1.6": 1}
    assert streams.open("192.168.1.5", 2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(not PG_URL.startswith("postgres"), reason="--workers needs PostgreSQL (DATABASE_URL)")
def test_workers_answer_503_past_a_sources_share_and_close_idle_sockets():
    """``--workers 2``: 100 idle sockets from one device; the workers take their share, turn the
    rest away with 503 at once, a new request is answered (not left hanging), and the idle ones are
    closed after the idle timeout."""
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))",
                             "serve", "--host", "127.0.0.1", "--port", str(port), "--quiet", "--workers", "2",
                             "--idle-timeout", "2"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{url}/api/games", timeout=5).ok:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
        time.sleep(0.5)
        answer = _get(port)
        assert answer.startswith((b"HTTP/1.1 503", b"HTTP/1.1 200"))
        time.sleep(3)  # past the idle timeout
        outcomes = []
        closed_by = time.monotonic() + 20  # the 2 s idle timeout, late on a busy machine; the default is 45 s
        for s in idle:
            s.settimeout(max(0.1, closed_by - time.monotonic()))
            try:
                data = s.recv(64)
            except OSError:
                data = b"still open"
            outcomes.append("503" if data.startswith(b"HTTP/1.1 503") else "closed" if data == b"" else "open")
            s.close()
        assert "open" not in outcomes and outcomes.count("503") >= 100 - 2 * 32, outcomes
        assert _get(port).startswith(b"HTTP/1.1 200")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
