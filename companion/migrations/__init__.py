"""Alembic migrations for the event log's database (SQLite and PostgreSQL alike).

``0001`` is the schema of release 0.1 exactly (that release ran ``create_all`` and recorded no
version, so such a database is stamped at ``0001`` before upgrading). New columns and tables get a
new revision here; :func:`companion.db.open_database` upgrades every database at start, and
``companion db upgrade|current`` does it by hand.
"""
