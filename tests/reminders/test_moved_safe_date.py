"""A subscriber is told when the instant to act by moves, not only the
law's date (issue "Local truth", item 4), against a real SMTP server.

Worked example, Salt Lake City, election of November 2, 2027: declarations
of candidacy are filed June 1-7 until 5:00 p.m. (Utah Code 20A-9-203, city
code subsections B and E); June 7, 2027 is a Monday, so the law's last day is
5:00 p.m. Monday June 7. A closure the clerk records on Thursday June 3 moves
nothing a subscriber acts by: no message. A closure recorded on Monday June 7
(not a legal holiday) leaves the law's day where it is and makes the office's
last open day before it, Friday June 4 at 5:00 p.m., the safe date: one
"Deadline moved" message saying the safe date moved, from what to what.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.registry import Registry
from deadlines.reminders.scheduler import Worker
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from deadlines.store.tables import Reminder
from tests.reminders_fixtures import settings_for, smtp_server, sqlite_url  # noqa: F401

REG = Registry()
JID = "salt-lake-city-ut"
UID = f"{JID}/2027-11-02/declaration-filing"


class Clock:
    def __init__(self, at: datetime):
        self.at = at

    def __call__(self):
        return self.at


@pytest.fixture
def db(sqlite_url):
    return get_db(sqlite_url)


def _moved(db) -> list[Reminder]:
    with Session(db) as s:
        return list(s.scalars(select(Reminder).where(Reminder.kind == "moved")))


def test_a_closure_on_the_act_by_day_tells_the_new_safe_date_and_nothing_else_is_sent(db, smtp_server):
    settings = settings_for(smtp_server)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get(JID), channel="email", target="candidate@slc.test", confirmed=True,
                                   leads=["7"], deadline_ids=["declaration-filing"])
    with Session(db) as s, s.begin():
        s.get(type(sub), sub.id).confirmed_at = datetime(2020, 1, 1, tzinfo=timezone.utc)
    worker = Worker(db, REG, settings, Clock(datetime(2027, 1, 5, 16, tzinfo=timezone.utc)))
    assert worker.tick() == {} and smtp_server.messages == []

    # a closure on a day nothing is acted by: the due and the safe date stay, nothing is sent
    with Session(db) as s, s.begin():
        commands.record_closure(s, REG.get(JID), "2027-06-03", "Town office closed: water main break")
    assert worker.tick() == {} and smtp_server.messages == [] and _moved(db) == []

    # a closure on the act-by day: the safe date moves to Friday June 4, the law's day stays
    with Session(db) as s, s.begin():
        commands.record_closure(s, REG.get(JID), "2027-06-07", "Recorder's office closed: move to the new building")
    assert worker.tick() == {"sent": 1}
    [msg] = smtp_server.messages
    text = msg.get_body(("plain",)).get_content()
    assert msg["Subject"].strip().startswith("Deadline moved: Declaration of candidacy")
    assert "Safe date was: Monday, June 7, 2027, at 5:00 p.m." in text
    assert "Safe date now: Friday, June 4, 2027, at 5:00 p.m." in text
    assert "The law's date is unchanged: Monday, June 7, 2027, at 5:00 p.m." in text
    assert "Was:" not in text  # the law's date did not move: no "Was"/"Now" of it
    [moved] = _moved(db)
    import json
    payload = json.loads(moved.payload)
    assert payload["moved"] == ["safe_due"]
    assert (payload["old"]["safe_due"], payload["new"]["safe_due"]) == ("2027-06-07T17:00:00-06:00",
                                                                        "2027-06-04T17:00:00-06:00")
    assert payload["old"]["due"] == payload["new"]["due"] == "2027-06-07T17:00:00-06:00"
    # the reminder follows the safe date, and planning again says nothing more
    with Session(db) as s:
        fires = list(s.scalars(select(Reminder.fire_at).where(Reminder.deadline_uid == UID, Reminder.kind == "deadline",
                                                              Reminder.state == "pending")))
    assert [f.date().isoformat() for f in fires] == ["2027-05-28"]
    assert worker.tick() == {} and len(smtp_server.messages) == 1
