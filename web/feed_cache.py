"""A rendered feed and how it is kept: versioned, rendered once per change,
cached for the day, answered (or 304) and remembered for :mod:`web.feed_fast`.

A feed is rendered once per change and kept in a per-process cache keyed on
everything it depends on (jurisdiction, filter, calendar file mtime, anchor
store revision, base URL) and valid for one day in the jurisdiction's zone;
requests in between cost a cache look-up and a header comparison, answered by
:class:`web.feed_fast.FastPath` before Flask routes the request. Event
versions live in :mod:`deadlines.store.feed_state`, and so does the feed's own
(UID ``feed:<path>``) whose time of change is the HTTP Last-Modified. Each
version carries the records revisions it was computed from, read before the
records: a render that a clerk write overtook is computed again
(:func:`computed`) rather than stored under a newer SEQUENCE or ETag. A render
only reads versions while it computes, and writes those new or changed (its
events' and its own) in one short transaction at its end, or nothing when
every one is published already (:func:`publication`, :func:`rendered`).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime
from typing import Callable

from flask import Response, current_app, request
from werkzeug.http import http_date, parse_date, quote_etag

from deadlines.publish import ical
from deadlines.core.registry import collector_paused
from deadlines.store.feed_state import Publication, Superseded
from deadlines.words import Words
from web.common import records, today_in
from web.security import external_url


@dataclass(frozen=True)
class Rendered:
    """A rendered feed, valid for ``day`` in ``timezone``, with its response headers."""

    day: date
    timezone: str
    body: bytes
    etag: str
    last_modified: datetime
    headers: tuple[tuple[str, str], ...]


def versioned(chosen: list, bases: dict[str, int], law_linked: bool = False,
              spoken: dict | None = None, w: Words = ical.FEED_WORDS, pub: Publication | None = None) -> list:
    """The events of ``chosen`` (event, result) pairs, each stamped with its
    version (:mod:`deadlines.store.feed_state`, from its English text),
    linked to its row on the form and its title starting with its
    government's name (the same in its own feed and in a feed of many).
    ``bases``: each jurisdiction's records revision the results were computed
    from. ``law_linked``: the quoted law left to the row's link
    (:func:`~deadlines.publish.ical.law_by_link`, a feed of many).
    ``spoken``: by UID, the events said in another language (``w``'s),
    published in place of ``chosen``'s under the version of their English text.
    ``pub``: the render's publication, stored with the feed's own version by
    :func:`rendered` (None: stored now)."""
    hashes = {str(e["uid"]): ical.content_hash(e) for e, _ in chosen}
    bases_of = {str(e["uid"]): bases[r.jurisdiction.id] for e, r in chosen}
    if pub is None:
        stamps = current_app.extensions["feed_state"].stamps(hashes, None, bases_of)
    else:
        stamps = pub.stamps(hashes, bases_of)
    if spoken is not None:
        chosen = [(spoken[str(e["uid"])], r) for e, r in chosen]
    for e, r in chosen:  # back to its row on the form (not hashed: a new BASE_URL is no change)
        part, rid = str(e["uid"]).split("@")[0].split("/")[1:3]  # <jid>/<cycle or case>/<rule>[/<part>]
        anchor = f"{part}-{rid}" if part.startswith("case-") else rid  # words.anchor: one per case
        url = external_url("form.index", jurisdiction=r.jurisdiction.id, election=r.cycle.isoformat(), _anchor=anchor)
        ical.link(e, url)
        ical.name_in_summary(e, r.jurisdiction.name)
        if law_linked:
            ical.law_by_link(e, url, w)
        ical.stamp(e, stamps[str(e["uid"])])
    return [e for e, _ in chosen]


def publication() -> Publication:
    """The versions of one render, read as it goes and stored by :func:`rendered` in one short write
    transaction, or none when every one is published already (:class:`~deadlines.store.feed_state.Publication`)."""
    return current_app.extensions["feed_state"].publication()


def rendered(body: bytes, today: date, timezone: str, feed_key: str, disposition: str, basis: int,
             pub: Publication | None = None) -> Rendered:
    """The serialized feed ``body`` versioned as ``feed_key`` (computed from
    records of total revision ``basis``), with its headers. ``pub``: the
    render's publication (its events' versions), stored now with the feed's
    own; :class:`~deadlines.store.feed_state.Overtaken` (made again by
    :func:`computed`) when another render stored other stamps first."""
    etag = hashlib.sha256(body).hexdigest()
    pub = pub or publication()
    modified = pub.stamps({feed_key: etag}, {feed_key: basis})[feed_key].last_modified
    pub.settle()
    headers = [("ETag", quote_etag(etag)), ("Last-Modified", http_date(modified)),
               ("Cache-Control", f"public, max-age={current_app.config['FEED_MAX_AGE']}"),
               ("Content-Disposition", disposition)]
    return Rendered(today, timezone, body, etag, modified, tuple(headers))


def not_modified(feed: Rendered, if_none_match: str | None, if_modified_since: str | None) -> bool:
    """RFC 9110 13.1: If-None-Match (weak comparison) wins over If-Modified-Since."""
    if if_none_match is not None:
        return if_none_match.strip() == "*" or f'"{feed.etag}"' in (
            t.strip().removeprefix("W/") for t in if_none_match.split(","))
    since = parse_date(if_modified_since)
    return since is not None and since >= feed.last_modified.replace(microsecond=0)


def current(key: tuple) -> Rendered | None:
    """The cached feed for ``key`` if it is still today's."""
    feed = current_app.extensions["feed_cache"].get(key)
    return feed if feed is not None and feed.day == today_in(feed.timezone) else None


