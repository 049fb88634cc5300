"""Mountain Village (calendars/mountain-village-co.toml), read 2026-12-06: a
home-rule town whose regular election is on the last Tuesday in June of odd
years (the Town's own words in 2024, and every election it has held), not the
home-rule reading's November; candidates are nominated by a letter of intent
due by 5 p.m. on the 46th day before (the Town's notice for 2023) and must
have resided in the town from the 120th day before (its notices for 2023 and
2025). Its Home Rule Charter and Town Code were not read; the caveat says so.

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- The elections: June 2017 began on a Thursday, so its Tuesdays were the 6th,
  13th, 20th and 27th (held June 27, 2017); June 1, 2019 a Saturday: 4, 11, 18,
  25 (June 25, 2019); June 1, 2021 a Tuesday: 1, 8, 15, 22, 29 (June 29, 2021);
  June 1, 2023 a Thursday: 6, 13, 20, 27 (June 27, 2023); June 1, 2025 a
  Sunday: 3, 10, 17, 24 (June 24, 2025). Next: June 1, 2027 a Tuesday (January
  1, 2027 a Friday, + 151 days = 21 weeks + 4 days), so June 29, 2027; June 1,
  2029 a Friday, so June 26, 2029.
- 2023, as published: June 27 - 27 = May 31 (27th day before); - 19 = May 12
  (46th), a Friday: "no later than 5 p.m. May 12, 2023" (Mountain Daylight
  Time, UTC-6). Residency: May 31 (27th); - 31 = April 30 (58th); - 30 = March
  31 (88th); - 31 = February 28 (119th); - 1 = February 27 (120th): "as of
  February 27, 2023 (120 days prior to the June 27 election)".
- 2025: June 24 - 24 = May 31 (24th); - 22 = May 9 (46th), a Friday (no
  published letter-of-intent day was found: the Town's practice of 2023 is
  applied). Residency: May 31 (24th); - 31 = April 30 (55th); - 30 = March 31
  (85th); - 31 = February 28 (116th); - 4 = February 24 (120th): "as of
  February 24, 2025 (120 days prior to the election)".
- 2027: June 29 - 29 = May 31 (29th); - 17 = May 14 (46th), a Friday: the
  letter of intent by 5 p.m. MDT, Friday, May 14, 2027. Residency: May 31
  (29th); - 31 = April 30 (60th); - 30 = March 31 (90th); - 30 = March 1
  (120th), a Monday.
- 2029: June 26 - 26 = May 31 (26th); - 20 = May 11 (46th), a Friday.
- The 46th day before a Tuesday is a Friday (46 = 6 weeks + 4 days), and the
  last Tuesday of June falls on June 24 to 30, so the letter of intent is due
  on a Friday from May 9 to 15, never a Colorado legal holiday (Memorial Day
  is the last Monday of May).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from deadlines.words import words
from tests.law.charter_helpers import MDT, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

JID = "mountain-village-co"
TODAY = date(2026, 12, 6)


def test_its_roster_row_read_over_with_its_own_caveat(registry):
    assert_read_over(registry, JID)
    (caveat,) = registry.get(JID).caveats
    assert "not read" in caveat and "confirm" in caveat and "withdrawal and write-in" in caveat


def test_the_last_tuesday_in_june_of_odd_years(registry):
    cal = registry.get(JID)
    held = {2017: 27, 2019: 25, 2021: 29, 2023: 27, 2025: 24, 2027: 29, 2029: 26}
    for year, day in held.items():
        assert cycles(cal, date(year, 1, 1), date(year, 12, 31)) == [date(year, 6, day)]
    assert not cycles(cal, date(2026, 1, 1), date(2026, 12, 31))
    assert not cycles(cal, date(2028, 1, 1), date(2028, 12, 31))


def test_2023_the_letter_of_intent_as_published(registry):
    _, d = at(registry, JID, date(2023, 6, 27), date(2023, 1, 1))
    letter = d["petition-filing"]
    assert letter.due == datetime(2023, 5, 12, 17, 0, tzinfo=MDT)
    assert letter.basis.status == "published"
    assert d["residency-start"].due == date(2023, 2, 27)
    assert d["residency-start"].basis.status == "published"


def test_2025_residency_as_published_and_the_letter_of_intent_by_the_practice_of_2023(registry):
    _, d = at(registry, JID, date(2025, 6, 24), date(2025, 1, 1))
    assert d["residency-start"].due == date(2025, 2, 24)
    assert d["residency-start"].basis.status == "published"
    assert d["petition-filing"].due == datetime(2025, 5, 9, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "assumed"  # 2025's day was not found


def test_2027_the_next_cycle(registry):
    result, d = at(registry, JID, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 6, 29)}
    letter = d["petition-filing"]
    assert letter.due == datetime(2027, 5, 14, 17, 0, tzinfo=MDT)
    assert letter.basis.status == "assumed" and "own_text" in letter.basis.assumed  # the Town's practice
    assert d["residency-start"].due == date(2027, 3, 1)
    # a letter of intent, not a petition: the Municipal Election Code's petition days,
    # withdrawal and write-in affidavit (64th day, before the letters close) are not shown
    assert set(d) == {"petition-filing", "residency-start"}
    assert words("en").how(result.anchors["general"]).startswith(
        "derived by rule: the last Tuesday in June of odd-numbered years (")
    assert words("es").how(result.anchors["general"]).startswith(
        "calculada según la regla: el último martes de junio de los años impares (")


def test_2029(registry):
    _, d = at(registry, JID, date(2029, 6, 26), TODAY)
    assert d["petition-filing"].due == datetime(2029, 5, 11, 17, 0, tzinfo=MDT)


@pytest.mark.parametrize("year", range(2027, 2061, 2))
def test_the_letter_of_intent_is_always_a_friday_from_may_9_to_15_and_never_moved(registry, year):
    (election,) = cycles(registry.get(JID), date(year, 1, 1), date(year, 12, 31))
    _, d = at(registry, JID, election, TODAY)
    due = d["petition-filing"].due
    assert due.weekday() == 4 and due.month == 5 and 9 <= due.day <= 15
    assert (election - due.date()).days == 46
