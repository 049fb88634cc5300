"""Every input a person gives, parsed and validated in one place.

The command line, the lookup form, the JSON API and the clerk API all read
dates, instants, trigger events and cycles through these functions, so the
same mistake gets the same words everywhere. Each raises
:class:`~deadlines.core.errors.InputError` naming the field at fault; nothing
here touches a file, a database or the clock.

- A **date** is ``YYYY-MM-DD`` from :data:`EARLIEST` to :data:`LATEST`.
- An **instant** is ``YYYY-MM-DDTHH:MM[:SS][offset]``; without an offset it is
  local time in the jurisdiction's zone, with one it is converted to that zone.
- A **moment** is either.
- An **event** is a trigger's name and a moment, with an optional **label**
  naming its case (see :mod:`deadlines.core.cases`).
- **Text** (any string a person sends: a path, a query value, a form field,
  a JSON string) is checked by :func:`text` before anything reads it: no NUL,
  no other control character but tab and line breaks, no lone surrogate
  (they cannot be stored or encoded), and bounded in length; ids in paths
  are bounded by :data:`MAX_ROW_ID`.
"""
from __future__ import annotations

import re
from datetime import date, datetime
from typing import Mapping, Sequence
from zoneinfo import ZoneInfo

from deadlines.core import cases
from deadlines.core.cases import Occurrence
from deadlines.core.elections import named_cycle
from deadlines.core.errors import InputError
from deadlines.core.cases import Case
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Choice, Moment

#: The dates the service accepts as input (elections, events, overrides).
EARLIEST, LATEST = date(2000, 1, 1), date(2099, 12, 31)

DATE_FORMS = "a date YYYY-MM-DD"
MOMENT_FORMS = "a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM"

#: Limits on what a request may carry (the OpenAPI document states them).
MAX_TEXT = 2000          # characters in one value
MAX_ITEMS = 50           # items in one list, keys in one object
MAX_DEPTH = 8            # nesting of lists and objects
MAX_PATH = 512           # characters in a URL path
MAX_ROW_ID = 2**31 - 1   # the largest id a row can have (a 32-bit integer column on PostgreSQL)
_CONTROL = {chr(c) for c in range(32)} - {"\t", "\n", "\r"} | {"\x7f"}


def text(value: str, field: str, limit: int = MAX_TEXT) -> str:
    """``value`` unchanged, or InputError: a NUL or other control character
    (tab and line breaks aside), a lone surrogate, or more than ``limit``
    characters."""
    if len(value) > limit:
        raise InputError.of("text.too_long", field, limit=limit)
    bad = next((ch for ch in value if ch in _CONTROL or "\ud800" <= ch <= "\udfff"), None)
    if bad is not None:
        raise InputError.of("text.bad_character", field, point=f"{ord(bad):04X}")
    return value


def data(value: object, field: str, depth: int = 0) -> object:
    """A decoded JSON document checked throughout: every string (keys too) by
    :func:`text`, lists and objects of at most MAX_ITEMS, nesting at most
    MAX_DEPTH, integers within 64 bits."""
    if isinstance(value, str):
        return text(value, field)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        if abs(value) >= 2**63:
            raise InputError.of("data.number_out_of_range", field)
        return value
    if depth >= MAX_DEPTH:
        raise InputError.of("data.too_deep", field)
    if len(value) > MAX_ITEMS:
        raise InputError.of("data.too_many_items", field, limit=MAX_ITEMS)
    if isinstance(value, dict):
        for key, item in value.items():
            name = text(key, field, 100) if depth == 0 else field
            data(item, name, depth + 1)
        return value
    for item in value:
        data(item, field, depth + 1)
    return value


class NotAMoment(ValueError):
    """A value :func:`to_moment` cannot read: ``got``, it as the message
    quotes it; ``in_years``: a date and time with no instant in the years
    accepted."""

    def __init__(self, message: str, got: str, in_years: bool = False):
        super().__init__(message)
        self.got, self.in_years = got, in_years


def to_moment(value: object, zone: ZoneInfo) -> Moment:
    """A date, or an instant in ``zone`` (an offset given is converted to it).

    Accepts ``date``/``datetime`` objects (as TOML gives them) and ISO 8601
    strings: ``2026-05-04``, ``2026-05-04T14:30``, ``2026-05-04T14:30:00-06:00``.
    Raises ValueError naming the expected forms (the loader words it as a
    problem in a file; people get :func:`moment`).
    """
    if isinstance(value, str):
        text = value.strip()
        try:
            value = datetime.fromisoformat(text) if ("T" in text or " " in text) else date.fromisoformat(text)
        except ValueError:
            raise NotAMoment(f"expected {MOMENT_FORMS}, got {text!r}", repr(text)) from None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return value.replace(tzinfo=zone)
        try:
            return value.astimezone(zone)
        except OverflowError:  # 0001-01-01T00:00+01:00 has no instant in range
            raise NotAMoment(f"expected {MOMENT_FORMS} from {EARLIEST.year} to {LATEST.year}, got "
                             f"{value.isoformat()!r}", repr(value.isoformat()), in_years=True) from None
    if isinstance(value, date):
        return value
    raise NotAMoment(f"expected {MOMENT_FORMS}, got {value!r}", repr(value))


