"""More Colorado home-rule municipalities encoded in files of their own
(calendars/<id>.toml), read 2026-12-03: Northglenn, Wheat Ridge and Aspen.
Each is asserted through the service (``deadlines.service.lookup`` on the
repository's calendars folder, the roster row read under the file), with the
research facts of calendars/facts/co.csv.

Worked examples, counted by hand from the quoted text ("the Nth day prior to"
election E is E - N; "the Nth day following" deadline D is D + N; "prior to N
days before" E excludes the Nth day, so the last day is the (N+1)th):

- Northglenn, Municipal Code 13-1-4 ("beginning on the ninety-first day and
  ending on the seventy-first day prior to the day of election") and 13-1-3
  (write-in affidavit "prior to ten days before the day of the municipal
  election": the 11th day). November 2, 2027 (November 1 is a Monday, so the
  first Tuesday is November 2): the 71st day is Monday, August 23, 2027
  (November 2 - 2 = October 31; - 31 = September 30, the 33rd day; - 30 =
  August 31, the 63rd; - 8 = August 23, the 71st); circulation from the 91st,
  Tuesday, August 3 (August 23 - 20); the write-in affidavit by the 11th day,
  Friday, October 22, 2027 (November 2 - 11), with the 64th day (coordinated or
  mail ballot election), Monday, August 30, 2027 (August 23 + 7), as the safe
  reading; withdrawal (the Municipal Election Code's 64th day) August 30.
  November 7, 2017: the 71st day is Monday, August 28, 2017 (November 7 - 7 =
  October 31; - 31 = September 30, the 38th; - 30 = August 31, the 68th; - 3 =
  August 28), the day the city published; circulation from Tuesday, August 8
  (August 28 - 20); the 64th day is Monday, September 4, 2017 (August 28 + 7),
  Labor Day (the first Monday of September), so the safe write-in date and the
  withdrawal are Friday, September 1; the 11th day is Friday, October 27, 2017
  (November 7 - 11). November 4, 2031: the 71st day is Monday, August 25, 2031
  (November 4 - 4 = October 31; - 31 = September 30, the 35th; - 30 = August
  31, the 65th; - 6 = August 25); the 64th, Monday, September 1, 2031, is Labor
  Day: Friday, August 29; the 11th day, Friday, October 24, 2031. The code's
  91st/71st days are applied from the November 7, 2017 election: November 3,
  2015 has no petition deadline of its own.
- Wheat Ridge, Code of Laws 7-1(1) (the Colorado Municipal Election Code
  adopted): November 2, 2027: petitions by 5 p.m. on Monday, August 23, 2027
  (the count above), circulation from Tuesday, August 3; withdrawal and
  write-in affidavit by the 64th day, Monday, August 30, 2027. November 7,
  2023: petitions by 5 p.m. on Monday, August 28, 2023, as the city published;
  the 64th day, Monday, September 4, 2023 (November 7 - 7 = October 31; - 31 =
  September 30, the 38th; - 26 = September 4, the 64th), is Labor Day: the
  withdrawal moves to the preceding business day, Friday, September 1
  (31-10-103); the write-in affidavit to the next, Tuesday, September 5, with
  Friday, September 1 (the coordinated-election reading) as the safe date.
- Aspen, Municipal Code 9.10.160 (petitions 91st to 71st day, close of
  business; write-in affidavit "before the close of business on the third day
  following the nominating petition deadline"; withdrawal "by the close of
  business on the ninth day following the petition deadline"), with the
  election on the first Tuesday in March of odd years. March 2, 2027 (March 1
  is a Monday): the 71st day is Monday, December 21, 2026 (March 2 - 2 =
  February 28; - 28 = January 31, the 30th day; - 31 = December 31, the 61st;
  - 10 = December 21, the 71st); circulation from the 91st, Tuesday, December
  1, 2026 (December 21 - 20); write-in affidavit Thursday, December 24, 2026
  (December 21 + 3); withdrawal Wednesday, December 30, 2026 (December 21 + 9),
  with the Municipal Election Code's 64th day, Monday, December 28, 2026
  (December 21 + 7), as the safe reading. March 7, 2023: the 71st day is
  Monday, December 26, 2022 (March 7 - 7 = February 28; - 28 = January 31, the
  35th; - 31 = December 31, the 66th; - 5 = December 26), Christmas observed
  (December 25 was a Sunday): the city's next business day, Tuesday, December
  27, 2022, as reported, with 31-10-103's preceding business day, Friday,
  December 23, as the safe date; write-in Friday, December 30, 2022 (December
  27 + 3); withdrawal Thursday, January 5, 2023 (December 27 + 9), the 64th day
  being Monday, January 2, 2023 (December 26 + 7), New Year's Day observed, so
  the safe withdrawal is Friday, December 30, 2022. December dates are MST
  (UTC-7).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import (MDT, MST, assert_read_over, at, day as _day, safe as _safe)
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 3)
ENCODED = ("northglenn-co", "wheat-ridge-co", "aspen-co")


def _at(registry, jid, election=None, today=TODAY):
    return at(registry, jid, election, today)


@pytest.mark.parametrize("jid", ENCODED)
def test_each_file_is_its_roster_row_read_over_with_the_code(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats  # what was not read is said
    assert "confirm" in caveat


# --------------------------------------------------------------------------- Northglenn


def test_northglenn_2027_by_rule(registry):
    jur = registry.get("northglenn-co")
    assert date(2027, 11, 2) in cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    result, d = _at(registry, "northglenn-co")  # the next election after December 3, 2026
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-circulation"].start == date(2027, 8, 3)  # the 91st day
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)  # the 71st, 5 p.m.
    assert d["petition-filing"].rule.cite.startswith("Northglenn Municipal Code 13-1-4")
    assert [t.min for t in d["petition-filing"].thresholds] == [25, 25]
    assert d["withdrawal"].due.date() == date(2027, 8, 30)  # the Code's 64th, by 13-1-2
    w = d["write-in-affidavit"]
    assert _day(w.due) == date(2027, 10, 22)  # 13-1-3: the 11th day, a Friday
    assert _day(_safe(w)) == date(2027, 8, 30)  # the 64th day reading is earlier: safe
    assert w.rule.cite.startswith("Northglenn Municipal Code 13-1-3")


def test_northglenn_2017_as_published_and_labor_day(registry):
    _, d = _at(registry, "northglenn-co", date(2017, 11, 7), today=date(2017, 1, 2))
    assert d["petition-circulation"].start == date(2017, 8, 8)
    assert d["petition-filing"].due == datetime(2017, 8, 28, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"  # the city's own date agrees
    assert _day(d["write-in-affidavit"].due) == date(2017, 10, 27)
    assert _day(_safe(d["write-in-affidavit"])) == date(2017, 9, 1)  # Labor Day -> Friday
    assert d["withdrawal"].due.date() == date(2017, 9, 1)


def test_northglenn_2031_labor_day_and_2015_not_computed(registry):
    _, d = _at(registry, "northglenn-co", date(2031, 11, 4))
    assert d["petition-filing"].due == datetime(2031, 8, 25, 17, 0, tzinfo=MDT)
    assert d["withdrawal"].due.date() == date(2031, 8, 29)
    assert _day(d["write-in-affidavit"].due) == date(2031, 10, 24)
    assert _day(_safe(d["write-in-affidavit"])) == date(2031, 8, 29)
    _, d = _at(registry, "northglenn-co", date(2015, 11, 3), today=date(2015, 1, 5))
    assert "petition-filing" not in d and "write-in-affidavit" not in d


# --------------------------------------------------------------------------- Wheat Ridge


def test_wheat_ridge_2027_the_municipal_election_code_by_code_7_1(registry):
    jur = registry.get("wheat-ridge-co")
    assert date(2027, 11, 2) in cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    _, d = _at(registry, "wheat-ridge-co")  # the next election after December 3, 2026
    assert d["petition-circulation"].start == date(2027, 8, 3)
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["withdrawal"].due.date() == date(2027, 8, 30)
    assert _day(d["write-in-affidavit"].due) == date(2027, 8, 30)
    assert "Wheat Ridge" in jur.caveats[0] and "7-1" in jur.caveats[0]


def test_wheat_ridge_2023_published_and_labor_day(registry):
    _, d = _at(registry, "wheat-ridge-co", date(2023, 11, 7), today=date(2023, 1, 2))
    assert d["petition-filing"].due == datetime(2023, 8, 28, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    assert d["withdrawal"].due.date() == date(2023, 9, 1)  # 31-10-103: the preceding business day
    w = d["write-in-affidavit"]
    assert _day(w.due) == date(2023, 9, 5)  # 31-10-103's extension to the next business day
    assert _day(_safe(w)) == date(2023, 9, 1)  # the coordinated-election reading


# --------------------------------------------------------------------------- Aspen


def test_aspen_march_2027_by_rule(registry):
    jur = registry.get("aspen-co")
    found = cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    assert date(2027, 3, 2) in found and not any(c.month == 11 for c in found)
    result, d = _at(registry, "aspen-co")  # the next election after December 3, 2026
    assert {x.cycle for x in result.deadlines} == {date(2027, 3, 2)}
    assert d["petition-circulation"].start == date(2026, 12, 1)  # the 91st day
    assert d["petition-filing"].due == datetime(2026, 12, 21, 17, 0, tzinfo=MST)  # the 71st
    assert d["petition-filing"].rule.cite.startswith("Aspen Municipal Code 9.10.160(a)")
    assert _day(d["write-in-affidavit"].due) == date(2026, 12, 24)  # the third day following
    assert d["withdrawal"].due.date() == date(2026, 12, 30)  # the ninth day following
    assert _day(_safe(d["withdrawal"])) == date(2026, 12, 28)  # the Code's 64th day, safe


def test_aspen_2023_christmas_observed_two_rolls(registry):
    _, d = _at(registry, "aspen-co", date(2023, 3, 7), today=date(2022, 6, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2022, 12, 27, 17, 0, tzinfo=MST)  # the next business day, as reported
    assert _safe(f) == datetime(2022, 12, 23, 17, 0, tzinfo=MST)  # 31-10-103's preceding day, safe
    assert _day(d["write-in-affidavit"].due) == date(2022, 12, 30)
    assert d["withdrawal"].due.date() == date(2023, 1, 5)
    assert _day(_safe(d["withdrawal"])) == date(2022, 12, 30)  # January 2 (New Year's observed) -> Friday


def test_aspen_before_ordinance_30_not_computed(registry):
    _, d = _at(registry, "aspen-co", date(2017, 5, 2), today=date(2017, 1, 2))
    assert "petition-filing" not in d and "write-in-affidavit" not in d
