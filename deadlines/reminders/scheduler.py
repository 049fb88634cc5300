"""The scheduler: APScheduler 3.x wakes the process; the ``reminder`` table
is the durable source of truth (nothing is lost or repeated over a restart).

Each tick replans changed jurisdictions, then claims and sends what is due;
after it, a one-off job is set for the next reminder's time so it fires on
time between ticks. Run it once per deployment: inside ``deadlines serve``
(:func:`start_scheduler`) or as ``deadlines scheduler`` (:func:`run_forever`);
several scheduler processes on one PostgreSQL are safe (claims are locked).
"""
from __future__ import annotations

import logging
import os
import socket
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import datetime, timedelta
from typing import Any, Callable

from apscheduler.events import EVENT_SCHEDULER_SHUTDOWN
from apscheduler.executors.pool import ThreadPoolExecutor as APThreadPool
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler
from sqlalchemy.engine import Engine

from deadlines.core.registry import Registry
from deadlines.store.db import get_db, now as utcnow
from deadlines.reminders.outbox import claim, deliver, next_due
from deadlines.reminders.plan import plan_all
from deadlines.reminders.settings import Settings
from deadlines.reminders import wake

log = logging.getLogger(__name__)


WORKER_NAME_MAX = 64  # Reminder.claimed_by and DeliveryLog.worker


def worker_name(host: str, pid: int, ident: int) -> str:
    """``host:pid:id``, the host cut short so the whole fits the 64-character
    columns that record who claimed and sent a reminder (long cloud host names
    would otherwise make every claim fail on PostgreSQL)."""
    tail = f":{pid}:{ident:x}"
    return host[: WORKER_NAME_MAX - len(tail)] + tail


class Worker:
    """One scheduler process's work; ``clock`` is replaceable in tests."""

    def __init__(self, db: Engine, registry: Registry, settings: Settings, clock: Callable[[], datetime] = utcnow):
        self.db, self.registry, self.settings, self.clock = db, registry, settings, clock
        self.name = worker_name(socket.gethostname(), os.getpid(), id(self))
        self._busy = threading.Lock()

    def tick(self) -> dict[str, int] | None:
        """Plan, then send everything due, up to ``settings.concurrency`` at
        once (a slow target holds one slot, not the rest); returns outcome
        counts, or None when a tick was already running (it sees to what is due)."""
        counts: dict[str, int] = {}
        if not self._busy.acquire(blocking=False):
            return None
        try:
            plan_all(self.db, self.registry, now=self.clock(), settings=self.settings)
            with ThreadPoolExecutor(self.settings.concurrency, thread_name_prefix="deliver") as pool:
                running: dict[Future, int] = {}
                while True:
                    free = self.settings.concurrency - len(running)
                    batch = claim(self.db, self.name, self.clock(), self.settings, limit=free,
                                  busy=running.values()) if free else []
                    running |= {pool.submit(self._deliver, rid): rid for rid in batch}
                    if not running:
                        break
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        del running[future]
                        outcome = future.result()
                        counts[outcome] = counts.get(outcome, 0) + 1
        finally:
            self._busy.release()
        if counts:
            log.info("reminders: %s", counts)
        return counts

    def _deliver(self, rid: int) -> str:
        try:
            return deliver(self.db, rid, self.name, self.clock(), self.settings)
        except Exception:  # noqa: BLE001 - e.g. the database went away: the lease runs out, it is retried
            log.exception("delivering reminder %s failed", rid)
            return "error"


def _arm(scheduler: BaseScheduler, worker: Worker) -> Callable[[], None]:
    """Tick now and every ``settings.tick`` seconds, and also at the next due
    time; returns a function that wakes it at once."""

    def run() -> None:
        try:
            if worker.tick() is None:
                return
            wake = next_due(worker.db)
        except Exception:  # keep the scheduler alive; the next tick retries
            log.exception("scheduler tick failed")
            return
        soon = utcnow() + timedelta(seconds=worker.settings.tick)
        if wake is not None and wake < soon:
            at(wake)

    def at(when: datetime) -> None:
        # max_instances=2: this job replaces itself while it runs; Worker.tick never overlaps
        scheduler.add_job(run, "date", run_date=max(when, utcnow()), id="wake", replace_existing=True,
                          misfire_grace_time=None, max_instances=2)

    scheduler.add_job(run, "interval", seconds=worker.settings.tick, id="tick", next_run_time=utcnow(),
                      coalesce=True, max_instances=1, misfire_grace_time=None)
    return lambda: at(utcnow())


def _make(cls, settings: Settings, url: str | None, calendars=None):
    """A scheduler of class ``cls`` with its worker armed, woken by
    :mod:`.wake` (in this process, and by NOTIFY on PostgreSQL)."""
    worker = Worker(get_db(url), Registry(calendars), settings)
    scheduler = cls(executors={"default": APThreadPool(1)}, timezone="UTC")
    now = _arm(scheduler, worker)
    stop = threading.Event()
    unregister = wake.register(worker.db, now)
    wake.listen(worker.db, now, stop)

    def stopped(event) -> None:
        stop.set()
        unregister()
    scheduler.add_listener(stopped, EVENT_SCHEDULER_SHUTDOWN)
    return scheduler


def start_scheduler(app_or_config: Any = None) -> BackgroundScheduler:
    """Start the scheduler in a background thread (the one-process default of
    ``deadlines serve``). Takes the Flask app, a config mapping
    (``DATABASE_URL``, ``CALENDARS_DIR``) or None (the environment)."""
    config = getattr(app_or_config, "config", app_or_config) or {}
    scheduler = _make(BackgroundScheduler, Settings.from_env(), config.get("DATABASE_URL") or None,
                      config.get("CALENDARS_DIR"))
    scheduler.start()
    return scheduler


def run_forever(settings: Settings | None = None) -> None:
    """``deadlines scheduler``: block until SIGTERM/SIGINT."""
    import signal

    scheduler = _make(BlockingScheduler, settings or Settings.from_env(), None)
    signal.signal(signal.SIGTERM, lambda *_: scheduler.shutdown(wait=False))
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        pass
