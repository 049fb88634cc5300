"""What a new web process computes before it answers anyone: the landing page
(``/``), the page most visitors open first. Cold, it loads the place directory
and lists what is coming across each state's every government (about 3 s of
CPU with every roster loaded; over 10 s on a loaded two-core machine), and the
first visitor waited for all of it. ``deadlines serve`` calls :func:`warm`
after binding its port and before answering (connections wait in the listen
backlog meanwhile); the scaled setup's gunicorn workers call it in
``post_worker_init`` (``deploy/gunicorn.conf.py``), before they accept.

Then it sets aside every object made so far from the garbage collector's
full collections (``gc.freeze``): with every roster loaded a process holds
about 670,000 tracked objects, nearly all of them kept for good (the
registry, the laws, the place directory), and each full collection walked
them all, 0.35-0.45 s during which no thread of the process answered anyone.
Objects made later (cached answers) are collected as before.

A failure is logged and the process serves anyway: the page then computes on
its first visit, as it did before."""
from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


def warm(app) -> float:
    """Compute the landing page's listings into ``app``'s caches, then collect
    and freeze what the process holds (``gc.collect(); gc.freeze()``); returns
    the seconds it took. Never raises (a failure is logged as an error)."""
    from web.landing import overview

    started = time.perf_counter()
    try:
        with app.test_request_context("/"):
            overview()
    except Exception:  # noqa: BLE001 - the process must serve even if the warm-up fails
        log.exception("warm-up of the landing page failed; it will be computed on its first visit")
    gc.collect()
    gc.freeze()
    return time.perf_counter() - started
