"""What the web app, the feeds and the scheduler ask of the engine.

Thin glue between the pure engine and whatever stores the anchors a clerk
records (entered election dates, trigger events, overrides). The store is any
object with the :class:`RecordSource` shape; :data:`NO_RECORDS` has nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import Callable, Mapping, Protocol, Sequence
from zoneinfo import ZoneInfo

from deadlines.core.basis import CLERK, Local, basis_of, departing, notes_of, published_by_research
from deadlines.core.cases import Occurrence, group
from deadlines.core.elections import cycle_key, election_date, named_cycle
from deadlines.core.facts import hours_of_cycle
from deadlines.core.anchors import resolve_anchors
from deadlines.results import compute
from deadlines.core.cases import Case
from deadlines.core.computed import Deadline, Result
from deadlines.core.holiday_law import Holiday, HolidayRule
from deadlines.core.jurisdiction import FACT_BY, Fact, Jurisdiction, PublishedNotice
from deadlines.core.model import Decision, Moment, OfficeHours, Override
from deadlines.core.moments import day_of
from deadlines.core.order import is_clerk_task, reading_order
from deadlines.core.notes import Note


@dataclass(frozen=True)
class RecordedHours:
    """Office hours a clerk recorded, holding from ``holds_from`` (None: the
    day ``recorded_at`` falls on in the jurisdiction's zone, an entry recorded
    before entries had a first day) until the next entry's first day, or
    ``holds_until`` where a clerk ended them; ``fact`` says them as a local fact."""

    hours: OfficeHours
    fact: Fact
    holds_from: date | None = None
    holds_until: date | None = None
    recorded_at: datetime | None = None
    order: int = 0  # the order recorded: of two entries with one first day, the later holds

    def start(self, zone: str) -> date:
        if self.holds_from is not None:
            return self.holds_from
        return self.recorded_at.astimezone(ZoneInfo(zone)).date() if self.recorded_at else date.min


def hours_in_force(entries: Sequence[RecordedHours], day: date, zone: str) -> tuple[RecordedHours | None, date | None]:
    """The entry in force on ``day`` (the latest first day on or before it,
    unless ended before it) and the last day it holds (None: open-ended)."""
    started = [h for h in entries if h.start(zone) <= day]
    if not started:
        return None, None
    pick = max(started, key=lambda h: (h.start(zone), h.order))
    if pick.holds_until is not None and pick.holds_until < day:
        return None, None
    later = [h.start(zone) for h in entries if h.start(zone) > pick.start(zone)]
    ends = [d for d in (pick.holds_until, min(later) - timedelta(days=1) if later else None) if d is not None]
    return pick, min(ends) if ends else None


@dataclass(frozen=True)
class Records:
    """What a clerk recorded for one jurisdiction.

    ``elections`` maps a cycle (the general election's date by rule) to the
    dates entered for it, e.g. ``{date(2023, 11, 7): {"general": date(2023, 11, 21)}}``,
    and ``moved_by`` to the authority for them. ``events`` are the trigger
    events in the order recorded (deleted ones too, marked cancelled), grouped
    into cases by :func:`deadlines.core.cases.group`; a case belongs to the
    first cycle whose general election falls on or after its first event.
    ``overrides`` and ``decisions`` (a choice the law gives, taken or not for a
    cycle) carry their own cycle. ``office_hours`` and ``closures`` (days the
    office is closed) win over and add to the calendar file's (see
    :meth:`office`); ``hours_over_time``, the hours a clerk recorded from a
    day on, give the ``office_hours`` (and their fact) in force on a day
    (:meth:`at`): a cycle's are those in force on its general election
    (:func:`lookup`). ``changes``
    says what a clerk changed and when, keyed ``cycle:<cycle>``,
    ``override:<cycle>/<deadline>[/<case>]``, ``decision:<cycle>/<choice>`` or
    ``event:<recorded event id>``: each change is a function of the
    jurisdiction and the cases' labels by id that gives its words.
    """

    elections: Mapping[date, Mapping[str, date]] = field(default_factory=dict)
    events: Sequence[Occurrence] = ()
    overrides: Sequence[Override] = ()
    decisions: Sequence[Decision] = ()
    moved_by: Mapping[date, str] = field(default_factory=dict)
    office_hours: OfficeHours | None = None
    closures: Sequence[Holiday] = ()
    facts: Sequence[Fact] = ()  # the clerk's and accepted reports' facts (office hours, filing office ...), with sources
    notices: Sequence[PublishedNotice] = ()  # dates the government published, from accepted reports or the clerk
    changes: Mapping[str, Sequence[Callable[[Jurisdiction, Mapping[str, object]], Note]]] = field(default_factory=dict)
    hours_over_time: Sequence[RecordedHours] = ()
    #: The jurisdictions :meth:`office` built from these records, by the
    #: jurisdiction given and the office hours laid on it: records read at
    #: one revision (:class:`deadlines.recorded.DbRecords`) build a
    #: jurisdiction's law once (its holiday calendars, its spans), not on every
    #: lookup. Shared by the copies :meth:`at` makes; at most :data:`OFFICES`.
    offices: dict = field(default_factory=dict, compare=False, repr=False)

    def at(self, jur: Jurisdiction, day: date) -> Records:
        """These records with the office hours a clerk recorded that are in
        force on ``day`` (none: the law's or research's apply), their fact
        holding for the days the entry does."""
        if not self.hours_over_time:
            return self
        entries = {h.fact for h in self.hours_over_time}
        others = tuple(f for f in self.facts if f not in entries)  # (every entry's fact is listed till then)
        pick, end = hours_in_force(self.hours_over_time, day, jur.timezone)
        if pick is None:
            return replace(self, facts=others, hours_over_time=())
        fact = replace(pick.fact, holds_from=pick.start(jur.timezone), holds_until=end)
        return replace(self, office_hours=pick.hours, facts=(*others, fact), hours_over_time=())

    def cases(self, jur: Jurisdiction) -> list[Case]:
        """The recorded cases, ``case-<id of its first event>``."""
        return group(jur, self.events, lambda first, _: f"case-{first.ref}", scope=lambda o: cycle_of(jur, o.at))

    def office(self, jur: Jurisdiction, day: date | None = None) -> Jurisdiction:
        """``jur`` with the office hours (those in force on ``day``: default
        today in its zone) and closures a clerk recorded: the hours replace
        the file's, each closure is one more office closure (a one-day rule,
        so that no hand-kept list's coverage is claimed)."""
        if self.hours_over_time:
            return self.at(jur, day or datetime.now(ZoneInfo(jur.timezone)).date()).office(jur)
        if self.office_hours is None and not self.closures:
            return jur
        key = (jur, self.office_hours)
        built = self.offices.get(key)
        if built is None:
            built = self._office(jur)
            if len(self.offices) >= OFFICES:
                self.offices.clear()
            self.offices[key] = built
        return built

    def _office(self, jur: Jurisdiction) -> Jurisdiction:
        extra = tuple(HolidayRule(id=f"recorded-closure-{h.day}", name=h.name, how="date", cite=h.cite, month=h.day.month,
                                  day=h.day.day, start=h.day, until=h.day) for h in self.closures)
        return jur.with_law(office_hours=self.office_hours or jur.office_hours,
                            holidays=replace(jur.holidays, closures=jur.holidays.closures + extra) if extra else jur.holidays)


