"""iCalendar feeds: every feed of the four jurisdictions read alike by five
independent clients (icalendar, Home Assistant's ``ical``, recurring-ical-events,
Mozilla's ical.js and node-ical under Node) and by the engine; worked examples; HTTP caching; a moved
election updates events in place."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import icalendar
import pytest
from sqlalchemy.orm import Session

from deadlines import commands
from tests.ical_readers import read_ha, read_icaljs, read_icalendar, read_node_ical, read_recurring, utc
from web import create_app

DENVER, CHICAGO = ZoneInfo("America/Denver"), ZoneInfo("America/Chicago")
JURISDICTIONS = ("colorado-local", "model-city", "salt-lake-city-ut", "ypsilanti-mi")


def write(app, fn, jid, *args, **kwargs):
    """One clerk write through the store (the real database path), seen by the feeds at once."""
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        out = fn(s, app.extensions["registry"].get(jid), *args, **kwargs)
    app.extensions["records"].forget(jid)
    return out


def record_triggers(app) -> None:
    """Trigger events so that every rule has a date (one instant in winter time)."""
    write(app, commands.record_event, "model-city", "ordinance-adopted", "2025-04-14")
    write(app, commands.record_event, "model-city", "ordinance-adopted", "2026-01-20")
    write(app, commands.record_event, "salt-lake-city-ut", "objection-filed", "2025-06-16T10:00", "Objection to A. Smith")
    write(app, commands.record_event, "salt-lake-city-ut", "objection-sustained", "2025-06-18", "Objection to A. Smith")
    write(app, commands.record_event, "salt-lake-city-ut", "objection-filed", "2026-12-01T09:30")


@pytest.fixture
def store(app):
    record_triggers(app)
    return app.extensions["records"]


def all_feed_urls(client) -> list[str]:
    """Each jurisdiction's feed, each of its elections, and each deadline's file."""
    urls = []
    for jid in JURISDICTIONS:
        urls.append(f"/calendars/{jid}.ics")
        events = read_icalendar(client.get(f"/calendars/{jid}.ics").data)
        for cycle in sorted({uid.split("/")[1] for uid in events}):
            urls.append(f"/calendars/{jid}/{cycle}.ics")
        urls += sorted({f"/calendars/{uid.split('@')[0].removesuffix('/window')}.ics" for uid in events})
    return urls


def test_every_feed_reads_alike_in_five_clients(client, store, tmp_path):
    urls = all_feed_urls(client)
    assert len(urls) > 60
    bodies = {}
    for i, url in enumerate(urls):
        resp = client.get(url)
        assert resp.status_code == 200, url
        assert resp.headers["Content-Type"] == "text/calendar; charset=utf-8"
        bodies[tmp_path / f"{i}.ics"] = (url, resp.data)
        (tmp_path / f"{i}.ics").write_bytes(resp.data)
    from_js, from_node = read_icaljs(list(bodies)), read_node_ical(list(bodies))
    for path, (url, body) in bodies.items():
        ours = read_icalendar(body)
        assert ours, f"{url} has no events"
        assert read_ha(body) == ours, url
        assert read_recurring(body) == ours, url
        assert from_js[str(path)] == ours, url
        assert from_node[str(path)] == ours, url
    assert all(b"REFRESH-INTERVAL;VALUE=DURATION:PT12H" in b and b"X-PUBLISHED-TTL:PT12H" in b
               for _, b in bodies.values())


def test_feeds_match_the_engine(client, store, app):
    from deadlines.service import lookup

    with app.app_context():
        for jid in JURISDICTIONS:
            jur = app.extensions["registry"].get(jid)
            events = read_icalendar(client.get(f"/calendars/{jid}.ics").data)
            result = lookup(jur, today=date(2025, 3, 1), records=store)
            assert result.deadlines
            for d in result.deadlines:
                ev = events[f"{result.uid(d)}@deadlines"]
                assert ev["start"] == utc(d.safe_due)  # the safe date (the earliest reading)
                assert ev["status"] == ("TENTATIVE" if d.safe_due != d.due else "CONFIRMED")
                if d.start is not None:
                    span = events[f"{result.uid(d)}/window@deadlines"]
                    assert span["start"] == utc(d.start.date() if isinstance(d.start, datetime) else d.start)


@pytest.mark.parametrize("url, uid, start, end", [
    # 4:00 p.m. America/Detroit (EDT) on the 15th Tuesday before Aug 4, 2026
    ("/calendars/ypsilanti-mi.ics", "ypsilanti-mi/2026-11-03/petition-filing", "2026-04-21T20:00:00Z", None),
    # 2025 under the ranked-choice pilot (the city's notice: "beginning on August 12, 2025, and
    # ending on August 19, 2025 ... will end promptly at 5:00 p.m. on August 19, 2025", MDT)
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/2025-11-04/declaration-filing", "2025-08-19T23:00:00Z", None),
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/2025-11-04/declaration-filing/window", "2025-08-12", "2025-08-20"),
    # objection filed 9:30 a.m. MST Dec 1, 2026 + 48 hours (its own case: the fifth event recorded)
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/case-5/objection-decision", "2026-12-03T16:30:00Z", None),
    # the 67th day prior to Nov 4, 2025, when the office closes: 5:00 p.m. MDT
    ("/calendars/colorado-local.ics", "colorado-local/2025-11-04/petition-filing", "2025-08-29T23:00:00Z", None),
    ("/calendars/colorado-local.ics", "colorado-local/2025-11-04/petition-circulation/window", "2025-01-01", "2025-08-30"),
    # 30 days after April 14, 2025 (Wednesday May 14)
    ("/calendars/model-city.ics", "model-city/case-1/referendum-petition-filing", "2025-05-14", "2025-05-15"),
])
def test_worked_examples(client, store, url, uid, start, end):
    ev = read_icalendar(client.get(url).data)[uid + "@deadlines"]
    assert (ev["start"], ev["end"]) == (start, end)


def test_every_events_path_is_its_uid_a_windows_too(client, store):
    """A window's opening event has UID ``<id>/<cycle>/<deadline>/window``: its path leads to its
    deadline's file (301, the query kept), which holds the window (the 2025 declaration period of
    Salt Lake City: opened August 12, 2025, as above)."""
    uid = "salt-lake-city-ut/2025-11-04/declaration-filing/window"
    assert uid + "@deadlines" in read_icalendar(client.get("/calendars/salt-lake-city-ut.ics").data)
    moved = client.get(f"/calendars/{uid}.ics?lang=es")
    assert moved.status_code == 301
    assert moved.headers["Location"].endswith("/calendars/salt-lake-city-ut/2025-11-04/declaration-filing.ics?lang=es")
    one = client.get(f"/calendars/{uid}.ics", follow_redirects=True)
    assert one.status_code == 200 and one.mimetype == "text/calendar"
    cal = icalendar.Calendar.from_ical(one.data)
    (event,) = cal.walk("VEVENT")
    assert str(event["UID"]) == "salt-lake-city-ut/2025-11-04/declaration-filing@deadlines"
    assert event.decoded("dtstart") == date(2025, 8, 12)  # the window's span, in its deadline's file


def test_event_content(client):
    cal = icalendar.Calendar.from_ical(client.get("/calendars/salt-lake-city-ut/2031-11-04.ics").data)
    assert str(cal["X-WR-CALNAME"]) == str(cal["NAME"]) == "Salt Lake City, Utah: election deadlines"
    assert [tz["TZID"] for tz in cal.walk("VTIMEZONE")] == ["America/Denver"]
    observances = [sub for t in cal.walk("VTIMEZONE") for sub in t.subcomponents]
    assert len(observances) > 2  # one per offset change, each its own DTSTART: ical.js ignores it beside RDATEs
    assert not any("RDATE" in sub or "RRULE" in sub for sub in observances)
    ev = next(e for e in cal.walk("VEVENT") if e["uid"] == "salt-lake-city-ut/2031-11-04/declaration-filing@deadlines")
    text = str(ev["description"])
    assert ev["dtstart"].params["TZID"] == "America/Denver"
    assert str(ev["status"]) == "TENTATIVE"
    assert "Salt Lake City Code, subsections B and E" in text
    assert "extended until five o'clock (5:00) P.M. on the following regular business day" in text
    assert "June 7, 2031 is a Saturday, so the last day is extended to 5:00 p.m. on Monday, June 9, 2031" in text
    assert "SAFE DATE: 5:00 p.m. on Friday, June 6, 2031 (the earliest reading of the law); this event sits on it" in text
    assert "A later reading: 5:00 p.m. on Monday, June 9, 2031" in text
    assert ev.decoded("dtstart") == datetime(2031, 6, 6, 17, tzinfo=DENVER)
    assert "5:00 p.m. on Friday, June 6, 2031 (SAFE DATE)" in text
    assert ev["categories"].cats == ["candidates"]
    assert ev["dtstamp"].dt == ev["last-modified"].dt


def test_audience_filter(client):
    clerk = read_icalendar(client.get("/calendars/salt-lake-city-ut.ics?audience=clerk").data)
    everyone = read_icalendar(client.get("/calendars/salt-lake-city-ut.ics").data)
    assert clerk and set(clerk) < set(everyone)
    assert not any("declaration-filing" in uid for uid in clerk)
    assert client.get("/calendars/salt-lake-city-ut.ics?audience=voters").status_code == 400


def test_http_caching(client):
    first = client.get("/calendars/ypsilanti-mi.ics")
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    assert not etag.startswith("W/")
    assert "max-age" in first.headers["Cache-Control"]
    again = client.get("/calendars/ypsilanti-mi.ics")
    assert again.data == first.data and again.headers["ETag"] == etag
    assert client.get("/calendars/ypsilanti-mi.ics", headers={"If-None-Match": etag}).status_code == 304
    assert client.get("/calendars/ypsilanti-mi.ics", headers={"If-Modified-Since": modified}).status_code == 304
    assert client.get("/calendars/ypsilanti-mi.ics", headers={"If-None-Match": '"other"'}).status_code == 200
    assert client.get("/calendars/ypsilanti-mi.ics",
                      headers={"If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT"}).status_code == 200


def test_rendered_once_per_change(client, app, monkeypatch):
    from deadlines.publish import ical

    calls = []
    real = ical.calendar
    monkeypatch.setattr(ical, "calendar", lambda *a, **k: calls.append(1) or real(*a, **k))
    for _ in range(3):
        client.get("/calendars/colorado-local.ics")
    assert len(calls) == 1
    write(app, commands.record_event, "model-city", "ordinance-adopted", "2025-04-14")
    client.get("/calendars/model-city.ics")  # another jurisdiction's revision: colorado-local's feed is kept
    client.get("/calendars/colorado-local.ics")
    assert len(calls) == 2
    write(app, commands.set_election, "colorado-local", "2025-11-04", "2025-11-18", None)  # a new store revision
    client.get("/calendars/colorado-local.ics")
    assert len(calls) == 3


def test_versions_survive_a_restart(app, tmp_path):
    body = app.test_client().get("/calendars/ypsilanti-mi.ics").data
    again = create_app({"TODAY": "2025-03-01", "DATABASE_URL": app.config["DATABASE_URL"], "BASE_URL": app.config["BASE_URL"]})
    assert again.test_client().get("/calendars/ypsilanti-mi.ics").data == body


def test_a_moved_election_updates_events_in_place(client, app):
    before_resp = client.get("/calendars/colorado-local.ics")
    before = read_icalendar(before_resp.data)
    write(app, commands.set_election, "colorado-local", "2025-11-04", "2025-11-18", None,
          authority="Proclamation 25-3 of the Governor", reason="flooding")
    write(app, commands.put_override, "colorado-local", "2026-11-03", "petition-retention",
          {"status": "cancelled", "authority": "Court order 26-1", "reason": "records destroyed"})
    after_resp = client.get("/calendars/colorado-local.ics")
    after = read_icalendar(after_resp.data)
    assert set(after) == set(before)  # UIDs hold, nothing duplicated or lost
    moved = "colorado-local/2025-11-04/petition-filing@deadlines"
    assert (before[moved]["start"], after[moved]["start"]) == ("2025-08-29T23:00:00Z", "2025-09-12T23:00:00Z")
    cancelled = "colorado-local/2026-11-03/petition-retention@deadlines"
    assert after[cancelled]["status"] == "CANCELLED"
    for uid in after:
        changed = uid.startswith("colorado-local/2025-11-04/") or uid == cancelled
        assert after[uid]["sequence"] == before[uid]["sequence"] + (1 if changed else 0), uid
    assert after_resp.headers["ETag"] != before_resp.headers["ETag"]
    assert after_resp.last_modified >= before_resp.last_modified
    ev = next(e for e in icalendar.Calendar.from_ical(after_resp.data).walk("VEVENT") if e["uid"] == moved)
    text = " ".join(str(ev["description"]).split())
    assert ("The coordinated election (local government regular election) was moved from Tuesday, November 4, 2025 to Tuesday, November 18, 2025 by "
            "Proclamation 25-3 of the Governor (flooding).") in text
    # the clerk's change, and when, in plain words (issue 17)
    assert "entered the dates of the election of Tuesday, November 4, 2025: general election Tuesday, November 18, 2025" in text
    assert "Proclamation 25-3" in text
    held = client.get("/calendars/colorado-local/2025-11-18.ics")  # the held date names the cycle: one URL, its own
    assert held.status_code == 301 and held.headers["Location"].endswith("/calendars/colorado-local/2025-11-04.ics")
    held = client.get("/calendars/colorado-local/2025-11-18.ics", follow_redirects=True)
    assert held.status_code == 200 and moved in read_icalendar(held.data)
    write(app, commands.delete_election, "colorado-local", "2025-11-04")  # moved back: versions rise, never fall
    back = read_icalendar(client.get("/calendars/colorado-local.ics").data)
    assert back[moved]["start"] == "2025-08-29T23:00:00Z" and back[moved]["sequence"] == 2


def test_feed_errors(client):
    assert client.get("/calendars/nowhere.ics").status_code == 404
    assert client.get("/calendars/ypsilanti-mi/2026-11-03/no-such-rule.ics").status_code == 404
    bad = client.get("/calendars/ypsilanti-mi/2026-13-03.ics")
    assert bad.status_code == 400 and bad.mimetype == "application/problem+json"
    assert client.get("/calendars/ypsilanti-mi/2026-11-04.ics").status_code == 400  # not an election day
