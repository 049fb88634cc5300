"""Storage: what a clerk records, clerk tokens, subscriptions and the
reminders log, in SQLite (default) or PostgreSQL. See :mod:`.db`.

Rows in, rows out, revisions: the writes that validate against the law are
:mod:`deadlines.commands`; the engine reads the records through
:class:`deadlines.recorded.DbRecords`."""
from deadlines.store.db import get_db

__all__ = ["get_db"]
