"""Office hours a clerk records hold from a day on, and a past cycle keeps
the hours in force then (issue "Local truth", item 6): recording hours now
no longer moves past cycles' dates.

Worked example, the Town of Hanksville, Utah. Its law (research: the town
office, Tuesday to Thursday, 10:00 a.m. to 2:00 p.m.) and Utah Code
20A-9-203(3)(a)(i): a declaration of candidacy is filed "during office hours
... between June 1 and June 7" of the year of the municipal election.

- 2025 cycle (election Tuesday, November 4, 2025), the law's hours: June 1 is
  a Sunday, so the period opens when the office first opens, 10:00 a.m. on
  Tuesday June 3; June 7 is a Saturday, so the period ends on the business
  day before, Friday June 6, at 2:00 p.m.; the office is not open on
  Fridays, so its last open day before that, Thursday June 5 at 2:00 p.m.,
  is the safe date.
- 2027 cycle (election Tuesday, November 2, 2027), the law's hours: opens
  10:00 a.m. Tuesday June 1, ends 2:00 p.m. Monday June 7, safe date
  Thursday June 3 at 2:00 p.m. (the office is closed on Mondays).
- The clerk records on Monday, January 4, 2027 the hours 8:00 a.m. to 12:00
  p.m., Monday to Friday (no ``from``: they hold from that day). The 2027
  general election falls after it: opens 8:00 a.m. Tuesday June 1, ends and
  is safe at 12:00 p.m. Monday June 7 (open on Mondays now). The 2025 cycle
  keeps the law's hours: its dates above, unchanged.
- Hours recorded ``from`` January 2, 2025 (9:00 a.m. to 1:00 p.m., Monday to
  Friday) hold until the day before the 2027 entry, so they are the 2025
  cycle's: opens 9:00 a.m. Monday June 2, 2025, ends and is safe at 1:00 p.m.
  Friday June 6; the 2027 cycle keeps 8:00 to 12:00.
- DELETE ends the hours in force today: from today the law's apply again to
  the 2027 cycle; the 2025 cycle keeps the hours of 2025.
All instants in Mountain Daylight Time (UTC-6).
"""
from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.recorded import DbRecords
from deadlines.service import lookup
from deadlines.store.tables import JurisdictionState, OfficeHoursEntry
from tests.desk_helpers import bearer
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)

API = "/api/v1/jurisdictions/hanksville-ut"
TODAY = "2027-01-04"
LAW_2025 = ("2025-06-03T10:00:00-06:00", "2025-06-06T14:00:00-06:00", "2025-06-05T14:00:00-06:00")
LAW_2027 = ("2027-06-01T10:00:00-06:00", "2027-06-07T14:00:00-06:00", "2027-06-03T14:00:00-06:00")
CLERK_2027 = ("2027-06-01T08:00:00-06:00", "2027-06-07T12:00:00-06:00", "2027-06-07T12:00:00-06:00")
CLERK_2025 = ("2025-06-02T09:00:00-06:00", "2025-06-06T13:00:00-06:00", "2025-06-06T13:00:00-06:00")


@pytest.fixture
def desk_today():
    """The desk desk_app's "today" (tests/conftest.py): the day the clerk records the hours of 2027."""
    return TODAY


@pytest.fixture
def auth(desk_app):
    return bearer(desk_app, "hanksville-ut")


def _declaration(client, cycle: str) -> tuple:
    data = client.get(f"{API}/deadlines?election={cycle}").get_json()
    d = next(d for d in data["deadlines"] if d["id"] == "declaration-filing")
    return (d["start"], d["due"], d["safe_due"]), [f["by"] for f in d["basis"]["facts"] if f["fact"] == "office_hours"]


