"""The feeds' bytes folded by deadlines.publish.ical._fold are icalendar's own
(Contentline.to_ical), so content hashes, and with them SEQUENCE, stay what
they were; only faster (bench/combined_feed.py measures it)."""
from __future__ import annotations

import pytest
from icalendar import Calendar
from icalendar.parser import Contentline

from deadlines.publish.ical import _fold, serialize


@pytest.mark.parametrize("line", [
    "", "x" * 74, "x" * 75, "x" * 148, "x" * 149,
    "D:" + "a" * 71 + "\\n" + "b" * 80,  # a backslash escape across the first fold
    "D:" + "a" * 72 + "\\," + "b" * 80,
    "D:" + "a" * 70 + "§" * 40,  # two-byte characters across folds
    "D:" + "a" * 71 + "“law”" * 30,  # three-byte ones
    "D:" + "a" * 72 + "\U0001F5F3" * 30,  # four-byte ones
    "P;X=a^^b:" + "^n" * 60,  # RFC 6868 parameter escapes
    "D:" + "\\" * 200,
])
def test_fold_is_icalendars(line):
    assert _fold(line.encode()) == Contentline(line).to_ical()


@pytest.mark.parametrize("url", [
    "/calendars/ypsilanti-mi.ics", "/calendars/salt-lake-city-ut.ics", "/calendars/colorado-local.ics",
    "/calendars/combined.ics?state=UT&county=Utah",
])
def test_feeds_serialize_as_icalendar_does(client, url):
    body = client.get(url).data
    cal = Calendar.from_ical(body)
    assert len(cal.walk("VEVENT")) > 5
    assert serialize(cal) == cal.to_ical() == body
