"""A clerk write checked outside the write lock (deadlines.commands.base.write_checked,
issue 28): the jurisdiction is computed on the records the write would leave
while no write transaction is open, so another jurisdiction's write goes
through meanwhile; and the guarantee stands: nothing unservable is stored,
even when another write of the same jurisdiction comes between the check and
the commit (the write is checked again on what is then stored)."""
from datetime import date

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.commands import base
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.registry import Registry
from deadlines.store import history, records
from deadlines.store.db import get_db, make_db, writer
from deadlines.store.tables import TriggerEvent
from tests.reminders_fixtures import sqlite_url  # noqa: F401

REG = Registry()
CITY, OTHER = REG.get("model-city"), REG.get("salt-lake-city-ut")
CLERK = history.Who("City Clerk")
SERVABLE = commands.Servable(date(2026, 1, 1), 4)


def _events(db, jid: str) -> list[str]:
    with Session(db) as s:
        return sorted(e.label or "" for e in s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jid)))


def _record(label: str, day: str = "2026-05-04"):
    return lambda s: commands.record_event(s, CITY, "ordinance-adopted", day, label, who=CLERK)


def test_another_jurisdictions_write_goes_through_while_the_check_computes(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)
    impatient = make_db(sqlite_url)  # another process's writer, that waits for the lock 0.2 s at most

    @event.listens_for(impatient, "connect")
    def _short_wait(dbapi_conn, _record):
        dbapi_conn.execute("PRAGMA busy_timeout = 200")

    during = []

    def upcoming(jur, *, today, years_ahead, records):
        # a write of another jurisdiction, allowed to wait for the lock 0.2 s at most: it would fail
        # ("database is locked") if the checked write's transaction were still open
        with Session(writer(impatient)) as s, s.begin():
            commands.record_event(s, OTHER, "objection-filed", "2027-06-01T10:00", f"during {len(during)}", who=CLERK)
        during.append([o.label for o in records.recorded(jur.id).events])  # the candidate records: the write in them
        return []

    monkeypatch.setattr(base, "upcoming", upcoming)
    ev = base.write_checked(db, CITY, _record("first"), servable=SERVABLE)
    assert ev.id is not None and during == [["first"]]
    assert _events(db, CITY.id) == ["first"] and _events(db, OTHER.id) == ["during 0"]


def test_an_unservable_write_is_refused_and_nothing_is_stored(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)

    def upcoming(jur, *, today, years_ahead, records):
        if any(o.label == "bad" for o in records.recorded(jur.id).events):
            raise CalendarError(["no law for that year"])
        return []

    monkeypatch.setattr(base, "upcoming", upcoming)
    base.write_checked(db, CITY, _record("good"), servable=SERVABLE)
    with pytest.raises(InputError) as exc:
        base.write_checked(db, CITY, _record("bad"), servable=SERVABLE)
    assert (exc.value.code, dict(exc.value.facts)) == (
        "write.not_servable", {"field": None, "jurisdiction": "model-city", "problems": "no law for that year"})
    assert _events(db, CITY.id) == ["good"]
    with Session(db) as s:
        assert records.anchors_rev(s, CITY.id) == 1  # the refused write left no revision


def test_a_write_of_the_same_jurisdiction_between_check_and_commit_is_checked_with_it(sqlite_url, monkeypatch):
    """Each of "a" and "b" alone is servable, both together are not: "b" comes
    while "a" is being checked (on records without "b"); "a" must then be
    checked again on what is stored, and refused, leaving "b" alone."""
    db = get_db(sqlite_url)
    seen = []

    def upcoming(jur, *, today, years_ahead, records):
        labels = sorted(o.label for o in records.recorded(jur.id).events)
        seen.append(labels)
        if labels == ["a"]:  # the first check of "a": "b" is written meanwhile (checked in the transaction)
            with Session(writer(db), expire_on_commit=False) as s, s.begin():
                commands.record_event(s, CITY, "ordinance-adopted", "2026-06-01", "b", who=CLERK)
        if labels == ["a", "b"]:
            raise CalendarError(["a and b together cannot be computed"])
        return []

    monkeypatch.setattr(base, "upcoming", upcoming)
    with pytest.raises(InputError):
        base.write_checked(db, CITY, _record("a"), servable=SERVABLE)
    assert seen == [["a"], ["a", "b"]]
    assert _events(db, CITY.id) == ["b"]


def test_a_write_that_keeps_losing_the_race_is_checked_inside_its_transaction(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)
    checks = []

    def upcoming(jur, *, today, years_ahead, records):
        labels = sorted(o.label for o in records.recorded(jur.id).events)
        checks.append(labels)
        if "mine" in labels and len(checks) <= 2:  # each check outside the lock: another write comes between
            with Session(writer(db)) as s, s.begin():
                commands.record_event(s, CITY, "ordinance-adopted", "2026-06-01", f"other {len(checks)}", who=CLERK)
        return []

    monkeypatch.setattr(base, "upcoming", upcoming)
    base.write_checked(db, CITY, _record("mine"), servable=SERVABLE, tries=2)
    assert checks == [["mine"], ["mine", "other 1"], ["mine", "other 1", "other 2"]]  # the last inside: nothing came between
    assert _events(db, CITY.id) == ["mine", "other 1", "other 2"]


def test_a_write_that_changes_nothing_is_not_computed(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)
    monkeypatch.setattr(base, "upcoming", lambda *a, **k: pytest.fail("computed"))
    assert base.write_checked(db, CITY, lambda s: commands.delete_event(s, CITY, 99, who=CLERK), servable=SERVABLE) is False


def test_two_checked_writes_of_one_jurisdiction_at_once_in_one_process_do_not_void_each_others_check(sqlite_url,
                                                                                                   monkeypatch):
    import threading
    import time

    db = get_db(sqlite_url)
    checks = []

    def upcoming(jur, *, today, years_ahead, records):
        checks.append(sorted(o.label for o in records.recorded(jur.id).events))
        time.sleep(0.3)  # long enough for the other write to come between, were it let in
        return []

    monkeypatch.setattr(base, "upcoming", upcoming)
    threads = [threading.Thread(target=base.write_checked, args=(db, CITY, _record(label)), kwargs={"servable": SERVABLE})
               for label in ("one", "two")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(checks) == 2 and sorted(map(len, checks)) == [1, 2]  # each checked once: the second on both
    assert _events(db, CITY.id) == ["one", "two"]
