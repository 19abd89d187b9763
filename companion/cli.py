"""Command line: ``companion serve`` (the game-night server), ``export`` and ``import``.

The server is gevent's WSGI server: one greenlet per connection, so hundreds of phones and screens
can hold a live event stream open at once on a laptop, on Linux, macOS and Windows alike (a thread
per connection would need hundreds of OS threads; an async rewrite would not fit Flask).

gevent must patch the standard library before anything imports Flask, Werkzeug, ssl or the
database drivers, or those keep blocking references. So this module imports only argparse, json,
os and sys at the top (``companion/__init__`` imports Flask inside ``create_app``), and ``serve``
patches first, then imports the app (tests/api/test_web_layer.py checks the order).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import cast


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine's network interfaces, LAN first, loopback last."""
    from .server import interface_addresses

    found = [a for a in interface_addresses() if ":" not in a]
    lan = [a for a in found if not a.startswith("127.") and not a.startswith("169.254.")]
    return lan + [a for a in found if a.startswith("127.")]


def print_banner(urls: list[str], data: str) -> None:
    import qrcode

    print("\nTabletop Companion is running.")
    print(f"Data: {data}")
    for url in urls:
        print(f"  open on the shared screen / phones: {url}")
    if urls:
        qr = qrcode.QRCode(border=1)
        qr.add_data(urls[0])
        try:
            qr.print_ascii(tty=False, invert=True)
        except (UnicodeEncodeError, OSError):  # a console that cannot draw blocks
            pass
    print("Phones must be on the same Wi-Fi. Press Ctrl+C to stop.\n", flush=True)


