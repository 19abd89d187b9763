"""Alembic environment: always run online, on the connection the app hands over."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from companion import models  # noqa: F401  (registers the tables on the metadata)

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
