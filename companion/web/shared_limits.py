"""The per-source budgets' counts, in memory for one process or in the database for several.

The budgets (failed room-code lookups, new tables, imports, old stories: ``roomcodes.py`` and
``quotas.py``) are ``limits`` moving windows. In memory, each process counts alone, so with
``--workers 4`` one device got four budgets (issue #39: 64-73 wrong room codes a minute instead of
20, 120 tables instead of 30). :class:`DatabaseCounts` keeps the hits in the ``rate_hit`` table of
the database every process already shares: taking a slot is one transaction that drops the
source's expired hits, counts the rest and adds the new one, serialised per key on PostgreSQL by
an advisory lock, so a burst spread over every worker still gets exactly the budget.

``COMPANION_LIMITS_STORAGE`` chooses: ``memory://`` (the default on SQLite, the single-process
server), ``database`` (the default on PostgreSQL), or any storage URI the ``limits`` package knows
(``redis://...``, with its client library installed). See docs/deploy.md.
"""

from __future__ import annotations

import time
from typing import cast

from limits.storage import MovingWindowSupport, Storage, storage_from_string
from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from ..db import Database
from ..models import RateHit

HITS = RateHit.__table__  # type: ignore[attr-defined]


class DatabaseCounts(Storage, MovingWindowSupport):
    """A ``limits`` storage (moving windows) on the app's database (see the module)."""

    STORAGE_SCHEME = ["companion-database"]

    def __init__(self, engine: Engine, **_options: float | str | bool) -> None:
        super().__init__()
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def _locked(self, conn: Connection, key: str) -> None:
        if self.engine.dialect.name == "postgresql":  # one taker of this source's slots at a time
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 39))"), {"key": key})

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = time.time()
        with self.engine.begin() as conn:
            self._locked(conn, key)
            conn.execute(delete(HITS).where(HITS.c.key == key, HITS.c.expires_at <= now))
            held = conn.execute(select(func.count()).select_from(HITS).where(
                HITS.c.key == key, HITS.c.at > now - expiry)).scalar_one()
            if held + amount > limit:
                return False
            conn.execute(insert(HITS), [{"key": key, "at": now, "expires_at": now + expiry}] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self.engine.connect() as conn:
            oldest, held = conn.execute(select(func.min(HITS.c.at), func.count()).where(
                HITS.c.key == key, HITS.c.at > now - expiry)).one()
        return (float(oldest) if oldest is not None else now), int(held)

    # the fixed-window part of the storage interface (no budget here uses it)
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.engine.begin() as conn:
            self._locked(conn, key)
            conn.execute(insert(HITS), [{"key": key, "at": now, "expires_at": now + expiry}] * amount)
        return self.get(key)

    def get(self, key: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(HITS).where(
                HITS.c.key == key, HITS.c.expires_at > time.time())).scalar_one())

    def get_expiry(self, key: str) -> float:
        with self.engine.connect() as conn:
            found = conn.execute(select(func.max(HITS.c.expires_at)).where(HITS.c.key == key)).scalar_one()
        return float(found) if found is not None else time.time()

    def check(self) -> bool:
        try:
            with self.engine.connect() as conn:
                conn.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as conn:
            return int(conn.execute(delete(HITS)).rowcount)

    def clear(self, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(HITS).where(HITS.c.key == key))


def storage_for(setting: str | None, db: Database) -> Storage:
    """The limiter's storage for ``COMPANION_LIMITS_STORAGE`` (see the module)."""
    setting = (setting or "").strip() or ("memory://" if db.is_sqlite else "database")
    if setting == "database":
        return DatabaseCounts(db.write_engine)
    return cast("Storage", storage_from_string(setting))