def _day_of(moment: Moment) -> date:
    return moment.date() if isinstance(moment, datetime) else moment


def in_range(moment: Moment, field: str) -> Moment:
    """``moment`` unchanged, or InputError naming ``field`` outside EARLIEST..LATEST."""
    if not EARLIEST <= _day_of(moment) <= LATEST:
        raise InputError.of("date.out_of_range", field, first=EARLIEST.isoformat(), last=LATEST.isoformat())
    return moment


def day(value: object, field: str) -> date:
    """A calendar date YYYY-MM-DD within the accepted range."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return in_range(value, field)
    if not isinstance(value, str):
        raise InputError.of("date.expected", field)
    try:
        parsed = date.fromisoformat(value.strip())
    except ValueError:
        raise InputError.of("date.not_a_date", field, got=repr(value)) from None
    return in_range(parsed, field)


def optional_day(value: object, field: str) -> date | None:
    """:func:`day`, or None for a missing or empty value."""
    return None if value is None or value == "" else day(value, field)


def moment(value: object, zone: ZoneInfo, field: str) -> Moment:
    """A date or an instant (see :func:`to_moment`) within the accepted range."""
    if not isinstance(value, (str, date)):
        raise InputError.of("moment.expected", field)
    try:
        parsed = to_moment(value, zone)
    except NotAMoment as exc:
        if exc.in_years:
            raise InputError.of("moment.out_of_years", field, first=EARLIEST.year, last=LATEST.year,
                                got=exc.got) from None
        raise InputError.of("moment.not_a_moment", field, got=exc.got) from None
    return in_range(parsed, field)


def event(jur: Jurisdiction, name: object, value: object, field: str | None = None) -> Moment:
    """The occurrence of trigger ``name`` of ``jur``: an instant for a trigger
    of type "instant", a date for one of type "date" (a time given for a date
    trigger is refused, never dropped). ``field`` names the input at fault
    (default: the trigger's name)."""
    trigger = jur.triggers.get(name) if isinstance(name, str) else None
    if trigger is None:
        raise no_event(jur, name, "name")
    field = field or name
    when = moment(value, ZoneInfo(jur.timezone), field)
    if trigger.type == "instant" and not isinstance(when, datetime):
        raise InputError.of("event.needs_time", field, name=name, day=when.isoformat())
    if trigger.type == "date" and isinstance(when, datetime):
        raise InputError.of("event.date_only", field, name=name)
    return when


LABEL_MAX = 200


def label(value: object, field: str = "label") -> str:
    """A case's label as a person gives it ("Ordinance 2027-04"): optional
    text, spaces tidied, at most :data:`LABEL_MAX` characters."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > LABEL_MAX:
        raise InputError.of("label.too_long", field, limit=LABEL_MAX)
    return " ".join(value.split())


def no_event(jur: Jurisdiction, name: object, field: str) -> InputError:
    """The one sentence for an event ``jur`` does not know (in any input)."""
    known = ", ".join(sorted(jur.triggers)) or "none"
    return InputError.of("event.unknown", field, jurisdiction=jur.id, name=repr(name), known=known)


def known_fields(jur: Jurisdiction, args: Mapping[str, object], also: Sequence[str] = ()) -> None:
    """Refuse a query field that is neither an election, an event of ``jur``
    nor one of ``also`` (a typed value is used or refused, never dropped)."""
    fields = {"election", "primary", *jur.triggers, *also} if "primary" in jur.elections else {"election", *jur.triggers, *also}
    unknown = sorted(k for k in args if k not in fields)
    if unknown:
        raise no_event(jur, unknown[0], unknown[0])


def event_assignment(jur: Jurisdiction, text: str) -> Occurrence:
    """``NAME=DATETIME[,LABEL]`` (the command line's ``--event``)."""
    name, sep, rest = text.partition("=")
    value, _, given = rest.partition(",")
    if not sep or not name.strip() or not value.strip():
        raise InputError.of("event.malformed", "event", got=repr(text))
    name = name.strip()
    return Occurrence(name, event(jur, name, value.strip()), label(given, "event") if given else "")


def typed_cases(jur: Jurisdiction, texts: Sequence[str]) -> list[Case]:
    """The cases of the command line's ``--event`` options (grouped as
    :mod:`deadlines.core.cases` says)."""
    return cases.typed(jur, [event_assignment(jur, t) for t in texts])


def query(jur: Jurisdiction, args: Mapping[str, object]) -> dict:
    """``election``, ``primary`` and one input per trigger name (empty values
    are absent), as keyword arguments for :func:`deadlines.service.lookup`.
    Other fields are the caller's to check (:func:`known_fields`)."""
    events = {name: event(jur, name, args[name]) for name in jur.triggers if args.get(name)}
    return {
        "election": optional_day(args.get("election"), "election"),
        "primary": optional_day(args.get("primary"), "primary"),
        "events": events,
    }


def cycle(jur: Jurisdiction, value: object, field: str = "election") -> date:
    """The cycle ``value`` names: a general election's date by rule, or the
    date a moved election is held (both name the same cycle)."""
    named = day(value, field)
    key = named_cycle(jur.elections["general"], named)
    if key is None:
        raise InputError.of("cycle.not_general", field, day=named.isoformat(), jurisdiction=jur.id)
    return key


def choice(jur: Jurisdiction, value: object, cycle: date, field: str = "choice", cycle_field: str = "cycle") -> Choice:
    """A choice the law gives ``jur`` (``[choices.<id>]`` of its calendar),
    in force for the election of ``cycle``."""
    found = jur.choices.get(value) if isinstance(value, str) else None
    if found is None:
        known = ", ".join(sorted(jur.choices)) or "none"
        raise InputError.of("choice.unknown", field, jurisdiction=jur.id, name=repr(value), known=known)
    if not found.allowed(cycle):
        facts = {"name": repr(found.name), "effective": str(found.effective), "cycle": str(cycle)}
        if found.ends:
            raise InputError.of("choice.not_in_force_until", cycle_field, ends=str(found.ends), **facts)
        raise InputError.of("choice.not_in_force", cycle_field, **facts)
    return found


def required_text(value: object, field: str, what: str = "") -> str:
    """Text that must be given (an authority, a reason), spaces at the ends trimmed."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise InputError.of("text.required_what" if what else "text.required", field, limit=MAX_TEXT,
                            **({"what": what} if what else {}))
    return value.strip()


def flag(value: object, field: str) -> bool:
    """A JSON true or false (not a string or a number)."""
    if not isinstance(value, bool):
        raise InputError.of("flag.expected", field)
    return value


def whole_number(value: object, field: str, low: int, high: int, default: int) -> int:
    """A whole number from ``low`` to ``high`` typed as text (``default`` when absent)."""
    if value is None or value == "":
        return default
    text = str(value)
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise InputError.of("number.out_of_range", field, low=low, high=f"{high:,}")
    return int(text)


def make_offset_cursor(offset: int) -> str:
    """The cursor of a page starting at ``offset`` of a listing in a fixed order."""
    return f"o{offset}"


def offset_cursor(value: object) -> int:
    """The offset a cursor of :func:`make_offset_cursor` names (0 when absent)."""
    if value is None or value == "":
        return 0
    text = str(value)
    if not (text[:1] == "o" and text[1:].isascii() and text[1:].isdigit() and len(text) < 12):
        raise InputError.of("cursor.unknown", "cursor")
    return int(text[1:])


#: A number of degrees as typed: digits, an optional sign and decimal point (no exponent, NaN or infinity).
DEGREES = re.compile(r"^[+-]?(?:[0-9]{1,3}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})$")
LIMITS = {"lat": 90, "lon": 180}


def degrees(value: object, field: str) -> float:
    """A latitude (``field`` ``lat``) or longitude (``lon``) in degrees, typed as text."""
    text = str(value).strip()
    if not DEGREES.match(text):
        raise InputError.of("point.not_a_number", field, got=repr(str(value)[:40]))
    number, most = float(text), LIMITS[field]
    if not -most <= number <= most:
        raise InputError.of("point.out_of_range", field, low=-most, high=most)
    return number


def point(args: Mapping[str, object]) -> tuple[float, float] | None:
    """The point ``lat``/``lon`` of a query (None where neither is given);
    one without the other, or either combined with ``q`` or ``ocd_id``,
    is an error naming the field."""
    lat, lon = args.get("lat"), args.get("lon")
    if lat is None and lon is None:
        return None
    for other in ("q", "ocd_id"):
        if args.get(other):
            raise InputError.of("point.not_with", other)
    if lat is None or lon is None:
        raise InputError.of("point.needs_both", "lat" if lat is None else "lon")
    return degrees(lat, "lat"), degrees(lon, "lon")


def near(value: object) -> tuple[float, float]:
    """``LAT,LON`` (the page's ``near``) as a point."""
    parts = str(value).split(",")
    if len(parts) != 2:
        raise InputError.of("near.expected", "near", got=repr(str(value)[:40]))
    try:
        return degrees(parts[0], "lat"), degrees(parts[1], "lon")
    except InputError:
        raise InputError.of("near.expected", "near", got=repr(str(value)[:40])) from None
