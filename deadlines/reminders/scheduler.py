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
from datetime import datetime, timedelta
from typing import Any, Callable

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler
from sqlalchemy.engine import Engine

from deadlines.core.registry import Registry
from deadlines.store.db import get_db, now as utcnow
from deadlines.reminders.outbox import claim, deliver, next_due
from deadlines.reminders.plan import plan_all
from deadlines.reminders.settings import Settings

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

    def tick(self) -> dict[str, int]:
        """Plan, then send everything due; returns outcome counts."""
        counts: dict[str, int] = {}
        if not self._busy.acquire(blocking=False):
            return counts
        try:
            plan_all(self.db, self.registry, now=self.clock(), settings=self.settings)
            while batch := claim(self.db, self.name, self.clock(), self.settings):
                for rid in batch:
                    outcome = deliver(self.db, rid, self.name, self.clock(), self.settings)
                    counts[outcome] = counts.get(outcome, 0) + 1
        finally:
            self._busy.release()
        if counts:
            log.info("reminders: %s", counts)
        return counts


def _arm(scheduler: BaseScheduler, worker: Worker) -> None:
    """Tick now and every ``settings.tick`` seconds, and also at the next due time."""

    def run() -> None:
        try:
            worker.tick()
            wake = next_due(worker.db)
        except Exception:  # keep the scheduler alive; the next tick retries
            log.exception("scheduler tick failed")
            return
        soon = utcnow() + timedelta(seconds=worker.settings.tick)
        if wake is not None and wake < soon:
            # max_instances=2: this job replaces itself while it runs; Worker.tick never overlaps
            scheduler.add_job(run, "date", run_date=max(wake, utcnow()), id="wake", replace_existing=True,
                              misfire_grace_time=None, max_instances=2)

    scheduler.add_job(run, "interval", seconds=worker.settings.tick, id="tick", next_run_time=utcnow(),
                      coalesce=True, max_instances=1, misfire_grace_time=None)


def _make(cls, settings: Settings, url: str | None, calendars=None):
    worker = Worker(get_db(url), Registry(calendars), settings)
    scheduler = cls(executors={"default": ThreadPoolExecutor(1)}, timezone="UTC")
    _arm(scheduler, worker)
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
