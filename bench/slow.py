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
import multiprocessing
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import setups as fronts  # noqa: E402
from tests.setups import scaled_tuned, shipped_main  # noqa: E402
from tests.slow_sockets import PROBE_FROM, Holder, open_files, probe, slow_addresses  # noqa: E402

PROBES = ["/calendars/ypsilanti-mi.ics", "/?jurisdiction=salt-lake-city-ut",
          "/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election=2027-11-02"]
#: Debian's /etc/nginx/nginx.conf as shipped (the parts that matter here).
DEBIAN_MAIN = {"worker_connections": 768, "worker_rlimit_nofile": None}


def _hold(address: tuple[str, int], count: int, sources: list[str], trickle: str, every: float, stop_at: float,
          ready, stop) -> dict:
    """In a process of its own: a :class:`Holder` until ``stop_at`` or ``stop``; its figures."""
    open_files(count + 256)
    holder = Holder(address, count, sources, trickle, every)
    holder.run(stop_at, ready, stop)
    return holder.figures(from_tick=2)


# --------------------------------------------------------------------------- the probes


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
                with scaled_tuned(folder / "scaled", env, main_) as url:
                    run(f"scaled (nginx worker_processes auto, worker_connections {main_['worker_connections']}, "
                        f"worker_rlimit_nofile {main_['worker_rlimit_nofile'] or 'unset'}; 4 gunicorn workers)", url)


if __name__ == "__main__":
    main()
