"""Colorado home-rule municipalities whose charter or code rules are encoded in
files of their own (calendars/<id>.toml): Lakewood, Boulder, Westminster,
Colorado Springs, Brighton, Broomfield, Castle Rock, Grand Junction, Vail,
Parachute and Minturn. Each is asserted through the service
(``deadlines.service.lookup`` on the repository's calendars folder, the roster
row read under the file), with the research facts of calendars/facts/co.csv.

Worked examples, counted by hand ("the Nth day prior to" election E is E - N;
before a Tuesday the 91st, 71st, 67th, 64th and 57th days are a Tuesday, a
Monday, a Friday, a Monday and a Monday; the 55th is a Wednesday):

- Lakewood, Charter 6.3 "in each odd-numbered year on the first Tuesday in
  November": November 2, 2027. By Charter 6.1 the Municipal Election Code
  governs: petitions by the 71st day, Monday, August 23, 2027; withdrawal "prior
  to sixty-three days before", the 64th day, Monday, August 30, 2027. November 4,
  2031: the 64th day is Monday, September 1, 2031, Labor Day, and 31-10-103 moves
  the withdrawal to the preceding business day, Friday, August 29, 2031.
- Boulder, Charter as amended by Ballot Issue 2E (2022): the regular election is
  on the state general election's day in even years from 2026: Tuesday,
  November 3, 2026 (November 1 is a Sunday, the first Monday November 2). Charter
  § 29, withdrawal "prior to the sixty-sixth day preceding the election": the
  66th day (Saturday, August 29, 2026) is excluded, so the last day is the 67th,
  Friday, August 28, 2026 (November 3 - 3 = October 31; - 31 = September 30, the
  34th day; - 30 = August 31, the 64th; - 3 = August 28). Petitions "91 through
  71 days": Tuesday, August 4 to Monday, August 24, 2026, "by ... 5 p.m.". The
  last odd-year election, November 4, 2025 (entered): withdrawal Friday,
  August 29, 2025. November 3, 2015: Friday, August 28, 2015, the day the city
  published. (2027 is no longer a regular election year.)
- Westminster, Charter 3.1 (the Municipal Election Code) and the Clerk's 6 p.m.:
  November 2, 2027: petitions by 6:00 p.m. on Monday, August 23, 2027 (MDT,
  UTC-6); 2015: 6 p.m. on Monday, August 24, 2015, as published.
- Colorado Springs, "the first Tuesday in April of odd-numbered years": April 1,
  2025. The 71st day is Monday, January 20, 2025, Martin Luther King Jr. Day: the
  city rolled forward to Tuesday, January 21 (5 p.m. MST, UTC-7); 31-10-103's
  preceding business day is Friday, January 17, the safe date. Circulation from
  the 91st day, Tuesday, December 31, 2024. April 1, 2031: the same (71st day
  Monday, January 20, 2031, the third Monday of January): Tuesday, January 21,
  safe Friday, January 17, 2031. Before Ord. 16-102, April 7, 2015: the 90th day
  Wednesday, January 7, to the 55th, Wednesday, February 11, 2015. Withdrawal,
  April 4, 2023: the Code's 64th day is Monday, January 30; the 67th, Friday,
  January 27, 2023, as reported, is the safe date.
- Brighton, B.M.C. 2-4-13 before 2025: the 57th day; November 7, 2023: Monday,
  September 11, 2023, with the 71st day, Monday, August 28, 2023 (published) as
  the safe date. Special election April 28, 2020 (entered): 57th day Monday,
  March 2; 71st day Monday, February 17, Presidents Day: preceding business day
  Friday, February 14 (safe), or the next, Tuesday, February 18 (published).
  From the 2025 amendment, November 2, 2027: the 71st day, Monday, August 23,
  2027.
- Broomfield, the Clerk's 2013 statement (91st to 71st day, 5 p.m.): November 5,
  2013: circulation from Tuesday, August 6 (November 5 - 5 = October 31; - 31 =
  September 30, the 36th day; - 30 = August 31, the 66th; - 25 = August 6, the
  91st) to Monday, August 26, 2013, the 71st (August 31 - 5). The Municipal
  Election Code of then (the 30th day) is replaced. November 2, 2027: Monday,
  August 23, 2027 (the 71st: November 2 - 2 = October 31; - 31 = September 30,
  the 33rd; - 30 = August 31, the 63rd; - 8 = August 23).
- Castle Rock, "29 days prior to the election" moved to the business day
  before a holiday (as published): November 6, 2018 (the Tuesday after the
  first Monday, November 5): the 29th day is Monday, October 8, 2018 (November
  6 - 6 = October 31; - 23 = October 8), Columbus Day, so Friday, October 5, as
  the town published; the 64th day (Monday, September 3, 2018, Labor Day:
  October 8 - 35 = September 3) moved to Friday, August 31 is the safe date.
  November 3, 2026: the 29th day is Monday, October 5, 2026 (November 3 - 3 =
  October 31; - 26 = October 5), Frances Xavier Cabrini Day (the first Monday of
  October), so Friday, October 2, 2026; the 64th day, Monday, August 31, 2026
  (October 5 - 35), is safe. November 7, 2028: Monday, October 9, 2028 (November
  7 - 29), not a holiday (Cabrini Day is October 2); the 64th day, Monday,
  September 4, 2028 (Labor Day), moved to Friday, September 1, is safe.
- Grand Junction, Charter section 3 "the first Tuesday after the first Monday
  in April ... of every second year" from 1925 (odd years): April 2, 2019 (April
  1 is the first Monday). GJMC 2.20.020(a), the 71st day: Monday, January 21,
  2019 (April 2 - 2 = March 31; - 31 = February 28, the 33rd day; - 28 =
  January 31, the 61st; - 10 = January 21), Martin Luther King Jr. Day; 31-10-103
  (adopted by 2.20.010): Friday, January 18, 2019, 5 p.m. MST, as reported.
  April 6, 2021: Monday, January 25, 2021 (April 6 - 6 = March 31; - 31 =
  February 28, the 37th; - 28 = January 31, the 65th; - 6 = January 25), as the
  city published; circulation from Tuesday, January 5, 2021 (the 91st). April 6,
  2027 (April 5 the first Monday): petitions Monday, January 25, 2027 (the same
  count); write-in affidavit "64 days before", Monday, February 1, 2027 (January
  25 + 7). 2025 (entered): April 8, 2025 (April 7 the first Monday), 71st day
  Monday, January 27, 2025.
- Vail, Charter 2.1 (the Municipal Election Code) and Ordinance No. 9, Series
  2015 (50/30 for that election): November 3, 2015: the 30th day is Sunday,
  October 4 (November 3 - 3 = October 31; - 27 = October 4): Friday, October 2,
  2015, 5 p.m.; circulation from the 50th day, Monday, September 14, 2015
  (October 4 - 20). November 5, 2013: the 30th day Sunday, October 6: Friday,
  October 4, 2013, as published. November 5, 2019: petitions Monday, August 26
  (the 71st: November 5 - 5 = October 31; - 31 = September 30, the 36th; - 30 =
  August 31, the 66th; - 5 = August 26); withdrawal, the 64th day, Monday,
  September 2, 2019, Labor Day: Friday, August 30 (31-10-103), with the Clerk's
  Tuesday, September 3 as the later reading; Town Code 1-8-3 "at least 21 days
  before": Tuesday, October 15, 2019 (November 5 - 21), with the 64th day moved
  to Friday, August 30 as the safe reading. November 2, 2027: petitions Monday,
  August 23; write-in Tuesday, October 12, 2027 (November 2 - 21), safe Monday,
  August 30, 2027 (the 64th: August 23 + 7).
- Parachute, "the first Tuesday of April in even-numbered years" and P.M.C.
  3.10.010(E) (91st to 71st day): April 2, 2024: the 71st day is Monday, January
  22, 2024 (April 2 - 2 = March 31; - 31 = February 29, the 33rd day, 2024 being
  a leap year; - 29 = January 31, the 62nd; - 9 = January 22); circulation from
  Tuesday, January 2, 2024 (the 91st). April 2, 2030 (April 1 is a Monday): the
  71st day is Monday, January 21, 2030 (April 2 - 2 = March 31; - 31 =
  February 28, the 33rd; - 28 = January 31, the 61st; - 10 = January 21), the
  third Monday of January (January 7, 14, 21), Martin Luther King Jr. Day:
  Friday, January 18, 2030. April 7, 2026 (the first Tuesday): Monday, January
  26, 2026.
- Minturn, "the first Tuesday after the first Monday in April of even numbered
  years", petitions from the 91st to the 71st day: April 2, 2024 (April 1 the
  first Monday): Tuesday, January 2 to Monday, January 22, 2024 (as reported).
  April 2, 2030 (April 1 the first Monday): the 71st day, Monday, January 21,
  2030, Martin Luther King Jr. Day: Friday, January 18, 2030. April 7, 2026
  (April 6 the first Monday): Monday, January 26, 2026.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from deadlines.words import words
from tests.law.charter_helpers import (MDT, MST, assert_read_over, at, day as _day, safe as _safe)
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 2)
ENCODED = ("lakewood-co", "boulder-co", "westminster-co", "colorado-springs-co", "brighton-co",
           "broomfield-co", "castle-rock-co", "grand-junction-co", "vail-co", "parachute-co", "minturn-co")


def _at(registry, jid, election=None, today=TODAY):
    return at(registry, jid, election, today)


def _reading_dues(d):
    return [r.due for r in d.readings]


@pytest.mark.parametrize("jid", ENCODED)
def test_each_file_is_its_roster_row_read_over_with_the_charter(registry, jid):
    assert_read_over(registry, jid)


# --------------------------------------------------------------------------- Lakewood


def test_lakewood_2027_the_municipal_election_code_is_its_law(registry):
    jur = registry.get("lakewood-co")
    assert jur.caveats == ()  # Charter 6.1 adopts the code: nothing is a reading
    assert date(2027, 11, 2) in cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    result, d = _at(registry, "lakewood-co")  # the next election by rule after December 2, 2026
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].start == date(2027, 8, 3)
    assert d["withdrawal"].due == datetime(2027, 8, 30, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].status == "scheduled"
    # The Code being its law, so are its objections (31-10-305): three days after a petition filed on
    # Monday, August 23, Thursday, August 26; the cure by the 64th day, Monday, August 30; and an
    # amendment of signatures "prior to sixty-three days before" (31-10-302(4)), the same Monday.
    assert d["objection-filing"].due == datetime(2027, 8, 26, 17, 0, tzinfo=MDT)
    assert d["objection-cure"].due == d["petition-amendment"].due == datetime(2027, 8, 30, 17, 0, tzinfo=MDT)


def test_lakewood_2031_labor_day_withdrawal_moves_to_the_friday_before(registry):
    _, d = _at(registry, "lakewood-co", date(2031, 11, 4))
    assert d["withdrawal"].due == datetime(2031, 8, 29, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].due == datetime(2031, 8, 25, 17, 0, tzinfo=MDT)


# --------------------------------------------------------------------------- Boulder


def test_boulder_elects_in_even_years_from_2026(registry):
    jur = registry.get("boulder-co")
    found = cycles(jur, date(2026, 1, 1), date(2028, 12, 31))
    assert date(2026, 11, 3) in found and date(2028, 11, 7) in found
    assert not any(c.year == 2027 for c in found)


def test_boulder_2026_withdrawal_prior_to_the_66th_day(registry):
    _, d = _at(registry, "boulder-co", date(2026, 11, 3), today=date(2026, 1, 5))
    assert d["withdrawal"].due.date() == date(2026, 8, 28)  # the 67th day, a Friday
    assert d["withdrawal"].rule.cite.startswith("Boulder Home Rule Charter section 29")
    assert d["petition-filing"].due == datetime(2026, 8, 24, 17, 0, tzinfo=MDT)
    assert d["petition-circulation"].due == datetime(2026, 8, 24, 17, 0, tzinfo=MDT)


def test_boulder_last_odd_year_and_the_published_2015_withdrawal(registry):
    _, d = _at(registry, "boulder-co", date(2025, 11, 4), today=date(2025, 1, 6))
    assert d["withdrawal"].due.date() == date(2025, 8, 29)
    _, d = _at(registry, "boulder-co", date(2015, 11, 3), today=date(2015, 1, 5))
    assert d["withdrawal"].due.date() == date(2015, 8, 28)
    assert d["withdrawal"].basis.status == "published"  # the city's own date agrees
    assert d["petition-filing"].due == datetime(2015, 8, 24, 17, 0, tzinfo=MDT)


def test_boulder_keeps_a_caveat_for_what_is_not_encoded(registry):
    (caveat,) = registry.get("boulder-co").caveats
    assert "write-in" in caveat and "Colorado Municipal Election Code" in caveat


# --------------------------------------------------------------------------- Westminster


def test_westminster_six_pm_is_its_petition_days_and_five_pm_every_other(registry):
    """The City Clerk published 6 p.m. for the petition deadline (2013, 2015) and no hour for the
    withdrawal or the write-in affidavit: every filing is shown at 5:00 p.m., the earlier and safe hour
    (6 p.m. had been applied to all of them), and the 6 p.m. of 2015 is shown as what the city published."""
    _, d = _at(registry, "westminster-co", date(2027, 11, 2))
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["withdrawal"].due == d["write-in-affidavit"].safe_due == datetime(2027, 8, 30, 17, 0, tzinfo=MDT)
    _, d = _at(registry, "westminster-co", date(2015, 11, 3), today=date(2015, 1, 5))
    assert d["petition-filing"].due == datetime(2015, 8, 24, 17, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "departs"  # the city's 6 p.m., later than the hour kept


# --------------------------------------------------------------------------- Colorado Springs


def test_colorado_springs_2025_forward_roll_and_the_safe_preceding_day(registry):
    _, d = _at(registry, "colorado-springs-co", date(2025, 4, 1), today=date(2024, 6, 3))
    filing = d["petition-filing"]
    assert filing.due == datetime(2025, 1, 21, 17, 0, tzinfo=MST)  # the city's next business day
    assert _safe(filing) == datetime(2025, 1, 17, 17, 0, tzinfo=MST)  # 31-10-103, marked safe
    assert filing.status == "tentative"
    assert datetime(2025, 1, 17, 17, 0, tzinfo=MST) in _reading_dues(filing)
    assert d["petition-circulation"].start == date(2024, 12, 31)


def test_colorado_springs_first_tuesday_of_april_2031(registry):
    jur = registry.get("colorado-springs-co")
    assert date(2031, 4, 1) in cycles(jur, date(2031, 1, 1), date(2031, 12, 31))
    _, d = _at(registry, "colorado-springs-co", date(2031, 4, 1))
    assert d["petition-filing"].due == datetime(2031, 1, 21, 17, 0, tzinfo=MST)
    assert _safe(d["petition-filing"]) == datetime(2031, 1, 17, 17, 0, tzinfo=MST)


def test_colorado_springs_2015_code_before_ord_16_102(registry):
    _, d = _at(registry, "colorado-springs-co", date(2015, 4, 7), today=date(2014, 6, 2))
    assert d["petition-filing"].due == datetime(2015, 2, 11, 17, 0, tzinfo=MST)
    assert d["petition-circulation"].start == date(2015, 1, 7)


def test_colorado_springs_2023_withdrawal_the_67th_day_is_safe(registry):
    _, d = _at(registry, "colorado-springs-co", date(2023, 4, 4), today=date(2022, 6, 1))
    w = d["withdrawal"]
    assert w.due.date() == date(2023, 1, 30)
    assert _safe(w).date() == date(2023, 1, 27)
    assert d["petition-filing"].due == datetime(2023, 1, 23, 17, 0, tzinfo=MST)


# --------------------------------------------------------------------------- Brighton


def test_brighton_before_2025_the_code_and_the_71st_day(registry):
    _, d = _at(registry, "brighton-co", date(2023, 11, 7), today=date(2023, 1, 2))
    f = d["petition-filing"]
    assert f.due == datetime(2023, 9, 11, 17, 0, tzinfo=MDT)  # the code's 57th day
    assert _safe(f) == datetime(2023, 8, 28, 17, 0, tzinfo=MDT)  # the 71st, as published


def test_brighton_2020_special_presidents_day_two_rolls(registry):
    _, d = _at(registry, "brighton-co", date(2020, 4, 28), today=date(2020, 1, 2))
    f = d["petition-filing"]
    assert f.due.date() == date(2020, 3, 2)
    assert _safe(f) == datetime(2020, 2, 14, 17, 0, tzinfo=MST)
    assert datetime(2020, 2, 18, 17, 0, tzinfo=MST) in _reading_dues(f)


def test_brighton_after_the_2025_amendment(registry):
    _, d = _at(registry, "brighton-co", date(2027, 11, 2))
    f = d["petition-filing"]
    assert f.due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert f.rule.effective == date(2025, 6, 17)


# --------------------------------------------------------------------------- Broomfield


def test_broomfield_2013_the_clerks_91st_71st_days_replace_the_code_of_then(registry):
    _, d = _at(registry, "broomfield-co", date(2013, 11, 5), today=date(2013, 1, 7))
    assert d["petition-circulation"].start == date(2013, 8, 6)  # the 91st day
    assert d["petition-filing"].due == datetime(2013, 8, 26, 17, 0, tzinfo=MDT)  # the 71st, 5 p.m.
    assert d["petition-filing"].basis.status == "published"  # the Clerk's own date agrees
    assert "withdrawal" not in d  # the Municipal Election Code's 63-day limit begins in 2015


def test_broomfield_2027_by_rule(registry):
    jur = registry.get("broomfield-co")
    assert date(2027, 11, 2) in cycles(jur, date(2027, 1, 1), date(2027, 12, 31))
    _, d = _at(registry, "broomfield-co", date(2027, 11, 2))
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["withdrawal"].due.date() == date(2027, 8, 30)  # the Code's 64th day
    (caveat,) = jur.caveats
    assert "2A" in caveat


# --------------------------------------------------------------------------- Castle Rock


def test_castle_rock_2018_write_in_29th_day_columbus_day_to_friday(registry):
    _, d = _at(registry, "castle-rock-co", date(2018, 11, 6), today=date(2018, 1, 2))
    w = d["write-in-affidavit"]
    assert w.due.date() == date(2018, 10, 5)  # 29th day October 8 (Columbus Day) -> Friday
    assert _safe(w).date() == date(2018, 8, 31)  # 64th day September 3 (Labor Day) -> Friday
    assert w.rule.cite.startswith("Town of Castle Rock")


def test_castle_rock_2026_and_2028_even_years(registry):
    jur = registry.get("castle-rock-co")
    found = cycles(jur, date(2026, 1, 1), date(2028, 12, 31))
    assert date(2026, 11, 3) in found and date(2028, 11, 7) in found
    assert not any(c.year == 2027 for c in found)
    _, d = _at(registry, "castle-rock-co", date(2026, 11, 3), today=date(2026, 1, 5))
    assert d["write-in-affidavit"].due.date() == date(2026, 10, 2)  # October 5, Cabrini Day -> Friday
    assert _safe(d["write-in-affidavit"]).date() == date(2026, 8, 31)
    assert d["petition-filing"].due == datetime(2026, 8, 24, 17, 0, tzinfo=MDT)  # the Code's 71st
    _, d = _at(registry, "castle-rock-co")  # the next election after December 2, 2026
    assert d["write-in-affidavit"].due.date() == date(2028, 10, 9)
    assert _safe(d["write-in-affidavit"]).date() == date(2028, 9, 1)


# --------------------------------------------------------------------------- Grand Junction


def test_grand_junction_2019_mlk_day_moves_filing_to_friday(registry):
    _, d = _at(registry, "grand-junction-co", date(2019, 4, 2), today=date(2018, 6, 4))
    assert d["petition-filing"].due == datetime(2019, 1, 18, 17, 0, tzinfo=MST)
    assert d["petition-circulation"].due == datetime(2019, 1, 18, 17, 0, tzinfo=MST)
    assert d["petition-filing"].thresholds[0].min == 50  # Charter section 6


def test_grand_junction_2021_as_published(registry):
    _, d = _at(registry, "grand-junction-co", date(2021, 4, 6), today=date(2020, 6, 1))
    assert d["petition-circulation"].start == date(2021, 1, 5)
    assert d["petition-filing"].due == datetime(2021, 1, 25, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    jur = registry.get("grand-junction-co")
    assert date(2025, 4, 8) in cycles(jur, date(2025, 1, 1), date(2025, 12, 31))


def test_grand_junction_2027_in_november_after_the_2025_vote(registry):
    """The voters moved the city's elections to November on April 8, 2025 (the City Council's April 10,
    2025 meeting: the measure "passed with 10,106 votes"). The charter's April rule gives Tuesday,
    April 6, 2027 (after Monday, April 5); the odd-year coordinated election is "the first Tuesday of
    November" (C.R.S. 1-41-103(1)): November 2, 2027. Counted from it (GJMC 2.20.020(a)): the 91st day,
    Tuesday, August 3 (Nov 2 - 2 = Oct 31, - 31 = Sep 30 (33), - 30 = Aug 31 (63), - 28 = Aug 3 (91));
    the 71st, Monday, August 23; the 64th, Monday, August 30 (write-in and withdrawal). Before the
    move: January 5-25 and February 1, 2027, days a candidate would have circulated in vain."""
    result, d = _at(registry, "grand-junction-co")  # the next election after December 2, 2026
    assert result.held == date(2027, 11, 2) and result.cycle == date(2027, 4, 6)
    assert result.moved is not None and "April 8, 2025" in str(result.moved.args)
    assert d["petition-circulation"].start == date(2027, 8, 3)
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["write-in-affidavit"].due.date() == date(2027, 8, 30)  # "64 days before"
    assert d["withdrawal"].due.date() == date(2027, 8, 30)  # the Code's 64th, by 2.20.010
    assert any("April 8, 2025" in w for w in words("en").result_warnings(result))  # the caveat says what was read


# --------------------------------------------------------------------------- Vail


def test_vail_2015_ordinance_9_keeps_the_30th_day_a_sunday_to_friday(registry):
    _, d = _at(registry, "vail-co", date(2015, 11, 3), today=date(2015, 1, 5))
    assert d["petition-circulation"].start == date(2015, 9, 14)  # the 50th day
    assert d["petition-filing"].due == datetime(2015, 10, 2, 17, 0, tzinfo=MDT)  # 30th day Sunday -> Friday
    _, d = _at(registry, "vail-co", date(2013, 11, 5), today=date(2013, 1, 7))
    assert d["petition-filing"].due == datetime(2013, 10, 4, 17, 0, tzinfo=MDT)


def test_vail_2019_labor_day_withdrawal_two_rolls_and_the_21_day_write_in(registry):
    _, d = _at(registry, "vail-co", date(2019, 11, 5), today=date(2019, 1, 7))
    assert d["petition-filing"].due == datetime(2019, 8, 26, 17, 0, tzinfo=MDT)
    w = d["withdrawal"]
    assert w.due.date() == date(2019, 8, 30)  # 31-10-103, the preceding business day
    assert date(2019, 9, 3) in [_day(r.due) for r in w.readings]  # the Clerk's next business day
    assert _safe(w).date() == date(2019, 8, 30)
    wi = d["write-in-affidavit"]
    assert wi.due.date() == date(2019, 10, 15)  # Town Code 1-8-3, 21 days before
    assert _safe(wi).date() == date(2019, 8, 30)  # the 64th day (Labor Day) -> Friday


def test_vail_2027_by_rule(registry):
    _, d = _at(registry, "vail-co")  # the next election after December 2, 2026
    assert d["petition-filing"].due == datetime(2027, 8, 23, 17, 0, tzinfo=MDT)
    assert d["write-in-affidavit"].due.date() == date(2027, 10, 12)
    assert _safe(d["write-in-affidavit"]).date() == date(2027, 8, 30)


# --------------------------------------------------------------------------- Parachute and Minturn


def test_parachute_2024_and_the_2026_election_by_rule(registry):
    _, d = _at(registry, "parachute-co", date(2024, 4, 2), today=date(2023, 6, 1))
    assert d["petition-circulation"].start == date(2024, 1, 2)
    assert d["petition-filing"].due.date() == date(2024, 1, 22)
    assert d["petition-filing"].thresholds[0].min == 20
    jur = registry.get("parachute-co")
    assert date(2026, 4, 7) in cycles(jur, date(2026, 1, 1), date(2026, 12, 31))
    _, d = _at(registry, "parachute-co", date(2026, 4, 7), today=date(2025, 6, 2))
    assert d["petition-filing"].due.date() == date(2026, 1, 26)


@pytest.mark.parametrize("jid", ["parachute-co", "minturn-co"])
def test_april_2030_mlk_day_moves_the_71st_day_to_friday(registry, jid):
    jur = registry.get(jid)
    assert date(2030, 4, 2) in cycles(jur, date(2030, 1, 1), date(2030, 12, 31))
    _, d = _at(registry, jid, date(2030, 4, 2))
    assert d["petition-filing"].due.date() == date(2030, 1, 18)
    assert d["petition-circulation"].due.date() == date(2030, 1, 18)


def test_minturn_2024_as_reported_and_2026_by_rule(registry):
    _, d = _at(registry, "minturn-co", date(2024, 4, 2), today=date(2023, 6, 1))
    assert d["petition-circulation"].start == date(2024, 1, 2)
    assert d["petition-filing"].due.date() == date(2024, 1, 22)
    jur = registry.get("minturn-co")
    assert date(2026, 4, 7) in cycles(jur, date(2026, 1, 1), date(2026, 12, 31))
    _, d = _at(registry, "minturn-co", date(2026, 4, 7), today=date(2025, 6, 2))
    assert d["petition-filing"].due.date() == date(2026, 1, 26)


# --------------------------------------------------------------------------- office hours the clerks publish


@pytest.mark.parametrize("jid, election, day, hour, minute", [
    # Cherry Hills Village: "stop by the Village Center Monday-Friday 8-4:30" (2018). November 7, 2028:
    # the 64th day before is Monday, September 4 (Nov 7 -> Oct 7 (31), Sep 7 (61), Sep 4 (64)), Labor Day:
    # 31-10-103 moves a withdrawal to the preceding business day, Friday, September 1, at 4:30 p.m.
    ("cherry-hills-village-co", date(2028, 11, 7), date(2028, 9, 1), 16, 30),
    # Lamar: "The deadline for filing petitions with the City Clerk is 4:00 p.m." (2021). November 2,
    # 2027: the 64th day before is Monday, August 30, at 4:00 p.m.
    ("lamar-co", date(2027, 11, 2), date(2027, 8, 30), 16, 0),
])
def test_a_withdrawal_ends_when_the_clerk_says_the_office_closes(registry, jid, election, day, hour, minute):
    _, d = _at(registry, jid, election)
    w = d["withdrawal"]
    assert w.due == w.safe_due == datetime(day.year, day.month, day.day, hour, minute, tzinfo=MDT)


def test_aspen_2027_christmas_eve_and_the_signature_amendment(registry):
    """March 2, 2027: the 71st day before is Monday, December 21, 2026 (Mar 2 -> Feb 2 (28), Jan 2 (59),
    Dec 21 (71)). 9.10.160(b): the write-in affidavit by the third day after the petition deadline,
    Thursday, December 24; City Hall closed on Christmas Eve in 2018 (petitions taken "until 5:00 p.m.
    on December 26th" when the 71st day was Monday, December 24, 2018), so the office's last open day
    before it, Wednesday, December 23, is the safe date. 9.10.160(a) (Ordinance No. 30, 2018): signatures
    amended "by no later than the close of business on the sixth day following the petition deadline":
    Sunday, December 27, extended to Monday, December 28."""
    _, d = _at(registry, "aspen-co", date(2027, 3, 2))
    assert d["petition-filing"].due == datetime(2026, 12, 21, 17, 0, tzinfo=MST)
    w = d["write-in-affidavit"]
    assert (w.due, w.safe_due) == (datetime(2026, 12, 24, 17, 0, tzinfo=MST), datetime(2026, 12, 23, 17, 0, tzinfo=MST))
    a = d["petition-amendment"]
    assert a.due == a.safe_due == datetime(2026, 12, 28, 17, 0, tzinfo=MST)
