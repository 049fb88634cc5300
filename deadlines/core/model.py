"""The rule model (what a calendar file says) and the result model (what the
engine derives). All frozen dataclasses; no I/O. A result says facts
(:class:`~deadlines.core.notes.Note`), never sentences: ``deadlines.words``
says them in a language."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, tzinfo
from operator import attrgetter
from typing import TYPE_CHECKING, Mapping, Union

from deadlines.core.notes import Note
from deadlines.core.slotted import quick_init

if TYPE_CHECKING:  # each of these modules imports this one
    from deadlines.core.basis import Basis
    from deadlines.core.law import Law

Moment = Union[date, datetime]
"""A date (all-day, ends as the deadline's ``ends`` says) or an aware instant."""

KINDS = ("deadline", "window", "notice-window", "retention")
AUDIENCES = ("candidates", "clerk", "public", "petitioners")
STATUSES = ("scheduled", "tentative", "overridden", "cancelled")


# --------------------------------------------------------------------------- rules


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
        # the law's calendars for every year it can be asked about, built once
        # with the law (deadlines.core.holiday_law imports this module)
        from deadlines.core.holiday_law import calendars_of
        object.__setattr__(self, "calendars", calendars_of(self))

    def hand_lists(self) -> tuple[HandList, ...]:
        return tuple(h for h in (self.proclaimed, self.one_off_closures) if h is not None)


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
#: or presidential years (divisible by four: Michigan's township offices, MCL 168.349).
YEARS = ("odd", "even", "every", "presidential")


def in_years(years: str, year: int) -> bool:
    """Whether ``year`` is one of ``years`` (one of :data:`YEARS`)."""
    if years == "every":
        return True
    if years == "presidential":
        return year % 4 == 0
    return (year % 2 == 1) == (years == "odd")


def years_overlap(a: str, b: str) -> bool:
    """Whether two kinds of year share a year (two election ways may not)."""
    return any(in_years(a, y) and in_years(b, y) for y in range(2000, 2004))


@dataclass(frozen=True)
class ElectionDay:
    """One way a statute fixes an election's day: ``rule`` (``first_tuesday``,
    ``tuesday_after_first_monday`` or ``second_tuesday_after_first_monday``) of ``month`` in ``years`` (one of
    :data:`YEARS`)."""

    rule: str
    month: int
    years: str
    cite: str

    def occurs_in(self, year: int) -> bool:
        return in_years(self.years, year)


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
    reading (a choice the law gives)."""

    name: str | Note
    cite: str
    why: str | Note
    roll: str | None = None
    at: time | None = None
    zone: tzinfo | None = None
    due: Expr | None = None


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
class Choice:
    """An option the law gives a jurisdiction per cycle (Utah's ranked-choice
    pilot): in force from ``effective`` until ``ends`` (exclusive); where taken,
    it gives the ``deadlines`` it names another period (``start``/``due``/``at``,
    cited by ``period_cite`` and quoted by ``period_text``)."""

    name: str
    title: str
    cite: str
    text: str
    effective: date
    ends: date | None
    deadlines: tuple[str, ...]
    due: Expr
    period_cite: str
    period_text: str
    start: Expr | None = None
    start_at_opening: bool = False
    at: time | None = None
    after: str | None = None  # what the law says once it ends

    def allowed(self, held: date) -> bool:
        return self.effective <= held and (self.ends is None or held < self.ends)


@dataclass(frozen=True)
class Decision:
    """A jurisdiction's recorded choice for one cycle, on an authority."""

    choice: str
    cycle: date  # the cycle's date by rule, or the day its election is held
    taken: bool
    authority: str


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


#: Who recorded a local fact, strongest first: the precedence DESIGN.md states
#: (the clerk's record, then an accepted public report, then research; the
#: state's law under all of them).
FACT_BY = ("clerk", "report", "research")


@dataclass(frozen=True)
class Fact:
    """A fact of the government itself that a date turns on, with where it
    was found (DESIGN.md "Local facts"): ``fact`` names it (``office_hours``,
    ``closure``, ``filing_office``, ``holds_primary``, ``decision:<choice>``,
    ``published:<deadline>``), ``value`` says it as the source does,
    ``source`` is a link or "recorded by the clerk", ``quote`` the words
    quoted from it, ``as_of`` the day it was read or recorded, ``by`` one of
    :data:`FACT_BY`, and ``holds`` the days it holds for (None: open-ended)."""

    fact: str
    value: str
    source: str
    by: str
    quote: str = ""
    as_of: date | None = None
    holds_from: date | None = None
    holds_until: date | None = None

    def holds_on(self, day: date) -> bool:
        return (self.holds_from is None or self.holds_from <= day) and (self.holds_until is None or day <= self.holds_until)


@dataclass(frozen=True)
class PublishedNotice:
    """A date the government itself published for a deadline of a cycle (an
    accepted report, or the clerk's own record): ``due`` (and ``start`` for a
    window) as published, ``fact`` where it was published and who said so."""

    deadline: str
    cycle: date
    due: Moment
    fact: Fact
    start: Moment | None = None
    case: str | None = None


@dataclass(frozen=True)
class Case:
    """One occurrence of a trigger (an ordinance adopted, an objection filed),
    with the events that belong to it: its deadlines are its own.

    ``id`` is stable (feeds build UIDs on it); ``label`` is what a person
    calls it ("Ordinance 2027-04"), or where none was given ``case.label``
    (its first trigger and moment). ``cancelled`` names the events withdrawn
    or deleted, each with the note saying so: their deadlines stay, cancelled.
    ``refs`` are the recorded events' ids, by trigger name.
    """

    id: str
    label: str | Note
    events: Mapping[str, Moment]
    cancelled: Mapping[str, Note] = field(default_factory=dict)
    refs: Mapping[str, str] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        return any(name not in self.cancelled for name in self.events)


#: The kinds of local government (a jurisdiction's ``kind``): the API's ``?kind=``.
GOVERNMENT_KINDS = ("city", "village", "town", "township", "metro-township", "city-and-county",
                    "school-district", "special-district", "community-college")


@dataclass(frozen=True, slots=True)
class Jurisdiction:
    id: str
    name: str
    timezone: str
    source: str
    holidays: HolidayLaw
    time_law: TimeLaw
    elections: dict[str, ElectionRule]
    triggers: dict[str, Trigger]
    rules: dict[str, tuple[Rule, ...]]  # id -> versions, oldest first
    order: tuple[str, ...]  # deadline ids, anchors before dependants
    office_hours: OfficeHours | None = None
    overrides: tuple[Override, ...] = ()
    extends: tuple[str, ...] = ()
    choices: dict[str, Choice] = field(default_factory=dict)
    decisions: tuple[Decision, ...] = ()
    reach: tuple[int, int] = (0, 0)  # days before/after its anchors its rules can count (span.reach)
    state: str | None = None  # postal code of the state whose law it sits on (``state`` of its file or shared set)
    ocd_id: str | None = None  # its Open Civic Data division id (``ocd-division/country:us/state:ut/place:orem``)
    kind: str | None = None  # the kind of government (:data:`GOVERNMENT_KINDS`)
    counties: tuple[str, ...] = ()  # the counties it lies in (the principal first), without "County"
    caveats: tuple[str, ...] = ()  # sentences every result says: the whole law shown is a reading (``caveat``)
    source_note: Note | None = None  # ``source`` as a fact where a roster composed it (``roster.source``)
    subtype: str | None = None  # a special district's kind ("fire protection"), where its roster row gives it
    website: str | None = None  # its website as its roster row's list gives it (often without a scheme)
    lgid: str | None = None  # its Colorado DOLA local-government id
    facts: tuple["Fact", ...] = ()  # local facts found by research (calendars/facts), with their sources
    #: What its law is made of, as a digest: its files' contents less the
    #: government's identity (:func:`deadlines.core.loading.build.law_key`),
    #: and every change laid on the law since (:meth:`with_law`). Governments
    #: with equal keys get the same deadlines but for their identity. None for
    #: a jurisdiction not built from files: then it shares with none.
    law_key: str | None = None
    #: What its law makes the same in every cycle, worked out once when it was
    #: loaded (:class:`deadlines.core.law.Law`); None where it was not (the
    #: engine works it out each time). A copy given other rules, hours or
    #: holidays works it out anew; one under another identity keeps it.
    law: Law | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.law is not None and not self.law.fits(self):
            from deadlines.core.law import law_of  # deadlines.core.law imports this module
            object.__setattr__(self, "law", law_of(self))

    def __hash__(self) -> int:
        return hash(self.id)

    def with_law(self, **changes) -> "Jurisdiction":
        """This government under its law changed as ``changes`` say (office
        hours, holidays, decisions...), with a new :attr:`law_key` made from
        the old one and the changed values."""
        key = None
        if self.law_key is not None:
            said = repr(sorted(changes.items()))
            key = hashlib.blake2b(f"{self.law_key}\n{said}".encode(), digest_size=16).hexdigest()
        return replace(self, law_key=key, **changes)

    @property
    def county(self) -> str | None:
        """The county it lies in (the principal one where it lies in several)."""
        return self.counties[0] if self.counties else None

    def waiting_for(self, rule_id: str) -> list[str]:
        """The trigger events rule ``rule_id`` counts from (its newest version)."""
        return [a for a in self.rules[rule_id][-1].anchors() if a in self.triggers]


# --------------------------------------------------------------------------- results


@quick_init
@dataclass(frozen=True, slots=True)
class ReadingResult:
    name: Note
    roll: str
    due: Moment
    cite: str
    why: Note
    safe: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Deadline:
    """A computed deadline (DESIGN.md "A computed deadline"). What the law
    says of it, the same every cycle (its title, kind, audience, citation,
    quoted text, thresholds, effective date, file and where the text is read),
    is read from ``rule``, the version in force it was counted by: a deadline
    holds one reference to it rather than ten copies."""

    jurisdiction: str
    cycle: date  # its general election's date by rule, before any move (elections.cycle_key)
    id: str
    rule: Rule
    due: Moment
    ends: Note
    status: str
    steps: tuple[Note, ...]
    start: Moment | None = None
    statutory_start: date | None = None
    readings: tuple[ReadingResult, ...] = ()
    safe_due: Moment | None = None
    warnings: tuple[Note, ...] = ()
    computed_due: Moment | None = None
    override: Override | None = None
    case: str | None = None  # the case id of a deadline counted from a trigger event
    changes: tuple[Note, ...] = ()  # what a clerk changed, and when
    label: str | Note | None = None  # the label of its case (a deadline counted from a trigger event)
    basis: Basis | None = None  # what it rests on (deadlines.core.basis), laid on by the service
    place: str = ""  # the name of its jurisdiction, for the words that name it (set per jurisdiction)

    title = property(attrgetter("rule.title"), doc="Its rule's title (the file's words); a case's label is ``label``.")
    kind = property(attrgetter("rule.kind"))
    audience = property(attrgetter("rule.audience"))
    citation = property(attrgetter("rule.cite"))
    text = property(attrgetter("rule.text"), doc="The quoted law.")
    thresholds = property(attrgetter("rule.thresholds"))
    rule_effective = property(attrgetter("rule.effective"), doc="The day its rule's version took effect (None: undated).")
    source = property(attrgetter("rule.source"), doc="The calendar file its rule was read from.")
    url = property(attrgetter("rule.url"), doc="Where the quoted text can be read.")
    read = property(attrgetter("rule.read"), doc="The day the text was read there.")

    @property
    def uid(self) -> str:
        """Stable identity, never the date: jurisdiction + case + rule for a
        deadline of a case, jurisdiction + election cycle + rule otherwise."""
        return f"{self.jurisdiction}/{self.case or self.cycle.isoformat()}/{self.id}"


@quick_init
@dataclass(frozen=True, slots=True)
class Anchor:
    name: str
    title: str
    value: Moment
    how: Note  # anchor.entered, anchor.recorded, anchor.derived...


@quick_init
@dataclass(frozen=True, slots=True)
class Result:
    jurisdiction: Jurisdiction
    held: date  # the general election as held (entered, moved or by rule)
    cycle: date  # its date by rule: the identity of the cycle (elections.cycle_key)
    anchors: dict[str, Anchor]
    deadlines: tuple[Deadline, ...]
    warnings: tuple[Note, ...] = ()
    pending: tuple[str, ...] = ()  # ids waiting for a trigger
    cases: tuple[Case, ...] = ()
    moved: Note | None = None  # election.moved when the election is not held on its date by rule
