"""Recorded anchors: election dates, trigger events, overrides and decisions.

:class:`DbRecords` hands them to the engine
(:class:`deadlines.service.RecordSource`); the write functions validate
against the jurisdiction's calendar file first (raising
:class:`~deadlines.core.errors.InputError`, nothing stored) and count every change.
"""
from __future__ import annotations

import re
from time import monotonic as clock_now
from collections import Counter, defaultdict
from functools import partial
from dataclasses import replace
from datetime import date, time
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines import change_notes  # (a module: change_notes reads the tables, whose package imports this)
from deadlines.core.cases import Occurrence
from deadlines.core.elections import cycle_key
from deadlines.core.engine import counts_from_trigger
from deadlines.core.errors import CalendarError, CaseNeeded, InputError
from deadlines.core.model import Case, Decision, Fact, Holiday, Jurisdiction, Moment, OfficeHours, Override
from deadlines.core import inputs
from deadlines.core.memo import Lru
from deadlines.store import history, reports
from deadlines.core.moments import day_of, from_iso
from deadlines.service import Records, case_cycle, cycle_of, lookup, upcoming
from deadlines.store.db import now
from deadlines.store.tables import (
    DecisionEntry, ElectionEntry, JurisdictionState, NoticePublication, OfficeClosure, OfficeHoursEntry, OverrideEntry,
    TriggerEvent,
)
from deadlines.store.util import bump, hold


#: The records of a jurisdiction for which nothing was ever recorded.
NOTHING_RECORDED = Records()


class DbRecords:
    """The engine's view of the store.

    :meth:`revision` is asked on every feed request, so it is remembered for
    ``revision_ttl`` seconds per jurisdiction: another process's write shows
    within that time; this process's own writes call :meth:`forget`.
    :meth:`recorded` is always current: it reads the revision, and reads the
    records only when that revision is not the one it last read them at
    (every write bumps it in its own transaction, so the records at a revision
    never change), and not at all at revision 0 (nothing ever recorded).
    """

    def __init__(self, db: Engine, revision_ttl: float = 1.0):
        self.db = db
        self.revision_ttl = revision_ttl
        self._revisions: dict[str, tuple[str, float]] = {}
        self._all: tuple[dict[str, str], float] | None = None
        self._read = Lru(4096)  # jurisdiction -> (the revision read, its Records)

    def recorded(self, jurisdiction_id: str) -> Records:
        with Session(self.db) as s:
            # read first: the records read after it are at least this new (the same snapshot on SQLite)
            rev = int(s.scalar(select(JurisdictionState.anchors_rev)
                               .where(JurisdictionState.jurisdiction_id == jurisdiction_id)) or 0)
            if rev == 0:  # nothing ever recorded (every write bumps the revision): nothing to read
                return NOTHING_RECORDED
            kept = self._read.get(jurisdiction_id)
            if kept is not None and kept[0] == rev:
                return kept[1]
            stored = self._reading(s, jurisdiction_id)
        self._read.put(jurisdiction_id, (rev, stored))
        return stored

    def _reading(self, s: Session, jurisdiction_id: str) -> Records:
        """Everything recorded for the jurisdiction, read in ``s``."""
        entries = list(s.scalars(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jurisdiction_id)))
        rows = list(s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jurisdiction_id)
                              .order_by(TriggerEvent.id)))
        overrides = tuple(
            Override(deadline=o.deadline, cycle=o.election, authority=o.authority, reason=o.reason,
                     due=from_iso(o.due), start=from_iso(o.start), status=o.status, case=o.case_id or None)
            for o in s.scalars(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jurisdiction_id))
        )
        decisions = tuple(
            Decision(choice=d.choice, cycle=d.cycle, taken=d.taken, authority=d.authority)
            for d in s.scalars(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jurisdiction_id))
        )
        hours = s.get(OfficeHoursEntry, jurisdiction_id)
        closed = list(s.scalars(select(OfficeClosure).where(OfficeClosure.jurisdiction_id == jurisdiction_id)
                                .order_by(OfficeClosure.day)))
        closures = tuple(Holiday(c.day, c.reason, RECORDED) for c in closed)
        log = history.listing(s, jurisdiction_id)
        events = tuple(_occurrence(ev) for ev in rows)
        publications = s.scalars(select(NoticePublication).where(NoticePublication.jurisdiction_id == jurisdiction_id))
        facts = _office_facts(hours, closed) + tuple(map(_publication_fact, publications))
        stored = Records(
            elections={e.cycle: {k: v for k, v in (("general", e.general), ("primary", e.primary)) if v} for e in entries},
            events=events, overrides=overrides, decisions=decisions,
            moved_by={e.cycle: f"{e.authority} ({e.reason})" if e.reason else e.authority for e in entries if e.authority},
            office_hours=hours and OfficeHours(time.fromisoformat(hours.open), time.fromisoformat(hours.close),
                                               f"{RECORDED}: {hours.authority}", days=hours_days(hours)),
            closures=closures, facts=facts, notices=reports.notices(s, jurisdiction_id),
        )
        return replace(stored, changes=_changes(log)) if log else stored

    def revision(self, jurisdiction_id: str) -> str:
        seen = self._revisions.get(jurisdiction_id)
        clock = clock_now()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rev = s.scalar(select(JurisdictionState.anchors_rev).where(JurisdictionState.jurisdiction_id == jurisdiction_id))
        self._revisions[jurisdiction_id] = (str(rev or 0), clock)
        return str(rev or 0)

    def forget(self, jurisdiction_id: str) -> None:
        """Read the revision afresh next time (after a write from this process)."""
        self._revisions.pop(jurisdiction_id, None)
        self._all = None

    def revisions(self) -> dict[str, str]:
        """Every jurisdiction's revision in one query (absent: nothing ever
        recorded), remembered like :meth:`revision`."""
        seen, clock = self._all, clock_now()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rows = s.execute(select(JurisdictionState.jurisdiction_id, JurisdictionState.anchors_rev)
                             .where(JurisdictionState.anchors_rev > 0))
            revs = {jid: str(rev) for jid, rev in rows}
        self._all = (revs, clock)
        return revs


