"""What the clerk recorded, for commands run beside ``deadlines serve``.

The same database settings as the server (:func:`deadlines.config.database_url`:
``DEADLINES_DATABASE_URL``, else ``instance/deadlines.sqlite3`` under the
working directory), so ``deadlines compute`` run in the server's folder gives
the deadlines the API, the form and the feeds give. Where no database was ever
created (no URL set, no file), nothing was recorded and none is created.
"""
from __future__ import annotations

import os

from sqlalchemy.engine import make_url

from deadlines.config import database_url
from deadlines.service import NO_RECORDS, RecordSource


def recorded() -> RecordSource:
    url = database_url()
    if "DEADLINES_DATABASE_URL" not in os.environ and not os.path.exists(make_url(url).database or ""):
        return NO_RECORDS
    from deadlines.recorded import DbRecords
    from deadlines.store import get_db

    return DbRecords(get_db(url))
