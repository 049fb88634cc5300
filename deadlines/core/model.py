"""The rule model: what a calendar file says (elections, triggers, deadline
rules and their readings, choices, decisions, overrides, office hours and
time law). All frozen dataclasses; no I/O. The holiday law is in
:mod:`deadlines.core.holiday_law`, a jurisdiction in
:mod:`deadlines.core.jurisdiction`, what the engine derives in
:mod:`deadlines.core.computed`."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Callable, Union

from deadlines.core.counting import first_weekday_of_month, last_weekday_of_month
from deadlines.core.notes import Note

Moment = Union[date, datetime]
"""A date (all-day, ends as the deadline's ``ends`` says) or an aware instant."""

KINDS = ("deadline", "window", "notice-window", "retention")
AUDIENCES = ("candidates", "clerk", "public", "petitioners")
STATUSES = ("scheduled", "tentative", "overridden", "cancelled")


# --------------------------------------------------------------------------- rules




@dataclass(frozen=True)
class OfficeHours:
    """When the filing office is open; ``confirm`` says how sure the hours are
    (office hours are administrative, rarely statutory); ``days``: the weekdays
    it is open, where they are fewer than the five business days (a town
    office open Tuesday to Thursday: a legal business day it is closed keeps
    the law's day and adds the office's last open day before it as a reading)."""

    open: time
    close: time
    cite: str
    confirm: str | None = None
    days: tuple[int, ...] = (0, 1, 2, 3, 4)  # the weekdays it is open (Monday 0): Monday to Friday unless recorded
    other: tuple[tuple[int, time, time], ...] = ()  # (weekday, open, close) of the open days with other hours

    @property
    def weekdays_only(self) -> bool:
        """Open every weekday (Monday to Friday), the business days the law counts."""
        return self.days == (0, 1, 2, 3, 4)

    def on(self, day: date) -> tuple[time, time]:
        """When the office opens and closes on ``day``'s weekday (its usual
        hours, or the other hours recorded for that weekday)."""
        for weekday, opens, closes in self.other:
            if weekday == day.weekday():
                return opens, closes
        return self.open, self.close


@dataclass(frozen=True)
class TimeLaw:
    """The jurisdiction's computation-of-time law: its default roll for a last
    day that falls when the office is closed."""

    roll: str
    cite: str
    text: str
    warning: str | None = None


@dataclass(frozen=True)
class ElectionMove:
    """An election held on another date than its rule gives, on an authority."""

    rule_date: date
    day: date
    authority: str


#: The kinds of year a rule can name: every year, odd- or even-numbered years,
#: presidential years (divisible by four: Michigan's township offices, MCL 168.349),
#: or the years after them (2025, 2029: Wyandotte's charter, "every four (4) years" from 2005).
YEARS = ("odd", "even", "every", "presidential", "after-presidential")


def in_years(years: str, year: int) -> bool:
    """Whether ``year`` is one of ``years`` (one of :data:`YEARS`)."""
    if years == "every":
        return True
    if years == "presidential":
        return year % 4 == 0
    if years == "after-presidential":  # a four-year cycle from 2005 (Wyandotte, Michigan)
        return year % 4 == 1
    return (year % 2 == 1) == (years == "odd")


def years_overlap(a: str, b: str) -> bool:
    """Whether two kinds of year share a year (two election ways may not)."""
    return any(in_years(a, y) and in_years(b, y) for y in range(2000, 2004))


@dataclass(frozen=True)
class ElectionDay:
    """One way a statute fixes an election's day: ``rule`` (``first_tuesday``,
    ``tuesday_after_first_monday``, ``second_tuesday_after_first_monday`` or
    ``last_tuesday``) of ``month`` in ``years`` (one of :data:`YEARS`)."""

    rule: str
    month: int
    years: str
    cite: str

    def occurs_in(self, year: int) -> bool:
        return in_years(self.years, year)


MONDAY, TUESDAY = 0, 1

#: The election-day rules a calendar file may name (``rule = "first_tuesday"``),
#: each the function giving its day in ``(year, month)``: the loader accepts
#: exactly these names and the schema lists them.
ELECTION_DAYS: dict[str, Callable[[int, int], date]] = {
    "tuesday_after_first_monday":  # the day after the month's first Monday
        lambda year, month: first_weekday_of_month(year, month, MONDAY) + timedelta(days=1),
    "first_tuesday": lambda year, month: first_weekday_of_month(year, month, TUESDAY),
    "second_tuesday_after_first_monday":  # Utah 20A-9-404: a week after the day after the first Monday
        lambda year, month: first_weekday_of_month(year, month, MONDAY) + timedelta(days=8),
    "last_tuesday":  # Mountain Village, Colorado: "the last Tuesday in June" of odd years
        lambda year, month: last_weekday_of_month(year, month, TUESDAY),
}

#: The years an :class:`ElectionRule` holds its days for as a table, worked
#: out when the rule is built: every year a person may ask about and the
#: years its retention periods reach (``holiday_law.LAST_YEAR``); a year
#: outside them is worked out when asked.
TABLE_YEARS = range(1990, 2106)


@dataclass(frozen=True)
class ElectionRule:
    """How an election's date is derived: one :class:`ElectionDay`, or one per
    kind of year where the law differs by year (Colorado: the first Tuesday
    in November of odd years, the Tuesday after the first Monday of even
    years). At most one way applies in any year (the loader checks)."""

    name: str
    title: str
    ways: tuple[ElectionDay, ...]
    cite: str
    text: str
    moves: tuple[ElectionMove, ...] = ()

    def __post_init__(self) -> None:
        #: Per year of :data:`TABLE_YEARS`: the day the election is held and
        #: the move on an authority that put it there (:meth:`held_in`), and
        #: the day the rule's words give (:meth:`day_in`), built once with the rule.
        object.__setattr__(self, "held", tuple(self.held_in(y) for y in TABLE_YEARS))
        object.__setattr__(self, "days", tuple(self.day_in(y) for y in TABLE_YEARS) if self.ways else ())

    def day_in(self, year: int) -> date:
        """The day the rule's words give in ``year``, even in a year it skips
        (an even year for an odd-year rule: its first way's day)."""
        way = self.way_in(year) or self.ways[0]
        return ELECTION_DAYS[way.rule](year, way.month)

    def held_in(self, year: int) -> tuple[date, ElectionMove | None] | None:
        """The day the election is held in ``year`` (None when the rule holds
        none then): the rule's day, or where an authority moved it, the new
        day with the move."""
        way = self.way_in(year)
        if way is None:
            return None
        by_rule = ELECTION_DAYS[way.rule](year, way.month)
        for move in self.moves:
            if move.rule_date == by_rule:
                return move.day, move
        return by_rule, None

    def way_in(self, year: int) -> ElectionDay | None:
        for way in self.ways:
            if way.occurs_in(year):
                return way
        return None

    def occurs_in(self, year: int) -> bool:
        return self.way_in(year) is not None


@dataclass(frozen=True)
class Trigger:
    """An event a person records (an ordinance adopted, an objection filed)."""

    name: str
    title: str
    type: str  # "date" | "instant"
    cite: str


@dataclass(frozen=True)
class Expr:
    """One way of counting a date from an anchor (an election, a trigger or
    another deadline).

    ``op`` is one of: ``nth_weekday_before`` (n, weekday), ``days_before``,
    ``days_after``, ``hours_after``, ``months_before``, ``months_after``,
    ``years_before``, ``years_after`` (n), ``date`` (month_day "MM-DD" in the
    year of ``of``) or ``nth_weekday_in`` (the n-th weekday of ``month`` in the
    year of ``of``).
    """

    op: str
    of: str
    n: int = 0
    weekday: int | None = None
    month_day: tuple[int, int] | None = None
    month: int | None = None


@dataclass(frozen=True)
class Reading:
    """Another way the law can be read for a rule's last day: another roll
    (None: the rule's own), another hour (``at``) and/or the zone that hour is
    in (``zone``, e.g. a fixed "eastern standard time"; None: the
    jurisdiction's), or another way of counting the day (``due``). ``name``
    and ``why`` are the file's words, or a note where the engine made the
    reading (a choice the law gives). ``election_months``: the months of the
    cycle's general election in which the reading holds (a coordinated
    election's November); empty: every cycle."""

    name: str | Note
    cite: str
    why: str | Note
    roll: str | None = None
    at: time | None = None
    zone: tzinfo | None = None
    due: Expr | None = None
    election_months: tuple[int, ...] = ()


@dataclass(frozen=True)
class Threshold:
    office: str
    who: str
    cite: str
    min: int | None = None
    max: int | None = None
    percent: float | None = None
    note: str | None = None


@dataclass(frozen=True)
class Rule:
    """One version of a deadline rule, as written in a calendar file."""

    id: str
    title: str
    kind: str
    audience: tuple[str, ...]
    due: Expr
    cite: str
    text: str
    source: str  # the file it was read from
    start: Expr | None = None
    start_at_opening: bool = False
    at: time | None = None
    roll: str | None = None  # None: the jurisdiction's time law
    office_act: bool = True
    kept_open: bool = False  # the law keeps the office open until ``at`` on the last day (Utah 10-3-301(3)(b)(i))
    from_practice: bool = False  # the day the government published in past cycles: its own law's words were not read
    readings: tuple[Reading, ...] = ()
    thresholds: tuple[Threshold, ...] = ()
    effective: date | None = None
    note: str | Note | None = None  # the file's words (a note where a choice composed it)
    warning: str | Note | None = None  # a caution shown with every deadline of this version
    url: str | None = None  # where the quoted text can be read
    read: date | None = None  # the day it was read there

    def __post_init__(self) -> None:
        exprs = (self.start, self.due, *(r.due for r in self.readings))
        object.__setattr__(self, "_anchors", tuple(e.of for e in exprs if e is not None))
        #: Some reading ends at another hour or in another zone.
        object.__setattr__(self, "reads_other_hours", any(r.at or r.zone for r in self.readings))

    def anchors(self) -> tuple[str, ...]:
        """What the rule counts from: its start and due, and its readings' counts."""
        return self._anchors


@dataclass(frozen=True)
class Period:
    """The period a choice gives the deadlines it names (``start``/``due``/``at``,
    cited by ``cite`` and quoted by ``text``) in the cycles whose general
    election is held from ``effective`` until the next period takes effect:
    the law of each era, as a rule's versions are; ``readings``, the period's
    own other readings (where the choice is taken, or beside it while
    undecided)."""

    effective: date
    due: Expr
    cite: str
    text: str
    start: Expr | None = None
    start_at_opening: bool = False
    at: time | None = None
    readings: tuple[Reading, ...] = ()


@dataclass(frozen=True)
class Choice:
    """An option the law gives a jurisdiction per cycle (Utah's ranked-choice
    pilot, a Michigan city holding no primary): in force from ``effective``
    until ``ends`` (exclusive); where taken, it gives the ``deadlines`` it names
    another period (``periods``, oldest first, the first from ``effective``: the
    one of a cycle is :meth:`period`), the ``removes`` deadlines none (they
    are left out, with a warning saying so), and the ``not_held`` elections are
    not held (their anchors are left out of the cycle's result, said too)."""

    name: str
    title: str
    cite: str
    text: str
    effective: date
    ends: date | None
    deadlines: tuple[str, ...]
    periods: tuple[Period, ...]
    after: str | None = None  # what the law says once it ends
    #: deadlines that do not exist in a cycle where the choice is taken (counted
    #: from an election the choice does away with, e.g. a primary not held)
    removes: tuple[str, ...] = ()
    #: elections not held in a cycle where the choice is taken (a primary): the
    #: cycle's result leaves their anchors out and says why
    not_held: tuple[str, ...] = ()

    def allowed(self, held: date) -> bool:
        return self.effective <= held and (self.ends is None or held < self.ends)

    def period(self, held: date) -> Period:
        """The period of the cycle whose general election is ``held``: the
        last to take effect on or before that day."""
        return next((p for p in reversed(self.periods) if p.effective <= held), self.periods[0])


@dataclass(frozen=True)
class Decision:
    """A jurisdiction's recorded choice for one cycle, on an authority."""

    choice: str
    cycle: date  # the cycle's date by rule, or the day its election is held
    taken: bool
    authority: str
    listed: int | None = None  # the year of the complete list it is read from (a government not named on it)


@dataclass(frozen=True)
class Override:
    """A date replaced by an authority (court order, proclamation, rule change)."""

    deadline: str
    cycle: date  # the cycle it replaces a date of (or the day that cycle's election is held)
    authority: str
    reason: str
    due: Moment | None = None
    start: Moment | None = None
    status: str = "overridden"  # or "cancelled"
    case: str | None = None  # the case whose deadline it replaces (a deadline counted from a trigger event)
