"""A jurisdiction: one government (its identity and place), the law it sits
on (its rules, elections, triggers, holidays, time law, office hours, choices
and overrides, from its calendar file and the shared sets it extends) and the
local facts found about it, each with its source."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from deadlines.core.law import Law, law_of
from deadlines.core.model import Choice, Decision, ElectionRule, Moment, OfficeHours, Override, Rule, TimeLaw, Trigger
from deadlines.core.notes import Note

if TYPE_CHECKING:  # it imports this module
    from deadlines.core.holiday_law import HolidayLaw

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
    #: the year of the complete list (``calendars/facts/<st>-lists.csv``) that
    #: does not name the government, where the fact is read from that list
    listed: int | None = None

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
    facts: tuple[Fact, ...] = ()  # local facts found by research (calendars/facts), with their sources
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
    #: The hours of each office-hours fact research found for one cycle's
    #: filing days and the law under them, worked out once when the facts were
    #: laid on (:func:`deadlines.core.facts.laid_on`), so that a cycle's lookup
    #: (:func:`deadlines.core.facts.hours_of_cycle`) does not work the law out
    #: again: (the fact, its :class:`OfficeHours`, the :class:`Law` under them).
    cycle_hours: tuple[tuple[Fact, OfficeHours, Law], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.law is not None and not self.law.fits(self):
            object.__setattr__(self, "law", law_of(self))

    def __hash__(self) -> int:
        return hash(self.id)

    def with_law(self, law: Law | None = None, **changes) -> "Jurisdiction":
        """This government under its law changed as ``changes`` say (office
        hours, holidays, decisions...), with a new :attr:`law_key` made from
        the old one and the changed values. ``law``: the :class:`Law` worked
        out already under these changes (:attr:`cycle_hours`); one that does
        not fit them is worked out anew."""
        key = None
        if self.law_key is not None:
            said = repr(sorted(changes.items()))
            key = hashlib.blake2b(f"{self.law_key}\n{said}".encode(), digest_size=16).hexdigest()
        return replace(self, law_key=key, law=self.law if law is None else law, **changes)

    @property
    def county(self) -> str | None:
        """The county it lies in (the principal one where it lies in several)."""
        return self.counties[0] if self.counties else None

    def waiting_for(self, rule_id: str) -> list[str]:
        """The trigger events rule ``rule_id`` counts from (its newest version)."""
        return [a for a in self.rules[rule_id][-1].anchors() if a in self.triggers]
