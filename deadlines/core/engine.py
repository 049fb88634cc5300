"""The date engine: from a jurisdiction's rules and its anchors to deadlines.

:func:`compute` is pure: it reads no files and no clock (``today`` is passed
in), and it imports neither Flask nor APScheduler. Every date it derives
carries the counting steps in plain words, the readings of the law where it
reads two ways, and warnings instead of silent moves.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from datetime import date, datetime, time, timedelta
from typing import Mapping, Sequence
from zoneinfo import ZoneInfo

from deadlines.core import holiday_law, inputs, operations, span
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
    Expr,
    Jurisdiction,
    Moment,
    OfficeHours,
    Override,
    Reading,
    ReadingResult,
    Result,
    Rule,
)
from deadlines.core.moments import day_of, say, say_clock, say_day

ROLL_WORDS = {
    "next_business_day": "the next business day",
    "prior_business_day": "the prior business day",
    "none": "no roll: the day stands as counted",
}
# --------------------------------------------------------------------------- anchors


def resolve_anchors(
    jur: Jurisdiction,
    *,
    election: date | None = None,
    primary: date | None = None,
    today: date,
) -> tuple[dict[str, Anchor], list[str]]:
    """The elections of one cycle.

    ``election`` is the general election; a date that is the jurisdiction's
    primary by rule (and not its general) is taken as ``primary``, with a
    warning saying so. Missing elections are derived by rule from the year of
    the one given, or from ``today`` (the next general election).
    """
    warnings: list[str] = []
    general_rule = jur.elections["general"]
    primary_rule = jur.elections.get("primary")
    if primary is not None and primary_rule is None:
        raise InputError(f"{jur.id} holds no primary election; leave out the primary date", "primary")
    if election is not None and primary is None and primary_rule is not None:
        by_primary = election_date(primary_rule, election.year)
        by_general = election_date(general_rule, election.year)
        if by_primary and by_primary[0] == election and not (by_general and by_general[0] == election):
            warnings.append(
                f"{say_day(election)} is the date of the {primary_rule.title.lower()} by rule "
                f"({describe_rule(primary_rule)}), so it is taken as the primary, not the general election."
            )
            primary, election = election, None
    if election is None:
        base_year = primary.year if primary is not None else next_election(general_rule, today).year
        election = _held(jur, "general", base_year, warnings)
        how_general = _derived_words(jur, "general", election)
    else:
        how_general = "entered"
        _check_against_rule(jur, "general", election, warnings)
    anchors = {"general": Anchor("general", general_rule.title, election, how_general)}
    if primary_rule is not None:
        if primary is None:
            primary = _held(jur, "primary", election.year, warnings)
            how = _derived_words(jur, "primary", primary)
        else:
            how = "entered"
            _check_against_rule(jur, "primary", primary, warnings)
        if primary is not None:
            anchors["primary"] = Anchor("primary", primary_rule.title, primary, how)
            if primary >= election:
                warnings.append(
                    f"The {primary_rule.title.lower()} ({say_day(primary)}) is not before the "
                    f"{general_rule.title.lower()} ({say_day(election)}): a primary comes before its general "
                    f"election; check the dates entered."
                )
    return anchors, warnings


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
            raise InputError(f"event '{name}' is an instant: give a date and time, e.g. {value}T14:30", name)
        if trigger.type == "date" and isinstance(value, datetime):
            value = value.date()
        anchors[name] = Anchor(name, trigger.title, _in_zone(value, zone), "recorded")
    return anchors


def _in_zone(moment: Moment | None, zone: ZoneInfo) -> Moment | None:
    """An instant shown in ``zone`` (one given with a bare UTC offset is the same
    instant); dates unchanged."""
    return moment.astimezone(zone) if isinstance(moment, datetime) else moment


def _held(jur: Jurisdiction, name: str, year: int, warnings: list[str]) -> date | None:
    rule = jur.elections[name]
    held = election_date(rule, year)
    if held is None:
        warnings.append(f"{year} is not a year of the {rule.title.lower()} ({describe_rule(rule)})")
        return rule_day(rule, year)
    return held[0]


def _derived_words(jur: Jurisdiction, name: str, day: date) -> str:
    rule = jur.elections[name]
    held = election_date(rule, day.year)
    words = f"derived by rule: {describe_rule(rule)} ({rule.cite})"
    if held and held[1] is not None:
        words += f"; moved from {say_day(held[1].rule_date)} by {held[1].authority}"
    return words


def _check_against_rule(jur: Jurisdiction, name: str, day: date, warnings: list[str]) -> None:
    rule = jur.elections[name]
    held = election_date(rule, day.year)
    if held is None or held[0] != day:
        expected = f"the rule gives {say_day(held[0])}" if held else f"{day.year} is not a year of this election by rule"
        warnings.append(
            f"{say_day(day)} is not the date of the {rule.title.lower()} by rule "
            f"({describe_rule(rule)}; {expected}); deadlines are counted from the date entered."
        )


# --------------------------------------------------------------------------- counting one rule


@dataclass
class _Context:
    jur: Jurisdiction
    zone: ZoneInfo
    calendar: BusinessCalendar
    anchors: dict[str, Anchor]
    done: dict[str, Deadline]
    variants: tuple[holiday_law.Variant, ...] = ()  # the holiday law read other ways
    office: holiday_law.Office | None = None  # with the office's own closures

    def value(self, name: str) -> tuple[Moment, str]:
        """The anchor's value and how to name it in a step."""
        if name in self.done:
            d = self.done[name]
            return d.due, f"the {d.title.lower()} ({say(d.due)})"
        a = self.anchors[name]
        return a.value, f"the {a.title.lower()} ({say(a.value)})"


