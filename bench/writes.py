"""Clerk writes to a jurisdiction holding many events, and what another
jurisdiction's writes wait meanwhile, on ``deadlines serve`` (SQLite):

    .venv/bin/python bench/writes.py [--events 195] [--writes 40] [--seconds 15] [--subscribers 0]

Salt Lake City's 2027 cycle is given ``--events`` objection cases (each its own
label: each is computed on its own), stored directly before the server starts,
and ``--subscribers`` confirmed email subscriptions (the server's scheduler
then replans its reminders after each of its writes, computing the whole
jurisdiction again).
Then, through the API from outside:

1. ``--writes`` overrides of Salt Lake City's withdrawal, one after another
   (each a write after which the whole jurisdiction is checked servable);
2. for ``--seconds``, a clerk of Salt Lake City writing overrides without a
   pause while another clerk writes Ypsilanti's petition-filing override every
   0.2 s (Ypsilanti holds nothing: its own write is quick; what it waits for is
   Salt Lake City's lock, and the server's CPU), and, from this process, a
   bare write transaction (``BEGIN IMMEDIATE``, then rolled back) every 0.1 s
   on the server's SQLite file: the wait for the write lock alone, what any
   other jurisdiction's write waits before it can begin;
3. Ypsilanti's writes alone, as a reference.

Prints the median, p95 and maximum of each.
"""
from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import setups as fronts  # noqa: E402

BUSY, OTHER = "salt-lake-city-ut", "ypsilanti-mi"
BUSY_WRITE = ("/api/v1/jurisdictions/salt-lake-city-ut/overrides/2027-11-02/withdrawal", "2027-09-%02d")
OTHER_WRITE = ("/api/v1/jurisdictions/ypsilanti-mi/overrides/2026-11-03/petition-filing", "2026-04-%02d")


def _pct(values: list[float], q: int) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)] if ordered else float("nan")


def _token(env: dict, jid: str) -> str:
    out = subprocess.run([sys.executable, "-m", "deadlines.cli", "token", "create", jid, "--label", "bench"],
                         env=env, cwd=fronts.ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def _fill(env: dict, count: int, subscribers: int = 0) -> None:
    """``count`` objection cases in Salt Lake City's 2027 cycle and
    ``subscribers`` confirmed subscriptions to it, stored directly (no check, no API)."""
    code = (
        "from sqlalchemy.orm import Session\n"
        "from deadlines import commands\n"
        "from deadlines.store import subscriptions\n"
        "from deadlines.core.registry import Registry\n"
        "from deadlines.store.db import get_db\n"
        f"jur = Registry().get({BUSY!r})\n"
        "with Session(get_db()) as s, s.begin():\n"
        f"    for n in range({count}):\n"
        "        commands.record_event(s, jur, 'objection-filed', f'2027-06-{1 + n % 28:02d}T10:00', f'case {n}', most=10**6)\n"
        f"    for n in range({subscribers}):\n"
        "        subscriptions.create(s, jur, channel='email', target=f'bench{n}@example.test', confirmed=True)\n"
    )
    subprocess.run([sys.executable, "-c", code], env=env, cwd=fronts.ROOT, check=True)


def _put(url: str, token: str, path: str, day: int) -> tuple[int, float]:
    host, _, port = url.removeprefix("http://").partition(":")
    body = json.dumps({"due": path[1] % (1 + day % 20), "authority": "Bench", "reason": uuid.uuid4().hex})
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        conn.request("PUT", path[0], body=body,
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        print(f"  {resp.status} {path[0]}: {data[:200]!r}")
    return resp.status, time.perf_counter() - t0


def _say(name: str, times: list[float], failed: int) -> None:
    print(f"{name}: {len(times)} writes, {failed} failed; median {_pct(times, 50) * 1000:.0f} ms, "
          f"p95 {_pct(times, 95) * 1000:.0f} ms, max {max(times, default=0) * 1000:.0f} ms", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=195)
    ap.add_argument("--writes", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("--subscribers", type=int, default=0, help="subscriptions to the busy jurisdiction")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = fronts.environment(folder, DEADLINES_RATELIMIT_CLERK_WRITES="100000 per minute")
        busy, other = _token(env, BUSY), _token(env, OTHER)
        _fill(env, args.events, args.subscribers)
        with fronts.one_process(folder, env) as url:
            _put(url, busy, BUSY_WRITE, 0)  # first renders, connections
            _put(url, other, OTHER_WRITE, 0)
            results = [_put(url, busy, BUSY_WRITE, n) for n in range(args.writes)]
            _say(f"{BUSY} ({args.events} events), alone", [t for st, t in results if st == 200],
                 sum(st != 200 for st, _ in results))

            stop = time.monotonic() + args.seconds
            busy_out: list[tuple[int, float]] = []

            def busy_clerk() -> None:
                n = 0
                while time.monotonic() < stop:
                    busy_out.append(_put(url, busy, BUSY_WRITE, n))
                    n += 1

            threads = [threading.Thread(target=busy_clerk) for _ in range(2)]
            for t in threads:
                t.start()
            lock_waits: list[float] = []

            def lock_probe() -> None:
                db = sqlite3.connect(folder / "instance" / "deadlines.sqlite3", timeout=30, isolation_level=None)
                while time.monotonic() < stop:
                    t0 = time.perf_counter()
                    db.execute("BEGIN IMMEDIATE")
                    lock_waits.append(time.perf_counter() - t0)
                    db.execute("ROLLBACK")
                    time.sleep(0.1)
                db.close()

            threads.append(threading.Thread(target=lock_probe))
            threads[-1].start()
            other_out = []
            n = 0
            while time.monotonic() < stop:
                other_out.append(_put(url, other, OTHER_WRITE, n))
                n += 1
                time.sleep(0.2)
            for t in threads:
                t.join()
            _say(f"{BUSY}, two clerks writing without a pause", [t for st, t in busy_out if st == 200],
                 sum(st != 200 for st, _ in busy_out))
            _say(f"{OTHER} meanwhile", [t for st, t in other_out if st == 200], sum(st != 200 for st, _ in other_out))
            _say("the write lock's wait meanwhile (BEGIN IMMEDIATE)", lock_waits, 0)
            alone = [_put(url, other, OTHER_WRITE, n) for n in range(20)]
            _say(f"{OTHER} alone", [t for st, t in alone if st == 200], sum(st != 200 for st, _ in alone))
    print(f"load average after: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
