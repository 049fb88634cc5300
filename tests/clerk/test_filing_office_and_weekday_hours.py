"""A clerk records the filing office and office hours that differ by weekday
(issue 25, build item 1): through the clerk API, the desk and the command
line (one typed command each, in the history, the revision bumped), and both
reach the public row, the about page, the printed calendar, the embed and the
API, "recorded by the clerk", over what research found.

Worked example, the City of Perry, Utah, election of Tuesday, November 2,
2027. Research found "Office hours are 7:00 a.m. - 5:00 p.m., Monday thru
Thursday and 9:00 a.m. - 1:00 p.m., on Friday" and the "Recorder's office;
1950 South Hwy 89" (utah.gov notice 969305). The clerk records 7:00 a.m. to
6:00 p.m. Monday to Friday, Friday 9:00 a.m. to 12:00 noon, and the City
Recorder at 3005 S 1200 W:

- write-in declaration (Utah Code 20A-9-601(1)(a), "before 5 p.m. no later
  than 65 days before" the election): November 2 back 65 days is Sunday,
  August 29 (Nov 2 - 31 = Oct 2, - 30 = Sep 2, - 4 = Aug 29), carried by
  68-3-7 to Monday, August 30, at 5:00 p.m. (the office is open until 6:00
  that Monday); the prior-business-day reading is Friday, August 27, when the
  office closes at noon by the clerk's hours (not research's 1:00 p.m.), and
  no law keeps it open until 5 p.m. that day: the safe date, 12:00 noon;
- declaration of candidacy (20A-9-203(3)(a)(i), "not later than the close of
  normal office hours", June 1-7): June 7, 2027 is a Monday, closing at 6:00
  p.m. by the clerk's hours.
"""
from __future__ import annotations

import subprocess
from html import unescape

import pytest
from sqlalchemy.orm import Session

from deadlines.store.tables import HistoryEntry
from tests.desk_helpers import bearer, csrf_of, signed_in

JID = "perry-ut"
API = f"/api/v1/jurisdictions/{JID}"
CYCLE = "2027-11-02"
HOURS = {"open": "07:00", "close": "18:00", "other": {"friday": "09:00-12:00"},
         "authority": "City Recorder's posted hours, 2027"}
OFFICE = {"office": "City Recorder", "address": "3005 S 1200 W, Perry, Utah", "phone": "435-723-6461",
          "where": "the front counter", "authority": "City notice of the 2027 filing period"}
SAID = "City Recorder; 3005 S 1200 W, Perry, Utah; 435-723-6461; the front counter"


@pytest.fixture
def auth(desk_app):
    return bearer(desk_app, JID)


def _row(client, rid: str) -> dict:
    return next(d for d in client.get(f"{API}/deadlines?election={CYCLE}").get_json()["deadlines"] if d["id"] == rid)


