"""What a clerk records for one cycle: its election dates, overrides of its
deadlines (of one case, for a deadline counted per case) and decisions on
the choices the law gives (commands, see :mod:`.base`)."""
from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from deadlines.commands.base import Done, Written, command, optional_text, override_target
from deadlines.core import inputs
from deadlines.core.elections import cycle_key
from deadlines.core.engine import counts_from_trigger
from deadlines.core.errors import CaseNeeded, InputError
from deadlines.core.cases import Case
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.recorded import occurrence
from deadlines.service import Records, case_cycle
from deadlines.store import records as stored
from deadlines.store.db import now
from deadlines.store.tables import DecisionEntry, ElectionEntry, OverrideEntry

#: How far from its date by rule a cycle's election may be held (a moved
#: election moves by weeks: Utah 2023, November 7 to 21).
MAX_MOVE_DAYS = 120


def _held_near(day: date, general: date | None, primary: date | None) -> None:
    """InputError unless the general election is held near its cycle's date and
    the primary within the year before it."""
    if general is not None and abs((general - day).days) > MAX_MOVE_DAYS:
        raise InputError.of("election.moved_too_far", "general", general=general, days=abs((general - day).days),
                            cycle=day, limit=MAX_MOVE_DAYS)
    held = general or day
    if primary is not None and not 0 < (held - primary).days <= 366:
        raise InputError.of("primary.not_year_before", "primary", primary=primary, held=held)


@command
def set_election(s: Session, jur: Jurisdiction, cycle: str | date, general: object, primary: object,
                 *, authority: object = None, reason: object = None) -> Done[ElectionEntry]:
    """Enter the election dates of a cycle (``general``/``primary`` may be
    None), with the authority that moved it, if it moved."""
    day = inputs.cycle(jur, cycle)
    g = None if general is None else inputs.day(general, "general")
    p = None if primary is None else inputs.day(primary, "primary")
    if g is None and p is None:
        raise InputError.of("election.none_given", "general")
    if p is not None and "primary" not in jur.elections:
        raise InputError.of("primary.none_held", "primary", jurisdiction=jur.id)
    _held_near(day, g, p)
    if g is not None and cycle_key(jur.elections["general"], g) != day:
        raise InputError.of("election.other_cycle", "general", general=g, other=cycle_key(jur.elections["general"], g),
                            cycle=day)
    authority, reason = optional_text(authority, "authority"), optional_text(reason, "reason")
    entry = stored.election(s, jur.id, day)
    before = None if entry is None else stored.brief_election(entry)
    if entry is None:
        entry = ElectionEntry(jurisdiction_id=jur.id, cycle=day)
        s.add(entry)
    entry.general, entry.primary, entry.authority, entry.reason = g, p, authority, reason
    return Done(entry, Written("election.set", f"election:{day}", before, stored.brief_election(entry),
                               authority=authority, reason=reason), cycle=day)


@command
def delete_election(s: Session, jur: Jurisdiction, cycle: str) -> Done[bool]:
    """Forget the dates entered for a cycle (False: none were): its dates by rule apply again."""
    day = inputs.cycle(jur, cycle)
    entry = stored.election(s, jur.id, day)
    if entry is None:
        return Done(False)
    brief = stored.brief_election(entry)
    s.delete(entry)
    return Done(True, Written("election.delete", f"election:{day}", brief, None), cycle=day)


def cases_of_cycle(s: Session, jur: Jurisdiction, day: date) -> list[Case]:
    """The recorded cases of cycle ``day`` (deleted ones too, marked cancelled)."""
    found = Records(events=tuple(map(occurrence, stored.events(s, jur.id)))).cases(jur)
    return [c for c in found if case_cycle(jur, c) == day]


def _override_case(s: Session, jur: Jurisdiction, day: date, deadline: str, case: object) -> str:
    """The case an override of ``deadline`` binds to ("" for a cycle's own
    deadline): the one named; else, for a deadline that exists only in cases,
    the cycle's one open case, or :class:`CaseNeeded` listing them."""
    bound = counts_from_trigger(jur, deadline)
    if case is None or case == "":
        if not bound:
            return ""
        found = [c for c in cases_of_cycle(s, jur, day) if c.open]
        if len(found) == 1:
            return found[0].id
        listed = ", ".join(f"{c.id} ({c.label})" for c in found) or "none recorded yet"
        raise CaseNeeded(f"case: {deadline} is counted per case; name the case the order is for (the {day} cycle's "
                         f"open cases: {listed})", [(c.id, c.label) for c in found])
    if not bound:
        raise InputError.of("case.not_a_case_deadline", "case", deadline=deadline)
    ids = [c.id for c in cases_of_cycle(s, jur, day)]
    if case not in ids:
        raise InputError.of("case.unknown", "case", case=repr(case), cycle=day, jurisdiction=jur.id,
                            known=", ".join(ids) or "none")
    return case


