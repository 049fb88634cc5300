"""Office hours and closures a clerk records (issue 17, item 3): they reach
every surface through the records (the engine stays pure), the recorded hours
win over the calendar file's and are cited "recorded by the clerk", a recorded
closure is treated like a file's one-off closure; the desk shows a write
before saving it, deletes with a reason and says the history in plain words.

Worked example, Salt Lake City, election of November 2, 2027:

- withdrawal: 23 days before is Sunday October 10, 2027; Monday October 11
  is Columbus Day, so the last day is Tuesday October 12 (Utah Code 68-3-7),
  and with no hour in the text it ends when the office closes: 5:00 p.m. by
  the file's hours, 4:30 p.m. once the clerk records 7:30 a.m. to 4:30 p.m.;
- declaration of candidacy: until 5:00 p.m. on June 7 (city code), Monday
  June 7, 2027, a day Utah Code 10-3-301(3)(b)(i) keeps the recorder's office
  open "8 a.m. to 5 p.m." (one of "the dates described in Subsections
  20A-9-203(3)(a)(i) and (c)(i)"): the law's 5:00 p.m. stays the date, and
  once the clerk records 7:30 a.m. to 4:30 p.m. the office's own 4:30 p.m.
  close that day is a reading beside it, the earlier, marked safe. With the
  office recorded closed that day (not a legal holiday) the law does not move
  it, and the office's last open day before it, Friday June 4, is a reading of
  its own, ending when the office closes that day (4:30 p.m.);
- objection to a declaration: "within five (5) days after the last day for
  filing" (subsection I.1): June 7 + 5 is Saturday June 12, extended to
  Monday June 14, 2027; no hour in the text, so it ends when the office
  closes: 5:00 p.m. by the file's hours, 4:30 p.m. by the recorded ones.
"""
from __future__ import annotations

from datetime import date, datetime
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy.orm import Session

from deadlines.service import lookup
from deadlines import commands
from deadlines.store.db import get_db
from deadlines.recorded import DbRecords
from tests.desk_helpers import csrf_of, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DENVER = ZoneInfo("America/Denver")
CYCLE = date(2027, 11, 2)
TODAY = date(2026, 12, 1)


@pytest.fixture
def app(desk_app):
    return desk_app


def _at(*args) -> datetime:
    return datetime(*args, tzinfo=DENVER)


def _deadlines(jur, db) -> dict:
    return {d.id: d for d in lookup(jur, today=TODAY, election=CYCLE, records=DbRecords(db, 0)).deadlines}


@pytest.fixture
def db(tmp_path):
    return get_db(f"sqlite:///{tmp_path / 'office.sqlite3'}")


@pytest.fixture
def slc():
    from deadlines.core.registry import Registry
    return Registry().get("salt-lake-city-ut")


def test_recorded_hours_win_over_the_files_and_are_cited(db, slc):
    assert _deadlines(slc, db)["withdrawal"].due == _at(2027, 10, 12, 17)
    with Session(db) as s, s.begin():
        commands.set_office_hours(s, slc, {"open": "07:30", "close": "16:30", "authority": "Recorder's posted hours, 2027"})
    d = _deadlines(slc, db)
    assert d["withdrawal"].due == _at(2027, 10, 12, 16, 30)
    assert d["withdrawal"].safe_due == _at(2027, 10, 8, 16, 30)
    assert any("4:30 p.m." in s and "recorded by the clerk: Recorder's posted hours, 2027" in s for s in EN.steps(d["withdrawal"], ""))
    assert any("office opens (7:30 a.m.)" in s for s in EN.steps(d["declaration-filing"], ""))
    # 10-3-301(3)(b)(i) keeps the office open until 5 p.m. on June 7: the law's hour stays, the office's beside it
    declaration = d["declaration-filing"]
    assert declaration.due == _at(2027, 6, 7, 17) and declaration.safe_due == _at(2027, 6, 7, 16, 30)
    safe = next(r for r in declaration.readings if r.safe)
    assert EN.reading_name(safe) == "the office's own closing hour that day"
    assert "The law says 5:00 p.m.; the office closes at 4:30 p.m. on Mondays" in EN.reading_why(safe)
    assert declaration.basis.status == "recorded"
    with Session(db) as s, s.begin():
        assert commands.delete_office_hours(s, slc, reason="posted by mistake")
    assert _deadlines(slc, db)["withdrawal"].due == _at(2027, 10, 12, 17)  # the file's again