#: The most jurisdictions one :class:`Records` keeps (:attr:`Records.offices`):
#: a government on its law, under each set of hours a clerk recorded over time.
OFFICES = 16


class RecordSource(Protocol):
    def recorded(self, jurisdiction_id: str) -> Records:
        """Everything recorded for the jurisdiction."""

    def revision(self, jurisdiction_id: str) -> str:
        """A token that changes whenever anything recorded for the jurisdiction
        changes (cache keys for rendered feeds use it)."""


@dataclass(frozen=True)
class RecordsAsRead:
    """A :class:`RecordSource` of records read once (in a transaction that has
    ended or was rolled back), answered for whichever jurisdiction is asked,
    with no revision: what a write would leave, or a plan's records."""

    records: Records

    def recorded(self, jurisdiction_id: str) -> Records:
        return self.records

    def revision(self, jurisdiction_id: str) -> str:
        return ""


NO_RECORDS: RecordSource = RecordsAsRead(Records())


@dataclass(frozen=True)
class _Once:
    """Records already read, handed out again."""

    records: Records

    def recorded(self, jurisdiction_id: str) -> Records:
        return self.records

    def revision(self, jurisdiction_id: str) -> str:
        return ""


def cycles(jur: Jurisdiction, start: date, end: date) -> list[date]:
    """The cycles (general elections by rule, see :func:`~deadlines.core.elections.cycle_key`)
    whose election is held from ``start`` to ``end`` inclusive."""
    out = []
    for year in range(start.year, end.year + 1):
        held = election_date(jur.elections["general"], year)
        if held is not None and start <= held[0] <= end:
            out.append(cycle_key(jur.elections["general"], held[0]))
    return out


def cycle_for(jur: Jurisdiction, day: date) -> date | None:
    """The cycle named by ``day`` (see :func:`~deadlines.core.elections.named_cycle`)."""
    return named_cycle(jur.elections["general"], day)


