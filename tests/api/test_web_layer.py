"""The web layer's plumbing: the ``<room:code>`` URL converter, config from the environment, and
gevent patching the standard library before Flask is imported by ``companion serve``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from flask import url_for

from companion import create_app
from companion.web.room import clean_code
from tests.conftest import csrf_token

ROOT = Path(__file__).resolve().parents[2]


# -- room codes ------------------------------------------------------------------------------------
def test_clean_code_keeps_letters_and_digits_upper_case():
    assert clean_code(" ab-cd ") == "ABCD"
    assert clean_code("xy z1/") == "XYZ1"
    assert clean_code("abcdefghijk") == "ABCDEFGH"
    assert clean_code(None) == "" and clean_code("--") == ""


def test_every_room_route_takes_a_lower_case_or_spaced_code(api, client):
    t = api.create("generic")
    code, host = t["code"], t["host_token"]
    low = code.lower()
    token = api.join(low, "p1", "Ana")  # POST /api/tables/<code>/seats
    assert api.public(low)["code"] == code
    assert api.me(low, token)["seat"] == "p1"
    assert api.ok(low, token, {"type": "roll", "dice": "1d6"})["ok"]
    assert client.get(f"/api/tables/{low}/log").get_json()["code"] == code
    assert api.undo(low, host).status_code == 200
    assert client.get(f"/api/tables/{low}/export", headers=api.auth(host)).status_code == 200
    stream = client.get(f"/api/tables/{low}/stream")
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    stream.close()
    for path in ("screen", "frag/screen", "join", "rules", "frag/rules", "log"):
        r = client.get(f"/t/{low}/{path}")
        assert r.status_code == 200, path
    assert client.get(f"/t/{code[:2]}-{code[2:].lower()}/screen").status_code == 200
    # a phone joining through a lower-case link gets the seat cookie under the stored code
    csrf = csrf_token(client)
    r = client.post(f"/t/{low}/join", data={"seat": "p2", "name": "Bia", "csrf_token": csrf})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/t/{code}/seat")
    assert client.get_cookie(f"seat_{code}") is not None
    assert client.get(f"/t/{low}/seat").status_code == 200
    r = client.post(f"/t/{low}/act", data={"type": "adjust", "seat": "p2", "counter": "VP", "delta": "2"},
                    headers={"X-CSRF-Token": csrf, "HX-Request": "true"})
    assert r.status_code == 200


def test_an_unknown_code_still_gets_the_worded_404(client):
    r = client.get("/api/tables/qq-qq")
    assert r.status_code == 404 and r.get_json()["error"] == "There is no table QQQQ."
    assert client.get("/t/zzzz/screen").status_code == 404
    assert client.get("/api/tables/zzzz/stream").status_code == 404


def test_urls_are_built_with_the_stored_code(app):
    with app.test_request_context():
        assert url_for("pages.screen", code="ab-cd") == "/t/ABCD/screen"
        assert url_for("api.public", code="abcd") == "/api/tables/ABCD"


# -- config from the environment -------------------------------------------------------------------
def test_config_comes_from_companion_variables(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "http://192.168.1.20:8000")
    monkeypatch.setenv("COMPANION_SECRET_KEY", "12345")  # stays text, not the number 12345
    monkeypatch.setenv("COMPANION_PROXY_HOPS", "1")
    app = create_app()
    try:
        assert app.config["DATA_DIR"] == str(tmp_path) and (tmp_path / "companion.db").exists()
        assert app.config["PUBLIC_URL"] == "http://192.168.1.20:8000"
        assert app.config["SECRET_KEY"] == "12345"
        seen = []
        from flask import request

        app.add_url_rule("/_addr", "addr", lambda: seen.append(request.remote_addr) or "ok")
        app.test_client().get("/_addr", headers={"X-Forwarded-For": "10.9.8.7"})
        assert seen == ["10.9.8.7"]
    finally:
        app.extensions["companion.tables"].db.dispose()
    # the config argument wins over the environment
    app = create_app({"DATA_DIR": str(tmp_path / "other"), "SECRET_KEY": "given"})
    try:
        assert app.config["SECRET_KEY"] == "given" and (tmp_path / "other" / "companion.db").exists()
    finally:
        app.extensions["companion.tables"].db.dispose()


def test_without_variables_the_defaults_hold(tmp_path, monkeypatch):
    for name in list(os.environ):
        if name.startswith("COMPANION_"):
            monkeypatch.delenv(name)
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path)})
    try:
        assert app.config["PUBLIC_URL"] is None and app.config["PROXY_HOPS"] == 0
        assert len(app.config["SECRET_KEY"]) == 64  # the one kept in the database
    finally:
        app.extensions["companion.tables"].db.dispose()



def test_a_worker_that_loses_the_race_for_the_first_key_takes_the_winners(app, monkeypatch):
    """Two workers booting on a fresh database both read "no key yet"; the second insert breaks
    the primary key. That worker must take the first one's key, not die (gunicorn then stopped the
    whole server: "Worker failed to boot", tests/deploy/test_failover.py)."""
    from sqlmodel import Session

    db = app.extensions["companion.tables"].db
    winner = db.shared_secret()  # the other worker's, already committed
    real_get = Session.get
    raced = []

    def read_before_the_other_commits(self, model, key, *args, **kwargs):
        if key == "secret_key" and not raced:
            raced.append(key)
            return None
        return real_get(self, model, key, *args, **kwargs)

    monkeypatch.setattr(Session, "get", read_before_the_other_commits)
    assert db.shared_secret() == winner and raced == ["secret_key"]

# -- gevent patches first --------------------------------------------------------------------------
SPY = """
import json, sys, warnings
from gevent import monkey
warnings.simplefilter("error", monkey.MonkeyPatchWarning)
report = {}
original = monkey.patch_all