def _office_facts(hours: OfficeHoursEntry | None, closures) -> tuple[Fact, ...]:
    """The office hours and closures a clerk recorded, as local facts (their
    source the clerk, the authority or reason given quoted, as of the day recorded)."""
    out = []
    if hours is not None:
        out.append(Fact(fact="office_hours", value=hours_value(hours), source=RECORDED, by="clerk",
                        quote=hours.authority, as_of=hours.recorded_at and hours.recorded_at.date()))
    out += [Fact(fact="closure", value=c.day.isoformat(), source=RECORDED, by="clerk", quote=c.reason,
                 as_of=c.recorded_at and c.recorded_at.date(), holds_from=c.day, holds_until=c.day) for c in closures]
    return tuple(out)


def _publication_fact(p: NoticePublication) -> Fact:
    """The clerk's mark that a notice was published, as a local fact of its
    notice window: ``notice_published:<deadline id>``, the day as its value,
    where as its quote, holding for the window's cycle (a uid whose cycle part
    is no date holds for none)."""
    _, part, rid = p.deadline_uid.split("/")[:3]
    try:
        cycle = date.fromisoformat(part)
    except ValueError:
        cycle = None
    return Fact(fact=f"notice_published:{rid}", value=p.published_on.isoformat(), source=RECORDED, by="clerk",
                quote=p.where, as_of=p.published_on, holds_from=cycle, holds_until=cycle)


def _occurrence(ev: TriggerEvent) -> Occurrence:
    return Occurrence(ev.name, from_iso(ev.value), ev.label, str(ev.id), ev.deleted_at, ev.deleted_reason)


def _changes(log) -> dict[str, list]:
    """History entries by what they bear on (see :class:`Records` ``changes``),
    oldest first, each as the function that gives its note for a jurisdiction."""
    out: dict[str, list] = defaultdict(list)
    for e in reversed(log):
        kind, _, key = e.target.partition(":")
        out[f"cycle:{key}" if kind == "election" else e.target].append(partial(change_notes.change, e))
    return dict(out)


# --------------------------------------------------------------------------- validation


