"""Storage: what a clerk records, clerk tokens, subscriptions and the
reminders log, in SQLite (default) or PostgreSQL. See :mod:`.db`."""
from deadlines.store.records import DbRecords
from deadlines.store.db import get_db

__all__ = ["DbRecords", "get_db"]
