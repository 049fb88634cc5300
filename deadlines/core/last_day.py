"""Counting one rule's dates in one case of one cycle: its last day (counted
from its anchor, rolled onto a day the office is open, at the hour the day
ends), the readings of the law where it reads another way, and the day a
window opens. :mod:`deadlines.core.engine` runs it for every rule."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from deadlines.core import holiday_law, operations
from deadlines.core.business_days import BusinessCalendar
from deadlines.core.law import ROLL, DayLaw, closing_step, ends_at, own_reading
from deadlines.core.computed import Anchor, Deadline, ReadingResult
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Expr, Moment, OfficeHours, Rule
from deadlines.core.moments import day_of
from deadlines.core.notes import Note, joined, note, text

OWN_WHY = Note("reading.own_why")


class Context:
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


def count(expr: Expr, ctx: Context) -> tuple[Moment, Note]:
    """Evaluate one expression: the moment and the step that explains it."""
    value, named = ctx.value(expr.of)
    return operations.count(expr, value, named)


def also_closed(cal: BusinessCalendar, day: date, rolled: date) -> Note | None:
    """``closed.also``: the holidays skipped on the way from ``day`` to
    ``rolled`` (weekends go unsaid), or None."""
    step = 1 if rolled > day else -1
    skipped = [day + timedelta(days=step * i) for i in range(1, abs((rolled - day).days))]
    named = tuple(Note("closed.on", (("day", d), ("name", cal.closed[d]))) for d in skipped if d in cal.closed)
    return Note("closed.also", (("days", named),)) if named else None


def at_hour(day: date, clock: time | None, zone: ZoneInfo) -> Moment:
    return day if clock is None else datetime.combine(day, clock, zone)


def clock_on(law: DayLaw, hours: OfficeHours | None, day: date) -> time | None:
    """The hour a last day on ``day`` ends under ``law``: the office's closing
    hour on that weekday where the day ends when the office closes, else
    ``law``'s own."""
    return hours.on(day)[1] if law.closing is not None and hours.other else law.clock


def on_day(law: DayLaw, rule: Rule, hours: OfficeHours | None, day: date, zone: str) -> DayLaw:
    """``law`` for a last day on ``day``: where the day ends when the office
    closes and the office closes at another hour on that weekday, that hour."""
    close = clock_on(law, hours, day)
    if close == law.clock:
        return law
    ends = ends_at("ends.office_closes", close, zone)
    return replace(law, clock=close, ends=ends, closing=closing_step(hours, ends, day),
                   own=own_reading(rule, law.roll, law.roll_cite, close, zone))


@dataclass(slots=True)
class LastDay:
    """What deciding a rule's last day found: the moment, what its end means,
    and the words and readings that go with it."""

    due: Moment
    ends: Note
    steps: list[Note]
    warnings: list[Note]
    readings: tuple[ReadingResult, ...] = ()


def last_day(rule: Rule, law: DayLaw, ctx: Context) -> LastDay:
    """Count the rule's due, then move it onto a day the office is open (or
    warn that it is not), at the hour the day ends."""
    jur, cal = ctx.jur, ctx.calendar
    day, step = count(rule.due, ctx)
    if isinstance(day, datetime):  # counted in hours: an exact instant, never rolled
        closed = cal.why_closed(day.date()) if rule.office_act else None
        warn = [note("hours.office_closed", day=day.date(), closed=closed)] if closed else []
        return LastDay(day, ends_at("ends.instant", day.timetz(), jur.timezone), [step], warn)
    steps, warnings = [step], []
    roll = law.roll
    rolled = cal.roll(day, roll)
    law = on_day(law, rule, jur.office_hours, rolled, jur.timezone)
    due, cut = at_hour(rolled, law.clock, ctx.zone), None
    if not rule.kept_open:  # else the law's hour stands, the office's closing hour a reading (readings_of)
        due, cut = while_open(rule, due, jur.office_hours, ctx.zone)
    ends = law.ends if cut is None else ends_at("ends.office_closes", due.time(), jur.timezone)
    # a day that stays where it was counted is open, unless nothing rolls it
    closed = cal.why_closed(day) if rule.office_act and (rolled != day or roll == "none") else None
    if rolled != day:
        steps.append(note("roll.extended" if rolled > day else "roll.shortened", day=day, closed=closed,
                          also=also_closed(cal, day, rolled), to=due, roll=ROLL[roll], cite=law.roll_cite))
    elif closed:
        warnings.append(note("roll.none_office_closed", day=day, closed=closed, cite=law.roll_cite,
                             safe=cal.prior_business_day(day)))
    if law.closing is not None:
        steps.append(law.closing)
    if cut is not None:
        steps.append(cut)
    if law.warning is not None:
        warnings.append(law.warning)
    readings = readings_of(rule, day, rolled, law, ctx)
    return LastDay(due, ends, steps, warnings, readings)


def while_open(rule: Rule, due: Moment, hours: OfficeHours | None, zone: ZoneInfo) -> tuple[Moment, Note | None]:
    """``due`` where the act can still be done at the office, and the note
    saying so where that is not ``due``: a filing cannot be made at a closed
    office, so on a day the office is open but closes before the hour the law
    sets, the act is done by the hour it closes that day
    (``hours.closes_before_law``: the law's hour said beside it). Only hours
    that are recorded (a government's file, research, the clerk) count, not
    a default to confirm; a day the office does not open on at all is the
    office closure reading's; a date with no hour stays so."""
    if not isinstance(due, datetime) or hours is None or hours.confirm or not rule.office_act:
        return due, None
    local = due.astimezone(zone)
    day, law_clock = local.date(), local.time()
    if day.weekday() not in hours.days:
        return due, None
    closes = hours.on(day)[1]
    if closes >= law_clock:
        return due, None
    return datetime.combine(day, closes, zone), note("hours.closes_before_law", weekday=day.weekday(), clock=closes,
                                                      law_clock=law_clock, cite=hours.cite)