def event_value(jur: Jurisdiction, name: object, value: object) -> Moment:
    """The validated occurrence of trigger ``name`` (the clerk API's ``at``),
    which must fall before an election of the jurisdiction."""
    moment = inputs.event(jur, name, value, field="at")
    if cycle_of(jur, moment) is None:
        raise InputError.of("event.no_election_after", "at", jurisdiction=jur.id, moment=moment)
    return moment


# --------------------------------------------------------------------------- writes

NOBODY = history.Who("")
#: What a step cites for office hours and closures a clerk recorded.
RECORDED = "recorded by the clerk"


def event_dict(ev: TriggerEvent) -> dict:
    return {"id": ev.id, "name": ev.name, "at": ev.value, "label": ev.label,
            "recorded_at": ev.recorded_at.isoformat(),
            "deleted_at": ev.deleted_at and ev.deleted_at.isoformat(), "deleted_reason": ev.deleted_reason}


def _brief_event(ev: TriggerEvent) -> dict:
    return {"name": ev.name, "at": ev.value, "label": ev.label}


def _check_label_free(s: Session, jur: Jurisdiction, name: str, label: str, but: int | None = None) -> None:
    """A labelled case holds one live event of each trigger: a second is a mistake, said so."""
    if not label:
        return
    q = select(TriggerEvent.id).where(TriggerEvent.jurisdiction_id == jur.id, TriggerEvent.name == name,
                                      TriggerEvent.label == label, TriggerEvent.deleted_at.is_(None))
    taken = s.scalar(q if but is None else q.where(TriggerEvent.id != but))
    if taken is not None:
        raise InputError.of("label.taken", "label", label=repr(label), name=repr(name), taken=taken)


#: The most trigger events one election cycle of a jurisdiction holds (deleted
#: ones count: their deadlines stay in the feeds, cancelled). A case is one or
#: more of them, so it caps the cases too; past it a write is refused
#: (:class:`TooManyEvents`), for every write recomputes the whole jurisdiction.
#: The web app's setting ``MAX_EVENTS_PER_CYCLE`` (:func:`web.clerk.event_cap`).
MAX_EVENTS_PER_CYCLE = 200


class TooManyEvents(InputError):
    """An event that would put more than ``limit`` in ``cycle``, which holds
    ``held`` (field ``at``: the event's date picks its cycle)."""

    def __init__(self, jur: Jurisdiction, cycle: date, limit: int, held: int):
        super().__init__(f"at: the {cycle} cycle of {jur.id} holds {held} recorded trigger events; a cycle may hold "
                         f"at most {limit} (deleted events count: their deadlines stay in the feeds, cancelled), so "
                         "nothing was recorded", "at", "events.too_many",
                         (("field", "at"), ("cycle", cycle.isoformat()), ("limit", limit), ("held", held),
                          ("jurisdiction", jur.id)))
        self.cycle, self.limit, self.held = cycle, limit, held


def events_in_cycle(s: Session, jur: Jurisdiction, cycle: date, *, but: int | None = None) -> int:
    """How many events (deleted ones too) are recorded for ``jur`` in ``cycle``
    (other than event ``but``). Only events on days from six years before the
    cycle's election to its day are read (:func:`cycle_of` looks five years ahead)."""
    q = select(TriggerEvent.value).where(TriggerEvent.jurisdiction_id == jur.id,
                                         TriggerEvent.value >= date(max(cycle.year - 6, 1), 1, 1).isoformat(),
                                         TriggerEvent.value <= cycle.isoformat() + "~")  # (after "T..." of that day)
    if but is not None:
        q = q.where(TriggerEvent.id != but)
    days = Counter(day_of(from_iso(v)) for v in s.scalars(q))
    return sum(n for day, n in days.items() if cycle_of(jur, day) == cycle)


def _check_room(s: Session, jur: Jurisdiction, moment: Moment, most: int, *, but: int | None = None) -> None:
    """:class:`TooManyEvents` when ``moment``'s cycle holds ``most`` events already
    (call it after :func:`hold`, so that two writes at once count each other)."""
    cycle = cycle_of(jur, moment)
    held = 0 if cycle is None else events_in_cycle(s, jur, cycle, but=but)
    if held >= most:
        raise TooManyEvents(jur, cycle, most, held)


