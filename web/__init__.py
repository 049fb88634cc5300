"""The Flask app: an app factory and one blueprint per surface. Thin: it asks
the engine (:mod:`deadlines.service`) and renders."""
from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

from deadlines.registry import Registry
from deadlines.service import NO_STORE


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides settings; ``DEADLINES_*`` environment
    variables are read too (``DEADLINES_CALENDARS_DIR`` ...).

    ``app.extensions["registry"]`` holds the jurisdictions and
    ``app.extensions["anchors"]`` the store of recorded anchors (an
    :class:`deadlines.service.AnchorSource`; nothing recorded by default).
    """
    app = Flask(__name__)
    app.config.from_mapping(CALENDARS_DIR=None, TODAY=None)
    app.config.from_prefixed_env("DEADLINES")
    if config:
        app.config.update(config)
    app.extensions["registry"] = Registry(app.config["CALENDARS_DIR"])
    app.extensions["anchors"] = NO_STORE
    if app.config.get("DATABASE_URL") is not False:  # DATABASE_URL=False: no database (pure feed tests)
        from . import clerk, subscriptions
        from deadlines.store import DbAnchorSource, get_engine

        app.extensions["anchors"] = DbAnchorSource(get_engine(app.config.get("DATABASE_URL")))
        app.register_blueprint(clerk.bp)
        app.register_blueprint(subscriptions.bp)
    # Surfaces: each registers its blueprint here.
    return app
