"""Connecting to the database and bringing its schema up to date.

SQLite (the default, a file created on first start) or PostgreSQL by URL
(:func:`deadlines.config.database_url`). Every connection is migrated to the
Alembic head once per process, under a lock, so that the first start creates
the file and concurrent starts do not race.
"""
from __future__ import annotations

import fcntl

import threading
from datetime import datetime, timezone
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import DateTime, create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.types import TypeDecorator

from deadlines.config import database_url

MIGRATIONS = Path(__file__).resolve().parent.parent.parent / "migrations"
_dbs: dict[str, Engine] = {}
_lock = threading.Lock()


class UTC(TypeDecorator):
    """An aware instant, stored in UTC (naive on SQLite so that stored values
    compare as text in the order of time)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given for a UTC column")
        value = value.astimezone(timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def now() -> datetime:
    return datetime.now(timezone.utc)


#: How long a SQLite write waits for another writer to finish (milliseconds):
#: writes are short (nothing is computed inside one), so a wait this long
#: means something outside holds the lock, and the write fails rather than
#: hold its caller. Readers never wait (WAL).
WRITE_WAIT_MS = 10_000
_WRITE = "deadlines_write"


def writer(db: Engine) -> Engine:
    """``db`` for a transaction that writes: on SQLite it begins ``BEGIN
    IMMEDIATE`` (the write lock taken first, waited for up to
    :data:`WRITE_WAIT_MS`, so a read-then-write never fails on a snapshot
    another writer made stale); every other transaction is a plain ``BEGIN``
    that reads beside a writer in WAL mode without waiting for it."""
    return db.execution_options(**{_WRITE: True})


def _sqlite_setup(db: Engine) -> None:
    """WAL, a busy timeout for writers, deferred ``BEGIN`` for readers and
    ``BEGIN IMMEDIATE`` for writers (:func:`writer`)."""

    @event.listens_for(db, "connect")
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself
        dbapi_conn.execute(f"PRAGMA busy_timeout = {WRITE_WAIT_MS}")
        dbapi_conn.execute("PRAGMA journal_mode = WAL")
        dbapi_conn.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(db, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN")


def make_db(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        db = create_engine(url)
        _sqlite_setup(db)
        return db
    return create_engine(url, pool_pre_ping=True)


#: The PostgreSQL advisory lock key held while one process migrates.
MIGRATION_LOCK = 0x646561646C6E  # "deadln"


@contextmanager
def _one_migrator(db: Engine):
    """Held while this process migrates ``db``: every other process starting
    on the same database (gunicorn's workers, a scheduler, the command line)
    waits, then finds it at head. An SQLite file: an exclusive lock on
    ``<file>.migrating`` beside it; PostgreSQL: a session advisory lock."""
    url = db.url
    if url.get_backend_name() == "sqlite":
        if not url.database or url.database == ":memory:":
            yield
            return
        with open(f"{url.database}.migrating", "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)
        return
    with db.connect() as held:
        held.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        held.commit()  # the lock is the session's: it outlives the transaction
        try:
            yield
        finally:
            held.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
            held.commit()


def migrate(db: Engine) -> None:
    """``alembic upgrade head`` on ``db``, one process at a time
    (:func:`_one_migrator`): two workers starting on a fresh database at once
    both come up, the second finding the first's tables."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with _one_migrator(db), db.connect() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def get_db(url: str | None = None) -> Engine:
    """The process's db for ``url`` (default: the configured database),
    migrated to head on first use."""
    url = url or database_url()
    with _lock:
        db = _dbs.get(url)
        if db is None:
            db = make_db(url)
            migrate(db)
            _dbs[url] = db
        return db
