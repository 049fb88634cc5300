""""Add to calendar" beside a deadline gives one proper event: all-day on the
days to act, the act-by hour in its title, and two reminders; the subscribed
feed keeps the exact instant.

Worked from the law (calendars/shared/utah-municipal.toml):
- Declaration of candidacy, Orem, 2027 (Utah Code 20A-9-203(3)(a)(i):
  "during the period beginning on June 1 and ending on June 7" of the
  municipal election year; 10-3-301(3)(b)(i): office hours, 8:00 a.m. to
  5:00 p.m.). June 1, 2027 is a Tuesday, June 7 a Monday: the event spans
  June 1-7 (DTEND June 8, exclusive), "by 5:00 p.m. MDT"; reminders at
  9:00 a.m. on Monday, May 31 (the day before it opens) and Sunday, June 6
  (the day before the last day).
- Withdrawal to be left off the printed ballot (20A-9-207(3)(b): 65 days
  before the general election of November 2, 2027). Counting back: Oct 31
  is 2 days, Sept 30 is 33, Aug 31 is 63, Aug 29 is 65, a Sunday; the safe
  reading is the business day before, Friday, August 27, 2027. One all-day
  event on August 27; reminders at 9:00 a.m. on Thursday, August 26 and
  Friday, August 20 (a week before)."""
from __future__ import annotations

from datetime import date, datetime, timedelta

import icalendar
import pytest
from ical.calendar_stream import IcsCalendarStream

from tests.ical_readers import read_ha, read_icaljs, read_icalendar

PAGE = "/?jurisdiction=orem-ut&election=2027-11-02"
DECLARATION = "/calendars/orem-ut/2027-11-02/declaration-filing.ics"
WITHDRAWAL = "/calendars/orem-ut/2027-11-02/withdrawal.ics"


def _events(client, path: str) -> list:
    resp = client.get(path)
    assert resp.status_code == 200
    return icalendar.Calendar.from_ical(resp.data).walk("VEVENT")


def _alarms(ev) -> list[datetime]:
    """Each VALARM's moment, from its TRIGGER related to the all-day event's start or end."""
    start, end = ev.decoded("dtstart"), ev.decoded("dtend")
    out = []
    for alarm in ev.walk("VALARM"):
        related = alarm["trigger"].params.get("RELATED", "START")
        base = datetime.combine(end if related == "END" else start, datetime.min.time())
        out.append(base + alarm.decoded("trigger"))
    return sorted(out)


@pytest.fixture
def client(app):
    app.config["TODAY"] = "2027-05-01"
    return app.test_client()


def test_the_page_links_each_deadline_to_its_one_event(client):
    html = client.get(PAGE).get_data(as_text=True)
    assert f'href="{DECLARATION}"' in html and f'href="{WITHDRAWAL}"' in html


def test_a_window_is_one_all_day_event_over_its_days_with_the_hour_in_its_title(client):
    (ev,) = _events(client, DECLARATION)
    assert ev.decoded("dtstart") == date(2027, 6, 1) and ev.decoded("dtend") == date(2027, 6, 8)
    assert str(ev["summary"]) == "City of Orem: Declaration of candidacy, municipal office, by 5:00 p.m. MDT"
    assert _alarms(ev) == [datetime(2027, 5, 31, 9), datetime(2027, 6, 6, 9)]
    assert all(str(a["action"]) == "DISPLAY" and str(a["description"]) for a in ev.walk("VALARM"))


def test_a_last_day_is_one_all_day_event_on_the_safe_date(client):
    (ev,) = _events(client, WITHDRAWAL)
    assert ev.decoded("dtstart") == date(2027, 8, 27) and ev.decoded("dtend") == date(2027, 8, 28)
    assert str(ev["summary"]).endswith(", by 5:00 p.m. MDT")
    assert _alarms(ev) == [datetime(2027, 8, 20, 9), datetime(2027, 8, 26, 9)]


def test_it_is_the_feed_event_by_uid_sequence_and_description_while_the_feed_keeps_the_instant(client):
    feed = {str(e["uid"]): e for e in _events(client, "/calendars/orem-ut/2027-11-02.ics")}
    (single,) = _events(client, DECLARATION)
    subscribed = feed[str(single["uid"])]
    assert int(single["sequence"]) == int(subscribed["sequence"])
    assert str(single["description"]) == str(subscribed["description"])
    # the subscribed feed: the instant, 5:00 p.m. MDT on Monday, June 7, 2027 (23:00 UTC), no DTEND
    assert subscribed.decoded("dtstart").isoformat() == "2027-06-07T17:00:00-06:00" and "dtend" not in subscribed


def test_independent_clients_read_the_one_event(client, tmp_path):
    body = client.get(DECLARATION).data
    path = tmp_path / "one.ics"
    path.write_bytes(body)
    expected = {"start": "2027-06-01", "end": "2027-06-08"}
    for read in (read_icalendar(body), read_ha(body), read_icaljs([path])[str(path)]):
        (got,) = read.values()
        assert {k: got[k] for k in expected} == expected
    (ev,) = IcsCalendarStream.calendar_from_ics(body.decode()).events  # Home Assistant's reader, its alarms
    # 1 day 15 hours before the exclusive end (June 8), 15 hours before the start (June 1): 9:00 a.m.
    assert sorted(a.trigger for a in ev.alarm) == [-timedelta(days=1, hours=15), -timedelta(hours=15)]


def test_in_spanish(client):
    (ev,) = _events(client, DECLARATION + "?lang=es")
    assert str(ev["summary"]).startswith("City of Orem: ") and str(ev["summary"]).endswith(", hasta las 5:00 p.m. MDT")
    said = sorted(str(a["description"]) for a in ev.walk("VALARM"))
    assert said[0].startswith("Abre mañana: ") and said[1].startswith("Mañana es el último día: ")
