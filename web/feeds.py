"""iCalendar feeds: a jurisdiction's upcoming cycles, one election, one deadline,
and several jurisdictions combined (``/calendars/combined.ics?j=a,b,c``).

A feed is rendered once per change and kept in a per-process cache keyed on
everything it depends on (jurisdiction, filter, calendar file mtime, anchor
store revision, host) and valid for one day in the jurisdiction's zone;
requests in between cost a cache look-up and a header comparison, answered by
:class:`FastPath` before Flask routes the request. Event
versions live in :mod:`deadlines.store.feed_state`, and so does the feed's own
(UID ``feed:<path>``) whose time of change is the HTTP Last-Modified.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Callable

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
COMBINED = "/calendars/combined.ics"
MAX_COMBINED = 500
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
    name = f"{jur.name}: election deadlines" + (f" ({audience})" if audience else "")
    about = (f"Deadlines computed from {jur.source}. Times are local to {jur.timezone}. "
             "Each event's description quotes the law and shows how its date is counted.")
    if deadline_id:
        disposition = f'attachment; filename="{jur.id}-{chosen[0]}-{deadline_id}.ics"'
    else:  # a subscription: shown inline, but saved under a name that says what it is
        named = jur.id + (f"-{chosen[0]}" if len(chosen) == 1 and request.view_args.get("election") else "")
        disposition = f'inline; filename="{named}.ics"'
    return _publish(evs, today, jur.timezone, name, about, audience, disposition)


def _publish(evs: list, today: date, timezone: str, name: str, about: str, audience: str | None,
             disposition: str, combined: str = "") -> Rendered:
    """Stamp ``evs`` (feed_state), link each to its row on the form, serialize
    them, and version the feed at ``request.path`` (``combined``: the ``&j=...``
    of a combined feed)."""
    state = current_app.extensions["feed_state"]
    stamps = state.stamps({str(e["uid"]): ical.content_hash(e) for e in evs})
    for e in evs:  # <jid>/<cycle>/<deadline>[/window]@deadlines: back to its row on the form
        jid, cycle, rid = str(e["uid"]).split("@")[0].split("/")[:3]
        ical.link(e, url_for("form.index", jurisdiction=jid, election=cycle, _external=True, _anchor=rid))
    body = ical.calendar(evs, stamps, name=name, description=about, timezone=timezone)
    etag = hashlib.sha256(body).hexdigest()
    feed_key = "feed:" + request.path + (f"?audience={audience}" if audience else "") + combined
    modified = state.stamps({feed_key: etag})[feed_key].last_modified
    headers = [("ETag", quote_etag(etag)), ("Last-Modified", http_date(modified)),
               ("Cache-Control", f"public, max-age={current_app.config['FEED_MAX_AGE']}")]
    headers.append(("Content-Disposition", disposition))
    return Rendered(today, timezone, body, etag, modified, tuple(headers))


def _not_modified(feed: Rendered, if_none_match: str | None, if_modified_since: str | None) -> bool:
    """RFC 9110 13.1: If-None-Match (weak comparison) wins over If-Modified-Since."""
    if if_none_match is not None:
        return if_none_match.strip() == "*" or f'"{feed.etag}"' in (
            t.strip().removeprefix("W/") for t in if_none_match.split(","))
    since = parse_date(if_modified_since)
    return since is not None and since >= feed.last_modified.replace(microsecond=0)


def _audience() -> str | None:
    audience = request.args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        raise InputError(f"audience must be one of {', '.join(AUDIENCES)}", "audience")
    return audience


def _answer(feed: Rendered, key_of: Callable[..., tuple], *args) -> Response:
    """The feed or a 304; and let :class:`FastPath` answer this URL from now on."""
    environ = request.environ
    current_app.extensions["feed_routes"].put(_route(environ), (key_of, args))
    if _not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
        return Response(status=304, headers=feed.headers)
    return Response(feed.body, mimetype="text/calendar", headers=feed.headers)


def _single_key(jid: str, cycle: date | None, deadline_id: str | None, audience: str | None, host: str) -> tuple:
    """Everything a jurisdiction's feed depends on (host: the rows' URLs)."""
    return (jid, cycle, deadline_id, audience, registry().stamp(jid), records().revision(jid), host)


def _combined_key(ids: tuple[str, ...], audience: str | None, host: str) -> tuple:
    reg, rec = registry(), records()
    return (COMBINED, ids, audience, tuple(reg.stamp(j) for j in ids), tuple(rec.revision(j) for j in ids), host)


def _current(key: tuple) -> Rendered | None:
    """The cached feed for ``key`` if it is still today's."""
    feed = current_app.extensions["feed_cache"].get(key)
    return feed if feed is not None and feed.day == today_in(feed.timezone) else None


