"""Breckenridge, Carbondale and Hayden (calendars/<id>.toml), read 2026-12-06:
elections the home-rule reading placed in November of odd years -
Breckenridge and Carbondale in April of even years, Hayden with the November
coordinated election of even years - and the Municipal Election Code's petition
days, which each publishes (Hayden: 25 signers for council, 30 for mayor).
Their charters' election sections were not read (their caveats say so).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- April 4, 2028 (April 1, 2028 is a Saturday, so the first Tuesday is April
  4): April 4 - 4 = March 31 (4th day); - 31 = February 29 (35th, a leap
  year); - 29 = January 31 (64th); - 7 = January 24 (71st), a Monday:
  petitions; circulation from January 4 (91st); withdrawal and write-in by the
  64th day, Monday, January 31, 2028. April 2, 2024: April 2 - 2 = March 31; -
  31 = February 29 (33rd); - 29 = January 31 (62nd); - 9 = January 22 (71st).
- Hayden, November 7, 2028 (November 6 the first Monday): November 7 - 7 =
  October 31; - 31 = September 30 (38th); - 30 = August 31 (68th); - 3 = August
  28 (71st); circulation from August 8 (91st). November 6, 2018: November 6 - 6
  = October 31; - 31 = September 30 (37th); - 30 = August 31 (67th); - 4 =
  August 27 (71st), "Deadline to submit Monday, August 27, 2018", as the town
  published.
"""
from __future__ import annotations

from datetime import date

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("jid", ["breckenridge-co", "carbondale-co", "hayden-co"])
def test_each_is_its_roster_row_read_over(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not having been read" in caveat or "not read" in caveat
    assert "confirm" in caveat
    assert not cycles(registry.get(jid), date(2027, 1, 1), date(2027, 12, 31))  # no odd-year election


@pytest.mark.parametrize("jid", ["breckenridge-co", "carbondale-co"])
def test_april_of_even_years(registry, jid):
    assert cycles(registry.get(jid), date(2024, 1, 1), date(2024, 12, 31)) == [date(2024, 4, 2)]
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert d["withdrawal"].due.date() == date(2028, 1, 31)
    _, d = at(registry, jid, date(2024, 4, 2), date(2023, 11, 1))
    assert d["petition-filing"].due.date() == date(2024, 1, 22)


def test_hayden_november_of_even_years(registry):
    result, d = at(registry, "hayden-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 11, 7)}
    f = d["petition-filing"]
    assert f.due.date() == date(2028, 8, 28)
    assert [t.min for t in f.thresholds] == [25, 30]
    assert d["petition-circulation"].start == date(2028, 8, 8)
    _, d = at(registry, "hayden-co", date(2018, 11, 6), date(2018, 1, 2))
    assert d["petition-filing"].due.date() == date(2018, 8, 27)
    assert d["petition-filing"].basis.status == "published"
