"""The date engine: from a jurisdiction's rules and its anchors to deadlines.

:func:`compute` is pure: it reads no files and no clock (``today`` is passed
in), keeps nothing between calls, and imports neither Flask nor APScheduler.
Every date it derives carries the counting steps as notes (facts:
:mod:`deadlines.core.notes`), the readings of the law where it reads two
ways, and warnings instead of silent moves. What the law makes the same in
every cycle it reads from the jurisdiction's :class:`~deadlines.core.law.Law`;
the elections and events it counts from are :mod:`deadlines.core.anchors`;
one rule's dates are counted by :mod:`deadlines.core.last_day`.
"""
from __future__ import annotations

from dataclasses import replace
from operator import attrgetter
from datetime import date, datetime, timezone
from typing import Mapping, Sequence
from zoneinfo import ZoneInfo

from deadlines.core import holiday_law
from deadlines.core.anchors import event_anchors, in_zone, resolve_anchors
from deadlines.core.cases import Occurrence
from deadlines.core.cases import typed as typed_cases
from deadlines.core.elections import cycle_key, election_date
from deadlines.core.last_day import Context, last_day, safe_due, window_start
from deadlines.core.law import DayLaw, day_law, law_of, plan, said
from deadlines.core.cases import Case
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Choice, Decision, Moment, Override, Reading, Rule
from deadlines.core.moments import day_of
from deadlines.core.notes import Note, joined, note, text


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
    cases = tuple(replace(c, events={n: in_zone(m, zone) for n, m in c.events.items()}) for c in cases)
    case_anchors = [event_anchors(jur, c.events) for c in cases]
    law = jur.law if jur.law is not None else law_of(jur)
    calendars = jur.holidays.calendars
    ctx = Context(jur, zone, calendars.legal, anchors, {}, calendars.variants, law.office)
    by_id = {(o.deadline, o.cycle): o for o in (*jur.overrides, *overrides) if o.case is None}  # by cycle or election day
    by_case = {(o.deadline, o.case): o for o in overrides if o.case is not None}
    if jur.time_law.warning:
        warnings.append(text(jur.time_law.warning))
    earliest = min([anchors[name].value for name in jur.elections if name in anchors])
    versions = law.on(general)
    for code, rid, arg in versions.missing:
        warnings.append(note("rule.not_in_force", rule=rid, day=general, first=arg) if code == "rule.not_in_force"
                        else note(code, rule=rid, missing=arg))
    day_laws = versions.day_laws
    under = _choices_of_cycle(jur, general, cycle, decisions) if jur.choices else None
    # the choices a recorded decision takes this cycle: the deadlines they remove (a city holding no primary
    # has no deadline of the primary) and the elections they do away with, each with the choice and decision
    taken = tuple(_taken(jur, general, cycle, decisions)) if jur.choices else ()
    removed = {rid: (choice, decision) for choice, decision in taken for rid in choice.removes}
    if under or removed:
        under = under or {}
        for rid, rule in versions.in_force:
            if rid in removed:
                warnings.append(note("choice.removes", title=rule.title, cite=rule.cite, choice=removed[rid][0].title,
                                     authority=removed[rid][1].authority))
        in_force = {rid: _under_choice(rule, *under[rid], general) if rid in under else rule
                    for rid, rule in versions.in_force if rid not in removed}
        counts_from = plan(tuple(in_force.items()), tuple(jur.triggers))
        day_laws = {**day_laws, **{rid: day_law(in_force[rid], jur.office_hours, jur.time_law, jur.timezone)
                                   for rid in under if rid in in_force}}
    else:
        in_force, counts_from = dict(versions.in_force), versions.plan
    needs = counts_from.needs
    out: list[Deadline] = []
    pending: list[str] = []
    for rid, rule in in_force.items():
        if needs[rid]:
            continue  # counted per case below
        if not ctx.has(rule.anchors()):
            pending.append(rid)
            continue
        deadline = _evaluate(rule, day_laws[rid], ctx, cycle)
        ov = (by_id.get((rid, cycle)) or by_id.get((rid, general))) if by_id else None
        if ov is not None:
            deadline = _apply_override(deadline, ov, zone)
        if deadline.kind != "retention" and day_of(deadline.due) >= earliest:
            deadline = _check_before_election(deadline, counts_from.behind[rid], ctx)
        ctx.done[rid] = deadline
        out.append(deadline)
    dated: set[str] = set()
    for case, found in zip(cases, case_anchors):
        cctx = Context(jur, zone, ctx.calendar, {**anchors, **found}, dict(ctx.done), ctx.variants, ctx.office)
        for rid, rule in in_force.items():
            if not needs[rid] or not cctx.has(rule.anchors()):
                continue
            deadline = _evaluate(rule, day_laws[rid], cctx, cycle, case)
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
    holidays = jur.holidays
    if holidays.proclaimed or holidays.one_off_closures:
        warnings.extend(holiday_law.unlisted(holidays, {day_of(m).year for d in out for m in (d.start, d.due) if m}))
    if jur.caveats:
        warnings[:0] = _caveats(jur.caveats)
    deadlines = tuple(sorted(out, key=_listing(versions.order)))
    gone = {name: (choice, decision) for choice, decision in taken for name in choice.not_held}
    for name, (choice, decision) in gone.items():
        if name in anchors:  # counted from above where a rule still needed it; not held, so not shown as held
            warnings.append(note("choice.not_held", election=jur.elections[name].title, day=anchors[name].value,
                                 choice=choice.title, authority=decision.authority))
    anchors = {name: a for name, a in anchors.items() if name not in gone}
    return Result(jur, general, cycle, anchors, deadlines, tuple(warnings), tuple(pending), cases=tuple(cases),
                  moved=_moved(jur, general, cycle, moved_by))


