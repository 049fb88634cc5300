"""Avon and Cherry Hills Village (calendars/avon-co.toml,
cherry-hills-village-co.toml), read 2026-12-06: both hold their regular
elections with the November coordinated election of even years (every cycle
read; neither's charter read, as their caveats say), and publish the Municipal
Election Code's petition days (Cherry Hills Village's City Clerk at 4:30 p.m.).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- November 7, 2028 (November 6 the first Monday): November 7 - 7 = October 31
  (7th day); - 31 = September 30 (38th); - 30 = August 31 (68th); - 3 = August
  28 (71st), a Monday; circulation from August 8 (91st); the 64th day,
  September 4, 2028, is Labor Day, so withdrawal moves to Friday, September 1
  (31-10-103). Cherry Hills Village's petitions are due at 4:30 p.m. MDT
  (UTC-6), Avon's at 5 p.m. (the town's published hour, which is also the
  usual close assumed).
- Avon, November 5, 2024: November 5 - 5 = October 31; - 31 = September 30
  (36th); - 30 = August 31 (66th); - 5 = August 26 (71st), "Monday, Aug. 26, by
  5 p.m."; circulation from Tuesday, August 6 (91st). November 3, 2020: August
  24 (71st: November 3 - 3 = October 31; - 31 = September 30 (34th); - 30 =
  August 31 (64th); - 7 = August 24), "Monday, August 24, 2020, by 5:00 pm",
  as the town published.
- Cherry Hills Village, November 6, 2018: November 6 - 6 = October 31; - 31 =
  September 30 (37th); - 30 = August 31 (67th); - 4 = August 27 (71st), "due to
  the City Clerk by 4:30 p.m.", as the city published; from August 7 (91st).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import MDT, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("jid", ["avon-co", "cherry-hills-village-co"])
def test_november_of_even_years_read_over(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not read" in caveat and "confirm" in caveat
    jur = registry.get(jid)
    assert cycles(jur, date(2028, 1, 1), date(2028, 12, 31)) == [date(2028, 11, 7)]
    assert not cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 11, 7)}
    assert d["petition-filing"].due.date() == date(2028, 8, 28)
    assert d["petition-circulation"].start == date(2028, 8, 8)
    assert d["withdrawal"].due.date() == date(2028, 9, 1)  # the 64th day is Labor Day


def test_cherry_hills_village_at_half_past_four(registry):
    _, d = at(registry, "cherry-hills-village-co", None, TODAY)
    assert d["petition-filing"].due == datetime(2028, 8, 28, 16, 30, tzinfo=MDT)
    assert d["petition-circulation"].due == datetime(2028, 8, 28, 16, 30, tzinfo=MDT)
    _, d = at(registry, "cherry-hills-village-co", date(2018, 11, 6), date(2018, 1, 2))
    assert d["petition-filing"].due == datetime(2018, 8, 27, 16, 30, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2018, 8, 7)


def test_avon_2024_and_2020(registry):
    _, d = at(registry, "avon-co", date(2024, 11, 5), date(2024, 1, 2))
    assert d["petition-filing"].due == datetime(2024, 8, 26, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2024, 8, 6)
    _, d = at(registry, "avon-co", date(2020, 11, 3), date(2020, 1, 2))
    assert d["petition-filing"].due == datetime(2020, 8, 24, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