def record_event(s: Session, jur: Jurisdiction, name: object, value: object, label: object = None,
                 *, who: history.Who = NOBODY, reason: object = None, key: str | None = None,
                 most: int = MAX_EVENTS_PER_CYCLE) -> TriggerEvent:
    """Record an event. ``key``: the request's idempotency key; a retry with
    the same key and the same event returns the event recorded the first
    time (nothing new is stored); with another event it is an InputError.
    Two at once with one key: the second waits for the first (:func:`hold`) and returns its event.
    A cycle holds at most ``most`` events: one more is :class:`TooManyEvents`, nothing stored."""
    moment = event_value(jur, name, value)
    text = inputs.label(label)
    why = inputs.label(reason, "reason")
    hold(s, jur.id)
    if key is not None:
        key = inputs.text(key, "Idempotency-Key", 100)
        first = s.scalar(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jur.id,
                                                    TriggerEvent.idempotency_key == key))
        if first is not None:
            if _brief_event(first) != {"name": name, "at": moment.isoformat(), "label": text}:
                raise InputError.of("idempotency.reused", "Idempotency-Key", key=repr(key), event=first.id)
            return first
    _check_label_free(s, jur, name, text)
    _check_room(s, jur, moment, most)
    ev = TriggerEvent(jurisdiction_id=jur.id, name=name, value=moment.isoformat(), label=text, recorded_at=now(),
                      idempotency_key=key)
    s.add(ev)
    s.flush()
    history.log(s, jur.id, who, "event.record", f"event:{ev.id}", None, _brief_event(ev), reason=why)
    bump(s, jur.id, "anchors_rev")
    return ev


def change_event(s: Session, jur: Jurisdiction, event_id: int, name: object, value: object, label: object = None,
                 *, who: history.Who = NOBODY, reason: object = None,
                 most: int = MAX_EVENTS_PER_CYCLE) -> TriggerEvent | None:
    """Change a live event (None if there is none); moved to another cycle, it
    must find room there (:class:`TooManyEvents`)."""
    ev = s.get(TriggerEvent, event_id)
    if ev is None or ev.jurisdiction_id != jur.id or ev.deleted_at is not None:
        return None
    moment = event_value(jur, name, value)
    text = ev.label if label is None else inputs.label(label)
    why = inputs.label(reason, "reason")
    hold(s, jur.id)
    _check_label_free(s, jur, name, text, but=ev.id)
    if cycle_of(jur, moment) != cycle_of(jur, from_iso(ev.value)):
        _check_room(s, jur, moment, most, but=ev.id)
    before = _brief_event(ev)
    ev.name, ev.value, ev.label = name, moment.isoformat(), text
    history.log(s, jur.id, who, "event.change", f"event:{ev.id}", before, _brief_event(ev), reason=why)
    bump(s, jur.id, "anchors_rev")
    return ev


def delete_event(s: Session, jur: Jurisdiction, event_id: int, *, who: history.Who = NOBODY,
                 reason: object = None) -> bool:
    """Mark the event deleted: its deadlines stay in the feeds, cancelled."""
    ev = s.get(TriggerEvent, event_id)
    if ev is None or ev.jurisdiction_id != jur.id or ev.deleted_at is not None:
        return False
    ev.deleted_at, ev.deleted_reason = now(), inputs.label(reason, "reason") or None
    history.log(s, jur.id, who, "event.delete", f"event:{ev.id}", _brief_event(ev), None, reason=ev.deleted_reason)
    bump(s, jur.id, "anchors_rev")
    return True


def _brief_election(e: ElectionEntry) -> dict:
    return {"general": e.general and e.general.isoformat(), "primary": e.primary and e.primary.isoformat()}


def _optional_text(value: object, field: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 2000:
        raise InputError.of("text.optional", field, limit=2000)
    return value.strip() or None


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


def set_election(s: Session, jur: Jurisdiction, cycle: str | date, general: object, primary: object,
                 *, who: history.Who = NOBODY, authority: object = None, reason: object = None) -> ElectionEntry:
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
    authority, reason = _optional_text(authority, "authority"), _optional_text(reason, "reason")
    entry = s.scalar(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jur.id, ElectionEntry.cycle == day))
    before = None if entry is None else _brief_election(entry)
    if entry is None:
        entry = ElectionEntry(jurisdiction_id=jur.id, cycle=day)
        s.add(entry)
    entry.general, entry.primary, entry.authority, entry.reason = g, p, authority, reason
    history.log(s, jur.id, who, "election.set", f"election:{day}", before, _brief_election(entry),
                authority=authority, reason=reason)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_election(s: Session, jur: Jurisdiction, cycle: str, *, who: history.Who = NOBODY) -> bool:
    day = inputs.cycle(jur, cycle)
    entry = s.scalar(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jur.id, ElectionEntry.cycle == day))
    if entry is None:
        return False
    history.log(s, jur.id, who, "election.delete", f"election:{day}", _brief_election(entry), None)
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


