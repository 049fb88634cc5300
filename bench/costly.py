"""Expensive anonymous work against a cheap reader, from outside, with the whole roster:

    .venv/bin/python bench/costly.py [--setup serve|scaled|both] [--clients 4] [--ids 300] [--seconds 20] [--pdfs]

``--clients`` anonymous clients (each from its own address, 127.0.0.2, .3 ...)
ask for combined feeds of random ``--ids``-id sets (every government of the
rosters), or with ``--pdfs`` for the printable calendar of a random government's
next election in English or Spanish (each a first render), one after another,
for ``--seconds``; meanwhile one more client
(127.0.0.100) asks for one government's deadlines (the API, a different one
each time) every 0.5 s. Prints the reader's p50/p95/max, the feed clients'
answers by status (200, 429 refused past their share, 503 queue full), the
feeds' p50, and the peak resident memory of the server's processes (VmHWM).
Goal (issue 28): the reader's p95 under 1 s and ``serve`` under 600 MB.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.setups import environment, one_process, scaled  # noqa: E402


def _get(url: str, path: str, source: str, timeout: float = 60) -> tuple[int, float]:
    host, _, port = url.removeprefix("http://").partition(":")
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        return resp.status, time.perf_counter() - t0
    except OSError:
        return 0, time.perf_counter() - t0
    finally:
        conn.close()


def _ids() -> list[str]:
    from deadlines.core.registry import Registry

    return [j for j in Registry().ids() if j != "model-city"]


def _peak_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _server_pids(folder: Path) -> list[int]:
    """The processes of the setup started on ``folder`` (their environment names its instance folder)."""
    mark, found = f"DEADLINES_INSTANCE={folder / 'instance'}".encode(), []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and mark in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _pdf_paths() -> list[str]:
    """Every government's printable calendar of its next general election, in English and in Spanish."""
    from datetime import date

    from deadlines.core.elections import next_election
    from deadlines.core.registry import Registry

    registry, today, out = Registry(), date.today(), []
    for jid in _ids():
        day = next_election(registry.get(jid).elections["general"], today).isoformat()
        out += [f"/calendars/{jid}/{day}.pdf", f"/calendars/{jid}/{day}.pdf?lang=es"]
    return out


def run(url: str, clients: int, n_ids: int, seconds: float, pdfs: bool = False) -> dict:
    ids = _ids()
    printable = _pdf_paths() if pdfs else []
    stop = time.monotonic() + seconds
    feeds: list[tuple[int, float]] = []
    reads: list[tuple[int, float]] = []

    def feed_client(n: int) -> None:
        rng = random.Random(n)
        while time.monotonic() < stop:
            path = rng.choice(printable) if pdfs else "/calendars/combined.ics?j=" + ",".join(rng.sample(ids, n_ids))
            status, took = _get(url, path, f"127.0.0.{2 + n}")
            feeds.append((status, took))
            if status in (429, 503):
                time.sleep(0.2)  # a client that honours no Retry-After, only a pause

    def reader() -> None:
        rng = random.Random(99)
        while time.monotonic() < stop:
            jid = rng.choice(ids)
            reads.append(_get(url, f"/api/v1/jurisdictions/{jid}/deadlines", "127.0.0.100"))
            time.sleep(0.5)

    threads = [threading.Thread(target=feed_client, args=(n,)) for n in range(clients)] + [threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    times = sorted(t for _, t in reads)
    ok_feeds = sorted(t for s, t in feeds if s == 200)
    return {
        "reads": len(reads), "read_errors": sum(1 for s, _ in reads if s != 200),
        "read_p50": statistics.median(times), "read_p95": times[int(0.95 * (len(times) - 1))], "read_max": times[-1],
        "feeds": Counter(s for s, _ in feeds), "feed_p50": statistics.median(ok_feeds) if ok_feeds else float("nan"),
        "load": os.getloadavg(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--setup", choices=("serve", "scaled", "both"), default="serve")
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--ids", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--pdfs", action="store_true", help="the clients ask for printable calendars, not combined feeds")
    args = ap.parse_args()
    for setup in ("serve", "scaled") if args.setup == "both" else (args.setup,):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            if setup == "serve":
                front = one_process(folder, environment(folder))
            else:
                front = scaled(folder, environment(folder, DEADLINES_DATABASE_URL=os.environ.get(
                    "DEADLINES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")))
            with front as url:
                out = run(url, args.clients, args.ids, args.seconds, args.pdfs)
                peak = _peak_mb(_server_pids(folder))
        asked = "printable calendars of random governments" if args.pdfs else f"combined feeds of {args.ids} random ids"
        print(f"{setup}: {args.clients} clients asking for {asked} for {args.seconds:g} s")
        print(f"  reader (one government's deadlines every 0.5 s): {out['reads']} answers, {out['read_errors']} errors, "
              f"p50 {out['read_p50'] * 1000:.0f} ms, p95 {out['read_p95'] * 1000:.0f} ms, max {out['read_max'] * 1000:.0f} ms"
              f"  (goal: p95 under 1,000 ms)")
        statuses = ", ".join(f"{n} x {s}" for s, n in sorted(out["feeds"].items()))
        print(f"  {'printable calendars' if args.pdfs else 'feeds'}: {statuses}; a 200's p50 {out['feed_p50']:.2f} s")
        print(f"  server peak resident memory {peak:.0f} MB (goal for serve: under 600 MB); "
              f"load average {' '.join(f'{x:.2f}' for x in out['load'])}")


if __name__ == "__main__":
    main()
