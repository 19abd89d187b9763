"""The baseline for ``bench/load.py``: a bare Flask + gevent SSE echo of the same endpoints.

It keeps generic tables in memory and does no rules, templates, database or secrets: creating a
table, taking a seat, an ``open_prompt``/``answer`` action (the last answer reveals), the live stream
(``update`` with the version) and a tiny HTML fragment that shows the reveal marker. With
``--fsync`` every action is appended to a file and fsynced before the answer, which is the cost of
durability alone. The project's latency divided by this one's, measured in the same run, is the
price of everything else (rules, rendering, the database).

    python bench/echo.py --port 8100 [--fsync]
"""

from __future__ import annotations

from typing import Any, cast

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import secrets  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from html import escape  # noqa: E402

from flask import Flask, Response, jsonify, request  # noqa: E402
from flask.typing import ResponseReturnValue  # noqa: E402
from gevent.pywsgi import WSGIServer  # noqa: E402


def make_app(fsync: bool) -> Flask:
    app = Flask(__name__)
    tables: dict[str, dict[str, Any]] = {}
    conds: dict[str, threading.Condition] = {}
    journal = open(os.path.join(tempfile.mkdtemp(), "echo.log"), "ab") if fsync else None
    write_lock = threading.Lock()

    def bump(code: str, record: dict[str, Any]) -> int:
        if journal is not None:
            with write_lock:  # one durable append per action, like one committed event
                journal.write(json.dumps(record).encode() + b"\n")
                journal.flush()
                os.fsync(journal.fileno())
        t = tables[code]
        t["version"] += 1
        with conds[code]:
            conds[code].notify_all()
        return cast("int", t["version"])

    @app.post("/api/tables")
    def create() -> ResponseReturnValue:
        code = secrets.token_hex(3).upper()
        tables[code] = {"version": 1, "tokens": {}, "prompt": None, "answers": {}, "revealed": []}
        conds[code] = threading.Condition()
        return jsonify(code=code, host_token=secrets.token_urlsafe(8)), 201

    @app.post("/api/tables/<code>/seats")
    def join(code: str) -> ResponseReturnValue:
        token = secrets.token_urlsafe(12)
        tables[code]["tokens"][token] = request.get_json()["seat"]
        bump(code, {"join": code})
        return jsonify(token=token), 201

    @app.post("/api/tables/<code>/actions")
    def act(code: str) -> ResponseReturnValue:
        t = tables[code]
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        seat = t["tokens"][token]
        action = request.get_json()
        if action["type"] == "open_prompt":
            t["prompt"], t["answers"] = action["title"], {}
        elif action["type"] == "answer":
            t["answers"][seat] = action["value"]
            if len(t["answers"]) == len(t["tokens"]):
                t["revealed"].append(t["prompt"])
        return jsonify(ok=True, version=bump(code, {"code": code, "seat": seat, "action": action}))

    @app.get("/api/tables/<code>/stream")
    def stream(code: str) -> ResponseReturnValue:
        def gen() -> Iterator[str]:
            seen = 0
            yield "retry: 1500\n\n"
            while True:
                def newer(s: int = seen) -> bool:
                    return bool(tables[code]["version"] > s)

                with conds[code]:
                    conds[code].wait_for(newer, timeout=15)
                latest = tables[code]["version"]
                if latest > seen:
                    seen = latest
                    yield f"event: update\ndata: {seen}\n\n"
                else:
                    yield f"event: ping\ndata: {seen}\n\n"

        return Response(gen(), mimetype="text/event-stream", headers={"Cache-Control": "no-store"})

    @app.get("/t/<code>/frag/<kind>")
    def frag(code: str, kind: str) -> ResponseReturnValue:
        t = tables[code]
        lines = "".join(f"<li>Revealed &#34;{escape(title)}&#34;</li>" for title in t["revealed"][-3:])
        return f"<section data-version=\"{t['version']}\"><ul>{lines}</ul></section>"

    @app.get("/api/games")
    def games() -> ResponseReturnValue:
        return jsonify(games=[{"id": "generic"}])

    return app


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--fsync", action="store_true", help="append + fsync every action (durability alone)")
    args = ap.parse_args()
    WSGIServer(("127.0.0.1", args.port), make_app(args.fsync), log=None).serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
