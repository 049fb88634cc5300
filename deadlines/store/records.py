"""Recorded anchors: election dates, trigger events and overrides.

:class:`DbRecords` hands them to the engine
(:class:`deadlines.service.RecordSource`); the write functions validate
against the jurisdiction's calendar file first (raising
:class:`~deadlines.core.errors.InputError`, nothing stored) and count every change.
"""
from __future__ import annotations

import time
from collections import defaultdict
from datetime import date, datetime
from zoneinfo import ZoneInfo

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.model import Jurisdiction, Moment, Override
from deadlines.core.moments import in_range, parse_date, parse_moment
from deadlines.service import Records, cycle_for, cycle_of
from deadlines.store.db import now
from deadlines.store.tables import ElectionEntry, JurisdictionState, OverrideEntry, TriggerEvent
from deadlines.store.util import bump


def _moment(text: str | None) -> Moment | None:
    if text is None:
        return None
    return datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text)


class DbRecords:
    """The engine's view of the store.

    :meth:`revision` is asked on every feed request, so it is remembered for
    ``revision_ttl`` seconds per jurisdiction: another process's write shows
    within that time; this process's own writes call :meth:`forget`.
    """

    def __init__(self, db: Engine, revision_ttl: float = 1.0):
        self.db = db
        self.revision_ttl = revision_ttl
        self._revisions: dict[str, tuple[str, float]] = {}

    def recorded(self, jurisdiction_id: str) -> Records:
        with Session(self.db) as s:
            elections = {
                e.cycle: {k: v for k, v in (("general", e.general), ("primary", e.primary)) if v}
                for e in s.scalars(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jurisdiction_id))
            }
            events: dict[str, list[Moment]] = defaultdict(list)
            for ev in s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jurisdiction_id)
                                .order_by(TriggerEvent.id)):
                events[ev.name].append(_moment(ev.value))
            overrides = tuple(
                Override(deadline=o.deadline, cycle=o.election, authority=o.authority, reason=o.reason,
                         due=_moment(o.due), start=_moment(o.start), status=o.status)
                for o in s.scalars(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jurisdiction_id))
            )
        return Records(elections=elections, events=dict(events), overrides=overrides)

    def revision(self, jurisdiction_id: str) -> str:
        seen = self._revisions.get(jurisdiction_id)
        clock = time.monotonic()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rev = s.scalar(select(JurisdictionState.anchors_rev).where(JurisdictionState.jurisdiction_id == jurisdiction_id))
        self._revisions[jurisdiction_id] = (str(rev or 0), clock)
        return str(rev or 0)

    def forget(self, jurisdiction_id: str) -> None:
        """Read the revision afresh next time (after a write from this process)."""
        self._revisions.pop(jurisdiction_id, None)


# --------------------------------------------------------------------------- validation


def _cycle(jur: Jurisdiction, text: str | date) -> date:
    """The cycle ``text`` names: a general election's date by rule, or the date
    a moved election is held (both name the same cycle)."""
    day = text if isinstance(text, date) else _parse_date(text, "election")
    key = cycle_for(jur, day)
    if key is None:
        raise InputError(f"{day} is not a general election of {jur.id} by rule (a cycle is named by that date)", "election")
    return key


def _parse_date(text: object, field: str) -> date:
    if not isinstance(text, str):
        raise InputError(f"{field}: expected a date YYYY-MM-DD", field)
    try:
        day = parse_date(text)
    except ValueError as exc:
        raise InputError(f"{field}: {exc}", field) from None
    return in_range(day, field)


def _parse_moment(text: object, jur: Jurisdiction, field: str) -> Moment:
    if not isinstance(text, str):
        raise InputError(f"{field}: expected a date or a date and time (ISO 8601)", field)
    try:
        moment = parse_moment(text, ZoneInfo(jur.timezone))
    except ValueError as exc:
        raise InputError(f"{field}: {exc}", field) from None
    return in_range(moment, field)


def event_value(jur: Jurisdiction, name: object, value: object) -> Moment:
    """The validated occurrence of trigger ``name``."""
    trigger = jur.triggers.get(name) if isinstance(name, str) else None
    if trigger is None:
        known = ", ".join(sorted(jur.triggers)) or "none"
        raise InputError(f"{jur.id} has no event {name!r} (its events: {known})", "name")
    moment = _parse_moment(value, jur, "at")
    if trigger.type == "instant" and not isinstance(moment, datetime):
        raise InputError(f"event '{name}' is an instant: give a date and time, e.g. {moment}T14:30", "at")
    if trigger.type == "date" and isinstance(moment, datetime):
        raise InputError(f"event '{name}' is recorded as a date: give YYYY-MM-DD", "at")
    if cycle_of(jur, moment) is None:
        raise InputError(f"no election of {jur.id} follows {moment}", "at")
    return moment


