"""Dates and instants said in plain English (input is parsed in :mod:`deadlines.core.inputs`)."""
from __future__ import annotations

from datetime import date, datetime, time, tzinfo

from deadlines.core.model import Moment


def day_of(moment: Moment) -> date:
    return moment.date() if isinstance(moment, datetime) else moment


def instant_of(moment: Moment, zone: tzinfo) -> datetime:
    """A moment as the instant it ends: a date alone at the end of its day in
    ``zone`` (so dates and instants of one deadline compare)."""
    return moment if isinstance(moment, datetime) else datetime.combine(moment, time.max, tzinfo=zone)


def say_day(day: date) -> str:
    """"Monday, June 9, 2025"."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def say_clock(t: time) -> str:
    """"5:00 p.m.", "8:00 a.m.", "12:00 noon"."""
    if t.hour == 12 and t.minute == 0:
        return "12:00 noon"
    hour = t.hour % 12 or 12
    return f"{hour}:{t.minute:02d} {'a.m.' if t.hour < 12 else 'p.m.'}"


def say(moment: Moment) -> str:
    """"5:00 p.m. on Monday, June 9, 2025" or "Monday, June 9, 2025"."""
    if isinstance(moment, datetime):
        return f"{say_clock(moment.timetz())} on {say_day(moment.date())}"
    return say_day(moment)


def from_iso(text: str | None) -> Moment | None:
    """What :func:`iso` wrote, read back (stored values; people's input goes
    through :mod:`deadlines.core.inputs`)."""
    if text is None:
        return None
    return datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text)


def iso(moment: Moment | None) -> str | None:
    """ISO 8601: a date, or an instant with its UTC offset."""
    return None if moment is None else moment.isoformat()