def patch_all(*args, **kwargs):
    report["before"] = sorted(m for m in ("flask", "werkzeug", "ssl", "sqlalchemy", "psycopg", "companion.web")
                              if m in sys.modules)
    result = original(*args, **kwargs)
    import gevent.pywsgi

    def serve_forever(self, *a, **k):  # the server is built: report instead of serving
        report["threading"] = monkey.is_module_patched("threading")
        report["socket"] = monkey.is_module_patched("socket")
        report["ssl"] = monkey.is_module_patched("ssl")
        report["flask_now"] = "flask" in sys.modules
        print("REPORT " + json.dumps(report), flush=True)

    gevent.pywsgi.WSGIServer.serve_forever = serve_forever
    return result

monkey.patch_all = patch_all
from companion import cli
sys.exit(cli.main(["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", sys.argv[1], "--quiet"]))
"""


def test_serve_patches_gevent_before_flask_is_imported(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONWARNINGS")}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-c", SPY, str(tmp_path)], capture_output=True, text=True, env=env,
                         timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "MonkeyPatchWarning" not in out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("REPORT "))
    report = json.loads(line[len("REPORT "):])
    assert report == {"before": [], "threading": True, "socket": True, "ssl": True, "flask_now": True}


def test_importing_the_package_or_the_cli_imports_no_flask():
    code = ("import sys, companion, companion.cli; "
            "print(sorted(m for m in ('flask', 'werkzeug', 'ssl', 'threading') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# -- styles --------------------------------------------------------------------------------------
def test_a_game_page_links_its_stylesheet_once_and_fragments_carry_no_css(api, client):
    t = api.create("lcg", {"players": 2})
    code = t["code"]
    api.join(code, "p1", "Ana")
    for path in ("screen", "join", "rules", "log"):
        page = client.get(f"/t/{code}/{path}").get_data(as_text=True)
        assert page.count("/static/lcg.css?v=") == 1, path
        head, body = page.split("</head>", 1)
        assert "lcg.css" in head and "<style" not in page, path
    for path in ("frag/screen", "frag/host"):
        assert "<style" not in client.get(f"/t/{code}/{path}").get_data(as_text=True)
    assert client.get("/static/lcg.css").status_code == 200
    generic = api.create("generic")["code"]  # no stylesheet of its own: nothing linked
    assert ".css?v=" not in client.get(f"/t/{generic}/join").get_data(as_text=True).replace("app.css?v=", "")


# -- a busy port -----------------------------------------------------------------------------------
def _busy_port() -> tuple[object, int]:
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken, taken.getsockname()[1]


def test_serve_on_a_busy_port_says_so_in_one_line_and_exits_non_zero(tmp_path):
    """Issue #37: no "running" banner, no QR code and no traceback; the fix (another --port) named."""
    taken, port = _busy_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    env["PYTHONPATH"] = str(ROOT)
    try:
        out = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                              str(port), "--data-dir", str(tmp_path)], capture_output=True, text=True, env=env,
                             timeout=120, cwd=tmp_path)
    finally:
        taken.close()  # type: ignore[attr-defined]
    assert out.returncode != 0
    assert out.stdout == ""  # nothing said "running" before the socket was bound
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert f"port {port} is already in use" in out.stderr and f"--port {port + 1}" in out.stderr
    assert not (tmp_path / "companion.db").exists()  # it stopped before opening the database


def test_serve_workers_on_a_busy_port_says_so_before_gunicorn_starts(monkeypatch, capsys):
    from companion import cli

    taken, port = _busy_port()
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
    started = []
    monkeypatch.setattr("companion.workers.serve_workers", lambda *a, **k: started.append(a) or 0)
    try:
        code = cli.main(["serve", "--workers", "2", "--host", "127.0.0.1", "--port", str(port)])
    finally:
        taken.close()  # type: ignore[attr-defined]
    out = capsys.readouterr()
    assert code == 2 and not started and out.out == ""
    assert f"port {port} is already in use" in out.err and f"--port {port + 1}" in out.err
