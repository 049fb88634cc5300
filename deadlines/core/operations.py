"""The ways of counting a calendar file may name, in one explicit table.

Each key of :data:`OPERATIONS` is a TOML key (``due = { days_before = 67,
of = "general" }``); the loader accepts exactly these keys and the engine
dispatches through this table, so a rule's words and the function that counts
them are tied here, not by the spelling of a Python name.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Callable

from deadlines.core import counting
from deadlines.core.model import Expr, Moment
from deadlines.core.moments import day_of, say, say_day

_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """1 -> "1st", 12 -> "12th", 23 -> "23rd"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


@dataclass(frozen=True)
class Operation:
    """One way of counting.

    ``apply(value, expr)`` counts from the anchor's value; ``explain(expr,
    named, result)`` says the step in plain words (``named`` names the anchor).
    ``operand`` is what the key's value is: ``"count"`` (a whole number of at
    least 1), ``"month_day"`` ("MM-DD", with ``year_of``) or ``"month_weekday"``
    (which weekday of ``month`` in the year of ``year_of``: 1-5). ``instant``: it
    counts from an exact instant (a trigger of type "instant") and gives one.
    ``days``: the signed number of days it moves, where that is fixed (the
    loader checks that a window does not end before it starts). ``most``: the
    largest value a file may give its key (ten years of a count's unit: a count
    past that is a typo, and would put a date outside any calendar; for
    ``nth_weekday_in`` the fourth, which every month has). ``reach(n)``: the
    (earliest, latest) day, relative to the anchor, that counting ``n`` can land
    on (:func:`deadlines.core.span.reach` bounds the years a computation
    touches with it); an operation without one is refused by the loader.
    """

    key: str
    apply: Callable[[Moment, Expr], Moment]
    explain: Callable[[Expr, str, Moment], str]
    operand: str = "count"
    weekday: bool = False
    instant: bool = False
    days: Callable[[int], int] | None = None
    most: int | None = None
    reach: Callable[[int], tuple[int, int]] | None = None


def _per_unit(earliest: int, latest: int) -> Callable[[int], tuple[int, int]]:
    """The reach of ``n`` units of a count moving ``earliest``..``latest`` days each."""
    return lambda n: (min(earliest * n, latest * n), max(earliest * n, latest * n))


def _in_year_of(n: int) -> tuple[int, int]:
    """A day of the anchor's year: at most a year either side of it."""
    return -366, 366


def _fixed_date(value: Moment, expr: Expr) -> date:
    month, dom = expr.month_day
    return date(day_of(value).year, month, dom)


def _weekday_in_month(value: Moment, expr: Expr) -> date:
    first = counting.first_weekday_of_month(day_of(value).year, expr.month, expr.weekday)
    return first + timedelta(weeks=expr.n - 1)


#: The most of each unit a count may give, and the days one unit moves (earliest, latest).
_UNITS = {"days": (3_660, (1, 1)), "months": (120, (28, 31)), "years": (10, (365, 366))}


def _calendar(fn: Callable[[date, int], date], unit: str, direction: str) -> Operation:
    """Days, months or years before or after: the day of the anchor excluded."""
    extra = (" (the day itself not counted)" if unit == "days"
             else " (calendar months; a missing day of the month counts as the month's last day)")

    def explain(e: Expr, named: str, result: Moment) -> str:
        amount = f"{e.n} {unit if e.n != 1 else unit[:-1]}"
        return f"{amount.capitalize()} {direction} {named}{extra} is {say_day(result)}."

    sign = -1 if direction == "before" else 1
    most, (fewest_days, most_days) = _UNITS[unit]
    return Operation(
        key=f"{unit}_{direction}",
        apply=lambda v, e: fn(day_of(v), e.n),
        explain=explain,
        days=(lambda n: sign * n) if unit == "days" else None,
        most=most,
        reach=_per_unit(sign * fewest_days, sign * most_days),
    )


OPERATIONS: dict[str, Operation] = {
    op.key: op
    for op in (
        Operation(
            key="nth_weekday_before",
            apply=lambda v, e: counting.nth_weekday_before(day_of(v), e.n, e.weekday),
            explain=lambda e, named, r: (
                f"The {ordinal(e.n)} {counting.WEEKDAYS[e.weekday].capitalize()} preceding {named}, "
                f"not counting that day itself, is {say_day(r)}."
            ),
            weekday=True,
            most=522,
            reach=_per_unit(-7, -1),
        ),
        Operation(
            key="days_before",
            apply=lambda v, e: counting.days_before(day_of(v), e.n),
            explain=lambda e, named, r: f"The {ordinal(e.n)} day prior to {named} is {say_day(r)}.",
            days=lambda n: -n,
            most=3_660,
            reach=_per_unit(-1, -1),
        ),
        _calendar(counting.days_after, "days", "after"),
        _calendar(counting.months_before, "months", "before"),
        _calendar(counting.months_after, "months", "after"),
        _calendar(counting.years_before, "years", "before"),
        _calendar(counting.years_after, "years", "after"),
        Operation(
            key="hours_after",
            apply=lambda v, e: counting.hours_after(v, e.n),
            explain=lambda e, named, r: f"{e.n} hours after {named} is {say(r)}.",
            instant=True,
            most=87_840,
            reach=lambda n: (0, n // 24 + 1),
        ),
        Operation(
            key="nth_weekday_in",
            apply=_weekday_in_month,
            explain=lambda e, named, r: (
                f"The {ordinal(e.n)} {counting.WEEKDAYS[e.weekday].capitalize()} of {r:%B} in the year of "
                f"{named} is {say_day(r)}."
            ),
            operand="month_weekday",
            weekday=True,
            most=4,
            reach=_in_year_of,
        ),
        Operation(
            key="date",
            apply=_fixed_date,
            explain=lambda e, named, r: f"{r:%B} {r.day} of the year of {named} is {say_day(r)}.",
            operand="month_day",
            reach=_in_year_of,
        ),
    )
}


def count(expr: Expr, value: Moment, named: str) -> tuple[Moment, str]:
    """Count ``expr`` from the anchor's ``value``: the moment and the step that
    explains it. An instant comes back only from an instant operation."""
    op = OPERATIONS[expr.op]
    result = op.apply(value, expr)
    assert op.instant or not isinstance(result, datetime)
    return result, op.explain(expr, named, result)
