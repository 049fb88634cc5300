"""Colorado home-rule files of the eighth batch (calendars/<id>.toml, read
2026-12-06): Evans, Timnath and Cedaredge, which elect in April of even years
(the home-rule reading gave them November of odd years), and Monte Vista, which
states the November election of odd years. Each keeps the Municipal Election
Code's candidate days, which agree with the days published or reported for
them (none was found for Cedaredge); their charters were not read and each caveat says so.

Worked examples, counted by hand ("the Nth day before" election E is E - N;
each step names the day reached and how many days back it is):

- The first Tuesday of April: April 1 was a Sunday in 2018 (April 3), a
  Wednesday in 2020 (April 7), a Friday in 2022 (April 5), a Monday in 2024
  (April 2), a Wednesday in 2026 (April 7), a Saturday in 2028 (April 4) and
  a Monday in 2030 (April 2); in 2036 it is a Tuesday, so the first Tuesday
  is April 1, 2036 (the Tuesday after the first Monday would be April 8: the
  files say which they encode, and why).
- Evans, April 7, 2020: - 7 = March 31 (7th); - 31 = February 29 (38th, a
  leap year); - 29 = January 31 (67th); - 4 = January 27 (71st), a Monday:
  "after the passing of Monday's deadline to file" (Greeley Tribune,
  Wednesday January 29, 2020); January 27 - 20 = January 7 (91st); January 27
  + 7 = February 3 (64th), a Monday, for withdrawal and write-in affidavits.
  Cedaredge, the same election (April 7, 2020, held): the same days, the
  Code's, to which its 2018 emergency ordinance conformed its code.
- Next after today (December 6, 2026) for Evans, Timnath and Cedaredge: April
  4, 2028:
  - 4 = March 31 (4th); - 31 = February 29 (35th); - 29 = January 31 (64th),
  the withdrawal day, a Monday; - 7 = January 24 (71st), a Monday; January 24
  - 20 = January 4 (91st). MST (UTC-7) in January.
- April 2, 2030: - 2 = March 31 (2nd); - 31 = February 28 (33rd); - 28 =
  January 31 (61st); - 10 = January 21 (71st), the third Monday of January
  (January 7, 14, 21): Martin Luther King Jr. Day, so C.R.S. 31-10-103 moves
  the filing deadline to the preceding business day, Friday January 18, 2030
  (Saturday 19 and Sunday 20 skipped).
- Timnath, April 3, 2018: - 3 = March 31 (3rd); - 31 = February 28 (34th);
  - 28 = January 31 (62nd); - 9 = January 22 (71st), a Monday: "must be
  returned to the Town Clerk by January 22, 2018"; January 22 - 20 = January
  2 (91st): "may be circulated starting January 2" (the town's page; its
  "2014" is a slip for 2018). April 2, 2024: - 2 = March 31 (2nd); - 31 =
  February 29 (33rd); - 29 = January 31 (62nd); - 9 = January 22 (71st).
- Monte Vista, November 2, 2021: - 2 = October 31 (2nd); - 31 = September 30
  (33rd); - 30 = August 31 (63rd); - 8 = August 23 (71st); August 23 - 20 =
  August 3 (91st): "Nomination petitions may be circulated and signed
  starting Aug. 3." (the city's announcement). Its 2027 days are checked with
  the other Code-day cities in test_home_rule_files_read_over.py.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.law.charter_helpers import MDT, MST, at, safe, years
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
APRIL_EVEN = ["evans-co", "timnath-co", "cedaredge-co"]


@pytest.mark.parametrize("jid", APRIL_EVEN)
def test_the_first_tuesday_of_april_of_even_years_not_november(registry, jid):
    cal = registry.get(jid)
    for year, day in ((2018, 3), (2020, 7), (2022, 5), (2024, 2), (2026, 7), (2028, 4), (2036, 1)):
        assert years(cal, year) == [date(year, 4, day)]
    for odd in (2021, 2023, 2025, 2027):
        assert not years(cal, odd)


@pytest.mark.parametrize("jid", APRIL_EVEN)
def test_next_cycle_april_4_2028_the_codes_days(registry, jid):
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due == datetime(2028, 1, 24, 17, 0, tzinfo=MST)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert safe(d["withdrawal"]).date() == date(2028, 1, 31)


@pytest.mark.parametrize("jid", ["evans-co", "cedaredge-co"])
def test_april_7_2020_monday_january_27(registry, jid):
    _, d = at(registry, jid, date(2020, 4, 7), date(2020, 1, 1))
    assert d["petition-filing"].due.date() == date(2020, 1, 27)
    assert d["petition-circulation"].start == date(2020, 1, 7)
    assert safe(d["withdrawal"]).date() == date(2020, 2, 3)


def test_evans_2030_martin_luther_king_day_moves_filing_back(registry):
    _, d = at(registry, "evans-co", date(2030, 4, 2), date(2029, 12, 1))
    assert safe(d["petition-filing"]).date() == date(2030, 1, 18)


def test_timnath_2018_as_the_town_published_it(registry):
    _, d = at(registry, "timnath-co", date(2018, 4, 3), date(2017, 12, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2018, 1, 22, 17, 0, tzinfo=MST)
    assert f.basis.status == "published"  # the town's 2018 day, in co.csv
    assert d["petition-circulation"].start == date(2018, 1, 2)
    _, d = at(registry, "timnath-co", date(2024, 4, 2), date(2023, 12, 1))
    assert d["petition-filing"].due.date() == date(2024, 1, 22)


def test_monte_vista_2021_from_august_3(registry):
    _, d = at(registry, "monte-vista-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-circulation"].start == date(2021, 8, 3)
    assert d["petition-filing"].due == datetime(2021, 8, 23, 17, 0, tzinfo=MDT)


@pytest.mark.parametrize("jid,office", [
    ("evans-co", "1100 37th Street"),
    ("timnath-co", "4800 Goodman Street"),
    ("monte-vista-co", "95 W. 1st Ave."),
    ("cedaredge-co", "235 W Main Street"),
])
def test_each_caveat_names_the_office_to_confirm_with(registry, jid, office):
    (caveat,) = registry.get(jid).caveats
    assert office in caveat and "not read" in caveat
