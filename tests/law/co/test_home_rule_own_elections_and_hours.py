"""Home-rule municipalities with elections or hours of their own (calendars/<id>.toml, read 2026-12-06):
Winter Park, Lafayette, Longmont, Littleton, Loveland, Sheridan, Manitou
Springs, Rifle, Lamar, Steamboat Springs, Mountain View, Sterling, Pueblo and
Louisville. Each file encodes the election the government holds and the
candidate days it has published (the Municipal Election Code's, with Lamar's
4:00 p.m. and Steamboat Springs' 5:30 p.m. as the cities' practice and
Louisville's write-in day from its code 2.16.040); their charters' candidate
sections were not read and each caveat says so.

Worked examples, counted by hand ("the Nth day before" election E is E - N;
each step names the day reached and how many days back it is):

- Winter Park, "the Tuesday after the first Monday" of April of even years:
  April 1, 2014 was a Tuesday and April 7 the first Monday, so April 8, 2014,
  the day the town held ("Tuesday, April 8, 2014"); 2036 likewise (April 1 a
  Tuesday): April 8, 2036. April 2, 2024 (April 1 a Monday): April 2 - 2 =
  March 31 (2nd); - 31 = February 29 (33rd, leap year); - 29 = January 31
  (62nd); - 9 = January 22 (71st), a Monday: "due back ... by 5 p.m. on
  January 22, 2024" (MST, UTC-7); circulation from January 22 - 20 = January
  2 (91st): "beginning January 2, 2024"; withdrawal on the 64th, January 22 +
  7 = January 29: "January 29 - Last day to amend nomination petitions or
  withdraw from nomination". April 7, 2026 (April 6 the first Monday): April 7
  - 7 = March 31 (7th); - 31 = February 28 (38th); - 28 = January 31 (66th);
  - 5 = January 26 (71st): "January 26 - Deadline to turn in completed
  nomination petitions"; circulation from January 26 - 20 = January 6 (91st):
  "January 6 - Nomination packets ... to be circulated and signed"; January 26
  + 7 = February 2 (64th): "February 2 - Last day to ... withdraw". April 5,
  2022 (April 4 the first Monday): April 5 - 5 = March 31 (5th); - 31 =
  February 28 (36th); - 28 = January 31 (64th); - 7 = January 24 (71st): "by
  5 p.m. on January 24, 2022". Next after today (December 6, 2026): April 4,
  2028 (April 3 the first Monday): April 4 - 4 = March 31 (4th); - 31 =
  February 29 (35th); - 29 = January 31 (64th); - 7 = January 24 (71st).
- November of odd years, the first Tuesday (C.R.S. 1-41-103):
  November 5, 2019: - 5 = October 31 (5th); - 31 = September 30 (36th); - 30
  = August 31 (66th); - 5 = August 26 (71st), a Monday; - 20 = August 6
  (91st). Lafayette "August 26 by 5:00pm", Loveland "August 6th and August
  26th ... at 5:00 p.m.", Sheridan "from August 6th to August 26th", Pueblo
  "Aug. 6 ... by Aug. 26".
  November 2, 2021: - 2 = October 31 (2nd); - 31 = September 30 (33rd); - 30
  = August 31 (63rd); - 8 = August 23 (71st); - 20 = August 3 (91st).
  Lafayette, Manitou Springs, Mountain View "5 p.m. on August 23", Rifle
  "Monday, August 23, 2021", Lamar "4:00 p.m. August 23, 2021" (from "August
  3, 2021"), Steamboat Springs "5:30pm on Monday, August 23, 2021" (from
  "Tuesday, August 3").
  November 7, 2023: - 7 = October 31 (7th); - 31 = September 30 (38th); - 30
  = August 31 (68th); - 3 = August 28 (71st); - 20 = August 8 (91st).
  Longmont "Aug. 8-28, 2023", Littleton "Tuesday, August 8, 2023 ... Monday,
  August 28, 2023 at 5 p.m.", Sheridan and Pueblo August 8-28, Lamar "4pm,
  Monday, August 28th", Steamboat Springs "before 5:30 p.m. on Monday, Aug.
  28"; the 64th day is August 28 + 7 = September 4, 2023, the first Monday of
  September (September 1 a Friday), Labor Day.
  November 4, 2025: - 4 = October 31 (4th); - 31 = September 30 (35th); - 30
  = August 31 (65th); - 6 = August 25 (71st); - 20 = August 5 (91st).
  Longmont "August 5, 2025 ... August 25, 2025 by 5 p.m."; the 64th day is
  August 25 + 7 = September 1, 2025, Labor Day.
  November 3, 2015: - 3 = October 31 (3rd); - 31 = September 30 (34th); - 30
  = August 31 (64th); - 7 = August 24 (71st): Lafayette "by 5:00 pm on August
  24, 2015", Longmont "Monday, August 24th". November 7, 2017: as 2023,
  August 28 (71st) and August 8 (91st): Lafayette "by August 28, 2017",
  Louisville "August 8 - August 28, 2017".
  Next after today: November 2, 2027 (November 1, 2027 a Monday: November 1,
  2026 is a Sunday and 2027 adds one weekday): as 2021, August 23, 2027
  (71st), August 3 (91st), August 30 (64th), not a holiday (Labor Day 2027 is
  September 6).
- Larkspur, the Tuesday after the first Monday of April of even years (April
  8, 2014, as held; April 3, 2018, April 2 the first Monday; April 5, 2022):
  April 3, 2018 - 3 = March 31 (3rd); - 31 = February 28 (34th); - 28 =
  January 31 (62nd); - 9 = January 22 (71st), a Monday: the town's petitions
  "ended at 4:30 p.m." (MST). Next after today: April 4, 2028, January 24
  (71st, as for Winter Park), at 4:30 p.m.
- Rifle, September 12, 2017 (entered: the second Tuesday of September, its
  election before Charter 2.3 was amended): - 12 = August 31 (12th); - 31 =
  July 31 (43rd); - 28 = July 3 (71st), a Monday: "prior to the close of
  business on Monday, July 3, 2017"; - 20 = June 13 (91st): "Tuesday, June 13,
  2017".
- Louisville's write-in affidavit, 2.16.040 with the Uniform Election Code's
  64th day moved back (1-1-106(5)): November 4, 2025: September 1 is Labor
  Day, so Friday, August 29, 2025; the Municipal Election Code branch extends
  it to Tuesday, September 2. November 7, 2023: September 4 is Labor Day, so
  Friday, September 1, 2023 (reading Tuesday, September 5). November 2, 2027:
  August 30, a Monday, both ways.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.law.charter_helpers import MDT, MST, at, safe, years
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
@pytest.mark.parametrize("jid", ["lafayette-co", "longmont-co", "littleton-co", "loveland-co", "sheridan-co",
                                 "manitou-springs-co", "mountain-view-co", "sterling-co", "pueblo-co"])
def test_2027_by_rule_the_codes_days_at_five(registry, jid):
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2027, 8, 3)
    assert d["withdrawal"].due.date() == date(2027, 8, 30)
    assert d["write-in-affidavit"].due.date() == date(2027, 8, 30)


# --------------------------------------------------------------------------- Winter Park

def test_winter_park_the_tuesday_after_the_first_monday_of_april(registry):
    cal = registry.get("winter-park-co")
    for year, day in ((2014, 8), (2022, 5), (2024, 2), (2026, 7), (2028, 4), (2036, 8)):
        assert years(cal, year) == [date(year, 4, day)]
    assert not years(cal, 2027)  # not the home-rule reading's November


def test_winter_park_2024_as_published(registry):
    _, d = at(registry, "winter-park-co", date(2024, 4, 2), date(2023, 12, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2024, 1, 22, 17, 0, tzinfo=MST)
    assert f.basis.status == "published"
    assert d["petition-circulation"].start == date(2024, 1, 2)
    w = d["withdrawal"]
    assert w.due.date() == date(2024, 1, 29)
    assert w.basis.status == "published"


def test_winter_park_2026_and_2022_as_published(registry):
    _, d = at(registry, "winter-park-co", date(2026, 4, 7), date(2025, 12, 1))
    assert d["petition-filing"].due.date() == date(2026, 1, 26)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2026, 1, 6)
    assert d["withdrawal"].due.date() == date(2026, 2, 2)
    assert d["withdrawal"].basis.status == "published"
    _, d = at(registry, "winter-park-co", date(2022, 4, 5), date(2021, 12, 1))
    assert d["petition-filing"].due == datetime(2022, 1, 24, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"


def test_winter_park_next_cycle_2028(registry):
    result, d = at(registry, "winter-park-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due == datetime(2028, 1, 24, 17, 0, tzinfo=MST)


def test_larkspur_april_of_even_years_at_half_past_four(registry):
    cal = registry.get("larkspur-co")
    for year, day in ((2014, 8), (2018, 3), (2022, 5), (2028, 4)):
        assert years(cal, year) == [date(year, 4, day)]
    _, d = at(registry, "larkspur-co", date(2018, 4, 3), date(2017, 12, 1))
    assert d["petition-filing"].due == datetime(2018, 1, 22, 16, 30, tzinfo=MST)
    result, d = at(registry, "larkspur-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    f = d["petition-filing"]
    assert f.due == datetime(2028, 1, 24, 16, 30, tzinfo=MST)
    assert f.basis.status == "assumed"  # the town's practice, its Charter not read


# --------------------------------------------------------------------------- published cycles

@pytest.mark.parametrize("jid,election,filed", [
    ("lafayette-co", date(2015, 11, 3), datetime(2015, 8, 24, 17, 0, tzinfo=MDT)),
    ("lafayette-co", date(2019, 11, 5), datetime(2019, 8, 26, 17, 0, tzinfo=MDT)),
    ("lafayette-co", date(2021, 11, 2), datetime(2021, 8, 23, 17, 0, tzinfo=MDT)),
    ("longmont-co", date(2025, 11, 4), datetime(2025, 8, 25, 17, 0, tzinfo=MDT)),
    ("littleton-co", date(2023, 11, 7), datetime(2023, 8, 28, 17, 0, tzinfo=MDT)),
    ("loveland-co", date(2019, 11, 5), datetime(2019, 8, 26, 17, 0, tzinfo=MDT)),
    ("manitou-springs-co", date(2021, 11, 2), datetime(2021, 8, 23, 17, 0, tzinfo=MDT)),
    ("mountain-view-co", date(2021, 11, 2), datetime(2021, 8, 23, 17, 0, tzinfo=MDT)),
    ("lamar-co", date(2021, 11, 2), datetime(2021, 8, 23, 16, 0, tzinfo=MDT)),
    ("steamboat-springs-co", date(2021, 11, 2), datetime(2021, 8, 23, 17, 30, tzinfo=MDT)),
])
def test_the_published_hour_and_day_are_reproduced(registry, jid, election, filed):
    _, d = at(registry, jid, election, date(election.year, 6, 1))
    f = d["petition-filing"]
    assert f.due == filed
    assert f.basis.status == "published"


@pytest.mark.parametrize("jid,election,filed", [
    ("lafayette-co", date(2017, 11, 7), date(2017, 8, 28)),
    ("longmont-co", date(2015, 11, 3), date(2015, 8, 24)),
    ("longmont-co", date(2023, 11, 7), date(2023, 8, 28)),
    ("rifle-co", date(2021, 11, 2), date(2021, 8, 23)),
    ("louisville-co", date(2017, 11, 7), date(2017, 8, 28)),
])
def test_the_published_day_is_reproduced(registry, jid, election, filed):
    _, d = at(registry, jid, election, date(election.year, 6, 1))
    assert d["petition-filing"].due.date() == filed
    assert d["petition-filing"].basis.status == "published"


@pytest.mark.parametrize("jid,election,start", [
    ("longmont-co", date(2025, 11, 4), date(2025, 8, 5)),
    ("littleton-co", date(2023, 11, 7), date(2023, 8, 8)),
    ("loveland-co", date(2019, 11, 5), date(2019, 8, 6)),
    ("sheridan-co", date(2019, 11, 5), date(2019, 8, 6)),
    ("sheridan-co", date(2023, 11, 7), date(2023, 8, 8)),
    ("pueblo-co", date(2019, 11, 5), date(2019, 8, 6)),
    ("pueblo-co", date(2023, 11, 7), date(2023, 8, 8)),
    ("manitou-springs-co", date(2021, 11, 2), date(2021, 8, 3)),
    ("lamar-co", date(2021, 11, 2), date(2021, 8, 3)),
    ("steamboat-springs-co", date(2021, 11, 2), date(2021, 8, 3)),
    ("louisville-co", date(2017, 11, 7), date(2017, 8, 8)),
])
def test_the_published_first_day_of_circulation(registry, jid, election, start):
    _, d = at(registry, jid, election, date(election.year, 6, 1))
    assert d["petition-circulation"].start == start


def test_lamar_and_steamboat_springs_2023_at_their_own_hours(registry):
    _, d = at(registry, "lamar-co", date(2023, 11, 7), date(2023, 6, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2023, 8, 28, 16, 0, tzinfo=MDT)
    assert f.basis.status == "assumed"  # the city's practice, its own law not read
    assert [t.min for t in f.thresholds] == [25, 50]
    _, d = at(registry, "steamboat-springs-co", date(2023, 11, 7), date(2023, 6, 1))
    assert d["petition-filing"].due == datetime(2023, 8, 28, 17, 30, tzinfo=MDT)
    assert d["petition-circulation"].due == datetime(2023, 8, 28, 17, 30, tzinfo=MDT)


def test_rifle_september_2017_entered(registry):
    _, d = at(registry, "rifle-co", date(2017, 9, 12), date(2017, 5, 1))
    assert d["petition-filing"].due.date() == date(2017, 7, 3)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2017, 6, 13)


# --------------------------------------------------------------------------- Louisville's write-in day

def test_louisville_write_in_before_labor_day_2025(registry):
    _, d = at(registry, "louisville-co", date(2025, 11, 4), date(2025, 6, 1))
    w = d["write-in-affidavit"]
    assert w.due.date() == date(2025, 8, 29)
    assert safe(w).date() == date(2025, 8, 29)
    assert date(2025, 9, 2) in [r.due.date() for r in w.readings]
    assert d["withdrawal"].due.date() == date(2025, 8, 29)  # the Code's 64th, Labor Day, moved back


def test_louisville_write_in_2023_and_2027(registry):
    _, d = at(registry, "louisville-co", date(2023, 11, 7), date(2023, 6, 1))
    w = d["write-in-affidavit"]
    assert w.due.date() == date(2023, 9, 1)
    assert date(2023, 9, 5) in [r.due.date() for r in w.readings]
    _, d = at(registry, "louisville-co", None, TODAY)
    assert d["write-in-affidavit"].due.date() == date(2027, 8, 30)
