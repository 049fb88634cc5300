"""Colorado home-rule files of the seventh batch (calendars/<id>.toml, read
2026-12-06): Crested Butte, Greenwood Village, Telluride, La Junta and
Alamosa. Each encodes the election the government states or holds and the
petition days reported for it; their charters' candidate sections were not
read and each caveat says so.

Worked examples, counted by hand ("the Nth day before" election E is E - N;
each step names the day reached and how many days back it is):

- Crested Butte, the 67th day at 5 p.m. (2023 and 2025 as reported), with
  C.R.S. 1-4-805's 71st beside it as the safe date.
  November 7, 2023: - 7 = October 31 (7th); - 31 = September 30 (38th); - 29
  = September 1 (67th), a Friday: "by 5 p.m. on September 1"; September 1 - 4
  = August 28 (71st), a Monday, the safe date; August 28 - 20 = August 8
  (91st), the first circulation day (the Code's).
  November 4, 2025: - 4 = October 31 (4th); - 31 = September 30 (35th); - 30
  = August 31 (65th); - 2 = August 29 (67th), a Friday: "before 5 p.m. on
  Friday, August 29"; August 29 - 4 = August 25 (71st); August 25 - 20 =
  August 5 (91st).
  Next after today (December 6, 2026): November 2, 2027: - 2 = October 31
  (2nd); - 31 = September 30 (33rd); - 30 = August 31 (63rd); - 4 = August 27
  (67th), a Friday; August 23 (71st), a Monday, the safe date; August 3
  (91st). MDT (UTC-6) in August.
- Alamosa, the 91st to the 75th day at 5 p.m. (the city's announcement for
  November 7, 2017): November 7, 2017 - 7 = October 31 (7th); - 31 =
  September 30 (38th); - 30 = August 31 (68th); - 7 = August 24 (75th), a
  Thursday: "no later than 5 p.m. on August 24"; August 24 - 16 = August 8
  (91st): "from August 8". November 2, 2027: August 23 (71st, as above) - 4
  = August 19 (75th), a Thursday; August 3 (91st).
- Telluride, "the first Tuesday following the first Monday in November" of
  odd years: November 5, 2019 (November 4 the first Monday); - 5 = October 31
  (5th); - 31 = September 30 (36th); - 30 = August 31 (66th); - 5 = August 26
  (71st), a Monday: "by Monday's 5 p.m. deadline" (the Daily Planet, August
  28, 2019). November 2, 2021; November 7, 2023; November 2, 2027 (November 1
  the first Monday). November 1, 2033 is a Tuesday, so the first Monday is
  November 7 and the town's day November 8, 2033 (the reading's first Tuesday
  would be November 1).
- Greenwood Village, November 2, 2021: - 2 = October 31 (2nd); - 31 =
  September 30 (33rd); - 30 = August 31 (63rd); - 8 = August 23 (71st), a
  Monday: "until 5:00 p.m. on Monday, August 23" (The Villager).
- La Junta, November 3, 2015: - 3 = October 31 (3rd); - 31 = September 30
  (34th); - 30 = August 31 (64th); - 7 = August 24 (71st), a Monday: "due by
  5 p.m. on Aug. 24" (the Tribune-Democrat).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.law.charter_helpers import MDT, at, safe, years
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("election,filed,safe_day,start", [
    (date(2023, 11, 7), date(2023, 9, 1), date(2023, 8, 28), date(2023, 8, 8)),
    (date(2025, 11, 4), date(2025, 8, 29), date(2025, 8, 25), date(2025, 8, 5)),
])
def test_crested_butte_the_67th_day_as_reported(registry, election, filed, safe_day, start):
    _, d = at(registry, "crested-butte-co", election, date(election.year, 6, 1))
    f = d["petition-filing"]
    assert f.due == datetime(filed.year, filed.month, filed.day, 17, 0, tzinfo=MDT)
    assert safe(f).date() == safe_day
    assert d["petition-circulation"].start == start
    assert safe(d["petition-circulation"]).date() == safe_day


def test_crested_butte_next_cycle_2027(registry):
    result, d = at(registry, "crested-butte-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due == datetime(2027, 8, 27, 17, 0, tzinfo=MDT)
    assert safe(d["petition-filing"]).date() == date(2027, 8, 23)


def test_alamosa_2017_as_announced_and_2027(registry):
    _, d = at(registry, "alamosa-co", date(2017, 11, 7), date(2017, 6, 1))
    assert d["petition-filing"].due == datetime(2017, 8, 24, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"  # the city's 2017 day, in co.csv
    assert d["petition-circulation"].start == date(2017, 8, 8)
    result, d = at(registry, "alamosa-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due == datetime(2027, 8, 19, 17, 0, tzinfo=MDT)
    assert safe(d["petition-filing"]).date() == date(2027, 8, 19)  # the 71st is later, not the safe date
    assert d["petition-circulation"].start == date(2027, 8, 3)


def test_telluride_the_tuesday_after_the_first_monday_of_november(registry):
    cal = registry.get("telluride-co")
    for year, day in ((2019, 5), (2021, 2), (2023, 7), (2027, 2), (2033, 8)):
        assert years(cal, year) == [date(year, 11, day)]
    assert not years(cal, 2028)
    _, d = at(registry, "telluride-co", date(2019, 11, 5), date(2019, 6, 1))
    assert d["petition-filing"].due.date() == date(2019, 8, 26)


@pytest.mark.parametrize("jid,election,filed", [
    ("greenwood-village-co", date(2021, 11, 2), date(2021, 8, 23)),
    ("la-junta-co", date(2015, 11, 3), date(2015, 8, 24)),
])
def test_the_reported_day_is_reproduced(registry, jid, election, filed):
    _, d = at(registry, jid, election, date(election.year, 6, 1))
    assert d["petition-filing"].due == datetime(filed.year, filed.month, filed.day, 17, 0, tzinfo=MDT)
