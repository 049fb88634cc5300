"""Durango (calendars/durango-co.toml), read 2026-12-06: the regular election
"on the first Tuesday in April of odd-numbered years" and the candidate days
the city and its City Clerk have published every cycle since 2017 (its Charter,
Article VI, not read): petitions circulated from the 76th day and filed by the
56th day before the election (4:00 p.m. in 2017, 3 p.m. since 2021), withdrawal
by the 53rd day (as reported for 2021); the write-in affidavit is the Municipal
Election Code's 64th day.

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- April 4, 2017 (April 1, 2017 was a Saturday): April 4 - 4 = March 31 (4th
  day); - 31 = February 28 (35th); - 21 = February 7 (56th), a Tuesday; - 7 =
  January 31 (63rd); - 13 = January 18 (76th), a Wednesday: "Nomination
  petitions may be circulated beginning Wednesday, January 18, 2017. Petitions
  must be returned to the City Clerk by 4:00 p.m. on Tuesday, February 7, 2017"
  (the city), 4:00 p.m. MST (UTC-7); the city's date, so `published`.
- April 4, 2023 (April 1, 2023 was a Saturday): the same counts: circulation
  from Wednesday, January 18, filing by 3 p.m. on Tuesday, February 7, 2023, as
  the city's News Flash of January 23, 2023 says (`published`); withdrawal by
  the 53rd day, February 7 + 3 = Friday, February 10, 2023.
- April 6, 2021: April 6 - 6 = March 31 (6th); - 31 = February 28 (37th); - 19
  = February 9 (56th), 3 p.m., as the City Clerk gave it; withdrawal February 12
  (53rd), as reported.
- April 6, 2027 (April 1, 2027 is a Thursday): February 9, 2027 (56th, as for
  2021), 3 p.m. MST; circulation from January 20, 2027 (76th: February 9 - 20),
  a Wednesday; withdrawal Friday, February 12, 2027; the Municipal Election
  Code's write-in day, the 64th, February 9 - 8 = Monday, February 1, 2027.
- April 1, 2025: April 1 - 1 = March 31 (1st); - 31 = February 28 (32nd); - 24
  = February 4 (56th), "until 3 p.m. Feb. 4" (Durango Herald).
"""
from __future__ import annotations

from datetime import date, datetime

from deadlines.service import cycles
from tests.law.charter_helpers import MST, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

JID = "durango-co"


def test_durango_is_its_roster_row_read_over_and_says_what_was_not_read(registry):
    assert_read_over(registry, JID)
    (caveat,) = registry.get(JID).caveats
    assert "Article VI" in caveat and "confirm" in caveat
    found = cycles(registry.get(JID), date(2027, 1, 1), date(2027, 12, 31))
    assert date(2027, 4, 6) in found and not any(c.month == 11 for c in found)


def test_durango_2017_as_the_city_published_it(registry):
    _, d = at(registry, JID, date(2017, 4, 4), date(2016, 12, 1))
    assert d["petition-circulation"].start == date(2017, 1, 18)
    f = d["petition-filing"]
    assert f.due == datetime(2017, 2, 7, 16, 0, tzinfo=MST)
    assert f.basis.status == "published"
    assert [t.min for t in f.thresholds] == [25]


def test_durango_2023_as_the_city_published_it(registry):
    _, d = at(registry, JID, date(2023, 4, 4), date(2022, 12, 1))
    assert d["petition-circulation"].start == date(2023, 1, 18)
    assert d["petition-filing"].due == datetime(2023, 2, 7, 15, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    assert d["withdrawal"].due.date() == date(2023, 2, 10)


def test_durango_2021_and_2025_as_the_city_clerk_gave_them(registry):
    _, d = at(registry, JID, date(2021, 4, 6), date(2020, 12, 1))
    assert d["petition-filing"].due == datetime(2021, 2, 9, 15, 0, tzinfo=MST)
    assert d["withdrawal"].due.date() == date(2021, 2, 12)
    _, d = at(registry, JID, date(2025, 4, 1), date(2024, 12, 1))
    assert d["petition-filing"].due == datetime(2025, 2, 4, 15, 0, tzinfo=MST)


def test_durango_2027_by_rule(registry):
    result, d = at(registry, JID, None, date(2026, 12, 6))  # the next election after today
    assert {x.cycle for x in result.deadlines} == {date(2027, 4, 6)}
    assert d["petition-circulation"].start == date(2027, 1, 20)
    assert d["petition-filing"].due == datetime(2027, 2, 9, 15, 0, tzinfo=MST)
    assert d["withdrawal"].due.date() == date(2027, 2, 12)  # after the petition deadline, not the Code's 64th
    assert d["write-in-affidavit"].due.date() == date(2027, 2, 1)  # the Municipal Election Code's 64th day
