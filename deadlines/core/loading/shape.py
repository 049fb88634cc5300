"""The shape of a calendar file, declared once: each table's keys, which are
required and what each holds.

The loader checks every table's keys against these declarations (an unknown
key, a missing required one) and :mod:`deadlines.calendar_schema` exports them
as the JSON Schema editors check a calendar file with as it is typed. The names
a value may take come from the tables that give them meaning: the ways of
counting and their bounds from :data:`~deadlines.core.operations.OPERATIONS`,
election-day rules from :data:`~deadlines.core.elections.ELECTION_DAYS`, rolls
from :data:`~deadlines.core.business_days.ROLLS`, observed-day shifts from
:data:`~deadlines.core.holiday_law.OBSERVED`. What can only be checked across
keys or files (an anchor that exists, a window that ends after it starts) is
the loader's, not the shape's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from deadlines.core.business_days import ROLLS
from deadlines.core.counting import WEEKDAYS
from deadlines.core.elections import ELECTION_DAYS
from deadlines.core.holiday_law import OBSERVED, WEEKLY
from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.core.model import AUDIENCES, KINDS, YEARS
from deadlines.core.operations import OPERATIONS
from deadlines.core.roster import OCD_PATTERN

#: A shared set's name: ``calendars/shared/<name>.toml``.
SET_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
#: The years a law's rules or a hand-kept list may be written for.
FIRST_YEAR, LAST_YEAR = 1900, 2100
#: Days a holiday may be moved from the day its rule finds (``plus_days``, ``easter``).
MOST_OFFSET = 366
#: Keys whose text may run over several lines (the quoted law); every other
#: string is one line: it becomes a title, a name or an iCalendar property.
MULTILINE_KEYS = frozenset({"text"})


# --------------------------------------------------------------------------- what a key holds


@dataclass(frozen=True)
class Text:
    """A non-empty string; one line unless ``multiline`` (the quoted law)."""

    multiline: bool = False


@dataclass(frozen=True)
class Day:
    """A date YYYY-MM-DD (a TOML date or a string)."""


@dataclass(frozen=True)
class Clock:
    """A time of day HH:MM, 24-hour (a TOML time or a string)."""


@dataclass(frozen=True)
class Moment:
    """A date, a local date-time in the jurisdiction's zone, or an ISO string."""


@dataclass(frozen=True)
class Whole:
    """An integer from ``low`` to ``high`` (None: no bound)."""

    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Percent:
    """A number above 0 and at most 100."""


@dataclass(frozen=True)
class Flag:
    """true or false."""


@dataclass(frozen=True)
class OneOf:
    """One of ``choices``."""

    choices: tuple[str, ...]


@dataclass(frozen=True)
class Pattern:
    """A string matching ``regex`` (``example`` shows one)."""

    regex: str
    example: str


@dataclass(frozen=True)
class ListOf:
    item: object


@dataclass(frozen=True)
class Named:
    """A table whose every key is a name (an id) holding ``item``."""

    item: object


@dataclass(frozen=True)
class Either:
    options: tuple[object, ...]


@dataclass(frozen=True)
class Table:
    """A table with exactly ``keys`` (name, what it holds); the first
    ``required`` of them must be given, in the order problems name them."""

    name: str
    doc: str
    keys: tuple[tuple[str, object], ...]
    required: tuple[str, ...] = ()
    allowed: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "allowed", frozenset(name for name, _ in self.keys))


def table(name: str, doc: str, required: tuple = (), optional: tuple = ()) -> Table:
    keys = tuple(required) + tuple(optional)
    for key, value in keys:
        assert not isinstance(value, Text) or value.multiline == (key in MULTILINE_KEYS), (name, key)
    return Table(name, doc, keys, tuple(k for k, _ in required))


def one_or_versions(item: Table) -> Either:
    """A table, or a list of its versions (``[[...]]``) each taking effect on its date."""
    return Either((item, ListOf(item)))


LINE, TEXT, DAY, CLOCK = Text(), Text(multiline=True), Day(), Clock()
MONTH = Whole(1, 12)
ROLL = OneOf(tuple(ROLLS))
URL = Pattern(r"^https?://", "https://le.utah.gov/xcode/Title20A/Chapter1/20A-1-S401.html")
MONTH_DAY = Pattern(r"^\d{1,2}-\d{1,2}$", "06-07")
OPENING = OneOf(("office_opening",))
WHOLE_YEAR = Whole(FIRST_YEAR, LAST_YEAR)


# --------------------------------------------------------------------------- the tables


