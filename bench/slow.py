"""Slow sockets held against a setup, and whether a visitor from another address is still answered.

    .venv/bin/python bench/slow.py [--setup serve|scaled|both] [--sockets 2000] [--addresses 8] [--trickle headers|body]
                                   [--probes 40] [--seconds 30] [--every 2] [--probe-timeout 10]
                                   [--nginx-main shipped|debian] [--serve-arg=--per-client-limit=0 ...]
                                   [--url http://127.0.0.1:8000] [--database postgresql://postgres@127.0.0.1:5432/test]

``--sockets`` connections, spread evenly over ``--addresses`` source addresses
(127.0.0.10, 127.0.0.11, ...: the whole of 127.0.0.0/8 is local on Linux), each
sending a request slowly and never finishing it: ``headers`` sends a request
line and then one header line every ``--every`` seconds; ``body`` sends whole
headers of a POST with a 16,000-byte body and then one byte of it every
``--every`` seconds. A socket the server closes (or answers: a 408, 429, 503 ...)
is opened again at the next tick, as an attacker would. Meanwhile a visitor
from 127.0.0.2 asks ``--probes`` times (a new connection each, spread over
``--seconds``, each given ``--probe-timeout`` seconds) for a feed, a page and an
API answer in turn.

Prints per setup: sockets held open (client side: connected and not closed by
the server; the least, median and most over the ticks while probing), opened in
all, closed by the server, answered by it (by status), connects not completed,
and probes answered/asked with their p50/p95 (answered ones) and the reasons
of the others.

Setups: ``serve`` is ``deadlines serve`` (SQLite, no scheduler) with
``--serve-arg`` passed on; ``scaled`` is 4 gunicorn workers
(``deploy/gunicorn.conf.py``) behind the shipped ``deploy/nginx-deadlines.conf``
on a throwaway PostgreSQL database, nginx's main configuration being
Debian's (``worker_processes auto``) with ``--nginx-main debian``: Debian's
``worker_connections 768``, or ``shipped``: the ``worker_rlimit_nofile`` and
``worker_connections`` the shipped ``deploy/nginx.conf`` sets. ``--url``: an
already running server instead (nothing started).

Open files: the slow sockets are in one process of their own, which raises its
RLIMIT_NOFILE soft limit to ``--sockets`` + 256 (up to the hard limit, printed;
past it the run stops and says so: raise the hard limit, ``ulimit -Hn``, or use
fewer sockets). ``deadlines serve`` raises its own to its connection limit
(:mod:`deadlines.cli.server`); nginx is given ``worker_rlimit_nofile``.
"""
from __future__ import annotations

import argparse
import errno
import http.client
import multiprocessing
import re
import resource
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import fronts  # noqa: E402

PROBE_FROM = "127.0.0.2"
PROBES = ["/calendars/ypsilanti-mi.ics", "/?jurisdiction=salt-lake-city-ut",
          "/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election=2027-11-02"]
#: Debian's /etc/nginx/nginx.conf as shipped (the parts that matter here).
DEBIAN_MAIN = {"worker_connections": 768, "worker_rlimit_nofile": None}
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


# --------------------------------------------------------------------------- the slow sockets


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


def _hold(address: tuple[str, int], count: int, sources: list[str], trickle: str, every: float, stop_at: float,
          ready, stop) -> dict:
    """In a process of its own: a :class:`Holder` until ``stop_at`` or ``stop``; its figures."""
    open_files(count + 256)
    holder = Holder(address, count, sources, trickle, every)
    holder.run(stop_at, ready, stop)
    return holder.figures(from_tick=2)


# --------------------------------------------------------------------------- the probes


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


def _pct(values: list[float], q: int) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-q * len(ordered) // 100) - 1)] if ordered else float("nan")


