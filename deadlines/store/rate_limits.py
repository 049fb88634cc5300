"""A storage for the ``limits`` library (Flask-Limiter's counters) in the
app's own database: SQLite in the one-process default, PostgreSQL shared by
every gunicorn worker in the scaled setup. Fixed windows only: one row per
key, counted and reset in one upsert statement, so concurrent workers agree.

Use it as ``storage_uri="deadlines-db://"`` with ``storage_options={"db": engine}``.
"""
from __future__ import annotations

import itertools
import time

from limits.storage import Storage
from sqlalchemy import case, delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from deadlines.store.db import writer
from deadlines.store.tables import RateLimit
from deadlines.store.util import insert

SWEEP_EVERY = 200  # increments between deletions of expired counters


class DbStorage(Storage):
    STORAGE_SCHEME = ["deadlines-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, db: Engine | None = None, **options):
        if db is None:
            raise ValueError("deadlines-db:// needs storage_options={'db': engine}")
        self.db = db
        self._calls = itertools.count(1)
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self):
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with Session(writer(self.db)) as s, s.begin():
            stmt = insert(s, RateLimit).values(key=key[:200], count=amount, expires_at=now + expiry)
            expired = RateLimit.expires_at <= now
            stmt = stmt.on_conflict_do_update(index_elements=["key"], set_={
                "count": case((expired, amount), else_=RateLimit.count + amount),
                "expires_at": case((expired, now + expiry), else_=RateLimit.expires_at),
            }).returning(RateLimit.count)
            count = s.scalar(stmt)
            if next(self._calls) % SWEEP_EVERY == 0:
                s.execute(delete(RateLimit).where(RateLimit.expires_at < now))
        return count

    def _row(self, key: str) -> RateLimit | None:
        with Session(self.db) as s:
            row = s.scalar(select(RateLimit).where(RateLimit.key == key[:200], RateLimit.expires_at > time.time()))
            s.expunge_all()
            return row

    def get(self, key: str) -> int:
        row = self._row(key)
        return row.count if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row.expires_at if row else time.time()

    def check(self) -> bool:
        try:
            with self.db.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int | None:
        with Session(writer(self.db)) as s, s.begin():
            return s.execute(delete(RateLimit)).rowcount

    def clear(self, key: str) -> None:
        with Session(writer(self.db)) as s, s.begin():
            s.execute(delete(RateLimit).where(RateLimit.key == key[:200]))
