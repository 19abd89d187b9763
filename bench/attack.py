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
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from tests.conftest import Api  # noqa: E402
from tests.security import test_attack_refusals, test_unicode, test_xss  # noqa: E402
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
        return s.getsockname()[1]


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


def main() -> int:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b, \
            tempfile.TemporaryDirectory() as c, tempfile.TemporaryDirectory() as d:
        results = {"xss": xss_run(a), "leaks": leak_run(b), "room_codes": guess_run(c), "descriptors": fd_run(d)}
    with tempfile.TemporaryDirectory() as e, tempfile.TemporaryDirectory() as f:
        results.update(refusal_twins=twin_run(e), surrogates=surrogate_run(f))
    print(json.dumps(results, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