def measure(url: str, sockets: int, addresses: int, probes: int, seconds: float, every: float = 2.0,
            trickle: str = "headers", probe_timeout: float = 10.0) -> dict:
    """Hold the slow sockets (in a process of their own) and probe from
    :data:`PROBE_FROM` meanwhile; the holder's figures and the probes'."""
    host, port = url.removeprefix("http://").split(":")
    for path in PROBES:  # first renders, before anything is slow
        probe(url, path, timeout=60)
    ctx = multiprocessing.get_context("spawn")
    manager = ctx.Manager()
    ready, stop = manager.Event(), manager.Event()
    settle = every * 2  # every socket opened, and the first ones past one tick
    stop_at = time.time() + 120 + seconds + settle + probe_timeout  # at the latest
    results: list[tuple[bool, float, str]] = []
    with ctx.Pool(1) as pool:
        held = pool.apply_async(_hold, ((host, int(port)), sockets, slow_addresses(addresses), trickle, every, stop_at,
                                          ready, stop))
        if not ready.wait(60):
            raise RuntimeError("the slow sockets were not opened within 60 s")
        time.sleep(settle)
        begin, lock, threads = time.monotonic(), threading.Lock(), []

        def one(n: int) -> None:
            time.sleep(max(0.0, begin + n * seconds / probes - time.monotonic()))
            outcome = probe(url, PROBES[n % len(PROBES)], timeout=probe_timeout)
            with lock:
                results.append(outcome)

        for n in range(probes):
            threads.append(threading.Thread(target=one, args=(n,)))
            threads[-1].start()
        for t in threads:
            t.join()
        stop.set()
        figures = held.get(60)
    manager.shutdown()
    answered = [t for ok, t, _ in results if ok]
    failed: dict[str, int] = {}
    for ok, _, why in results:
        if not ok:
            failed[why] = failed.get(why, 0) + 1
    return {**figures, "sockets": sockets, "addresses": addresses, "trickle": trickle, "probes": probes,
            "answered": len(answered), "p50": _pct(answered, 50), "p95": _pct(answered, 95), "failed": failed}


def report(name: str, out: dict) -> None:
    answers = ", ".join(f"{n} answered {s}" for s, n in sorted(out["answers"].items())) or "none answered"
    failed = ", ".join(f"{n} {why}" for why, n in sorted(out["failed"].items())) or "none failed"
    print(f"{name}: {out['sockets']} slow sockets ({out['trickle']}) from {out['addresses']} address(es); "
          f"held open {out['held_min']}/{out['held_median']}/{out['held_max']} (least/median/most per tick); "
          f"{out['opened']} opened, {out['closed_by_server']} closed by the server, {answers}, "
          f"{out['unfinished_connects']} connects unfinished after 10 s, {out['open_errors']} failed to open; "
          f"probes from {PROBE_FROM}: {out['answered']}/{out['probes']} answered, "
          f"p50 {out['p50'] * 1000:.0f} ms, p95 {out['p95'] * 1000:.0f} ms ({failed})", flush=True)


# --------------------------------------------------------------------------- the setups


def shipped_main() -> dict:
    """The main-context values the shipped ``deploy/nginx.conf`` sets (:func:`bench.fronts.shipped_main`)."""
    return fronts.shipped_main()


def nginx_main(folder: Path, listen: int, upstream: int, main: dict, workers: str = "auto", **site_changes: str) -> Path:
    """:func:`bench.fronts.nginx_config` with Debian's main context (``worker_processes auto``)
    and ``main``'s worker_connections / worker_rlimit_nofile; ``site_changes``
    replace directives of the site file (``limit_conn="deadlines_per_client 50"``)."""
    conf = fronts.nginx_config(folder, listen, upstream)
    text = conf.read_text().replace("worker_processes 1;", f"worker_processes {workers};")
    text = re.sub(r"events \{ worker_connections \d+; \}", f"events {{ worker_connections {main['worker_connections']}; }}", text)
    text = re.sub(r"worker_rlimit_nofile \d+;\n", f"worker_rlimit_nofile {main['worker_rlimit_nofile']};\n"
                  if main.get("worker_rlimit_nofile") else "", text)
    conf.write_text(text)
    site = conf.parent / "deadlines.conf"
    site_text = site.read_text()
    for directive, value in site_changes.items():
        site_text, n = re.subn(rf"^(\s*){directive}\s+[^;]*;", rf"\g<1>{directive} {value};", site_text, flags=re.M)
        if n != 1:
            raise RuntimeError(f"{fronts.NGINX_SITE}: expected one {directive}")
    site.write_text(site_text)
    return conf