def _operand(op) -> object:
    """What an operation's key holds: a count of units from 1 (of days from 0:
    the day of the anchor itself), or a month and day."""
    if op.operand == "month_day":
        return MONTH_DAY
    return Whole(op.least, op.most)


COUNT = table(
    "Count", "One way of counting (exactly one of its keys) and what it counts from: `of` (an election, "
    "trigger or deadline), or `year_of` for a fixed date or nth_weekday_in.",
    optional=tuple((key, _operand(op)) for key, op in OPERATIONS.items())
    + (("of", LINE), ("weekday", OneOf(WEEKDAYS)), ("year_of", LINE), ("month", MONTH)),
)
READING = table(
    "Reading", "Another reading of a rule's last day: another roll, hour, zone of the hour or way of counting.",
    required=(("name", LINE), ("cite", LINE), ("why", LINE)),
    optional=(("roll", ROLL), ("at", CLOCK), ("at_zone", LINE), ("due", COUNT), ("election_months", ListOf(MONTH))),
)
THRESHOLD = table(
    "Threshold", "How many signatures an office's petition needs: `min` (and `max`) or `percent`.",
    required=(("office", LINE), ("who", LINE), ("cite", LINE)),
    optional=(("min", Whole(0)), ("max", Whole(0)), ("percent", Percent()), ("note", LINE)),
)
RULE = table(
    "Deadline", "A deadline, window or notice the law sets, counted from an anchor.",
    required=(("title", LINE), ("kind", OneOf(KINDS)), ("audience", ListOf(OneOf(AUDIENCES))), ("due", COUNT),
              ("cite", LINE), ("text", TEXT)),
    optional=(("start", COUNT), ("start_at", OPENING), ("at", CLOCK), ("roll", ROLL), ("office_act", Flag()), ("kept_open", Flag()),
              ("from_practice", Flag()),
              ("readings", ListOf(READING)), ("thresholds", ListOf(THRESHOLD)), ("effective", DAY),
              ("note", LINE), ("warning", LINE), ("url", URL), ("read", DAY),
              ("replaces", Pattern(SET_NAME.pattern, "utah-election-law"))),
)
MOVE = table("Move", "An election moved by an authority from its day by rule.",
             required=(("from", DAY), ("to", DAY), ("authority", LINE)))
WAY = table("Way", "One way a statute fixes an election's day, for one kind of year.",
            required=(("rule", OneOf(tuple(ELECTION_DAYS))), ("month", MONTH), ("years", OneOf(YEARS)),
                      ("cite", LINE)))
ELECTION = table(
    "Election", "An election's day by rule: `rule`, `month` and `years`, or `ways` (one per kind of year).",
    required=(("title", LINE), ("cite", LINE)),
    optional=(("text", TEXT), ("moved", ListOf(MOVE)), ("ways", ListOf(WAY)),
              ("rule", OneOf(tuple(ELECTION_DAYS))), ("month", MONTH), ("years", OneOf(YEARS))),
)
TRIGGER = table("Trigger", "An event a deadline counts from, recorded when it happens.",
                required=(("title", LINE), ("type", OneOf(("date", "instant"))), ("cite", LINE)))
PERIOD = table("Period", "The period a choice gives the deadlines it names; in a list of versions (`[[...period]]`), "
               "each from its `effective` date (the first on the choice's).",
               required=(("due", COUNT), ("cite", LINE), ("text", TEXT)),
               optional=(("start", COUNT), ("start_at", OPENING), ("at", CLOCK), ("effective", DAY),
                         ("readings", ListOf(READING))))
CHOICE = table(
    "Choice", "An option the law gives per cycle, and the period it gives the deadlines it names.",
    required=(("title", LINE), ("cite", LINE), ("text", TEXT), ("effective", DAY), ("deadlines", ListOf(LINE)),
              ("period", one_or_versions(PERIOD))),
    optional=(("ends", DAY), ("after", LINE), ("removes", ListOf(LINE)), ("not_held", ListOf(LINE))),
)
DECISION = table("Decision", "A jurisdiction's recorded choice for one cycle, on an authority.",
                 required=(("choice", LINE), ("election", DAY), ("taken", Flag()), ("authority", LINE)))
OVERRIDE = table(
    "Override", "A deadline of one cycle set otherwise by an authority (or cancelled).",
    required=(("deadline", LINE), ("election", DAY), ("authority", LINE), ("reason", LINE)),
    optional=(("due", Moment()), ("start", Moment()), ("status", OneOf(("overridden", "cancelled")))),
)
TIME_LAW = table("TimeLaw", "The computation-of-time law: how a last day off a business day rolls.",
                 required=(("roll", ROLL), ("cite", LINE), ("text", TEXT)), optional=(("warning", LINE),))
