"""Migration 0017 (the filing office a clerk records, office hours by
weekday) on SQLite and PostgreSQL: hours stored before keep one set of hours
for their days (no ``other``), an entry with a short Friday and a filing
office can then be written and read back as the engine takes them, and the
schema is exactly the tables (issue 25)."""
from __future__ import annotations

from datetime import date, time

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.registry import Registry
from deadlines.recorded import DbRecords
from deadlines.store.db import make_db
from deadlines.store.records import hours_entries
from tests.migration_helpers import MIGRATIONS, assert_schema_is_the_tables, migrate_to
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401


def _check(url: str) -> None:
    db = make_db(url)
    migrate_to(db, "0016")
    with db.begin() as conn:
        conn.execute(text("INSERT INTO office_hours (jurisdiction_id, open, close, authority, recorded_at, days, "
                          "holds_from) VALUES ('perry-ut', '07:00', '17:00', 'posted', '2026-01-04 06:00:00+00:00', "
                          "'0,1,2,3', '2026-01-04')"))
        conn.execute(text("INSERT INTO jurisdiction_state (jurisdiction_id, anchors_rev, subs_rev) "
                          "VALUES ('perry-ut', 1, 0)"))
    migrate_to(db, "head")
    perry = Registry().get("perry-ut")
    with Session(db) as s:
        [old] = hours_entries(s, "perry-ut")
        assert (old.days, old.other) == ("0,1,2,3", None)
    with Session(db) as s, s.begin():
        commands.set_office_hours(s, perry, {"open": "07:00", "close": "18:00", "from": "2027-01-04",
                                             "other": {"friday": {"open": "09:00", "close": "12:00"}},
                                             "authority": "posted again"})
        commands.set_filing_office(s, perry, {"office": "City Recorder", "address": "3005 S 1200 W, Perry, Utah",
                                              "authority": "notice"})
    stored = DbRecords(db, 0).recorded("perry-ut")
    hours = stored.at(perry, date(2027, 11, 2)).office_hours
    assert (hours.close, hours.other) == (time(18), ((4, time(9), time(12)),))
    assert [(f.value, f.by) for f in stored.facts if f.fact == "filing_office"] == [
        ("City Recorder; 3005 S 1200 W, Perry, Utah", "clerk")]
    with db.connect() as conn:  # and back to 0016: the table goes, the entries stay
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with conn.begin():
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0016")
        assert conn.execute(text("SELECT count(*) FROM office_hours")).scalar() == 2
    migrate_to(db, "head")
    assert_schema_is_the_tables(db)


def test_on_sqlite(sqlite_url):
    _check(sqlite_url)


@pytest.mark.postgres
def test_on_postgresql(pg_url):
    _check(pg_url)
