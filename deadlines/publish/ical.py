"""Computed deadlines as iCalendar (RFC 5545, RFC 7986). Pure: results in, bytes out.

:func:`events` turns a result into unstamped VEVENTs; :func:`content_hash` says
when one changed; :func:`stamp` adds the caller's :class:`Stamp` (SEQUENCE,
LAST-MODIFIED, DTSTAMP, kept by :mod:`deadlines.store.feed_state`);
:func:`calendar` adds the VTIMEZONEs and serializes, or :func:`assembled` does
from events serialized before (:func:`serialized`: a feed of many governments
made of each one's part, computed once per change).

One deadline gives one event on its safe date (the earliest reading of the
law; the later readings and why are in its description, and it is TENTATIVE),
timed in the jurisdiction's zone or all-day with an exclusive DTEND; a window
also gives an all-day span from its opening day through that day, UID suffixed
``/window``, titled "Open: ...", and its closing event is titled "Last day: ...". A cancelled deadline stays, STATUS:CANCELLED, "Cancelled:" in its
summary, for the time :func:`kept_until` gives.

Events are said in the language of the ``w`` given (English by default): the
quoted law and citations stay as written, UIDs are the same in every language.
"""
from __future__ import annotations

import copy
import hashlib
import json
from functools import lru_cache
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Iterable
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, vDuration, vText

from deadlines.core.computed import Deadline, Result
from deadlines.core.moments import day_of, instant_of
from deadlines.publish.vtimezone import vtimezone
from deadlines.publish.record_words import fee_said
from deadlines.publish.words import _, basis, status_name
from deadlines.service import kept_until
from deadlines.words import DEFAULT, Words, words

UID_DOMAIN = "deadlines"
PRODID = "-//Election deadline service//deadlines//EN"
#: The words a feed's events are versioned, grouped and combined in: English,
#: the source language (a jurisdiction's feed in another language lays that
#: language's events over them, with the same UIDs and versions).
FEED_WORDS = words(DEFAULT)
STATUS = {"scheduled": "CONFIRMED", "overridden": "CONFIRMED", "tentative": "TENTATIVE", "cancelled": "CANCELLED"}


@dataclass(frozen=True)
class Stamp:
    """The version of one event: SEQUENCE and the (UTC) time it last changed."""

    sequence: int
    last_modified: datetime


def event_uid(result: Result, d: Deadline, suffix: str = "") -> str:
    """``<jurisdiction>/<cycle>/<deadline id>[suffix]@deadlines``: the cycle is the
    general election's date by rule, so a moved election keeps its UIDs."""
    return f"{result.uid(d)}{suffix}@{UID_DOMAIN}"


def quoted(clerk_text: str) -> str:
    """Text a clerk typed, as one quoted line (line breaks and quotes escaped),
    so it reads as data and cannot pose as a line of a message or description."""
    return json.dumps(clerk_text, ensure_ascii=False)


def one_line(text: str) -> str:
    """Text that holds what a clerk typed, on one line (its line breaks and
    runs of spaces as one space): it cannot start a line of its own."""
    return " ".join(text.split())


#: the DESCRIPTION's section headings
SECTIONS = (_("How it is counted:"), _("Readings of the law:"), _("Signatures:"), _("Warnings:"),
            _("Changes recorded by the clerk:"))