def safe_due(last: LastDay) -> Moment:
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


def window_start(rule: Rule, ctx: Context) -> tuple[Moment, date, list[Note]]:
    """When a window opens: the statutory first day, or where filing needs the
    office open, its first opening time on or after that day."""
    jur, cal = ctx.jur, ctx.calendar
    start, step = count(rule.start, ctx)
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


def readings_of(rule: Rule, day: date, rolled: date, law: DayLaw, ctx: Context) -> tuple[ReadingResult, ...]:
    """Each way the law can be read for a last day on ``day`` (``rolled`` by the
    rule's own roll, ``law``): another roll, another hour or zone of the hour,
    another count, or the holiday law read another way; the earliest instant
    marked safe; instants are shown in the jurisdiction's zone."""
    other_law = rule.office_act and (ctx.variants or ctx.office)
    own, roll, roll_cite, clock = law.own, law.roll, law.roll_cite, law.clock
    hours = ctx.jur.office_hours
    due, cut = while_open(rule, at_hour(rolled, clock, ctx.zone), hours, ctx.zone)
    if not (rule.readings or other_law or (rule.kept_open and cut)):
        return ()
    if rule.kept_open and cut is not None:  # the law keeps the office open till its hour: both shown
        ways = [(own, roll, roll_cite, OWN_WHY), (Note("reading.office_hours"), roll, hours.cite, cut)]
        dues = [at_hour(rolled, clock, ctx.zone), due]
    else:
        ways, dues = [(own, roll, roll_cite, joined(OWN_WHY, cut))], [due]
    held = ctx.anchors.get("general")
    for r, (name, why) in zip(rule.readings, law.readings):
        if r.election_months and (held is None or day_of(held.value).month not in r.election_months):
            continue  # a reading of elections in other months (a coordinated election's November)
        how = r.roll or roll
        counted = day if r.due is None else day_of(count(r.due, ctx)[0])
        last = ctx.calendar.roll(counted, how)
        due = at_hour(last, r.at or clock_on(law, hours, last), r.zone or ctx.zone)
        due = due.astimezone(ctx.zone) if r.zone is not None else due
        if not rule.kept_open:
            due, cut = while_open(rule, due, hours, ctx.zone)
        else:
            cut = None
        ways.append((name, how, r.cite, joined(why, cut)))
        dues.append(due)
    if other_law:
        for name, how, cite, why, other, at_office in _holiday_readings(own, roll, day, rolled, ctx):
            clock, earlier = clock_on(law, hours, other), None
            if at_office:
                clock, earlier = _while_open(rule, clock, hours, other)
            due, cut = at_hour(other, clock, ctx.zone), None
            if not rule.kept_open:
                due, cut = while_open(rule, due, hours, ctx.zone)
            ways.append((name, how, cite, joined(why, earlier or cut)))
            dues.append(due)
    if len(ways) == 1:
        return ()
    safe = dues.index(min(dues))  # the first of the earliest
    return tuple(
        ReadingResult(name, how, due, cite, why, i == safe)  # positional: name, roll, due, cite, why, safe
        for i, ((name, how, cite, why), due) in enumerate(zip(ways, dues))
    )


def _while_open(rule: Rule, clock: time | None, hours: OfficeHours | None, day: date) -> tuple[time | None, Note | None]:
    """The hour the office's last open day (``day``) ends, and the note saying
    why where it is not ``clock``: the reading exists because the act is done
    at the office, so it is done by the hour the office closes that day where
    that is earlier than the law's hour (``reading.office_closes_earlier``); a
    day that ends with the day (no hour) stays so."""
    if clock is None or hours is None or not rule.office_act:
        return clock, None
    closes = hours.on(day)[1]
    if closes >= clock:
        return clock, None
    return closes, note("reading.office_closes_earlier", weekday=day.weekday(), clock=closes, cite=hours.cite,
                        law_clock=clock)


def _holiday_readings(own: str, roll: str, day: date, rolled: date, ctx: Context) -> list[tuple]:
    """Readings of the rule's own roll where the holiday law read another way
    gives another last day than ``rolled``, and, where the office is closed on
    its own authority that day, the office's last open day before it: (name,
    roll, citation, why, the day, whether the act is then done at the office
    that day, so by the hour it closes)."""
    out = []
    for variant in ctx.variants:
        if variant.may_differ(day, rolled) and (other := variant.calendar.roll(day, roll)) != rolled:
            out.append((note("reading.holiday_law", own=own, reading=variant.name), roll, variant.cite,
                        text(variant.why), other, False))
    if ctx.office is not None and ctx.office.closed_alone(rolled):
        closed = holiday_law.closures_in(ctx.jur.holidays, rolled.year).get(rolled)
        what, authority = closed or (note("office.not_open_weekday", day=rolled), ctx.jur.office_hours.cite)
        out.append((
            Note("reading.office_closure"), "prior_business_day", authority,
            note("reading.office_closure_why", day=rolled, closure=what),
            ctx.office.calendar.prior_business_day(rolled), True,
        ))
    return out