def test_hours_recorded_in_2027_change_the_2027_cycle_and_not_the_2025_one(desk_app, auth):
    client = desk_app.test_client()
    assert _declaration(client, "2025-11-04")[0] == LAW_2025 and _declaration(client, "2027-11-02")[0] == LAW_2027

    put = client.put(f"{API}/office-hours", headers=auth, json={
        "open": "08:00", "close": "12:00", "authority": "Town Council, posted office hours for the 2027 filing period"})
    assert put.status_code == 200, put.get_json()
    assert (put.get_json()["from"], put.get_json()["until"]) == ("2027-01-04", None)
    assert _declaration(client, "2027-11-02") == (CLERK_2027, ["clerk"])
    assert _declaration(client, "2025-11-04") == (LAW_2025, ["research"])  # the facts in force then

    # hours of 2025, recorded now with the day they held from: the 2025 cycle's, until the 2027 entry
    put = client.put(f"{API}/office-hours", headers=auth, json={
        "open": "09:00", "close": "13:00", "from": "2025-01-02", "authority": "Town Council minutes, January 2025"})
    assert put.status_code == 200, put.get_json()
    assert (put.get_json()["from"], put.get_json()["until"]) == ("2025-01-02", "2027-01-03")
    assert _declaration(client, "2025-11-04") == (CLERK_2025, ["clerk"])
    assert _declaration(client, "2027-11-02")[0] == CLERK_2027
    now = client.get(f"{API}/office-hours", headers=auth).get_json()  # the hours in force today
    assert (now["open"], now["from"], now["until"]) == ("08:00", "2027-01-04", None)

    # DELETE ends the hours in force today: the law's from today; the 2025 cycle keeps its hours
    assert client.delete(f"{API}/office-hours?reason=posted+in+error", headers=auth).status_code == 204
    assert _declaration(client, "2027-11-02") == (LAW_2027, ["research"])
    assert _declaration(client, "2025-11-04")[0] == CLERK_2025
    assert client.get(f"{API}/office-hours", headers=auth).status_code == 404
    assert client.delete(f"{API}/office-hours", headers=auth).status_code == 404
    history = client.get(f"{API}/history", headers=auth).get_json()["items"]
    assert [e["action"] for e in history if e["target"] == "office:hours"].count("office.hours") == 2


def test_a_bad_from_is_refused_naming_it_and_the_same_day_replaces_its_entry(desk_app, auth):
    client = desk_app.test_client()
    bad = client.put(f"{API}/office-hours", headers=auth, json={"open": "08:00", "close": "12:00", "from": "June 1",
                                                                 "authority": "posted"})
    assert bad.status_code == 422 and "from" in str(bad.get_json())
    for close in ("12:00", "12:30"):
        assert client.put(f"{API}/office-hours", headers=auth, json={
            "open": "08:00", "close": close, "from": "2027-02-01", "authority": "posted"}).status_code == 200
    with Session(desk_app.extensions["records"].db) as s:
        assert s.scalar(select(func.count()).select_from(OfficeHoursEntry)) == 1
    # recorded ahead: the next to come is what GET answers, and it holds for the 2027 cycle
    assert client.get(f"{API}/office-hours", headers=auth).get_json()["close"] == "12:30"
    assert _declaration(client, "2027-11-02")[0][1] == "2027-06-07T12:30:00-06:00"


def test_an_entry_recorded_before_entries_had_a_day_holds_from_the_day_recorded_in_the_zone(sqlite_url):  # noqa: F811
    from deadlines.store.db import get_db
    db = get_db(sqlite_url)
    with Session(db) as s, s.begin():  # recorded at 11:00 p.m. on Sunday, January 3, 2027 in Hanksville
        s.add(OfficeHoursEntry(jurisdiction_id="hanksville-ut", open="08:00", close="12:00", authority="posted",
                               recorded_at=datetime(2027, 1, 4, 6, tzinfo=timezone.utc)))
        s.add(JurisdictionState(jurisdiction_id="hanksville-ut", anchors_rev=1, subs_rev=0))  # (as a write bumps it)
    hanksville = Registry().get("hanksville-ut")
    stored = DbRecords(db, 0).recorded("hanksville-ut")
    assert stored.at(hanksville, date(2027, 1, 3)).office_hours.close.hour == 12
    assert stored.at(hanksville, date(2027, 1, 2)).office_hours is None
    got = lookup(hanksville, today=date(2027, 1, 4), election=date(2027, 11, 2), records=DbRecords(db, 0))
    d = next(d for d in got.deadlines if d.id == "declaration-filing")
    assert (d.start.isoformat(), d.due.isoformat(), d.safe_due.isoformat()) == CLERK_2027
