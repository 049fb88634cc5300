"""iCalendar feeds: a jurisdiction's upcoming cycles (every deadline until a
year after it has passed: :func:`deadlines.service.upcoming`), one election
(named by its date by rule or the date it is held), one deadline (its UID as
the path: ``/calendars/<jurisdiction>/<cycle or case>/<deadline>.ics``).

A feed is rendered once per change and kept in a per-process cache keyed on
everything it depends on (jurisdiction, filter, calendar file mtime, anchor
store revision) and valid for one day in the jurisdiction's zone; requests in
between cost a cache look-up and a header comparison. Event
versions live in :mod:`deadlines.store.feed_state`, and so does the feed's own
(UID ``feed:<path>``) whose time of change is the HTTP Last-Modified.
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime

from flask import Blueprint, Response, current_app, request, url_for
from werkzeug.http import http_date, parse_date, quote_etag

from deadlines.publish import ical
from deadlines.core.errors import InputError
from deadlines.core.model import AUDIENCES, Jurisdiction, Result
from deadlines.service import case_cycle, lookup, named_cycle_of, upcoming

from deadlines.core import inputs
from web.common import registry, records, today_in
from web.problems import input_problem

bp = Blueprint("feeds", __name__)
bp.register_error_handler(InputError, input_problem)


class RenderCache:
    """A small thread-safe LRU of rendered feeds."""

    def __init__(self, size: int = 512):
        self.size, self._data, self._lock = size, OrderedDict(), threading.Lock()

    def get(self, key):
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
        return None

    def put(self, key, value) -> None:
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)


@dataclass(frozen=True)
class Rendered:
    """A rendered feed, valid for ``day`` in ``timezone``, with its response headers."""

    day: date
    timezone: str
    body: bytes
    etag: str
    last_modified: datetime
    headers: tuple[tuple[str, str], ...]


def _render(jur: Jurisdiction, today: date, results: list[Result], audience: str | None,
            prefix: str | None) -> Rendered:
    """The feed at ``request.path`` (only the event ``prefix``, a UID without
    its domain, when given), stamped and with its HTTP headers."""
    chosen = [(e, r) for r in results for e in ical.events(r, audience=audience)
              if prefix is None or str(e["uid"]).split("@")[0] in (prefix, prefix + "/window")]
    evs = [e for e, _ in chosen]
    if prefix and not evs:
        cycle_or_case, deadline_id = prefix.split("/")[1:]
        raise InputError(f"{jur.id} has no deadline '{deadline_id}' for {cycle_or_case} "
                         f"(a deadline waiting for a trigger event has no date yet)", "deadline")
    state = current_app.extensions["feed_state"]
    stamps = state.stamps({str(e["uid"]): ical.content_hash(e) for e in evs})
    for e, r in chosen:  # back to its row on the form (not hashed: the serving host is no change)
        rid = str(e["uid"]).split("@")[0].split("/")[2]
        ical.link(e, url_for("form.index", jurisdiction=jur.id, election=r.cycle.isoformat(), _external=True, _anchor=rid))
    name = f"{jur.name}: election deadlines" + (f" ({audience})" if audience else "")
    about = (f"Deadlines computed from {jur.source.rstrip('.')}. Times are local to {jur.timezone}. "
             "Each event sits on its safe date; its description quotes the law and shows how its date is counted.")
    if not evs:
        about += " " + empty_feed_words(jur)
    body = ical.calendar(evs, stamps, name=name, description=about, timezone=jur.timezone, today=today)
    etag = hashlib.sha256(body).hexdigest()
    feed_key = "feed:" + request.path + (f"?audience={audience}" if audience else "")
    modified = state.stamps({feed_key: etag})[feed_key].last_modified
    headers = [("ETag", quote_etag(etag)), ("Last-Modified", http_date(modified)),
               ("Cache-Control", f"public, max-age={current_app.config['FEED_MAX_AGE']}")]
    if prefix:
        headers.append(("Content-Disposition", f'attachment; filename="{prefix.replace("/", "-")}.ics"'))
    else:  # a subscription: shown inline, but saved under a name that says what it is
        named = jur.id + (f"-{results[0].cycle}" if len(results) == 1 and request.view_args.get("election") else "")
        headers.append(("Content-Disposition", f'inline; filename="{named}.ics"'))
    return Rendered(today, jur.timezone, body, etag, modified, tuple(headers))


def empty_feed_words(jur: Jurisdiction) -> str:
    """Why a jurisdiction's calendar can be empty, and what fills it."""
    waiting = sorted({t for rid in jur.order for t in jur.waiting_for(rid)})
    if waiting:
        titles = " or ".join(jur.triggers[t].title.lower() for t in waiting)
        return (f"No deadline is dated yet: {jur.name}'s deadlines count from an event the clerk records "
                f"({titles}); each one recorded adds its deadlines here.")
    return "No deadline falls in the years this calendar covers."