def _serve(jid: str, election: str | None = None, deadline_id: str | None = None) -> Response:
    audience = _audience()
    cycle = inputs.optional_day(election, "election")
    args = (jid, cycle, deadline_id, audience, request.host_url)
    key = _single_key(*args)
    feed = _current(key)
    if feed is None:
        jur = registry().get(jid)
        if cycle is not None:
            named = cycle_for(jur, cycle)
            if named is None:
                raise InputError(f"{election} is not the date of a {jur.elections['general'].title.lower()}",
                                 "election")
            cycle = named
        today = today_in(jur.timezone)
        feed = _render(jur, today, [cycle] if cycle else _cycles(jur, today), audience, deadline_id)
        current_app.extensions["feed_cache"].put(key, feed)
    return _answer(feed, _single_key, *args)


def _chosen() -> list[str]:
    """The combined feed's ``j``: jurisdiction ids, comma-separated, each known."""
    ids = sorted({j.strip() for j in request.args.get("j", "").split(",") if j.strip()})
    if not ids:
        raise InputError("j: give the jurisdictions to combine, comma-separated (j=ypsilanti-mi,model-city)", "j")
    if len(ids) > MAX_COMBINED:
        raise InputError(f"j: at most {MAX_COMBINED} jurisdictions in one feed", "j")
    return ids


@bp.get(COMBINED)
def combined_feed() -> Response:
    """The upcoming cycles of several jurisdictions in one feed (the same events,
    UIDs and versions as their own feeds); valid for a day in the zone of the
    first jurisdiction named (in id order)."""
    ids, audience = tuple(_chosen()), _audience()
    args = (ids, audience, request.host_url)
    key = _combined_key(*args)
    feed = _current(key)
    if feed is None:
        jurs = [registry().get(j) for j in ids]
        across = current_app.extensions["across"]
        evs = []
        for jur in jurs:
            today = today_in(jur.timezone)
            years = current_app.config["FEED_YEARS_AHEAD"]
            for result in across.results(jur, today - timedelta(days=366), date(today.year + years, 12, 31), today=today):
                evs.extend(ical.events(result, audience=audience))
        name = f"Election deadlines: {len(jurs)} jurisdictions" + (f" ({audience})" if audience else "")
        about = ("Deadlines computed from the law of " + "; ".join(f"{j.name} ({j.timezone})" for j in jurs) +
                 ". Each event's description quotes the law and shows how its date is counted.")
        feed = _publish(evs, today_in(jurs[0].timezone), jurs[0].timezone, name, about, audience,
                        'inline; filename="combined.ics"', combined=f"{'&' if audience else '?'}j={','.join(ids)}")
        current_app.extensions["feed_cache"].put(key, feed)
    return _answer(feed, _combined_key, *args)


@bp.get("/calendars/<jid>.ics")
def jurisdiction_feed(jid: str) -> Response:
    return _serve(jid)


@bp.get("/calendars/<jid>/<election>.ics")
def election_feed(jid: str, election: str) -> Response:
    return _serve(jid, election)


@bp.get("/calendars/<jid>/<election>/<deadline_id>.ics")
def deadline_feed(jid: str, election: str, deadline_id: str) -> Response:
    return _serve(jid, election, deadline_id)


# --------------------------------------------------------------------------- the fast path


def _route(environ: dict) -> tuple:
    return (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"), environ.get("SCRIPT_NAME", ""),
            environ.get("PATH_INFO"), environ.get("QUERY_STRING", ""))


class FastPath:
    """WSGI middleware in front of the app: a GET of a feed URL answered before
    (:func:`_answer` remembers how to rebuild its cache key) is answered here
    from the render cache, without routing, when the cached feed is current by
    the very checks the view makes (the files' stamps, the records' revisions,
    the day). Anything else, or any doubt, goes to the app."""

    def __init__(self, app):
        self.app, self.wsgi = app, app.wsgi_app

    def __call__(self, environ: dict, start_response):
        if environ.get("REQUEST_METHOD") == "GET":
            route = self.app.extensions["feed_routes"].get(_route(environ))
            feed = None
            if route is not None:
                with self.app.app_context():
                    try:
                        feed = _current(route[0](*route[1]))
                    except InputError:  # a jurisdiction gone: the view says so
                        feed = None
            if feed is not None:
                if _not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
                    start_response("304 NOT MODIFIED", list(feed.headers))
                    return []
                start_response("200 OK", [("Content-Type", "text/calendar; charset=utf-8"),
                                          ("Content-Length", str(len(feed.body))), *feed.headers])
                return [feed.body]
        return self.wsgi(environ, start_response)
