"""Waking the scheduler when a message is due now (a confirmation, a
"deadline moved" notice), so it goes out within seconds of the write rather
than at the next tick.

In one process (``deadlines serve``) the scheduler registers itself with
:func:`register`; across processes on PostgreSQL, :func:`notify` also sends
``NOTIFY deadlines_reminders``, which every ``deadlines scheduler`` hears
(:func:`listen`). SQLite deployments are one process, so the first suffices.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable

from sqlalchemy.engine import Engine

CHANNEL = "deadlines_reminders"
log = logging.getLogger(__name__)
_wakers: dict[str, list[Callable[[], None]]] = {}
_lock = threading.Lock()


def _key(db: Engine) -> str:
    return db.url.render_as_string(hide_password=True)


def register(db: Engine, wake: Callable[[], None]) -> Callable[[], None]:
    """Call ``wake`` whenever this process notifies ``db``; returns the undo."""
    with _lock:
        _wakers.setdefault(_key(db), []).append(wake)

    def unregister() -> None:
        with _lock:
            _wakers.get(_key(db), []).remove(wake)
    return unregister


def notify(db: Engine) -> None:
    """Something is due now in ``db``. Never raises: the next tick sends it anyway."""
    with _lock:
        wakers = list(_wakers.get(_key(db), ()))
    for wake in wakers:
        wake()
    if db.dialect.name == "postgresql":
        try:
            with db.begin() as conn:
                conn.exec_driver_sql(f"NOTIFY {CHANNEL}")
        except Exception:  # noqa: BLE001 - a lost wake-up only delays to the next tick
            log.warning("could not notify the scheduler", exc_info=True)


def listen(db: Engine, wake: Callable[[], None], stop: threading.Event) -> threading.Thread | None:
    """On PostgreSQL, a daemon thread calling ``wake`` on every notification
    until ``stop`` is set (reconnecting after errors); None elsewhere."""
    if db.dialect.name != "postgresql":
        return None
    import psycopg

    conninfo = db.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def run() -> None:
        while not stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not stop.is_set():
                        if any(True for _ in conn.notifies(timeout=1.0)):
                            wake()
            except psycopg.Error:
                log.warning("scheduler wake-up listener lost its connection; retrying", exc_info=True)
                stop.wait(5)

    thread = threading.Thread(target=run, name="reminder-wake", daemon=True)
    thread.start()
    return thread
