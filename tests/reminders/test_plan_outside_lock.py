"""Reminders are planned with the deadlines computed outside any write
transaction (issue 28, item 7: on SQLite a write transaction holds every other
write, and computing a jurisdiction with hundreds of events takes a second):
another writer gets the lock while the engine runs; a clerk write that lands
meanwhile is planned from (computed again), not lost; and planners running at
once store the plan once.

Worked example (the one of test_moved_safe_date.py), Salt Lake City, election
of November 2, 2027: declarations of candidacy are filed June 1-7 until 5:00
p.m. (Utah Code 20A-9-203); a closure the clerk records on Monday June 7 makes
Friday June 4, 5:00 p.m. the safe date. A 7-day reminder at the reminder hour
(9 a.m. Mountain) then fires Friday May 28 instead of Monday May 31.
"""
from __future__ import annotations

import json
import threading
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.registry import Registry
from deadlines.reminders import plan
from deadlines.store import subscriptions
from deadlines.store.db import get_db, make_db, writer
from deadlines.store.tables import Reminder, TrackedDeadline
from tests.reminders_fixtures import pg_url, settings_for, sqlite_url, write_transactions  # noqa: F401

REG = Registry()
JID = "salt-lake-city-ut"
UID = f"{JID}/2027-11-02/declaration-filing"
DENVER = ZoneInfo("America/Denver")
NOW = datetime(2027, 1, 5, 16, tzinfo=timezone.utc)
REAL_UPCOMING = plan.upcoming


@pytest.fixture
def db(sqlite_url):
    return get_db(sqlite_url)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_db(request):
    """SQLite, and PostgreSQL (where planners hold a row lock, not the database)."""
    return get_db(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url"))


def _subscribe(db) -> None:
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get(JID), channel="email", target="candidate@slc.test", confirmed=True,
                                   leads=["7"], deadline_ids=["declaration-filing"])
    with Session(db) as s, s.begin():  # planning counts only reminders after the subscription began
        s.get(type(sub), sub.id).confirmed_at = datetime(2020, 1, 1, tzinfo=timezone.utc)


def _close(db, day: str) -> None:
    with Session(db) as s, s.begin():
        commands.record_closure(s, REG.get(JID), day, "Recorder's office closed")


def _rows(db, **where) -> list[Reminder]:
    with Session(db) as s:
        return [r for r in s.scalars(select(Reminder).order_by(Reminder.fire_at))
                if all(getattr(r, k) == v for k, v in where.items())]


def test_the_engine_runs_while_no_write_transaction_is_open(db, sqlite_url, monkeypatch):
    _subscribe(db)
    impatient = make_db(sqlite_url)  # another process's writer, that waits for the lock 0.2 s at most

    @event.listens_for(impatient, "connect")
    def _short_wait(dbapi_conn, _record):
        dbapi_conn.execute("PRAGMA busy_timeout = 200")

    writes = write_transactions(db)
    during = []

    def upcoming(jur, **kw):
        during.append(writes["open"])
        # a write of another jurisdiction: "database is locked" if the planner held the write lock
        with Session(writer(impatient)) as s, s.begin():
            commands.record_closure(s, REG.get("ypsilanti-mi"), "2027-03-01", "Closed")
        return REAL_UPCOMING(jur, **kw)

    monkeypatch.setattr(plan, "upcoming", upcoming)
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 3  # 7 days before 2027's, 2029's, 2031's
    assert during == [0]
    assert writes["begun"] == 1 and writes["open"] == 0  # one short write transaction, to store the plan
    [r] = _rows(db, kind="deadline", state="pending", deadline_uid=UID)
    assert r.fire_at.astimezone(DENVER) == datetime(2027, 5, 31, 9, tzinfo=DENVER)

    # planned already for what it reads: the read alone says so, no write transaction
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 0
    assert writes["begun"] == 1 and during == [0]


