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
from deadlines.core.moments import day_of
from deadlines.core.notes import Note


@dataclass(frozen=True)
class Operation:
    """One way of counting.

    ``apply(value, expr)`` counts from the anchor's value; ``explain(expr,
    anchor, result)`` is the step as a note ``count.<key>`` (``anchor``: the
    note naming what it counts from).
    ``operand`` is what the key's value is: ``"count"`` (a whole number from
    :attr:`least`), ``"month_day"`` ("MM-DD", with ``year_of``) or ``"month_weekday"``
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
    explain: Callable[[Expr, Note, Moment], Note]
    operand: str = "count"
    weekday: bool = False
    instant: bool = False
    days: Callable[[int], int] | None = None
    most: int | None = None
    reach: Callable[[int], tuple[int, int]] | None = None

    @property
    def least(self) -> int:
        """The smallest value a file may give its key: 1, or 0 for a count of
        days (:data:`SAME_DAY_OPS`: the day of the anchor itself)."""
        return 0 if self.key in SAME_DAY_OPS else 1


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


#: The counts of days, which may count 0: the day of the anchor itself (``days_before = 0``).
SAME_DAY_OPS = frozenset({"days_before", "days_after"})
#: The most of each unit a count may give, and the days one unit moves (earliest, latest).
_UNITS = {"days": (3_660, (1, 1)), "months": (120, (28, 31)), "years": (10, (365, 366))}


def _calendar(fn: Callable[[date, int], date], unit: str, direction: str) -> Operation:
    """Days, months or years before or after: the day of the anchor excluded."""
    sign = -1 if direction == "before" else 1
    most, (fewest_days, most_days) = _UNITS[unit]
    key = f"{unit}_{direction}"
    return Operation(
        key=key,
        apply=lambda v, e: fn(day_of(v), e.n),
        explain=_said(key, "n"),
        days=(lambda n: sign * n) if unit == "days" else None,
        most=most,
        reach=_per_unit(sign * fewest_days, sign * most_days),
    )


def _said(key: str, *fields: str) -> Callable[[Expr, Note, Moment], Note]:
    """The step of operation ``key``: ``count.<key>`` with the expression's
    ``fields``, the anchor and the day (``moment`` for an instant) counted."""
    code = f"count.{key}"
    if fields == ("n",) and key in SAME_DAY_OPS:  # 0 days: the day of the anchor itself
        return lambda e, anchor, result: (Note("count.same_day", (("anchor", anchor), ("day", result))) if e.n == 0
                                          else Note(code, (("n", e.n), ("anchor", anchor), ("day", result))))
    if fields == ("n",):
        return lambda e, anchor, result: Note(code, (("n", e.n), ("anchor", anchor), ("day", result)))
    if fields == ("n", "weekday"):
        return lambda e, anchor, result: Note(code, (("n", e.n), ("weekday", e.weekday), ("anchor", anchor),
                                                     ("day", result)))
    assert fields == ()
    return lambda e, anchor, result: Note(code, (("anchor", anchor), ("day", result)))


OPERATIONS: dict[str, Operation] = {
    op.key: op
    for op in (
        Operation(
            key="nth_weekday_before",
            apply=lambda v, e: counting.nth_weekday_before(day_of(v), e.n, e.weekday),
            explain=_said("nth_weekday_before", "n", "weekday"),
            weekday=True,
            most=522,
            reach=_per_unit(-7, -1),
        ),
        Operation(
            key="days_before",
            apply=lambda v, e: counting.days_before(day_of(v), e.n),
            explain=_said("days_before", "n"),
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
            explain=_said("hours_after", "n"),
            instant=True,
            most=87_840,
            reach=lambda n: (0, n // 24 + 1),
        ),
        Operation(
            key="nth_weekday_in",
            apply=_weekday_in_month,
            explain=_said("nth_weekday_in", "n", "weekday"),
            operand="month_weekday",
            weekday=True,
            most=4,
            reach=_in_year_of,
        ),
        Operation(
            key="date",
            apply=_fixed_date,
            explain=_said("date"),
            operand="month_day",
            reach=_in_year_of,
        ),
    )
}


def count(expr: Expr, value: Moment, anchor: Note) -> tuple[Moment, Note]:
    """Count ``expr`` from the anchor's ``value``: the moment and the step that
    explains it (``anchor`` names the anchor). An instant comes back only
    from an instant operation."""
    op = OPERATIONS[expr.op]
    result = op.apply(value, expr)
    assert op.instant or not isinstance(result, datetime)
    return result, op.explain(expr, anchor, result)
