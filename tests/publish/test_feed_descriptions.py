"""An event's description lists the later readings of its deadline even where
one reading is a day alone and the safe date an instant (they are compared as
the instants they end), as a feed of a whole state must.

Worked example: the Taylorsville-Bennion Improvement District, Utah, 2025. Its
declaration period is June 1-7, 2025 (Utah Code 20A-9-203(3), the municipal
period its candidates file in); June 7, 2025 is a Saturday, so the period
ends on the prior business day, Friday June 6 (the safe date, an instant at
the district's published hour), while 68-3-7's extension to the next business
day gives Monday June 9, 2025, a day the district's rule gives no hour of its
own: a later reading, said in the description."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from deadlines.core.registry import Registry
from deadlines.publish import ical
from deadlines.service import lookup
from deadlines.words import words

CALENDARS = Path(__file__).resolve().parents[2] / "calendars"


def test_a_day_alone_beside_an_instant_is_said_as_a_later_reading():
    result = lookup(Registry(CALENDARS).get("taylorsville-bennion-improvement-district-ut"),
                    today=date(2026, 12, 6), election=date(2025, 11, 4))
    d = next(d for d in result.deadlines if d.id == "declaration-filing")
    assert isinstance(d.safe_due, datetime) and d.safe_due.date() == date(2025, 6, 6)
    assert date(2025, 6, 9) in {r.due for r in d.readings}  # the day alone
    text = ical.describe(d, result, words("en"))
    assert "A later reading: Monday, June 9, 2025" in text, text