def test_a_clerk_write_during_the_computation_is_planned_from_and_told_once(any_db, monkeypatch):
    db = any_db
    _subscribe(db)
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 3
    _close(db, "2027-06-03")  # moves nothing a subscriber acts by, but is a change to plan from
    computed = []

    def upcoming(jur, *, records, **kw):
        closures = sorted(str(c.day) for c in records.recorded(jur.id).closures)
        computed.append(closures)
        if len(computed) == 1:  # the clerk closes the office on the act-by day while the engine runs
            _close(db, "2027-06-07")
        return REAL_UPCOMING(jur, records=records, **kw)

    monkeypatch.setattr(plan, "upcoming", upcoming)
    plan.replan(db, REG, JID, now=NOW, settings=settings_for())
    assert computed == [["2027-06-03"], ["2027-06-03", "2027-06-07"]]  # computed again from what is stored

    [r] = _rows(db, kind="deadline", state="pending", deadline_uid=UID)
    assert r.fire_at.astimezone(DENVER) == datetime(2027, 5, 28, 9, tzinfo=DENVER)  # 7 days before Friday June 4
    assert [x.fire_at.astimezone(DENVER) for x in _rows(db, kind="deadline", state="cancelled", deadline_uid=UID)] == [
        datetime(2027, 5, 31, 9, tzinfo=DENVER)]
    [moved] = _rows(db, kind="moved")
    payload = json.loads(moved.payload)
    assert (payload["moved"], payload["old"]["safe_due"], payload["new"]["safe_due"]) == (
        ["safe_due"], "2027-06-07T17:00:00-06:00", "2027-06-04T17:00:00-06:00")
    with Session(db) as s:
        [t] = s.scalars(select(TrackedDeadline).where(TrackedDeadline.deadline_uid == UID))
        assert t.safe_due == "2027-06-04T17:00:00-06:00"

    monkeypatch.setattr(plan, "upcoming", REAL_UPCOMING)
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 0
    assert len(_rows(db, kind="moved")) == 1 and len(_rows(db)) == 5


def test_planners_at_once_store_the_plan_once(any_db, monkeypatch):
    """Four planners (a scheduler and clerk writes of another process) read
    and compute at the same moment; one stores, the others find it planned."""
    db = any_db
    _subscribe(db)
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 3
    _close(db, "2027-06-07")
    together = threading.Barrier(4, timeout=30)

    def upcoming(jur, **kw):
        together.wait()  # every planner has read and computes now
        return REAL_UPCOMING(jur, **kw)

    monkeypatch.setattr(plan, "upcoming", upcoming)
    added, failed = [], []

    def run():
        try:
            added.append(plan.replan(db, REG, JID, now=NOW, settings=settings_for()))
        except Exception as exc:  # noqa: BLE001 (reported below)
            failed.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == [] and sorted(added) == [0, 0, 0, 2]  # the new 7-day reminder and the moved message, once
    assert len(_rows(db, kind="moved")) == 1
    assert [r.fire_at.astimezone(DENVER) for r in _rows(db, kind="deadline", state="pending", deadline_uid=UID)] == [
        datetime(2027, 5, 28, 9, tzinfo=DENVER)]
    keys = [r.key for r in _rows(db)]
    assert len(keys) == len(set(keys)) == 5  # three cycles, the retimed one and the message


def test_a_planner_that_keeps_losing_the_race_computes_holding_the_lock_and_ends(db, monkeypatch):
    _subscribe(db)
    assert plan.replan(db, REG, JID, now=NOW, settings=settings_for()) == 3
    _close(db, "2027-06-03")
    writes = write_transactions(db)
    computed = []

    def upcoming(jur, *, records, **kw):
        computed.append((sorted(str(c.day) for c in records.recorded(jur.id).closures), writes["open"]))
        if len(computed) <= 2:  # each computation outside the lock: a clerk write comes between
            _close(db, f"2027-06-{6 + len(computed):02d}")  # June 7, then June 8
        return REAL_UPCOMING(jur, records=records, **kw)

    monkeypatch.setattr(plan, "upcoming", upcoming)
    plan.replan(db, REG, JID, now=NOW, settings=settings_for(), tries=2)
    assert computed == [(["2027-06-03"], 0), (["2027-06-03", "2027-06-07"], 0),
                        (["2027-06-03", "2027-06-07", "2027-06-08"], 1)]  # the last inside: nothing came between
    # June 7 and 8 closed: the last open day before the act-by day is still Friday June 4
    [r] = _rows(db, kind="deadline", state="pending", deadline_uid=UID)
    assert r.fire_at.astimezone(DENVER) == datetime(2027, 5, 28, 9, tzinfo=DENVER)
    assert len(_rows(db, kind="moved")) == 1
