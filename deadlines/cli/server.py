"""The HTTP server of ``deadlines serve``: waitress, set so that slow or many
clients cannot take the site offline.

- Reading a request is asynchronous (no worker thread is held by a slow
  client) and bounded in time: a request whose headers and body have not all
  arrived within ``request_timeout`` seconds of its first byte is dropped,
  however steadily it trickles in (waitress's own ``channel_timeout`` counts
  only silence, so a header line every few seconds would hold it forever).
- Idle keep-alive connections close after ``idle_timeout`` seconds.
- Up to ``connection_limit`` connections at once (polled, not ``select``ed,
  so more than 1,024 work); past it new ones wait in the listen backlog. The
  open-file limit (RLIMIT_NOFILE) is raised for them up to its hard limit;
  where the hard limit is lower, the connection limit is lowered to fit and
  :func:`make_server` says so (else an accept past it would fail and spin).
- Up to ``per_client_limit`` of them from one client address (0: no limit):
  a connection past it is answered 429 at once (a few bytes, no channel, no
  thread, the request unread) and closed, so that thousands of slow sockets
  from a few addresses can never fill the connection limit and lock everyone
  else out. Off behind trusted proxies: every connection comes from the proxy.
- A body over ``max_body`` bytes is refused (413) from its Content-Length,
  before any of it is read. That answer, and every other one waitress makes
  itself without asking the app (a malformed request, headers too large), is
  an RFC 9457 problem document like the app's (:class:`_ProblemTask`), with
  the headers every answer of the app carries.
- Every pending connection is accepted at once (up to :data:`ACCEPT_BATCH`),
  not one per turn of the loop: when hundreds connect together the last
  no longer waits for hundreds of turns (18 s at 350 under load).
- A clerk's write (a request other than GET or HEAD carrying an
  ``Authorization`` header: the clerk API) is served before the reads queued
  ahead of it, so that its time under load is its own work, not the queue's.
- ``X-Forwarded-*`` reach the app (which trusts ``TRUSTED_PROXIES`` hops of
  them, :mod:`web.security`) only when proxies are trusted; else they are dropped.
"""
from __future__ import annotations

import json
import resource
import sys
import threading
import time

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer, create_server
from waitress.task import ErrorTask
from waitress.utilities import RequestEntityTooLarge

from deadlines.core.errors import InputError
from web.security import PERMISSIONS

#: How often the server looks for connections past their time (seconds).
SWEEP_EVERY = 1.0
#: Connections accepted in one turn of the loop at most.
ACCEPT_BATCH = 128
#: Open files the server needs besides its connections (database, logs, the trigger, calendars being read).
SPARE_FILES = 64


#: The headers of an answer waitress makes itself (as web.security gives the app's).
OWN_HEADERS = (("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store"),
               ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"), ("X-Frame-Options", "DENY"))


class _ProblemTask(ErrorTask):
    """Waitress's own error answer (the request never reached the app) as a
    problem document, ``application/problem+json``."""

    def execute(self):
        error = self.request.error
        if isinstance(error, RequestEntityTooLarge):
            detail = str(InputError.of("body.too_large", "body", limit=self.channel.server.adj.max_request_body_size - 1))
        else:
            detail = str(error.body)
        body = json.dumps({"type": "about:blank", "title": error.reason, "status": error.code, "detail": detail}).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend([("Content-Type", "application/problem+json"), *OWN_HEADERS,
                                      ("Permissions-Policy", PERMISSIONS)])
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class _Channel(HTTPChannel):
    """A connection that remembers when the request it is reading began, and
    answers what waitress refuses as a problem."""

    reading_since: float | None = None
    error_task_class = _ProblemTask
    counted: str | None = None  # the client address this connection counts against

    def __init__(self, server, sock, addr, adj, map=None):
        super().__init__(server, sock, addr, adj, map=map)
        clients = getattr(server, "per_client", None)
        if clients is not None:
            self.counted = clients.opened(addr)

    def del_channel(self, map=None):
        super().del_channel(map)
        if self.counted is not None:
            self.server.per_client.closed(self.counted)
            self.counted = None

    def received(self, data):
        if self.request is None and data:
            self.reading_since = time.monotonic()
        try:
            return super().received(data)
        finally:
            if self.request is None:  # no request left half-read
                self.reading_since = None


def _sweeping(server: TcpWSGIServer, request_timeout: float) -> None:
    """Make ``server``'s periodic maintenance also drop requests read too slowly."""
    idle_sweep = server.maintenance

    def maintenance(now: float) -> None:
        idle_sweep(now)
        cutoff = time.monotonic() - request_timeout
        for channel in list(server.active_channels.values()):
            since = getattr(channel, "reading_since", None)
            if since is not None and since < cutoff:
                channel.will_close = True

    server.maintenance = maintenance


#: The answer to a connection past the per-client limit, sent before anything is read.
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nConnection: close\r\n"
            b"Content-Type: application/problem+json\r\n"
            + b"".join(f"{k}: {v}\r\n".encode() for k, v in OWN_HEADERS)
            + b"Content-Length: %d\r\n\r\n")
