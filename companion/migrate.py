"""Bring a database's schema to the newest Alembic revision, at start or by ``companion db``.

A new database gets the newest schema at once. A database written by release 0.1 has the tables but no ``alembic_version`` row: it is stamped at
the baseline first, then upgraded, so nothing is recreated and no event is touched. On PostgreSQL
an advisory lock makes several processes starting together upgrade one after another.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine
from sqlmodel import SQLModel

from . import models  # noqa: F401  (registers the tables)

BASELINE = "0001"
_LOCK_ID = 0x436F6D70  # "Comp": the advisory lock taken while migrating on PostgreSQL


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    cfg.attributes["connection"] = connection
    return cfg


@cache
def head() -> str:
    """The newest revision shipped with this code (read once per process)."""
    return ScriptDirectory.from_config(config()).get_current_head() or BASELINE


def current(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Upgrade to the newest revision (a no-op when already there); returns the revision."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_ID})")
        rev = MigrationContext.configure(conn).get_current_revision()
        if rev == head():
            return rev
        cfg = config(conn)
        if rev is None and not inspect(conn).has_table("game_table"):
            # a new, empty database: build the newest schema in one go and record it (Alembic's
            # "create_all, then stamp head" recipe; tests prove the models equal the migrations)
            SQLModel.metadata.create_all(conn)
            command.stamp(cfg, "head")
            return head()
        if rev is None:
            command.stamp(cfg, BASELINE)  # release 0.1: the baseline's tables are already there
        command.upgrade(cfg, "head")
    return head()
