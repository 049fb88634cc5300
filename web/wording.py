"""Input errors in words for people on the lookup form, in the reader's
language: what to type, with an example, and what they typed (the CLI and
the APIs keep the terse words of :mod:`deadlines.core.inputs`, which tools
and scripts match on; :meth:`deadlines.words.Words.error` says those in
another language where the error has a template)."""
from __future__ import annotations

from datetime import date, datetime

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.words import Words

EXAMPLE_DAY = date(2026, 11, 3)
EXAMPLE_MOMENT = datetime(2025, 6, 16, 14, 30)


def label(w: Words, field: str, jur: Jurisdiction | None) -> str:
    """What field ``field`` asks for, as the middle of "Enter ... as"."""
    if field == "election":
        return w._("the general election date")
    if field == "primary":
        return w._("the primary election date")
    if jur is not None and field in jur.triggers:
        return w._("the date of “{event}”", event=w.calendar(jur.triggers[field].title).lower())
    return field


def for_people(w: Words, exc: InputError, jur: Jurisdiction | None, typed: str | None) -> str:
    """The message shown beside the field ``exc.field``, by the error's code;
    an error with no words of its own here is said as :meth:`Words.error`
    says it (its code's template in the reader's language)."""
    field, code = exc.field or "", exc.code
    you = _you(w, typed)
    if field == "jurisdiction":
        return w._("Choose a jurisdiction from the list.") + (
            " " + w._("“{typed}” is not one of them.", typed=typed) if typed else "")
    what = label(w, field, jur)
    if code in ("event.needs_time", "anchor.needs_time"):
        example = w._("{day} at {clock}", day=w.plain_day(EXAMPLE_MOMENT.date()), clock=w.clock(EXAMPLE_MOMENT.time()))
        return w._("Enter {what} with the time of day, for example {example} (typed as {typed_as}).", what=what,
                   example=example, typed_as=EXAMPLE_MOMENT.isoformat(timespec="minutes")) + you
    if code in DATE_FORM_CODES:
        return enter_a_date(w, what, bool(typed) and code in NOT_A_DAY_CODES, typed)
    if code == "date.out_of_range":
        return w._("Enter {what} between the years {first} and {last}: this service counts only those.", what=what,
                   first=inputs.EARLIEST.year, last=inputs.LATEST.year) + you
    return w.error(exc)  # as the CLI and the APIs say it (it may begin with an id: not capitalized)


def enter_a_date(w: Words, what: str, not_a_day: bool, typed: str | None = None) -> str:
    """"Enter <what> as month, day and year, for example ...", then what was
    ``typed`` (where given) and, where ``not_a_day``, that it is no date on
    the calendar."""
    return (w._("Enter {what} as month, day and year, for example {example} (typed as {typed_as}).", what=what,
                example=w.plain_day(EXAMPLE_DAY), typed_as=EXAMPLE_DAY.isoformat())
            + _you(w, typed)
            + (" " + w._("That is not a date on the calendar.") if not_a_day else ""))


def _you(w: Words, typed: str | None) -> str:
    return " " + w._("You entered “{typed}”.", typed=typed) if typed else ""


#: Errors answered by the form of a date to type.
DATE_FORM_CODES = ("date.expected", "date.not_a_date", "moment.expected", "moment.not_a_moment", "moment.out_of_years",
                   "event.date_only")
#: Of those, the errors where what was typed is not a day at all.
NOT_A_DAY_CODES = ("date.not_a_date", "moment.not_a_moment", "moment.out_of_years")