def describe(d: Deadline, result: Result, w: Words) -> str:
    """The plain-text DESCRIPTION: dates, status, law, counting steps, readings,
    what moved and what the clerk changed (clerk text quoted or on its own
    line, never starting one that reads like the service's)."""
    lines = [f"{w.title(d)} ({result.jurisdiction.name})"]
    if d.case:
        label = next((w.case_label(c) for c in result.cases if c.id == d.case), None)
        lines.append(w._("Case: {label} ({case}).", label=quoted(label), case=d.case) if label
                     else w._("Case: {case}.", case=d.case))
    if d.status == "cancelled":
        lines.append(w._("CANCELLED. It stays in this calendar, marked cancelled, until {day}.",
                         day=w.day(kept_until(d, result.held))))
    place = result.place
    ends = w.ends(d, place)
    if d.safe_due != d.due:
        zone = ZoneInfo(result.jurisdiction.timezone)
        lines.append(w._("SAFE DATE: {when} (the earliest reading of the law); this event sits on it.",
                         when=w.moment(d.safe_due)))
        lines += [w._("A later reading: {when}, {name}. {why}", when=w.moment(r.due), name=w.reading_name(r, place),
                      why=w.reading_why(r, place)) for r in d.readings
                  if instant_of(r.due, zone) > instant_of(d.safe_due, zone)]  # a published day beside an hour
        lines.append(w._("Due by the rule's own computation of time: {when}; the day ends at {ends}.",
                         when=w.moment(d.due), ends=ends))
    else:
        lines.append(w._("Due: {when}; the day ends at {ends}.", when=w.moment(d.due), ends=ends))
    if d.start is not None:
        lines.append(w._("Opens: {when}.", when=w.moment(d.start)))
    if (fee := fee_said(d, result.jurisdiction, w)) is not None:  # as the row says it, with its source
        lines.append(fee)
    if (rests := basis(d, place, w)) is not None:
        lines.append(rests)
    if d.override is not None:
        lines.append(w._("{status} by {authority}, reason given: {reason}.",
                         status=status_name(d.status, w).capitalize(), authority=quoted(d.override.authority),
                         reason=quoted(d.override.reason)))
        if d.computed_due is not None:
            lines.append(w._("Changed by {authority}: was {when}.", authority=quoted(d.override.authority),
                             when=w.moment(d.computed_due)))
    if result.moved:
        lines.append(one_line(w.moved(result)))
    lines += ["", w._("Law: {cite}", cite=d.citation)]
    if w.lang != DEFAULT:
        lines.append(w._("The law is quoted in its original language (English)."))
    lines.append(f"\u201c{' '.join(d.text.split())}\u201d")
    if d.url:
        lines.append(w._("Text: {url}", url=d.url) + (w._(" (read {day})", day=d.read.isoformat()) if d.read else ""))
    sections = zip(SECTIONS, (
        w.steps(d, place),
        [f"{w.reading_name(r, place)}: {w.moment(r.due)}" + (w._(" (SAFE DATE)") if r.safe else "") for r in d.readings],
        [w.threshold(t) for t in d.thresholds],
        w.warnings(d, place),
        [one_line(c) for c in w.changes(d, place)],
    ))
    for heading, items in sections:
        if items:
            lines += ["", w._(heading), *(f"- {item}" for item in items)]
    return "\n".join(lines)


def _all_day(event: Event, first: date, last: date) -> None:
    event.add("dtstart", first)
    event.add("dtend", last + timedelta(days=1))  # exclusive


def events(result: Result, *, audience: str | None = None, w: Words) -> list[Event]:
    """Unstamped VEVENTs for the result's deadlines (only ``audience``'s, if
    given), each on its safe date (the earliest reading of the law)."""
    return [e for d in result.deadlines if not audience or audience in d.audience for e in deadline_events(d, result, w)]


def deadline_events(d: Deadline, result: Result, w: Words, description: str | None = None) -> list[Event]:
    """The deadline's event and, for a window, its span (``description``:
    :func:`describe`'s, where the caller has it already)."""
    cancelled = w._("Cancelled: ") if d.status == "cancelled" else ""
    common = {
        "description": describe(d, result, w) if description is None else description,
        "status": STATUS[d.status],
        "categories": list(d.audience),
        "transp": "TRANSPARENT",
    }
    due = Event()
    due.add("uid", event_uid(result, d))
    due.add("summary", cancelled + (w.title(d) if d.start is None else w._("Last day: {title}", title=w.title(d))))
    safe = d.safe_due or d.due
    if isinstance(safe, datetime):
        due.add("dtstart", safe)  # no DTEND: the deadline is an instant
    else:
        _all_day(due, safe, safe)
    for key, value in common.items():
        due.add(key, value)
    if d.start is None:
        return [due]
    span = Event()
    span.add("uid", event_uid(result, d, "/window"))
    span.add("summary", cancelled + w._("Open: {title}", title=w.title(d)))
    _all_day(span, day_of(d.start), max(day_of(d.start), day_of(safe)))
    for key, value in common.items():
        span.add(key, value)
    return [due, span]


