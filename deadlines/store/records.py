"""Recorded anchors: election dates, trigger events and overrides.

:class:`DbRecords` hands them to the engine
(:class:`deadlines.service.RecordSource`); the write functions validate
against the jurisdiction's calendar file first (raising
:class:`~deadlines.core.errors.InputError`, nothing stored) and count every change.
"""
from __future__ import annotations

import time
from collections import defaultdict
from datetime import date
from zoneinfo import ZoneInfo

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.model import Jurisdiction, Moment, Override
from deadlines.core import inputs
from deadlines.core.moments import from_iso
from deadlines.service import Records, cycle_of
from deadlines.store.db import now
from deadlines.store.tables import ElectionEntry, JurisdictionState, OverrideEntry, TriggerEvent
from deadlines.store.util import bump


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
        self._all: tuple[dict[str, str], float] | None = None

    def recorded(self, jurisdiction_id: str) -> Records:
        with Session(self.db) as s:
            elections = {
                e.cycle: {k: v for k, v in (("general", e.general), ("primary", e.primary)) if v}
                for e in s.scalars(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jurisdiction_id))
            }
            events: dict[str, list[Moment]] = defaultdict(list)
            for ev in s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jurisdiction_id)
                                .order_by(TriggerEvent.id)):
                events[ev.name].append(from_iso(ev.value))
            overrides = tuple(
                Override(deadline=o.deadline, cycle=o.election, authority=o.authority, reason=o.reason,
                         due=from_iso(o.due), start=from_iso(o.start), status=o.status)
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
        self._all = None

    def revisions(self) -> dict[str, str]:
        """Every jurisdiction's revision in one query (absent: nothing ever
        recorded), remembered like :meth:`revision`."""
        seen, clock = self._all, time.monotonic()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rows = s.execute(select(JurisdictionState.jurisdiction_id, JurisdictionState.anchors_rev)
                             .where(JurisdictionState.anchors_rev > 0))
            revs = {jid: str(rev) for jid, rev in rows}
        self._all = (revs, clock)
        return revs


# --------------------------------------------------------------------------- validation


def event_value(jur: Jurisdiction, name: object, value: object) -> Moment:
    """The validated occurrence of trigger ``name`` (the clerk API's ``at``),
    which must fall before an election of the jurisdiction."""
    moment = inputs.event(jur, name, value, field="at")
    if cycle_of(jur, moment) is None:
        raise InputError(f"at: no election of {jur.id} follows {moment}", "at")
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
    day = inputs.cycle(jur, cycle)
    g = None if general is None else inputs.day(general, "general")
    p = None if primary is None else inputs.day(primary, "primary")
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
    day = inputs.cycle(jur, cycle)
    gone = s.execute(delete(ElectionEntry).where(ElectionEntry.jurisdiction_id == jur.id, ElectionEntry.cycle == day)).rowcount
    if gone:
        bump(s, jur.id, "anchors_rev")
    return bool(gone)


def put_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, body: dict) -> OverrideEntry:
    day = inputs.cycle(jur, cycle)
    if deadline not in jur.rules:
        raise InputError(f"{jur.id} has no deadline {deadline!r} (its deadlines: {', '.join(jur.order)})", "deadline")
    status = body.get("status", "overridden")
    if status not in ("overridden", "cancelled"):
        raise InputError("status: 'overridden' or 'cancelled'", "status")
    authority, reason = body.get("authority"), body.get("reason")
    for field, value in (("authority", authority), ("reason", reason)):
        if not isinstance(value, str) or not value.strip() or len(value) > 2000:
            raise InputError(f"{field}: required text (what ordered the change, and why), at most 2000 characters", field)
    zone = ZoneInfo(jur.timezone)
    due = None if body.get("due") is None else inputs.moment(body["due"], zone, "due")
    start = None if body.get("start") is None else inputs.moment(body["start"], zone, "start")
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
    day = inputs.cycle(jur, cycle)
    gone = s.execute(delete(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id, OverrideEntry.deadline == deadline,
                                                 OverrideEntry.election == day)).rowcount
    if gone:
        bump(s, jur.id, "anchors_rev")
    return bool(gone)
