"""Recorded anchors: election dates, trigger events, overrides and decisions.

:class:`DbRecords` hands them to the engine
(:class:`deadlines.service.RecordSource`); the write functions validate
against the jurisdiction's calendar file first (raising
:class:`~deadlines.core.errors.InputError`, nothing stored) and count every change.
"""
from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import replace
from datetime import date
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.core.cases import Occurrence
from deadlines.core.elections import cycle_key
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.model import Decision, Jurisdiction, Moment, Override
from deadlines.core import inputs
from deadlines.store import history
from deadlines.core.moments import from_iso
from deadlines.service import Records, cycle_of, lookup, upcoming
from deadlines.store.db import now
from deadlines.store.tables import DecisionEntry, ElectionEntry, JurisdictionState, OverrideEntry, TriggerEvent
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
            entries = list(s.scalars(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jurisdiction_id)))
            rows = list(s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jurisdiction_id)
                                  .order_by(TriggerEvent.id)))
            overrides = tuple(
                Override(deadline=o.deadline, cycle=o.election, authority=o.authority, reason=o.reason,
                         due=from_iso(o.due), start=from_iso(o.start), status=o.status)
                for o in s.scalars(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jurisdiction_id))
            )
            decisions = tuple(
                Decision(choice=d.choice, cycle=d.cycle, taken=d.taken, authority=d.authority)
                for d in s.scalars(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jurisdiction_id))
            )
            log = history.listing(s, jurisdiction_id)
        events = tuple(_occurrence(ev) for ev in rows)
        stored = Records(
            elections={e.cycle: {k: v for k, v in (("general", e.general), ("primary", e.primary)) if v} for e in entries},
            events=events, overrides=overrides, decisions=decisions,
            moved_by={e.cycle: f"{e.authority} ({e.reason})" if e.reason else e.authority for e in entries if e.authority},
        )
        return replace(stored, changes=_changes(log)) if log else stored

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


def _occurrence(ev: TriggerEvent) -> Occurrence:
    cancelled = None
    if ev.deleted_at is not None:
        cancelled = f"Cancelled: the clerk deleted the event this deadline counts from ({ev.name}, {ev.value}) on {ev.deleted_at:%Y-%m-%d}" + (
            f": {ev.deleted_reason}." if ev.deleted_reason else ".")
    return Occurrence(ev.name, from_iso(ev.value), ev.label, str(ev.id), cancelled)


def _changes(log) -> dict[str, list[str]]:
    """History entries by what they bear on (see :class:`Records` ``changes``), oldest first."""
    out: dict[str, list[str]] = defaultdict(list)
    for e in reversed(log):
        kind, _, key = e.target.partition(":")
        out[f"cycle:{key}" if kind == "election" else e.target].append(history.words(e))
    return dict(out)


# --------------------------------------------------------------------------- validation


def event_value(jur: Jurisdiction, name: object, value: object) -> Moment:
    """The validated occurrence of trigger ``name`` (the clerk API's ``at``),
    which must fall before an election of the jurisdiction."""
    moment = inputs.event(jur, name, value, field="at")
    if cycle_of(jur, moment) is None:
        raise InputError(f"at: no election of {jur.id} follows {moment}", "at")
    return moment


# --------------------------------------------------------------------------- writes

NOBODY = history.Who("")


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
        raise InputError(f"label: the case {label!r} already has a {name!r} event (id {taken}); give this one its own "
                         "label, or change that event", "label")


def record_event(s: Session, jur: Jurisdiction, name: object, value: object, label: object = None,
                 *, who: history.Who = NOBODY, reason: object = None, key: str | None = None) -> TriggerEvent:
    """Record an event. ``key``: the request's idempotency key; a retry with
    the same key and the same event returns the event recorded the first
    time (nothing new is stored); with another event it is an InputError."""
    moment = event_value(jur, name, value)
    text = inputs.label(label)
    why = inputs.label(reason, "reason")
    if key is not None:
        key = inputs.text(key, "Idempotency-Key", 100)
        first = s.scalar(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jur.id,
                                                    TriggerEvent.idempotency_key == key))
        if first is not None:
            if _brief_event(first) != {"name": name, "at": moment.isoformat(), "label": text}:
                raise InputError(f"Idempotency-Key {key!r} was used for another event (event {first.id})",
                                 "Idempotency-Key")
            return first
    _check_label_free(s, jur, name, text)
    ev = TriggerEvent(jurisdiction_id=jur.id, name=name, value=moment.isoformat(), label=text, recorded_at=now(),
                      idempotency_key=key)
    s.add(ev)
    s.flush()
    history.log(s, jur.id, who, "event.record", f"event:{ev.id}", None, _brief_event(ev), reason=why)
    bump(s, jur.id, "anchors_rev")
    return ev