def _count(expr: Expr, ctx: _Context) -> tuple[Moment, str]:
    """Evaluate one expression: the moment and the step that explains it."""
    value, named = ctx.value(expr.of)
    return operations.count(expr, value, named)


def _plain_day(day: date) -> str:
    """"June 7, 2025" (the weekday is said separately)."""
    return f"{day:%B} {day.day}, {day.year}"


def _also_closed(cal: BusinessCalendar, day: date, rolled: date) -> str:
    """Holidays skipped on the way from ``day`` to ``rolled`` (weekends go unsaid)."""
    step = 1 if rolled > day else -1
    skipped = [day + timedelta(days=step * i) for i in range(1, abs((rolled - day).days))]
    named = [f"{say_day(d)} is {cal.closed[d]}" for d in skipped if d in cal.closed]
    return f" ({'; '.join(named)}, a holiday)" if named else ""


def _at(day: date, clock: time | None, zone: ZoneInfo) -> Moment:
    return day if clock is None else datetime.combine(day, clock, tzinfo=zone)


def _closing_time(rule: Rule, jur: Jurisdiction) -> tuple[time | None, str]:
    """The hour the last day ends and the words for it: the rule's own hour;
    else, for an act at an office, the office's closing hour (a filing ends
    when the office closes); else the end of the day."""
    if rule.at is not None:
        return rule.at, f"{say_clock(rule.at)} local time ({jur.timezone})"
    if rule.office_act and jur.office_hours is not None:
        close = jur.office_hours.close
        return close, f"close of office hours, {say_clock(close)} local time ({jur.timezone})"
    return None, "end of day (11:59 p.m. local time); no hour is set by the law"


@lru_cache(maxsize=1024)
def _closing_step(hours: OfficeHours, ends: str) -> str:
    """Why a last day with no hour in the law ends at the office's closing hour."""
    step = (f"No hour is set by the text and the act is done at the office, so the day ends when the "
            f"office closes: the {ends} ({hours.cite}).")
    return step + (f" {hours.confirm}" if hours.confirm else "")


@dataclass(slots=True)
class _LastDay:
    """What deciding a rule's last day found: the moment, what its end means,
    and the words and readings that go with it."""

    due: Moment
    ends: str
    steps: list[str]
    warnings: list[str]
    readings: tuple[ReadingResult, ...] = ()


def _roll_of(rule: Rule, jur: Jurisdiction) -> tuple[str, str]:
    """The roll that applies to the rule's last day and the law that says so:
    the rule's own, else the jurisdiction's time law; none for acts that need
    no office."""
    if not rule.office_act:
        return "none", rule.cite
    if rule.roll:
        return rule.roll, rule.cite
    return jur.time_law.roll, jur.time_law.cite


