"""Counting time the way statutes do, on plain dates and instants.

Pure functions, no holidays and no I/O: the business-day rules live in
:mod:`deadlines.core.business_days`. Only :mod:`datetime` and dateutil's
``relativedelta`` (for calendar months and years) are used, in a way that
behaves the same on python-dateutil 2.9 and 4.x.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_number(name: str) -> int:
    """``"tuesday"`` -> 1 (Monday is 0, as in :meth:`date.weekday`)."""
    return WEEKDAYS.index(name.lower())


def nth_weekday_before(anchor: date, n: int, weekday: int) -> date:
    """The ``n``-th ``weekday`` strictly preceding ``anchor``.

    "The fifteenth Tuesday preceding Tuesday 2025-08-05" is 2025-04-22: when
    ``anchor`` is itself that weekday it does not count (unlike dateutil's
    ``relativedelta(weekday=TU(-1))``, which returns the anchor itself).
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    back = (anchor.weekday() - weekday - 1) % 7 + 1  # 1..7 days back to the first one
    return anchor - timedelta(days=back + 7 * (n - 1))


def nth_weekday_after(anchor: date, n: int, weekday: int) -> date:
    """The ``n``-th ``weekday`` strictly following ``anchor``."""
    if n < 1:
        raise ValueError("n must be at least 1")
    ahead = (weekday - anchor.weekday() - 1) % 7 + 1
    return anchor + timedelta(days=ahead + 7 * (n - 1))


def first_weekday_of_month(year: int, month: int, weekday: int) -> date:
    """The first ``weekday`` falling in ``month`` of ``year``."""
    return nth_weekday_after(date(year, month, 1) - timedelta(days=1), 1, weekday)


def last_weekday_of_month(year: int, month: int, weekday: int) -> date:
    """The last ``weekday`` falling in ``month`` of ``year``: the first one
    preceding the first day of the next month."""
    following = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return nth_weekday_before(following, 1, weekday)


def days_before(anchor: date, days: int) -> date:
    """"The Nth day prior to X", "N days before X": X minus N calendar days."""
    return anchor - timedelta(days=days)


def days_after(anchor: date, days: int) -> date:
    """"Within N days after X": the day of X excluded, the last day included, X + N."""
    return anchor + timedelta(days=days)


def hours_after(instant: datetime, hours: int) -> datetime:
    """"Within N hours after T": the exact instant T + N elapsed hours.

    Aware instants are added in UTC, so a daylight-saving change inside the
    period keeps N real hours; the result is returned in T's own zone.
    """
    if instant.tzinfo is None:
        raise ValueError("hours_after needs an aware instant")
    return (instant.astimezone(timezone.utc) + timedelta(hours=hours)).astimezone(instant.tzinfo)


def months_before(anchor: date, months: int) -> date:
    """Calendar months back; a day missing in the target month clamps to its last
    day (12 months before 2025-02-28 is 2024-02-28; 1 month before 03-31 is 02-28/29)."""
    return anchor + relativedelta(months=-months)


def months_after(anchor: date, months: int) -> date:
    """Calendar months forward, clamping to the month's last day (Feb 29 + 12 months -> Feb 28)."""
    return anchor + relativedelta(months=+months)


def years_before(anchor: date, years: int) -> date:
    return months_before(anchor, 12 * years)


def years_after(anchor: date, years: int) -> date:
    return months_after(anchor, 12 * years)
