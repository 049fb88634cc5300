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
    """The message shown beside the field ``exc.field``, by the error's code."""
    message, field, code = str(exc), exc.field or "", exc.code
    you = f" You entered “{typed}”." if typed else ""
    if field == "jurisdiction":
        return "Choose a jurisdiction from the list." + (f" “{typed}” is not one of them." if typed else "")
    what = label(field, jur)
    if code == "event.needs_time":
        return (f"Enter {what} with the time of day, for example June 16, 2025 at 2:30 p.m. "
                f"(typed as 2025-06-16T14:30).{you}")
    if code in DATE_FORM_CODES:
        not_a_day = " That is not a date on the calendar." if typed and code in NOT_A_DAY_CODES else ""
        return f"Enter {what} as month, day and year, for example {EXAMPLE_DAY} (typed as 2026-11-03).{you}{not_a_day}"
    if code == "date.out_of_range":
        return (f"Enter {what} between the years {inputs.EARLIEST.year} and {inputs.LATEST.year}: "
                f"this service counts only those.{you}")
    return message[0].upper() + message[1:] if message else message


#: Errors answered by the form of a date to type.
DATE_FORM_CODES = ("date.expected", "date.not_a_date", "moment.expected", "moment.not_a_moment", "event.date_only")
#: Of those, the errors where what was typed is not a day at all.
NOT_A_DAY_CODES = ("date.not_a_date", "moment.not_a_moment")
