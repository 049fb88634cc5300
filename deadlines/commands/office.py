"""The office: its hours, the days it is closed, and the marks that a notice
was published (commands, see :mod:`.base`)."""
from __future__ import annotations

import re
from datetime import date, time

from sqlalchemy.orm import Session

from deadlines.commands.base import Done, Written, closure_target, command
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.store import history
from deadlines.store import records as stored
from deadlines.store.db import now
from deadlines.store.records import WEEKDAY_NAMES, WEEKDAYS
from deadlines.store.tables import NoticePublication, OfficeClosure, OfficeHoursEntry

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


@command
def set_office_hours(s: Session, jur: Jurisdiction, body: dict) -> Done[OfficeHoursEntry]:
    """Record when the office is open (they win over the calendar file's
    ``[office_hours]``: a last day with no hour in the law ends at ``close``)."""
    opens, closes = (_clock(body.get(f), f, jur.timezone) for f in ("open", "close"))
    if closes <= opens:
        raise InputError.of("hours.backwards", "close", close=f"{closes:%H:%M}", open=f"{opens:%H:%M}")
    authority = inputs.required_text(body.get("authority"), "authority", "what sets the hours")
    entry = s.get(OfficeHoursEntry, jur.id)
    before = None if entry is None else stored.brief_hours(entry)
    if entry is None:
        entry = OfficeHoursEntry(jurisdiction_id=jur.id)
        s.add(entry)
    days = _days(body.get("days"))
    entry.open, entry.close, entry.authority, entry.recorded_at = f"{opens:%H:%M}", f"{closes:%H:%M}", authority, now()
    entry.days = None if days == WEEKDAYS else ",".join(map(str, days))
    return Done(entry, Written("office.hours", "office:hours", before, stored.brief_hours(entry), authority=authority))


@command
def delete_office_hours(s: Session, jur: Jurisdiction, *, reason: object = None) -> Done[bool]:
    """Forget the recorded hours (False: none are): the calendar file's apply again (or none)."""
    entry = s.get(OfficeHoursEntry, jur.id)
    if entry is None:
        return Done(False)
    written = Written("office.hours.delete", "office:hours", stored.brief_hours(entry), None,
                      authority=entry.authority, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    return Done(True, written)


@command
def record_closure(s: Session, jur: Jurisdiction, day: object, reason: object) -> Done[OfficeClosure]:
    """Record a day the office is closed (a last day falling on it gets the
    office's last open day before it as the safe reading); a second closure
    of the same day is an InputError."""
    on = inputs.day(day, "day")
    why = inputs.required_text(reason, "reason", "why the office is closed (“Courthouse closed for repairs”)")
    if stored.closure_on(s, jur.id, on):
        raise InputError.of("closure.recorded_already", "day", day=on)
    entry = OfficeClosure(jurisdiction_id=jur.id, day=on, reason=why, recorded_at=now())
    s.add(entry)
    return Done(entry, Written("closure.record", closure_target(jur, on), None, stored.brief_closure(entry)))


@command
def delete_closure(s: Session, jur: Jurisdiction, closure_id: int, *, reason: object = None) -> Done[bool]:
    """Forget closure ``closure_id`` of ``jur`` (False: there is none)."""
    entry = s.get(OfficeClosure, closure_id)
    if entry is None or entry.jurisdiction_id != jur.id:
        return Done(False)
    written = Written("closure.delete", closure_target(jur, entry.day), stored.brief_closure(entry), None,
                      reason=inputs.label(reason, "reason"))
    s.delete(entry)
    return Done(True, written)


@command
def publish_notice(s: Session, jur: Jurisdiction, uid: str, target: str, on: date, where: str,
                   *, who: history.Who) -> Done[NoticePublication]:
    """Mark the notice window ``uid`` published on ``on`` in ``where`` (by
    ``who``'s label): its reminders stop at the next replan.
    ``on`` and ``where`` come validated against the window (the caller knows
    it); ``target``: the history's name of it (:func:`~deadlines.commands.base.notice_target`)."""
    entry = NoticePublication(jurisdiction_id=jur.id, deadline_uid=uid, published_on=on, where=where, recorded_at=now(),
                              by=who.label)
    s.add(entry)
    return Done(entry, Written("notice.publish", target, None, stored.brief_publication(entry)))


@command
def delete_publication(s: Session, jur: Jurisdiction, uid: str, target: str, *, reason: object = None) -> Done[bool]:
    """Undo "published": the notice window ``uid`` is no longer marked published
    (its reminders come back at the next replan); False when it was not marked.
    ``target``: the history's name of it (:func:`~deadlines.commands.base.notice_target`)."""
    entry = stored.publication(s, jur.id, uid)
    if entry is None:
        return Done(False)
    written = Written("notice.delete", target, stored.brief_publication(entry), None,
                      reason=inputs.label(reason, "reason"))
    s.delete(entry)
    return Done(True, written)
