"""A cycle's deadlines as CSV for spreadsheets: one row per deadline, dates
in ISO 8601 and in words, the hour and zone beside them. Pure: result in, text out."""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Callable

from deadlines.core.model import Deadline, Moment, Result
from deadlines.core.moments import day_of, iso, say_clock
from deadlines.publish.words import cancelled, changed_by, when

COLUMNS = ("id", "title", "kind", "audience", "opens", "safe_date", "safe_time", "time_zone", "due",
           "safe_due", "safe_in_words", "status", "citation", "link", "changed")


def _clock(m: Moment | None) -> str:
    return say_clock(m.timetz()) if isinstance(m, datetime) else ""


def rows(result: Result, link: Callable[[Deadline], str]) -> list[dict[str, str]]:
    tz = result.jurisdiction.timezone
    return [{
        "id": d.id, "title": d.title, "kind": d.kind, "audience": " ".join(d.audience),
        "opens": iso(d.start) or "", "safe_date": day_of(d.safe_due).isoformat(), "safe_time": _clock(d.safe_due),
        "time_zone": tz, "due": iso(d.due), "safe_due": iso(d.safe_due), "safe_in_words": when(d.safe_due),
        "status": d.status, "citation": d.citation, "link": link(d), "changed": changed_by(d) or cancelled(d) or "",
    } for d in result.deadlines]


def render(result: Result, link: Callable[[Deadline], str]) -> str:
    """CSV text (RFC 4180, CRLF line ends, a UTF-8 byte-order mark so that
    spreadsheet programs read "§" right); ``link`` gives each row's URL."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.DictWriter(out, fieldnames=COLUMNS)
    writer.writeheader()
    writer.writerows(rows(result, link))
    return out.getvalue()
