"""Printable calendars laid out in a separate process.

WeasyPrint's layout is Python that holds the interpreter's lock for the
0.2-0.3 s one calendar takes, so in ``deadlines serve`` (one process whose
threads share one interpreter) every other answer waited its turn behind it.
Here the web process makes the page's HTML (a few ms), hands it to a printing
process and waits without holding the lock; the PDF's bytes come back.

- ``PDF_PROCESSES`` printing processes per web process (default 1; 0 lays
  out in the asking process). How many calendars are laid out at once on the
  machine is still :mod:`web.costly`'s to say.
- Started on first use by ``spawn``, never ``fork`` (a web process has threads
  and open database connections), each warmed by laying out one line, and
  replaced after :data:`MAX_TASKS` calendars (WeasyPrint keeps caches); each
  ends within a second of its web process (:mod:`deadlines.publish.printer`), however
  that ended.
- One pool per web process: a gunicorn worker makes its own after the fork.
- A printing process that dies (killed, out of memory) fails what it held:
  the pool is replaced and the calendar asked again once; one that takes
  longer than :data:`TIMEOUT` is a 503 with ``Retry-After``.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor, TimeoutError
from concurrent.futures.process import BrokenProcessPool

from deadlines.publish import printer
from deadlines.publish.calendar import pdf_of
from web.costly import Busy

MAX_TASKS = 200
TIMEOUT = 120.0
_lock = threading.Lock()
_pools: dict[tuple[int, int], ProcessPoolExecutor] = {}  # (web process id, processes) -> its printing pool


def _pool(processes: int) -> ProcessPoolExecutor:
    key = (os.getpid(), processes)
    with _lock:
        pool = _pools.get(key)
        if pool is None:
            pool = _pools[key] = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=printer.start, initargs=(os.getpid(),),
                                                     max_tasks_per_child=MAX_TASKS)
        return pool


def _replace(processes: int, pool: ProcessPoolExecutor) -> None:
    with _lock:
        if _pools.get((os.getpid(), processes)) is pool:
            del _pools[(os.getpid(), processes)]
    pool.shutdown(wait=False, cancel_futures=True)


def printed(page: str, processes: int) -> bytes:
    """``page`` (:func:`deadlines.publish.calendar.html`) as PDF, laid out by
    one of ``processes`` printing processes (0: here)."""
    if processes <= 0:
        return pdf_of(page)
    for attempt in (1, 2):
        pool = _pool(processes)
        try:
            return pool.submit(pdf_of, page).result(timeout=TIMEOUT)
        except BrokenProcessPool:
            _replace(processes, pool)
            if attempt == 2:
                raise Busy(503, "busy.printer_stopped", 10) from None
        except TimeoutError:
            raise Busy(503, "busy.printer_slow", 10) from None
    raise AssertionError("unreachable")


@atexit.register
def _stop() -> None:
    for pool in list(_pools.values()):
        pool.shutdown(wait=False, cancel_futures=True)