@contextmanager
def scaled(folder: Path, env: dict[str, str], main: dict, workers: int = 4, nginx_workers: str = "auto",
           **site_changes: str) -> Iterator[str]:
    """gunicorn (``deploy/gunicorn.conf.py``, ``workers`` sync workers) behind
    nginx (``nginx_workers`` worker processes) with ``main``'s main context;
    yields nginx's URL."""
    listen, upstream = fronts.free_port(), fronts.free_port()
    env = {**env, "DEADLINES_TRUSTED_PROXIES": "1"}
    gunicorn = [str(Path(sys.executable).parent / "gunicorn"), "-c", str(fronts.ROOT / "deploy" / "gunicorn.conf.py"),
                "-w", str(workers), "-b", f"127.0.0.1:{upstream}", "--timeout", "60"]
    conf = nginx_main(folder, listen, upstream, main, nginx_workers, **site_changes)
    with fronts._running([(gunicorn, env), ([fronts.nginx(), "-p", str(conf.parent), "-c", str(conf)], env)],
                         folder / "logs", f"http://127.0.0.1:{listen}") as url:
        yield url


@contextmanager
def pg_database(admin_url: str) -> Iterator[str]:
    """A throwaway database on ``admin_url``'s server (dropped after); its URL."""
    from sqlalchemy import create_engine, text

    admin = create_engine(admin_url.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT")
    name = f"deadlines_slow_{uuid.uuid4().hex[:8]}"
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin.url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", choices=("serve", "scaled", "both"), default="both")
    ap.add_argument("--sockets", type=int, default=2000)
    ap.add_argument("--addresses", type=int, default=8, help="source addresses the slow sockets are spread over (127.0.0.10 on)")
    ap.add_argument("--trickle", choices=("headers", "body"), default="headers")
    ap.add_argument("--probes", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=30, help="seconds the probes are spread over")
    ap.add_argument("--every", type=float, default=2.0, help="seconds between two pieces of a slow request")
    ap.add_argument("--probe-timeout", type=float, default=10.0)
    ap.add_argument("--nginx-main", choices=("shipped", "debian"), default="shipped")
    ap.add_argument("--serve-arg", action="append", default=[], help="passed to `deadlines serve` (repeat)")
    ap.add_argument("--url", help="probe a server already running there instead of starting one")
    ap.add_argument("--database", default="postgresql://postgres@127.0.0.1:5432/test")
    args = ap.parse_args()
    args.sockets, args.probes = max(1, min(args.sockets, 20000)), max(1, min(args.probes, 400))
    args.seconds = max(1.0, min(args.seconds, 600))
    soft, hard = open_files(args.sockets + 256)  # checked here, raised again in the holder's process
    print(f"open files: soft {soft}, hard {hard} (the slow sockets need {args.sockets + 256})", flush=True)

    def run(name: str, url: str) -> None:
        report(name, measure(url, args.sockets, args.addresses, args.probes, args.seconds, args.every, args.trickle,
                             args.probe_timeout))

    if args.url:
        run(args.url, args.url.rstrip("/"))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.setup in ("serve", "both"):
            env = fronts.environment(folder / "serve")
            with fronts.one_process(folder / "serve", env, "--no-scheduler", *args.serve_arg) as url:
                run(f"serve (SQLite{', ' + ' '.join(args.serve_arg) if args.serve_arg else ''})", url)
        if args.setup in ("scaled", "both"):
            main_ = DEBIAN_MAIN if args.nginx_main == "debian" else shipped_main()
            with pg_database(args.database) as db:
                env = fronts.environment(folder / "scaled", DEADLINES_DATABASE_URL=db,
                                         DEADLINES_BASE_URL="http://deadlines.test")
                with scaled(folder / "scaled", env, main_) as url:
                    run(f"scaled (nginx worker_processes auto, worker_connections {main_['worker_connections']}, "
                        f"worker_rlimit_nofile {main_['worker_rlimit_nofile'] or 'unset'}; 4 gunicorn workers)", url)


if __name__ == "__main__":
    main()