OFFICE_HOURS = table("OfficeHours", "When the office is open.",
                     required=(("open", CLOCK), ("close", CLOCK), ("cite", LINE)), optional=(("confirm", LINE),))
COVERS = table("Covers", "The years a hand-kept list is kept for.",
               required=(("from", WHOLE_YEAR), ("to", WHOLE_YEAR)))
COVERS_FROM = table("CoversFrom", "The first year the holiday law's rules are written for.",
                    required=(("from", WHOLE_YEAR),))
NTH = table("NthWeekday", "The n-th weekday of a month.",
            required=(("month", MONTH), ("n", Whole(1, 4)), ("weekday", OneOf(WEEKDAYS))))
LAST = table("LastWeekday", "The last weekday of a month.", required=(("month", MONTH), ("weekday", OneOf(WEEKDAYS))))


def _holiday(name: str, doc: str, legal: bool) -> Table:
    """A holiday rule: exactly one way of finding its day (date, nth, last, easter, every)."""
    optional = (
        ("date", MONTH_DAY), ("nth", NTH), ("last", LAST), ("easter", Whole(-MOST_OFFSET, MOST_OFFSET)),
        ("every", OneOf(WEEKLY)), ("plus_days", Whole(-MOST_OFFSET, MOST_OFFSET)), ("years", OneOf(YEARS)),
        ("observed", ListOf(OneOf(tuple(OBSERVED)))), ("from", DAY), ("until", DAY),
        ("url", URL), ("read", DAY),
    )
    if legal:
        return table(name, doc, (("name", LINE), ("cite", LINE), ("text", TEXT)), optional + (("reading", LINE),))
    return table(name, doc, (("name", LINE), ("cite", LINE)), optional + (("text", TEXT),))


LEGAL_HOLIDAY = _holiday("LegalHoliday", "A legal holiday of the statute, as a rule.", legal=True)
CLOSURE = _holiday("Closure", "A day the office closes every year of its own accord.", legal=False)
HOLIDAY_READING = table("HolidayReading", "The holiday law read another way.",
                        required=(("name", LINE), ("cite", LINE), ("why", LINE)), optional=(("drop", ListOf(LINE)),))
HAND_DAY = table("HandDay", "One day of a hand-kept list.", required=(("date", DAY), ("name", LINE), ("cite", LINE)))
HAND_LIST = table("HandList", "A hand-kept list of days (proclaimed holidays, one-off closures).",
                  required=(("covers", COVERS), ("cite", LINE)), optional=(("days", ListOf(HAND_DAY)),))
HOLIDAYS = table(
    "Holidays", "The legal holidays as rules, the office's closures, the hand-kept lists and other readings "
    "(each key from the first file giving it: a city adds its closures to its state's holidays).",
    optional=(("cite", LINE), ("covers", COVERS_FROM), ("url", URL), ("read", DAY),
              ("legal", Named(one_or_versions(LEGAL_HOLIDAY))), ("closures", Named(one_or_versions(CLOSURE))),
              ("proclaimed", HAND_LIST), ("one_off_closures", HAND_LIST), ("readings", Named(HOLIDAY_READING))),
)

_SHARED = (
    ("state", Pattern(r"^[A-Z]{2}$", "MI")), ("name", LINE), ("source", LINE), ("holidays", HOLIDAYS),
    ("office_hours", OFFICE_HOURS), ("time_law", TIME_LAW), ("elections", Named(ELECTION)),
    ("triggers", Named(TRIGGER)), ("deadlines", Named(one_or_versions(RULE))), ("overrides", ListOf(OVERRIDE)),
    ("cite", LINE), ("text", TEXT), ("choices", Named(CHOICE)), ("decisions", ListOf(DECISION)), ("caveat", LINE),
)
SHARED_SET = table("SharedSet", "A shared rule set (calendars/shared/<name>.toml): one statute many "
                   "governments extend.", optional=_SHARED)
JURISDICTION = table(
    "Jurisdiction", "A jurisdiction's calendar file (calendars/<id>.toml): its identity, the shared sets it "
    "extends and its own rules.",
    required=(("id", LINE), ("name", LINE), ("timezone", LINE)),
    optional=tuple(k for k in _SHARED if k[0] != "name") + (
        ("extends", ListOf(Pattern(SET_NAME.pattern, "michigan-election-law"))),
        ("ocd_id", Pattern(OCD_PATTERN.pattern, "ocd-division/country:us/state:ut/place:orem")),
        ("kind", OneOf(GOVERNMENT_KINDS)), ("county", Either((LINE, ListOf(LINE))))),
)
