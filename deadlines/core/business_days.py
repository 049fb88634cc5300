"""Business days: which days an office is open, and rolling a day onto one.

:class:`BusinessCalendar` is pure data (a frozen set of closed dates with their
names, the weekdays the office works and the span of days it holds); it is
built from a jurisdiction's holiday law by :mod:`deadlines.core.holiday_law`,
or directly in tests. Asked about a day outside its span it raises
:class:`~deadlines.core.errors.CoverageError` rather than guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Callable, Mapping

from deadlines.core.errors import CoverageError
from deadlines.core.notes import Note

#: Guard against a calendar that never opens (all weekdays closed).
_MAX_SCAN_DAYS = 366


@dataclass(frozen=True)
class BusinessCalendar:
    """Closed dates (holidays, observed days, closures) and working weekdays.

    ``closed`` maps each closed date to the reason it is closed. ``workdays``
    holds :meth:`date.weekday` numbers (Monday 0) on which the office is open.
    ``first``..``last`` is the span it holds; ``holds`` says what it is (for
    the error when asked outside it).
    """

    closed: Mapping[date, str] = field(default_factory=dict)
    workdays: frozenset[int] = frozenset(range(5))
    first: date = date.min
    last: date = date.max
    holds: str = "this calendar"

    def is_business_day(self, day: date) -> bool:
        if not self.first <= day <= self.last:
            raise CoverageError.of("calendar.not_covered", None, day=day.isoformat(), holds=self.holds,
                                   first=self.first.year, last=self.last.year)
        return day.weekday() in self.workdays and day not in self.closed

    def why_closed(self, day: date) -> Note | None:
        """Why ``day`` is closed: ``closed.holiday`` (``name``: what
        :attr:`closed` says, "Columbus Day (a holiday)"), ``closed.weekday``
        ("a Saturday"), or None for a business day."""
        if self.is_business_day(day):
            return None
        if day in self.closed:
            return Note("closed.holiday", (("name", self.closed[day]),))
        return Note("closed.weekday", (("day", day),))

    def next_business_day(self, day: date) -> date:
        """The first business day strictly after ``day``."""
        return self._scan(day, +1)

    def prior_business_day(self, day: date) -> date:
        """The last business day strictly before ``day``."""
        return self._scan(day, -1)

    def on_or_after(self, day: date) -> date:
        return day if self.is_business_day(day) else self.next_business_day(day)

    def roll(self, day: date, how: str) -> date:
        """Move ``day`` onto a business day as ``how`` says (one of :data:`ROLLS`).

        A business day never moves; ``"none"`` never moves anything.
        """
        move = ROLLS.get(how)
        if move is None:
            raise ValueError(f"unknown roll {how!r}; expected one of {', '.join(ROLLS)}")
        return day if self.is_business_day(day) else move(self, day)

    def _scan(self, day: date, step: int) -> date:
        one = timedelta(days=step)
        for _ in range(_MAX_SCAN_DAYS):
            day += one
            if self.is_business_day(day):
                return day
        raise ValueError("no business day within a year: the calendar never opens")


#: The rolls a calendar file may name (``roll = "next_business_day"``), each the
#: move of a day that is not a business day (a business day never moves): the
#: loader accepts exactly these names and the schema lists them.
ROLLS: dict[str, Callable[[BusinessCalendar, date], date]] = {
    "next_business_day": BusinessCalendar.next_business_day,
    "prior_business_day": BusinessCalendar.prior_business_day,
    "none": lambda calendar, day: day,
}
