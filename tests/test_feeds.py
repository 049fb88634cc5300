"""iCalendar feeds: every feed of the four jurisdictions read alike by three
independent parsers (icalendar, Home Assistant's ``ical``, Mozilla's ical.js
under Node) and by the engine; worked examples; HTTP caching; a moved
election updates events in place."""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest
from ical.calendar_stream import IcsCalendarStream

from deadlines.core.model import Override
from deadlines.service import Records
from web import create_app

JS = Path(__file__).parent / "js"
DENVER, CHICAGO = ZoneInfo("America/Denver"), ZoneInfo("America/Chicago")
JURISDICTIONS = ("colorado-local", "model-city", "salt-lake-city-ut", "ypsilanti-mi")


@dataclass
class FakeStore:
    """A RecordSource whose recorded anchors the test edits."""

    by_jurisdiction: dict = field(default_factory=dict)
    changes: int = 0

    def recorded(self, jid: str) -> Records:
        return self.by_jurisdiction.get(jid, Records())

    def revision(self, jid: str) -> str:
        return str(self.changes)

    def record(self, jid: str, anchors: Records) -> None:
        self.by_jurisdiction[jid] = anchors
        self.changes += 1


def triggers_store() -> FakeStore:
    """Trigger events so that every rule has a date (one instant in winter time)."""
    store = FakeStore()
    store.record("model-city", Records(events={"ordinance-adopted": [date(2025, 4, 14), date(2026, 1, 20)]}))
    store.record("salt-lake-city-ut", Records(events={
        "objection-filed": [datetime(2025, 6, 16, 10, 0, tzinfo=DENVER), datetime(2026, 12, 1, 9, 30, tzinfo=DENVER)],
        "objection-sustained": [date(2025, 6, 18)],
    }))
    return store


@pytest.fixture
def store(app):
    app.extensions["records"] = triggers_store()
    return app.extensions["records"]


def utc(value) -> str:
    """Instants as ``YYYY-MM-DDTHH:MM:SSZ``, all-day values as ``YYYY-MM-DD``."""
    if isinstance(value, datetime):
        assert value.tzinfo is not None, "a floating time"
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return None if value is None else value.isoformat()


def read_icalendar(body: bytes) -> dict:
    cal = icalendar.Calendar.from_ical(body)
    assert not cal.get_missing_tzids()
    out = {}
    for ev in cal.walk("VEVENT"):
        assert str(ev["uid"]) not in out, "duplicate UID"
        out[str(ev["uid"])] = {
            "start": utc(ev.decoded("dtstart")),
            "end": utc(ev.decoded("dtend")) if "dtend" in ev else None,
            "sequence": int(ev["sequence"]),
            "status": str(ev["status"]),
        }
    return out


def read_ha(body: bytes) -> dict:
    cal = IcsCalendarStream.calendar_from_ics(body.decode())
    return {
        ev.uid: {"start": utc(ev.dtstart), "end": utc(ev.dtend), "sequence": ev.sequence, "status": ev.status.value}
        for ev in cal.events
    }


def read_icaljs(paths: list[Path]) -> dict:
    done = subprocess.run(["node", str(JS / "read_ics.mjs"), *map(str, paths)], capture_output=True, text=True,
                          check=True, timeout=60)
    return json.loads(done.stdout)


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


def test_every_feed_reads_alike_in_three_parsers(client, store, tmp_path):
    urls = all_feed_urls(client)
    assert len(urls) > 60
    bodies = {}
    for i, url in enumerate(urls):
        resp = client.get(url)
        assert resp.status_code == 200, url
        assert resp.headers["Content-Type"] == "text/calendar; charset=utf-8"
        bodies[tmp_path / f"{i}.ics"] = (url, resp.data)
        (tmp_path / f"{i}.ics").write_bytes(resp.data)
    from_js = read_icaljs(list(bodies))
    for path, (url, body) in bodies.items():
        ours = read_icalendar(body)
        assert ours, f"{url} has no events"
        assert read_ha(body) == ours, url
        assert from_js[str(path)] == ours, url
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
                ev = events[f"{d.uid}@deadlines"]
                assert ev["start"] == utc(d.due)
                if d.start is not None:
                    span = events[f"{d.uid}/window@deadlines"]
                    assert span["start"] == utc(d.start.date() if isinstance(d.start, datetime) else d.start)


