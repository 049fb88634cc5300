"""Migrations 0005 (an override's case) and 0006 (the desk's tables) on
SQLite and PostgreSQL: an override stored before them survives, bound to no
case, and the schema is then exactly the tables (issue 17)."""
from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

from deadlines.store.db import make_db
from deadlines.store.tables import OverrideEntry
from tests.migration_helpers import migrate_to, assert_schema_is_the_tables
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401


def _check(url: str) -> None:
    db = make_db(url)
    migrate_to(db, "0004")
    with db.begin() as conn:
        conn.execute(text("INSERT INTO override (jurisdiction_id, deadline, election, status, due, authority, reason) "
                          "VALUES ('ypsilanti-mi', 'petition-filing', '2020-11-03', 'overridden', "
                          "'2020-05-08T17:00:00-04:00', 'Esshaki v. Whitmer', 'pandemic')"))
    migrate_to(db, "head")
    with Session(db) as s:
        [row] = s.query(OverrideEntry).all()
        assert (row.deadline, row.election, row.case_id, row.authority) == (
            "petition-filing", date(2020, 11, 3), "", "Esshaki v. Whitmer")
        s.add(OverrideEntry(jurisdiction_id="model-city", deadline="referendum-petition-filing", election=date(2027, 11, 2),
                            case_id="case-1", status="overridden", authority="a", reason="r"))
        s.add(OverrideEntry(jurisdiction_id="model-city", deadline="referendum-petition-filing", election=date(2027, 11, 2),
                            case_id="case-2", status="overridden", authority="a", reason="r"))
        s.commit()  # two cases of one cycle, each its own order
    assert_schema_is_the_tables(db)


def test_on_sqlite(sqlite_url):
    _check(sqlite_url)


@pytest.mark.postgres
def test_on_postgresql(pg_url):
    _check(pg_url)
