"""The rows a clerk recorded: election dates, trigger events, overrides,
decisions, office hours, closures and notice publications (rows in, rows out).

Nothing here validates against the law or runs the engine: the writes are the
commands of :mod:`deadlines.commands` (validate, store, history, revision),
and :class:`deadlines.recorded.DbRecords` reads :func:`rows` for the engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.tables import (
    DecisionEntry, ElectionEntry, JurisdictionState, NoticePublication, OfficeClosure, OfficeHoursEntry, OverrideEntry,
    TriggerEvent,
)
from deadlines.store.office_tables import FilingOfficeEntry

#: The weekdays as the clerk API and the desk name them (Monday 0)
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The days an office is open when none are recorded: Monday to Friday.
WEEKDAYS = (0, 1, 2, 3, 4)


# --------------------------------------------------------------------------- revisions


def anchors_rev(s: Session, jid: str) -> int:
    """``jid``'s records revision: 0 when nothing was ever recorded (every write bumps it)."""
    return int(s.scalar(select(JurisdictionState.anchors_rev).where(JurisdictionState.jurisdiction_id == jid)) or 0)


def all_revisions(s: Session) -> dict[str, int]:
    """The revision of every jurisdiction with something recorded (revision above 0)."""
    rows = s.execute(select(JurisdictionState.jurisdiction_id, JurisdictionState.anchors_rev)
                     .where(JurisdictionState.anchors_rev > 0))
    return {jid: int(rev) for jid, rev in rows}


# --------------------------------------------------------------------------- everything of a jurisdiction


@dataclass(frozen=True)
class Rows:
    """Every row recorded for one jurisdiction: events and closures in the
    order recorded (by id) and by day; the rest unordered."""

    elections: list[ElectionEntry]
    events: list[TriggerEvent]
    overrides: list[OverrideEntry]
    decisions: list[DecisionEntry]
    hours: list[OfficeHoursEntry]  # every entry, ended and superseded ones too, in the order recorded
    closures: list[OfficeClosure]
    publications: list[NoticePublication]
    filing: FilingOfficeEntry | None = None  # the filing office a clerk recorded


def rows(s: Session, jid: str) -> Rows:
    """Everything recorded for ``jid``, read in ``s``."""
    def of(table):
        return select(table).where(table.jurisdiction_id == jid)
    return Rows(
        elections=list(s.scalars(of(ElectionEntry))), events=events(s, jid),
        overrides=list(s.scalars(of(OverrideEntry))), decisions=list(s.scalars(of(DecisionEntry))),
        hours=hours_entries(s, jid), closures=list(s.scalars(of(OfficeClosure).order_by(OfficeClosure.day))),
        publications=list(s.scalars(of(NoticePublication))), filing=s.get(FilingOfficeEntry, jid),
    )


# --------------------------------------------------------------------------- trigger events


def events(s: Session, jid: str) -> list[TriggerEvent]:
    """``jid``'s events, deleted ones too, in the order recorded."""
    return list(s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jid).order_by(TriggerEvent.id)))


def live_event(s: Session, jid: str, event_id: int) -> TriggerEvent | None:
    """Event ``event_id`` of ``jid``, unless it is deleted (or another's, or none)."""
    ev = s.get(TriggerEvent, event_id)
    return None if ev is None or ev.jurisdiction_id != jid or ev.deleted_at is not None else ev


def event_by_key(s: Session, jid: str, key: str) -> TriggerEvent | None:
    """The event of ``jid`` recorded with idempotency key ``key``."""
    return s.scalar(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jid, TriggerEvent.idempotency_key == key))


def label_holder(s: Session, jid: str, name: str, label: str, *, but: int | None = None) -> int | None:
    """The id of a live event of trigger ``name`` labelled ``label`` (other than ``but``)."""
    q = select(TriggerEvent.id).where(TriggerEvent.jurisdiction_id == jid, TriggerEvent.name == name,
                                      TriggerEvent.label == label, TriggerEvent.deleted_at.is_(None))
    return s.scalar(q if but is None else q.where(TriggerEvent.id != but))


