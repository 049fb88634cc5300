"""Readers and a clerk at once, on both documented setups, with slow clients held open.

    .venv/bin/python bench/load.py [--clients 200] [--seconds 20] [--slow 150] [--setup serve|scaled|both]
                                   [--processes 4] [--warmup 3] [--spread] [--database postgresql://postgres@127.0.0.1:5432/test]

Per setup: ``--clients`` threads, spread over ``--processes`` processes of
their own (the server runs in its own as well), read feeds, the form, pages
and the JSON API in a loop for ``--warmup`` seconds (first renders, connections
opened: not timed, errors counted) and then ``--seconds`` timed, while one clerk writes an
override every 0.5 s through the API, and ``--slow`` connections trickle header lines and never
finish a request (reopened when the server drops them). ``serve`` is
``deadlines serve`` on its SQLite file; ``scaled`` is 4 gunicorn workers and
the writes' own (one, on the writes' lane) behind the shipped nginx config on a fresh PostgreSQL database (created and
dropped here). Everything is on 127.0.0.1, bounded in time and count. Prints
per setup: reads, errors, read p50/p99/max, clerk writes, their errors and
p50/p99/max, and each path's read p99. Goal: 0 errors, read p99 and clerk-write p99 under 1 s on SQLite at 100 clients.

By default the readers cycle over the 8 paths of :data:`READS` (all cached
after their first render). ``--spread`` spreads them instead over every
government of the rosters and files (the registry's places) and two cycles of
each (its next general election and the one before), across pages
(``/?jurisdiction=ID&election=DATE``), feeds (``/calendars/ID.ics``), the API
(``/api/v1/jurisdictions/ID/deadlines?election=DATE``) and printable PDFs
(``/calendars/ID/DATE.pdf``), each in English and in Spanish (``lang=es``),
every reader drawing its next path at random: mostly first renders. It then
prints p50/p95/p99 and errors per surface and language instead of per path.
The load average (1 minute) is printed before and after each setup.

Each reader connects from one of 64 source addresses (127.0.0.10 to
127.0.0.73, as many visitors would; the whole of 127.0.0.0/8 is local), the
clerk from 127.0.0.3, so that ``deadlines serve``'s per-client connection
limit (100) is a visitor's, not the bench's; the slow connections come from
127.0.0.1 (past the limit they are answered 429 and open again).
"""
from __future__ import annotations

import argparse
import http.client
import math
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import setups as fronts  # noqa: E402

READS = ["/calendars/salt-lake-city-ut.ics", "/calendars/ypsilanti-mi.ics", "/?jurisdiction=salt-lake-city-ut",
         "/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election=2027-11-02", "/embed/salt-lake-city-ut",
         "/api/v1/jurisdictions?q=orem", "/calendars/combined.ics?j=salt-lake-city-ut,ypsilanti-mi,model-city",
         "/api/v1/deadlines?from=2027-01-01&to=2027-12-31&state=UT"]
JID, CYCLE, DEADLINE = "salt-lake-city-ut", "2027-11-02", "withdrawal"
#: Where the readers connect from (one each, round robin), and the clerk.
READERS_FROM = [f"127.0.0.{10 + n}" for n in range(64)]
CLERK_FROM = "127.0.0.3"


def spread_paths(today=None) -> list[str]:
    """Every government the registry knows (its places: files and roster rows),
    each in its next general election and the one before, on the four
    surfaces, in English and in Spanish: ``--spread``'s paths."""
    from datetime import date

    from deadlines.core.elections import election_date, next_election
    from deadlines.core.registry import Registry

    today = today or date.today()
    registry = Registry()
    paths = []
    for jid in sorted(registry.places().by_id):
        try:
            rule = registry.get(jid).elections["general"]
            cycles = [next_election(rule, today)]
        except Exception:  # a calendar with a problem: the server leaves it out too
            continue
        cycles += [held[0] for year in range(today.year, today.year - 6, -1)
                   if (held := election_date(rule, year)) and held[0] < today][:1]
        for lang in ("", "lang=es"):
            paths.append(f"/calendars/{jid}.ics" + (f"?{lang}" if lang else ""))
            for day in cycles:
                extra = f"&{lang}" if lang else ""
                paths += [f"/?jurisdiction={jid}&election={day}{extra}",
                          f"/api/v1/jurisdictions/{jid}/deadlines?election={day}{extra}",
                          f"/calendars/{jid}/{day}.pdf" + (f"?{lang}" if lang else "")]
    return paths


def surface(path: str) -> str:
    """The surface a path of :func:`spread_paths` reads, and its language."""
    kind = ("pdf" if path.split("?")[0].endswith(".pdf") else "feed" if path.startswith("/calendars/")
            else "api" if path.startswith("/api/") else "page")
    return f"{kind} {'es' if 'lang=es' in path else 'en'}"


