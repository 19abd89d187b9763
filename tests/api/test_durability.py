"""Kill the real server with SIGKILL mid-traffic and restart it: every acknowledged action is there."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
import requests

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data_dir, port: int) -> subprocess.Popen:
    env = dict(os.environ, DATABASE_URL="")
    env.pop("DATABASE_URL")
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--data-dir", str(data_dir), "--quiet"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 90  # generous: a loaded CI machine boots slowly
    while time.monotonic() < deadline:
        try:
            requests.get(f"http://127.0.0.1:{port}/api/games", timeout=10)
            return proc
        except requests.RequestException:  # not listening yet, or a first answer slower than asked
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def test_sigkill_loses_nothing_acknowledged(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_server(tmp_path, port)
    try:
        t = requests.post(f"{url}/api/tables", json={"game": "generic", "options": {"seats": "A, B"}}).json()
        code = t["code"]
        tokens = {s: requests.post(f"{url}/api/tables/{code}/seats", json={"seat": s, "name": s}).json()["token"]
                  for s in ("p1", "p2")}
        acked = {"p1": 0, "p2": 0}
        stop = threading.Event()

        def hammer(seat: str) -> None:
            session = requests.Session()
            while not stop.is_set():
                try:
                    r = session.post(f"{url}/api/tables/{code}/actions",
                                     json={"type": "adjust", "seat": seat, "counter": "VP", "delta": 1},
                                     headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=60)
                except requests.RequestException:
                    return  # the server died under us: this one was never acknowledged
                if r.status_code == 200:
                    acked[seat] += 1

        threads = [threading.Thread(target=hammer, args=(s,)) for s in tokens]
        for th in threads:
            th.start()
        # Mid-traffic: once both seats have had several actions acknowledged (counted, not timed:
        # a slow disk or a busy CI machine only makes this take longer).
        deadline = time.monotonic() + 120
        while min(acked.values()) <= 5 and time.monotonic() < deadline and all(th.is_alive() for th in threads):
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        stop.set()
        for th in threads:
            th.join()
        assert min(acked.values()) > 5, acked

        proc = start_server(tmp_path, port)
        state = requests.get(f"{url}/api/tables/{code}").json()
        for seat, n in acked.items():
            value = state["state"]["values"][seat]["VP"]
            # every acknowledged action survived; at most the one in flight at the kill was also committed
            assert n <= value <= n + 1, (seat, n, value)
        log = requests.get(f"{url}/api/tables/{code}/log").json()["log"]
        assert sum(1 for e in log if "VP" in e["params"].get("counter", "")) == sum(
            state["state"]["values"][s]["VP"] for s in acked)
        # and the table carries on after the restart
        r = requests.post(f"{url}/api/tables/{code}/actions", json={"type": "roll", "dice": "1d6"},
                          headers={"Authorization": f"Bearer {tokens['p1']}"})
        assert r.status_code == 200
    finally:
        proc.kill()
        proc.wait()


INTERRUPTED_COMMIT = r'''
from gevent import monkey; monkey.patch_all()
import json, sys, gevent
from gevent import Timeout
from sqlmodel import Session
from companion.db import open_database
from companion.models import AppSetting

real_sleep = monkey.get_original("time", "sleep")
db = open_database("", sys.argv[1])
events = []
commit = Session.commit

disk = []  # the slow fsync below ends when the loop has looked (steps in order, not timed)

def slow_commit(self):  # an fsync that lasts until the loop has looked, in gevent's thread pool
    events.append("commit starts")
    for _ in range(6000):  # at most a minute
        if disk:
            break
        real_sleep(0.01)
    commit(self)
    events.append("commit returns")

Session.commit = slow_commit

def writer():
    try:
        with db.write() as s:
            s.add(AppSetting(key="k", value="v"))
        events.append("acknowledged")
    except BaseException as e:
        events.append("interrupted " + type(e).__name__)

g = gevent.spawn(writer)
while "commit starts" not in events:  # the COMMIT is running in the pool's thread
    gevent.sleep(0.01)
g.kill(Timeout(), block=False)  # what server.stop() or a timeout does to a request's greenlet
gevent.sleep(0.05)
events.append("lock held" if db._write_lock.locked() else "lock free")
disk.append("done")
g.join()
with db.read() as s:
    events.append("stored" if s.get(AppSetting, "k") is not None else "lost")
print(json.dumps(events))
'''


def test_an_interrupted_request_never_shares_its_session_with_the_commit_thread(tmp_path):
    """Under ``companion serve`` the COMMIT runs in gevent's thread pool (companion/db.py). A request
    greenlet interrupted while it waits (server.stop(), a timeout) must not roll the same session back
    from the loop while the thread commits, nor release the write lock before the commit returned:
    it waits for the thread, then the interruption goes on (not acknowledged)."""
    import json

    out = subprocess.run([sys.executable, "-c", INTERRUPTED_COMMIT, str(tmp_path)], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    events = json.loads(out.strip().splitlines()[-1])
    assert events == ["commit starts", "lock held", "commit returns", "interrupted Timeout", "stored"], events