def cycle_of(jur: Jurisdiction, moment: Moment) -> date | None:
    """The cycle of the first general election held on or after ``moment``'s day."""
    day = day_of(moment)
    found = cycles(jur, day, date(min(day.year + 5, date.max.year), 12, 31))
    return found[0] if found else None


def named_cycle_of(jur: Jurisdiction, day: date, stored: Records) -> date | None:
    """The cycle ``day`` names: by rule (see :func:`cycle_for`), or the day a
    clerk entered as the cycle's general election (a moved election)."""
    named = cycle_for(jur, day)
    if named is not None:
        return named
    return next((c for c, entered in stored.elections.items() if entered.get("general") == day), None)


def case_cycle(jur: Jurisdiction, case: Case) -> date | None:
    """The cycle of a case: that of its first event."""
    return cycle_of(jur, min(case.events.values(), key=day_of))


def lookup(
    jur: Jurisdiction,
    *,
    today: date,
    election: date | None = None,
    primary: date | None = None,
    events: Mapping[str, Moment] | None = None,
    cases: Sequence[Case] = (),
    records: RecordSource = NO_RECORDS,
) -> Result:
    """The deadlines of one cycle, with the store's entered dates, cases and
    overrides filled in; ``events`` (one case) and ``cases`` are typed by a
    person and counted beside the recorded ones.

    ``election`` may name the cycle (its date by rule, or the date a moved
    election is held): then the dates a clerk entered for the cycle, or else
    the date it is held, are used. Any other date is taken as entered.
    """
    every = records.recorded(jur.id)
    own = jur
    jur = every.office(jur, today)  # (the cycle's own hours once it is known: the anchors do not turn on them)
    named = named_cycle_of(jur, election, every) if election is not None and primary is None else None
    if named is not None:
        cycle = named
    else:
        anchors, _ = resolve_anchors(jur, election=election, primary=primary, today=today)
        cycle = cycle_key(jur.elections["general"], anchors["general"].value)
    stored = every.at(own, cycle)  # the hours a clerk recorded in force on the cycle's general election
    for_cycle = hours_of_cycle(own, cycle)  # research's hours of this cycle's filing days
    if for_cycle is not own or stored.office_hours is not every.at(own, today).office_hours:
        jur = stored.office(for_cycle)
    entered = stored.elections.get(cycle, {})
    moved_by = None
    if primary is None and (election is None or named is not None):
        if entered:
            election, primary = entered.get("general"), entered.get("primary")
            moved_by = stored.moved_by.get(cycle)
        elif named is not None:
            election = election_date(jur.elections["general"], cycle.year)[0]
    mine = [c for c in stored.cases(jur) if case_cycle(jur, c) == cycle]
    result = compute(jur, election=election, primary=primary, events=events, cases=(*mine, *cases),
                     overrides=tuple(stored.overrides), decisions=tuple(stored.decisions), moved_by=moved_by,
                     today=today)
    clerk = tuple(f for f in stored.facts if f.fact == "filing_office")
    if clerk:  # where a candidate files, as the clerk recorded it, over research's (the row, the basis)
        result = replace(result, jurisdiction=replace(result.jurisdiction, facts=(*result.jurisdiction.facts, *clerk)))
    result = with_basis(result, stored)
    return _with_changes(result, stored.changes) if stored.changes else result


def local_facts(jur: Jurisdiction, stored: Records) -> Local:
    """The local facts of ``jur`` the clerk and accepted reports recorded, with
    the dates research found published (:class:`deadlines.core.basis.Local`)."""
    if stored.hours_over_time:  # asked without a cycle: the hours in force today
        stored = stored.at(jur, datetime.now(ZoneInfo(jur.timezone)).date())
    hours = None
    if stored.office_hours is not None:
        hours = next((f for f in stored.facts if f.fact == "office_hours"), None) or Fact(
            "office_hours", f"{stored.office_hours.open:%H:%M}-{stored.office_hours.close:%H:%M}", CLERK, "clerk",
            stored.office_hours.cite)
    closures = tuple((h.day, next((f for f in stored.facts if f.fact == "closure" and f.value == h.day.isoformat()), None)
                      or Fact("closure", h.day.isoformat(), CLERK, "clerk", h.name)) for h in stored.closures)
    return Local(hours, closures, tuple(stored.decisions), (*stored.notices, *published_by_research(jur)),
                 tuple(f for f in stored.facts if f.fact.startswith("notice_published:")))


