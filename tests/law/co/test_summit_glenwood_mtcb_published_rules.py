"""Frisco, Dillon, Silverthorne, Mt. Crested Butte (April of even years) and
Glenwood Springs (April of odd years), read 2026-12-06: elections the home-rule
reading placed in November of odd years, with the Municipal Election Code's
petition days, which each keeps (their charters' words not read; their caveats
say so and what the election day rests on).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- April 4, 2028 (April 1, 2028 is a Saturday): April 4 - 4 = March 31 (4th
  day); - 31 = February 29 (35th, a leap year); - 29 = January 31 (64th); - 7
  = January 24 (71st), a Monday: petitions; circulation from January 4 (91st);
  withdrawal and write-in by the 64th day, Monday, January 31, 2028. April 7,
  2020: April 7 - 7 = March 31; - 31 = February 29 (38th); - 29 = January 31
  (67th); - 4 = January 27 (71st), "due back ... by 5 p.m. Jan. 27" (Summit
  Daily). April 5, 2022: April 5 - 5 = March 31; - 31 = February 28 (36th); -
  28 = January 31 (64th); - 7 = January 24 (71st), "no later than 5 pm on
  January 24, 2022" (Mt. Crested Butte's Town Clerk).
- Glenwood Springs, April 6, 2027 (April 1, 2027 is a Thursday): April 6 - 6 =
  March 31; - 31 = February 28 (37th); - 28 = January 31 (65th); - 6 = January
  25 (71st), a Monday; circulation from January 5 (91st). April 4, 2023: April
  4 - 4 = March 31; - 31 = February 28 (35th); - 28 = January 31 (63rd); - 8 =
  January 23 (71st), "Jan. 23 The last day a nomination petition can be
  circulated". No election in 2028 (even year).
"""
from __future__ import annotations

from datetime import date

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
APRIL_EVEN = ("frisco-co", "dillon-co", "silverthorne-co", "mt-crested-butte-co")


@pytest.mark.parametrize("jid", (*APRIL_EVEN, "glenwood-springs-co"))
def test_each_is_its_roster_row_read_over(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not read" in caveat and "confirm" in caveat


@pytest.mark.parametrize("jid", APRIL_EVEN)
def test_april_of_even_years(registry, jid):
    jur = registry.get(jid)
    assert cycles(jur, date(2020, 1, 1), date(2020, 12, 31)) == [date(2020, 4, 7)]
    assert not cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert d["withdrawal"].due.date() == date(2028, 1, 31)
    _, d = at(registry, jid, date(2020, 4, 7), date(2019, 11, 1))
    assert d["petition-filing"].due.date() == date(2020, 1, 27)
    _, d = at(registry, jid, date(2022, 4, 5), date(2021, 11, 1))
    assert d["petition-filing"].due.date() == date(2022, 1, 24)


def test_glenwood_springs_april_of_odd_years(registry):
    jur = registry.get("glenwood-springs-co")
    assert cycles(jur, date(2023, 1, 1), date(2023, 12, 31)) == [date(2023, 4, 4)]
    assert not cycles(jur, date(2028, 1, 1), date(2028, 12, 31))
    result, d = at(registry, "glenwood-springs-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 4, 6)}
    assert d["petition-filing"].due.date() == date(2027, 1, 25)
    assert d["petition-circulation"].start == date(2027, 1, 5)
    _, d = at(registry, "glenwood-springs-co", date(2023, 4, 4), date(2022, 11, 1))
    assert d["petition-filing"].due.date() == date(2023, 1, 23)
