"""The office: its hours, the days it is closed, and the marks that a notice
was published (commands, see :mod:`.base`)."""
from __future__ import annotations

import re
from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from deadlines.commands.base import Done, Written, closure_target, command
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.store import history
from deadlines.store import records as stored
from deadlines.store.db import now
from deadlines.store.records import WEEKDAY_NAMES, WEEKDAYS
from deadlines.store.office_tables import FilingOfficeEntry
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


def _other(value: object, days: tuple[int, ...], zone: str) -> str | None:
    """``other`` of an office-hours body: the open weekdays with other hours
    (``{"friday": "09:00-13:00"}``, ``{"friday": {"open": "09:00", "close":
    "13:00"}}``, or a list of ``{"day", "open", "close"}``) as the store keeps
    them ("4 09:00-13:00"); None where none are given."""
    if value is None or value == "" or value == {} or value == []:
        return None
    items = [{"day": k, **v} if isinstance(v, dict) else {"day": k, **_span(v)} for k, v in value.items()] \
        if isinstance(value, dict) else value
    if not isinstance(items, list):
        raise InputError.of("hours.other", "other", got=repr(value)[:60])
    out: dict[int, str] = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("day"), str):
            raise InputError.of("hours.other", "other", got=repr(item)[:60])
        day = _days([item["day"]])
        opens, closes = (_clock(item.get(f), "other", zone) for f in ("open", "close"))
        if len(day) != 1 or day[0] not in days or day[0] in out or closes <= opens:
            raise InputError.of("hours.other", "other", got=repr(item)[:60])
        out[day[0]] = f"{day[0]} {opens:%H:%M}-{closes:%H:%M}"
    return "; ".join(out[d] for d in sorted(out)) or None


def _span(value: object) -> dict:
    """``"09:00-13:00"`` as ``{"open": "09:00", "close": "13:00"}`` (anything else: left for the check to refuse)."""
    opens, _, closes = value.partition("-") if isinstance(value, str) else ("", "", "")
    return {"open": opens.strip(), "close": closes.strip()}


def _today(jur: Jurisdiction) -> date:
    """Today in the jurisdiction's zone (the day a write is recorded)."""
    return now().astimezone(ZoneInfo(jur.timezone)).date()


@command
def set_office_hours(s: Session, jur: Jurisdiction, body: dict) -> Done[OfficeHoursEntry]:
    """Record when the office is open from a day on (``from``; default the day
    recorded, in the jurisdiction's zone): they win over the calendar file's
    ``[office_hours]`` for every cycle they hold for (a last day with no hour
    in the law ends at ``close``). The entries before are kept: an entry
    holds until the next one's day, so a past cycle keeps the hours in force
    then; hours recorded again for the same day replace that day's entry."""
    opens, closes = (_clock(body.get(f), f, jur.timezone) for f in ("open", "close"))
    if closes <= opens:
        raise InputError.of("hours.backwards", "close", close=f"{closes:%H:%M}", open=f"{opens:%H:%M}")
    authority = inputs.required_text(body.get("authority"), "authority", "what sets the hours")
    days = _days(body.get("days"))
    _other(body.get("other"), days, jur.timezone)  # refused before anything is read or written
    given = body.get("from")
    start = _today(jur) if given is None or given == "" else inputs.day(given, "from")
    entries = stored.hours_entries(s, jur.id)
    entry = next((h for h in reversed(entries) if stored.hours_start(h, jur.timezone) == start), None)
    was = entry or stored.hours_on(entries, start, jur.timezone)
    before = None if was is None else stored.brief_hours(was)
    if entry is None:
        entry = OfficeHoursEntry(jurisdiction_id=jur.id)
        s.add(entry)
    entry.open, entry.close, entry.authority, entry.recorded_at = f"{opens:%H:%M}", f"{closes:%H:%M}", authority, now()
    entry.days = None if days == WEEKDAYS else ",".join(map(str, days))
    entry.other = _other(body.get("other"), days, jur.timezone)
    entry.holds_from, entry.holds_until = start, None
    return Done(entry, Written("office.hours", "office:hours", before, stored.brief_hours(entry), authority=authority))


@command
def delete_office_hours(s: Session, jur: Jurisdiction, *, reason: object = None, today: date | None = None) -> Done[bool]:
    """End the recorded hours (False: none hold today or later): the entry in
    force ends yesterday, so from today the calendar file's (or research's)
    apply again; an entry that would only have held from today or later is
    removed. Entries of past days stay, for the cycles they held for.
    ``today``: the surface's day (default today in the jurisdiction's zone)."""
    today = today or _today(jur)
    entries = stored.hours_entries(s, jur.id)
    current = stored.hours_on(entries, today, jur.timezone)
    coming = [h for h in entries if stored.hours_start(h, jur.timezone) > today]
    if current is None and not coming:
        return Done(False)
    said = current or min(coming, key=lambda h: stored.hours_start(h, jur.timezone))
    written = Written("office.hours.delete", "office:hours", stored.brief_hours(said), None,
                      authority=said.authority, reason=inputs.label(reason, "reason"))
    gone = [h for h in entries if stored.hours_start(h, jur.timezone) >= today]
    for h in gone:
        s.delete(h)
    kept = [h for h in entries if h not in gone]
    # the entry in force today with those gone (the one before an entry of today's, resumed) ends yesterday
    if (current := stored.hours_on(kept, today, jur.timezone)) is not None:
        current.holds_from = stored.hours_start(current, jur.timezone)
        current.holds_until = today - timedelta(days=1)
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


#: The longest phone number the filing office takes (digits, spaces, dashes, parentheses, an extension).
PHONE_MAX = 40


@command
def set_filing_office(s: Session, jur: Jurisdiction, body: dict) -> Done[FilingOfficeEntry]:
    """Record the office a candidate files with: ``office`` and ``address``
    (required), ``phone`` and ``where`` (where in it a candidate files), on an
    ``authority``. It wins over research's ``filing_office`` on every surface
    ("recorded by the clerk"); recorded again, it replaces the one before (the
    history keeps both)."""
    office = inputs.required_text(body.get("office"), "office", "the office a candidate files with (“City Recorder”)")
    address = inputs.required_text(body.get("address"), "address", "its street address")
    phone = inputs.label(body.get("phone"), "phone") or None
    if phone is not None and (len(phone) > PHONE_MAX or not re.fullmatch(r"[0-9()+. x/-]+", phone)):
        raise InputError.of("filing.phone", "phone", got=repr(phone[:40]))
    where = inputs.label(body.get("where"), "where") or None
    authority = inputs.required_text(body.get("authority"), "authority", "what says so (“the city's election notice”)")
    entry = s.get(FilingOfficeEntry, jur.id)
    before = None if entry is None else stored.brief_filing(entry)
    if entry is None:
        entry = FilingOfficeEntry(jurisdiction_id=jur.id)
        s.add(entry)
    entry.office, entry.address, entry.phone, entry.where = office, address, phone, where
    entry.authority, entry.recorded_at = authority, now()
    return Done(entry, Written("office.filing", "office:filing", before, stored.brief_filing(entry),
                               authority=authority))


@command
def delete_filing_office(s: Session, jur: Jurisdiction, *, reason: object = None) -> Done[bool]:
    """Forget the filing office recorded (False: none is): research's, if any, applies again."""
    entry = s.get(FilingOfficeEntry, jur.id)
    if entry is None:
        return Done(False)
    written = Written("office.filing.delete", "office:filing", stored.brief_filing(entry), None,
                      authority=entry.authority, reason=inputs.label(reason, "reason"))
    s.delete(entry)
    return Done(True, written)
