"""VTIMEZONE components that every client reads alike.

One observance per offset change, each with its own DTSTART and neither RRULE
nor RDATE: ical.js (Thunderbird) ignores the DTSTART of an observance that
also carries RDATEs (so the first change after the range start came out an
hour off there), and not every client expands RRULEs the same way. An
explicit list of changes leaves nothing to expand. The first observance
states the offset in force when the range starts.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from icalendar import Timezone, TimezoneDaylight, TimezoneStandard

UTC = timezone.utc


def _offset(zone: ZoneInfo, instant: datetime) -> tuple[timedelta, timedelta, str]:
    local = instant.astimezone(zone)
    return local.utcoffset(), local.dst() or timedelta(0), local.tzname() or ""


def transitions(zone: ZoneInfo, first: date, last: date) -> list[datetime]:
    """The UTC instants, from ``first`` through ``last``, at which ``zone``'s offset changes."""
    out = []
    day = datetime.combine(first, datetime.min.time(), UTC)
    end = datetime.combine(last + timedelta(days=1), datetime.min.time(), UTC)
    before = _offset(zone, day)[0]
    while day < end:
        nxt = day + timedelta(days=1)
        after = _offset(zone, nxt)[0]
        if after != before:
            lo, hi = day, nxt  # the change happens in (lo, hi]: narrow it to the minute
            while hi - lo > timedelta(minutes=1):
                mid = lo + (hi - lo) / 2
                if _offset(zone, mid)[0] == before:
                    lo = mid
                else:
                    hi = mid
            out.append(hi.replace(second=0, microsecond=0))
            before = after
        day = nxt
    return out


def _observance(zone: ZoneInfo, at: datetime, offset_from: timedelta):
    offset_to, dst, name = _offset(zone, at)
    sub = TimezoneDaylight() if dst else TimezoneStandard()
    sub.add("dtstart", (at + offset_from).replace(tzinfo=None))  # local wall time before the change
    sub.add("tzoffsetfrom", offset_from)
    sub.add("tzoffsetto", offset_to)
    if name:
        sub.add("tzname", name)
    return sub


def vtimezone(tzid: str, first: date, last: date) -> Timezone:
    """The VTIMEZONE of IANA zone ``tzid`` covering whole years ``first`` through ``last``."""
    zone = ZoneInfo(tzid)
    start = datetime(first.year, 1, 1, tzinfo=UTC)
    tz = Timezone()
    tz.add("tzid", tzid)
    tz.add_component(_observance(zone, start, _offset(zone, start)[0]))
    for change in transitions(zone, date(first.year, 1, 1), date(last.year, 12, 31)):
        tz.add_component(_observance(zone, change, _offset(zone, change - timedelta(minutes=1))[0]))
    return tz

