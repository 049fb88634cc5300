"""Migrations 0015 (the safe date a subscriber was told) and 0016 (office
hours over time) on SQLite and PostgreSQL: the hours stored before survive,
holding from the day recorded in the jurisdiction's zone; a second entry is
kept beside the first; a tracked date stored before has no safe date; and
the schema is then exactly the tables (issue "Local truth", items 4 and 6)."""
from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.registry import Registry
from deadlines.recorded import DbRecords
from deadlines.store.db import make_db
from deadlines.store.records import hours_entries
from deadlines.store.tables import TrackedDeadline
from tests.migration_helpers import migrate_to, assert_schema_is_the_tables
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401


def _check(url: str) -> None:
    db = make_db(url)
    migrate_to(db, "0014")
    with db.begin() as conn:  # recorded at 11:00 p.m. on Sunday, January 3, 2027 in Hanksville (MST, UTC-7)
        conn.execute(text("INSERT INTO office_hours (jurisdiction_id, open, close, authority, recorded_at, days) "
                          "VALUES ('hanksville-ut', '08:00', '12:00', 'posted', '2027-01-04 06:00:00+00:00', NULL)"))
        conn.execute(text("INSERT INTO jurisdiction_state (jurisdiction_id, anchors_rev, subs_rev) "
                          "VALUES ('hanksville-ut', 1, 0)"))
        conn.execute(text("INSERT INTO subscription (jurisdiction_id, channel, target, leads, notice_lead, deadline_ids, "
                          "unsubscribe_token, created_at) VALUES ('hanksville-ut', 'email', 'old@example.org', "
                          "'7', 3, '', 'tok-old', '2026-01-05 00:00:00+00:00')"))
        sub = conn.execute(text("SELECT id FROM subscription")).scalar()
        conn.execute(text("INSERT INTO tracked_deadline (subscription_id, deadline_uid, title, due, status) VALUES "
                          f"({sub}, 'hanksville-ut/2027-11-02/declaration-filing', 'Declaration', "
                          "'2027-06-07T14:00:00-06:00', 'scheduled')"))
    migrate_to(db, "head")
    hanksville = Registry().get("hanksville-ut")
    with Session(db) as s:
        [old] = hours_entries(s, "hanksville-ut")
        assert (old.open, old.close, old.holds_from, old.holds_until) == ("08:00", "12:00", None, None)
        assert s.get(TrackedDeadline, (sub, "hanksville-ut/2027-11-02/declaration-filing")).safe_due is None
    stored = DbRecords(db, 0).recorded("hanksville-ut")
    assert stored.at(hanksville, date(2027, 1, 3)).office_hours.close.hour == 12  # from the day recorded, there
    assert stored.at(hanksville, date(2027, 1, 2)).office_hours is None
    with Session(db) as s, s.begin():  # a new entry keeps the old one
        commands.set_office_hours(s, hanksville, {"open": "09:00", "close": "13:00", "from": "2027-03-01",
                                                  "authority": "posted again"})
    with Session(db) as s:
        assert [(h.close, h.holds_from) for h in hours_entries(s, "hanksville-ut")] == [
            ("12:00", None), ("13:00", date(2027, 3, 1))]
    stored = DbRecords(db, 0).recorded("hanksville-ut")
    assert stored.at(hanksville, date(2027, 2, 28)).office_hours.close.hour == 12
    assert stored.at(hanksville, date(2027, 11, 2)).office_hours.close.hour == 13
    assert_schema_is_the_tables(db)


def test_on_sqlite(sqlite_url):
    _check(sqlite_url)


@pytest.mark.postgres
def test_on_postgresql(pg_url):
    _check(pg_url)
