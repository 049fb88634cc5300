"""Johnstown, Eagle, Gypsum, New Castle and Silt (calendars/<id>-co.toml), read
2026-12-06: home-rule towns whose regular election is in April of even years
(the day each town published or held), not the Municipal Election Code's
default November of odd years; their candidate days are the Code's, which
agree with the deadlines they published. Their charters were not read and
their caveats say so.

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- Johnstown, "the 1st Tuesday in April of even-numbered years": April 1, 2024
  was a Monday, so April 2, 2024 (as the town held it); April 1, 2026 a
  Wednesday, so April 7, 2026 ("Next Municipal Election APRIL 7, 2026"); April
  1, 2036 a Tuesday, so April 1, 2036 (not April 8, which "the Tuesday after
  the first Monday" would give). Next after today: April 1, 2028 is a
  Saturday, so April 4, 2028: April 4 - 4 = March 31 (4th day); - 31 =
  February 29 (35th, leap year); - 29 = January 31 (64th); - 7 = January 24
  (71st), a Monday: the Code's last day to file petitions; circulation from
  January 24 - 20 = January 4, 2028 (91st); withdrawal on the 64th, Monday,
  January 31, 2028.
- Eagle and Gypsum, April 3, 2018 (April 1 a Sunday): April 3 - 3 = March 31
  (3rd); - 31 = February 28 (34th); - 28 = January 31 (62nd); - 9 = January 22
  (71st), a Monday: "by 5 p.m. Monday" (Vail Daily), the day and hour shown
  (the Code's day; the office's 5 p.m.). April 7, 2020 (April 1 a
  Wednesday): April 7 - 7 = March 31 (7th); - 31 = February 29 (38th); - 29 =
  January 31 (67th); - 4 = January 27 (71st), a Monday: "Monday was the
  deadline" (Vail Daily, January 29, 2020, a Wednesday).
- New Castle and Silt, April 3, 2018: January 22 (as above), "by the close of
  business on Jan. 22" (Post Independent).
- Pagosa Springs, April 3, 2012 (April 1 a Sunday), before HB 15-1130 (the
  Code's 50th and 30th days): April 3 - 3 = March 31 (3rd); - 31 = February 29
  (34th, leap year); - 16 = February 13 (50th), a Monday: "cannot be circulated
  prior to Monday, Feb. 13"; the 30th day is March 31 - 27 = March 4, a Sunday,
  so the preceding Friday, March 2 (31-10-103): "by 5 p.m. Friday, March 2".
  April 7, 2020: January 27 (71st, as for Eagle) and January 27 - 20 = January
  7 (91st): "on Jan. 7, 2020, and have until Jan. 27, 2020".
- Basalt and Fruita, April 5, 2022 (April 1 a Friday): April 5 - 5 = March 31
  (5th); - 31 = February 28 (36th); - 28 = January 31 (64th): Basalt's write-in
  affidavit "by 5 p.m. Jan. 31" (31-10-306's 64th day); - 7 = January 24
  (71st), a Monday: Fruita's "filed with the clerk by Jan. 24", Basalt's
  "Monday's 5 p.m. deadline". Basalt, April 7, 2020: January 27 (as for
  Eagle), "by 5 p.m. Monday".
- Delta, April of even years, petitions from the 91st to 4:30 p.m. on the
  71st day (the City Clerk, 2022): April 5, 2022: January 24 (71st, as for
  Fruita) and January 24 - 20 = January 4 (91st), as published. April 2, 2030
  (April 1 a Monday; 2030 not a leap year): April 2 - 2 = March 31 (2nd); - 31
  = February 28 (33rd); - 28 = January 31 (61st); - 10 = January 21 (71st), a
  Monday and the third Monday of January (January 1, 2030 a Tuesday: Mondays
  7, 14, 21), Martin Luther King Jr. Day: petitions by 4:30 p.m. MST on the
  preceding business day, Friday, January 18, 2030 (31-10-103).
- Snowmass Village, the November election of even years (the Tuesday after
  the first Monday): November 3, 2020 (November 2 the first Monday): November 3
  - 3 = October 31 (3rd); - 31 = September 30 (34th); - 30 = August 31
  (64th); - 7 = August 24 (71st): "Nominating petitions were submitted Aug.
  24". November 7, 2028 (November 6 the first Monday): - 7 = October 31
  (7th); - 31 = September 30 (38th); - 30 = August 31 (68th); - 3 = August 28
  (71st), a Monday.
- Lone Tree, the first Tuesday of May of even years: May 7, 2024 (May 1 a
  Wednesday), May 3, 2022 (May 1 a Sunday), May 6, 2014 (May 1 a Thursday), as
  held; May 1, 2018 (a Tuesday). Next: May 2, 2028 (May 1 a Monday): May 2 - 2
  = April 30 (2nd); - 30 = March 31 (32nd); - 31 = February 29 (63rd); - 8 =
  February 21 (71st), a Monday and the third Monday of February (February 1,
  2028 a Tuesday: Mondays 7, 14, 21), Washington-Lincoln Day, a Colorado legal
  holiday: the petitions are due the preceding business day, Friday, February
  18, 2028 (31-10-103).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import MST, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
TOWNS = ["johnstown-co", "eagle-co", "gypsum-co", "new-castle-co", "silt-co", "pagosa-springs-co", "basalt-co", "fruita-co", "delta-co"]


@pytest.mark.parametrize("jid", TOWNS)
def test_each_is_its_roster_row_read_over_with_an_april_election(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not read" in caveat and "confirm" in caveat
    found = cycles(registry.get(jid), date(2028, 1, 1), date(2028, 12, 31))
    assert found == [date(2028, 4, 4)]
    assert not cycles(registry.get(jid), date(2027, 1, 1), date(2027, 12, 31))  # even years only


@pytest.mark.parametrize("jid", TOWNS)
def test_the_first_tuesday_of_april(registry, jid):
    cal = registry.get(jid)
    assert cycles(cal, date(2024, 1, 1), date(2024, 12, 31)) == [date(2024, 4, 2)]
    assert cycles(cal, date(2026, 1, 1), date(2026, 12, 31)) == [date(2026, 4, 7)]
    assert cycles(cal, date(2036, 1, 1), date(2036, 12, 31)) == [date(2036, 4, 1)]


def test_johnstown_2028_the_municipal_election_code(registry):
    result, d = at(registry, "johnstown-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert d["withdrawal"].due.date() == date(2028, 1, 31)


@pytest.mark.parametrize("jid", ["eagle-co", "gypsum-co"])
def test_eagle_and_gypsum_2018_and_2020_as_published(registry, jid):
    _, d = at(registry, jid, date(2018, 4, 3), date(2017, 12, 1))
    assert d["petition-filing"].due == datetime(2018, 1, 22, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, jid, date(2020, 4, 7), date(2019, 12, 1))
    assert d["petition-filing"].due.date() == date(2020, 1, 27)
    assert d["petition-filing"].basis.status == "published"


@pytest.mark.parametrize("jid", ["new-castle-co", "silt-co"])
def test_new_castle_and_silt_2018_as_published(registry, jid):
    _, d = at(registry, jid, date(2018, 4, 3), date(2017, 12, 1))
    assert d["petition-filing"].due.date() == date(2018, 1, 22)
    assert d["petition-filing"].basis.status == "published"


def test_pagosa_springs_2012_and_2020_as_published(registry):
    _, d = at(registry, "pagosa-springs-co", date(2012, 4, 3), date(2012, 1, 1))
    assert d["petition-circulation"].start == date(2012, 2, 13)
    assert d["petition-filing"].due == datetime(2012, 3, 2, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "pagosa-springs-co", date(2020, 4, 7), date(2019, 12, 1))
    assert d["petition-circulation"].start == date(2020, 1, 7)
    assert d["petition-filing"].due.date() == date(2020, 1, 27)
    assert d["petition-filing"].basis.status == "published"


def test_lone_tree_the_first_tuesday_of_may(registry):
    assert_read_over(registry, "lone-tree-co")
    cal = registry.get("lone-tree-co")
    (caveat,) = cal.caveats
    assert "not read" in caveat and "confirm" in caveat
    for year, day in ((2014, 6), (2018, 1), (2022, 3), (2024, 7), (2028, 2)):
        assert cycles(cal, date(year, 1, 1), date(year, 12, 31)) == [date(year, 5, day)]
    assert not cycles(cal, date(2027, 1, 1), date(2027, 12, 31))


def test_lone_tree_2028_washington_lincoln_day(registry):
    result, d = at(registry, "lone-tree-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 5, 2)}
    assert d["petition-filing"].due.date() == date(2028, 2, 18)  # the 71st day, Feb. 21, a legal holiday


def test_basalt_2020_and_2022_as_published(registry):
    _, d = at(registry, "basalt-co", date(2020, 4, 7), date(2019, 12, 1))
    assert d["petition-filing"].due == datetime(2020, 1, 27, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    _, d = at(registry, "basalt-co", date(2022, 4, 5), date(2021, 12, 1))
    assert d["petition-filing"].due.date() == date(2022, 1, 24)
    w = d["write-in-affidavit"]
    assert w.due == datetime(2022, 1, 31, 17, 0, tzinfo=MST)
    assert w.basis.status == "published"


def test_fruita_2022_as_published(registry):
    _, d = at(registry, "fruita-co", date(2022, 4, 5), date(2021, 12, 1))
    assert d["petition-filing"].due.date() == date(2022, 1, 24)
    assert d["petition-filing"].basis.status == "published"


def test_snowmass_village_november_of_even_years(registry):
    assert_read_over(registry, "snowmass-village-co")
    cal = registry.get("snowmass-village-co")
    (caveat,) = cal.caveats
    assert "not read" in caveat and "confirm" in caveat
    assert cycles(cal, date(2028, 1, 1), date(2028, 12, 31)) == [date(2028, 11, 7)]
    assert not cycles(cal, date(2027, 1, 1), date(2027, 12, 31))
    result, d = at(registry, "snowmass-village-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 11, 7)}
    assert d["petition-filing"].due.date() == date(2028, 8, 28)
    _, d = at(registry, "snowmass-village-co", date(2020, 11, 3), date(2020, 6, 1))
    assert d["petition-filing"].due.date() == date(2020, 8, 24)
    assert d["petition-filing"].basis.status == "published"


def test_delta_2022_as_published_and_2030_before_mlk_day(registry):
    _, d = at(registry, "delta-co", date(2022, 4, 5), date(2021, 12, 1))
    assert d["petition-filing"].due == datetime(2022, 1, 24, 16, 30, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    assert d["petition-circulation"].start == date(2022, 1, 4)
    _, d = at(registry, "delta-co", date(2030, 4, 2), date(2029, 12, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2030, 1, 18, 16, 30, tzinfo=MST)
    assert f.basis.status == "assumed"  # the city's practice, its own law not read
    assert d["withdrawal"].due.date() == date(2030, 1, 28)  # the Code's 64th: January 21 + 7