@command
def put_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, body: dict) -> Done[OverrideEntry]:
    """Replace (or cancel) a deadline's date for a cycle, or for one case of
    it (``body["case"]``; see :func:`_override_case`)."""
    day = inputs.cycle(jur, cycle)
    if deadline not in jur.rules:
        raise InputError.of("deadline.unknown_here", "deadline", jurisdiction=jur.id, name=repr(deadline),
                            known=", ".join(jur.order))
    status = body.get("status", "overridden")
    if status not in ("overridden", "cancelled"):
        raise InputError.of("override.status", "status")
    authority, reason = (inputs.required_text(body.get(f), f, "what ordered the change, and why")
                         for f in ("authority", "reason"))
    zone = ZoneInfo(jur.timezone)
    due = None if body.get("due") is None else inputs.moment(body["due"], zone, "due")
    start = None if body.get("start") is None else inputs.moment(body["start"], zone, "start")
    if status == "overridden" and due is None:
        raise InputError.of("override.needs_due", "due")
    case = _override_case(s, jur, day, deadline, body.get("case"))
    entry = stored.override(s, jur.id, day, deadline, case)
    before = None if entry is None else stored.brief_override(entry)
    if entry is None:
        entry = OverrideEntry(jurisdiction_id=jur.id, deadline=deadline, election=day, case_id=case)
        s.add(entry)
    entry.status, entry.authority, entry.reason = status, authority, reason
    entry.due = due.isoformat() if due else None
    entry.start = start.isoformat() if start else None
    return Done(entry, Written("override.put", override_target(day, deadline, case), before,
                               stored.brief_override(entry), authority=entry.authority, reason=entry.reason), cycle=day)


@command
def delete_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, *, case: object = None,
                    reason: object = None) -> Done[bool]:
    """Forget an override (of one case's deadline where ``case`` names it;
    False: there is none): the computed date is in force again."""
    day = inputs.cycle(jur, cycle)
    case = inputs.label(case, "case")
    entry = stored.override(s, jur.id, day, deadline, case)
    if entry is None:
        return Done(False)
    written = Written("override.delete", override_target(day, deadline, case), stored.brief_override(entry), None,
                      authority=entry.authority, reason=inputs.label(reason, "reason") or entry.reason)
    s.delete(entry)
    return Done(True, written, cycle=day)


def _find_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str) -> tuple[date, DecisionEntry | None]:
    """The cycle ``cycle`` names (validated, with the choice for it) and the decision recorded for it."""
    day = inputs.cycle(jur, cycle, "cycle")
    inputs.choice(jur, choice, day)
    return day, stored.decision(s, jur.id, day, choice)


@command
def put_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str, body: dict) -> Done[tuple[DecisionEntry, bool]]:
    """Record whether ``jur`` takes ``choice`` for the cycle, on an authority
    (it wins over the calendar file's decision); True if it is new."""
    day, entry = _find_decision(s, jur, cycle, choice)
    taken = inputs.flag(body.get("taken"), "taken")
    authority = inputs.required_text(body.get("authority"), "authority", "what decided it")
    reason = optional_text(body.get("reason"), "reason")
    before = None if entry is None else stored.brief_decision(entry)
    if entry is None:
        entry = DecisionEntry(jurisdiction_id=jur.id, choice=choice, cycle=day)
        s.add(entry)
    entry.taken, entry.authority, entry.recorded_at = taken, authority, now()
    return Done((entry, before is None), Written("decision.put", f"decision:{day}/{choice}", before,
                                                 stored.brief_decision(entry), authority=authority, reason=reason),
                cycle=day)


@command
def delete_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str, *, reason: object = None) -> Done[bool]:
    """Forget the clerk's decision (False: there is none): the calendar file's applies again, or none."""
    day, entry = _find_decision(s, jur, cycle, choice)
    if entry is None:
        return Done(False)
    written = Written("decision.delete", f"decision:{day}/{choice}", stored.brief_decision(entry), None,
                      authority=entry.authority, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    return Done(True, written, cycle=day)
