"""Deadlines as CSV for spreadsheets: one row per deadline of a cycle, or per
opening and closing of a listing across governments; dates in ISO 8601 and in
words, the hour and zone beside them, the government named on every row.
Pure: results in, text out."""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Callable, Iterable

from deadlines.core.model import Deadline, Jurisdiction, Moment, Result
from deadlines.core.moments import day_of, iso, say_clock
from deadlines.publish.words import cancelled, changed_by, when
from deadlines.words import words

COLUMNS = ("jurisdiction", "jurisdiction_id", "id", "title", "kind", "audience", "opens", "safe_date", "safe_time",
           "time_zone", "due", "safe_due", "safe_in_words", "status", "citation", "link", "changed")
#: a listing's rows: which edge of the deadline, and when, before the deadline's own columns
LISTING_COLUMNS = ("edge", "date", "time", "in_words", "election", *COLUMNS)


def _clock(m: Moment | None) -> str:
    return say_clock(m.timetz()) if isinstance(m, datetime) else ""


def row(jur: Jurisdiction, d: Deadline, link: str) -> dict[str, str]:
    return {
        "jurisdiction": jur.name, "jurisdiction_id": jur.id,
        "id": d.id, "title": words().title(d), "kind": d.kind, "audience": " ".join(d.audience),
        "opens": iso(d.start) or "", "safe_date": day_of(d.safe_due).isoformat(), "safe_time": _clock(d.safe_due),
        "time_zone": jur.timezone, "due": iso(d.due), "safe_due": iso(d.safe_due), "safe_in_words": when(d.safe_due),
        "status": d.status, "citation": d.citation, "link": link, "changed": changed_by(d) or cancelled(d) or "",
    }


def rows(result: Result, link: Callable[[Deadline], str]) -> list[dict[str, str]]:
    return [row(result.jurisdiction, d, link(d)) for d in result.deadlines]


def _write(columns: tuple[str, ...], data: Iterable[dict[str, str]]) -> str:
    """CSV text (RFC 4180, CRLF line ends, a UTF-8 byte-order mark so that
    spreadsheet programs read "§" right)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.DictWriter(out, fieldnames=columns)
    writer.writeheader()
    writer.writerows(data)
    return out.getvalue()


def render(result: Result, link: Callable[[Deadline], str]) -> str:
    """A cycle's CSV; ``link`` gives each row's URL."""
    return _write(COLUMNS, rows(result, link))


def render_listing(entries: Iterable, link: Callable[[object], str]) -> str:
    """A listing's CSV (entries of :class:`deadlines.across.Entry`: openings and
    closings); ``link`` gives each entry's URL."""
    return _write(LISTING_COLUMNS, ({
        "edge": e.edge, "date": day_of(e.at).isoformat(), "time": _clock(e.at), "in_words": when(e.at),
        "election": e.result.held.isoformat(), **row(e.jurisdiction, e.deadline, link(e)),
    } for e in entries))
