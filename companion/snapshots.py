"""State snapshots: where a replay may start instead of a table's first event.

The event log stays the truth; a snapshot is a cache of "the replay up to version V" kept in the
database, so a restarted server answers a long game's first request by replaying the events after
its newest snapshot rather than the whole evening. A snapshot is trusted only when

- it was written by the same code and rules (``rules_key``: a rules change replays from the start),
- no later undo reverts an event at or before it (an undo re-replays as if that event never
  happened; the replay then starts from an older snapshot, or from the beginning).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, col, select

from .models import StateSnapshot
from .version import __version__

if TYPE_CHECKING:
    from .db import Database

log = logging.getLogger(__name__)

#: Write a snapshot after this many events were replayed or appended since the last one.
EVERY = 200


def rules_key(rules_version: str) -> str:
    return f"{__version__}/{rules_version}"


def newest(s: Session, code: str, key: str, below: int) -> tuple[int, dict[str, Any]] | None:
    """The newest usable snapshot of ``code`` with a version strictly below ``below``."""
    row = s.exec(select(StateSnapshot).where(StateSnapshot.table_code == code, StateSnapshot.rules_key == key,
                                             StateSnapshot.version < below)
                 .order_by(col(StateSnapshot.version).desc()).limit(1)).first()
    return (row.version, json.loads(row.state)) if row is not None else None


def save(db: Database, code: str, version: int, state: Mapping[str, Any], key: str) -> None:
    """Store the state at ``version`` (best effort: a failure only means a longer replay later)."""
    try:
        data = json.dumps(state)
        with db.write() as s:
            exists = s.exec(select(StateSnapshot.id).where(StateSnapshot.table_code == code,
                                                            StateSnapshot.version == version)).first()
            if exists is None:
                s.add(StateSnapshot(table_code=code, version=version, rules_key=key, state=data,
                                    created_at=time.time()))
    except Exception as err:  # e.g. a concurrent writer stored the same version first
        log.info("snapshot of %s at %s not stored: %s", code, version, err)
