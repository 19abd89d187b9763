"""One device cannot flood the laptop with tables or imports (a worded 429 per source, exact under a
parallel burst), and an import that is let in runs in slices that step aside for the other
tables."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from companion.web.quotas import IMPORT_LIMIT, TABLE_LIMIT
from tests.conftest import LiveServer, csrf_token

ROOT = Path(__file__).resolve().parents[2]
TABLES = int(TABLE_LIMIT.split()[0])
IMPORTS = int(IMPORT_LIMIT.split()[0])
OTHER = {"REMOTE_ADDR": "192.168.1.77"}


def test_new_tables_per_source_are_limited_page_and_api_together(api, client):
    csrf = csrf_token(client)
    statuses = []
    for i in range(TABLES + 2):
        if i % 2:
            statuses.append(client.post("/tables", data={"game": "generic", "csrf_token": csrf}).status_code)
        else:
            statuses.append(client.post("/api/tables", json={"game": "generic"}).status_code)
    assert 429 not in statuses[:TABLES] and statuses[TABLES:] == [429, 429]
    r = client.post("/api/tables", json={"game": "generic"}, headers={"Accept-Language": "pt-BR"})
    assert r.status_code == 429 and "Mesas novas demais" in r.get_json()["error"] and r.headers["Retry-After"]
    page = client.post("/tables", data={"game": "generic", "csrf_token": csrf}, headers={"HX-Request": "true"})
    assert page.status_code == 429 and "Too many new tables" in page.get_data(as_text=True)
    assert client.post("/api/tables", json={"game": "generic"}, environ_base=OTHER).status_code == 201
    # playing on is not limited: the last table made still answers
    assert client.get("/api/games").status_code == 200


def test_imports_per_source_are_limited(api, client):
    t = api.create("generic", {})
    exported = api.export(t["code"], t["host_token"])
    statuses = [client.post("/api/tables/import", json=exported).status_code for _ in range(IMPORTS + 1)]
    assert statuses[:IMPORTS] == [201] * IMPORTS and statuses[IMPORTS] == 429
    r = client.post("/api/tables/import", json=exported)
    assert "Too many imports" in r.get_json()["error"]
    assert client.post("/api/tables/import", json=exported, environ_base=OTHER).status_code == 201
    assert client.post("/api/tables", json={"game": "generic"}).status_code == 201  # its own budget


def test_a_parallel_burst_creates_exactly_the_budget(app):
    server = LiveServer(app)
    try:
        with ThreadPoolExecutor(12) as pool:
            statuses = list(pool.map(lambda _i: requests.post(f"{server.url}/api/tables", json={"game": "generic"},
                                                              timeout=30).status_code, range(TABLES + 18)))
    finally:
        server.stop()
    assert statuses.count(201) == TABLES and statuses.count(429) == 18


IMPORT_UNDER_GEVENT = """
import json, sys, time
from gevent import monkey; monkey.patch_all()
import gevent
from companion import create_app, offload
from companion.tables import Viewer
step_asides = []
plain = offload.Slices.__call__
def counted(self, step=0):
    before = self.yields
    plain(self, step)
    step_asides.extend([1] * (self.yields - before))
offload.Slices.__call__ = counted
app = create_app({"DATABASE_URL": "", "DATA_DIR": sys.argv[1], "RANDOM_SEED": 1})
svc = app.extensions["companion.tables"]
code, host = svc.create("generic", {})
data = svc.export(code, Viewer(host=True))
roll = {"seq": 0, "kind": "action", "actor": {"seat": None, "host": True}, "action": {"type": "roll", "dice": "2d6"},
        "rng_seed": 7, "time": 0.0}
data["events"] += [dict(roll, seq=i + 2) for i in range(int(sys.argv[2]))]
ticks = []
def ticker():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.005)
t = gevent.spawn(ticker)
gevent.sleep(0.05)
before = len(ticks)
job = gevent.spawn(svc.import_table, data)
job.join()
during = len(ticks) - before
t.kill()
assert job.successful(), job.exception
gaps = [b - a for a, b in zip(ticks, ticks[1:])]
print(json.dumps({"max_gap": max(gaps), "ticks": during, "step_asides": len(step_asides), "code": job.value[0]}))
"""


def test_an_import_steps_aside_for_the_other_connections(tmp_path):
    """Under gevent (as ``companion serve`` runs), a 5,000-event import is checked, replayed and
    stored in slices that step aside on a real timer: a greenlet ticking every 5 ms (standing for
    the other tables' connections) runs all along. The old replay yielded with ``sleep(0)`` every
    256 events (which may not let timers run at all) and checked and stored the file in one go;
    the ticker got in a handful of times. Counted, not timed: the ticker must get in at (at least
    every other) step aside, and there must be many of them. A slice is 10 ms of wall time, so how
    many there are depends on the machine (a fixed 50 ticks was ~65 on an idle core here: a faster
    CI runner could fall under it); the ticker's share of them does not."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", IMPORT_UNDER_GEVENT, str(tmp_path), "5000"], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    import json

    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["step_asides"] >= 20, found  # checked and replayed in slices, not in one go
    assert found["ticks"] >= found["step_asides"] // 2, found  # the other connections ran all along