def event_values(s: Session, jid: str, first: date, last: date, *, but: int | None = None) -> list[str]:
    """The stored ``value`` (ISO date or moment) of every event of ``jid``,
    deleted ones too, on a day from ``first`` to ``last`` (other than ``but``)."""
    q = select(TriggerEvent.value).where(TriggerEvent.jurisdiction_id == jid, TriggerEvent.value >= first.isoformat(),
                                         TriggerEvent.value <= last.isoformat() + "~")  # (after "T..." of that day)
    return list(s.scalars(q if but is None else q.where(TriggerEvent.id != but)))


def event_dict(ev: TriggerEvent) -> dict:
    """An event as the clerk API answers it (without its case)."""
    return {"id": ev.id, "name": ev.name, "at": ev.value, "label": ev.label,
            "recorded_at": ev.recorded_at.isoformat(),
            "deleted_at": ev.deleted_at and ev.deleted_at.isoformat(), "deleted_reason": ev.deleted_reason}


def brief_event(ev: TriggerEvent) -> dict:
    """What history keeps of an event."""
    return {"name": ev.name, "at": ev.value, "label": ev.label}


# --------------------------------------------------------------------------- cycles: elections, overrides, decisions


def election(s: Session, jid: str, cycle: date) -> ElectionEntry | None:
    return s.scalar(select(ElectionEntry).where(ElectionEntry.jurisdiction_id == jid, ElectionEntry.cycle == cycle))


def brief_election(e: ElectionEntry) -> dict:
    """What history keeps of a cycle's election dates."""
    return {"general": e.general and e.general.isoformat(), "primary": e.primary and e.primary.isoformat()}


def override(s: Session, jid: str, cycle: date, deadline: str, case: str) -> OverrideEntry | None:
    """The override of ``deadline`` in ``cycle`` (of case ``case``; "": the cycle's own)."""
    return s.scalar(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jid, OverrideEntry.deadline == deadline,
                                                OverrideEntry.election == cycle, OverrideEntry.case_id == case))


def brief_override(o: OverrideEntry) -> dict:
    """What history keeps of an override."""
    return {"status": o.status, "due": o.due, "start": o.start}


def decision(s: Session, jid: str, cycle: date, choice: str) -> DecisionEntry | None:
    return s.scalar(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jid, DecisionEntry.choice == choice,
                                                DecisionEntry.cycle == cycle))


def brief_decision(d: DecisionEntry) -> dict:
    """What history keeps of a decision."""
    return {"taken": d.taken}


# --------------------------------------------------------------------------- the office


def hours_days(h: OfficeHoursEntry) -> tuple[int, ...]:
    """The weekdays a recorded office is open (Monday 0): Monday to Friday unless recorded."""
    return tuple(int(d) for d in h.days.split(",")) if h.days else WEEKDAYS


def hours_other(h: OfficeHoursEntry) -> tuple[tuple[int, time, time], ...]:
    """The weekdays a recorded office keeps other hours on, with them: ``((4, 09:00, 13:00),)``."""
    out = []
    for part in (h.other or "").split(";"):
        if part.strip():
            day, span = part.split()
            opens, closes = span.split("-")
            out.append((int(day), time.fromisoformat(opens), time.fromisoformat(closes)))
    return tuple(out)


def hours_entries(s: Session, jid: str) -> list[OfficeHoursEntry]:
    """Every office-hours entry of ``jid`` in the order recorded."""
    return list(s.scalars(select(OfficeHoursEntry).where(OfficeHoursEntry.jurisdiction_id == jid)
                          .order_by(OfficeHoursEntry.id)))


def hours_start(h: OfficeHoursEntry, zone: str) -> date:
    """The first day entry ``h`` holds: its ``holds_from``, or (recorded
    before entries had one) the day it was recorded in the jurisdiction's zone."""
    return h.holds_from or h.recorded_at.astimezone(ZoneInfo(zone)).date()


