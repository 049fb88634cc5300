"""Storage: what a clerk records, clerk tokens, subscriptions and the
reminders log, in SQLite (default) or PostgreSQL. See :mod:`.db`."""
from .anchors import DbAnchorSource
from .db import get_engine

__all__ = ["DbAnchorSource", "get_engine"]