def _brief_override(o: OverrideEntry) -> dict:
    return {"status": o.status, "due": o.due, "start": o.start}


def cases_of_cycle(s: Session, jur: Jurisdiction, day: date) -> list[Case]:
    """The recorded cases of cycle ``day`` (deleted ones too, marked cancelled)."""
    rows = s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jur.id).order_by(TriggerEvent.id))
    return [c for c in Records(events=tuple(_occurrence(ev) for ev in rows)).cases(jur) if case_cycle(jur, c) == day]


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


def put_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, body: dict,
                 *, who: history.Who = NOBODY) -> OverrideEntry:
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
    entry = _find_override(s, jur, day, deadline, case)
    before = None if entry is None else _brief_override(entry)
    if entry is None:
        entry = OverrideEntry(jurisdiction_id=jur.id, deadline=deadline, election=day, case_id=case)
        s.add(entry)
    entry.status, entry.authority, entry.reason = status, authority, reason
    entry.due = due.isoformat() if due else None
    entry.start = start.isoformat() if start else None
    history.log(s, jur.id, who, "override.put", override_target(day, deadline, case), before, _brief_override(entry),
                authority=entry.authority, reason=entry.reason)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def override_target(day: date, deadline: str, case: str) -> str:
    """What history calls an override: ``override:<cycle>/<deadline>[/<case>]``."""
    return f"override:{day}/{deadline}" + (f"/{case}" if case else "")


def _find_override(s: Session, jur: Jurisdiction, day: date, deadline: str, case: str) -> OverrideEntry | None:
    return s.scalar(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id, OverrideEntry.deadline == deadline,
                                                OverrideEntry.election == day, OverrideEntry.case_id == case))


def delete_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, *, who: history.Who = NOBODY,
                    case: object = None, reason: object = None) -> bool:
    """Forget an override (of one case's deadline where ``case`` names it):
    the computed date is in force again."""
    day = inputs.cycle(jur, cycle)
    case = inputs.label(case, "case")
    entry = _find_override(s, jur, day, deadline, case)
    if entry is None:
        return False
    history.log(s, jur.id, who, "override.delete", override_target(day, deadline, case), _brief_override(entry), None,
                authority=entry.authority, reason=inputs.label(reason, "reason") or entry.reason)
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


def _brief_decision(d: DecisionEntry) -> dict:
    return {"taken": d.taken}


def _find_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str) -> tuple[date, DecisionEntry | None]:
    """The cycle ``cycle`` names (validated, with the choice for it) and the decision recorded for it."""
    day = inputs.cycle(jur, cycle, "cycle")
    inputs.choice(jur, choice, day)
    return day, s.scalar(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jur.id,
                                                     DecisionEntry.choice == choice, DecisionEntry.cycle == day))


def put_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str, body: dict,
                 *, who: history.Who = NOBODY) -> tuple[DecisionEntry, bool]:
    """Record whether ``jur`` takes ``choice`` for the cycle, on an authority
    (it wins over the calendar file's decision); True if it is new."""
    day, entry = _find_decision(s, jur, cycle, choice)
    taken = inputs.flag(body.get("taken"), "taken")
    authority = inputs.required_text(body.get("authority"), "authority", "what decided it")
    reason = _optional_text(body.get("reason"), "reason")
    before = None if entry is None else _brief_decision(entry)
    if entry is None:
        entry = DecisionEntry(jurisdiction_id=jur.id, choice=choice, cycle=day)
        s.add(entry)
    entry.taken, entry.authority, entry.recorded_at = taken, authority, now()
    history.log(s, jur.id, who, "decision.put", f"decision:{day}/{choice}", before, _brief_decision(entry),
                authority=authority, reason=reason)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry, before is None


