"""Home-rule municipalities keeping the Code's candidate days (calendars/<id>-co.toml), read
2026-12-06: Central City, Cañon City, Englewood, Fountain, Castle Pines, Craig,
Cortez, Glendale, Burlington, Dacono, Golden, Greeley, Fort Morgan, Commerce
City, Gunnison, Fort Collins and Black Hawk. Each file states the election the
government holds (its own statement, its Charter for Glendale, or the
elections it held) and keeps the Colorado Municipal Election Code's candidate
days, which agree with the dates each published, except the hour where a
clerk published its own (Castle Pines and Craig 4:30 p.m., Burlington 4 p.m.,
`from_practice`) and where a city published the 91st/71st days before HB
15-1130 (Fort Morgan, Commerce City 2011, `from_practice`). Their charters' candidate sections were not read and each
caveat says so.

Worked examples, counted by hand on a calendar ("the Nth day before" election
E is E - N; the month lengths are subtracted one month at a time):

- Central City, November of even years (the Tuesday after the first Monday):
  November 8, 2022 (November 1 a Tuesday, the first Monday the 7th): November
  8 - 8 = October 31 (8th day); - 31 = September 30 (39th); - 30 = August 31
  (69th); - 2 = August 29 (71st), a Monday: "available from Tuesday, August
  9th through Monday, August 29, 2022" (August 29 - 20 = August 9, the 91st).
  Special election of April 4, 2017: April 4 - 4 = March 31 (4th); - 31 =
  February 28 (35th); - 28 = January 31 (63rd); - 8 = January 23 (71st), a
  Monday: "Monday, January 23, 2017 at 5:00 p.m." (MST). Next: November 7,
  2028 (November 6 the first Monday): - 7 = October 31 (7th); - 31 =
  September 30 (38th); - 30 = August 31 (68th); - 3 = August 28 (71st).
- Cañon City, Englewood, Fountain, Castle Pines, Craig: the first Tuesday of
  November of odd years. November 2, 2021 (November 1 a Monday): - 2 =
  October 31 (2nd); - 31 = September 30 (33rd); - 30 = August 31 (63rd); - 8
  = August 23 (71st): Cañon City "no later than 5:00 p.m. on August 23, 2021",
  Castle Pines "no later than 4:30 p.m. on August 23, 2021", Craig "no later
  than Aug. 23 at 4:30 p.m."; August 23 - 20 = August 3 (91st): "starting
  August 3, 2021", "available for circulation on Aug. 3". November 7, 2023 and
  November 7, 2017: - 7 = October 31 (7th); - 31 = September 30 (38th); - 30
  = August 31 (68th); - 3 = August 28 (71st): Cañon City "5:00 p.m. on August
  28, 2023" (from August 8, the 91st), Fountain "5:00 P.M. on ... August 28,
  2017". November 5, 2019: - 5 = October 31 (5th); - 31 = September 30
  (36th); - 30 = August 31 (66th); - 5 = August 26 (71st): Fountain "5:00 p.m.
  August 26th, 2019", Englewood "August 6, 2019" (August 26 - 20, the 91st)
  to August 26. November 4, 2025: - 4 = October 31 (4th); - 31 = September
  30 (35th); - 30 = August 31 (65th); - 6 = August 25 (71st): Castle Pines
  "by 4:30 p.m. on August 25, 2025". Next: November 2, 2027 (November 1 a
  Monday): August 23, 2027, as for 2021. November 1, 2033 is a Tuesday, the
  first Tuesday.
- Golden: November 2, 2021 as above ("due back to the City Clerk by 5 p.m. on
  Monday, Aug. 23"); November 3, 2015 (November 2 a Monday): - 3 = October 31
  (3rd); - 31 = September 30 (34th); - 30 = August 31 (64th); - 7 = August 24
  (71st), a Monday, and August 24 - 20 = August 4 (91st), a Tuesday: "beginning
  Tuesday, Aug. 4 ... by 5 p.m. on Monday, Aug. 24" (the undated page).
- Greeley: 2021 "by 5 p.m. on August 23, 2021" (as above); 2023 "until Aug.
  28" (as above).
- Fort Morgan and Commerce City, November 1, 2011 (a Tuesday): - 1 = October
  31 (1st); - 31 = September 30 (32nd); - 30 = August 31 (62nd); - 9 = August
  22 (71st), a Monday: "by 5 p.m. on Monday, Aug. 22"; August 22 - 20 =
  August 2 (91st): "available ... Tuesday, Aug. 2". Fort Morgan 2021 "before 5
  p.m. on Monday, Aug. 23" and 2023 "before 5 p.m. on Monday, Aug. 28" (as
  above).
- Gunnison, November 2, 2027: the write-in affidavit "prior to 64 days before"
  (Code 2.90.010): November 2 - 2 = October 31 (2nd); - 31 = September 30
  (33rd); - 30 = August 31 (63rd); - 1 = August 30 (64th), a Monday.
- Fort Collins: November 4, 2025 (above): "August 5-25 | Circulation dates
  for nomination petitions" (August 25, the 71st; August 5, the 91st).
  November 7, 2023 (above): petitions August 28; the write-in affidavit's 64th
  day is August 28 + 7 = September 4, Labor Day (the first Monday of
  September), so the next business day, Tuesday, September 5 (31-10-103;
  "Write-in candidates have until Sept. 5"), and the coordinated election's
  reading the Friday before, September 1.
- Black Hawk, the first Tuesday of April of even years: April 1, 1986 (a
  Tuesday; the Tuesday after the first Monday would be April 8), April 5, 2016
  (April 1 a Friday), April 3, 2018 (April 1 a Sunday), as held; April 4, 2028
  (April 1 a Saturday): petitions January 24, 2028 (as for Cortez below).
- Cortez, April of even years, the Tuesday after the first Monday (as set for
  2014): April 8, 2014 (April 7 the first Monday). Before HB 15-1130 the
  Code's last day was the 30th: April 8 - 8 = March 31 (8th); - 22 = March 9
  (30th), a Sunday, so the preceding Friday, March 7 (31-10-103): "filed
  qualifying papers Friday", March 7. April 7, 2020: - 7 = March 31 (7th); -
  31 = February 29 (38th); - 29 = January 31 (67th); - 4 = January 27 (71st):
  "due at City Hall by 5 p.m., Monday, Jan. 27, 2020". April 7, 2026 (April 6
  the first Monday): - 7 = March 31 (7th); - 31 = February 28 (38th, 2026 not
  leap); - 28 = January 31 (66th); - 5 = January 26 (71st): "due Jan. 26 by 5
  p.m."; January 26 - 20 = January 6 (91st): "starting Jan. 6". April 2, 2024
  and April 5, 2022 as held. April 1, 2036 is a Tuesday, so the Tuesday after
  the first Monday (April 7) is April 8, 2036. Next: April 1, 2028 a Saturday,
  the first Monday April 3: April 4, 2028; - 4 = March 31 (4th); - 31 =
  February 29 (35th); - 29 = January 31 (64th); - 7 = January 24 (71st).
- Glendale, Charter 3.1, "the first Tuesday in April in the even numbered
  years": April 2, 2024 (April 1 a Monday); April 1, 2008 (a Tuesday: "The
  next regular election will be held on April 1, 2008"); April 1, 2036.
- Burlington, the first Tuesday of April of even years: April 5, 2022 (April 1
  a Friday): - 5 = March 31 (5th); - 31 = February 28 (36th); - 28 = January
  31 (64th); - 7 = January 24 (71st): "by 4 p.m. Monday, Jan. 24" (MST). April
  4, 2028 (April 1 a Saturday): January 24, 2028 (71st, as for Cortez) at 4
  p.m.; withdrawal, the Code's 64th day, Monday, January 31, 2028, at City
  Hall's 4 p.m. close.
- Dacono, November of every year: November 3, 2020 (November 2 the first
  Monday): - 3 = October 31 (3rd); - 31 = September 30 (34th); - 30 = August
  31 (64th); - 7 = August 24 (71st): "Monday, August 24, 2020 before 5:00
  p.m."; November 2, 2021 (odd: the first Tuesday) as above: August 23, 2021
  (the newspaper's "Aug. 25" is the 69th day, later); November 8, 2022 (even,
  November 1 a Tuesday: the Tuesday after the first Monday, November 7); next
  after today November 2, 2027: August 23, 2027.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.law.charter_helpers import MDT, MST, at, years
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
def test_central_city_november_of_even_years(registry):
    cal = registry.get("central-city-co")
    assert years(cal, 2022) == [date(2022, 11, 8)]
    assert not years(cal, 2027)
    _, d = at(registry, "central-city-co", date(2022, 11, 8), date(2022, 6, 1))
    assert d["petition-circulation"].start == date(2022, 8, 9)
    assert d["petition-filing"].due.date() == date(2022, 8, 29)
    result, d = at(registry, "central-city-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 11, 7)}
    assert d["petition-filing"].due.date() == date(2028, 8, 28)


def test_central_city_2017_special_election_as_published(registry):
    _, d = at(registry, "central-city-co", date(2017, 4, 4), date(2017, 1, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2017, 1, 23, 17, 0, tzinfo=MST)
    assert f.basis.status == "published"


def test_canon_city_2021_and_2023_as_published(registry):
    _, d = at(registry, "canon-city-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "canon-city-co", date(2023, 11, 7), date(2023, 6, 1))
    assert d["petition-filing"].due == datetime(2023, 8, 28, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2023, 8, 8)


def test_englewood_2019_days(registry):
    _, d = at(registry, "englewood-co", date(2019, 11, 5), date(2019, 6, 1))
    assert d["petition-circulation"].start == date(2019, 8, 6)
    assert d["petition-filing"].due == datetime(2019, 8, 26, 17, 0, tzinfo=MDT)


def test_fountain_2017_and_2019_as_published(registry):
    _, d = at(registry, "fountain-co", date(2017, 11, 7), date(2017, 6, 1))
    assert d["petition-filing"].due == datetime(2017, 8, 28, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "fountain-co", date(2019, 11, 5), date(2019, 6, 1))
    assert d["petition-filing"].due == datetime(2019, 8, 26, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"


def test_castle_pines_4_30_pm_as_published(registry):
    _, d = at(registry, "castle-pines-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 16, 30, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2021, 8, 3)
    _, d = at(registry, "castle-pines-co", date(2025, 11, 4), date(2025, 6, 1))
    assert d["petition-filing"].due == datetime(2025, 8, 25, 16, 30, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "castle-pines-co", None, TODAY)
    f = d["petition-filing"]
    assert f.due == datetime(2027, 8, 23, 16, 30, tzinfo=MDT)
    assert f.basis.status == "assumed"  # the city's practice, its own law not read


def test_craig_4_30_pm_from_2021(registry):
    _, d = at(registry, "craig-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 16, 30, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2021, 8, 3)


def test_cortez_the_tuesday_after_the_first_monday_of_april(registry):
    cal = registry.get("cortez-co")
    for year, day in ((2014, 8), (2020, 7), (2022, 5), (2024, 2), (2026, 7), (2028, 4), (2036, 8)):
        assert years(cal, year) == [date(year, 4, day)]
    assert not years(cal, 2027)


def test_cortez_2014_2020_2026_as_reported(registry):
    _, d = at(registry, "cortez-co", date(2014, 4, 8), date(2014, 1, 1))
    assert d["petition-filing"].due.date() == date(2014, 3, 7)  # the 30th day, a Sunday, moved back
    _, d = at(registry, "cortez-co", date(2020, 4, 7), date(2019, 12, 1))
    assert d["petition-filing"].due == datetime(2020, 1, 27, 17, 0, tzinfo=MST)
    _, d = at(registry, "cortez-co", date(2026, 4, 7), date(2025, 12, 1))
    assert d["petition-filing"].due == datetime(2026, 1, 26, 17, 0, tzinfo=MST)
    assert d["petition-circulation"].start == date(2026, 1, 6)
    result, d = at(registry, "cortez-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)


def test_glendale_charter_3_1(registry):
    cal = registry.get("glendale-co")
    for year, day in ((2008, 1), (2020, 7), (2024, 2), (2028, 4), (2036, 1)):
        assert years(cal, year) == [date(year, 4, day)]
    assert not years(cal, 2027)
    (caveat,) = cal.caveats
    assert "1.20.030" in caveat


def test_burlington_april_4_pm(registry):
    cal = registry.get("burlington-co")
    assert years(cal, 2022) == [date(2022, 4, 5)]
    assert years(cal, 2020) == [date(2020, 4, 7)]
    assert not years(cal, 2027)
    _, d = at(registry, "burlington-co", date(2022, 4, 5), date(2021, 12, 1))
    assert d["petition-filing"].due == datetime(2022, 1, 24, 16, 0, tzinfo=MST)
    result, d = at(registry, "burlington-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    f = d["petition-filing"]
    assert f.due == datetime(2028, 1, 24, 16, 0, tzinfo=MST)
    assert f.basis.status == "assumed"
    assert d["withdrawal"].due == datetime(2028, 1, 31, 16, 0, tzinfo=MST)  # City Hall's 4 p.m. close


def test_dacono_every_november(registry):
    cal = registry.get("dacono-co")
    for y, m, dd in ((2020, 11, 3), (2021, 11, 2), (2022, 11, 8), (2027, 11, 2), (2033, 11, 1)):
        assert years(cal, y) == [date(y, m, dd)]
    _, d = at(registry, "dacono-co", date(2020, 11, 3), date(2020, 6, 1))
    assert d["petition-filing"].due == datetime(2020, 8, 24, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "dacono-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due.date() == date(2021, 8, 23)
    result, d = at(registry, "dacono-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due.date() == date(2027, 8, 23)


def test_golden_2021_as_published_and_2015(registry):
    _, d = at(registry, "golden-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "golden-co", date(2015, 11, 3), date(2015, 6, 1))
    assert d["petition-circulation"].start == date(2015, 8, 4)
    assert d["petition-filing"].due == datetime(2015, 8, 24, 17, 0, tzinfo=MDT)


def test_greeley_2021_as_published_and_2023(registry):
    _, d = at(registry, "greeley-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "greeley-co", date(2023, 11, 7), date(2023, 6, 1))
    assert d["petition-filing"].due.date() == date(2023, 8, 28)
    assert d["petition-filing"].basis.status == "published"  # calendars/facts/top50.csv


@pytest.mark.parametrize("jid", ["fort-morgan-co", "commerce-city-co"])
def test_2011_the_91st_to_the_71st_day_before_hb_15_1130(registry, jid):
    _, d = at(registry, jid, date(2011, 11, 1), date(2011, 6, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2011, 8, 22, 17, 0, tzinfo=MDT)  # not the Code's then 30th day
    # both governments' 2011 releases are recorded (calendars/facts/top50.csv), at 5 p.m.
    assert f.basis.status == "published"
    assert d["petition-circulation"].start == date(2011, 8, 2)


def test_fort_morgan_2021_2023_and_its_signatures(registry):
    _, d = at(registry, "fort-morgan-co", date(2021, 11, 2), date(2021, 6, 1))
    assert d["petition-filing"].due == datetime(2021, 8, 23, 17, 0, tzinfo=MDT)
    _, d = at(registry, "fort-morgan-co", date(2023, 11, 7), date(2023, 6, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2023, 8, 28, 17, 0, tzinfo=MDT)
    assert sorted(t.min for t in f.thresholds) == [20, 50]


def test_gunnison_elections_and_the_write_in_day(registry):
    cal = registry.get("gunnison-co")
    assert years(cal, 2021) == [date(2021, 11, 2)]
    assert years(cal, 2023) == [date(2023, 11, 7)]
    _, d = at(registry, "gunnison-co", None, TODAY)
    assert d["write-in-affidavit"].due.date() == date(2027, 8, 30)


def test_fort_collins_2023_and_2025_as_published(registry):
    _, d = at(registry, "fort-collins-co", date(2025, 11, 4), date(2025, 3, 1))
    assert d["petition-circulation"].start == date(2025, 8, 5)
    assert d["petition-filing"].due.date() == date(2025, 8, 25)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "fort-collins-co", date(2023, 11, 7), date(2023, 3, 1))
    assert d["petition-filing"].due.date() == date(2023, 8, 28)
    w = d["write-in-affidavit"]
    assert w.due.date() == date(2023, 9, 5)  # the 64th day, Labor Day, extended
    assert w.safe_due.date() == date(2023, 9, 1)  # the coordinated election's reading
    assert w.basis.status == "departs"  # the reported September 5 is later than the safe date


def test_black_hawk_april_of_even_years(registry):
    cal = registry.get("black-hawk-co")
    for year, day in ((2016, 5), (2018, 3), (2028, 4), (2036, 1)):
        assert years(cal, year) == [date(year, 4, day)]
    assert not years(cal, 2027)
    result, d = at(registry, "black-hawk-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)
