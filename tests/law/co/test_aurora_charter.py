"""Aurora (calendars/aurora-co.toml), read 2026-12-06: the regular election on
the first Tuesday in November of odd years, coordinated (City Code 54-7(a)),
and the petition days the City Clerk announced for 2023 and 2025 (sections
from the 90th day, filed by 5 p.m. on the 70th), with C.R.S. 1-4-805's 71st day
for coordinated elections beside them as the safe reading (the Charter's and
City Code's own words not read).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- November 7, 2023: November 7 - 7 = October 31 (7th day); - 31 = September 30
  (38th); - 30 = August 31 (68th); - 2 = August 29 (70th), a Tuesday: "must be
  filed with the City Clerk's Office by 5 p.m. Aug. 29" (the city), 5 p.m. MDT
  (UTC-6); the 71st day, Monday, August 28, is the safe date, so the city's
  published date departs from the statute's (`departs`); sections from August
  31 - 22 = August 9 (90th), "starting Wednesday, Aug. 9".
- November 4, 2025: November 4 - 4 = October 31 (4th); - 31 = September 30
  (35th); - 30 = August 31 (65th); - 5 = August 26 (70th), "due back by Aug.
  26"; sections from August 6 (90th: August 26 - 20).
- November 2, 2027: November 2 - 2 = October 31 (2nd); - 31 = September 30
  (33rd); - 30 = August 31 (63rd); - 7 = August 24 (70th), a Tuesday, 5 p.m.;
  safe August 23 (71st); sections from August 4 (90th); withdrawal and write-in
  (the Municipal Election Code's 64th day) August 30, 2027 (August 24 + 6).
"""
from __future__ import annotations

from datetime import date, datetime

from deadlines.service import cycles
from tests.law.charter_helpers import MDT, assert_read_over, at, safe
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

JID = "aurora-co"


def test_aurora_is_its_roster_row_read_over_and_says_what_was_not_read(registry):
    assert_read_over(registry, JID)
    (caveat,) = registry.get(JID).caveats
    assert "1-4-805" in caveat and "confirm" in caveat
    assert date(2027, 11, 2) in cycles(registry.get(JID), date(2027, 1, 1), date(2027, 12, 31))


def test_aurora_2023_the_citys_70th_day_departs_from_the_71st(registry):
    _, d = at(registry, JID, date(2023, 11, 7), date(2023, 1, 2))
    f = d["petition-filing"]
    assert f.due == datetime(2023, 8, 29, 17, 0, tzinfo=MDT)
    assert safe(f) == datetime(2023, 8, 28, 17, 0, tzinfo=MDT)
    assert f.basis.status == "departs"  # the city's own date, beside the statute's earlier one
    assert d["petition-circulation"].start == date(2023, 8, 9)
    assert [t.min for t in f.thresholds] == [100, 50]


def test_aurora_2025_as_announced(registry):
    _, d = at(registry, JID, date(2025, 11, 4), date(2025, 1, 2))
    assert d["petition-filing"].due == datetime(2025, 8, 26, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2025, 8, 6)


def test_aurora_2027_by_rule(registry):
    result, d = at(registry, JID, None, date(2026, 12, 6))
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    f = d["petition-filing"]
    assert f.due == datetime(2027, 8, 24, 17, 0, tzinfo=MDT)
    assert safe(f) == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2027, 8, 4)
    assert d["withdrawal"].due.date() == date(2027, 8, 30)
    assert d["write-in-affidavit"].due.date() == date(2027, 8, 30)