def _last_day(rule: Rule, ctx: _Context) -> _LastDay:
    """Count the rule's due, then move it onto a day the office is open (or
    warn that it is not), at the hour the day ends."""
    jur, cal = ctx.jur, ctx.calendar
    day, step = _count(rule.due, ctx)
    if isinstance(day, datetime):  # counted in hours: an exact instant, never rolled
        closed = cal.why_closed(day.date()) if rule.office_act else None
        warn = [f"{say_day(day.date())} is {closed}: the law counts hours, so the time is not moved, "
                f"but the office may be closed then."] if closed else []
        return _LastDay(day, f"{say_clock(day.timetz())} local time ({jur.timezone}), an exact instant", [step], warn)
    steps, warnings = [step], []
    clock, ends = _closing_time(rule, jur)
    roll, roll_cite = _roll_of(rule, jur)
    closed = cal.why_closed(day) if rule.office_act else None
    rolled = cal.roll(day, roll)
    if rolled != day:
        verb = "extended" if rolled > day else "shortened"
        steps.append(
            f"{_plain_day(day)} is {closed}{_also_closed(cal, day, rolled)}, so the last day is {verb} to "
            f"{say(_at(rolled, clock, ctx.zone))}, {ROLL_WORDS[roll]} ({roll_cite})."
        )
    elif closed:
        warnings.append(
            f"{say_day(day)} is {closed} and the law for this rule names no roll ({roll_cite}), "
            f"so the date is not moved; the office may be closed that day: to be safe, act by "
            f"{say_day(cal.prior_business_day(day))}."
        )
    if clock is not None and rule.at is None:
        steps.append(_closing_step(jur.office_hours, ends))
    if rule.warning:
        warnings.append(rule.warning)
    readings = _readings(rule, day, rolled, roll, roll_cite, clock, ctx)
    return _LastDay(_at(rolled, clock, ctx.zone), ends, steps, warnings, readings)


def _safe_due(last: _LastDay) -> Moment:
    """The earliest reading (the rule's own date when there are none); says in
    ``last`` whether the readings agree."""
    if not last.readings:
        return last.due
    safe = min(r.due for r in last.readings)
    if len({r.due for r in last.readings}) > 1:
        others = "; ".join(f"{r.name}: {say(r.due)}" for r in last.readings)
        last.warnings.append(f"The law reads two ways here ({others}). The safe date is the earliest, {say(safe)}.")
    else:
        last.steps.append(f"Every reading of the law gives the same date ({', '.join(r.name for r in last.readings)}).")
    return safe


def _window_start(rule: Rule, ctx: _Context) -> tuple[Moment, date, list[str]]:
    """When a window opens: the statutory first day, or where filing needs the
    office open, its first opening time on or after that day."""
    jur, cal = ctx.jur, ctx.calendar
    start, step = _count(rule.start, ctx)
    statutory = day_of(start)
    steps = [step]
    if rule.start_at_opening and jur.office_hours is not None:
        opens = cal.on_or_after(statutory)
        start = datetime.combine(opens, jur.office_hours.open, tzinfo=ctx.zone)
        if opens != statutory:
            steps.append(
                f"{_plain_day(statutory)} is {cal.why_closed(statutory)}, so the office first opens for "
                f"filing at {say_clock(jur.office_hours.open)} on {say_day(opens)} ({jur.office_hours.cite})."
            )
        else:
            steps.append(f"Filing opens when the office opens ({say_clock(jur.office_hours.open)}).")
    return start, statutory, steps


def _evaluate(rule: Rule, ctx: _Context, cycle: date) -> Deadline:
    """One rule's deadline for the cycle: last day, readings, window start."""
    last = _last_day(rule, ctx)
    safe_due = _safe_due(last)
    start: Moment | None = None
    statutory_start: date | None = None
    steps = last.steps
    if rule.start is not None:
        start, statutory_start, start_steps = _window_start(rule, ctx)
        steps = start_steps + steps
        if day_of(start) > day_of(last.due):
            last.warnings.append(f"This window ends ({say(last.due)}) before it opens ({say(start)}).")
    if rule.note:
        steps.append(rule.note)
    return Deadline(
        jurisdiction=ctx.jur.id,
        cycle=cycle,
        id=rule.id,
        title=rule.title,
        kind=rule.kind,
        audience=rule.audience,
        due=last.due,
        ends=last.ends,
        status="tentative" if safe_due != last.due else "scheduled",
        citation=rule.cite,
        text=rule.text,
        steps=tuple(steps),
        start=start,
        statutory_start=statutory_start,
        readings=last.readings,
        safe_due=safe_due,
        warnings=tuple(last.warnings),
        thresholds=rule.thresholds,
        rule_effective=rule.effective,
        source=rule.source,
        url=rule.url,
        read=rule.read,
    )


