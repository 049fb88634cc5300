"""Expensive work that cannot starve the rest: computing a feed of many
governments, a printable calendar or a listing across governments (what the
caches do not hold yet; an answer already computed is never held back here).

Shared by every web process of the machine (``serve``'s threads and every
gunicorn worker alike, through lock files in the instance folder's
``costly/``, released by the system if a process dies): at most
``COSTLY_SLOTS`` such computations at once (default: one per CPU, at least 2),
a client (the address :func:`web.limits.client` names) at most
``COSTLY_PER_CLIENT`` at once (running or waiting; default and most: half the
slots, at least 1, so that one client never holds every slot), and at most
``COSTLY_QUEUE`` more waiting for a slot (8), each at most ``COSTLY_WAIT``
seconds (10); and one web process at most ``COSTLY_PER_PROCESS`` of them at
once, running or waiting (default :data:`PER_PROCESS`; ``deadlines serve``
gives half its threads, ``deploy/gunicorn.conf.py`` half a worker's), because a request
waiting here holds one of its process's threads: with every thread of
``serve`` holding a printable calendar, a government's API answer waited
p95 1.7 s behind twelve clients asking for them (``bench/costly.py --pdfs
--clients 12``). Past the client's share the answer is 429, past the
process's, the queue or the wait 503, each with ``Retry-After``: for
software (:data:`web.problems.FOR_SOFTWARE`) a problem document with the
refusal's ``code`` (:data:`REFUSALS`), for people a page in their language.
Cheap reads (a government's page, feed or API answer) and clerk writes never
pass through here, and the threads kept free answer them.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import threading
import time
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from flask import Flask, Response, current_app

from deadlines.config import instance_dir
from deadlines.words import _
from web.limits import client
from web.problems import refusal

T = TypeVar("T")

#: Expensive requests one web process holds at once, running or waiting, where no setting says.
PER_PROCESS = 4
#: Clients are told apart in this many shares of lock files (two may rarely share one).
CLIENT_SHARES = 4096


#: What each refusal says, by code: the English is its own msgid in the
#: ``messages`` catalog, ``{count}`` filled from the refusal's facts.
REFUSALS = {
    "busy.client_share": _("this client already has as many expensive requests being computed as it may ({count}: "
                           "feeds of many governments, printable calendars, listings across governments); ask again "
                           "when they are answered"),
    "busy.process_share": _("this server process already holds as many expensive requests as it may ({count}, running "
                            "or waiting), keeping its other threads for everyone else; try again shortly"),
    "busy.queue_full": _("too many expensive requests are waiting to be computed; try again shortly"),
    "busy.wait_over": _("expensive requests are taking longer than usual; try again shortly"),
    "busy.printer_stopped": _("the printing process stopped twice; try again shortly"),
    "busy.printer_slow": _("printing the calendar is taking longer than usual; try again shortly"),
}


class Busy(Exception):
    """Refused: the client has its share of expensive work running (429), or
    the queue for it is full or its wait ran out (503). ``code`` is one of
    :data:`REFUSALS`; its message in English is the exception's text."""

    def __init__(self, status: int, code: str, retry_after: int, **facts: int):
        super().__init__(REFUSALS[code].format(**facts))
        self.status, self.code, self.retry_after, self.facts = status, code, retry_after, facts


def share_of(slots: int, asked: int | None = None) -> int:
    """A client's share of ``slots``: ``asked`` (default: all it may), at most
    half of them and at least 1 (with 2 slots, 1: on a 2-CPU machine a share
    of 2 let one anonymous client hold every slot)."""
    most = max(1, slots // 2)
    return most if asked is None else max(1, min(int(asked), most))


class Gate:
    """At most ``slots`` computations at once, ``per_client`` of them (running
    or waiting) per client, ``queue`` waiting, each at most ``wait`` seconds:
    counted by exclusive locks on files of ``folder``, so every process using
    the folder shares the counts. A client's share is at most half the slots
    (at least 1: :func:`share_of`), so that another client finds a slot while
    one asks for all it may."""

    def __init__(self, folder: Path, slots: int, per_client: int, queue: int, wait: float, poll: float = 0.05,
                 per_process: int = PER_PROCESS):
        self.folder, self.slots, self.per_client, self.queue, self.wait, self.poll = \
            Path(folder), slots, share_of(slots, per_client), queue, wait, poll
        self.per_process = max(1, per_process)
        self._here = threading.BoundedSemaphore(self.per_process)  # this process's threads held here
        self.folder.mkdir(parents=True, exist_ok=True)

    def _take(self, names: Iterable[str]) -> int | None:
        """An open descriptor of the first of ``names`` no one holds, locked; None if all are held."""
        for name in names:
            fd = os.open(self.folder / name, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                os.close(fd)
        return None

    @staticmethod
    def _give(fd: int) -> None:
        os.close(fd)  # closing the descriptor releases its lock

    def run(self, who: str, work: Callable[[], T]) -> T:
        """``work()`` once a slot is free; :class:`Busy` where ``who`` has its
        share, the queue is full, or no slot is free within ``wait``."""
        share = int(hashlib.sha256(who.encode()).hexdigest(), 16) % CLIENT_SHARES
        mine = self._take(f"client-{share}-{n}" for n in range(self.per_client))
        if mine is None:
            raise Busy(429, "busy.client_share", 5, count=self.per_client)
        if not self._here.acquire(blocking=False):
            self._give(mine)
            raise Busy(503, "busy.process_share", 5, count=self.per_process)
        try:
            place = self._take(f"place-{n}" for n in range(self.slots + self.queue))  # running or waiting
            if place is None:
                raise Busy(503, "busy.queue_full", 10)
            try:
                until = time.monotonic() + self.wait
                slot = self._take(f"slot-{n}" for n in range(self.slots))
                while slot is None:
                    if time.monotonic() >= until:
                        raise Busy(503, "busy.wait_over", 10)
                    time.sleep(self.poll)
                    slot = self._take(f"slot-{n}" for n in range(self.slots))
                try:
                    return work()
                finally:
                    self._give(slot)
            finally:
                self._give(place)
        finally:
            self._here.release()
            self._give(mine)


def costly(work: Callable[[], T]) -> T:
    """``work()`` through this app's :class:`Gate`, for the requesting client."""
    return current_app.extensions["costly"].run(client(), work)


def refused(exc: Busy) -> Response:
    return refusal(exc.status, exc.code, REFUSALS[exc.code], exc.retry_after, "busy", **exc.facts)


def init_app(app: Flask) -> None:
    slots = int(app.config.get("COSTLY_SLOTS") or max(2, os.cpu_count() or 1))
    folder = Path(app.config.get("COSTLY_DIR") or instance_dir() / "costly")
    app.extensions["costly"] = Gate(folder, slots, share_of(slots, app.config.get("COSTLY_PER_CLIENT")),
                                    int(app.config.get("COSTLY_QUEUE", 8)), float(app.config.get("COSTLY_WAIT", 10)),
                                    per_process=int(app.config.get("COSTLY_PER_PROCESS") or PER_PROCESS))
    app.register_error_handler(Busy, refused)