def _nine_am_before(days: int) -> timedelta:
    """A reminder's TRIGGER, related to an all-day event's exclusive END (the
    midnight after its last day): 9:00 a.m. ``days`` days before the last day."""
    return -timedelta(days=days, hours=15)


def single(due: Event, span: Event | None, d: Deadline, name: str, w: Words) -> Event:
    """The one event "Add to calendar" gives for deadline ``d`` of government
    ``name``: ``due`` (its feed event, stamped) as an all-day event on the
    days to act, the last day (a window: from its opening day, ``span``'s
    first day, through the last day), titled with the government, the
    deadline and its act-by hour ("City of Orem: Declaration of candidacy, by
    5:00 p.m. MDT"), and two reminders at 9:00 a.m.: the day before the last
    day, and a week before it (a window: the day before it opens). A
    subscribed feed keeps the exact instant instead (DTSTART, no DTEND); UID,
    SEQUENCE, STATUS and DESCRIPTION are the feed event's."""
    ev = copy.deepcopy(due)
    for key in ("dtstart", "dtend", "summary"):
        ev.pop(key, None)
    safe = d.safe_due or d.due
    last = day_of(safe)
    first = min(day_of(span.decoded("dtstart")), last) if span is not None else last
    _all_day(ev, first, last)
    title = f"{name}: " + (w._("Cancelled: ") if d.status == "cancelled" else "") + w.title(d)
    if isinstance(safe, datetime):
        title = w._("{title}, by {clock} {zone}", title=title, clock=w.clock(safe.timetz()), zone=safe.tzname())
    ev.add("summary", title)
    ahead = [(w._("Tomorrow is the last day: {title}", title=title), "END", _nine_am_before(1))]
    if first < last:
        ahead.append((w._("Opens tomorrow: {title}", title=title), "START", -timedelta(hours=15)))
    else:
        ahead.append((w._("A week to the last day: {title}", title=title), "END", _nine_am_before(7)))
    for said, related, trigger in ahead:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", said)
        alarm.add("trigger", trigger, parameters={"RELATED": related})
        ev.add_component(alarm)
    return ev


def link(event: Event, url: str) -> None:
    """Give ``event`` a URL (its row on the form). Added after
    :func:`content_hash`: the address a feed is served from is no change to
    the deadline, so it must not raise SEQUENCE."""
    event.add("url", url)


def name_in_summary(event: Event, name: str) -> None:
    """Start the title with the government's name (a feed of many towns, where
    500 "Nominating petitions due" would look alike). Done after
    :func:`content_hash`, like :func:`link`: the same event as in the
    government's own feed, the same version."""
    event["summary"] = vText(f"{name}: {event['summary']}")


FOLD_AT = 74  # bytes of a content line before a fold (RFC 5545: under 75 octets)


def _fold(line: bytes) -> bytes:
    """One content line folded byte for byte as icalendar folds it (between
    characters, at most 74 bytes a line, a backslash or caret kept with the
    character it escapes), in a step per fold instead of per character: a
    state's combined feed is 16 MB of quoted law."""
    if len(line) <= FOLD_AT:
        return line
    parts, start = [], 0
    while len(line) - start > FOLD_AT:
        end = start + FOLD_AT
        while line[end] & 0xC0 == 0x80:  # not inside a character
            end -= 1
        if end - start > 1 and line[end - 1] in b"\\^":
            end -= 1
        parts.append(line[start:end])
        start = end
    parts.append(line[start:])
    return b"\r\n ".join(parts)


def serialize(component) -> bytes:
    """``component.to_ical()``, the same bytes, folded by :func:`_fold`."""
    return b"\r\n".join(_fold(str(line).encode("utf-8")) for line in component.content_lines() if line) + b"\r\n"


def law_mark(w: Words = FEED_WORDS) -> str:
    """Where the law begins in a :func:`describe` description said in
    ``w``'s words (English: a blank line, then "Law: "): before it, the dates."""
    return "\n\n" + w._("Law: {cite}", cite="")


