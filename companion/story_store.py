"""A table's story as stored rows: told by each event in its own transaction, read back without replay.

Asking for the story used to replay the whole log (2.5 s for a 10,000-event AGoT import, and only
the last 8 stories were kept), so one device asking for the stories of a few big tables in turn held
the CPU from every other table (issue #39). Now each event's part of the story
(:class:`companion.history.Entry`: a round's end with its figures and public view, or a moment) is
written in the transaction that appends the event, an undo deletes what the events it takes back
told, and a story is the rows plus the current state (:func:`companion.history.assemble`).

A table from before this (``game_table.story_version`` behind its version) is replayed once, when
its story is first asked for, in slices and one long job at a time (:mod:`companion.offload`), and
stored; the web layer charges the asker's budget for it (``companion/web/quotas.py``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, delete, insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from .db import Prebuilt
from .games.base import Game
from .group_commit import RawWrite
from .history import Entry, Teller
from .models import StoryEntry, TableRow

_T = StoryEntry.__table__.c  # type: ignore[attr-defined]
#: the statements every told event may run, prebuilt (issue 41)
_KEYS = Prebuilt(sa_select(_T.key).where(_T.table_code == bindparam("code"), _T.kind == bindparam("kind")))
_HAS_END = Prebuilt(sa_select(_T.id).where(_T.table_code == bindparam("code"), _T.kind == bindparam("kind"),
                                            _T.round == bindparam("round")))
_INSERT = Prebuilt(insert(StoryEntry.__table__),  # type: ignore[attr-defined]
                   ["table_code", "seq", "round", "kind", "key", "data", "view"])


def tracked(table: TableRow) -> bool:
    """Whether the table's stored story is complete up to its current version (read before the
    next event is appended: then that event tells its part too)."""
    return table.story_version == table.version


def tell(s: Session | RawWrite, table: TableRow, game: Game, before: dict[str, Any], after: dict[str, Any],
         round_ends: Sequence[dict[str, Any]], seq: int) -> None:
    """Store what event ``seq`` (already appended in ``s``) adds to the story of a tracked table."""
    code = table.code

    def has_end(rnd: int) -> bool:
        return _HAS_END.run(s, {"code": code, "kind": "end", "round": rnd}).fetchone() is not None

    save(s, code, Teller(game).step(before, after, round_ends, seq, _Seen(s, code), has_end))


class _Seen:
    """The moment keys a table told so far, read in one query when first asked (a moment may be
    observed again at every later event: one query per key was a tenth of an action, issue 41)."""

    def __init__(self, s: Session | RawWrite, code: str) -> None:
        self.s, self.code = s, code
        self.keys: set[str] | None = None

    def __contains__(self, key: object) -> bool:
        if self.keys is None:
            rows = _KEYS.run(self.s, {"code": self.code, "kind": "moment"}).fetchall()
            self.keys = {row[0] for row in rows if row[0] is not None}
        return str(key) in self.keys


def save(s: Session | RawWrite, code: str, entries: Sequence[Entry]) -> None:
    """Add entries, in the order they were told."""
    if entries:
        _INSERT.run(s, [
            {"table_code": code, "seq": e.seq, "round": e.round, "kind": e.kind, "key": e.key,
             "data": json.dumps(e.data), "view": json.dumps(e.view) if e.view is not None else None}
            for e in entries])


def take_back(s: Session, code: str, seq: int) -> None:
    """An undo of event ``seq``: what it (and any later event, all undone) told goes."""
    s.execute(delete(StoryEntry).where(col(StoryEntry.table_code) == code, col(StoryEntry.seq) >= seq))


def replace(s: Session, table: TableRow, entries: Sequence[Entry], version: int) -> None:
    """Store a replayed story whole (an old table's first story), complete up to ``version``."""
    s.execute(delete(StoryEntry).where(col(StoryEntry.table_code) == table.code))
    save(s, table.code, entries)
    table.story_version = version
    s.add(table)


def load(s: Session, code: str, upto: int, views: bool = False) -> list[Entry]:
    """The stored entries up to version ``upto``, in the order told; the public views only when
    asked for (the replay screen), the figures and moments always."""
    table = StoryEntry.__table__.c  # type: ignore[attr-defined]
    columns = [table.kind, table.round, table.seq, table.key, table.data] + ([table.view] if views else [])
    stmt = sa_select(*columns).where(table.table_code == code, table.seq <= upto).order_by(table.id)
    return [Entry(kind=row[0], round=row[1], seq=row[2], key=row[3], data=json.loads(row[4]),
                  view=json.loads(row[5]) if views and row[5] is not None else None)
            for row in s.execute(stmt)]