def _readings(rule: Rule, day: date, rolled: date, roll: str, roll_cite: str, clock, ctx: _Context) -> tuple[ReadingResult, ...]:
    """Each way the law can be read for a last day on ``day`` (``rolled`` by the
    rule's own roll): another roll, another hour or zone of the hour, another
    count, or the holiday law read another way; the earliest instant marked
    safe; instants are shown in the jurisdiction's zone."""
    other_law = rule.office_act and (ctx.variants or ctx.office)
    if not (rule.readings or other_law):
        return ()
    own = f"{ROLL_WORDS[roll]} ({roll_cite})"
    if rule.reads_other_hours:
        own = f"{say_clock(clock)} local time ({ctx.jur.timezone}), {own}"
    ways = [(own, roll, roll_cite, "the rule's own computation of time")]
    dues = [_at(rolled, clock, ctx.zone)]
    for r in rule.readings:
        how = r.roll or roll
        counted = day if r.due is None else day_of(_count(r.due, ctx)[0])
        due = _at(ctx.calendar.roll(counted, how), r.at or clock, r.zone or ctx.zone)
        ways.append((r.name, how, r.cite, r.why))
        dues.append(due.astimezone(ctx.zone) if r.zone is not None else due)
    if other_law:
        for name, how, cite, why, other in _holiday_readings(own, roll, day, rolled, ctx):
            ways.append((name, how, cite, why))
            dues.append(_at(other, clock, ctx.zone))
    if len(ways) == 1:
        return ()
    safe = dues.index(min(dues))  # the first of the earliest
    return tuple(
        ReadingResult(name=name, roll=how, due=due, cite=cite, why=why, safe=(i == safe))
        for i, ((name, how, cite, why), due) in enumerate(zip(ways, dues))
    )


def _holiday_readings(own: str, roll: str, day: date, rolled: date, ctx: _Context) -> list[tuple]:
    """Readings of the rule's own roll where the holiday law read another way
    gives another last day than ``rolled``, and, where the office is closed on
    its own authority that day, the office's last open day before it."""
    out = []
    for variant in ctx.variants:
        if variant.may_differ(day, rolled) and (other := variant.calendar.roll(day, roll)) != rolled:
            out.append((f"{own}, {variant.name}", roll, variant.cite, variant.why, other))
    if ctx.office is not None and rolled in ctx.office.only:
        what, authority = holiday_law.closures_in(ctx.jur.holidays, rolled.year)[rolled]
        out.append((
            "the office's last open day before a closure", "prior_business_day", authority,
            f"{say_day(rolled)} is not a legal holiday, so the law does not move the last day, but the office "
            f"is closed ({what}); a filing in person must be made by its last open day before it.",
            ctx.office.calendar.prior_business_day(rolled),
        ))
    return out


def _apply_override(d: Deadline, ov: Override, zone: ZoneInfo) -> Deadline:
    if ov.status == "cancelled":
        step = f"Cancelled by {ov.authority}: {ov.reason}."
        return replace(d, status="cancelled", override=ov, steps=d.steps + (step,))
    due = _in_zone(ov.due, zone) if ov.due is not None else d.due
    start = _in_zone(ov.start, zone) if ov.start is not None else d.start
    step = (
        f"Replaced by {ov.authority}: {ov.reason}. The computed date was {say(d.due)}; "
        f"the date in force is {say(due)}."
    )
    ends = d.ends
    if isinstance(due, datetime):  # the override's own hour, not the one the law's reading gave
        ends = f"{say_clock(due.time())} local time ({zone.key}), the hour the override sets"
    return replace(
        d, status="overridden", due=due, start=start, safe_due=due, computed_due=d.due, override=ov,
        ends=ends, steps=d.steps + (step,),
    )


# --------------------------------------------------------------------------- the whole calendar


