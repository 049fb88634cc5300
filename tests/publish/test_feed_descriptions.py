"""An event's description lists the later readings of its deadline even where
one reading is a day alone and the safe date an instant (they are compared as
the instants they end), as a feed of a whole state must.

Worked example: Loveland, Colorado, 2025 (general election Tuesday, November
4). The write-in affidavit is due "not later than sixty-four days before the
day of the election" (C.R.S. 31-10-912): November 4 -> October 4 is the 31st
day, September 4 the 61st, September 1 the 64th, Labor Day, so 31-10-103
moves it to the next business day, Tuesday September 2, at 5:00 p.m.; in a
coordinated election (1-4-805) 1-1-106(5) moves it to the prior business day,
Friday August 29 at 5:00 p.m., the safe date (an instant). A news
report of the city's dates gives "September 1: Deadline for write-in
candidates", a day alone with no hour: a later reading than the safe date,
said in the description."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from deadlines.core.registry import Registry
from deadlines.publish import ical
from deadlines.service import lookup
from deadlines.words import words

CALENDARS = Path(__file__).resolve().parents[2] / "calendars"


def test_a_day_alone_beside_an_instant_is_said_as_a_later_reading():
    result = lookup(Registry(CALENDARS).get("loveland-co"), today=date(2026, 12, 6), election=date(2025, 11, 4))
    d = next(d for d in result.deadlines if d.id == "write-in-affidavit")
    assert isinstance(d.safe_due, datetime) and d.safe_due.date() == date(2025, 8, 29)
    assert date(2025, 9, 1) in {r.due for r in d.readings}  # the day alone
    text = ical.describe(d, result, words("en"))
    assert "A later reading: Monday, September 1, 2025" in text, text
    assert "A later reading: 5:00 p.m. on Tuesday, September 2, 2025" in text, text
