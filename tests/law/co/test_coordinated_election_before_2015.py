"""Before HB 15-1130, a Colorado municipal election in November (a coordinated
election) had its nomination petitions filed by the 71st day: C.R.S. 1-4-805
as amended in 2004 (effective May 28, 2004), for "a candidate for a municipal
office in a coordinated election": "any nominating petition may be circulated
and signed beginning on the ninety-first day prior to the election and shall
be filed with the municipal clerk no later than the seventy-first day prior to
the date of the election". The Municipal Election Code's 30th day (as the Town
of Vail's Ordinance No. 9, Series 2015 recites it) stays the rule's own date;
the 71st day is a reading, and the earlier one, so the safe date. An April
election is not coordinated: no such reading.

Worked days ("the Nth day before" E is E - N, one month at a time):

- Westminster, Tuesday, November 5, 2013: - 5 = October 31 (5th day); - 31 =
  September 30 (36th); - 30 = August 31 (66th); - 5 = August 26 (71st), a
  Monday, as the city published ("Aug. 26 - Last day to file nominating
  petitions with the City Clerk; 6 p.m. deadline"). The 30th day, October 6,
  is a Sunday: 31-10-103 moves it to Friday, October 4.
- Superior, Tuesday, November 6, 2012: - 6 = October 31 (6th); - 31 =
  September 30 (37th); - 30 = August 31 (67th); - 4 = August 27 (71st), a
  Monday, as the town published.
- Brush (a statutory city), Tuesday, November 4, 2003, before the 2004
  amendment: the 30th day only, October 5, a Sunday, moved to Friday,
  October 3; no reading.
- Pagosa Springs, Tuesday, April 3, 2012: not a coordinated election; the
  30th day, Sunday, March 4, moved to Friday, March 2, as the town published;
  no reading.
"""
from __future__ import annotations

from datetime import date

import pytest

from deadlines.words import words
from tests.law.charter_helpers import at, day, safe
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
COORDINATED = "a coordinated election (November): the 71st day, C.R.S. 1-4-805 (2004)"


def named(reading) -> str:
    """A reading's name as the file gives it."""
    return words("en").reading_name(reading, "")


@pytest.mark.parametrize("jid, election, code_day, seventy_first", [
    ("westminster-co", date(2013, 11, 5), date(2013, 10, 4), date(2013, 8, 26)),
    ("superior-co", date(2012, 11, 6), date(2012, 10, 5), date(2012, 8, 27)),
])
def test_a_november_election_before_2015_files_by_the_71st_day(registry, jid, election, code_day, seventy_first):  # noqa: F811
    _, d = at(registry, jid, election, TODAY)
    filing = d["petition-filing"]
    assert day(filing.due) == code_day
    assert day(safe(filing)) == seventy_first
    assert any(named(r) == COORDINATED and day(r.due) == seventy_first and r.safe for r in filing.readings)


@pytest.mark.parametrize("jid, election, code_day", [
    ("brush-co", date(2003, 11, 4), date(2003, 10, 3)),
    ("pagosa-springs-co", date(2012, 4, 3), date(2012, 3, 2)),
])
def test_before_2004_or_in_april_the_codes_30th_day_alone(registry, jid, election, code_day):  # noqa: F811
    _, d = at(registry, jid, election, TODAY)
    filing = d["petition-filing"]
    assert day(filing.due) == code_day == day(safe(filing))
    assert not any(named(r) == COORDINATED for r in filing.readings)
