"""The names a calendar file may use come from one table each: ways of counting
(with their bounds and reach) from the operations table, election-day rules,
rolls and observed-day shifts. A name the table lacks is a problem naming the
choices; a row added to a table is accepted without another edit."""
from dataclasses import replace
from datetime import date, timedelta

from deadlines.core.business_days import ROLLS, BusinessCalendar
from deadlines.core.counting import first_weekday_of_month
from deadlines.core.elections import ELECTION_DAYS, rule_date
from deadlines.core.loader import check_jurisdiction, load_jurisdiction
from deadlines.core.operations import OPERATIONS
from tests.calendar_files import BASE, problems, write

COUNT = "due = { days_before = 60, of = \"general\" }"


def test_an_operation_without_a_reach_is_a_problem_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setitem(OPERATIONS, "days_before", replace(OPERATIONS["days_before"], reach=None))
    path, found = problems(tmp_path, BASE)
    message = "days_before has no reach in the operations table (how many days it can count); it cannot be used until it has one"
    assert found == [f"{path}: deadlines.filing.due.days_before: {message}"]


def test_every_operation_has_a_reach_and_every_count_a_bound():
    for key, op in OPERATIONS.items():
        assert op.reach is not None, key
        assert op.operand == "month_day" or op.most, key


def test_the_reach_of_a_rule_is_its_count_and_a_roll_either_side(tmp_path):
    # 60 days before the election, rolled up to 31 days either way: 91 days before, 31 after.
    assert load_jurisdiction(write(tmp_path, BASE)).reach == (91, 31)
    # Three calendar months before: at most 3 x 31 = 93 days, plus the roll.
    body = BASE.replace(COUNT, 'due = { months_before = 3, of = "general" }')
    assert load_jurisdiction(write(tmp_path, body)).reach == (124, 31)
    # 50 hours after an instant reach into the third day after it.
    body = BASE.replace(COUNT, 'due = { hours_after = 50, of = "filed" }') + (
        '\n[triggers.filed]\ntitle = "Filed"\ntype = "instant"\ncite = "x"\n')
    assert load_jurisdiction(write(tmp_path, body)).reach == (31, 34)


def test_a_count_past_its_bound_names_the_bound(tmp_path):
    path, found = problems(tmp_path, BASE.replace(COUNT, 'due = { years_before = 11, of = "general" }'))
    assert f"{path}: deadlines.filing.due.years_before: expected an integer of at most 10, got 11" in found


def test_election_day_rules(tmp_path):
    # November 2022: the 1st is a Tuesday; the first Monday is the 7th (the general election was the 8th).
    assert ELECTION_DAYS["first_tuesday"](2022, 11) == date(2022, 11, 1)
    assert ELECTION_DAYS["tuesday_after_first_monday"](2022, 11) == date(2022, 11, 8)
    # Utah's municipal primary (20A-9-404(1)(b)(i)), "the second Tuesday following the first Monday in the
    # August": August 2027's first Monday is the 2nd, so the 3rd and the 10th follow; August 2023's first
    # Monday is the 7th: the 8th and the 15th (not "the second Tuesday in August", the 8th)
    assert ELECTION_DAYS["second_tuesday_after_first_monday"](2027, 8) == date(2027, 8, 10)
    assert ELECTION_DAYS["second_tuesday_after_first_monday"](2023, 8) == date(2023, 8, 15)
    path, found = problems(tmp_path, BASE.replace('rule = "tuesday_after_first_monday"', 'rule = "second_tuesday"'))
    assert (f"{path}: elections.general.rule: expected one of tuesday_after_first_monday, first_tuesday, "
            "second_tuesday_after_first_monday, last_tuesday; got 'second_tuesday'") in found


def test_a_new_election_day_rule_is_a_row_of_the_table(tmp_path, monkeypatch):
    def second_tuesday(year: int, month: int) -> date:
        return first_weekday_of_month(year, month, 1) + timedelta(days=7)

    monkeypatch.setitem(ELECTION_DAYS, "second_tuesday", second_tuesday)
    body = BASE.replace('rule = "tuesday_after_first_monday"', 'rule = "second_tuesday"')
    jur, found = check_jurisdiction(write(tmp_path, body))
    assert found == []
    assert rule_date(jur.elections["general"], 2025) == date(2025, 11, 11)  # Tuesdays of Nov 2025: 4th, 11th


def test_rolls_are_the_table_of_moves(tmp_path):
    assert tuple(ROLLS) == ("next_business_day", "prior_business_day", "none")
    saturday, calendar = date(2025, 11, 1), BusinessCalendar()
    assert [calendar.roll(saturday, how) for how in ROLLS] == [date(2025, 11, 3), date(2025, 10, 31), saturday]
    path, found = problems(tmp_path, BASE.replace('roll = "next_business_day"', 'roll = "next_day"'))
    assert (f"{path}: time_law.roll: expected one of next_business_day, prior_business_day, none; "
            "got 'next_day'") in found


def test_observed_shifts_are_named_from_their_table(tmp_path):
    path, found = problems(tmp_path, BASE.replace('observed = ["sunday_to_monday"]', 'observed = ["sunday_to_friday"]'))
    assert (f"{path}: holidays.legal.new-year.observed[0]: expected one of saturday_to_friday, sunday_to_monday, "
            "tuesday_to_friday_to_preceding_monday, saturday_sunday_to_following_monday; got 'sunday_to_friday'") in found