def version_in_force(versions: Sequence[Rule], on: date) -> Rule | None:
    """The latest version that took effect on or before ``on`` (an undated
    version is always in force)."""
    chosen = None
    for rule in versions:  # oldest first
        if rule.effective is None or rule.effective <= on:
            chosen = rule
    return chosen


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
    days = [day_of(a.value) for a in anchors.values()]
    days += [day_of(a.value) for found in case_anchors for a in found.values()]
    law = jur.holidays
    cals = holiday_law.calendars(law, *span.years_touched(days, jur.reach))
    ctx = _Context(jur=jur, zone=zone, calendar=cals.legal, anchors=anchors, done={}, variants=cals.variants,
                   office=cals.office)
    by_id = {(o.deadline, o.cycle): o for o in (*jur.overrides, *overrides)}  # keyed by cycle or election day
    if jur.time_law.warning:
        warnings.append(jur.time_law.warning)
    missing: set[str] = set()  # rules with no version in force, and their dependants
    used: dict[str, tuple[str, ...]] = {}  # what each computed deadline counted from
    earliest = min(anchors[name].value for name in jur.elections if name in anchors)
    under = _choices_of_cycle(jur, general, cycle, decisions) if jur.choices else {}
    in_force: dict[str, Rule] = {}
    for rid in jur.order:
        rule = version_in_force(jur.rules[rid], general)
        if rule is None:
            first = jur.rules[rid][0].effective
            warnings.append(f"{rid}: no version of this rule was in force on {say_day(general)} (the first took effect {say_day(first)})")
            missing.add(rid)
            continue
        lacking = [name for name in rule.anchors() if name in missing]
        if lacking:
            warnings.append(f"{rid}: not computed, because {', '.join(lacking)} (which it counts from) has no version in force")
            missing.add(rid)
            continue
        in_force[rid] = _under_choice(rule, *under[rid], jur) if rid in under else rule
    needs = _triggers_needed(jur, in_force)
    out: list[Deadline] = []
    pending: list[str] = []
    for rid, rule in in_force.items():
        if needs[rid]:
            continue  # counted per case below
        counts_from = rule.anchors()
        if any(name not in anchors and name not in ctx.done for name in counts_from):
            pending.append(rid)
            continue
        deadline = _evaluate(rule, ctx, cycle)
        ov = by_id.get((rid, cycle)) or by_id.get((rid, general))
        if ov is not None:
            deadline = _apply_override(deadline, ov, zone)
        used[rid] = counts_from
        if deadline.kind != "retention" and day_of(deadline.due) >= earliest:
            deadline = _check_before_election(deadline, _behind(rid, used), ctx)
        ctx.done[rid] = deadline
        out.append(deadline)
    dated: set[str] = set()
    for case, found in zip(cases, case_anchors):
        cctx = _Context(jur=jur, zone=zone, calendar=ctx.calendar, anchors={**anchors, **found}, done=dict(ctx.done),
                        variants=ctx.variants, office=ctx.office)
        for rid, rule in in_force.items():
            if not needs[rid] or any(name not in cctx.anchors and name not in cctx.done for name in rule.anchors()):
                continue
            deadline = replace(_evaluate(rule, cctx, cycle), case=case.id)
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
        warnings[:0] = jur.caveats
        out = [_under_caveat(d, jur.caveats) for d in out]
    order = {rid: i for i, rid in enumerate(jur.rules)}
    deadlines = tuple(sorted(out, key=lambda d: (_sort_key(d.due), order[d.id], d.case or "")))
    return Result(jur, general, cycle, anchors, deadlines, tuple(warnings), tuple(pending), cases=tuple(cases),
                  moved=_moved(jur, general, cycle, moved_by))


def _under_caveat(d: Deadline, caveats: tuple[str, ...]) -> Deadline:
    """``d`` where the whole law shown is a reading (a home-rule charter not
    yet encoded): tentative, with the caveat among its warnings."""
    status = "tentative" if d.status == "scheduled" else d.status
    return replace(d, status=status, warnings=tuple(caveats) + d.warnings)


