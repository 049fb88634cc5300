"""Input errors in words for people on the lookup form: what to type, with an
example, and what they typed (the CLI and the APIs keep the terse words of
:mod:`deadlines.core.inputs`, which tools and scripts match on)."""
from __future__ import annotations

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.model import Jurisdiction

EXAMPLE_DAY = "November 3, 2026"


def label(field: str, jur: Jurisdiction | None) -> str:
    if field == "election":
        return "the general election date"
    if field == "primary":
        return "the primary election date"
    if jur is not None and field in jur.triggers:
        return f"the date of “{jur.triggers[field].title.lower()}”"
    return field


def for_people(exc: InputError, jur: Jurisdiction | None, typed: str | None) -> str:
    """The message shown beside the field ``exc.field``."""
    message, field = str(exc), exc.field or ""
    you = f" You entered “{typed}”." if typed else ""
    if field == "jurisdiction":
        return "Choose a jurisdiction from the list." + (f" “{typed}” is not one of them." if typed else "")
    what = label(field, jur)
    if "give a date and time" in message:
        return (f"Enter {what} with the time of day, for example June 16, 2025 at 2:30 p.m. "
                f"(typed as 2025-06-16T14:30).{you}")
    if inputs.DATE_FORMS in message or inputs.MOMENT_FORMS in message or "recorded as a date" in message:
        not_a_day = " That is not a date on the calendar." if typed and "got" in message else ""
        return f"Enter {what} as month, day and year, for example {EXAMPLE_DAY} (typed as 2026-11-03).{you}{not_a_day}"
    if "give a date from" in message:
        return (f"Enter {what} between the years {inputs.EARLIEST.year} and {inputs.LATEST.year}: "
                f"this service counts only those.{you}")
    return message[0].upper() + message[1:] if message else message
