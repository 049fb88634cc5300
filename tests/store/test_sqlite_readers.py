"""The SQLite default: readers never wait on a writer (WAL, deferred BEGIN for
reads), writers take the lock first and wait a bounded time (issue 19, item 1)."""
from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines import commands
from deadlines.recorded import DbRecords
from deadlines.store import db as store_db
from deadlines.store.db import get_db, writer
from tests.reminders_fixtures import sqlite_url  # noqa: F401

REG = Registry()


def _hold_write_lock(url: str):
    """An outside writer (a backup, a long replan) holding the write lock with an
    uncommitted change; returns its connection (rollback() releases it)."""
    conn = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("UPDATE jurisdiction_state SET anchors_rev = anchors_rev + 100")
    return conn


def _in_thread(fn, limit: float):
    """fn() in a thread; its result, or pytest.fail if it has not returned within ``limit`` seconds."""
    out: dict = {}
    t = threading.Thread(target=lambda: out.update(value=fn()), daemon=True)
    t.start()
    t.join(limit)
    if t.is_alive():
        pytest.fail(f"still waiting after {limit} s (a reader queued behind the write lock)")
    return out.get("value")


def test_reads_run_beside_a_held_write_lock(sqlite_url):
    db = get_db(sqlite_url)
    slc = REG.get("salt-lake-city-ut")
    with Session(writer(db)) as s, s.begin():
        commands.record_event(s, slc, "objection-filed", "2027-06-10T10:00")
    src = DbRecords(db, revision_ttl=0)
    before = src.revision(slc.id)
    outside = _hold_write_lock(sqlite_url)
    try:
        # the busy timeout is 10 s: a reader taking the write lock would still be waiting
        assert _in_thread(lambda: src.revision(slc.id), 3) == before  # the committed state, not the outside change
        assert len(_in_thread(lambda: src.recorded(slc.id), 3).events) == 1
    finally:
        outside.rollback()
        outside.close()


def test_a_write_waits_for_the_lock_then_fails_in_bounded_time(sqlite_url, monkeypatch):
    db = get_db(sqlite_url)
    outside = _hold_write_lock(sqlite_url)
    try:
        started = time.monotonic()
        with pytest.raises(OperationalError, match="locked"):
            with Session(writer(db)) as s, s.begin():
                commands.record_event(s, REG.get("model-city"), "ordinance-adopted", "2026-05-04")
        waited = time.monotonic() - started
        assert store_db.WRITE_WAIT_MS / 1000 - 0.5 <= waited < store_db.WRITE_WAIT_MS / 1000 + 5
    finally:
        outside.rollback()
        outside.close()


def test_concurrent_read_then_write_transactions_all_commit(sqlite_url):
    """Writers begin IMMEDIATE: a write that reads first never fails on a
    snapshot another writer made stale (a deferred BEGIN would, at once)."""
    db = get_db(sqlite_url)
    city = REG.get("model-city")
    errors: list[Exception] = []

    def one(n: int) -> None:
        try:
            with Session(writer(db)) as s, s.begin():
                commands.record_event(s, city, "ordinance-adopted", f"2026-05-{n % 28 + 1:02d}", f"Ordinance {n}")
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(DbRecords(db, revision_ttl=0).recorded(city.id).events) == 16
    assert Path(sqlite_url.removeprefix("sqlite:///")).with_suffix(".sqlite3-wal").exists()  # WAL mode