def _not_modified(feed: Rendered) -> bool:
    """RFC 9110 13.1: If-None-Match (weak comparison) wins over If-Modified-Since."""
    match = request.headers.get("If-None-Match")
    if match is not None:
        return match.strip() == "*" or f'"{feed.etag}"' in (t.strip().removeprefix("W/") for t in match.split(","))
    since = parse_date(request.headers.get("If-Modified-Since"))
    return since is not None and since >= feed.last_modified.replace(microsecond=0)


CASE_ID = re.compile(r"^case-[0-9]+$")


def _chosen(jur: Jurisdiction, today: date, part: str | None, deadline_id: str | None) -> tuple[list[Result], str | None]:
    """The results a feed shows and, for one deadline's file, its UID prefix.
    ``part`` names a cycle (its date by rule, or the date it is held) or a case."""
    if part is None:
        years = current_app.config["FEED_YEARS_AHEAD"]
        return upcoming(jur, today=today, years_ahead=years, records=records()), None
    stored = records().recorded(jur.id)
    if CASE_ID.match(part):
        case = next((c for c in stored.cases(jur) if c.id == part), None)
        cycle = case and case_cycle(jur, case)
        if cycle is None:
            raise InputError(f"{jur.id} has no case {part!r}", "deadline")
    else:
        day = inputs.day(part, "election")
        cycle = named_cycle_of(jur, day, stored)
        if cycle is None:
            raise InputError(f"{part} is not the date of a {jur.elections['general'].title.lower()}", "election")
    result = lookup(jur, today=today, election=cycle, records=records())
    return [result], None if deadline_id is None else f"{jur.id}/{part if CASE_ID.match(part) else cycle}/{deadline_id}"


def _serve(jid: str, part: str | None = None, deadline_id: str | None = None) -> Response:
    reg = registry()
    stamp = reg.stamp(jid)
    audience = request.args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        raise InputError(f"audience must be one of {', '.join(AUDIENCES)}", "audience")
    key = (jid, part, deadline_id, audience, stamp, records().revision(jid), request.host_url)  # host: the rows' URLs
    cache = current_app.extensions["feed_cache"]
    feed = cache.get(key)
    if feed is None or feed.day != today_in(feed.timezone):
        jur = reg.get(jid)
        today = today_in(jur.timezone)
        results, prefix = _chosen(jur, today, part, deadline_id)
        feed = _render(jur, today, results, audience, prefix)
        cache.put(key, feed)
    if _not_modified(feed):
        return Response(status=304, headers=feed.headers)
    return Response(feed.body, mimetype="text/calendar", headers=feed.headers)


@bp.get("/calendars/<jid>.ics")
def jurisdiction_feed(jid: str) -> Response:
    return _serve(jid)


@bp.get("/calendars/<jid>/<election>.ics")
def election_feed(jid: str, election: str) -> Response:
    return _serve(jid, election)


@bp.get("/calendars/<jid>/<election>/<deadline_id>.ics")
def deadline_feed(jid: str, election: str, deadline_id: str) -> Response:
    """One deadline's file: the path is its UID (``<cycle or case>/<deadline id>``)."""
    return _serve(jid, election, deadline_id)
