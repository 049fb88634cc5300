"""The feeds' fast path: WSGI middleware in front of the app that answers a
feed URL answered before from the render cache (:mod:`web.feed_cache`),
without routing. While the database cannot be reached, a feed URL answered
before is answered with its last good version (kept a minute, with
``Warning`` and ``X-Deadlines-Stale`` headers saying so) instead of a 503."""
from __future__ import annotations

import logging

from sqlalchemy.exc import OperationalError
from werkzeug.http import http_date

from deadlines.core.errors import InputError
from deadlines.caches import Lru
from web.feed_cache import current, not_modified, route

log = logging.getLogger(__name__)

#: Headers a feed response carries of its own (the rest, set on every response
#: by the app's hooks, are replayed as the app sent them).
OWN_HEADERS = {"etag", "last-modified", "cache-control", "content-disposition", "content-type", "content-length",
               "set-cookie", "date"}

#: Seconds a client may keep the last good version of a feed answered during an outage.
STALE_MAX_AGE = 60


def _stale(headers: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """A feed's headers for its last good version answered while the database
    cannot be reached: kept a minute only, and said to be stale (RFC 9111's
    ``Warning`` for older clients, and a header of the service's own)."""
    kept = [(k, v) for k, v in headers if k.lower() != "cache-control"]
    return kept + [("Cache-Control", f"public, max-age={STALE_MAX_AGE}"),
                   ("Warning", '111 - "Revalidation Failed: the database is unavailable; the last good version"'),
                   ("X-Deadlines-Stale", "the database is unavailable for the moment: this is the last good version "
                                         "of this feed, as of its Last-Modified")]


class FastPath:
    """WSGI middleware in front of the app: a GET of a feed URL the app answered
    before (:func:`web.feed_cache.answer` remembers how to rebuild its cache
    key, this class the headers the app's hooks added) is answered here from
    the render cache, without routing, when the cached feed is current by the
    very checks the view makes (the files' stamps, the records' revisions, the
    day). Anything else, or any doubt, goes to the app."""

    def __init__(self, app):
        self.app, self.wsgi = app, app.wsgi_app
        self.hooks = Lru(4096)  # route -> the headers the app's hooks added

    def __call__(self, environ: dict, start_response):
        if environ.get("REQUEST_METHOD") != "GET":
            return self.wsgi(environ, start_response)
        at = route(environ)
        known, added = self.app.extensions["feed_routes"].get(at), self.hooks.get(at)
        if known is not None and added is not None:
            with self.app.app_context():
                try:
                    feed = current(known[0](*known[1]))
                    own = feed.headers if feed is not None else ()
                except InputError:  # a jurisdiction gone: the view says so
                    feed = None
                except OperationalError as exc:  # the database away: the last good version, said to be one
                    feed = self.app.extensions["feed_last_good"].get(at)
                    if feed is not None:
                        own = _stale(feed.headers)
                        log.error("database unavailable for %s: answered with its last good version (%s): %s",
                                  environ.get("PATH_INFO"), http_date(feed.last_modified), str(exc).splitlines()[0])
            if feed is not None:
                if not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
                    start_response("304 NOT MODIFIED", [*own, *added])
                    return []
                start_response("200 OK", [("Content-Type", "text/calendar; charset=utf-8"),
                                          ("Content-Length", str(len(feed.body))), *own, *added])
                return [feed.body]

        def remember(status, headers, exc_info=None):
            if status[:3] in ("200", "304") and self.app.extensions["feed_routes"].get(at) is not None:
                self.hooks.put(at, tuple((k, v) for k, v in headers if k.lower() not in OWN_HEADERS))
            return start_response(status, headers, exc_info)

        return self.wsgi(environ, remember)