def delete_decision(s: Session, jur: Jurisdiction, cycle: str, choice: str, *, who: history.Who = NOBODY,
                    reason: object = None) -> bool:
    """Forget the clerk's decision: the calendar file's applies again, or none."""
    day, entry = _find_decision(s, jur, cycle, choice)
    if entry is None:
        return False
    history.log(s, jur.id, who, "decision.delete", f"decision:{day}/{choice}", _brief_decision(entry), None,
                authority=entry.authority, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


#: A time of day as the office hours take it: HH:MM (seconds allowed, and dropped), nothing else.
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?")
#: What follows a time of day that carries a UTC offset ("08:00+05:00", "08:00Z").
_OFFSET = re.compile(r"([0-9:.]+)\s*([+-][0-9]{2}(:?[0-9]{2})?|[zZ])")


def _clock(value: object, field: str, zone: str) -> time:
    """A local time of day, HH:MM (24-hour), in the office's zone: a time with
    a UTC offset is refused (the hours are the office's wall clock, and two
    offsets would let a close before the open through)."""
    if not isinstance(value, str):
        raise InputError.of("time.expected", field)
    typed = value.strip()
    if _CLOCK.fullmatch(typed) is None:
        if _OFFSET.fullmatch(typed) is not None:
            raise InputError.of("time.with_offset", field, got=repr(typed[:40]), zone=zone)
        raise InputError.of("time.not_a_time", field, got=repr(typed[:40]))
    return time.fromisoformat(typed).replace(second=0, microsecond=0)


#: The weekdays as the clerk API and the desk name them (Monday 0)
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAYS = (0, 1, 2, 3, 4)


def hours_days(h: OfficeHoursEntry) -> tuple[int, ...]:
    """The weekdays a recorded office is open (Monday 0): Monday to Friday unless recorded."""
    return tuple(int(d) for d in h.days.split(",")) if h.days else WEEKDAYS


def _days(value: object) -> tuple[int, ...]:
    """``days`` of an office-hours body: weekday names (``["tuesday", "wednesday"]``), or None (Monday to Friday)."""
    if value is None or value == "":
        return WEEKDAYS
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not names:
        raise InputError.of("hours.days", "days", got=repr(value)[:60])
    days = set()
    for name in names:
        found = str(name).strip().lower()
        match = [i for i, n in enumerate(WEEKDAY_NAMES) if found and n.startswith(found) and len(found) >= 3]
        if not isinstance(name, str) or len(match) != 1:
            raise InputError.of("hours.days", "days", got=repr(name)[:40])
        days.add(match[0])
    return tuple(sorted(days))


def _brief_hours(h: OfficeHoursEntry) -> dict:
    brief = {"open": h.open, "close": h.close}
    return brief if not h.days else {**brief, "days": [WEEKDAY_NAMES[d] for d in hours_days(h)]}


def hours_value(h: OfficeHoursEntry) -> str:
    """The recorded hours as a fact's value says them: ``08:00-12:00``, ``tue,wed,thu 10:00-14:00``."""
    days = hours_days(h)
    said = f"{h.open}-{h.close}"
    return said if days == WEEKDAYS else f"{','.join(WEEKDAY_NAMES[d][:3] for d in days)} {said}"


def set_office_hours(s: Session, jur: Jurisdiction, body: dict, *, who: history.Who = NOBODY) -> OfficeHoursEntry:
    """Record when the office is open (they win over the calendar file's
    ``[office_hours]``: a last day with no hour in the law ends at ``close``)."""
    opens, closes = (_clock(body.get(f), f, jur.timezone) for f in ("open", "close"))
    if closes <= opens:
        raise InputError.of("hours.backwards", "close", close=f"{closes:%H:%M}", open=f"{opens:%H:%M}")
    authority = inputs.required_text(body.get("authority"), "authority", "what sets the hours")
    entry = s.get(OfficeHoursEntry, jur.id)
    before = None if entry is None else _brief_hours(entry)
    if entry is None:
        entry = OfficeHoursEntry(jurisdiction_id=jur.id)
        s.add(entry)
    days = _days(body.get("days"))
    entry.open, entry.close, entry.authority, entry.recorded_at = f"{opens:%H:%M}", f"{closes:%H:%M}", authority, now()
    entry.days = None if days == WEEKDAYS else ",".join(map(str, days))
    history.log(s, jur.id, who, "office.hours", "office:hours", before, _brief_hours(entry), authority=authority)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_office_hours(s: Session, jur: Jurisdiction, *, who: history.Who = NOBODY, reason: object = None) -> bool:
    """Forget the recorded hours: the calendar file's apply again (or none)."""
    entry = s.get(OfficeHoursEntry, jur.id)
    if entry is None:
        return False
    history.log(s, jur.id, who, "office.hours.delete", "office:hours", _brief_hours(entry), None,
                authority=entry.authority, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


def closure_target(jur: Jurisdiction, day: date) -> str:
    """What history calls a closure: ``closure:<the cycle it falls in>/<day>``."""
    cycle = cycle_of(jur, day)
    return f"closure:{cycle or day}/{day}"


def record_closure(s: Session, jur: Jurisdiction, day: object, reason: object,
                   *, who: history.Who = NOBODY) -> OfficeClosure:
    """Record a day the office is closed (a last day falling on it gets the
    office's last open day before it as the safe reading)."""
    on = inputs.day(day, "day")
    why = inputs.required_text(reason, "reason", "why the office is closed (“Courthouse closed for repairs”)")
    if s.scalar(select(OfficeClosure.id).where(OfficeClosure.jurisdiction_id == jur.id, OfficeClosure.day == on)):
        raise InputError.of("closure.recorded_already", "day", day=on)
    entry = OfficeClosure(jurisdiction_id=jur.id, day=on, reason=why, recorded_at=now())
    s.add(entry)
    history.log(s, jur.id, who, "closure.record", closure_target(jur, on), None, {"day": on.isoformat(), "reason": why})
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_closure(s: Session, jur: Jurisdiction, closure_id: int, *, who: history.Who = NOBODY,
                   reason: object = None) -> bool:
    entry = s.get(OfficeClosure, closure_id)
    if entry is None or entry.jurisdiction_id != jur.id:
        return False
    history.log(s, jur.id, who, "closure.delete", closure_target(jur, entry.day),
                {"day": entry.day.isoformat(), "reason": entry.reason}, None, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


def notice_target(cycle: date, rid: str) -> str:
    """What history calls a notice's publication: ``notice:<cycle>/<the notice window's rule>``."""
    return f"notice:{cycle}/{rid}"


def delete_publication(s: Session, jur: Jurisdiction, uid: str, target: str, *, who: history.Who = NOBODY,
                       reason: object = None) -> bool:
    """Undo "published": the notice window ``uid`` is no longer marked published
    (its reminders come back at the next replan); False when it was not marked.
    ``target``: the history's name of it (:func:`notice_target`)."""
    entry = s.scalar(select(NoticePublication).where(NoticePublication.jurisdiction_id == jur.id,
                                                     NoticePublication.deadline_uid == uid))
    if entry is None:
        return False
    history.log(s, jur.id, who, "notice.delete", target, {"on": entry.published_on.isoformat(), "where": entry.where},
                None, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    bump(s, jur.id, "anchors_rev")
    return True


def check_servable(s: Session, jur: Jurisdiction, *, today: date, years_ahead: int, cycle: date | None = None) -> None:
    """InputError (and so nothing stored: call it inside the write's
    transaction) when, with what ``s`` has written, the jurisdiction's
    calendar, or the ``cycle`` written to, could no longer be computed (a date
    outside the years its law is written for): what the clerk API accepts,
    every page, feed, email and listing can show."""
    seen = DbRecords(s.connection(), revision_ttl=0)
    try:
        upcoming(jur, today=today, years_ahead=years_ahead, records=seen)
        if cycle is not None:
            lookup(jur, today=today, election=cycle, records=seen)
    except CalendarError as exc:
        raise InputError(f"not recorded: with this change {jur.id}'s deadlines cannot be computed ({exc})") from None
    except InputError as exc:
        raise InputError(f"not recorded: with this change {jur.id}'s deadlines cannot be computed: {exc}",
                         exc.field) from None
