"""Shared helpers for the migration tests (imported by name; no fixtures)."""
from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext

from deadlines.store.db import MIGRATIONS
from deadlines.store.tables import Base


def migrate_to(db, revision: str) -> None:
    """Upgrade the database of engine ``db`` to ``revision`` ("head" for the newest)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with db.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def assert_schema_is_the_tables(db) -> None:
    """The migrated schema of engine ``db`` is exactly what ``deadlines.store.tables`` declares; then ``db`` is disposed."""
    with db.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    db.dispose()
