"""Schema migrations: the models equal the migrations, a database written by release 0.1 upgrades
in place on SQLite and PostgreSQL and every table on it stays playable, and exports carry a format
version that an import checks."""

from __future__ import annotations

import os
import shutil
import sqlite3
import uuid
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text
from sqlmodel import SQLModel

from companion import create_app, migrate
from companion.tables import Viewer

RELEASE_DB = Path(__file__).resolve().parent.parent / "data" / "release-0.1.sqlite"
PG_URL = os.environ.get("DATABASE_URL", "")
needs_pg = pytest.mark.skipif(not PG_URL.startswith("postgres"), reason="needs PostgreSQL (DATABASE_URL)")
TABLES = ("game_table", "profile", "seat", "event")  # release 0.1's tables, parents first


@pytest.fixture
def pg_database():
    """A scratch PostgreSQL database (dropped afterwards), next to the test database."""
    admin = create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT")
    name = f"test_mig_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_URL.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _engine(url: str):
    return create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))


def _models_match_migrations(url: str) -> None:
    engine = _engine(url)
    with engine.begin() as conn:
        command.upgrade(migrate.config(conn), "head")  # every revision from an empty database
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    engine.dispose()
    assert diff == [], f"models and migrations disagree: {diff}"


def test_the_models_are_what_the_migrations_build_on_sqlite(tmp_path):
    _models_match_migrations(f"sqlite:///{tmp_path / 'm.db'}")


@needs_pg
def test_the_models_are_what_the_migrations_build_on_postgres(pg_database):
    _models_match_migrations(pg_database)


def _every_table_is_playable(app) -> int:
    """Replay each table from its log, render every device's fragments, and write new events."""
    svc = app.extensions["companion.tables"]
    client = app.test_client()
    with svc.db.read() as s:
        codes = [row[0] for row in s.exec(text("SELECT code FROM game_table ORDER BY code"))]
    assert len(codes) == 7
    for code in codes:
        svc._cache.clear()
        snap = svc.snapshot(code)  # a full replay of the release-0.1 log under today's rules
        assert snap.version > 1 and snap.table.rules_version == "1"
        assert client.get(f"/api/tables/{code}").status_code == 200
        assert client.get(f"/t/{code}/frag/screen").status_code == 200
        assert not svc.story_stored(snap)  # a table from before stories were stored (migration 0005)
        told = client.get(f"/api/tables/{code}/history")  # replayed once from the old log, then stored
        assert told.status_code == 200 and svc.story_stored(svc.snapshot(code))
        for seat in snap.seats:
            assert client.get(f"/api/tables/{code}/log").status_code == 200
            if seat.token_hash:
                # a seated phone keeps playing: free the seat, then a phone takes it again
                svc.free_seat(code, Viewer(host=True), seat.seat_id)
                svc.join(code, seat.seat_id, "Returning")
                break
        if snap.table.game_id == "generic":
            svc.act(code, Viewer(host=True), {"type": "roll", "dice": "1d6"})
        assert svc.snapshot(code).version > snap.version
        assert svc.story_stored(svc.snapshot(code))  # every later event tells its part
        assert client.get(f"/api/tables/{code}/history").get_json()["rounds"][:-1] == told.get_json()["rounds"][:-1]
    return len(codes)


def test_a_release_0_1_sqlite_database_upgrades_in_place_and_stays_playable(tmp_path):
    shutil.copy(RELEASE_DB, tmp_path / "companion.db")
    with sqlite3.connect(tmp_path / "companion.db") as conn:
        before = conn.execute("SELECT count(*) FROM event").fetchone()[0]
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name='alembic_version'").fetchone()[0] == 0
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True})
    svc = app.extensions["companion.tables"]
    assert migrate.current(svc.db.write_engine) == migrate.head()
    _every_table_is_playable(app)
    with svc.db.read() as s:
        after = s.exec(text("SELECT count(*) FROM event WHERE seq <= 1000")).one()[0]
    assert after > before  # nothing lost, new events appended
    svc.db.dispose()


@needs_pg
def test_a_release_0_1_postgres_database_upgrades_in_place_and_stays_playable(pg_database):
    engine = _engine(pg_database)
    with engine.begin() as conn:  # what release 0.1 would have left: its schema and its rows
        command.upgrade(migrate.config(conn), migrate.BASELINE)
        conn.execute(text("DROP TABLE alembic_version"))  # release 0.1 recorded no version
        src = sqlite3.connect(RELEASE_DB)
        for table in TABLES:
            cur = src.execute(f"SELECT * FROM {table}")
            cols = [d[0] for d in cur.description]
            rows = [dict(zip(cols, r)) for r in cur.fetchall()]
            if table == "seat":
                for r in rows:
                    r["host"] = bool(r["host"])
            if not rows:
                continue
            names = ", ".join(f'"{c}"' for c in cols)
            params = ", ".join(f":{c}" for c in cols)
            conn.execute(text(f"INSERT INTO {table} ({names}) VALUES ({params})"), rows)
        for table in ("seat", "event", "profile"):
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                              f"(SELECT coalesce(max(id), 1) FROM {table}))"))
        src.close()
    engine.dispose()
    app = create_app({"DATABASE_URL": pg_database, "TESTING": True})
    svc = app.extensions["companion.tables"]
    assert migrate.current(svc.db.write_engine) == migrate.head()
    _every_table_is_playable(app)
    svc.db.dispose()


def test_an_import_refuses_an_unknown_format_version(api):
    t = api.create("generic")
    data = api.export(t["code"], t["host_token"])
    assert data["format_version"] == 1 and data["rules_version"] == "1"
    data["format_version"] = 99
    r = api.client.post("/api/tables/import", json=data)
    assert r.status_code == 400
    body = r.get_json()
    assert "format version 99" in body["error"] and "Update Tabletop Companion" in body["error"]
    data["format_version"] = 1
    assert api.client.post("/api/tables/import", json=data).status_code == 201


def test_processes_on_one_database_share_the_signing_key(tmp_path):
    """Cookies and form tokens signed by one process (or before a restart) stay valid."""
    first = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True})
    second = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] and len(first.config["SECRET_KEY"]) == 64
    other = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path / "x"), "TESTING": True})
    assert other.config["SECRET_KEY"] != first.config["SECRET_KEY"]
    for app in (first, second, other):
        app.extensions["companion.tables"].db.dispose()


def test_behind_a_proxy_the_client_address_is_the_phones(tmp_path):
    """With COMPANION_PROXY_HOPS (docs/deploy.md), X-Forwarded-For names the client; without it,
    a forged header changes nothing."""
    from flask import request

    seen = []
    for hops in (0, 1):
        app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path / str(hops)), "TESTING": True,
                          "PROXY_HOPS": hops})
        app.add_url_rule("/_addr", "addr", lambda: seen.append(request.remote_addr) or "ok")
        app.test_client().get("/_addr", headers={"X-Forwarded-For": "10.9.8.7"})
        app.extensions["companion.tables"].db.dispose()
    assert seen == ["127.0.0.1", "10.9.8.7"]
