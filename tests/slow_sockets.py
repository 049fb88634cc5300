"""Slow sockets held against a server from chosen loopback addresses, and a
probe from another address: a test helper (``tests/serve/test_slow_clients.py``)
that ``bench/slow.py`` imports too (it measures the same at 2,000 sockets).

``slow_addresses`` are 127.0.0.10, 127.0.0.11, ... (the whole of 127.0.0.0/8 is
local on Linux); :class:`Holder` keeps ``count`` sockets each sending a request
slowly and never finishing it; :func:`probe` is one visitor's GET from
:data:`PROBE_FROM`; :func:`open_files` raises RLIMIT_NOFILE for them.
"""
from __future__ import annotations

import errno
import http.client
import resource
import selectors
import socket
import statistics
import time

PROBE_FROM = "127.0.0.2"
IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)


def slow_addresses(count: int, first: int = 10) -> list[str]:
    """``count`` source addresses on the loopback network: 127.0.0.10, 127.0.0.11, ..."""
    if not 1 <= count <= 240:
        raise ValueError("between 1 and 240 source addresses")
    return [f"127.0.0.{first + n}" for n in range(count)]


def open_files(wanted: int) -> tuple[int, int]:
    """Raise this process's RLIMIT_NOFILE soft limit to ``wanted`` (never past the hard
    limit); the limits after. Raises SystemExit when the hard limit is below ``wanted``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        raise SystemExit(f"error: {wanted} open files needed, the hard limit is {hard} "
                         f"(raise it: ulimit -Hn, LimitNOFILE=, or use fewer --sockets)")
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class _Slot:
    __slots__ = ("source", "sock", "state", "since", "sent")

    def __init__(self, source: str):
        self.source, self.sock, self.state, self.since, self.sent = source, None, "closed", 0.0, 0


class Holder:
    """``count`` slow sockets to ``address`` from ``sources`` (round robin), in
    one thread of this process, non-blocking: :meth:`tick` every ``every``
    seconds sends each open socket its next slow piece, reopens the closed ones
    and samples how many are held."""

    def __init__(self, address: tuple[str, int], count: int, sources: list[str], trickle: str = "headers",
                 every: float = 2.0):
        self.address, self.every, self.trickle = address, every, trickle
        self.slots = [_Slot(sources[n % len(sources)]) for n in range(count)]
        self.selector = selectors.DefaultSelector()
        self.opened = self.closed_by_server = self.unfinished_connects = self.open_errors = 0
        self.answers: dict[str, int] = {}
        self.samples: list[int] = []
        if trickle == "headers":
            self.first = b"GET /calendars/ypsilanti-mi.ics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        else:
            self.first = (b"POST /subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 16000\r\n\r\n")

    def held(self) -> int:
        return sum(s.state == "open" for s in self.slots)

    def _open(self, slot: _Slot) -> None:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            s.bind((slot.source, 0))
            code = s.connect_ex(self.address)
        except OSError:
            s.close()
            self.open_errors += 1
            return
        if code not in (0, errno.EINPROGRESS):
            s.close()
            self.open_errors += 1
            return
        slot.sock, slot.state, slot.since, slot.sent = s, "connecting", time.monotonic(), 0
        self.selector.register(s, selectors.EVENT_WRITE, slot)

    def _close(self, slot: _Slot) -> None:
        if slot.sock is not None:
            try:
                self.selector.unregister(slot.sock)
            except (KeyError, ValueError):
                pass
            slot.sock.close()
        slot.sock, slot.state = None, "closed"

    def _send(self, slot: _Slot, data: bytes) -> None:
        try:
            slot.sock.send(data)  # a few bytes: never more than the send buffer
        except OSError:
            self.closed_by_server += 1
            self._close(slot)

    def _ready(self, slot: _Slot, events: int) -> None:
        if slot.state == "connecting":
            if slot.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                self.open_errors += 1
                self._close(slot)
                return
            slot.state = "open"
            self.opened += 1
            self.selector.modify(slot.sock, selectors.EVENT_READ, slot)
            self._send(slot, self.first)
            return
        try:
            data = slot.sock.recv(256)
        except OSError:
            data = b""
        if data.startswith(b"HTTP/"):
            status = data.split(b" ", 2)[1].decode("ascii", "replace")
            self.answers[status] = self.answers.get(status, 0) + 1
        else:
            self.closed_by_server += 1
        self._close(slot)

    def tick(self) -> None:
        self.samples.append(self.held())  # before reopening: those reopened last tick have connected
        now = time.monotonic()
        piece = b"X-Slow: 1\r\n" if self.trickle == "headers" else b"a"
        for slot in self.slots:
            if slot.state == "open":
                self._send(slot, piece)
            elif slot.state == "connecting" and now - slot.since > 10:
                self.unfinished_connects += 1  # the server's backlog is full: the SYN went unanswered
                self._close(slot)
            if slot.state == "closed":
                self._open(slot)

    def run(self, stop_at: float, started=None, stop=None) -> None:
        """Open every socket, then tick until wall-clock ``stop_at`` or until
        ``stop`` is set; ``started`` is set once every socket has had one try
        and one tick has passed."""
        for slot in self.slots:
            self._open(slot)
            for key, events in self.selector.select(0):
                self._ready(key.data, events)
        next_tick = time.monotonic() + self.every
        ticks, stopped = 0, False
        while time.time() < stop_at and not stopped:
            for key, events in self.selector.select(max(0.0, min(0.2, next_tick - time.monotonic()))):
                self._ready(key.data, events)
            if time.monotonic() >= next_tick:
                self.tick()
                ticks += 1
                stopped = stop is not None and stop.is_set()
                next_tick += self.every
                if ticks == 1 and started is not None:
                    started.set()
        for slot in self.slots:
            self._close(slot)

    def figures(self, from_tick: int = 1) -> dict:
        samples = self.samples[from_tick:] or self.samples or [0]
        return {"held_min": min(samples), "held_median": int(statistics.median(samples)), "held_max": max(samples),
                "opened": self.opened, "closed_by_server": self.closed_by_server, "answers": dict(self.answers),
                "unfinished_connects": self.unfinished_connects, "open_errors": self.open_errors}


def probe(url: str, path: str, source: str = PROBE_FROM, timeout: float = 10.0) -> tuple[bool, float, str]:
    """One GET from ``source`` on a new connection: (answered 200, seconds, what went wrong)."""
    host, port = url.removeprefix("http://").split(":")
    started = time.monotonic()
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        resp = conn.getresponse()
        resp.read()
        return resp.status == 200, time.monotonic() - started, "" if resp.status == 200 else str(resp.status)
    except (OSError, http.client.HTTPException) as exc:
        return False, time.monotonic() - started, type(exc).__name__
    finally:
        conn.close()