def _pdf_text(body: bytes, tmp_path) -> str:
    path = tmp_path / "calendar.pdf"
    path.write_bytes(body)
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_weekday_hours_and_the_filing_office_reach_every_surface(desk_app, auth, tmp_path):
    client = desk_app.test_client()
    before = _row(client, "write-in-declaration")
    assert before["safe_due"] == "2027-08-27T13:00:00-06:00"  # research's Friday close
    assert [f["by"] for f in before["basis"]["facts"]] == ["research"]
    put = client.put(f"{API}/office-hours", headers=auth, json=HOURS)
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["other"] == {"friday": "09:00-12:00"}
    office = client.put(f"{API}/filing-office", headers=auth, json=OFFICE)
    assert office.status_code == 200, office.get_json()
    assert office.get_json()["value"] == SAID
    # the API: the clerk's hours decide, named with their source
    row = _row(client, "write-in-declaration")
    assert (row["due"], row["safe_due"]) == ("2027-08-30T17:00:00-06:00", "2027-08-27T12:00:00-06:00")
    assert row["basis"]["status"] == "recorded"
    assert [(f["fact"], f["value"], f["by"], f["source"]) for f in row["basis"]["facts"]] == [
        ("office_hours", "mon,tue,wed,thu 07:00-18:00; fri 09:00-12:00", "clerk", "recorded by the clerk")]
    assert "The law says 5:00 p.m.; the office closes at 12:00 noon on Fridays" in row["basis"]["said"]
    assert _row(client, "declaration-filing")["due"] == "2027-06-07T18:00:00-06:00"
    about = client.get(API).get_json()
    assert about["office_hours"]["other"] == [{"day": "friday", "open": "09:00", "close": "12:00"}]
    assert (about["filing_office"]["value"], about["filing_office"]["by"]) == (SAID, "clerk")
    # the public row and the about page
    page = unescape(client.get(f"/?jurisdiction={JID}&election={CYCLE}").get_data(as_text=True))
    assert f"File with: {SAID}" in page and "1950 South Hwy 89" not in page
    listing = unescape(client.get(f"/jurisdictions/{JID}").get_data(as_text=True))
    assert f"Where to file</strong>: {SAID} — recorded by the clerk" in listing
    # the embed and the printed calendar
    embed = unescape(client.get(f"/embed/{JID}").get_data(as_text=True))
    assert f"File with: {SAID}" in embed
    printed = " ".join(_pdf_text(client.get(f"/calendars/{JID}/{CYCLE}.pdf").data, tmp_path).split())
    assert "File with: City Recorder; 3005 S 1200 W" in printed
    # in the history, as a change of the jurisdiction
    with Session(desk_app.extensions["records"].db) as s:
        actions = [e.action for e in s.query(HistoryEntry).filter_by(jurisdiction_id=JID).order_by(HistoryEntry.id)]
    assert actions == ["office.hours", "office.filing"]
    # forgotten: research's apply again
    assert client.delete(f"{API}/filing-office?reason=moved", headers=auth).status_code == 204
    assert client.get(API).get_json()["filing_office"]["by"] == "research"


def test_bad_weekday_hours_and_filing_offices_are_refused_naming_the_field(desk_app, auth):
    client = desk_app.test_client()
    for body in ({**HOURS, "days": ["monday", "tuesday"]},  # other hours on a day it is not open
                 {**HOURS, "other": {"friday": "13:00-09:00"}}, {**HOURS, "other": {"friday": "noon"}}):
        got = client.put(f"{API}/office-hours", headers=auth, json=body)
        assert got.status_code == 422 and "other" in str(got.get_json()), got.get_json()
    got = client.put(f"{API}/filing-office", headers=auth, json={**OFFICE, "phone": "call us"})
    assert got.status_code == 422 and "phone" in str(got.get_json())
    got = client.put(f"{API}/filing-office", headers=auth, json={**OFFICE, "address": ""})
    assert got.status_code == 422


def test_the_desk_records_the_filing_office_and_a_short_friday(desk_app):
    client, _ = signed_in(desk_app, JID, "recorder@perry.test")
    desk = f"/clerk/{JID}?cycle={CYCLE}"
    token = csrf_of(client.get(desk).get_data(as_text=True))
    shown = unescape(client.post(f"/clerk/{JID}/office-hours?cycle={CYCLE}", data={
        "csrf_token": token, "open": "07:00", "close": "18:00", "other_day": "friday", "other_open": "09:00",
        "other_close": "12:00", "authority": HOURS["authority"]}).get_data(as_text=True))
    # Friday, August 27, 2027: research's 1:00 p.m. close, now the clerk's noon
    assert "1:00 p.m., Friday, August 27, 2027 (MDT) → 12:00 noon, Friday, August 27, 2027 (MDT)" in shown
    saved = client.post(f"/clerk/{JID}/office-hours?cycle={CYCLE}", data={
        "csrf_token": token, "open": "07:00", "close": "18:00", "other_day": "friday", "other_open": "09:00",
        "other_close": "12:00", "authority": HOURS["authority"], "step": "save"})
    assert saved.status_code == 302
    done = client.post(f"/clerk/{JID}/filing-office?cycle={CYCLE}", data={"csrf_token": token, **OFFICE, "step": "save"})
    assert done.status_code == 302
    page = unescape(client.get(desk).get_data(as_text=True))
    assert f"Recorded: {SAID} (City notice of the 2027 filing period)." in page
    assert f"recorded the filing office: {SAID}" in page
    assert "recorded the office hours: open 7:00 a.m. to 6:00 p.m., and 9:00 a.m. to 12:00 noon on Fridays" in page
