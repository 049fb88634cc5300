"""Alembic environment: migrates the connection handed in by
:func:`deadlines.store.db.migrate`, or the configured database URL."""
from __future__ import annotations

from alembic import context
from sqlalchemy import text

from deadlines.store.tables import Base

MIGRATION_LOCK = 0x646C6E73  # PostgreSQL advisory lock id: one migrator at a time


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        context.run_migrations()


def main() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        if connection.in_transaction():
            connection.commit()
        return
    from deadlines.config import database_url
    from deadlines.store.db import make_db

    with make_db(database_url()).connect() as conn:
        _run(conn)
        conn.commit()


main()