def _triggers_needed(jur: Jurisdiction, rules: Mapping[str, Rule]) -> dict[str, frozenset[str]]:
    """Per rule, the trigger events it counts from, directly or through the
    deadlines it anchors on (``rules`` in dependency order)."""
    needs: dict[str, frozenset[str]] = {}
    for rid, rule in rules.items():
        found: set[str] = set()
        for name in rule.anchors():
            if name in jur.triggers:
                found.add(name)
            found |= needs.get(name, frozenset())
        needs[rid] = frozenset(found)
    return needs


def _moved(jur: Jurisdiction, held: date, cycle: date, moved_by: str | None) -> str | None:
    """"moved from X to Y by Z" for an election held on another day than its rule gives."""
    if held == cycle:
        return None
    rule = jur.elections["general"]
    by_file = election_date(rule, cycle.year)
    if moved_by is None and by_file is not None and by_file[1] is not None and by_file[0] == held:
        moved_by = by_file[1].authority
    if moved_by is None:
        return None  # a date typed by a person: counted from, with a warning (see _check_against_rule)
    return f"The {rule.title.lower()} was moved from {say_day(cycle)} to {say_day(held)} by {moved_by}."


def _behind(name: str, used: Mapping[str, tuple[str, ...]]) -> set[str]:
    """The elections and triggers a deadline counts from, through the
    deadlines it counts from."""
    if name not in used:
        return {name}
    return set().union(*(_behind(a, used) for a in used[name]))


def _check_before_election(d: Deadline, behind: set[str], ctx: _Context) -> Deadline:
    """A deadline counted from elections alone must end before the first of
    them (a retention period excepted); one that does not, say with an
    election entered on a day its rules do not follow, carries a warning."""
    if d.status == "cancelled" or any(a in ctx.jur.triggers for a in behind):
        return d
    first = min((ctx.anchors[a] for a in behind if a in ctx.anchors), key=lambda a: a.value, default=None)
    if first is None or day_of(d.due) < first.value:
        return d
    when = "on" if day_of(d.due) == first.value else "after"
    words = (f"This {'window' if d.start is not None else 'deadline'} ends {when} the {first.title.lower()} it is for "
             f"({say(d.due)}; the election is {say_day(first.value)}): its rule does not fit an election on that day "
             f"(a special or moved election?). Ask the election official for the dates that apply.")
    return replace(d, warnings=d.warnings + (words,))


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


@lru_cache(maxsize=4096)
def _under_choice(rule: Rule, choice: Choice, decision: Decision | str | None, jur: Jurisdiction) -> Rule:
    """The rule as this cycle's decision on ``choice`` leaves it: the choice's
    period where taken; the rule's own plus the period as a reading while
    nothing is recorded; the rule's own, with a word, where declined or ended."""
    def noted(words: str) -> str:
        return f"{rule.note} {words}" if rule.note else words

    if decision == "ended":
        return replace(rule, note=noted(f"{choice.title}: ended {say_day(choice.ends)} ({choice.cite}). {choice.after or ''}".strip()))
    if decision is None:
        reading = Reading(
            name=f"if {jur.name} takes the choice \"{choice.title}\" for this election ({choice.period_cite})",
            cite=choice.period_cite, why=f"{choice.cite}: {choice.period_text}", at=choice.at, due=choice.due,
        )
        caution = (f"The law lets {jur.name} choose \"{choice.title}\" for this election ({choice.cite}), "
                   f"and no choice is recorded: both periods are shown as readings; file by the earlier.")
        return replace(rule, readings=rule.readings + (reading,), warning=f"{rule.warning} {caution}" if rule.warning else caution)
    if not decision.taken:
        return replace(rule, note=noted(f"{jur.name} did not choose \"{choice.title}\" for this election ({decision.authority})."))
    return replace(
        rule, start=choice.start or rule.start, start_at_opening=choice.start_at_opening or rule.start_at_opening,
        due=choice.due, at=choice.at or rule.at, readings=(), cite=f"{choice.period_cite}; {choice.cite}",
        text=choice.period_text,
        note=(f"{jur.name} chose \"{choice.title}\" for this election ({decision.authority}), so the period of "
              f"{choice.period_cite} applies in place of {rule.cite}."),
    )


def _sort_key(moment: Moment) -> tuple:
    if isinstance(moment, datetime):
        return (moment.date(), moment.astimezone(ZoneInfo("UTC")).time())
    return (moment, time(23, 59, 59))