def _token(env: dict) -> str:
    import subprocess

    out = subprocess.run([sys.executable, "-m", "deadlines.cli", "token", "create", JID, "--label", "load"],
                         env=env, cwd=fronts.ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def _pct(values: list[float], q: int) -> float:
    """The nearest-rank percentile (never above the maximum)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)] if ordered else float("nan")


def _readers(host: str, port: int, first: int, count: int, start_at: float, timed_from: float, stop_at: float,
             paths: list[str] | None = None) -> dict:
    """``count`` reader threads (numbered from ``first``) in this process, looping
    over :data:`READS` (or drawing from ``paths`` at random) from wall-clock
    ``start_at`` to ``stop_at``; the timings of the reads begun from
    ``timed_from``, and every error."""
    reads, errors, lock = [], [], threading.Lock()

    def reader(n: int) -> None:
        conn, i, draw = None, n, random.Random(n)
        source = (READERS_FROM[n % len(READERS_FROM)], 0)
        time.sleep(max(0.0, start_at - time.time()))
        while time.time() < stop_at:
            path = READS[i % len(READS)] if paths is None else paths[draw.randrange(len(paths))]
            i += 1
            started, begun = time.monotonic(), time.time()
            try:
                conn = conn or http.client.HTTPConnection(host, port, timeout=60, source_address=source)
                conn.request("GET", path)
                resp = conn.getresponse()
                resp.read()
                why = None if resp.status == 200 else str(resp.status)
            except (OSError, http.client.HTTPException) as exc:
                why, conn = str(exc) or type(exc).__name__, None
            with lock:
                if why is None:
                    if begun >= timed_from:
                        reads.append((path, time.monotonic() - started))
                else:
                    errors.append((path, why))

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(first, first + count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"reads": reads, "read_errors": errors}


def _slow_clients(url: str, count: int, stop_at: float) -> int:
    """``count`` slow connections held open until wall-clock ``stop_at``
    (:class:`tests.setups.SlowClients`); how many the server dropped."""
    with fronts.SlowClients(url, count, every=2.0) as held:
        time.sleep(max(0.0, stop_at - time.time()))
        return held.dropped


def run(url: str, token: str, clients: int, seconds: float, slow: int, processes: int, warmup: float,
        paths: list[str] | None = None) -> dict:
    """The readers in ``processes`` processes of their own and the slow
    connections in another (so that on a small machine no client's
    interpreter holds up another's timings, nor shares one with the server),
    the clerk in this one; for ``warmup`` seconds, then ``seconds`` timed."""
    host, port = url.removeprefix("http://").split(":")
    processes = max(1, min(processes, clients))
    start_at = time.time() + 2.0  # every process started
    timed_from = start_at + warmup
    stop_at = timed_from + seconds
    writes, write_errors = [], []

    def clerk() -> None:
        day = 0
        time.sleep(max(0.0, start_at - time.time()))
        while time.time() < stop_at:
            body = ('{"due": "2027-10-%02d", "authority": "Load test", "reason": "%s"}' % (1 + day % 9, uuid.uuid4().hex))
            day += 1
            started, begun = time.monotonic(), time.time()
            try:
                conn = http.client.HTTPConnection(host, int(port), timeout=60, source_address=(CLERK_FROM, 0))
                conn.request("PUT", f"/api/v1/jurisdictions/{JID}/overrides/{CYCLE}/{DEADLINE}", body=body,
                             headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
                resp = conn.getresponse()
                resp.read()
                conn.close()
                ok = resp.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
            if not ok or begun >= timed_from:
                (writes if ok else write_errors).append(time.monotonic() - started)
            time.sleep(0.5)

    shares = [clients // processes + (n < clients % processes) for n in range(processes)]
    firsts = [sum(shares[:n]) for n in range(processes)]
    with ProcessPoolExecutor(processes + 1, mp_context=multiprocessing.get_context("spawn")) as pool:
        held = pool.submit(_slow_clients, url, slow, stop_at)
        parts = [pool.submit(_readers, host, int(port), f, c, start_at, timed_from, stop_at, paths)
                 for f, c in zip(firsts, shares)]
        writer = threading.Thread(target=clerk)
        writer.start()
        writer.join()
        done = [p.result() for p in parts]
        dropped = held.result()
    return {"reads": [r for d in done for r in d["reads"]], "read_errors": [e for d in done for e in d["read_errors"]],
            "writes": writes, "write_errors": write_errors, "slow_dropped": dropped}


def report(name: str, clients: int, slow: int, seconds: float, warmup: float, out: dict, spread: bool = False) -> None:
    r, w = [t for _, t in out["reads"]], out["writes"]
    print(f"{name}: {clients} clients, {slow} slow connections, {seconds:.0f} s timed after {warmup:.0f} s of warm-up "
          f"(errors counted throughout): "
          f"{len(r):,} reads ({len(r) / seconds:,.0f}/s), {len(out['read_errors'])} errors; "
          f"read p50 {_pct(r, 50) * 1000:.0f} ms, p99 {_pct(r, 99) * 1000:.0f} ms, max {max(r, default=0) * 1000:.0f} ms; "
          f"{len(w)} clerk writes, {len(out['write_errors'])} errors, p50 {_pct(w, 50) * 1000:.0f} ms, "
          f"p99 {_pct(w, 99) * 1000:.0f} ms, max {max(w, default=0) * 1000:.0f} ms, {sum(t > 1 for t in w)} over 1 s; "
          f"slow connections dropped by the server: {out['slow_dropped']}")
    if spread:
        by_surface: dict[str, list[float]] = {}
        failed: dict[str, list[str]] = {}
        for path, t in out["reads"]:
            by_surface.setdefault(surface(path), []).append(t)
        for path, why in out["read_errors"]:
            failed.setdefault(surface(path), []).append(why)
        for name_ in sorted(set(by_surface) | set(failed)):
            ts, bad = by_surface.get(name_, []), failed.get(name_, [])
            whys = {w: bad.count(w) for w in sorted(set(bad))}
            print(f"  {name_}: {len(ts):,} reads, p50 {_pct(ts, 50) * 1000:.0f} ms, p95 {_pct(ts, 95) * 1000:.0f} ms, "
                  f"p99 {_pct(ts, 99) * 1000:.0f} ms, max {max(ts, default=0) * 1000:.0f} ms; {len(bad)} errors"
                  + (f" ({', '.join(f'{n} {w}' for w, n in whys.items())})" if bad else ""))
    else:
        by_path: dict[str, list[float]] = {}
        for path, t in out["reads"]:
            by_path.setdefault(path, []).append(t)
        print("  read p99 by path: " + "; ".join(f"{p} {_pct(ts, 99) * 1000:.0f} ms" for p, ts in by_path.items()))
    for path, why in out["read_errors"][:5]:
        print(f"  error: {path}: {why}")


def _load_average(when: str) -> None:
    one, five, _ = os.getloadavg()
    print(f"load average {when}: {one:.2f} (1 min), {five:.2f} (5 min), {os.cpu_count()} CPUs", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--slow", type=int, default=150)
    ap.add_argument("--processes", type=int, default=4, help="processes the readers are spread over")
    ap.add_argument("--warmup", type=float, default=3, help="seconds of load before the timing starts (first renders, connections)")
    ap.add_argument("--setup", choices=("serve", "scaled", "both"), default="both")
    ap.add_argument("--spread", action="store_true",
                    help="read every government's pages, feeds, API and PDFs (two cycles, both languages) at random")
    ap.add_argument("--database", default="postgresql://postgres@127.0.0.1:5432/test",
                    help="a PostgreSQL server; a throwaway database is created on it and dropped")
    args = ap.parse_args()
    args.clients, args.seconds, args.slow = min(args.clients, 500), min(args.seconds, 300), min(args.slow, 500)
    args.processes, args.warmup = max(1, min(args.processes, 16)), max(0.0, min(args.warmup, 60))
    paths = spread_paths() if args.spread else None
    if paths:
        print(f"--spread: {len(paths):,} paths ({sum(p.endswith('.ics') for p in paths):,} "
              f"governments; pages, feeds, API, PDFs; English and Spanish)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.setup in ("serve", "both"):
            env = fronts.environment(folder / "serve", DEADLINES_RATELIMIT_CLERK_WRITES="10000 per minute")
            token = _token(env)
            with fronts.one_process(folder / "serve", env) as url:
                _load_average("before")
                out = run(url, token, args.clients, args.seconds, args.slow, args.processes, args.warmup, paths)
                _load_average("after")
                report("serve (SQLite)", args.clients, args.slow, args.seconds, args.warmup, out, bool(paths))
        if args.setup in ("scaled", "both"):
            from sqlalchemy import create_engine, text

            admin = create_engine(args.database.replace("postgresql://", "postgresql+psycopg://", 1),
                                  isolation_level="AUTOCOMMIT")
            name = f"deadlines_load_{uuid.uuid4().hex[:8]}"
            with admin.connect() as c:
                c.execute(text(f'CREATE DATABASE "{name}"'))
            try:
                url_db = admin.url.set(database=name).render_as_string(hide_password=False)
                env = fronts.environment(folder / "scaled", DEADLINES_DATABASE_URL=url_db,
                                         DEADLINES_BASE_URL="http://deadlines.test",
                                         DEADLINES_RATELIMIT_CLERK_WRITES="10000 per minute")
                token = _token(env)
                with fronts.scaled(folder / "scaled", env, workers=4, writes=True) as url:
                    _load_average("before")
                    out = run(url, token, args.clients, args.seconds, args.slow, args.processes, args.warmup, paths)
                    _load_average("after")
                    report("scaled (PostgreSQL, nginx + 4 gunicorn workers + 1 for writes)", args.clients, args.slow, args.seconds,
                           args.warmup, out, bool(paths))
            finally:
                with admin.connect() as c:
                    c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
