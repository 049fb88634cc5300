"""Shared helpers for the migration tests (imported by name; no fixtures)."""
from __future__ import annotations

from alembic import command
from alembic.config import Config

from deadlines.store.db import MIGRATIONS


def migrate_to(db, revision: str) -> None:
    """Upgrade the database of engine ``db`` to ``revision`` ("head" for the newest)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with db.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
