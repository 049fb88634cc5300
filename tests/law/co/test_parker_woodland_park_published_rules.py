"""Parker and Woodland Park (calendars/parker-co.toml, woodland-park-co.toml),
read 2026-12-06: each government's own statement of its regular election
(Parker: "the Tuesday following the first Monday in November of even-numbered
years"; Woodland Park: Charter Article II, Section 2.1-3, "the first Tuesday
following the first Monday in April of even numbered years"), and the petition
days they publish, the Municipal Election Code's (91st to 71st day; Woodland
Park's City Clerk at 4:30 p.m.). Neither's charter candidate rules were read
(their caveats say so).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- Parker, November 7, 2028 (November 6 the first Monday): November 7 - 7 =
  October 31 (7th day); - 31 = September 30 (38th); - 30 = August 31 (68th);
  - 3 = August 28 (71st), a Monday: petitions; circulation from August 8 (91st:
  August 28 - 20); withdrawal by the 64th day, September 4, 2028, Labor Day,
  moved to the preceding business day, Friday, September 1 (31-10-103).
  November 8, 2022: November 8 - 8 = October 31; - 31 = September 30 (39th);
  - 30 = August 31 (69th); - 2 = August 29 (71st), "on or before Monday,
  August 29, 2022", as the town published; circulation from Tuesday, August 9.
  No election in 2027 (odd year); November 3, 2026 (November 2 the first
  Monday).
- Woodland Park, April 4, 2028 (April 3 the first Monday): April 4 - 4 = March
  31; - 31 = February 29 (35th); - 29 = January 31 (64th); - 7 = January 24
  (71st), a Monday, 4:30 p.m. MST (UTC-7); circulation from January 4 (91st).
  April 3, 2018: April 3 - 3 = March 31; - 31 = February 28 (34th); - 28 =
  January 31 (62nd); - 9 = January 22 (71st), "no later than 4:30 pm on January
  22, 2018", as the city published; from January 2 (91st).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import MST, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("jid", ["parker-co", "woodland-park-co"])
def test_each_is_its_roster_row_read_over(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "read" in caveat and "confirm" in caveat


def test_parker_november_of_even_years(registry):
    jur = registry.get("parker-co")
    assert cycles(jur, date(2026, 1, 1), date(2026, 12, 31)) == [date(2026, 11, 3)]
    assert not cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    result, d = at(registry, "parker-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 11, 7)}
    assert d["petition-filing"].due.date() == date(2028, 8, 28)
    assert d["petition-circulation"].start == date(2028, 8, 8)
    assert d["withdrawal"].due.date() == date(2028, 9, 1)  # the 64th day is Labor Day


def test_parker_2022_as_published(registry):
    _, d = at(registry, "parker-co", date(2022, 11, 8), date(2022, 1, 3))
    assert d["petition-filing"].due.date() == date(2022, 8, 29)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2022, 8, 9)


def test_woodland_park_april_of_even_years_at_half_past_four(registry):
    jur = registry.get("woodland-park-co")
    assert cycles(jur, date(2028, 1, 1), date(2028, 12, 31)) == [date(2028, 4, 4)]
    result, d = at(registry, "woodland-park-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due == datetime(2028, 1, 24, 16, 30, tzinfo=MST)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert d["petition-circulation"].due == datetime(2028, 1, 24, 16, 30, tzinfo=MST)
    assert [t.min for t in d["petition-filing"].thresholds] == [25]


def test_woodland_park_2018_as_published(registry):
    _, d = at(registry, "woodland-park-co", date(2018, 4, 3), date(2017, 12, 1))
    assert d["petition-filing"].due == datetime(2018, 1, 22, 16, 30, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2018, 1, 2)
