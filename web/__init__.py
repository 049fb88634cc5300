"""The Flask app: an app factory and one blueprint per surface. Thin: it asks
the engine (:mod:`deadlines.service`) and renders."""
from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

from deadlines import feed_state
from deadlines.config import database_url
from deadlines.registry import Registry
from deadlines.service import NO_STORE

from . import api, feeds, form


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides settings; ``DEADLINES_*`` environment
    variables are read too (``DEADLINES_CALENDARS_DIR`` ...).

    ``app.extensions["registry"]`` holds the jurisdictions and
    ``app.extensions["anchors"]`` the store of recorded anchors (an
    :class:`deadlines.service.AnchorSource`; nothing recorded by default).

    Settings: ``TODAY`` pins "today" (a date or ISO string; default: today in
    each jurisdiction's zone); ``DATABASE_URL`` (default
    :func:`deadlines.config.database_url`) holds the feed event versions;
    ``FEED_YEARS_AHEAD`` and ``FEED_MAX_AGE`` (seconds of Cache-Control).
    """
    app = Flask(__name__)
    app.config.from_mapping(CALENDARS_DIR=None, TODAY=None, DATABASE_URL=None, FEED_YEARS_AHEAD=4, FEED_MAX_AGE=300)
    app.config.from_prefixed_env("DEADLINES")
    if config:
        app.config.update(config)
    app.extensions["registry"] = Registry(app.config["CALENDARS_DIR"])
    app.extensions["anchors"] = NO_STORE
    engine = feed_state.engine_for(app.config["DATABASE_URL"] or database_url())
    feed_state.ensure_schema(engine)
    app.extensions["feed_state"] = feed_state.FeedState(engine)
    app.extensions["feed_cache"] = feeds.RenderCache()
    # Surfaces: each registers its blueprint here.
    app.register_blueprint(feeds.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(form.bp)
    return app

