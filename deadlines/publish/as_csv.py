"""Deadlines as CSV for spreadsheets: one row per deadline of a cycle, or per
opening and closing of a listing across governments; dates in ISO 8601 and in
words, the hour and zone beside them, the government named on every row.
In another language than English the headings and the words (titles,
statuses, dates in words) are in it; ids, codes, ISO dates and citations
are not. Pure: results in, text out."""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Callable, Iterable

from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Moment
from deadlines.core.moments import day_of, iso
from deadlines.publish.words import _, cancelled, changed_by, cited, status_name, when
from deadlines.words import DEFAULT, Words

#: the column names, each also its heading's message (said in another language than English)
COLUMNS = (_("jurisdiction"), _("jurisdiction_id"), _("id"), _("title"), _("kind"), _("audience"), _("opens"),
           _("safe_date"), _("safe_time"), _("time_zone"), _("due"), _("safe_due"), _("safe_in_words"), _("status"),
           _("citation"), _("link"), _("changed"))
#: a listing's rows: which edge of the deadline, and when, before the deadline's own columns
LISTING_COLUMNS = (_("edge"), _("date"), _("time"), _("in_words"), _("election"), *COLUMNS)


def _clock(m: Moment | None, w: Words) -> str:
    return w.clock(m.timetz()) if isinstance(m, datetime) else ""


def row(jur: Jurisdiction, d: Deadline, link: str, w: Words) -> dict[str, str]:
    return {
        "jurisdiction": jur.name, "jurisdiction_id": jur.id,
        "id": d.id, "title": w.title(d), "kind": d.kind, "audience": " ".join(d.audience),
        "opens": iso(d.start) or "", "safe_date": day_of(d.safe_due).isoformat(), "safe_time": _clock(d.safe_due, w),
        "time_zone": jur.timezone, "due": iso(d.due), "safe_due": iso(d.safe_due),
        "safe_in_words": when(d.safe_due, w), "status": d.status if w.lang == DEFAULT else status_name(d.status, w),
        "citation": cited(d), "link": link, "changed": changed_by(d, w) or cancelled(d, jur.name, w) or "",
    }


def rows(result: Result, link: Callable[[Deadline], str], w: Words) -> list[dict[str, str]]:
    return [row(result.jurisdiction, d, link(d), w) for d in result.deadlines]


def _write(columns: tuple[str, ...], data: Iterable[dict[str, str]], w: Words) -> str:
    """CSV text (RFC 4180, CRLF line ends, a UTF-8 byte-order mark so that
    spreadsheet programs read "§" right); the heading row in ``w``'s language."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.DictWriter(out, fieldnames=columns)
    writer.writerow({c: c if w.lang == DEFAULT else w._(c) for c in columns})
    writer.writerows(data)
    return out.getvalue()


def render(result: Result, link: Callable[[Deadline], str], w: Words) -> str:
    """A cycle's CSV; ``link`` gives each row's URL."""
    return _write(COLUMNS, rows(result, link, w), w)


def render_listing(entries: Iterable, link: Callable[[object], str], w: Words) -> str:
    """A listing's CSV (entries of :class:`deadlines.across.Entry`: openings and
    closings, ``edge`` their code); ``link`` gives each entry's URL."""
    return _write(LISTING_COLUMNS, ({
        "edge": e.edge, "date": day_of(e.at).isoformat(), "time": _clock(e.at, w), "in_words": when(e.at, w),
        "election": e.result.held.isoformat(), **row(e.jurisdiction, e.deadline, link(e), w),
    } for e in entries), w)
