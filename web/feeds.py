"""iCalendar feeds: a jurisdiction's upcoming cycles, one election, one deadline.

A feed is rendered once per change and kept in a per-process cache keyed on
everything it depends on (jurisdiction, filter, calendar file mtime, anchor
store revision) and valid for one day in the jurisdiction's zone; requests in
between cost a cache look-up and a header comparison. Event
versions live in :mod:`deadlines.store.feed_state`, and so does the feed's own
(UID ``feed:<path>``) whose time of change is the HTTP Last-Modified.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from flask import Blueprint, Response, current_app, request, url_for
from werkzeug.http import http_date, parse_date, quote_etag

from deadlines.publish import ical
from deadlines.core.errors import InputError
from deadlines.core.model import AUDIENCES, Jurisdiction
from deadlines.service import cycle_for, cycles, lookup

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


def _cycles(jur: Jurisdiction, today: date) -> list[date]:
    """The window of ``service.upcoming``: the last past cycle through FEED_YEARS_AHEAD."""
    years = current_app.config["FEED_YEARS_AHEAD"]
    return cycles(jur, today - timedelta(days=366), date(today.year + years, 12, 31))


@dataclass(frozen=True)
class Rendered:
    """A rendered feed, valid for ``day`` in ``timezone``, with its response headers."""

    day: date
    timezone: str
    body: bytes
    etag: str
    last_modified: datetime
    headers: tuple[tuple[str, str], ...]


def _render(jur: Jurisdiction, today: date, chosen: list[date], audience: str | None,
            deadline_id: str | None) -> Rendered:
    """The feed at ``request.path``, stamped and with its HTTP headers."""
    prefix = None if deadline_id is None else f"{jur.id}/{chosen[0].isoformat()}/{deadline_id}"
    evs = [
        e
        for c in chosen
        for e in ical.events(lookup(jur, today=today, election=c, records=records()), audience=audience)
        if prefix is None or str(e["uid"]).split("@")[0] in (prefix, prefix + "/window")
    ]
    if prefix and not evs:
        raise InputError(f"{jur.id} has no deadline '{deadline_id}' for the {chosen[0].isoformat()} election "
                         f"(a deadline waiting for a trigger event has no date yet)", "deadline")
    state = current_app.extensions["feed_state"]
    stamps = state.stamps({str(e["uid"]): ical.content_hash(e) for e in evs})
    for e in evs:  # <jid>/<cycle>/<deadline>[/window]@deadlines: back to its row on the form
        _, cycle, rid = str(e["uid"]).split("@")[0].split("/")[:3]
        ical.link(e, url_for("form.index", jurisdiction=jur.id, election=cycle, _external=True, _anchor=rid))
    name = f"{jur.name}: election deadlines" + (f" ({audience})" if audience else "")
    about = (f"Deadlines computed from {jur.source}. Times are local to {jur.timezone}. "
             "Each event's description quotes the law and shows how its date is counted.")
    body = ical.calendar(evs, stamps, name=name, description=about, timezone=jur.timezone)
    etag = hashlib.sha256(body).hexdigest()
    feed_key = "feed:" + request.path + (f"?audience={audience}" if audience else "")
    modified = state.stamps({feed_key: etag})[feed_key].last_modified
    headers = [("ETag", quote_etag(etag)), ("Last-Modified", http_date(modified)),
               ("Cache-Control", f"public, max-age={current_app.config['FEED_MAX_AGE']}")]
    if deadline_id:
        headers.append(("Content-Disposition", f'attachment; filename="{jur.id}-{chosen[0]}-{deadline_id}.ics"'))
    else:  # a subscription: shown inline, but saved under a name that says what it is
        named = jur.id + (f"-{chosen[0]}" if len(chosen) == 1 and request.view_args.get("election") else "")
        headers.append(("Content-Disposition", f'inline; filename="{named}.ics"'))
    return Rendered(today, jur.timezone, body, etag, modified, tuple(headers))


def _not_modified(feed: Rendered) -> bool:
    """RFC 9110 13.1: If-None-Match (weak comparison) wins over If-Modified-Since."""
    match = request.headers.get("If-None-Match")
    if match is not None:
        return match.strip() == "*" or f'"{feed.etag}"' in (t.strip().removeprefix("W/") for t in match.split(","))
    since = parse_date(request.headers.get("If-Modified-Since"))
    return since is not None and since >= feed.last_modified.replace(microsecond=0)


def _serve(jid: str, election: str | None = None, deadline_id: str | None = None) -> Response:
    reg = registry()
    stamp = reg.stamp(jid)
    audience = request.args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        raise InputError(f"audience must be one of {', '.join(AUDIENCES)}", "audience")
    cycle = inputs.optional_day(election, "election")
    key = (jid, cycle, deadline_id, audience, stamp, records().revision(jid), request.host_url)  # host: the rows' URLs
    cache = current_app.extensions["feed_cache"]
    feed = cache.get(key)
    if feed is None or feed.day != today_in(feed.timezone):
        jur = reg.get(jid)
        if cycle is not None:
            named = cycle_for(jur, cycle)
            if named is None:
                raise InputError(f"{election} is not the date of a {jur.elections['general'].title.lower()}",
                                 "election")
            cycle = named
        today = today_in(jur.timezone)
        feed = _render(jur, today, [cycle] if cycle else _cycles(jur, today), audience, deadline_id)
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
    return _serve(jid, election, deadline_id)
