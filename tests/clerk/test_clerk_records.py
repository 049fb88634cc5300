"""Clerk records through the real database path (the clerk API and the store):
cases, time zones, cancellations, moved elections, safe dates, one answer on
every surface, and the history. Dates worked by hand from the statutes."""
from __future__ import annotations

import json
from datetime import date, datetime
from zoneinfo import ZoneInfo

import icalendar
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.cases import Occurrence, group
from deadlines.core.engine import compute
from deadlines.core.registry import Registry
from deadlines.store import get_db
from deadlines.store.tables import Base
from tests.desk_helpers import bearer
from tests.ical_readers import read_every_client
from web import create_app

API = "/api/v1/jurisdictions"
TODAY = "2027-01-15"


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'clerk.sqlite3'}"


@pytest.fixture
def app(db_url):
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": db_url})


def feed(client, url: str, tmp_path) -> dict:
    resp = client.get(url)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    cal = icalendar.Calendar.from_ical(resp.data)
    used = {str(ev["dtstart"].params["TZID"]) for ev in cal.walk("VEVENT") if "TZID" in ev["dtstart"].params}
    assert used <= {str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")}, "a TZID without its VTIMEZONE"
    return read_every_client(resp.data, tmp_path)


def test_two_ordinances_are_two_cases_and_a_deleted_one_is_published_cancelled(app, tmp_path):
    client, auth = app.test_client(), bearer(app, "model-city", "City Clerk R. Roe")
    first = client.post(f"{API}/model-city/events", headers=auth,
                        json={"name": "ordinance-adopted", "at": "2027-03-01", "label": "Ordinance 2027-04"})
    second = client.post(f"{API}/model-city/events", headers=auth,
                         json={"name": "ordinance-adopted", "at": "2027-05-03", "label": "Ordinance 2027-09"})
    assert first.status_code == second.status_code == 201
    one, two = first.json["case"], second.json["case"]
    assert one != two
    uid = "model-city/{}/referendum-petition-filing@deadlines"
    before = feed(client, "/calendars/model-city.ics", tmp_path)
    # within 30 days after adoption: March 1 + 30 = Wednesday March 31; May 3 + 30 = Wednesday June 2, 2027
    assert before[uid.format(one)]["start"] == "2027-03-31" and before[uid.format(two)]["start"] == "2027-06-02"

    result = client.get(f"{API}/model-city/deadlines?election=2027-11-02").json
    assert [(c["id"], c["label"], c["open"]) for c in result["cases"]] == [
        (one, "Ordinance 2027-04", True), (two, "Ordinance 2027-09", True)]
    assert sorted(d["uid"] for d in result["deadlines"]) == sorted(u.format(c).split("@")[0] for u in [uid] for c in (one, two))
    form = client.get("/?jurisdiction=model-city&for=model-city&election=2027-11-02").get_data(as_text=True)
    assert "Ordinance 2027-04" in form and "Ordinance 2027-09" in form and 'id="open-cases"' in form

    assert client.delete(f"{API}/model-city/events/{first.json['id']}?reason=repealed", headers=auth).status_code == 204
    after = feed(client, "/calendars/model-city.ics", tmp_path)
    gone = after[uid.format(one)]
    assert gone["status"] == "CANCELLED" and gone["start"] == "2027-03-31"
    assert gone["sequence"] == before[uid.format(one)]["sequence"] + 1
    assert after[uid.format(two)] == before[uid.format(two)]  # the other case is untouched
    single = client.get(f"/calendars/model-city/{one}/referendum-petition-filing.ics")
    assert single.status_code == 200
    ev = icalendar.Calendar.from_ical(single.data).walk("VEVENT")[0]
    assert str(ev["summary"]).startswith("Model city (code § 100.03, initiative and referendum): Cancelled: ") and str(ev["status"]) == "CANCELLED"
    assert "stays in this calendar, marked cancelled, until" in str(ev["description"])
    assert "repealed" in str(ev["description"])
    form = client.get("/?jurisdiction=model-city&for=model-city&election=2027-11-02").get_data(as_text=True)
    cases = form[form.index('id="open-cases"'):]
    assert "Ordinance 2027-09" in cases and "Ordinance 2027-04" not in cases[:cases.index("</ul>")]

    history = client.get(f"{API}/model-city/history", headers=auth).json["items"]
    assert [(h["action"], h["by"]) for h in history] == [("event.delete", "City Clerk R. Roe"),
                                                         ("event.record", "City Clerk R. Roe"),
                                                         ("event.record", "City Clerk R. Roe")]
    assert history[0]["before"] == {"name": "ordinance-adopted", "at": "2027-03-01", "label": "Ordinance 2027-04"}
    assert history[0]["after"] is None and history[0]["reason"] == "repealed"
    assert "Recorded by the clerk" in form and "City Clerk R. Roe: deleted" in form


def test_a_label_holds_one_event_of_each_trigger(app):
    client, auth = app.test_client(), bearer(app, "salt-lake-city-ut", "Recorder")
    body = {"name": "objection-filed", "at": "2027-06-10T14:30", "label": "Objection to the declaration of J. Doe"}
    assert client.post(f"{API}/salt-lake-city-ut/events", headers=auth, json=body).status_code == 201
    again = client.post(f"{API}/salt-lake-city-ut/events", headers=auth, json=body)
    assert again.status_code == 422 and again.json["field"] == "label"
    sustained = client.post(f"{API}/salt-lake-city-ut/events", headers=auth, json={
        "name": "objection-sustained", "at": "2027-06-11", "label": "Objection to the declaration of J. Doe"})
    other = client.post(f"{API}/salt-lake-city-ut/events", headers=auth, json={
        "name": "objection-filed", "at": "2027-06-10T16:00", "label": "Objection to the petition of R. Roe"})
    result = client.get(f"{API}/salt-lake-city-ut/deadlines?election=2027-11-02").json
    by_case = {}
    for d in result["deadlines"]:
        by_case.setdefault(d["case"], []).append((d["id"], d["due"]))
    doe, roe = sustained.json["case"], other.json["case"]
    # 48 hours after 2:30 p.m. MDT June 10; 3 days after June 11 is Monday June 14, 5:00 p.m. (office hours)
    assert ("objection-decision", "2027-06-12T14:30:00-06:00") in by_case[doe]
    assert [i for i, _ in by_case[doe]].count("objection-cure") == 1
    assert by_case[roe] == [("objection-decision", "2027-06-12T16:00:00-06:00")]


def test_instants_are_kept_in_the_jurisdictions_zone_and_every_client_reads_them_alike(app, tmp_path):
    client = app.test_client()
    slc, ypsi = bearer(app, "salt-lake-city-ut", "Recorder"), bearer(app, "ypsilanti-mi", "Clerk")
    given = client.post(f"{API}/salt-lake-city-ut/events", headers=slc,
                        json={"name": "objection-filed", "at": "2027-06-10T16:30-04:00"})  # an offset: 2:30 p.m. MDT
    assert given.json["at"] == "2027-06-10T14:30:00-06:00"
    override = client.put(f"{API}/ypsilanti-mi/overrides/2028-11-07/petition-filing", headers=ypsi, json={
        "due": "2028-05-09T17:00", "authority": "Order of the circuit court", "reason": "ballot access"})
    assert override.status_code == 200 and override.json["due"] == "2028-05-09T17:00:00-04:00"
    events = feed(client, "/calendars/salt-lake-city-ut.ics", tmp_path)
    assert events[f"salt-lake-city-ut/{given.json['case']}/objection-decision@deadlines"]["start"] == "2027-06-12T20:30:00Z"
    events = feed(client, "/calendars/ypsilanti-mi.ics", tmp_path)
    assert events["ypsilanti-mi/2028-11-07/petition-filing@deadlines"]["start"] == "2028-05-09T21:00:00Z"
    form = client.get("/?jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&election=2027-11-02").get_data(as_text=True)
    assert "2:30 p.m., Saturday, June 12, 2027 (MDT)" in form and "UTC-" not in form


@pytest.mark.parametrize("due, utc", [
    # America/Denver springs forward Sunday March 14, 2027 and falls back Sunday November 7, 2027
    ("2027-03-12T17:00", "2027-03-13T00:00:00Z"),  # Friday before: MST, UTC-7
    ("2027-03-15T17:00", "2027-03-15T23:00:00Z"),  # Monday after: MDT, UTC-6
    ("2027-11-05T17:00", "2027-11-05T23:00:00Z"),  # Friday before: MDT
    ("2027-11-08T17:00", "2027-11-09T00:00:00Z"),  # Monday after: MST
])
def test_a_deadline_either_side_of_a_clock_change_reads_alike(app, tmp_path, due, utc):
    client, auth = app.test_client(), bearer(app, "salt-lake-city-ut", "Recorder")
    assert client.put(f"{API}/salt-lake-city-ut/overrides/2027-11-02/withdrawal", headers=auth, json={
        "due": due, "authority": "Order of the Third District Court", "reason": "test of the clock"}).status_code == 200
    events = feed(client, "/calendars/salt-lake-city-ut.ics", tmp_path)
    assert events["salt-lake-city-ut/2027-11-02/withdrawal@deadlines"]["start"] == utc


def test_an_empty_feed_is_a_valid_calendar_and_the_form_says_why(app, tmp_path):
    client = app.test_client()
    body = client.get("/calendars/model-city.ics").data
    cal = icalendar.Calendar.from_ical(body)
    assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == ["America/Chicago"] and not cal.walk("VEVENT")
    assert feed(client, "/calendars/model-city.ics", tmp_path) == {}
    form = client.get("/?jurisdiction=model-city").get_data(as_text=True)
    assert "No deadline is dated yet" in form and "ordinance adopted by the council" in form


def test_a_retention_deadline_stays_until_it_has_passed(db_url, tmp_path):
    # 2023-11-07 coordinated election: petitions filed by the 67th day prior (Friday September 1, 2023),
    # preserved two years: September 1, 2025. On 2025-03-01 that election is more than a year past.
    client = create_app({"TESTING": True, "TODAY": "2025-03-01", "DATABASE_URL": db_url}).test_client()
    events = feed(client, "/calendars/colorado-local.ics", tmp_path)
    assert events["colorado-local/2023-11-07/petition-retention@deadlines"]["start"] == "2025-09-01"
    assert not any(uid.startswith("colorado-local/2023-11-07/petition-filing") for uid in events)


def test_a_moved_election_is_said_everywhere_and_its_held_date_names_it(app):
    client, auth = app.test_client(), bearer(app, "salt-lake-city-ut", "Recorder")
    assert client.put(f"{API}/salt-lake-city-ut/elections/2027-11-02", headers=auth, json={
        "general": "2027-11-16", "authority": "Resolution 27-8 of the City Council", "reason": "a flood"}).status_code == 200
    moved = "moved from Tuesday, November 2, 2027 to Tuesday, November 16, 2027 by Resolution 27-8 of the City Council"
    assert moved in client.get(f"{API}/salt-lake-city-ut/deadlines?election=2027-11-16").json["moved"]
    held = client.get("/calendars/salt-lake-city-ut/2027-11-16.ics")  # the held date: 301 to its cycle's one URL
    assert held.status_code == 301 and held.headers["Location"].endswith("/calendars/salt-lake-city-ut/2027-11-02.ics")
    held = client.get("/calendars/salt-lake-city-ut/2027-11-16.ics", follow_redirects=True)
    assert held.status_code == 200
    assert all(moved in " ".join(str(ev["description"]).split())
               for ev in icalendar.Calendar.from_ical(held.data).walk("VEVENT"))
    form = client.get("/?jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&election=2027-11-16").get_data(as_text=True)
    assert moved in form
    # 23 days before November 16, 2027 is Sunday October 24: the row and its calendar file say the same
    link = 'href="/calendars/salt-lake-city-ut/2027-11-02/withdrawal.ics"'
    assert link in form
    one = icalendar.Calendar.from_ical(client.get("/calendars/salt-lake-city-ut/2027-11-02/withdrawal.ics").data)
    # its safe date: the prior business day, Friday October 22, at the close of office hours ("Add to calendar"'s
    # one event: all-day on that day, the hour in its title)
    (ev,) = one.walk("VEVENT")
    assert ev.decoded("dtstart") == date(2027, 10, 22) and str(ev["summary"]).endswith(", by 5:00 p.m. MDT")
    typed = client.get("/?jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&election=2027-11-09").get_data(as_text=True)
    assert link not in typed and "Not in the published calendar" in typed  # a typed date: no calendar serves it


def test_cli_and_api_give_the_same_deadlines_and_the_same_words(app, db_url, monkeypatch):
    client, auth = app.test_client(), bearer(app, "model-city", "City Clerk")
    for at in ("2027-03-01", "2027-05-03"):
        client.post(f"{API}/model-city/events", headers=auth, json={"name": "ordinance-adopted", "at": at})
    monkeypatch.setenv("DEADLINES_DATABASE_URL", db_url)
    cli = CliRunner().invoke(main, ["compute", "model-city", "--election", "2027-11-02", "--json", "--today", TODAY])
    assert cli.exit_code == 0, cli.output
    api = client.get(f"{API}/model-city/deadlines?election=2027-11-02").json
    assert json.loads(cli.output) == api
    assert len(api["deadlines"]) == 2
    for query, option in [("election=2027-02-30", ["--election", "2027-02-30"]),
                          ("election=2126-11-03", ["--election", "2126-11-03"]),
                          ("ordinance-vetoed=2027-01-04", ["--event", "ordinance-vetoed=2027-01-04"])]:
        from_api = client.get(f"{API}/model-city/deadlines?{query}")
        from_form = client.get(f"/?jurisdiction=model-city&for=model-city&{query}")
        from_cli = CliRunner().invoke(main, ["compute", "model-city", *option])
        assert from_api.status_code == from_form.status_code == 400
        assert from_cli.exit_code == 2 and from_cli.output.count("\n") == 1, from_cli.output
        words = from_api.json["detail"]
        assert from_cli.output == f"error: {words}\n"
        assert words.replace("'", "&#39;") in from_form.get_data(as_text=True)


def test_history_from_the_command_line(app, db_url, monkeypatch):
    client, auth = app.test_client(), bearer(app, "ypsilanti-mi", "Deputy Clerk A. Poe")
    client.put(f"{API}/ypsilanti-mi/overrides/2028-11-07/petition-filing", headers=auth, json={
        "due": "2028-05-09T17:00", "authority": "Order of the circuit court", "reason": "ballot access"})
    monkeypatch.setenv("DEADLINES_DATABASE_URL", db_url)
    out = CliRunner().invoke(main, ["history", "ypsilanti-mi"])
    assert out.exit_code == 0
    # in plain words: which deadline, the new date in local time, the authority (issue 17)
    assert ("Deputy Clerk A. Poe: replaced the date of “Nominating petitions due” with 5:00 p.m. on Tuesday, May 9, 2028."
            in out.output) and "Authority: Order of the circuit court." in out.output
    assert " EST, " in out.output or " EDT, " in out.output  # when, in Ypsilanti's time
    bad = CliRunner().invoke(main, ["history", "atlantis"])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1


def test_cases_in_the_pure_engine():
    city = Registry().get("model-city")
    cases = group(city, [Occurrence("ordinance-adopted", date(2027, 3, 1), ref="1"),
                         Occurrence("ordinance-adopted", date(2027, 5, 3), ref="2")], lambda o, _: f"case-{o.ref}")
    result = compute(city, election=date(2027, 11, 2), cases=cases, today=date(2027, 1, 15))
    assert [(result.uid(d), d.due) for d in result.deadlines] == [
        ("model-city/case-1/referendum-petition-filing", date(2027, 3, 31)),
        ("model-city/case-2/referendum-petition-filing", date(2027, 6, 2))]


def test_the_migrations_create_exactly_the_tables(db_url):
    with get_db(db_url).connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