# --------------------------------------------------------------------------- writes


def record_event(s: Session, jur: Jurisdiction, name: object, value: object) -> TriggerEvent:
    moment = event_value(jur, name, value)
    ev = TriggerEvent(jurisdiction_id=jur.id, name=name, value=moment.isoformat(), recorded_at=now())
    s.add(ev)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return ev


def change_event(s: Session, jur: Jurisdiction, event_id: int, name: object, value: object) -> TriggerEvent | None:
    ev = s.get(TriggerEvent, event_id)
    if ev is None or ev.jurisdiction_id != jur.id:
        return None
    ev.name, ev.value = name, event_value(jur, name, value).isoformat()
    bump(s, jur.id, "anchors_rev")
    return ev


def delete_event(s: Session, jur: Jurisdiction, event_id: int) -> bool:
    gone = s.execute(delete(TriggerEvent).where(TriggerEvent.id == event_id, TriggerEvent.jurisdiction_id == jur.id)).rowcount
    if gone:
        bump(s, jur.id, "anchors_rev")
    return bool(gone)


def set_election(s: Session, jur: Jurisdiction, cycle: str | date, general: object, primary: object) -> ElectionEntry:
    """Enter the election dates of a cycle (``general``/``primary`` may be None)."""
    day = _cycle(jur, cycle)
    g = None if general is None else _parse_date(general, "general")
    p = None if primary is None else _parse_date(primary, "primary")
    if g is None and p is None:
        raise InputError("give a general and/or a primary election date", "general")
    if p is not None and "primary" not in jur.elections:
        raise InputError(f"{jur.id} holds no primary election", "primary")
    entry = s.scalar(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jur.id, ElectionEntry.cycle == day))
    if entry is None:
        entry = ElectionEntry(jurisdiction_id=jur.id, cycle=day)
        s.add(entry)
    entry.general, entry.primary = g, p
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_election(s: Session, jur: Jurisdiction, cycle: str) -> bool:
    day = _cycle(jur, cycle)
    gone = s.execute(delete(ElectionEntry).where(ElectionEntry.jurisdiction_id == jur.id, ElectionEntry.cycle == day)).rowcount
    if gone:
        bump(s, jur.id, "anchors_rev")
    return bool(gone)


def put_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, body: dict) -> OverrideEntry:
    day = _cycle(jur, cycle)
    if deadline not in jur.rules:
        raise InputError(f"{jur.id} has no deadline {deadline!r} (its deadlines: {', '.join(jur.order)})", "deadline")
    status = body.get("status", "overridden")
    if status not in ("overridden", "cancelled"):
        raise InputError("status: 'overridden' or 'cancelled'", "status")
    authority, reason = body.get("authority"), body.get("reason")
    for field, value in (("authority", authority), ("reason", reason)):
        if not isinstance(value, str) or not value.strip() or len(value) > 2000:
            raise InputError(f"{field}: required text (what ordered the change, and why), at most 2000 characters", field)
    due = None if body.get("due") is None else _parse_moment(body["due"], jur, "due")
    start = None if body.get("start") is None else _parse_moment(body["start"], jur, "start")
    if status == "overridden" and due is None:
        raise InputError("due: an override gives the new date (or set status 'cancelled')", "due")
    entry = s.scalar(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id,
                                                 OverrideEntry.deadline == deadline, OverrideEntry.election == day))
    if entry is None:
        entry = OverrideEntry(jurisdiction_id=jur.id, deadline=deadline, election=day)
        s.add(entry)
    entry.status, entry.authority, entry.reason = status, authority.strip(), reason.strip()
    entry.due = due.isoformat() if due else None
    entry.start = start.isoformat() if start else None
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str) -> bool:
    day = _cycle(jur, cycle)
    gone = s.execute(delete(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id, OverrideEntry.deadline == deadline,
                                                 OverrideEntry.election == day)).rowcount
    if gone:
        bump(s, jur.id, "anchors_rev")
    return bool(gone)
