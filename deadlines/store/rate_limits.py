"""A storage for the ``limits`` library (Flask-Limiter's counters) in the
app's own database: SQLite in the one-process default, PostgreSQL shared by
every gunicorn worker in the scaled setup. Fixed windows only: one row per
key, counted and reset in one upsert statement, so concurrent workers agree.

Use it as ``storage_uri="deadlines-db://"`` with ``storage_options={"db": engine}``.

The counters of :data:`MEMORY_SCOPES` are kept in the process's memory
instead (a bounded table, :class:`MemoryCounters`): the clerk API's per-token
write limit is counted on every clerk write, before the token is checked, and
a row upserted for each would take the database's write lock ahead of the
write itself (and one row per random token an anonymous client sends: issue
28). Each web worker counts those on its own; past :data:`MEMORY_KEYS` the
counters touched longest ago are forgotten (a token's count starts again).
The clerk API's failed authentications are counted per client, in the
database, once a token is known bad (:func:`hit_unless_over`, from
:mod:`web.clerk`).
"""
from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict

from limits.storage import Storage
from sqlalchemy import case, delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from deadlines.store.db import writer
from deadlines.store.tables import RateLimit
from deadlines.store.util import insert

SWEEP_EVERY = 200  # increments between deletions of expired counters

#: Scopes (Flask-Limiter's, the last ``:`` part of a key's scope) counted in memory, never in the database.
MEMORY_SCOPES = frozenset({"clerk-writes"})
#: The most counters kept in memory (the oldest touched go first: a forgotten counter starts again at 0).
MEMORY_KEYS = 10_000


class MemoryCounters:
    """Fixed-window counters in this process: at most ``size`` keys, thread-safe."""

    def __init__(self, size: int = MEMORY_KEYS):
        self.size = size
        self._rows: OrderedDict[str, list] = OrderedDict()  # key -> [count, expires_at]
        self._lock = threading.Lock()

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._lock:
            row = self._rows.get(key)
            if row is None or row[1] <= now:
                row = self._rows[key] = [0, now + expiry]
            row[0] += amount
            self._rows.move_to_end(key)
            while len(self._rows) > self.size:
                self._rows.popitem(last=False)
            return row[0]

    def _live(self, key: str) -> list | None:
        row = self._rows.get(key)
        return row if row is not None and row[1] > time.time() else None

    def get(self, key: str) -> int:
        with self._lock:
            row = self._live(key)
            return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        with self._lock:
            row = self._live(key)
            return row[1] if row else time.time()

    def clear(self, key: str) -> None:
        with self._lock:
            self._rows.pop(key, None)

    def reset(self) -> int:
        with self._lock:
            n = len(self._rows)
            self._rows.clear()
            return n

    def __len__(self) -> int:
        return len(self._rows)


def in_memory(key: str, scopes=MEMORY_SCOPES) -> bool:
    """Whether ``key`` (``LIMITER/<prefix>/<who>/<endpoint>:<scope>/<amount>/...``) counts under one of ``scopes``."""
    return any(part.rpartition(":")[2] in scopes for part in key.split("/")[2:-3])


class DbStorage(Storage):
    STORAGE_SCHEME = ["deadlines-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, db: Engine | None = None,
                 memory_scopes=MEMORY_SCOPES, memory_keys: int = MEMORY_KEYS, **options):
        if db is None:
            raise ValueError("deadlines-db:// needs storage_options={'db': engine}")
        self.db = db
        self._calls = itertools.count(1)
        self.memory_scopes = frozenset(memory_scopes)
        self.memory = MemoryCounters(memory_keys)
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self):
        return SQLAlchemyError

    def _in_memory(self, key: str) -> bool:
        return bool(self.memory_scopes) and in_memory(key, self.memory_scopes)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        if self._in_memory(key):
            return self.memory.incr(key, expiry, amount)
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
        if self._in_memory(key):
            return self.memory.get(key)
        row = self._row(key)
        return row.count if row else 0

    def get_expiry(self, key: str) -> float:
        if self._in_memory(key):
            return self.memory.get_expiry(key)
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
        kept = self.memory.reset()
        with Session(writer(self.db)) as s, s.begin():
            return s.execute(delete(RateLimit)).rowcount + kept

    def clear(self, key: str) -> None:
        if self._in_memory(key):
            return self.memory.clear(key)
        with Session(writer(self.db)) as s, s.begin():
            s.execute(delete(RateLimit).where(RateLimit.key == key[:200]))


def hit_unless_over(strategy, items, *identifiers) -> float | None:
    """Count one under each limit of ``items`` (``limits`` items, through the
    rate limiter ``strategy``) for ``identifiers``; None if it was within them
    all, else when (epoch seconds) the longest window spent resets. A client
    already past a limit is only read, not counted again: its attempts past it
    write nothing."""
    spent = [item for item in items if not strategy.test(item, *identifiers)]
    if not spent:
        spent = [item for item in items if not strategy.hit(item, *identifiers)]
    if not spent:
        return None
    return max(strategy.get_window_stats(item, *identifiers)[0] for item in spent)
