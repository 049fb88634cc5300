"""The election-day rule ``last_tuesday``: "the last Tuesday in June" (the Town
of Mountain Village, Colorado, holds its regular election then, in odd years).
Every date below was worked out by hand from a calendar, not from the code:

- 2027: January 1 is a Friday; June 1 is 151 days later (31+28+31+30+31),
  151 = 21 weeks + 4 days, so a Tuesday; the Tuesdays of June are the 1st,
  8th, 15th, 22nd and 29th: the last is June 29.
- 2029: January 1 is a Monday (2027 + 365 days = Saturday, 2028 + 366 =
  Monday); June 1 is again 151 days later, a Friday; the Tuesdays are the
  5th, 12th, 19th and 26th: the last is June 26.
- The town's published elections: June 29, 2021, June 27, 2023, June 24, 2025.
- June 2026: June 1 is a Monday (January 1, 2026 a Thursday, + 151 days), so
  June 30, the month's last day, is itself its last Tuesday.
- December 2025: the general election of November 4, 2025 was a Tuesday, so
  December 2, 9, 16, 23 and 30 are Tuesdays: the last is December 30 (the
  month whose next month is in the next year)."""
from __future__ import annotations

from datetime import date

import pytest

from deadlines.core.counting import last_weekday_of_month
from deadlines.core.elections import ELECTION_DAYS, describe_rule, next_election, rule_date
from deadlines.core.loader import check_jurisdiction, load_jurisdiction
from deadlines.words import words
from tests.calendar_files import BASE, problems, write

JUNE_ODD = BASE.replace('rule = "tuesday_after_first_monday"\nmonth = 11', 'rule = "last_tuesday"\nmonth = 6')


@pytest.mark.parametrize("year, month, day", [
    (2021, 6, date(2021, 6, 29)),
    (2023, 6, date(2023, 6, 27)),
    (2025, 6, date(2025, 6, 24)),
    (2027, 6, date(2027, 6, 29)),
    (2029, 6, date(2029, 6, 26)),
    (2026, 6, date(2026, 6, 30)),   # the month's last day is a Tuesday
    (2025, 12, date(2025, 12, 30)),  # December: the next month is January of the next year
])
def test_the_last_tuesday_of_the_month(year, month, day):
    assert ELECTION_DAYS["last_tuesday"](year, month) == day
    assert last_weekday_of_month(year, month, 1) == day


def test_a_file_may_name_the_last_tuesday_and_the_election_falls_on_it(tmp_path):
    jur, found = check_jurisdiction(write(tmp_path, JUNE_ODD))
    assert found == []
    general = jur.elections["general"]
    assert rule_date(general, 2027) == date(2027, 6, 29)
    assert rule_date(general, 2029) == date(2029, 6, 26)
    assert rule_date(general, 2028) is None  # odd years only
    # After June 29, 2027 the next is in 2029.
    assert next_election(general, date(2027, 6, 30)) == date(2029, 6, 26)
    assert next_election(general, date(2027, 6, 29)) == date(2027, 6, 29)


def test_a_misspelt_rule_names_the_choices_including_the_last_tuesday(tmp_path):
    path, found = problems(tmp_path, BASE.replace('rule = "tuesday_after_first_monday"', 'rule = "final_tuesday"'))
    assert (f"{path}: elections.general.rule: expected one of tuesday_after_first_monday, first_tuesday, "
            "second_tuesday_after_first_monday, last_tuesday; got 'final_tuesday'") in found


def test_the_rule_is_said_in_english_and_spanish(tmp_path):
    general = load_jurisdiction(write(tmp_path, JUNE_ODD)).elections["general"]
    assert words("en").note(describe_rule(general)) == "the last Tuesday in June of odd-numbered years"
    assert words("es").note(describe_rule(general)) == "el último martes de junio de los años impares"
