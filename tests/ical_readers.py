"""The independent iCalendar clients the feed tests read every feed with, each
giving UID -> {start, end, sequence, status} (instants as UTC
``YYYY-MM-DDTHH:MM:SSZ``, all-day values as ``YYYY-MM-DD``): python icalendar,
Home Assistant's ``ical``, recurring-ical-events, and under Node Mozilla's
ical.js (Thunderbird) and node-ical (tests/js); and what a feed says in words
(``read_words``: Home Assistant's ``ical``)."""
from __future__ import annotations

import json
import subprocess
from datetime import date, datetime, timezone
from pathlib import Path

import icalendar
import recurring_ical_events
from ical.calendar_stream import IcsCalendarStream

JS = Path(__file__).parent / "js"


def utc(value) -> str:
    """Instants as ``YYYY-MM-DDTHH:MM:SSZ``, all-day values as ``YYYY-MM-DD``."""
    if isinstance(value, datetime):
        assert value.tzinfo is not None, "a floating time"
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return None if value is None else value.isoformat()


def read_icalendar(body: bytes) -> dict:
    cal = icalendar.Calendar.from_ical(body)
    assert not cal.get_missing_tzids()
    out = {}
    for ev in cal.walk("VEVENT"):
        assert str(ev["uid"]) not in out, "duplicate UID"
        out[str(ev["uid"])] = {
            "start": utc(ev.decoded("dtstart")),
            "end": utc(ev.decoded("dtend")) if "dtend" in ev else None,
            "sequence": int(ev["sequence"]),
            "status": str(ev["status"]),
        }
    return out


def read_ha(body: bytes) -> dict:
    cal = IcsCalendarStream.calendar_from_ics(body.decode())
    return {
        ev.uid: {"start": utc(ev.dtstart), "end": utc(ev.dtend), "sequence": ev.sequence, "status": ev.status.value}
        for ev in cal.events
    }


def read_words(body: bytes) -> tuple[str, dict]:
    """What a feed says, as Home Assistant's ``ical`` reads it (unfolded and
    unescaped): the calendar's name and, by UID, each event's title and description."""
    cal = IcsCalendarStream.calendar_from_ics(body.decode())
    [name] = cal.name  # (X-WR-CALNAME, read as a list of its values)
    return name, {ev.uid: (ev.summary, ev.description) for ev in cal.events}


def read_icaljs(paths: list[Path], script: str = "read_ics.mjs") -> dict:
    done = subprocess.run(["node", str(JS / script), *map(str, paths)], capture_output=True, text=True,
                          check=True, timeout=60)
    return json.loads(done.stdout)


def read_node_ical(paths: list[Path]) -> dict:
    return read_icaljs(paths, "read_node_ical.mjs")


def read_recurring(body: bytes) -> dict:
    """recurring-ical-events: every occurrence from 2000 through 2099, each UID once."""
    cal = icalendar.Calendar.from_ical(body)
    out = {}
    for ev in recurring_ical_events.of(cal).between(date(2000, 1, 1), date(2100, 1, 1)):
        assert str(ev["uid"]) not in out, "duplicate UID"
        out[str(ev["uid"])] = {
            "start": utc(ev.decoded("dtstart")),
            "end": utc(ev.decoded("dtend")) if isinstance(ev.decoded("dtstart"), date) and not isinstance(
                ev.decoded("dtstart"), datetime) else None,
            "sequence": int(ev["sequence"]),
            "status": str(ev["status"]),
        }
    return out


def read_every_client(body: bytes, tmp_path: Path) -> dict:
    """The feed as every client reads it, after checking that they all agree."""
    path = tmp_path / f"feed-{abs(hash(body))}.ics"
    path.write_bytes(body)
    ours = read_icalendar(body)
    readers = {"ha": read_ha(body), "recurring-ical-events": read_recurring(body),
               "ical.js": read_icaljs([path])[str(path)], "node-ical": read_node_ical([path])[str(path)]}
    for name, theirs in readers.items():
        assert theirs == ours, name
    return ours
