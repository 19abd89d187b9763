"""Database rows. The event log is the truth; everything else is bookkeeping around it.

A table's state is never stored: it is the replay of its events (see :mod:`companion.tables`).
Tokens are stored only as SHA-256 hashes, so a leaked database file grants no seat.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel


class TableRow(SQLModel, table=True):
    __tablename__ = "game_table"

    code: str = Field(primary_key=True, max_length=8)
    game_id: str = Field(max_length=32)
    options: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    host_hash: str = Field(max_length=64)
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    #: the game's rules version that accepted this table (``Game.rules_version``; migration 0002)
    rules_version: str = Field(default="1", max_length=40, sa_column_kwargs={"server_default": "1"})
    #: the version up to which the table's story is stored (``story_entry``, migration 0005): equal
    #: to ``version`` when every event told its part in its own transaction; behind it (0) for a
    #: table from before, whose story is replayed once, then stored
    story_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class SeatRow(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("table_code", "seat_id"),)

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(index=True, foreign_key="game_table.code", max_length=8)
    seat_id: str = Field(max_length=40)
    position: int = 0
    label: str = Field(max_length=80)
    color: str = Field(default="#888888", max_length=16)
    name: str | None = Field(default=None, max_length=40)
    token_hash: str | None = Field(default=None, index=True, max_length=64)
    claim_hash: str | None = Field(default=None, max_length=64)
    host: bool = False


class EventRow(SQLModel, table=True):
    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("table_code", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(index=True, foreign_key="game_table.code", max_length=8)
    seq: int
    kind: str = Field(max_length=16)  # setup | action | undo | join | leave | host
    actor: str = Field(sa_column=Column(Text, nullable=False))  # JSON {"seat":..., "host":...}
    action: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    rng_seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    created_at: float = 0.0


class ProfileRow(SQLModel, table=True):
    __tablename__ = "profile"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(max_length=32)
    name: str = Field(max_length=60)
    data: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    created_at: float = 0.0


class AppSetting(SQLModel, table=True):
    """Process-wide settings every server process on this database shares (the secret key)."""

    __tablename__ = "app_setting"

    key: str = Field(primary_key=True, max_length=40)
    value: str = Field(sa_column=Column(Text, nullable=False))


class StateSnapshot(SQLModel, table=True):
    """A table's replayed state at one version, so a restart replays only the events after it.

    Only an optimisation: the log stays the truth. A snapshot is used only by the same rules and
    code (``rules_key``) and only when no later undo reaches back before it (migration 0003).
    """

    __tablename__ = "state_snapshot"
    __table_args__ = (UniqueConstraint("table_code", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(index=True, foreign_key="game_table.code", max_length=8)
    version: int
    rules_key: str = Field(max_length=60)
    state: str = Field(sa_column=Column(Text, nullable=False))  # JSON {"g", "names", "log"}
    created_at: float = 0.0


class ActionKeyRow(SQLModel, table=True):
    """The idempotency key a device sent with an action, next to the event it produced: a retry
    of the same tap (the answer was lost on the Wi-Fi) finds it and is not applied again."""

    __tablename__ = "action_key"
    __table_args__ = (UniqueConstraint("table_code", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(foreign_key="game_table.code", max_length=8)
    key: str = Field(max_length=64)
    seq: int


class StoryEntry(SQLModel, table=True):
    """What one event added to a table's story (:class:`companion.history.Entry`): a round's end
    with its figures and the public view then, or a moment. Written in the transaction of the event
    itself, taken back by the undo of it; asking for the story reads these rows (migration 0005)."""

    __tablename__ = "story_entry"

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(index=True, foreign_key="game_table.code", max_length=8)
    seq: int
    round: int
    kind: str = Field(max_length=8)  # end | moment
    key: str = Field(sa_column=Column(Text, nullable=False))  # a moment's key ("" for an end)
    data: str = Field(sa_column=Column(Text, nullable=False))  # JSON: the figures, or the moment
    view: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON: an end's public view


class RateHit(SQLModel, table=True):
    """One counted request of a per-source budget (a failed room-code lookup, a new table, an
    import), shared by every server process on the database (``companion/web/shared_limits.py``,
    migration 0006); a hit is deleted once its window has passed."""

    __tablename__ = "rate_hit"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, max_length=200)
    at: float
    expires_at: float