def law_by_link(event: Event, url: str, w: Words = FEED_WORDS) -> None:
    """In a feed of many governments, the description's dates and the law's
    citation, and a link to the row for the quoted law, the counting steps
    and the readings (hundreds of governments quote one law: quoted in each,
    Colorado's feed is 16 MB); ``w``: the language the event is said in.
    Done after :func:`content_hash`, like :func:`link`: the same event as in
    the government's own feed, the same version."""
    mark = law_mark(w)
    head, _, rest = str(event["description"]).partition(mark)
    citation = rest.split("\n", 1)[0]
    event["description"] = vText(f"{head}{mark}{citation}\n" + w._(
        "The law, how the date is counted and its readings: {url}", url=url))


def content_hash(event: Event) -> str:
    """SHA-256 of everything that makes the event differ (its unstamped text)."""
    return hashlib.sha256(serialize(event)).hexdigest()


def stamp(event: Event, version: Stamp) -> None:
    """Give ``event`` its version: DTSTAMP and LAST-MODIFIED (when its text last
    changed) and SEQUENCE."""
    event.add("dtstamp", version.last_modified)
    event.add("last-modified", version.last_modified)
    event.add("sequence", version.sequence)


@dataclass(frozen=True)
class Serialized:
    """Stamped events as the bytes of their VEVENTs, with what the calendar
    around them needs: the days they span and the zones (TZIDs) they use."""

    body: bytes
    first: date | None
    last: date | None
    tzids: frozenset[str]


def serialized(evs: Iterable[Event]) -> Serialized:
    """``evs`` (stamped) as :class:`Serialized`: each VEVENT's bytes as
    :func:`serialize` makes them, in order."""
    body, days, tzids = [], [], set()
    for ev in evs:
        days.append(day_of(ev.decoded("dtstart")))
        tzid = ev["dtstart"].params.get("TZID")
        if tzid:
            tzids.add(str(tzid))
        body.append(serialize(ev))
    return Serialized(b"".join(body), min(days, default=None), max(days, default=None), frozenset(tzids))


END = b"END:VCALENDAR\r\n"


@lru_cache(maxsize=256)
def _zone(tzid: str, first_year: int, last_year: int) -> bytes:
    """:func:`vtimezone` of whole years ``first_year`` through ``last_year``
    as :func:`serialize` writes it: bytes every feed of the zone and years
    repeats, made once (feeds are assembled around them, not re-parsed and
    re-written each time)."""
    return serialize(vtimezone(tzid, date(first_year, 1, 1), date(last_year, 12, 31)))


def calendar(
    evs: Iterable[Event],
    *,
    name: str,
    description: str,
    timezone: str,
    today: date,
    refresh: timedelta = timedelta(hours=12),
) -> bytes:
    """The VCALENDAR: ``evs`` (each stamped: :func:`stamp`) plus a VTIMEZONE
    for every TZID they use and for ``timezone`` (the jurisdiction's, also
    said as X-WR-TIMEZONE for clients that show all-day events in it), so
    that a feed with no event is still a valid calendar (RFC 5545 needs one
    component)."""
    return assembled([serialized(evs)], name=name, description=description, timezone=timezone, today=today,
                     refresh=refresh)


def assembled(parts: Iterable[Serialized], *, name: str, description: str, timezone: str, today: date,
              refresh: timedelta = timedelta(hours=12)) -> bytes:
    """The VCALENDAR of already serialized events (``parts``, in order): the
    same bytes :func:`calendar` makes of the events they were made of, the
    VTIMEZONEs spanning a year either side of today and of every event."""
    parts = list(parts)
    cal = Calendar()
    for key, value in (
        ("prodid", PRODID), ("version", "2.0"), ("calscale", "GREGORIAN"), ("method", "PUBLISH"),
        ("name", name), ("x-wr-calname", name), ("description", description), ("x-wr-caldesc", description),
    ):
        cal.add(key, value)
    if timezone:
        cal.add("x-wr-timezone", timezone)
    cal.add("refresh-interval", refresh, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", vDuration(refresh))
    days = [today, *(p.first for p in parts if p.first), *(p.last for p in parts if p.last)]
    first, last = (min(days) - timedelta(days=366)).year, (max(days) + timedelta(days=366)).year
    zones = [_zone(tzid, first, last) for tzid in sorted({timezone, *(z for p in parts for z in p.tzids)})]
    head = serialize(cal)  # its properties; the components follow them, as icalendar writes a calendar
    assert head.endswith(END)
    return b"".join([head[:-len(END)], *zones, *(p.body for p in parts), END])
