"""Property tests of the counting rules and business-day rolls.

This file imports only the pure counting modules, so scripts/test also runs it
in a second environment with python-dateutil 4.x (without `holidays`, which
caps dateutil below 3): the results must agree under both.
"""
from datetime import date, datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta, weekday as dateutil_weekday
from hypothesis import given, settings, strategies as st

from deadlines.core.business_days import BusinessCalendar
from deadlines.core.counting import (
    days_after,
    days_before,
    hours_after,
    months_after,
    months_before,
    nth_weekday_after,
    nth_weekday_before,
)

days = st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31))
weekdays = st.integers(min_value=0, max_value=6)
counts = st.integers(min_value=1, max_value=30)
closed_sets = st.frozensets(st.dates(min_value=date(2019, 6, 1), max_value=date(2021, 6, 30)), max_size=60)
in_range = st.dates(min_value=date(2020, 1, 1), max_value=date(2020, 12, 31))


@given(days, counts, weekdays)
def test_nth_weekday_before_is_that_weekday_strictly_before(anchor, n, wd):
    result = nth_weekday_before(anchor, n, wd)
    assert result.weekday() == wd
    assert result < anchor
    between = [result + timedelta(days=i) for i in range(1, (anchor - result).days)]
    assert sum(1 for d in between if d.weekday() == wd) == n - 1


@given(days, counts, weekdays)
def test_nth_weekday_before_agrees_with_dateutil(anchor, n, wd):
    # dateutil's TU(-n) from the day before counts "on or before", hence strictly before anchor
    oracle = anchor - timedelta(days=1) + relativedelta(weekday=dateutil_weekday(wd, -n))
    assert nth_weekday_before(anchor, n, wd) == oracle


@given(days, counts, weekdays)
def test_nth_weekday_after_agrees_with_dateutil(anchor, n, wd):
    oracle = anchor + timedelta(days=1) + relativedelta(weekday=dateutil_weekday(wd, +n))
    assert nth_weekday_after(anchor, n, wd) == oracle


def test_fifteenth_tuesday_preceding_a_tuesday_excludes_it():
    assert nth_weekday_before(date(2025, 8, 5), 15, 1) == date(2025, 4, 22)


@given(days, st.integers(min_value=0, max_value=4000))
def test_days_before_and_after_are_inverse(anchor, n):
    assert days_after(days_before(anchor, n), n) == anchor
    assert (anchor - days_before(anchor, n)).days == n


def _clamped(year: int, month: int, day: int) -> date:
    """Independent month arithmetic: the same day, or the month's last day."""
    while True:
        try:
            return date(year, month, day)
        except ValueError:
            day -= 1


@given(days, st.integers(min_value=0, max_value=48))
def test_months_clamp_to_month_end(anchor, n):
    back = anchor.year * 12 + anchor.month - 1 - n
    assert months_before(anchor, n) == _clamped(back // 12, back % 12 + 1, anchor.day)
    fwd = anchor.year * 12 + anchor.month - 1 + n
    assert months_after(anchor, n) == _clamped(fwd // 12, fwd % 12 + 1, anchor.day)


def test_feb_29_plus_two_years():
    assert months_after(date(2024, 2, 29), 24) == date(2026, 2, 28)
    assert months_before(date(2028, 2, 29), 12) == date(2027, 2, 28)


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 1, 1)), st.integers(0, 1000))
def test_hours_after_is_elapsed_time(naive, hours):
    start = naive.replace(tzinfo=timezone.utc)
    assert (hours_after(start, hours) - start) == timedelta(hours=hours)


@given(in_range, closed_sets)
def test_rolled_date_is_a_business_day(day, closed):
    cal = BusinessCalendar(closed={d: "closed" for d in closed})
    for how in ("next_business_day", "prior_business_day"):
        assert cal.is_business_day(cal.roll(day, how))


@given(in_range, closed_sets)
def test_backward_roll_never_later_forward_never_earlier(day, closed):
    cal = BusinessCalendar(closed={d: "closed" for d in closed})
    prior, nxt = cal.roll(day, "prior_business_day"), cal.roll(day, "next_business_day")
    assert prior <= day <= nxt
    # nothing open strictly between the rolled day and the day itself
    for d in (prior + timedelta(days=i) for i in range(1, (day - prior).days + 1)):
        assert not cal.is_business_day(d) or d == day
    if cal.is_business_day(day):
        assert prior == day == nxt == cal.roll(day, "none")


@given(in_range, closed_sets)
def test_no_roll_never_moves(day, closed):
    cal = BusinessCalendar(closed={d: "closed" for d in closed})
    assert cal.roll(day, "none") == day


@settings(max_examples=50)
@given(in_range)
def test_calendar_that_never_opens_is_an_error(day):
    cal = BusinessCalendar(workdays=frozenset())
    try:
        cal.roll(day, "next_business_day")
    except ValueError as exc:
        assert "never opens" in str(exc)
    else:
        raise AssertionError("expected ValueError")