def change_event(s: Session, jur: Jurisdiction, event_id: int, name: object, value: object, label: object = None,
                 *, who: history.Who = NOBODY, reason: object = None) -> TriggerEvent | None:
    ev = s.get(TriggerEvent, event_id)
    if ev is None or ev.jurisdiction_id != jur.id or ev.deleted_at is not None:
        return None
    moment = event_value(jur, name, value)
    text = ev.label if label is None else inputs.label(label)
    why = inputs.label(reason, "reason")
    _check_label_free(s, jur, name, text, but=ev.id)
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
        raise InputError(f"{field}: optional text, at most 2000 characters", field)
    return value.strip() or None


#: How far from its date by rule a cycle's election may be held (a moved
#: election moves by weeks: Utah 2023, November 7 to 21).
MAX_MOVE_DAYS = 120


def _held_near(day: date, general: date | None, primary: date | None) -> None:
    """InputError unless the general election is held near its cycle's date and
    the primary within the year before it."""
    if general is not None and abs((general - day).days) > MAX_MOVE_DAYS:
        raise InputError(f"general: {general} is {abs((general - day).days)} days from the {day} cycle's election by "
                         f"rule; a moved election is held within {MAX_MOVE_DAYS} days of it (an election of another "
                         "cycle is entered under that cycle)", "general")
    held = general or day
    if primary is not None and not 0 < (held - primary).days <= 366:
        raise InputError(f"primary: {primary} must fall in the year before the general election ({held})", "primary")


def set_election(s: Session, jur: Jurisdiction, cycle: str | date, general: object, primary: object,
                 *, who: history.Who = NOBODY, authority: object = None, reason: object = None) -> ElectionEntry:
    """Enter the election dates of a cycle (``general``/``primary`` may be
    None), with the authority that moved it, if it moved."""
    day = inputs.cycle(jur, cycle)
    g = None if general is None else inputs.day(general, "general")
    p = None if primary is None else inputs.day(primary, "primary")
    if g is None and p is None:
        raise InputError("give a general and/or a primary election date", "general")
    if p is not None and "primary" not in jur.elections:
        raise InputError(f"{jur.id} holds no primary election", "primary")
    _held_near(day, g, p)
    if g is not None and cycle_key(jur.elections["general"], g) != day:
        raise InputError(f"general: {g} would be read as the election of the {cycle_key(jur.elections['general'], g)} "
                         f"cycle, not of {day}'s (a moved election stays in its own year)", "general")
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


def put_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, body: dict,
                 *, who: history.Who = NOBODY) -> OverrideEntry:
    day = inputs.cycle(jur, cycle)
    if deadline not in jur.rules:
        raise InputError(f"{jur.id} has no deadline {deadline!r} (its deadlines: {', '.join(jur.order)})", "deadline")
    status = body.get("status", "overridden")
    if status not in ("overridden", "cancelled"):
        raise InputError("status: 'overridden' or 'cancelled'", "status")
    authority, reason = (inputs.required_text(body.get(f), f, "what ordered the change, and why")
                         for f in ("authority", "reason"))
    zone = ZoneInfo(jur.timezone)
    due = None if body.get("due") is None else inputs.moment(body["due"], zone, "due")
    start = None if body.get("start") is None else inputs.moment(body["start"], zone, "start")
    if status == "overridden" and due is None:
        raise InputError("due: an override gives the new date (or set status 'cancelled')", "due")
    entry = s.scalar(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id,
                                                 OverrideEntry.deadline == deadline, OverrideEntry.election == day))
    before = None if entry is None else _brief_override(entry)
    if entry is None:
        entry = OverrideEntry(jurisdiction_id=jur.id, deadline=deadline, election=day)
        s.add(entry)
    entry.status, entry.authority, entry.reason = status, authority, reason
    entry.due = due.isoformat() if due else None
    entry.start = start.isoformat() if start else None
    history.log(s, jur.id, who, "override.put", f"override:{day}/{deadline}", before, _brief_override(entry),
                authority=entry.authority, reason=entry.reason)
    bump(s, jur.id, "anchors_rev")
    s.flush()
    return entry


def delete_override(s: Session, jur: Jurisdiction, cycle: str, deadline: str, *, who: history.Who = NOBODY) -> bool:
    day = inputs.cycle(jur, cycle)
    entry = s.scalar(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id,
                                                 OverrideEntry.deadline == deadline, OverrideEntry.election == day))
    if entry is None:
        return False
    history.log(s, jur.id, who, "override.delete", f"override:{day}/{deadline}", _brief_override(entry), None,
                authority=entry.authority, reason=entry.reason)
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
