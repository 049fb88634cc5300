"""Expensive work that cannot starve the rest: computing a feed of many
governments, a printable calendar or a listing across governments (what the
caches do not hold yet; an answer already computed is never held back here).

Each web process admits at most ``COSTLY_SLOTS`` such computations at once
(default: one per CPU, at least 2), a client (the address
:func:`web.limits.client` names) at most ``COSTLY_PER_CLIENT`` at once (2),
and at most ``COSTLY_QUEUE`` more wait for a slot (8), each at most
``COSTLY_WAIT`` seconds (10). Past the client's share the answer is 429, past
the queue or the wait 503, both with ``Retry-After`` and a problem document;
cheap reads (a government's page, feed or API answer) and clerk writes never
pass through here, so they never wait behind it.
"""
from __future__ import annotations

import os
import threading
from collections import Counter
from typing import Callable, TypeVar

from flask import Flask, Response, current_app

from web.limits import client
from web.problems import problem

T = TypeVar("T")


class Busy(Exception):
    """Refused: the client has its share of expensive work running (429), or
    the queue for it is full or its wait ran out (503)."""

    def __init__(self, status: int, detail: str, retry_after: int):
        super().__init__(detail)
        self.status, self.retry_after = status, retry_after


class Gate:
    """At most ``slots`` computations at once, ``per_client`` of them (running
    or waiting) per client, ``queue`` waiting, each at most ``wait`` seconds."""

    def __init__(self, slots: int, per_client: int, queue: int, wait: float):
        self.slots, self.per_client, self.queue, self.wait = slots, per_client, queue, wait
        self._free = threading.Semaphore(slots)
        self._lock = threading.Lock()
        self._clients: Counter[str] = Counter()
        self._waiting = 0

    def run(self, who: str, work: Callable[[], T]) -> T:
        """``work()`` once a slot is free; :class:`Busy` where ``who`` has its
        share, the queue is full, or no slot is free within ``wait``."""
        with self._lock:
            if self._clients[who] >= self.per_client:
                raise Busy(429, f"this client already has {self.per_client} expensive requests (feeds of many "
                                "governments, printable calendars, listings across governments) being computed; "
                                "ask again when they are answered", 5)
            if self._waiting >= self.queue:
                raise Busy(503, "too many expensive requests are waiting to be computed; try again shortly", 10)
            self._clients[who] += 1
            self._waiting += 1
        admitted = False
        try:
            admitted = self._free.acquire(timeout=self.wait)
            with self._lock:
                self._waiting -= 1
            if not admitted:
                raise Busy(503, "expensive requests are taking longer than usual; try again shortly", 10)
            return work()
        finally:
            if admitted:
                self._free.release()
            with self._lock:
                self._clients[who] -= 1
                if not self._clients[who]:
                    del self._clients[who]

    def running(self) -> dict[str, int]:
        """Computations per client now (running or waiting), for logs and tests."""
        with self._lock:
            return dict(self._clients)


def costly(work: Callable[[], T]) -> T:
    """``work()`` through this app's :class:`Gate`, for the requesting client."""
    return current_app.extensions["costly"].run(client(), work)


def refused(exc: Busy) -> Response:
    resp = problem(exc.status, str(exc))
    resp.headers["Retry-After"] = str(exc.retry_after)
    return resp


def init_app(app: Flask) -> None:
    slots = int(app.config.get("COSTLY_SLOTS") or max(2, os.cpu_count() or 1))
    app.extensions["costly"] = Gate(slots, int(app.config.get("COSTLY_PER_CLIENT", 2)),
                                    int(app.config.get("COSTLY_QUEUE", 8)), float(app.config.get("COSTLY_WAIT", 10)))
    app.register_error_handler(Busy, refused)
