"""What one first render costs, per surface and language, with the whole roster.

    .venv/bin/python bench/renders.py [--each 60] [--seed 7]

In one process (the app on a fresh SQLite instance folder, its test client, no
network), ``--each`` paths per surface and language drawn at random from
``bench/load.py --spread``'s paths (every government, its next general
election and the one before): each asked once, so each is a first render
(what ``--spread`` mostly asks). Prints, per surface and language, the CPU
time (``time.process_time``) per answer, its median and p95 by the wall clock,
and what that CPU allows: answers per second on one CPU, and how long 100
closed-loop clients (``--spread --clients 100``, no pause between requests)
would wait on average with the spread's mix on the CPUs one process uses
(``serve``: one, its threads share the interpreter). That last figure is the
arithmetic behind issue 28's whole-roster goal (read p99 under 1 s): the
mix's mean CPU per answer times the clients, over the CPUs.

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
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

CLIENTS = 100


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--each", type=int, default=60, help="paths per surface and language")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.environ["DEADLINES_INSTANCE"] = tempfile.mkdtemp(prefix="renders-")
    os.environ.pop("DEADLINES_DATABASE_URL", None)
    from load import spread_paths, surface  # noqa: E402  (bench/load.py: the same paths --spread asks)

    from web import create_app

    app = create_app()
    client = app.test_client()
    paths = spread_paths()
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
    mix = statistics.mean(cpu.values())  # --spread draws each surface and language alike
    cheap = statistics.mean(v for k, v in cpu.items() if not k.startswith("pdf"))
    print(f"the spread's mix: {mix * 1000:.1f} ms of CPU an answer ({cheap * 1000:.1f} ms without the PDFs); "
          f"{CLIENTS} closed-loop clients on one CPU wait about {CLIENTS * mix:.1f} s an answer "
          f"({CLIENTS * cheap:.1f} s without the PDFs); the goal, p99 under 1 s, needs the mix under "
          f"{1000 / CLIENTS:.0f} ms")


if __name__ == "__main__":
    main()
