"""Migration 0010 (a subscriber's language) on SQLite and PostgreSQL: a
subscription stored before it survives and is English, a new one keeps the
language it signed up in, and the schema is then exactly the tables (issue 16)."""
from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.registry import Registry
from deadlines.store.db import make_db
from deadlines.store.tables import Subscription
from tests.migration_helpers import migrate_to, assert_schema_is_the_tables
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401


def _check(url: str) -> None:
    db = make_db(url)
    migrate_to(db, "0009")
    with db.begin() as conn:
        conn.execute(text("INSERT INTO subscription (jurisdiction_id, channel, target, leads, notice_lead, deadline_ids, "
                          "unsubscribe_token, created_at) VALUES ('salt-lake-city-ut', 'email', 'old@example.org', "
                          "'14,7,1', 3, '', 'tok-old', '2026-01-05 00:00:00+00:00')"))
    migrate_to(db, "head")
    with Session(db) as s, s.begin():
        [old] = s.query(Subscription).all()
        assert (old.target, old.lang) == ("old@example.org", "en")
        commands.subscribe(s, Registry().get("salt-lake-city-ut"), channel="email", target="nuevo@example.org",
                           lang="es")
    with Session(db) as s:
        assert {sub.target: sub.lang for sub in s.query(Subscription)} == {"old@example.org": "en",
                                                                          "nuevo@example.org": "es"}
    assert_schema_is_the_tables(db)


def test_on_sqlite(sqlite_url):
    _check(sqlite_url)


@pytest.mark.postgres
def test_on_postgresql(pg_url):
    _check(pg_url)