def route(environ: dict) -> tuple:
    """What names a feed URL in the fast path's tables (scheme, host, path, query)."""
    return (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"), environ.get("SCRIPT_NAME", ""),
            environ.get("PATH_INFO"), environ.get("QUERY_STRING", ""))


def answer(feed: Rendered, key_of: Callable[..., tuple], *args) -> Response:
    """The feed or a 304; and let :class:`web.feed_fast.FastPath` answer this
    URL from now on (``key_of(*args)`` rebuilds its cache key)."""
    environ = request.environ
    current_app.extensions["feed_routes"].put(route(environ), (key_of, args))
    current_app.extensions["feed_last_good"].put(route(environ), feed)
    if not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
        return Response(status=304, headers=feed.headers)
    return Response(feed.body, mimetype="text/calendar", headers=feed.headers)


ATTEMPTS = 3


def computed(ids: tuple[str, ...], compute: Callable[[dict[str, int]], object]):
    """``compute(bases)``, the revisions of ``ids``'s records read before it reads
    the records (one query for every id of a combined feed); again from the
    records as they are now while a version computed from newer records was
    published meanwhile (:class:`Superseded`). Python's cycle collector is
    paused meanwhile: a state's feed makes and drops thousands of results, and
    each full collection would walk every loaded government."""
    for attempt in range(ATTEMPTS):
        if attempt:
            for j in ids:
                records().forget(j)
        if len(ids) == 1:
            bases = {ids[0]: int(records().revision(ids[0]) or 0)}
        else:
            revisions = records().revisions()
            bases = {j: int(revisions.get(j) or 0) for j in ids}
        try:
            with collector_paused():
                return compute(bases)
        except Superseded:
            if attempt == ATTEMPTS - 1:
                raise


def once(key: tuple, today: date, compute: Callable[[], Rendered]) -> Rendered:
    """``compute()`` once per ``key`` and day, however many ask at once (the
    others wait for its answer, :class:`~deadlines.caches.Computed`); then
    in the render cache, for :func:`current` and :class:`web.feed_fast.FastPath`."""
    feed = current_app.extensions["feed_renders"].get((*key, today), compute)
    current_app.extensions["feed_cache"].put(key, feed)
    return feed
