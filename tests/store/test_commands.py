"""The one pattern of every clerk write (deadlines.commands): validate, store,
one history entry, one new revision; nothing of it when nothing changed; the
servability check after storing when asked, refusing with nothing kept."""
from datetime import date

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.commands import base
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.registry import Registry
from deadlines.store import history, records
from deadlines.store.db import get_db
from deadlines.store.tables import HistoryEntry, TriggerEvent
from tests.reminders_fixtures import sqlite_url  # noqa: F401

REG = Registry()
CITY = REG.get("model-city")
CLERK = history.Who("City Clerk")


def _state(db) -> tuple[int, int, int]:
    """(revision, history entries, events) of model-city."""
    with Session(db) as s:
        return (records.anchors_rev(s, CITY.id), s.scalar(select(func.count()).select_from(HistoryEntry)),
                s.scalar(select(func.count()).select_from(TriggerEvent)))


def test_a_write_logs_once_and_bumps_once_and_a_retry_or_a_miss_does_neither(sqlite_url):
    db = get_db(sqlite_url)
    with Session(db, expire_on_commit=False) as s, s.begin():
        ev = commands.record_event(s, CITY, "ordinance-adopted", "2026-05-04", who=CLERK, key="k1")
    assert _state(db) == (1, 1, 1)
    with Session(db) as s:
        [entry] = history.listing(s, CITY.id)
        assert (entry.by, entry.action, entry.target) == ("City Clerk", "event.record", f"event:{ev.id}")
    with Session(db) as s, s.begin():  # the same request again: the first event, nothing new
        assert commands.record_event(s, CITY, "ordinance-adopted", "2026-05-04", who=CLERK, key="k1").id == ev.id
        assert commands.delete_event(s, CITY, ev.id + 1, who=CLERK) is False
    assert _state(db) == (1, 1, 1)


def test_bad_input_raises_before_anything_is_stored(sqlite_url):
    db = get_db(sqlite_url)
    with Session(db) as s, s.begin(), pytest.raises(InputError):
        commands.record_event(s, CITY, "ordinance-adopted", "not a day")
    assert _state(db) == (0, 0, 0)


def test_asked_to_the_servability_check_runs_after_storing_and_nothing_is_kept(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)
    seen = []

    def upcoming(jur, *, today, years_ahead, records):
        seen.append([o.at for o in records.recorded(jur.id).events])  # the write is visible to the check
        raise CalendarError(["no law for that year"])

    monkeypatch.setattr(base, "upcoming", upcoming)
    with pytest.raises(InputError) as exc, Session(db) as s, s.begin():
        commands.record_event(s, CITY, "ordinance-adopted", "2026-05-04", servable=commands.Servable(date(2026, 1, 1), 4))
    assert (exc.value.code, dict(exc.value.facts)) == (
        "write.not_servable", {"field": None, "jurisdiction": "model-city", "problems": "no law for that year"})
    assert seen == [[date(2026, 5, 4)]] and _state(db) == (0, 0, 0)