def local_listing(jur: Jurisdiction, stored: Records) -> list[Fact]:
    """Every local fact of ``jur``, strongest first (the clerk's, an accepted
    report's, research's), each with its source: what "How these dates are
    computed" lists."""
    local = local_facts(jur, stored)
    found = [*jur.facts, *(f for f in (local.hours, *(f for _, f in local.closures)) if f is not None),
             *(n.fact for n in stored.notices), *(f for f in stored.facts if f.fact not in ("office_hours", "closure"))]
    return sorted(dict.fromkeys(found), key=lambda f: (FACT_BY.index(f.by), f.fact))


def with_basis(result: Result, stored: Records) -> Result:
    """Each deadline with what it rests on (:func:`deadlines.core.basis.basis_of`);
    one the government published another date for, with that date beside it."""
    jur = result.jurisdiction
    local = local_facts(jur, stored)
    zone = ZoneInfo(jur.timezone)
    out = []
    for d in result.deadlines:
        b = basis_of(d, jur, result.held, local)
        d = departing(d, b, zone)
        out.append(replace(d, basis=replace(b, notes=notes_of(d, jur, b))))
    return replace(result, deadlines=tuple(out))


def _with_changes(result: Result, changes: Mapping[str, Sequence[Callable]]) -> Result:
    """Each deadline with the notes of what a clerk changed that bears on it."""
    refs = {c.id: [f"event:{ref}" for ref in c.refs.values()] for c in result.cases}
    labels = {c.id: c.label for c in result.cases}
    chosen = {rid: [c.name for c in result.jurisdiction.choices.values() if rid in c.deadlines]
              for rid in result.jurisdiction.rules}

    def of(d: Deadline) -> tuple[Note, ...]:
        keys = [f"cycle:{d.cycle}", f"override:{d.cycle}/{d.id}", *([f"override:{d.cycle}/{d.id}/{d.case}"] if d.case else ()),
                *(f"decision:{d.cycle}/{name}" for name in chosen.get(d.id, ())), *refs.get(d.case, ())]
        return tuple(line(result.jurisdiction, labels) for k in keys for line in changes.get(k, ()))

    return replace(result, deadlines=tuple(replace(d, changes=of(d)) for d in result.deadlines))


#: How long a deadline stays in published calendars after its date (or its
#: election) has passed; a cancelled one stays as long, marked cancelled.
KEPT_AFTER = timedelta(days=366)
#: How far back to look for cycles whose deadlines are still to come (petitions
#: are preserved two years after an election's filing deadline).
LOOK_BACK_YEARS = 4


def upcoming(jur: Jurisdiction, *, today: date, years_ahead: int = 4, records: RecordSource = NO_RECORDS) -> list[Result]:
    """What a subscribed calendar holds (and reminders follow): every cycle through ``years_ahead``
    whose election, or any of whose deadlines, has not been passed for more
    than :data:`KEPT_AFTER` (so a retention deadline two years out stays
    until it has passed, whatever its cycle)."""
    once = _Once(records.recorded(jur.id))  # one read for every cycle
    out = []
    for c in cycles(jur, date(today.year - LOOK_BACK_YEARS, 1, 1), date(today.year + years_ahead, 12, 31)):
        result = lookup(jur, today=today, election=c, records=once)
        kept = tuple(d for d in result.deadlines if kept_until(d, result.held) >= today)
        if kept:
            out.append(result if len(kept) == len(result.deadlines) else replace(result, deadlines=kept))
    return out


def kept_until(d: Deadline, held: date) -> date:
    """The last day deadline ``d`` of an election held on ``held`` is in
    subscribed calendars: :data:`KEPT_AFTER` past its date or its election,
    whichever is later."""
    return max(day_of(d.due), day_of(d.safe_due or d.due), held) + KEPT_AFTER


def coming(jur: Jurisdiction, *, today: date, records: RecordSource = NO_RECORDS, count: int = 3,
           years_ahead: int = 4) -> list[tuple[Result, Deadline]]:
    """The next ``count`` deadlines whose safe date has not passed, from the
    cycles of the next general elections (a deadline of a later cycle can come
    before the last one of this cycle), in reading order
    (:func:`~deadlines.core.order.reading_order`); cancelled ones and the
    clerk's own tasks skipped (what everyone's next deadline is)."""
    found: list[tuple[Result, Deadline]] = []
    for cycle in cycles(jur, today, date(today.year + years_ahead, 12, 31)):
        result = lookup(jur, today=today, election=cycle, records=records)
        found += [(result, d) for d in result.deadlines
                  if d.status != "cancelled" and not is_clerk_task(d) and day_of(d.safe_due) >= today]
    return sorted(found, key=lambda rd: (reading_order(rd[1]), rd[0].cycle))[:count]