def test_a_recorded_closure_gives_the_last_open_day_before_it_as_a_reading(db, slc):
    with Session(db) as s, s.begin():
        commands.record_closure(s, slc, "2027-06-07", "Office closed: water main break")
    d = _deadlines(slc, db)["declaration-filing"]
    assert d.due == _at(2027, 6, 7, 17)  # not a legal holiday: the law does not move it
    before = next(r for r in d.readings if EN.reading_name(r) == "the office's last open day before a closure")
    assert before.due == _at(2027, 6, 4, 17) and before.cite == "recorded by the clerk"
    assert "Office closed: water main break" in EN.reading_why(before)
    with Session(db) as s, s.begin():
        with pytest.raises(Exception, match="already recorded"):
            commands.record_closure(s, slc, "2027-06-07", "twice")


def test_bad_hours_are_refused_naming_the_field(db, slc):
    from deadlines.core.errors import InputError
    with Session(db) as s:
        for body, field in (({"open": "9", "close": "17:00", "authority": "x"}, "open"),
                            ({"open": "17:00", "close": "08:00", "authority": "x"}, "close"),
                            ({"open": "08:00", "close": "17:00"}, "authority")):
            with pytest.raises(InputError) as exc:
                commands.set_office_hours(s, slc, body)
            assert exc.value.field == field