def hours_on(entries: list[OfficeHoursEntry], day: date, zone: str) -> OfficeHoursEntry | None:
    """The entry in force on ``day``: the one with the latest start on or
    before it (the later recorded of two with one start), unless a clerk
    ended it before ``day``; None where none holds (the law's or research's hours do)."""
    started = [h for h in entries if hours_start(h, zone) <= day]
    if not started:
        return None
    h = max(started, key=lambda h: (hours_start(h, zone), h.id or 0))
    return None if h.holds_until is not None and h.holds_until < day else h


def hours_end(h: OfficeHoursEntry, entries: list[OfficeHoursEntry], zone: str) -> date | None:
    """The last day entry ``h`` holds: the day before the next entry's start,
    or the day a clerk ended it, whichever is earlier (None: open-ended)."""
    start = hours_start(h, zone)
    later = [hours_start(o, zone) for o in entries if o is not h and hours_start(o, zone) > start]
    ends = [d for d in (h.holds_until, min(later) - timedelta(days=1) if later else None) if d is not None]
    return min(ends) if ends else None


def hours_now(entries: list[OfficeHoursEntry], today: date, zone: str) -> OfficeHoursEntry | None:
    """The entry a reader means by "the recorded hours": the one in force
    ``today``, or else the next to come."""
    coming = [h for h in entries if hours_start(h, zone) > today]
    return hours_on(entries, today, zone) or (min(coming, key=lambda h: (hours_start(h, zone), -(h.id or 0)))
                                              if coming else None)


def brief_hours(h: OfficeHoursEntry) -> dict:
    """What history keeps of the office hours (``days`` only when not Monday
    to Friday, ``from`` where the entry names its first day)."""
    brief = {"open": h.open, "close": h.close}
    if h.days:
        brief["days"] = [WEEKDAY_NAMES[d] for d in hours_days(h)]
    if h.other:
        brief["other"] = {WEEKDAY_NAMES[d]: f"{o:%H:%M}-{c:%H:%M}" for d, o, c in hours_other(h)}
    return brief if h.holds_from is None else {**brief, "from": h.holds_from.isoformat()}


def hours_value(h: OfficeHoursEntry) -> str:
    """The recorded hours as a fact's value says them: ``08:00-12:00``, ``tue,wed,thu 10:00-14:00``,
    ``mon,tue,wed,thu 07:00-18:00; fri 09:00-13:00`` (:func:`deadlines.core.facts.hours` reads them back)."""
    other = hours_other(h)
    days = tuple(d for d in hours_days(h) if d not in {o[0] for o in other})
    said = f"{h.open}-{h.close}"
    said = said if days == WEEKDAYS else f"{','.join(WEEKDAY_NAMES[d][:3] for d in days)} {said}"
    return "; ".join((said, *(f"{WEEKDAY_NAMES[d][:3]} {o:%H:%M}-{c:%H:%M}" for d, o, c in other)))


def brief_filing(f: FilingOfficeEntry) -> dict:
    """What history keeps of the filing office (the parts recorded)."""
    return {k: v for k, v in (("office", f.office), ("address", f.address), ("phone", f.phone), ("where", f.where))
            if v}


def filing_value(f: FilingOfficeEntry) -> str:
    """The filing office as a fact's value says it: "Town Recorder; 65 N. Center, Emery; 435-555-0100; the
    front counter" (as research records ``filing_office``)."""
    return "; ".join(v for v in (f.office, f.address, f.phone, f.where) if v)


def closure_on(s: Session, jid: str, day: date) -> int | None:
    """The id of ``jid``'s closure recorded for ``day``."""
    return s.scalar(select(OfficeClosure.id).where(OfficeClosure.jurisdiction_id == jid, OfficeClosure.day == day))


def brief_closure(c: OfficeClosure) -> dict:
    """What history keeps of a closure."""
    return {"day": c.day.isoformat(), "reason": c.reason}


def publication(s: Session, jid: str, uid: str) -> NoticePublication | None:
    """The mark that the notice window ``uid`` of ``jid`` was published."""
    return s.scalar(select(NoticePublication).where(NoticePublication.jurisdiction_id == jid,
                                                    NoticePublication.deadline_uid == uid))


def brief_publication(p: NoticePublication) -> dict:
    """What history keeps of a notice's publication."""
    return {"on": p.published_on.isoformat(), "where": p.where}
