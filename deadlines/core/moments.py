"""Dates and instants: parsing user input and saying them in plain English."""
from __future__ import annotations

from datetime import date, datetime, time
from functools import lru_cache
from zoneinfo import ZoneInfo

from deadlines.core.model import Moment


#: The dates the service accepts as input (elections, events, overrides).
EARLIEST, LATEST = date(2000, 1, 1), date(2099, 12, 31)


def in_range(moment: Moment, field: str) -> Moment:
    """``moment`` unchanged, or InputError naming ``field`` when it falls outside
    :data:`EARLIEST`..:data:`LATEST`."""
    from deadlines.core.errors import InputError

    if not EARLIEST <= day_of(moment) <= LATEST:
        raise InputError(f"{field}: give a date from {EARLIEST.isoformat()} to {LATEST.isoformat()}", field)
    return moment


def parse_moment(value: object, zone: ZoneInfo) -> Moment:
    """A date, or an instant made aware in ``zone`` when it carries no offset.

    Accepts ``date``/``datetime`` objects (as TOML gives them) and ISO 8601
    strings: ``2026-05-04``, ``2026-05-04T14:30``, ``2026-05-04T14:30:00-06:00``.
    Raises ValueError naming the expected forms.
    """
    if isinstance(value, str):
        text = value.strip()
        try:
            value = datetime.fromisoformat(text) if ("T" in text or " " in text) else date.fromisoformat(text)
        except ValueError:
            raise ValueError(
                f"expected a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM, got {text!r}"
            ) from None
    if isinstance(value, datetime):
        return value.replace(tzinfo=zone) if value.tzinfo is None else value.astimezone(zone)
    if isinstance(value, date):
        return value
    raise ValueError(f"expected a date or a date and time, got {value!r}")


def parse_date(value: str) -> date:
    """A calendar date YYYY-MM-DD (ValueError otherwise)."""
    try:
        return date.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        raise ValueError(f"expected a date YYYY-MM-DD, got {value!r}") from None


def day_of(moment: Moment) -> date:
    return moment.date() if isinstance(moment, datetime) else moment


@lru_cache(maxsize=65536)
def say_day(day: date) -> str:
    """"Monday, June 9, 2025"."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


@lru_cache(maxsize=4096)
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


def iso(moment: Moment | None) -> str | None:
    """ISO 8601: a date, or an instant with its UTC offset."""
    return None if moment is None else moment.isoformat()