def test_the_desk_records_hours_and_a_closure_shows_what_they_move_and_deletes_with_a_reason(app):
    client, _ = signed_in(app, "salt-lake-city-ut", "recorder@slc.test")
    desk = f"/clerk/salt-lake-city-ut?cycle={CYCLE}"
    page = client.get(desk).get_data(as_text=True)
    assert "Until you record others: open 8:00 a.m. to 5:00 p.m." in page
    token = csrf_of(page)
    shown = client.post(f"/clerk/salt-lake-city-ut/office-hours?cycle={CYCLE}", data={
        "csrf_token": token, "open": "07:30", "close": "16:30", "authority": "Recorder's posted hours, 2027"})
    html = unescape(shown.get_data(as_text=True))
    assert shown.status_code == 200 and "Check before saving" in html
    assert ("Last day to withdraw a nomination: 5:00 p.m., Tuesday, October 12, 2027 (MDT) → 4:30 p.m., Tuesday, "
            "October 12, 2027 (MDT)") in html
    # June 7, 2027: the code's 5:00 p.m. (kept open by 10-3-301(3)(b)(i)) stays; the office's 4:30 p.m. is safe
    assert ("Declaration of candidacy, mayor and council member: act by 5:00 p.m., Monday, June 7, 2027 (MDT) → "
            "4:30 p.m., Monday, June 7, 2027 (MDT); the law's day stays 5:00 p.m., Monday, June 7, 2027 (MDT)") in html
    # June 14, 2027 (Monday): no hour in subsection I.1, so the office's closing hour, 4:30 p.m. once recorded
    assert ("Last day to file a written objection to a declaration or petition: 5:00 p.m., Monday, June 14, 2027 "
            "(MDT) → 4:30 p.m., Monday, June 14, 2027 (MDT)") in html
    assert _office_rows(app) == (0, 0)  # only shown
    saved = client.post(f"/clerk/salt-lake-city-ut/office-hours?cycle={CYCLE}", data={
        "csrf_token": token, "open": "07:30", "close": "16:30", "authority": "Recorder's posted hours, 2027", "step": "save"})
    assert saved.status_code == 302
    checked = unescape(client.post(f"/clerk/salt-lake-city-ut/closure?cycle={CYCLE}", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Water main break"}).get_data(as_text=True))
    # June 7, 2027 (Monday) is the last filing day; closed, the office's last open day is Friday June 4, and
    # that day the office closes at 4:30 p.m. (the hours just recorded), before the code's 5:00 p.m.
    assert ("act by 4:30 p.m., Monday, June 7, 2027 (MDT) → 4:30 p.m., Friday, June 4, 2027 (MDT); the law's day "
            "stays 5:00 p.m., Monday, June 7, 2027 (MDT)") in checked
    closed = client.post(f"/clerk/salt-lake-city-ut/closure?cycle={CYCLE}", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Water main break", "step": "save"})
    assert closed.status_code == 302
    assert _office_rows(app) == (1, 1)
    page = unescape(client.get(desk).get_data(as_text=True))
    assert "Recorded: open 7:30 a.m. to 4:30 p.m. (Recorder's posted hours, 2027)." in page
    assert "recorded the office hours: open 7:30 a.m. to 4:30 p.m.. Authority: Recorder's posted hours, 2027." in page
    assert "recorded that the office is closed on Monday, June 7, 2027 (Water main break)" in page
    # the API and the public feed use them
    about = client.get("/api/v1/jurisdictions/salt-lake-city-ut").get_json()
    assert about["office_hours"]["close"] == "16:30" and about["office_hours"]["cite"].startswith("recorded by the clerk")
    api = client.get(f"/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election={CYCLE}").get_json()
    withdrawal = next(d for d in api["deadlines"] if d["id"] == "withdrawal")
    assert withdrawal["due"] == "2027-10-12T16:30:00-06:00"
    feed = client.get(f"/calendars/salt-lake-city-ut/{CYCLE}.ics").get_data(as_text=True)
    assert "DTSTART;TZID=America/Denver:20271008T163000" in feed  # the safe day, at the recorded close
    # delete each with a reason (a delete without one is refused)
    from deadlines.store.tables import OfficeClosure
    with Session(app.extensions["records"].db) as s:
        closure_id = s.query(OfficeClosure.id).scalar()
    refused = client.post(f"/clerk/salt-lake-city-ut/closure-delete?cycle={CYCLE}", data={
        "csrf_token": token, "closure": str(closure_id), "reason": "", "step": "save"})
    assert refused.status_code == 422 and "reason" in refused.get_data(as_text=True)
    for action, body in (("closure-delete", {"closure": str(closure_id)}), ("office-hours-delete", {})):
        r = client.post(f"/clerk/salt-lake-city-ut/{action}?cycle={CYCLE}", data={
            "csrf_token": token, "reason": "entered by mistake", "step": "save", **body})
        assert r.status_code == 302, action
    assert _office_rows(app) == (0, 0)
    page = unescape(client.get(desk).get_data(as_text=True))
    assert "removed the closure of the office on Monday, June 7, 2027. Reason: entered by mistake." in page
    assert ("removed the office hours recorded: the calendar file's apply again. Authority: Recorder's posted hours, "
            "2027. Reason: entered by mistake.") in page


def _office_rows(app) -> tuple[int, int]:
    from sqlalchemy import func, select
    from deadlines.store.tables import OfficeClosure, OfficeHoursEntry
    with Session(app.extensions["records"].db) as s:
        return (s.scalar(select(func.count()).select_from(OfficeHoursEntry)),
                s.scalar(select(func.count()).select_from(OfficeClosure)))


def test_compute_the_public_page_and_the_reminders_use_them(db, slc, tmp_path, monkeypatch):
    import json
    from click.testing import CliRunner
    from sqlalchemy import select
    from deadlines.cli import main
    from deadlines.reminders.plan import replan
    from deadlines.reminders.settings import Settings
    from deadlines.core.registry import Registry
    from deadlines.store import subscriptions
    from deadlines.store.tables import Reminder
    from web import create_app

    with Session(db) as s, s.begin():
        commands.set_office_hours(s, slc, {"open": "07:30", "close": "16:30", "authority": "Recorder's posted hours, 2027"})
        subscriptions.create(s, slc, channel="email", target="voter@slc.test", confirmed=True, leads=["1"])
    url = str(db.url)
    monkeypatch.setenv("DEADLINES_DATABASE_URL", url)
    out = CliRunner().invoke(main, ["compute", "salt-lake-city-ut", "--election", str(CYCLE), "--json", "--today", str(TODAY)])
    assert out.exit_code == 0, out.output
    withdrawal = next(d for d in json.loads(out.output)["deadlines"] if d["id"] == "withdrawal")
    assert withdrawal["due"] == "2027-10-12T16:30:00-06:00"
    page = create_app({"DATABASE_URL": url, "TESTING": True, "TODAY": str(TODAY)}).test_client().get(
        f"/?jurisdiction=salt-lake-city-ut&election={CYCLE}").get_data(as_text=True)
    assert "recorded by the clerk: Recorder&#39;s posted hours, 2027" in page
    replan(db, Registry(), "salt-lake-city-ut", now=datetime(2027, 9, 1, tzinfo=ZoneInfo("UTC")), settings=Settings())
    with Session(db) as s:
        payloads = [json.loads(p) for p in s.scalars(select(Reminder.payload).where(
            Reminder.deadline_uid == f"salt-lake-city-ut/{CYCLE}/withdrawal"))]
    assert payloads and {p["deadline"]["safe_due"] for p in payloads} == {"2027-10-08T16:30:00-06:00"}