def _evaluate(rule: Rule, law: DayLaw, ctx: Context, cycle: date, case: Case | None = None) -> Deadline:
    """One rule's deadline for the cycle (of ``case``, for a rule counted from
    its events), ``law`` saying what the law says of its last day: last day,
    readings, window start; where the whole law shown is a reading (the
    jurisdiction's caveats), tentative, saying so first."""
    last = last_day(rule, law, ctx)
    safe = safe_due(last)
    start: Moment | None = None
    statutory_start: date | None = None
    steps = last.steps
    if rule.start is not None:
        start, statutory_start, start_steps = window_start(rule, ctx)
        steps = start_steps + steps
        if day_of(start) > day_of(last.due):
            last.warnings.append(note("window.ends_before_opening", due=last.due, start=start))
    if law.note is not None:
        steps.append(law.note)
    status = "tentative" if safe != last.due or ctx.jur.caveats else "scheduled"
    warnings = (*_caveats(ctx.jur.caveats), *last.warnings) if ctx.jur.caveats else tuple(last.warnings)
    # positional, in the order of Deadline's fields (a keyword call costs half again as much)
    return Deadline(
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
        safe,  # safe_due
        warnings,
        None,  # computed_due (an override's)
        None,  # override
        None if case is None else case.id,  # case
        (),  # changes (a clerk's)
        None if case is None else case.label,  # label
        None,  # basis (the service's)
    )


def _apply_override(d: Deadline, ov: Override, zone: ZoneInfo) -> Deadline:
    if ov.status == "cancelled":
        step = note("override.cancelled", authority=ov.authority, reason=ov.reason)
        return replace(d, status="cancelled", override=ov, steps=d.steps + (step,))
    due = in_zone(ov.due, zone) if ov.due is not None else d.due
    start = in_zone(ov.start, zone) if ov.start is not None else d.start
    step = note("override.replaced", authority=ov.authority, reason=ov.reason, computed=d.due, due=due)
    ends = (note("ends.ordered_at", clock=due.timetz(), zone=zone.key, authority=ov.authority)
            if isinstance(due, datetime) else note("ends.ordered_end_of_day", authority=ov.authority))
    return replace(
        d, status="overridden", due=due, start=start, safe_due=due, computed_due=d.due, override=ov,
        steps=d.steps + (step,), ends=ends,
    )


def _caveats(caveats: tuple[str, ...]) -> tuple[Note, ...]:
    """The caveats of a jurisdiction whose whole law shown is a reading (a
    home-rule charter not yet encoded), as notes."""
    return tuple(map(text, caveats))


def counts_from_trigger(jur: Jurisdiction, rule_id: str) -> bool:
    """Whether deadline ``rule_id`` (its newest version) counts from a trigger
    event, directly or through the deadlines it anchors on: it exists only in cases."""
    newest = tuple((rid, jur.rules[rid][-1]) for rid in jur.order)
    return bool(plan(newest, tuple(jur.triggers)).needs[rule_id])


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


def _check_before_election(d: Deadline, behind: frozenset[str], ctx: Context) -> Deadline:
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


def _taken(jur: Jurisdiction, held: date, cycle: date, decisions: Sequence[Decision]):
    """The choices in force this cycle that a recorded decision takes, each with its decision."""
    decided = {(d.choice, d.cycle): d for d in (*jur.decisions, *decisions)}
    for choice in jur.choices.values():
        if choice.allowed(held):
            decision = decided.get((choice.name, cycle)) or decided.get((choice.name, held))
            if decision is not None and decision.taken:
                yield choice, decision


def _under_choice(rule: Rule, choice: Choice, decision: Decision | str | None, held: date) -> Rule:
    """The rule as this cycle's decision on ``choice`` leaves it: the choice's
    period of the cycle (whose general election is ``held``) where taken, with
    the period's own readings; the rule's own plus that period and its
    readings as readings while nothing is recorded; the rule's own, with a
    word, where declined or ended."""
    def noted(words: Note) -> Note:
        return joined(said(rule.note), words) if rule.note else words

    if decision == "ended":
        if choice.after:
            return replace(rule, note=noted(note("choice.ended_then", choice=choice.title, day=choice.ends,
                                                 cite=choice.cite, after=choice.after)))
        return replace(rule, note=noted(note("choice.ended", choice=choice.title, day=choice.ends, cite=choice.cite)))
    period = choice.period(held)
    if decision is None:
        reading = Reading(
            name=note("choice.if_taken", choice=choice.title, cite=period.cite),
            cite=period.cite, why=note("cited_text", cite=choice.cite, text=period.text),
            at=period.at, due=period.due,
        )
        caution = note("choice.undecided", choice=choice.title, cite=choice.cite)
        return replace(rule, readings=rule.readings + (reading,) + period.readings,
                       warning=joined(said(rule.warning), caution) if rule.warning else caution)
    if not decision.taken and decision.listed is not None:  # not named on the complete list of that year
        return replace(rule, note=noted(note("choice.not_listed", choice=choice.title, year=decision.listed,
                                             source=decision.authority)))
    if not decision.taken:
        return replace(rule, note=noted(note("choice.declined", choice=choice.title, authority=decision.authority)))
    return replace(
        rule, start=period.start or rule.start, start_at_opening=period.start_at_opening or rule.start_at_opening,
        due=period.due, at=period.at or rule.at, readings=period.readings, cite=f"{period.cite}; {choice.cite}",
        text=period.text,
        note=note("choice.taken", choice=choice.title, authority=decision.authority, period_cite=period.cite,
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
