"""The Flask app: an app factory and one blueprint per surface. Thin: it asks
the engine (:mod:`deadlines.service`) and renders."""
from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

from deadlines.store import feed_state
from deadlines.caches import Computed, Lru
from deadlines.core.registry import Registry
from deadlines.recorded import DbRecords
from deadlines.store import get_db

from deadlines.across import Across
from deadlines.geo.where import Where

from web import (about, across_page, api, api_docs, bulk, clerk, clerk_request, common, costly, cycle, desk, desk_session,
                 embed, feed_fast, feeds, form, language, limits, openapi, problems, report_page, reports, security, site,
                 subscriptions)
# Views on a blueprint of another module (clerk.bp, desk.bp, feeds.bp): imported for their routes.
from web import clerk_notices, clerk_reads, clerk_writes, desk_sign_in, feeds_combined  # noqa: F401


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides settings; ``DEADLINES_*`` environment
    variables are read too (``DEADLINES_CALENDARS_DIR`` ...).

    ``app.extensions["registry"]`` holds the jurisdictions,
    ``app.extensions["records"]`` the store of recorded anchors (a
    :class:`deadlines.store.DbRecords`) and ``feed_state`` the published
    event versions, both in one database, migrated on first use;
    ``app.extensions["across"]`` the cached results across jurisdictions;
    ``app.extensions["where"]`` the point look-up over the stored boundaries.

    Settings: ``TODAY`` pins "today" (a date or ISO string; default: today in
    each jurisdiction's zone); ``DATABASE_URL`` (default
    :func:`deadlines.config.database_url`, a SQLite file under ``instance/``);
    ``FEED_YEARS_AHEAD`` and ``FEED_MAX_AGE`` (seconds of Cache-Control);
    ``BASE_URL`` and ``TRUSTED_PROXIES`` (where links point) and the framing
    settings of :mod:`web.security`; the ``RATELIMIT_*`` limits of :mod:`web.limits`;
    ``EXAMPLE_JURISDICTIONS``, the ids served by id only, in no public list
    (default the fictional ``model-city``: :data:`web.common.EXAMPLES`); the
    caches' budgets in MB, each bounding what its cache holds: ``FEED_CACHE_MB``
    (48: rendered feeds), ``FEED_PARTS_MB`` (96: each government's events in
    feeds of many), ``PAGE_CACHE_MB`` (32: pages, API answers and the
    across-governments pages, each), ``PDF_CACHE_MB`` (32); ``PDF_PROCESSES``,
    the processes printable calendars are laid out in (1; 0: in the web
    process itself: :mod:`web.printing`).
    """
    app = Flask(__name__)
    app.config.from_mapping(CALENDARS_DIR=None, TODAY=None, DATABASE_URL=None, FEED_YEARS_AHEAD=4, FEED_MAX_AGE=300,
                           BASE_URL=None, TRUSTED_PROXIES=0, MAX_CONTENT_LENGTH=openapi.MAX_CONTENT,
                           EXAMPLE_JURISDICTIONS=common.EXAMPLES, FEED_CACHE_MB=48, FEED_PARTS_MB=96,
                           PAGE_CACHE_MB=32, PDF_CACHE_MB=32, PDF_PROCESSES=1)
    app.config.from_prefixed_env("DEADLINES")
    if config:
        app.config.update(config)
    app.extensions["registry"] = Registry(app.config["CALENDARS_DIR"])
    db = get_db(app.config["DATABASE_URL"] or None)  # migrated to head on first use
    app.extensions["records"] = DbRecords(db)
    app.extensions["feed_state"] = feed_state.FeedState(db)
    mb = lambda setting: int(app.config[setting]) << 20  # noqa: E731  (a cache's budget, in bytes)
    app.extensions["feed_cache"] = Lru(512, mb("FEED_CACHE_MB"))
    app.extensions["feed_renders"] = Computed(512, mb("FEED_CACHE_MB"))  # (feed key, day) -> the feed, rendered once
    app.extensions["feed_parts"] = Lru(65536, mb("FEED_PARTS_MB"))  # a government's events in a feed of many
    app.extensions["feed_routes"] = Lru(4096)  # feed URL -> how to rebuild its cache key
    app.extensions["feed_last_good"] = Lru(4096, mb("FEED_CACHE_MB"))  # feed URL -> its last answer (for an outage)
    app.wsgi_app = feed_fast.FastPath(app)  # current cached feeds answered before routing
    app.extensions["across"] = Across(app.extensions["registry"], app.extensions["records"])
    app.extensions["where"] = Where(db, app.extensions["registry"])  # the boundaries' index, built at first use
    app.extensions["bulk_pages"] = Lru(1024, mb("PAGE_CACHE_MB"))  # (listing, query) -> the page's JSON
    app.extensions["zones"] = Lru(4096)  # (jurisdiction, file stamp) -> its time zone
    app.extensions["answers"] = Computed(1024, mb("PAGE_CACHE_MB"))  # (surface, id, query, what it depends on) -> its body
    app.extensions["pdf_cache"] = Computed(64, mb("PDF_CACHE_MB"))  # what a printable calendar depends on -> (its bytes, its result)
    # Surfaces: each registers its blueprint here.
    app.register_blueprint(feeds.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(bulk.bp)
    app.register_blueprint(form.bp)
    app.register_blueprint(clerk.bp)
    app.register_blueprint(subscriptions.bp)
    app.register_blueprint(desk.bp)
    app.register_blueprint(clerk_request.bp)
    app.register_blueprint(reports.bp)
    app.register_blueprint(report_page.bp)
    app.register_blueprint(cycle.bp)
    app.register_blueprint(about.bp)
    app.register_blueprint(embed.bp)
    app.register_blueprint(across_page.bp)
    app.register_blueprint(api_docs.bp)
    app.register_blueprint(site.bp)
    language.init_app(app)
    problems.init_app(app)
    costly.init_app(app)
    security.init_app(app)
    desk_session.init_app(app)
    app.extensions["limiter"] = limits.init_app(app, db)
    return app

