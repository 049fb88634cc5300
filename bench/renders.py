"""What one first render costs, per surface and language, with the whole roster.

    .venv/bin/python bench/renders.py [--each 60] [--seed 7]

In one process (the app on a fresh SQLite instance folder, its test client, no
network), ``--each`` paths per surface and language drawn at random from
``bench/load.py --spread``'s paths (every government, its next general
election and the one before): each asked once, so each is a first render
(what ``--spread`` mostly asks). Prints, per surface and language, the CPU
time (``time.process_time``) per answer, its median and p95 by the wall clock,
and what that CPU allows: answers per second on one CPU. Printable calendars
are laid out in this process here (``PDF_PROCESSES=0``), so that their
layout's CPU is counted; the web lays them out in a printing process, which
spends the same CPU on another core.

Then the arithmetic behind issue 28's whole-roster goal (read p99 under 1 s):
the spread's mix, each surface weighted as ``--spread`` draws it (per
government and language one feed, and a page, an API answer and a PDF for
each of two cycles), costs a mean CPU per answer; closed-loop clients (no
pause between requests) wait on average at least their number times that
CPU over the CPUs that serve them (Little's law: every client always has one
request in the system, and the CPUs serve at most CPUs / CPU-per-answer a
second). Printed for 100 and 200 clients on this machine's CPUs, with and
without the PDFs.

Every answer must be 200; anything else stops the run with its path.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

CLIENTS = (100, 200)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--each", type=int, default=60, help="paths per surface and language")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.environ["DEADLINES_INSTANCE"] = tempfile.mkdtemp(prefix="renders-")
    os.environ.pop("DEADLINES_DATABASE_URL", None)
    from load import spread_paths, surface  # noqa: E402  (bench/load.py: the same paths --spread asks)

    from web import create_app

    app = create_app({"PDF_PROCESSES": 0})  # laid out here: their CPU is this process's
    client = app.test_client()
    paths = spread_paths()
    share = {kind: n / len(paths) for kind, n in Counter(map(surface, paths)).items()}  # as --spread draws
    random.Random(args.seed).shuffle(paths)
    for path in paths[:8]:  # imports, templates, catalogs, fonts: paid once per process, not per answer
        client.get(path)
    chosen: dict[str, list[str]] = defaultdict(list)
    for path in paths[8:]:
        kind = surface(path)
        if len(chosen[kind]) < args.each:
            chosen[kind].append(path)
    cpu: dict[str, float] = {}
    print(f"{'surface':<8} {'answers':>7} {'CPU ms each':>11} {'wall p50':>9} {'wall p95':>9} {'per s, 1 CPU':>13}")
    for kind in sorted(chosen):
        walls, c0 = [], time.process_time()
        for path in chosen[kind]:
            t0 = time.perf_counter()
            got = client.get(path)
            walls.append(time.perf_counter() - t0)
            if got.status_code != 200:
                raise SystemExit(f"{path}: {got.status_code}")
        cpu[kind] = (time.process_time() - c0) / len(chosen[kind])
        walls.sort()
        print(f"{kind:<8} {len(walls):>7} {cpu[kind] * 1000:>11.1f} {statistics.median(walls) * 1000:>9.1f} "
              f"{walls[int(0.95 * (len(walls) - 1))] * 1000:>9.1f} {1 / cpu[kind]:>13.0f}")
    cores = os.cpu_count() or 1
    for label, kinds in (("the spread's mix", list(cpu)), ("without the PDFs", [k for k in cpu if not k.startswith("pdf")])):
        mix = sum(share[k] * cpu[k] for k in kinds) / sum(share[k] for k in kinds)
        waits = ", ".join(f"{n} clients at least {n * mix / cores:.1f} s" for n in CLIENTS)
        print(f"{label}: {mix * 1000:.1f} ms of CPU an answer, at most {cores / mix:.0f} answers a second on "
              f"{cores} CPUs; a closed-loop client's mean wait: {waits}")
    print(f"the goal (p99 under 1 s for {max(CLIENTS)} clients) needs the mix under {1000 * cores / max(CLIENTS):.0f} ms "
          f"of CPU an answer on {cores} CPUs, before any HTTP, database or client cost")

if __name__ == "__main__":
    main()
