"""The server survives a hostile LAN: a connection cap below the descriptor limit answers 503 instead
of hanging, idle sockets are closed, and storage failures are one clear sentence, not a traceback."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import event

from companion import cli
from companion.server import connection_cap, explain_storage_error, raise_fd_limit

ROOT = Path(__file__).resolve().parents[2]
SERVER = """
import sys
from gevent import monkey; monkey.patch_all()
from gevent.pywsgi import WSGIServer
from companion import create_app
from companion.server import guarded_server_class
app = create_app({"DATABASE_URL": "", "DATA_DIR": sys.argv[1]})
server = guarded_server_class(WSGIServer)(("127.0.0.1", 0), app, log=None, max_connections=int(sys.argv[2]),
                                          idle_timeout=float(sys.argv[3]))
server.start()
print(server.server_port, flush=True)
server.serve_forever()
"""


def test_fd_limit_is_raised_and_the_cap_stays_below_it():
    import resource

    before = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    after = raise_fd_limit()
    assert after >= before
    assert connection_cap(256) == 192 and connection_cap(40) == 16


@pytest.fixture
def guarded(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(tmp_path), "20", "1.5"], stdout=subprocess.PIPE,
                            env=env, text=True)
    port = int(proc.stdout.readline())
    yield port
    proc.kill()
    proc.wait()


def _get(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        return data


def test_idle_connections_past_the_cap_get_503_not_a_hang_and_are_timed_out(guarded):
    port = guarded
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
    time.sleep(0.3)
    started = time.monotonic()
    answer = _get(port)
    assert answer.startswith(b"HTTP/1.1 503") and time.monotonic() - started < 2
    time.sleep(2.0)  # the idle ones never sent a request: closed after the idle timeout
    closed_by = time.monotonic() + 20  # the 1.5 s idle timeout, late on a busy machine; the default is 45 s
    for s in idle:
        s.settimeout(max(0.1, closed_by - time.monotonic()))
        assert s.recv(10) == b""
        s.close()
    assert _get(port).startswith(b"HTTP/1.1 200")


def test_storage_errors_are_one_sentence():
    full = explain_storage_error(OSError(errno.ENOSPC, "No space left on device"), "/data/c")
    assert full and "/data/c" in full and "full" in full and "\n" not in full
    ro = explain_storage_error(OSError(errno.EROFS, "Read-only file system"), "/data/c")
    assert ro and "/data/c" in ro and "--data-dir" in ro
    assert explain_storage_error(ValueError("x"), "/data/c") is None


def test_unwritable_data_folder_at_start_prints_one_sentence(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    folder = str(blocker / "companion")  # cannot be created, even by root
    assert cli.main(["export", "ABCD", "--data-dir", folder]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and folder in err and "--data-dir" in err


def test_database_turned_read_only_answers_writes_with_a_message(app, api, client):
    t = api.create("generic", {})
    db = app.extensions["companion.tables"].db
    if not db.is_sqlite:
        pytest.skip("SQLite's query_only pragma stands in for a read-only file")
    db.write_engine.dispose()
    event.listen(db.write_engine, "connect", lambda conn, _r: conn.execute("PRAGMA query_only = ON"))
    r = client.post(f"/api/tables/{t['code']}/seats", json={"seat": "p1", "name": "Ana"})
    assert r.status_code == 503 and "read-only" in r.get_json()["error"]
    r = client.post("/api/tables", json={"game": "generic"}, headers={"Accept-Language": "pt-BR"})
    assert r.status_code == 503 and "somente leitura" in r.get_json()["error"]
    assert client.get(f"/api/tables/{t['code']}").status_code == 200  # reading still works
