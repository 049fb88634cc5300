"""A jurisdiction's business calendar, built from its holiday law written as data.

Each legal holiday is a rule (how its day is found, the shift that makes
another day the holiday, the dates each version is in force); the calendar
for a span of years is computed from those rules (no holiday package). A law's
calendars for every year it can be asked about (:func:`calendars_of`) are
computed once, when the law is built: they are data of the law
(:attr:`~deadlines.core.holiday_law.HolidayLaw.calendars`), shared by every
jurisdiction on it.

Calendars come in variants:

- ``LEGAL``: the legal holidays, what the computation-of-time law counts,
  with proclaimed days;
- ``OFFICE``: those plus the office's own closures (recurring and one-off);
- a :class:`~deadlines.core.holiday_law.HolidayReading`'s id: the law read another
  way (a version whose text is not confirmed, a condition not yet read).
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from dataclasses import replace as _replace
from datetime import date, timedelta
from itertools import groupby
from typing import Iterable

from dateutil.easter import easter

from deadlines.core.business_days import BusinessCalendar
from deadlines.core.counting import first_weekday_of_month
from deadlines.core.elections import next_election
from deadlines.core.model import ElectionRule, in_years
from deadlines.core.notes import Note, note

@dataclass(frozen=True)
class HolidayRule:
    """One version of a legal holiday (or an office closure) as its law finds
    the day, for the dates this version is in force.

    ``how`` is ``date`` (``month``/``day``), ``nth`` (the ``n``-th ``weekday``
    of ``month``), ``last`` (the last ``weekday`` of ``month``), ``easter``
    (Easter Sunday plus ``offset`` days) or ``every`` (every ``weekday``);
    ``offset`` also moves an ``nth``/``last`` day ("the day after the fourth
    Thursday"). ``observed`` names the shifts that make another day the
    holiday (``sunday_to_monday``...). ``start``/``until`` bound the natural
    day this version applies to; a later version of the same ``id`` ends it.
    ``reading``: the version belongs only to that alternative reading.
    """

    id: str
    name: str
    how: str
    cite: str
    text: str = ""
    month: int = 0
    day: int = 0
    n: int = 0
    weekday: int = 0
    offset: int = 0
    years: str = "every"  # "every" | "even" | "odd" | "presidential"
    observed: tuple[str, ...] = ()
    start: date | None = None
    until: date | None = None
    url: str | None = None
    read: date | None = None
    reading: str | None = None


@dataclass(frozen=True)
class Holiday:
    """One dated day on a hand-kept list (a proclamation, a one-off closure)."""

    day: date
    name: str
    cite: str


@dataclass(frozen=True)
class HandList:
    """A hand-kept list of days and the years it covers (``first``..``last``):
    outside them a day missing from it is unknown, not absent."""

    key: str  # where it is written: "proclaimed" or "one_off_closures"
    first: int
    last: int
    cite: str
    days: tuple[Holiday, ...] = ()
    source: str = ""  # the file it was read from


@dataclass(frozen=True)
class HolidayReading:
    """Another reading of the holiday law: the law's rules, plus the versions
    tagged with this reading's ``id``, less the rules named in ``drop``."""

    id: str
    name: str
    cite: str
    why: str
    drop: tuple[str, ...] = ()


@dataclass(frozen=True)
class HolidayLaw:
    """A jurisdiction's legal holidays (the days its computation-of-time law
    counts) apart from its office closures (days a clerk's office is closed
    on its own authority), with the years the rules are written for."""

    cite: str
    first_year: int  # the rules are written for this year and later
    legal: tuple[HolidayRule, ...]
    closures: tuple[HolidayRule, ...] = ()
    proclaimed: HandList | None = None
    one_off_closures: HandList | None = None
    readings: tuple[HolidayReading, ...] = ()
    url: str | None = None
    read: date | None = None

    def __post_init__(self) -> None:
        #: The law's calendars for every year it can be asked about
        #: (:func:`calendars_of`), built once with the law.
        object.__setattr__(self, "calendars", calendars_of(self))

    def hand_lists(self) -> tuple[HandList, ...]:
        return tuple(h for h in (self.proclaimed, self.one_off_closures) if h is not None)


LEGAL = "legal"
OFFICE = "office"

#: Observed-day rules: for the weekdays (Monday 0) a holiday's own day may
#: fall on, how many days away the legal holiday is instead.
OBSERVED: dict[str, dict[int, int]] = {
    "saturday_to_friday": {5: -1},
    "sunday_to_monday": {6: +1},
    "tuesday_to_friday_to_preceding_monday": {1: -1, 2: -2, 3: -3, 4: -4},
    "saturday_sunday_to_following_monday": {5: +2, 6: +1},
}

#: ``every`` rules name a weekday that is never a working day already.
WEEKLY = ("saturday", "sunday")


def natural_day(rule: HolidayRule, year: int) -> date | None:
    """The day the rule's words give in ``year`` before any observed shift
    (None in a year it skips)."""
    if not in_years(rule.years, year):
        return None
    if rule.how == "date":
        return date(year, rule.month, rule.day)
    if rule.how == "nth":
        day = first_weekday_of_month(year, rule.month, rule.weekday) + timedelta(weeks=rule.n - 1)
    elif rule.how == "last":
        following = date(year + rule.month // 12, rule.month % 12 + 1, 1)
        day = following - timedelta(days=(following.weekday() - rule.weekday - 1) % 7 + 1)
    elif rule.how == "easter":
        day = easter(year)
    else:  # "every": no single day; see WEEKLY
        return None
    return day + timedelta(days=rule.offset)


def observed_day(rule: HolidayRule, natural: date) -> date:
    """The legal holiday for a natural day: shifted where ``observed`` says."""
    for name in rule.observed:
        shift = OBSERVED[name].get(natural.weekday())
        if shift is not None:
            return natural + timedelta(days=shift)
    return natural


def _in_force(rules: Iterable[HolidayRule]) -> list[tuple[HolidayRule, date | None]]:
    """Each version with the last natural day it applies to: its ``until``, or
    the day before the next version of the same holiday takes effect."""
    out = []
    key = lambda r: r.id  # noqa: E731
    for _, group in groupby(sorted(rules, key=key), key=key):
        versions = sorted(group, key=lambda r: r.start or date.min)
        for i, rule in enumerate(versions):
            ends = [d for d in (rule.until,) if d is not None]
            if i + 1 < len(versions) and versions[i + 1].start is not None:
                ends.append(versions[i + 1].start - timedelta(days=1))
            out.append((rule, min(ends) if ends else None))
    return out


def cited_days(rules: Iterable[HolidayRule], year: int) -> dict[date, tuple[tuple[str, str], ...]]:
    """The holidays ``rules`` make in ``year``, each with the name and citation
    of every rule falling on it (a shift may bring one in from the year before
    or after: Saturday January 1 gives Friday December 31)."""
    out: dict[date, tuple[tuple[str, str], ...]] = {}
    for rule, until in _in_force(rules):
        for y in (year - 1, year, year + 1):
            natural = natural_day(rule, y)
            if natural is None or (rule.start and natural < rule.start) or (until and natural > until):
                continue
            day = observed_day(rule, natural)
            if day.year == year:
                out[day] = out.get(day, ()) + ((rule.name, rule.cite),)
    return out


def days_of(rules: Iterable[HolidayRule], year: int) -> dict[date, str]:
    """The holidays ``rules`` make in ``year`` and their names."""
    return {day: "; ".join(name for name, _ in named) for day, named in cited_days(rules, year).items()}


def rules_for(law: HolidayLaw, reading: HolidayReading | None = None) -> tuple[HolidayRule, ...]:
    """The legal-holiday versions in force under ``reading`` (None: the law as written)."""
    rid = reading.id if reading else None
    drop = reading.drop if reading else ()
    return tuple(r for r in law.legal if r.reading in (None, rid) and r.id not in drop)


def _listed(hand: HandList | None, year: int) -> dict[date, str]:
    return {} if hand is None else {h.day: h.name for h in hand.days if h.day.year == year}


def closures_in(law: HolidayLaw, year: int) -> dict[date, tuple[str, str]]:
    """The office's own closed days in ``year``: name and authority of each."""
    out = {day: named[0] for day, named in cited_days(law.closures, year).items()}
    if law.one_off_closures is not None:
        out.update({h.day: (h.name, h.cite) for h in law.one_off_closures.days if h.day.year == year})
    return out


def legal_in(law: HolidayLaw, year: int) -> dict[date, tuple[str, str]]:
    """The legal holidays in ``year`` (proclaimed days included): name and citation of each."""
    out = {day: ("; ".join(n for n, _ in named), "; ".join(dict.fromkeys(c for _, c in named)))
           for day, named in cited_days(rules_for(law), year).items()}
    if law.proclaimed is not None:
        out.update({h.day: (h.name, h.cite) for h in law.proclaimed.days if h.day.year == year})
    return out


def _year(law: HolidayLaw, year: int, variant: str) -> dict[date, str]:
    reading = next((r for r in law.readings if r.id == variant), None)
    closed = days_of(rules_for(law, reading), year)
    closed.update(_listed(law.proclaimed, year))
    if variant == OFFICE:
        for day, (name, _) in closures_in(law, year).items():
            closed[day] = f"{closed[day]}; {name}" if day in closed else f"{name} (the office is closed)"
    return closed


def business_calendar(law: HolidayLaw, first_year: int, last_year: int, variant: str = LEGAL) -> BusinessCalendar:
    """The calendar for ``first_year``..``last_year`` (no earlier than the law
    is written for: it refuses days before that)."""
    first = max(first_year, law.first_year)
    closed: dict[date, str] = {}
    for year in range(first, last_year + 1):
        closed.update(_year(law, year, variant))
    holds = f"the holiday law ({law.cite}; written from {law.first_year})"
    return BusinessCalendar(closed=closed, first=date(first, 1, 1), last=date(last_year, 12, 31), holds=holds)


@dataclass(frozen=True)
class Variant:
    """The business calendar under another reading of the holiday law;
    ``differs``: the days it holds where it and the legal calendar disagree
    (a roll that passes none of them comes out the same on both)."""

    name: str
    cite: str
    why: str
    calendar: BusinessCalendar
    differs: tuple[date, ...]  # sorted

    def may_differ(self, day: date, other: date) -> bool:
        lo, hi = (day, other) if day <= other else (other, day)
        i = bisect_left(self.differs, lo)
        return i < len(self.differs) and self.differs[i] <= hi


def variants(law: HolidayLaw, first_year: int, last_year: int,
             legal_calendar: BusinessCalendar | None = None) -> tuple[Variant, ...]:
    """One calendar per reading of the law in :attr:`HolidayLaw.readings` that
    disagrees with the law somewhere in these years (``legal_calendar``: the
    legal calendar of those years, where already built)."""
    legal = (legal_calendar or business_calendar(law, first_year, last_year)).closed
    out = []
    for r in law.readings:
        cal = business_calendar(law, first_year, last_year, r.id)
        differs = tuple(sorted(legal.keys() ^ cal.closed.keys()))
        if differs:  # a reading that agrees with the law over these years says nothing
            out.append(Variant(r.name, r.cite, r.why, cal, differs))
    return tuple(out)


@dataclass(frozen=True)
class Office:
    """The legal calendar plus the office's own closures (``calendar``), and
    the legal calendar under it (``legal``)."""

    calendar: BusinessCalendar
    legal: BusinessCalendar

    def closed_alone(self, day: date) -> bool:
        """Whether the office alone closes ``day``: a closure of its own that
        is no legal holiday, or a legal business day on a weekday it is not
        open."""
        if day in self.calendar.closed:
            return day not in self.legal.closed
        return day.weekday() not in self.calendar.workdays and self.legal.is_business_day(day)


def office_calendar(law: HolidayLaw, first_year: int, last_year: int,
                    legal: BusinessCalendar | None = None) -> Office | None:
    """The office's calendar (None when it has no closures of its own;
    ``legal``: the legal calendar of those years, where already built)."""
    if not (law.closures or law.one_off_closures):
        return None
    legal = legal or business_calendar(law, first_year, last_year)
    return Office(business_calendar(law, first_year, last_year, OFFICE), legal)


def open_days(office: Office | None, legal: BusinessCalendar, days: tuple[int, ...]) -> Office:
    """``office`` (or the legal calendar) for an office open only on the
    weekdays ``days``."""
    base = legal if office is None else office.calendar
    return Office(_replace(base, workdays=frozenset(days)), legal)


@dataclass(frozen=True)
class Calendars:
    """What the engine counts on for a span of years: the legal calendar, the
    readings that disagree with it there, and the office's (or None)."""

    legal: BusinessCalendar
    variants: tuple[Variant, ...]
    office: Office | None


def calendars(law: HolidayLaw, first_year: int, last_year: int) -> Calendars:
    """:class:`Calendars` for ``first_year``..``last_year``."""
    legal = business_calendar(law, first_year, last_year)
    return Calendars(legal, variants(law, first_year, last_year, legal), office_calendar(law, first_year, last_year, legal))


#: The last year a law's calendars hold (:func:`calendars_of`): the last
#: election year a person may ask about (2099), and the retention periods and
#: rolls counted on from it.
LAST_YEAR = 2105


def calendars_of(law: HolidayLaw) -> Calendars:
    """The law's calendars from the first year it is written for through
    :data:`LAST_YEAR`: what the engine counts on, whatever the cycle (a day
    before the law's first year is refused, as any calendar refuses a day
    outside its span). Built once per law, when it is built."""
    return calendars(law, law.first_year, LAST_YEAR)


def stale_lists(law: HolidayLaw, general: ElectionRule, today: date) -> list[str]:
    """``deadlines check`` warnings: hand-kept lists that end before the next
    two cycles of the general election, each naming its file and place."""
    first = next_election(general, today)
    second = next_election(general, first + timedelta(days=1))
    return [
        f"{hand.source}: holidays.{hand.key}: covers {hand.first}-{hand.last}, which ends before the next two "
        f"cycles ({first.isoformat()}, {second.isoformat()}); extend the list and its 'covers' through {second.year}"
        for hand in law.hand_lists() if hand.last < second.year
    ]


def unlisted(law: HolidayLaw, years: Iterable[int]) -> list[Note]:
    """Warnings (``holidays.unlisted.<key>``) for hand-kept lists that do not
    cover every one of ``years``."""
    out = []
    for hand in law.hand_lists():
        missing = sorted(y for y in set(years) if not hand.first <= y <= hand.last)
        if missing:
            out.append(note(f"holidays.unlisted.{hand.key}", cite=hand.cite, first=hand.first, last=hand.last,
                            years=tuple(missing)))
    return out
