"""The clerk API writes the office's hours (with the weekdays it is open) and
its closures, as the desk does, and every surface follows.

Worked example, the Town of Hanksville, Utah, municipal general election of
Tuesday, November 2, 2027: the declaration of candidacy is filed "during
office hours and not later than the close of normal office hours, between June
1 and June 7" (Utah Code 20A-9-203(3)(a)(i)); June 7, 2027 is a Monday.
- Hours 8:00 a.m. to 12:00 p.m., Monday to Friday: the period ends at noon on
  Monday, June 7 (MDT, UTC-6), and opens at 8:00 a.m. on Tuesday, June 1.
- Open Tuesday to Thursday only: Monday, June 7 is a business day the office
  is closed, so the law's day stays and the office's last open day before it,
  Thursday, June 3, at noon, is the safe date.
- A closure recorded on Monday, June 7 (Monday to Friday hours again): the
  office's last open day before it, Friday, June 4, at noon, is the safe date.
"""
from __future__ import annotations

import pytest

from tests.desk_helpers import bearer

API = "/api/v1/jurisdictions/hanksville-ut"
CYCLE = "2027-11-02"


@pytest.fixture
def auth(desk_app):
    return bearer(desk_app, "hanksville-ut")


def _declaration(client) -> dict:
    data = client.get(f"{API}/deadlines?election={CYCLE}").get_json()
    return next(d for d in data["deadlines"] if d["id"] == "declaration-filing")


def test_recorded_hours_reach_the_api_and_the_feed_with_their_basis(desk_app, auth):
    client = desk_app.test_client()
    put = client.put(f"{API}/office-hours", headers=auth,
                     json={"open": "08:00", "close": "12:00", "authority": "Town council, filing-period hours"})
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["days"] == ["monday", "tuesday", "wednesday", "thursday", "friday"]
    d = _declaration(client)
    assert (d["start"], d["due"], d["safe_due"]) == ("2027-06-01T08:00:00-06:00", "2027-06-07T12:00:00-06:00",
                                                     "2027-06-07T12:00:00-06:00")
    assert d["basis"]["status"] == "recorded"
    assert [(f["fact"], f["value"], f["by"], f["source"]) for f in d["basis"]["facts"]] == [
        ("office_hours", "08:00-12:00", "clerk", "recorded by the clerk")]
    feed = client.get(f"/calendars/hanksville-ut/{CYCLE}.ics").get_data(as_text=True)
    assert "DTSTART;TZID=America/Denver:20270607T120000" in feed
    assert client.get(f"{API}/office-hours", headers=auth).get_json()["close"] == "12:00"


def test_an_office_open_some_weekdays_only(desk_app, auth):
    client = desk_app.test_client()
    put = client.put(f"{API}/office-hours", headers=auth, json={
        "open": "08:00", "close": "12:00", "days": ["tuesday", "wednesday", "thursday"], "authority": "posted"})
    assert put.status_code == 200
    d = _declaration(client)
    assert d["due"] == "2027-06-07T12:00:00-06:00"  # the law's last day
    assert d["safe_due"] == "2027-06-03T12:00:00-06:00"  # the office's last open day before it
    assert d["basis"]["facts"][0]["value"] == "tue,wed,thu 08:00-12:00"
    assert "on Tuesday, Wednesday, Thursday only" in d["basis"]["said"]


def test_a_closure_on_the_last_day_moves_the_safe_date_and_is_undone(desk_app, auth):
    client = desk_app.test_client()
    client.put(f"{API}/office-hours", headers=auth, json={"open": "08:00", "close": "12:00", "authority": "posted"})
    added = client.post(f"{API}/closures", headers=auth, json={"day": "2027-06-07", "reason": "Water main break"})
    assert added.status_code == 201
    d = _declaration(client)
    assert (d["due"], d["safe_due"]) == ("2027-06-07T12:00:00-06:00", "2027-06-04T12:00:00-06:00")
    assert any(f["fact"] == "closure" and f["value"] == "2027-06-07" for f in d["basis"]["facts"])
    assert [c["day"] for c in client.get(f"{API}/closures", headers=auth).get_json()["items"]] == ["2027-06-07"]
    gone = client.delete(f"{API}/closures/{added.get_json()['id']}?reason=reopened", headers=auth)
    assert gone.status_code == 204
    assert _declaration(client)["safe_due"] == "2027-06-07T12:00:00-06:00"


@pytest.mark.parametrize("body, field", [
    ({"open": "08:00+02:00", "close": "12:00", "authority": "x"}, "open"),
    ({"open": "12:00", "close": "08:00", "authority": "x"}, "close"),
    ({"open": "08:00", "close": "12:00", "days": ["funday"], "authority": "x"}, "days"),
    ({"open": "08:00", "close": "12:00"}, "authority"),
])
def test_bad_hours_are_refused_naming_the_field_and_nothing_is_stored(desk_app, auth, body, field):
    client = desk_app.test_client()
    r = client.put(f"{API}/office-hours", headers=auth, json=body)
    assert r.status_code == 422 and r.get_json()["field"] == field
    assert client.get(f"{API}/office-hours", headers=auth).status_code == 404
    assert client.put(f"{API}/office-hours", json={"open": "08:00", "close": "12:00", "authority": "x"}).status_code == 401