@pytest.mark.parametrize("url, uid, start, end", [
    # 4:00 p.m. America/Detroit (EDT) on the 15th Tuesday before Aug 4, 2026
    ("/calendars/ypsilanti-mi.ics", "ypsilanti-mi/2026-11-03/petition-filing", "2026-04-21T20:00:00Z", None),
    # 2025 under the ranked-choice pilot (the city's notice: "beginning on August 12, 2025, and
    # ending on August 19, 2025 ... will end promptly at 5:00 p.m. on August 19, 2025", MDT)
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/2025-11-04/declaration-filing", "2025-08-19T23:00:00Z", None),
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/2025-11-04/declaration-filing/window", "2025-08-12", "2025-08-20"),
    # objection filed 9:30 a.m. MST Dec 1, 2026 + 48 hours
    ("/calendars/salt-lake-city-ut.ics", "salt-lake-city-ut/2027-11-02/objection-decision", "2026-12-03T16:30:00Z", None),
    # the 67th day prior to Nov 4, 2025, when the office closes: 5:00 p.m. MDT
    ("/calendars/colorado-local.ics", "colorado-local/2025-11-04/petition-filing", "2025-08-29T23:00:00Z", None),
    ("/calendars/colorado-local.ics", "colorado-local/2025-11-04/petition-circulation/window", "2025-01-01", "2025-08-30"),
    # 30 days after April 14, 2025 (Wednesday May 14)
    ("/calendars/model-city.ics", "model-city/2025-11-04/referendum-petition-filing", "2025-05-14", "2025-05-15"),
])
def test_worked_examples(client, store, url, uid, start, end):
    ev = read_icalendar(client.get(url).data)[uid + "@deadlines"]
    assert (ev["start"], ev["end"]) == (start, end)


def test_event_content(client):
    cal = icalendar.Calendar.from_ical(client.get("/calendars/salt-lake-city-ut/2031-11-04.ics").data)
    assert str(cal["X-WR-CALNAME"]) == str(cal["NAME"]) == "Salt Lake City, Utah: election deadlines"
    assert [tz["TZID"] for tz in cal.walk("VTIMEZONE")] == ["America/Denver"]
    rdates = [r for t in cal.walk("VTIMEZONE") for sub in t.subcomponents for r in sub.get("RDATE", [])]
    assert len(rdates) > 2 and all(len(r.dts) == 1 for r in rdates)  # one value per RDATE: all clients read all
    ev = next(e for e in cal.walk("VEVENT") if e["uid"] == "salt-lake-city-ut/2031-11-04/declaration-filing@deadlines")
    text = str(ev["description"])
    assert ev["dtstart"].params["TZID"] == "America/Denver"
    assert str(ev["status"]) == "TENTATIVE"
    assert "Salt Lake City Code, subsections B and E" in text
    assert "extended until five o'clock (5:00) P.M. on the following regular business day" in text
    assert "June 7, 2031 is a Saturday, so the last day is extended to 5:00 p.m. on Monday, June 9, 2031" in text
    assert "SAFE DATE: 5:00 p.m. on Friday, June 6, 2031" in text
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
    app.extensions["records"] = FakeStore(changes=1)  # a new store revision
    client.get("/calendars/colorado-local.ics")
    assert len(calls) == 2


def test_versions_survive_a_restart(app, tmp_path):
    body = app.test_client().get("/calendars/ypsilanti-mi.ics").data
    again = create_app({"TODAY": "2025-03-01", "DATABASE_URL": app.config["DATABASE_URL"]})
    assert again.test_client().get("/calendars/ypsilanti-mi.ics").data == body


def test_a_moved_election_updates_events_in_place(client, app):
    store = FakeStore()
    app.extensions["records"] = store
    before_resp = client.get("/calendars/colorado-local.ics")
    before = read_icalendar(before_resp.data)
    store.record("colorado-local", Records(
        elections={date(2025, 11, 4): {"general": date(2025, 11, 18)}},
        overrides=[Override("petition-retention", date(2026, 11, 3), "Court order 26-1", "records destroyed",
                            status="cancelled")],
    ))
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
    store.record("colorado-local", Records())  # moved back: versions still rise, never fall
    back = read_icalendar(client.get("/calendars/colorado-local.ics").data)
    assert back[moved]["start"] == "2025-08-29T23:00:00Z" and back[moved]["sequence"] == 2


def test_feed_errors(client):
    assert client.get("/calendars/nowhere.ics").status_code == 404
    assert client.get("/calendars/ypsilanti-mi/2026-11-03/no-such-rule.ics").status_code == 404
    bad = client.get("/calendars/ypsilanti-mi/2026-13-03.ics")
    assert bad.status_code == 400 and bad.mimetype == "application/problem+json"
    assert client.get("/calendars/ypsilanti-mi/2026-11-04.ics").status_code == 400  # not an election day
