"""Crash safety: scheduler processes killed with SIGKILL at random points
during a burst of due reminders and restarted; every reminder is delivered,
recorded as sent exactly once, and any copy a kill causes carries the same
Idempotency-Key (at most one per request in flight when it died: a scheduler
sends up to ``CONCURRENCY`` at once)."""
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.reminders.plan import plan_all
from deadlines import commands
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from tests.reminders_fixtures import pg_url, receiver, settings_for, sqlite_url  # noqa: F401

REG = Registry()
ROOT = Path(__file__).resolve().parents[2]
CONCURRENCY = 4  # deliveries one scheduler has in flight at most
SUBS, LEADS = 60, [30]  # 60 reminders, all fell due yesterday (one lead each: later leads would supersede earlier)


def _burst(url: str, hook: str) -> set[str]:
    """Subscribers whose reminders all fell due in the last days (while "down")."""
    db = get_db(url)
    with Session(db) as s, s.begin():
        commands.record_event(s, REG.get("model-city"), "ordinance-adopted", (date.today() - timedelta(days=1)).isoformat())
        for _ in range(SUBS):
            subscriptions.create(s, REG.get("model-city"), channel="webhook", target=hook, secret="k", leads=LEADS,
                                 confirmed=True)
        s.execute(Subscription.__table__.update().values(confirmed_at=datetime(2020, 1, 1, tzinfo=timezone.utc)))
    plan_all(db, REG, now=datetime.now(timezone.utc), settings=settings_for())
    with Session(db) as s:
        keys = set(s.scalars(select(Reminder.key).where(Reminder.state == "pending")))
    assert len(keys) == SUBS * len(LEADS)
    return keys


def _spawn(url: str) -> subprocess.Popen:
    env = {**os.environ, "DEADLINES_DATABASE_URL": url, "DEADLINES_WEBHOOK_ALLOW_NETS": "127.0.0.0/8",
           "DEADLINES_SCHEDULER_LEASE": "1", "DEADLINES_REMINDER_GRACE": str(6 * 86400), "DEADLINES_RETRY_BASE": "0.2",
           "DEADLINES_DELIVERY_CONCURRENCY": str(CONCURRENCY)}
    return subprocess.Popen([sys.executable, "-m", "deadlines.cli", "scheduler", "--tick", "0.2"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _run(url, receiver, keys, processes: int, rounds: int = 10) -> None:
    receiver.delay = 0.02
    rng = random.Random(os.environ.get("CRASH_SEED", time.time()))
    kills = 0
    procs = [_spawn(url) for _ in range(processes)]
    for _ in range(rounds):
        time.sleep(rng.uniform(0.4, 1.2))
        victim = rng.randrange(processes)
        procs[victim].send_signal(signal.SIGKILL)
        procs[victim].wait()
        kills += 1
        procs[victim] = _spawn(url)
    db = get_db(url)
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline:
            with Session(db) as s:
                if s.scalar(select(func.count()).where(Reminder.state == "sent")) == len(keys):
                    break
            time.sleep(0.2)
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=10)
    got = Counter(receiver.keys())
    with Session(db) as s:
        states = Counter(s.scalars(select(Reminder.state)))
        sent_logged = Counter(s.scalars(select(Reminder.key).join(DeliveryLog, DeliveryLog.reminder_id == Reminder.id)
                                        .where(DeliveryLog.outcome.in_(("sent", "late")))))
    assert states == {"sent": len(keys)}, states
    assert set(got) == keys, "every reminder reached the receiver"
    assert set(sent_logged) == keys and set(sent_logged.values()) == {1}, "each recorded as sent exactly once"
    copies = sum(got.values()) - len(keys)
    assert copies <= kills * CONCURRENCY, f"{copies} repeated deliveries for {kills} kills of {CONCURRENCY} in flight"
    print(f"{kills} kills, {len(keys)} reminders, {copies} repeated (same Idempotency-Key)")


def test_sigkill_during_a_burst_sqlite(sqlite_url, receiver):
    keys = _burst(sqlite_url, receiver.url)
    _run(sqlite_url, receiver, keys, processes=1)


@pytest.mark.postgres
def test_two_schedulers_killed_and_restarted_postgres(pg_url, receiver):
    keys = _burst(pg_url, receiver.url)
    _run(pg_url, receiver, keys, processes=2)