def serve(args: argparse.Namespace) -> int:
    if args.workers > 1:
        return serve_many(args)
    from gevent import monkey

    monkey.patch_all()  # first: before Flask, Werkzeug, ssl or a database driver is imported
    from gevent.pywsgi import WSGIServer

    from . import create_app
    from . import server as guard
    from .db import default_data_dir

    server_class = guard.guarded_server_class(WSGIServer)
    try:  # bound before anything says "running", and before the database opens: a busy port fails fast
        listener = guard.listen(server_class, args.host, args.port)
    except OSError as err:
        sentence = guard.explain_bind_error(err, args.host, args.port)
        if sentence is None:
            raise
        print(f"error: {sentence}", file=sys.stderr)
        return 2
    port = listener.getsockname()[1]  # the one bound (--port 0: the OS picks)
    config = {}
    if args.data_dir:
        config["DATA_DIR"] = args.data_dir
    lan = [a for a in lan_addresses() if not a.startswith("127.")]
    shown_host = args.host if args.host not in ("0.0.0.0", "::") else (lan[0] if lan else "127.0.0.1")
    public_url = f"http://{shown_host}:{port}"
    config["PUBLIC_URL"] = os.environ.get("COMPANION_PUBLIC_URL") or public_url
    app = create_app(config)
    where = os.environ.get("DATABASE_URL") and "PostgreSQL (DATABASE_URL)" or str(
        args.data_dir or default_data_dir())
    urls = [f"http://{a}:{port}" for a in lan] if args.host in ("0.0.0.0", "::") else [public_url]
    fds = guard.raise_fd_limit()
    server = server_class(listener, app, log=None if args.quiet else "default", error_log="default",
                          max_connections=guard.connection_cap(fds), idle_timeout=args.idle_timeout,
                          per_source=guard.per_source())
    print_banner(urls or [public_url], where)
    guard.tune_gc()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def serve_many(args: argparse.Namespace) -> int:
    """Several worker processes (gunicorn + gevent) on one PostgreSQL database."""
    if not (os.environ.get("DATABASE_URL") or "").startswith(("postgres://", "postgresql")):
        print("error: --workers needs PostgreSQL (set DATABASE_URL); embedded SQLite serves one "
              "process. See docs/deploy.md.", file=sys.stderr)
        return 2
    if os.name == "nt":
        print("error: --workers needs Linux or macOS; on Windows run one process.", file=sys.stderr)
        return 2
    from .server import explain_bind_error, probe_port
    from .workers import serve_workers

    try:  # gunicorn would retry a busy port for seconds, then exit with a log line among others
        probe_port(args.host, args.port)
    except OSError as err:
        sentence = explain_bind_error(err, args.host, args.port)
        if sentence is None:
            raise
        print(f"error: {sentence}", file=sys.stderr)
        return 2

    # Nothing here may import psycopg: it picks its wait strategy at import, and only a worker
    # (patched by gevent first) must do that. Each worker migrates under an advisory lock.
    lan = [a for a in lan_addresses() if not a.startswith("127.")]
    shown_host = args.host if args.host not in ("0.0.0.0", "::") else (lan[0] if lan else "127.0.0.1")
    public_url = os.environ.get("COMPANION_PUBLIC_URL") or f"http://{shown_host}:{args.port}"
    # share about 80 database connections among the workers (PostgreSQL allows 100 by default)
    os.environ.setdefault("COMPANION_DB_POOL", str(max(3, 80 // (3 * args.workers))))
    print(f"Tabletop Companion: {args.workers} workers on {args.host}:{args.port} (PostgreSQL)")
    return serve_workers({"PUBLIC_URL": public_url}, args.host, args.port, args.workers, args.quiet,
                         args.idle_timeout)


def db_cmd(args: argparse.Namespace) -> int:
    """``companion db current|upgrade``: the schema revision, or upgrade it now (start does too)."""
    from . import migrate
    from .db import open_database

    if args.action == "upgrade":
        db = open_database(None, args.data_dir)  # opening upgrades (under a lock on PostgreSQL)
    else:
        from sqlalchemy import create_engine

        from .db import default_data_dir, normalize_url

        url = os.environ.get("DATABASE_URL") or f"sqlite:///{Path(args.data_dir or default_data_dir()) / 'companion.db'}"
        engine = create_engine(normalize_url(url))
        rev = migrate.current(engine)
        engine.dispose()
        print(f"{rev or 'none (empty, or written by release 0.1)'} (newest: {migrate.head()})")
        return 0
    print(f"database at revision {migrate.current(db.write_engine)} (newest: {migrate.head()})")
    db.dispose()
    return 0


def export_cmd(args: argparse.Namespace) -> int:
    from . import create_app
    from .tables import Viewer

    app = create_app({"DATA_DIR": args.data_dir} if args.data_dir else None)
    data = app.extensions["companion.tables"].export(args.code.upper(), Viewer(host=True))
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if args.output == "-":
        print(text)
    else:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    return 0


def import_cmd(args: argparse.Namespace) -> int:
    from . import create_app

    app = create_app({"DATA_DIR": args.data_dir} if args.data_dir else None)
    with open(args.file, encoding="utf-8") as fh:
        data = json.load(fh)
    code, host_token, skipped = app.extensions["companion.tables"].import_table(data)
    print(f"Imported as table {code}. Host token: {host_token}")
    if skipped:
        print(f"{skipped} event(s) no longer applied and were skipped.")
    return 0


def new_game_cmd(args: argparse.Namespace) -> int:
    """``companion new-game <id>``: a working game package, templates, styles, catalog and tests."""
    from .newgame import NewGameError, new_game

    try:
        return new_game(args.id)
    except NewGameError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Tabletop Companion game-night server")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("serve", help="run the server on the local network")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: the whole LAN)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--data-dir", help="folder for the SQLite database (default: per-user data folder)")
    p.add_argument("--quiet", action="store_true", help="no access log")
    p.add_argument("--idle-timeout", type=float, default=45.0,
                   help="close a connection that sends nothing for this many seconds (default 45)")
    p.add_argument("--workers", type=int, default=1,
                   help="server processes (PostgreSQL only; see docs/deploy.md; default 1)")
    p.set_defaults(func=serve)
    p = sub.add_parser("db", help="schema migrations: show the current revision or upgrade now")
    p.add_argument("action", choices=["current", "upgrade"])
    p.add_argument("--data-dir")
    p.set_defaults(func=db_cmd)
    p = sub.add_parser("export", help="write a table as JSON to continue it elsewhere (operator only; never served over HTTP)")
    p.add_argument("code")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--data-dir")
    p.set_defaults(func=export_cmd)
    p = sub.add_parser("import", help="recreate a table from an export; prints its new code")
    p.add_argument("file")
    p.add_argument("--data-dir")
    p.set_defaults(func=import_cmd)
    p = sub.add_parser("new-game", help="write a new game (package, templates, styles, catalog, tests) "
                                        "into this checkout; see docs/games-howto.md")
    p.add_argument("id", help="the game id: lower-case words joined by '-', e.g. demo or my-game")
    p.set_defaults(func=new_game_cmd)
    args = parser.parse_args(argv)
    try:
        return cast("int", args.func(args))
    except Exception as err:  # a clear line, not a traceback, for the person at the laptop
        from .games.base import RuleError
        from .server import explain_storage_error

        if isinstance(err, RuleError):
            print(f"error: {err}", file=sys.stderr)
            return 2
        folder = getattr(args, "data_dir", None)
        if folder is None and not os.environ.get("DATABASE_URL"):
            from .db import default_data_dir

            folder = str(default_data_dir())
        sentence = explain_storage_error(err, folder)
        if sentence:
            print(f"error: {sentence}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
