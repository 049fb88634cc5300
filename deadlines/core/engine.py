"""The date engine: from a jurisdiction's rules and its anchors to deadlines.

:func:`compute` is pure: it reads no files and no clock (``today`` is passed
in), and it imports neither Flask nor APScheduler. Every date it derives
carries the counting steps as notes (facts: :mod:`deadlines.core.notes`), the readings of the law where it
reads two ways, and warnings instead of silent moves.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from operator import attrgetter
from datetime import date, datetime, time, timedelta, timezone
from typing import Mapping, Sequence
from zoneinfo import ZoneInfo

from deadlines.core import holiday_law, inputs, operations
from deadlines.core.business_days import BusinessCalendar
from deadlines.core.cases import Occurrence
from deadlines.core.cases import typed as typed_cases
from deadlines.core.elections import cycle_key, describe_rule, election_date, next_election, rule_day
from deadlines.core.errors import InputError
from deadlines.core.model import (
    Anchor,
    Case,
    Choice,
    Decision,
    Deadline,
    ElectionRule,
    Expr,
    Jurisdiction,
    Moment,
    OfficeHours,
    Override,
    Reading,
    ReadingResult,
    Result,
    Rule,
    TimeLaw,
)
from deadlines.core.moments import day_of
from deadlines.core.notes import Note, joined, note, text
#: How an anchor was found when a person gave it.
ENTERED, RECORDED = Note("anchor.entered"), Note("anchor.recorded")
#: The roll that moves a last day, as a note (``roll.<name>``).
_ROLL = {name: Note(f"roll.{name}") for name in ("next_business_day", "prior_business_day", "none")}
_OWN_WHY = Note("reading.own_why")

# --------------------------------------------------------------------------- anchors


def resolve_anchors(
    jur: Jurisdiction,
    *,
    election: date | None = None,
    primary: date | None = None,
    today: date,
) -> tuple[dict[str, Anchor], list[Note]]:
    """The elections of one cycle.

    ``election`` is the general election; a date that is the jurisdiction's
    primary by rule (and not its general) is taken as ``primary``, with a
    warning saying so. Missing elections are derived by rule from the year of
    the one given, or from ``today`` (the next general election).
    """
    primary_rule = jur.elections.get("primary")
    if primary is not None and primary_rule is None:
        raise InputError.of("primary.none", "primary", jurisdiction=jur.id)
    asked = today if election is None and primary is None else None  # the day counts only when no election is given
    anchors, warnings = _elections(jur.elections["general"], primary_rule, election, primary, asked)
    return dict(anchors), list(warnings)


def _elections(general_rule: ElectionRule, primary_rule: ElectionRule | None, election: date | None,
               primary: date | None, today: date | None) -> tuple[dict[str, Anchor], tuple[Note, ...]]:
    """:func:`resolve_anchors` by the election rules alone."""
    warnings: list[Note] = []
    if election is not None and primary is None and primary_rule is not None:
        by_primary = election_date(primary_rule, election.year)
        by_general = election_date(general_rule, election.year)
        if by_primary and by_primary[0] == election and not (by_general and by_general[0] == election):
            warnings.append(note("election.taken_as_primary", day=election, election=primary_rule.title,
                                 rule=describe_rule(primary_rule)))
            primary, election = election, None
    if election is None:
        base_year = primary.year if primary is not None else next_election(general_rule, today).year
        election = _held(general_rule, base_year, warnings)
        how_general = _derived(general_rule, election.year)
    else:
        how_general = ENTERED
        _check_against_rule(general_rule, election, warnings)
    anchors = {"general": Anchor("general", general_rule.title, election, how_general)}
    if primary_rule is not None:
        if primary is None:
            primary = _held(primary_rule, election.year, warnings)
            how = _derived(primary_rule, primary.year)
        else:
            how = ENTERED
            _check_against_rule(primary_rule, primary, warnings)
        if primary is not None:
            anchors["primary"] = Anchor("primary", primary_rule.title, primary, how)
            if primary >= election:
                warnings.append(note("election.primary_not_before", primary=primary_rule.title, primary_day=primary,
                                     general=general_rule.title, general_day=election))
    return anchors, tuple(warnings)


def event_anchors(jur: Jurisdiction, events: Mapping[str, Moment]) -> dict[str, Anchor]:
    """A case's trigger events as anchors, instants in the jurisdiction's zone.
    Raises :class:`InputError` for events the jurisdiction does not know."""
    zone = ZoneInfo(jur.timezone)
    anchors = {}
    for name, value in events.items():
        trigger = jur.triggers.get(name)
        if trigger is None:
            raise inputs.no_event(jur, name, name)
        if trigger.type == "instant" and not isinstance(value, datetime):
            raise InputError(f"event '{name}' is an instant: give a date and time, e.g. {value}T14:30", name,
                             "event.needs_time")
        if trigger.type == "date" and isinstance(value, datetime):
            value = value.date()
        anchors[name] = Anchor(name, trigger.title, _in_zone(value, zone), RECORDED)
    return anchors


def _in_zone(moment: Moment | None, zone: ZoneInfo) -> Moment | None:
    """An instant shown in ``zone`` (one given with a bare UTC offset is the same
    instant); dates unchanged."""
    return moment.astimezone(zone) if isinstance(moment, datetime) else moment


def _held(rule: ElectionRule, year: int, warnings: list[Note]) -> date | None:
    held = election_date(rule, year)
    if held is None:
        warnings.append(note("election.not_this_year", year=year, election=rule.title, rule=describe_rule(rule)))
        return rule_day(rule, year)
    return held[0]


def _derived(rule: ElectionRule, year: int) -> Note:
    """How the election of ``year`` was found by ``rule``."""
    held = election_date(rule, year)
    if held and held[1] is not None:
        return note("anchor.derived_moved", rule=describe_rule(rule), cite=rule.cite, rule_date=held[1].rule_date,
                    authority=held[1].authority)
    return note("anchor.derived", rule=describe_rule(rule), cite=rule.cite)


def _check_against_rule(rule: ElectionRule, day: date, warnings: list[Note]) -> None:
    held = election_date(rule, day.year)
    if held is None or held[0] != day:
        expected = note("election.rule_gives", day=held[0]) if held else note("election.no_such_year", year=day.year)
        warnings.append(note("election.not_by_rule", day=day, election=rule.title, rule=describe_rule(rule),
                             expected=expected))


# --------------------------------------------------------------------------- counting one rule


class _Context:
    """One case of one computation: the jurisdiction, its zone, the business
    calendar (``variants``: the holiday law read other ways; ``office``: with
    the office's own closures), the anchors and the deadlines done."""

    __slots__ = ("jur", "zone", "calendar", "anchors", "done", "variants", "office", "named")

    def __init__(self, jur: Jurisdiction, zone: ZoneInfo, calendar: BusinessCalendar, anchors: dict[str, Anchor],
                 done: dict[str, Deadline], variants: tuple[holiday_law.Variant, ...],
                 office: holiday_law.Office | None):
        self.jur, self.zone, self.calendar, self.anchors, self.done = jur, zone, calendar, anchors, done
        self.variants, self.office = variants, office
        self.named: dict[str, tuple[Moment, Note]] = {}  # value() once per name

    def has(self, names: tuple[str, ...]) -> bool:
        """Whether every one of ``names`` is an anchor or a deadline done."""
        for name in names:
            if name not in self.anchors and name not in self.done:
                return False
        return True

    def value(self, name: str) -> tuple[Moment, Note]:
        """The anchor's value and the note naming it in a step (``anchor``);
        the same note for every rule counting from it (an anchor, or a
        deadline once done, does not change)."""
        found = self.named.get(name)
        if found is None:
            if name in self.done:
                d = self.done[name]
                found = d.due, Note("anchor", (("title", d.title), ("value", d.due)))
            else:
                a = self.anchors[name]
                found = a.value, Note("anchor", (("title", a.title), ("value", a.value)))
            self.named[name] = found
        return found


def _count(expr: Expr, ctx: _Context) -> tuple[Moment, Note]:
    """Evaluate one expression: the moment and the step that explains it."""
    value, named = ctx.value(expr.of)
    return operations.count(expr, value, named)


def _also_closed(cal: BusinessCalendar, day: date, rolled: date) -> Note | None:
    """``closed.also``: the holidays skipped on the way from ``day`` to
    ``rolled`` (weekends go unsaid), or None."""
    step = 1 if rolled > day else -1
    skipped = [day + timedelta(days=step * i) for i in range(1, abs((rolled - day).days))]
    named = tuple(Note("closed.on", (("day", d), ("name", cal.closed[d]))) for d in skipped if d in cal.closed)
    return Note("closed.also", (("days", named),)) if named else None


def _at(day: date, clock: time | None, zone: ZoneInfo) -> Moment:
    return day if clock is None else datetime.combine(day, clock, zone)


_END_OF_DAY = Note("ends.end_of_day")


def _ends(code: str, clock: time, zone: str) -> Note:
    return Note(code, (("clock", clock), ("zone", zone)))


@dataclass(frozen=True, slots=True)
class _DayLaw:
    """What the law says of a rule's last day whatever the day: the hour it
    ends (None: the end of the day) and the note saying so, the roll and the
    law that gives it, the step saying the hour is the office's closing hour
    (None where it is not), and the rule's own reading of it."""

    clock: time | None
    ends: Note
    roll: str
    roll_cite: str
    closing: Note | None
    own: Note


def _day_law(rule: Rule, hours: OfficeHours | None, time_law: TimeLaw, zone: str) -> _DayLaw:
    """:class:`_DayLaw` of ``rule`` at an office keeping ``hours`` under
    ``time_law`` in ``zone``.

    The hour: the rule's own; else, for an act at an office, the office's
    closing hour (a filing ends when the office closes); else the end of the
    day. The roll: none for acts that need no office; else the rule's own,
    else the time law's."""
    closing = None
    if rule.at is not None:
        clock, ends = rule.at, _ends("ends.at", rule.at, zone)
    elif rule.office_act and hours is not None:
        clock, ends = hours.close, _ends("ends.office_closes", hours.close, zone)
        closing = _closing(hours, ends)
    else:
        clock, ends = None, _END_OF_DAY
    if not rule.office_act:
        roll, roll_cite = "none", rule.cite
    elif rule.roll:
        roll, roll_cite = rule.roll, rule.cite
    else:
        roll, roll_cite = time_law.roll, time_law.cite
    return _DayLaw(clock, ends, roll, roll_cite, closing, _own(rule, roll, roll_cite, clock, zone))


def _closing(hours: OfficeHours, ends: Note, day: date | None = None) -> Note:
    """The step saying the day ends when the office closes (``ends``), on
    ``day``'s weekday where the office keeps other hours that day."""
    if day is not None:
        return note("office.closes_on_weekday", ends=ends, weekday=day.weekday(), cite=hours.cite)
    if hours.confirm:
        return note("office.closes_confirm", ends=ends, cite=hours.cite, confirm=hours.confirm)
    return note("office.closes", ends=ends, cite=hours.cite)


def _own(rule: Rule, roll: str, roll_cite: str, clock: time | None, zone: str) -> Note:
    own = note("reading.own", roll=_ROLL[roll], cite=roll_cite)
    return note("reading.own_at", clock=clock, zone=zone, own=own) if rule.reads_other_hours else own


def _clock_on(law: _DayLaw, hours: OfficeHours | None, day: date) -> time | None:
    """The hour a last day on ``day`` ends under ``law``: the office's closing
    hour on that weekday where the day ends when the office closes, else
    ``law``'s own."""
    return hours.on(day)[1] if law.closing is not None and hours.other else law.clock


def _on_day(law: _DayLaw, rule: Rule, hours: OfficeHours | None, day: date, zone: str) -> _DayLaw:
    """``law`` for a last day on ``day``: where the day ends when the office
    closes and the office closes at another hour on that weekday, that hour."""
    close = _clock_on(law, hours, day)
    if close == law.clock:
        return law
    ends = _ends("ends.office_closes", close, zone)
    return _DayLaw(close, ends, law.roll, law.roll_cite, _closing(hours, ends, day),
                   _own(rule, law.roll, law.roll_cite, close, zone))


@dataclass(slots=True)
class _LastDay:
    """What deciding a rule's last day found: the moment, what its end means,
    and the words and readings that go with it."""

    due: Moment
    ends: Note
    steps: list[Note]
    warnings: list[Note]
    readings: tuple[ReadingResult, ...] = ()


def _last_day(rule: Rule, ctx: _Context) -> _LastDay:
    """Count the rule's due, then move it onto a day the office is open (or
    warn that it is not), at the hour the day ends."""
    jur, cal = ctx.jur, ctx.calendar
    day, step = _count(rule.due, ctx)
    if isinstance(day, datetime):  # counted in hours: an exact instant, never rolled
        closed = cal.why_closed(day.date()) if rule.office_act else None
        warn = [note("hours.office_closed", day=day.date(), closed=closed)] if closed else []
        return _LastDay(day, _ends("ends.instant", day.timetz(), jur.timezone), [step], warn)
    steps, warnings = [step], []
    law = _day_law(rule, jur.office_hours, jur.time_law, jur.timezone)
    roll = law.roll
    rolled = cal.roll(day, roll)
    law = _on_day(law, rule, jur.office_hours, rolled, jur.timezone)
    due = _at(rolled, law.clock, ctx.zone)
    # a day that stays where it was counted is open, unless nothing rolls it
    closed = cal.why_closed(day) if rule.office_act and (rolled != day or roll == "none") else None
    if rolled != day:
        steps.append(note("roll.extended" if rolled > day else "roll.shortened", day=day, closed=closed,
                          also=_also_closed(cal, day, rolled), to=due, roll=_ROLL[roll], cite=law.roll_cite))
    elif closed:
        warnings.append(note("roll.none_office_closed", day=day, closed=closed, cite=law.roll_cite,
                             safe=cal.prior_business_day(day)))
    if law.closing is not None:
        steps.append(law.closing)
    if rule.warning:
        warnings.append(_said(rule.warning))
    readings = _readings(rule, day, rolled, law, ctx)
    return _LastDay(due, law.ends, steps, warnings, readings)


def _safe_due(last: _LastDay) -> Moment:
    """The earliest reading (the rule's own date when there are none); says in
    ``last`` whether the readings agree."""
    if not last.readings:
        return last.due
    safe = min(r.due for r in last.readings)
    if len({r.due for r in last.readings}) > 1:
        others = tuple(Note("reading.due", (("name", r.name), ("due", r.due))) for r in last.readings)
        last.warnings.append(note("readings.disagree", readings=others, safe=safe))
    else:
        last.steps.append(note("readings.agree", names=tuple(r.name for r in last.readings)))
    return safe


def _window_start(rule: Rule, ctx: _Context) -> tuple[Moment, date, list[Note]]:
    """When a window opens: the statutory first day, or where filing needs the
    office open, its first opening time on or after that day."""
    jur, cal = ctx.jur, ctx.calendar
    start, step = _count(rule.start, ctx)
    statutory = day_of(start)
    steps = [step]
    if rule.start_at_opening and jur.office_hours is not None:
        opens = (cal if ctx.office is None else ctx.office.calendar).on_or_after(statutory)
        clock = jur.office_hours.on(opens)[0]
        start = datetime.combine(opens, clock, tzinfo=ctx.zone)
        if opens != statutory:
            steps.append(note("window.opens_later", day=statutory, closed=cal.why_closed(statutory),
                              clock=clock, opens=opens, cite=jur.office_hours.cite))
        else:
            steps.append(note("window.opens_with_office", clock=clock))
    return start, statutory, steps


def _evaluate(rule: Rule, ctx: _Context, cycle: date, case: Case | None = None) -> Deadline:
    """One rule's deadline for the cycle (of ``case``, for a rule counted from
    its events): last day, readings, window start; where the whole law shown
    is a reading (the jurisdiction's caveats), tentative, saying so first."""
    last = _last_day(rule, ctx)
    safe_due = _safe_due(last)
    start: Moment | None = None
    statutory_start: date | None = None
    steps = last.steps
    if rule.start is not None:
        start, statutory_start, start_steps = _window_start(rule, ctx)
        steps = start_steps + steps
        if day_of(start) > day_of(last.due):
            last.warnings.append(note("window.ends_before_opening", due=last.due, start=start))
    if rule.note:
        steps.append(_said(rule.note))
    status = "tentative" if safe_due != last.due or ctx.jur.caveats else "scheduled"
    warnings = (*_caveats(ctx.jur.caveats), *last.warnings) if ctx.jur.caveats else tuple(last.warnings)
    # positional, in the order of Deadline's fields (a keyword call costs half again as much)
    return Deadline(
        ctx.jur.id,  # jurisdiction
        cycle,
        rule.id,  # id
        rule,
        last.due,  # due
        last.ends,
        status,
        tuple(steps),
        start,
        statutory_start,
        last.readings,
        safe_due,
        warnings,
        None,  # computed_due (an override's)
        None,  # override
        None if case is None else case.id,  # case
        (),  # changes (a clerk's)
        None if case is None else case.label,  # label
        None,  # basis (the service's)
        ctx.jur.name,  # place
    )


def _said(words: str | Note) -> Note:
    """A calendar file's words (a rule's note or warning) as a note; a note the
    engine composed (a choice's) as it is."""
    return words if isinstance(words, Note) else text(words)


def _readings(rule: Rule, day: date, rolled: date, law: _DayLaw, ctx: _Context) -> tuple[ReadingResult, ...]:
    """Each way the law can be read for a last day on ``day`` (``rolled`` by the
    rule's own roll, ``law``): another roll, another hour or zone of the hour,
    another count, or the holiday law read another way; the earliest instant
    marked safe; instants are shown in the jurisdiction's zone."""
    other_law = rule.office_act and (ctx.variants or ctx.office)
    if not (rule.readings or other_law):
        return ()
    own, roll, roll_cite, clock = law.own, law.roll, law.roll_cite, law.clock
    hours = ctx.jur.office_hours
    ways = [(own, roll, roll_cite, _OWN_WHY)]
    dues = [_at(rolled, clock, ctx.zone)]
    for r in rule.readings:
        how = r.roll or roll
        counted = day if r.due is None else day_of(_count(r.due, ctx)[0])
        last = ctx.calendar.roll(counted, how)
        due = _at(last, r.at or _clock_on(law, hours, last), r.zone or ctx.zone)
        ways.append((_said(r.name), how, r.cite, _said(r.why)))
        dues.append(due.astimezone(ctx.zone) if r.zone is not None else due)
    if other_law:
        for name, how, cite, why, other in _holiday_readings(own, roll, day, rolled, ctx):
            ways.append((name, how, cite, why))
            dues.append(_at(other, _clock_on(law, hours, other), ctx.zone))
    if len(ways) == 1:
        return ()
    safe = dues.index(min(dues))  # the first of the earliest
    return tuple(
        ReadingResult(name, how, due, cite, why, i == safe)  # positional: name, roll, due, cite, why, safe
        for i, ((name, how, cite, why), due) in enumerate(zip(ways, dues))
    )


def _holiday_readings(own: str, roll: str, day: date, rolled: date, ctx: _Context) -> list[tuple]:
    """Readings of the rule's own roll where the holiday law read another way
    gives another last day than ``rolled``, and, where the office is closed on
    its own authority that day, the office's last open day before it."""
    out = []
    for variant in ctx.variants:
        if variant.may_differ(day, rolled) and (other := variant.calendar.roll(day, roll)) != rolled:
            out.append((note("reading.holiday_law", own=own, reading=variant.name), roll, variant.cite,
                        text(variant.why), other))
    if ctx.office is not None and ctx.office.closed_alone(rolled):
        closed = holiday_law.closures_in(ctx.jur.holidays, rolled.year).get(rolled)
        what, authority = closed or (note("office.not_open_weekday", day=rolled), ctx.jur.office_hours.cite)
        out.append((
            Note("reading.office_closure"), "prior_business_day", authority,
            note("reading.office_closure_why", day=rolled, closure=what),
            ctx.office.calendar.prior_business_day(rolled),
        ))
    return out


def _apply_override(d: Deadline, ov: Override, zone: ZoneInfo) -> Deadline:
    if ov.status == "cancelled":
        step = note("override.cancelled", authority=ov.authority, reason=ov.reason)
        return replace(d, status="cancelled", override=ov, steps=d.steps + (step,))
    due = _in_zone(ov.due, zone) if ov.due is not None else d.due
    start = _in_zone(ov.start, zone) if ov.start is not None else d.start
    step = note("override.replaced", authority=ov.authority, reason=ov.reason, computed=d.due, due=due)
    ends = (note("ends.ordered_at", clock=due.timetz(), zone=zone.key, authority=ov.authority)
            if isinstance(due, datetime) else note("ends.ordered_end_of_day", authority=ov.authority))
    return replace(
        d, status="overridden", due=due, start=start, safe_due=due, computed_due=d.due, override=ov,
        steps=d.steps + (step,), ends=ends,
    )


# --------------------------------------------------------------------------- the whole calendar


def version_in_force(versions: Sequence[Rule], on: date) -> Rule | None:
    """The latest version that took effect on or before ``on`` (an undated
    version is always in force)."""
    for rule in reversed(versions):  # newest first
        if rule.effective is None or rule.effective <= on:
            return rule
    return None


@dataclass(frozen=True, slots=True)
class _Versions:
    """A law's rules as they stand on the days between two of its effective
    dates: the version of each rule in force (``in_force``, in dependency
    order) and what they count from (``plan``); the rules with none in force
    and those counting from them (``missing``: ``rule.not_in_force`` with the
    first version's effective date, or ``rule.counts_from_missing`` with the
    missing rules, in dependency order); each rule's place in its file."""

    in_force: tuple[tuple[str, Rule], ...]
    plan: _Plan
    missing: tuple[tuple[str, str, object], ...]
    order: Mapping[str, int]


def _versions_on(jur: Jurisdiction, on: date) -> _Versions:
    """:class:`_Versions` of ``jur``'s rules on ``on``."""
    missing: list[tuple[str, str, object]] = []
    gone: set[str] = set()  # rules with no version in force, and their dependants
    in_force: dict[str, Rule] = {}
    for rid in jur.order:
        rule = version_in_force(jur.rules[rid], on)
        if rule is None:
            missing.append(("rule.not_in_force", rid, jur.rules[rid][0].effective))
            gone.add(rid)
            continue
        lacking = tuple(name for name in rule.anchors() if name in gone)
        if lacking:
            missing.append(("rule.counts_from_missing", rid, lacking))
            gone.add(rid)
            continue
        in_force[rid] = rule
    rules = tuple(in_force.items())
    return _Versions(rules, _plan(rules, tuple(jur.triggers)), tuple(missing),
                     {rid: i for i, rid in enumerate(jur.rules)})


def compute(
    jur: Jurisdiction,
    *,
    election: date | None = None,
    primary: date | None = None,
    events: Mapping[str, Moment] | None = None,
    cases: Sequence[Case] = (),
    overrides: Sequence[Override] = (),
    decisions: Sequence[Decision] = (),
    moved_by: str | None = None,
    today: date,
) -> Result:
    """Every deadline of ``jur`` for one election cycle.

    Rules that count from a trigger event are run once per case, with that
    case's events (``events`` alone is one case, ``typed-1``); a rule none of
    the cases gives a date is named in ``Result.pending``. Overrides from the
    calendar file and ``overrides`` replace the dates they name for this
    cycle; dependants count from the replaced date. Decisions from the
    calendar file and ``decisions`` (a clerk's, which win) say which choices
    the law gives were taken this cycle. ``moved_by`` is the authority for an
    election entered on another date than its rule gives.
    """
    anchors, warnings = resolve_anchors(jur, election=election, primary=primary, today=today)
    if events:
        event_anchors(jur, events)  # unknown events are refused before they are grouped
        cases = (*cases, *typed_cases(jur, [Occurrence(name, at) for name, at in events.items()]))
    general = anchors["general"].value
    cycle = cycle_key(jur.elections["general"], general)
    zone = ZoneInfo(jur.timezone)
    cases = tuple(replace(c, events={n: _in_zone(m, zone) for n, m in c.events.items()}) for c in cases)
    case_anchors = [event_anchors(jur, c.events) for c in cases]
    law = jur.holidays
    cals = law.calendars
    office = cals.office
    if jur.office_hours is not None and not jur.office_hours.weekdays_only:
        office = holiday_law.open_days(office, cals.legal, jur.office_hours.days)
    ctx = _Context(jur, zone, cals.legal, anchors, {}, cals.variants, office)
    by_id = {(o.deadline, o.cycle): o for o in (*jur.overrides, *overrides) if o.case is None}  # by cycle or election day
    by_case = {(o.deadline, o.case): o for o in overrides if o.case is not None}
    if jur.time_law.warning:
        warnings.append(text(jur.time_law.warning))
    earliest = min([anchors[name].value for name in jur.elections if name in anchors])
    versions = _versions_on(jur, general)
    for code, rid, arg in versions.missing:
        warnings.append(note("rule.not_in_force", rule=rid, day=general, first=arg) if code == "rule.not_in_force"
                        else note(code, rule=rid, missing=arg))
    if jur.choices and (under := _choices_of_cycle(jur, general, cycle, decisions)):
        in_force = {rid: _under_choice(rule, *under[rid]) if rid in under else rule for rid, rule in versions.in_force}
        plan = _plan(tuple(in_force.items()), tuple(jur.triggers))
    else:
        in_force, plan = dict(versions.in_force), versions.plan
    needs = plan.needs
    out: list[Deadline] = []
    pending: list[str] = []
    for rid, rule in in_force.items():
        if needs[rid]:
            continue  # counted per case below
        if not ctx.has(rule.anchors()):
            pending.append(rid)
            continue
        deadline = _evaluate(rule, ctx, cycle)
        ov = (by_id.get((rid, cycle)) or by_id.get((rid, general))) if by_id else None
        if ov is not None:
            deadline = _apply_override(deadline, ov, zone)
        if deadline.kind != "retention" and day_of(deadline.due) >= earliest:
            deadline = _check_before_election(deadline, plan.behind[rid], ctx)
        ctx.done[rid] = deadline
        out.append(deadline)
    dated: set[str] = set()
    for case, found in zip(cases, case_anchors):
        cctx = _Context(jur, zone, ctx.calendar, {**anchors, **found}, dict(ctx.done), ctx.variants, ctx.office)
        for rid, rule in in_force.items():
            if not needs[rid] or not cctx.has(rule.anchors()):
                continue
            deadline = _evaluate(rule, cctx, cycle, case)
            ov = by_case.get((rid, case.id))
            if ov is not None:
                deadline = _apply_override(deadline, ov, zone)
            why = [case.cancelled[t] for t in sorted(needs[rid]) if t in case.cancelled]
            if why:
                deadline = replace(deadline, status="cancelled", steps=deadline.steps + tuple(why))
            cctx.done[rid] = deadline
            out.append(deadline)
            dated.add(rid)
    pending += [rid for rid in in_force if needs[rid] and rid not in dated]
    if law.proclaimed or law.one_off_closures:
        warnings.extend(holiday_law.unlisted(law, {day_of(m).year for d in out for m in (d.start, d.due) if m}))
    if jur.caveats:
        warnings[:0] = _caveats(jur.caveats)
    deadlines = tuple(sorted(out, key=_listing(versions.order)))
    return Result(jur, general, cycle, anchors, deadlines, tuple(warnings), tuple(pending), cases=tuple(cases),
                  moved=_moved(jur, general, cycle, moved_by))


def _caveats(caveats: tuple[str, ...]) -> tuple[Note, ...]:
    """The caveats of a jurisdiction whose whole law shown is a reading (a
    home-rule charter not yet encoded), as notes."""
    return tuple(map(text, caveats))


def counts_from_trigger(jur: Jurisdiction, rule_id: str) -> bool:
    """Whether deadline ``rule_id`` (its newest version) counts from a trigger
    event, directly or through the deadlines it anchors on: it exists only in cases."""
    newest = tuple((rid, jur.rules[rid][-1]) for rid in jur.order)
    return bool(_plan(newest, tuple(jur.triggers)).needs[rule_id])


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a set of rules in force counts from, the same in every cycle they
    are in force: per rule, the trigger events (``needs``) and the anchors,
    elections or triggers (``behind``), it counts from, directly or through
    the deadlines it anchors on."""

    needs: dict[str, frozenset[str]]
    behind: dict[str, frozenset[str]]


def _plan(rules: tuple[tuple[str, Rule], ...], triggers: tuple[str, ...]) -> _Plan:
    """:class:`_Plan` of ``rules`` (id and version, in dependency order: anchors
    first)."""
    needs: dict[str, frozenset[str]] = {}
    behind: dict[str, frozenset[str]] = {}
    for rid, rule in rules:
        found: set[str] = set()
        reached: set[str] = set()
        for name in rule.anchors():
            if name in triggers:
                found.add(name)
            found |= needs.get(name, frozenset())
            reached |= behind.get(name, {name})
        needs[rid], behind[rid] = frozenset(found), frozenset(reached)
    return _Plan(needs, behind)


def _moved(jur: Jurisdiction, held: date, cycle: date, moved_by: str | None) -> Note | None:
    """``election.moved`` (from ``cycle`` to ``held`` by ``authority``) for an
    election held on another day than its rule gives."""
    if held == cycle:
        return None
    rule = jur.elections["general"]
    by_file = election_date(rule, cycle.year)
    if moved_by is None and by_file is not None and by_file[1] is not None and by_file[0] == held:
        moved_by = by_file[1].authority
    if moved_by is None:
        return None  # a date typed by a person: counted from, with a warning (see _check_against_rule)
    return note("election.moved", election=rule.title, cycle=cycle, held=held, authority=moved_by)


def _check_before_election(d: Deadline, behind: frozenset[str], ctx: _Context) -> Deadline:
    """A deadline counted from elections alone (``behind``: no trigger) must
    end before the first of them (a retention period excepted); one that does
    not, say with an election entered on a day its rules do not follow,
    carries a warning."""
    if d.status == "cancelled":
        return d
    first = min((ctx.anchors[a] for a in behind if a in ctx.anchors), key=_value, default=None)
    if first is None or day_of(d.due) < first.value:
        return d
    when = "on" if day_of(d.due) == first.value else "after"
    code = f"{'window' if d.start is not None else 'deadline'}.ends_{when}_election"
    return replace(d, warnings=d.warnings + (note(code, election=first.title, due=d.due, day=first.value),))


_value = attrgetter("value")


def _choices_of_cycle(jur: Jurisdiction, held: date, cycle: date, decisions: Sequence[Decision]):
    """For each deadline a choice names: the choice and this cycle's decision
    (None: none recorded; "ended": the law no longer gives the choice)."""
    decided = {(d.choice, d.cycle): d for d in (*jur.decisions, *decisions)}
    out = {}
    for choice in jur.choices.values():
        if choice.allowed(held):
            decision = decided.get((choice.name, cycle)) or decided.get((choice.name, held))
        elif choice.ends is not None and held >= choice.ends:
            decision = "ended"
        else:
            continue
        out.update({rid: (choice, decision) for rid in choice.deadlines})
    return out


def _under_choice(rule: Rule, choice: Choice, decision: Decision | str | None) -> Rule:
    """The rule as this cycle's decision on ``choice`` leaves it: the choice's
    period where taken; the rule's own plus the period as a reading while
    nothing is recorded; the rule's own, with a word, where declined or ended."""
    def noted(words: Note) -> Note:
        return joined(_said(rule.note), words) if rule.note else words

    if decision == "ended":
        if choice.after:
            return replace(rule, note=noted(note("choice.ended_then", choice=choice.title, day=choice.ends,
                                                 cite=choice.cite, after=choice.after)))
        return replace(rule, note=noted(note("choice.ended", choice=choice.title, day=choice.ends, cite=choice.cite)))
    if decision is None:
        reading = Reading(
            name=note("choice.if_taken", choice=choice.title, cite=choice.period_cite),
            cite=choice.period_cite, why=note("cited_text", cite=choice.cite, text=choice.period_text),
            at=choice.at, due=choice.due,
        )
        caution = note("choice.undecided", choice=choice.title, cite=choice.cite)
        return replace(rule, readings=rule.readings + (reading,),
                       warning=joined(_said(rule.warning), caution) if rule.warning else caution)
    if not decision.taken:
        return replace(rule, note=noted(note("choice.declined", choice=choice.title, authority=decision.authority)))
    return replace(
        rule, start=choice.start or rule.start, start_at_opening=choice.start_at_opening or rule.start_at_opening,
        due=choice.due, at=choice.at or rule.at, readings=(), cite=f"{choice.period_cite}; {choice.cite}",
        text=choice.period_text,
        note=note("choice.taken", choice=choice.title, authority=decision.authority, period_cite=choice.period_cite,
                  cite=rule.cite),
    )


def _listing(order: Mapping[str, int]):
    """The key deadlines are listed by: the local day; within it, instants in
    time order (by the instant, which a time of day in UTC is not: 4:00 p.m.
    MST is 23:00 UTC and 5:00 p.m. is 00:00), then the deadlines that end
    with the day; then the rule's place in its file (``order``), then the case."""
    def key(d: Deadline) -> tuple:
        m = d.due
        if isinstance(m, datetime):
            return (m.date(), 0, m.astimezone(timezone.utc), order[d.id], d.case or "")
        return (m, 1, None, order[d.id], d.case or "")
    return key
