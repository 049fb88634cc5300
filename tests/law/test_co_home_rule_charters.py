"""Colorado home-rule municipalities whose charter or code rules are encoded in
files of their own (calendars/<id>.toml): Lakewood, Boulder, Westminster,
Colorado Springs and Brighton. Each is asserted through the service
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
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from deadlines.core.registry import Registry
from deadlines.service import cycles, lookup

ROOT = Path(__file__).resolve().parents[2]
CALENDARS = ROOT / "calendars"
TODAY = date(2026, 12, 2)
MDT, MST = timezone(timedelta(hours=-6)), timezone(timedelta(hours=-7))
ENCODED = ("lakewood-co", "boulder-co", "westminster-co", "colorado-springs-co", "brighton-co")
HOME_RULE_CAVEAT = "Home-rule municipality: its charter and ordinances govern its elections and are not encoded here"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(CALENDARS)


def _at(registry, jid, election=None, today=TODAY):
    result = lookup(registry.get(jid), today=today, election=election)
    return result, {d.id: d for d in result.deadlines}


def _safe(d):
    return d.safe_due or d.due


def _reading_dues(d):
    return [r.due for r in d.readings]


@pytest.mark.parametrize("jid", ENCODED)
def test_each_file_is_its_roster_row_read_over_with_the_charter(registry, jid):
    jur = registry.get(jid)
    assert registry.path(jid) == CALENDARS / f"{jid}.toml"
    assert jur.timezone == "America/Denver" and jur.ocd_id  # identity from the roster row
    assert not any(HOME_RULE_CAVEAT in c for c in jur.caveats)  # the charter is stated now


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


def test_westminster_files_by_six_pm(registry):
    _, d = _at(registry, "westminster-co", date(2027, 11, 2))
    assert d["petition-filing"].due == datetime(2027, 8, 23, 18, 0, tzinfo=MDT)
    _, d = _at(registry, "westminster-co", date(2015, 11, 3), today=date(2015, 1, 5))
    assert d["petition-filing"].due == datetime(2015, 8, 24, 18, 0, tzinfo=MDT)
    assert d["petition-filing"].basis.status == "published"


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