TOO_MANY_BODY = json.dumps({"type": "about:blank", "title": "Too Many Requests", "status": 429,
                            "detail": "too many connections from one address at once"}).encode()


class _PerClient:
    """Open connections per client address, and the limit on them."""

    def __init__(self, limit: int):
        self.limit, self.count, self.refused = limit, {}, 0
        self._lock = threading.Lock()  # a channel may be closed from a worker thread

    def full(self, host: str) -> bool:
        return self.count.get(host, 0) >= self.limit

    def opened(self, addr) -> str:
        host = addr[0] if isinstance(addr, tuple) else str(addr)
        with self._lock:
            self.count[host] = self.count.get(host, 0) + 1
        return host

    def closed(self, host: str) -> None:
        with self._lock:
            left = self.count.get(host, 0) - 1
            if left > 0:
                self.count[host] = left
            else:
                self.count.pop(host, None)


def _refuse(conn) -> None:
    """Answer 429 and close, without reading: no channel, no thread, a few hundred bytes."""
    try:
        conn.setblocking(False)
        conn.send(TOO_MANY % len(TOO_MANY_BODY) + TOO_MANY_BODY)
    except OSError:
        pass
    finally:
        conn.close()


def _accepting_all(server: TcpWSGIServer) -> None:
    """Accept the pending connections in one turn (waitress takes one per turn,
    and a turn waits its share of the interpreter behind every busy thread),
    refusing those past the per-client limit (:class:`_PerClient`)."""
    clients: _PerClient | None = getattr(server, "per_client", None)

    def handle_accept() -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                accepted = server.accept()
                if accepted is None:
                    return  # none was pending
                conn, addr = accepted
                server.set_socket_options(conn)
            except OSError:  # as waitress: a bogus socket, or one the client already closed
                return
            addr = server.fix_addr(addr)
            if clients is not None and clients.full(addr[0] if isinstance(addr, tuple) else str(addr)):
                clients.refused += 1
                _refuse(conn)
                continue
            server.channel_class(server, conn, addr, server.adj, map=server._map)
            if len(server._map) >= server.adj.connection_limit:
                return  # no more may be served at once

    server.handle_accept = handle_accept


def _writes_first(server: TcpWSGIServer) -> None:
    """Queue a clerk's write ahead of the waiting reads (waitress queues every
    request in arrival order: behind a few hundred readers a write waited for all of them)."""
    dispatcher = server.task_dispatcher

    def add_task(channel) -> None:
        request = channel.requests[0] if channel.requests else None
        if request is None or request.command in ("GET", "HEAD") or "AUTHORIZATION" not in request.headers:
            return dispatcher.add_task(channel)
        with dispatcher.lock:
            dispatcher.queue.appendleft(channel)
            dispatcher.queue_cv.notify()

    server.add_task = add_task


def _open_files(wanted: int) -> int:
    """Raise this process's open-file limit towards ``wanted`` (as far as the hard
    limit allows); the soft limit after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return wanted if soft == resource.RLIM_INFINITY else soft


def connections_allowed(connection_limit: int, threads: int, say=lambda line: print(line, file=sys.stderr)) -> int:
    """``connection_limit``, after raising the open-file limit for it; lowered
    (with a line said) where the hard limit leaves fewer files."""
    files = _open_files(connection_limit + threads + SPARE_FILES)
    fits = files - threads - SPARE_FILES
    if fits < connection_limit:
        fits = max(10, fits)
        say(f"warning: the open-file limit is {files} (RLIMIT_NOFILE, hard limit included): serving at most "
            f"{fits} connections at once, not {connection_limit}; raise it (ulimit -n, systemd LimitNOFILE=) "
            f"to {connection_limit + threads + SPARE_FILES}")
        return fits
    return connection_limit


def make_server(app, *, host: str, port: int, threads: int, connection_limit: int, request_timeout: float,
                idle_timeout: float, max_body: int, trust_proxies: bool, per_client_limit: int = 0):
    """A waitress server for ``app`` with the limits above (raises OSError when the port is taken).
    ``per_client_limit`` (0: none) is not applied when ``trust_proxies``."""
    connection_limit = connections_allowed(connection_limit, threads)
    server = create_server(app, host=host, port=port, threads=threads, ident="deadlines",
                           connection_limit=connection_limit, asyncore_use_poll=True,
                           channel_timeout=int(max(1, idle_timeout)), cleanup_interval=int(SWEEP_EVERY),
                           max_request_body_size=max_body + 1,  # waitress refuses a Content-Length >= this
                           max_request_header_size=64 * 1024,   # a combined feed of 500 ids fits
                           clear_untrusted_proxy_headers=not trust_proxies)
    server.channel_class = _Channel
    server.per_client = _PerClient(per_client_limit) if per_client_limit > 0 and not trust_proxies else None
    _sweeping(server, request_timeout)
    _writes_first(server)
    _accepting_all(server)
    return server
