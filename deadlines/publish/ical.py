"""Computed deadlines as iCalendar (RFC 5545, RFC 7986). Pure: results in, bytes out.

:func:`events` turns a result into unstamped VEVENTs; :func:`content_hash` says
when one changed; :func:`calendar` adds the caller's :class:`Stamp` per UID
(SEQUENCE, LAST-MODIFIED, DTSTAMP, kept by :mod:`deadlines.store.feed_state`) and the
VTIMEZONEs, and serializes.

One deadline gives one event at its due moment (timed in the jurisdiction's
zone, or all-day with an exclusive DTEND); a window also gives an all-day span
from its opening day through its last day, UID suffixed ``/window``.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Iterable, Mapping

from icalendar import Calendar, Event, vDuration

from deadlines.core.model import Deadline, Result
from deadlines.core.moments import day_of, say

UID_DOMAIN = "deadlines"
PRODID = "-//Election deadline service//deadlines//EN"
STATUS = {"scheduled": "CONFIRMED", "overridden": "CONFIRMED", "tentative": "TENTATIVE", "cancelled": "CANCELLED"}


@dataclass(frozen=True)
class Stamp:
    """The version of one event: SEQUENCE and the (UTC) time it last changed."""

    sequence: int
    last_modified: datetime


def uid(d: Deadline, suffix: str = "") -> str:
    """``<jurisdiction>/<cycle>/<deadline id>[suffix]@deadlines``: the cycle is the
    general election's date by rule, so a moved election keeps its UIDs."""
    return f"{d.uid}{suffix}@{UID_DOMAIN}"


def describe(d: Deadline, jurisdiction_name: str) -> str:
    """The plain-text DESCRIPTION: dates, status, law, counting steps, readings."""
    lines = [f"{d.title} ({jurisdiction_name})", f"Due: {say(d.due)}; the day ends at {d.ends}."]
    if d.safe_due != d.due:
        lines.append(f"SAFE DATE: {say(d.safe_due)} (the earliest reading of the law).")
    if d.start is not None:
        lines.append(f"Opens: {say(d.start)}.")
    if d.override is not None:
        lines.append(f"{d.status.capitalize()} by {d.override.authority}: {d.override.reason}.")
    lines += ["", f"Law: {d.citation}", f"\u201c{' '.join(d.text.split())}\u201d"]
    if d.url:
        lines.append(f"Text: {d.url}" + (f" (read {d.read.isoformat()})" if d.read else ""))
    sections = (
        ("How it is counted:", d.steps),
        ("Readings of the law:", [f"{r.name}: {say(r.due)}{' (SAFE DATE)' if r.safe else ''}" for r in d.readings]),
        ("Signatures:", [t.describe() for t in d.thresholds]),
        ("Warnings:", d.warnings),
    )
    for heading, items in sections:
        if items:
            lines += ["", heading, *(f"- {item}" for item in items)]
    return "\n".join(lines)


def _all_day(event: Event, first: date, last: date) -> None:
    event.add("dtstart", first)
    event.add("dtend", last + timedelta(days=1))  # exclusive


def events(result: Result, *, audience: str | None = None) -> list[Event]:
    """Unstamped VEVENTs for the result's deadlines (only ``audience``'s, if given)."""
    out = []
    for d in result.deadlines:
        if audience and audience not in d.audience:
            continue
        summary = ("Cancelled: " if d.status == "cancelled" else "") + d.title
        if d.safe_due != d.due:
            summary += f" (to be safe: {say(d.safe_due)})"
        common = {
            "description": describe(d, result.jurisdiction.name),
            "status": STATUS[d.status],
            "categories": list(d.audience),
            "transp": "TRANSPARENT",
        }
        due = Event()
        due.add("uid", uid(d))
        due.add("summary", summary)
        if isinstance(d.due, datetime):
            due.add("dtstart", d.due)  # no DTEND: the deadline is an instant
        else:
            _all_day(due, d.due, d.due)
        for key, value in common.items():
            due.add(key, value)
        out.append(due)
        if d.start is not None:
            span = Event()
            span.add("uid", uid(d, "/window"))
            span.add("summary", f"Open: {d.title}")
            _all_day(span, day_of(d.start), day_of(d.due))
            for key, value in common.items():
                span.add(key, value)
            out.append(span)
    return out


def content_hash(event: Event) -> str:
    """SHA-256 of everything that makes the event differ (its unstamped text)."""
    return hashlib.sha256(event.to_ical()).hexdigest()


def _split_rdates(cal: Calendar) -> None:
    """One RDATE property per value: some clients read only the first of a list."""
    for tz in cal.walk("VTIMEZONE"):
        for sub in tz.subcomponents:
            found = sub.pop("RDATE", None)
            if found is None:
                continue
            for lst in found if isinstance(found, list) else [found]:
                for value in lst.dts:
                    sub.add("rdate", value.dt)


def calendar(
    evs: Iterable[Event],
    stamps: Mapping[str, Stamp],
    *,
    name: str,
    description: str,
    refresh: timedelta = timedelta(hours=12),
) -> bytes:
    """The VCALENDAR: ``evs`` (stamped in place from ``stamps``, by UID) plus a
    VTIMEZONE for every TZID they use."""
    cal = Calendar()
    for key, value in (
        ("prodid", PRODID), ("version", "2.0"), ("calscale", "GREGORIAN"), ("method", "PUBLISH"),
        ("name", name), ("x-wr-calname", name), ("description", description), ("x-wr-caldesc", description),
    ):
        cal.add(key, value)
    cal.add("refresh-interval", refresh, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", vDuration(refresh))
    days = []
    for ev in evs:
        stamp = stamps[str(ev["uid"])]
        ev.add("dtstamp", stamp.last_modified)
        ev.add("last-modified", stamp.last_modified)
        ev.add("sequence", stamp.sequence)
        cal.add_component(ev)
        days.append(day_of(ev.decoded("dtstart")))
    if days:
        cal.add_missing_timezones(first_date=min(days) - timedelta(days=366), last_date=max(days) + timedelta(days=366))
        _split_rdates(cal)
    return cal.to_ical()
