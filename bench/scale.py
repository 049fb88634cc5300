"""Growth with the number of jurisdictions: every roster loaded, then 1,000 and
10,000 synthetic files.

First, the pages people use with every roster loaded (the repository's
calendars: 3,000+ local governments) against the same pages with only the
four jurisdictions that have files of their own: the landing page, a place
search, a results page, the jurisdictions API, the bulk API and the
newsroom's ``/deadlines``, warm (best of 20 after a first ask, whose time is
shown apart), their ratio (goal: within 2x); each state's combined feed
rendered cold and warm, its size (goal: cold under 2 s, under 10 MB); the
memory with everything loaded and asked (goal: under 500 MB); and the point
lookup of bench/geo.py (goal: under 20 ms).

Per size, in a fresh process each (tests/synthetic_calendars.py writes the folder):
startup (create the app, then load every jurisdiction) time and memory, and the
bulk query ``GET /api/v1/deadlines`` for a 30-day window, cold (first ask: every
jurisdiction computed) and warm (asked again: from the cache); then the ratio
of the per-jurisdiction cost at the larger size to that at the smaller (1.0 is
linear growth; goal <= 1.3): loading, the memory it takes, and the bulk query
computed afresh (best of 5 with empty caches; the engine's run per law, a
fixed cost, is kept). App start (imports, migrations) is reported apart. Last, the scaled setup: gunicorn workers on a
fresh PostgreSQL database serve the bulk API (warm) beside a constant endpoint
returning the same bytes, requests per second of each.

    .venv/bin/python bench/scale.py [--sizes 1000 10000] [--workers 2] [--requests 400]

PostgreSQL: DEADLINES_TEST_PG (default postgresql://postgres@127.0.0.1:5432/test).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.server_helpers import free_port  # noqa: E402

WINDOW = ("2026-04-01", "2026-04-30")
BULK = f"/api/v1/deadlines?from={WINDOW[0]}&to={WINDOW[1]}&limit=100"
CONSTANT = "/bench/constant"
PG = os.environ.get("DEADLINES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def measure(folder: str, db_url: str) -> dict:
    """In this (fresh) process: start the app, load every jurisdiction, then
    the bulk query cold and warm."""
    def rss() -> float:  # resident now, MB
        return int(Path("/proc/self/statm").read_text().split()[1]) * resource.getpagesize() / 2**20

    t0 = time.perf_counter()
    from datetime import date

    from deadlines.across import Across
    from deadlines.core.registry import Registry
    from web import create_app

    app = create_app({"CALENDARS_DIR": folder, "DATABASE_URL": db_url, "TODAY": "2026-03-01"})
    Registry().load_all()  # the repository's four: the holidays package's state modules imported, a fixed cost
    t1, rss_app = time.perf_counter(), rss()
    found, invalid = app.extensions["registry"].load_all()
    t2, rss_loaded = time.perf_counter(), rss()
    client = app.test_client()
    cold = client.get(BULK)
    t3 = time.perf_counter()
    assert cold.status_code == 200, cold.data[:500]
    warm = []
    for _ in range(5):
        t = time.perf_counter()
        client.get(BULK)
        warm.append(time.perf_counter() - t)
    again = []  # the listing computed afresh (new caches; each law's engine run, a fixed cost, remembered)
    for _ in range(5):
        fresh = Across(app.extensions["registry"], app.extensions["records"])
        t = time.perf_counter()
        fresh.listing(date(2026, 4, 1), date(2026, 4, 30), today=date(2026, 3, 1))
        again.append(time.perf_counter() - t)
    return {"jurisdictions": len(found), "invalid": len(invalid), "app_s": t1 - t0, "load_s": t2 - t1,
            "load_mb": rss_loaded - rss_app, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "cold_s": t3 - t2, "warm_s": min(warm), "again_s": min(again), "total": cold.get_json()["total"]}


PAGES = {
    "landing": "/",
    "search": "/?q=ypsilanti",
    "results": "/?jurisdiction=ypsilanti-mi&election=2026-11-03",
    "api search": "/api/v1/jurisdictions?q=orem",
    "api page": "/api/v1/jurisdictions?limit=4",  # as many items as the four own files give
    "bulk api": BULK,
    "newsroom": f"/deadlines?from={WINDOW[0]}&to={WINDOW[1]}&limit=3",  # as many rows as the four own files give
}
#: pages timed with every roster only (their size grows with it: no like-for-like ratio)
FULL_PAGES = {"newsroom, 100 rows": f"/deadlines?from={WINDOW[0]}&to={WINDOW[1]}"}
STATES = ("CO", "MI", "UT")  # each state's combined feed (over 500 governments: one event per shared deadline)


def measure_pages(folder: str, db_url: str) -> dict:
    """In this (fresh) process: load every jurisdiction of ``folder``, then
    each page of :data:`PAGES` once (first) and 20 times (best)."""
    from web import create_app

    app = create_app({"CALENDARS_DIR": folder, "DATABASE_URL": db_url, "TODAY": "2026-03-01"})
    found, _ = app.extensions["registry"].load_all()
    rss = int(Path("/proc/self/statm").read_text().split()[1]) * resource.getpagesize() / 2**20
    client = app.test_client()
    out = {"jurisdictions": len(found), "rss_mb": rss, "pages": {}}
    for name, path in PAGES.items():
        t = time.perf_counter()
        first = client.get(path)
        first_s = time.perf_counter() - t
        assert first.status_code == 200, (path, first.status_code, first.data[:300])
        best = min(_timed(client, path) for _ in range(20))
        out["pages"][name] = {"first_s": first_s, "best_s": best, "bytes": len(first.data)}
    for name, path in FULL_PAGES.items() if len(found) > 500 else ():
        assert client.get(path).status_code == 200, path
        out.setdefault("full", {})[name] = min(_timed(client, path) for _ in range(20))
    out["feeds"] = {}
    for state in STATES if len(found) > 500 else ():  # with every roster: rendered cold, then warm
        path = f"/calendars/combined.ics?state={state}"
        t, cpu = time.perf_counter(), time.process_time()
        first = client.get(path)
        cold, cold_cpu = time.perf_counter() - t, time.process_time() - cpu
        assert first.status_code == 200, (path, first.data[:300])
        out["feeds"][state] = {"cold_s": cold, "cold_cpu_s": cold_cpu, "warm_s": min(_timed(client, path) for _ in range(5)),
                               "bytes": len(first.data), "events": first.data.count(b"BEGIN:VEVENT")}
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _timed(client, path: str) -> float:
    t = time.perf_counter()
    client.get(path)
    return time.perf_counter() - t


def roster_pages(tmp: str) -> None:
    """Print the pages with every roster against the four own files."""
    import shutil

    from tests.synthetic_calendars import REPO_CALENDARS

    small = Path(tmp) / "calendars-own-files"
    shutil.copytree(REPO_CALENDARS, small, ignore=shutil.ignore_patterns("roster"))
    rows = {}
    for label, folder in (("own", small), ("roster", REPO_CALENDARS)):
        out = subprocess.run([sys.executable, __file__, "--measure-pages", str(folder), f"sqlite:///{tmp}/p-{label}.db"],
                             check=True, capture_output=True, text=True, cwd=HERE.parent).stdout
        rows[label] = json.loads(out.strip().splitlines()[-1])
    own, full = rows["own"], rows["roster"]
    print(f"pages: {own['jurisdictions']:,} jurisdictions (own files) against {full['jurisdictions']:,} (every roster)")
    print(f"{'page':>12} {'own ms':>8} {'roster ms':>10} {'ratio':>6} {'first ms':>9} {'KB':>6}  path")
    worst = 0.0
    for name, path in PAGES.items():
        a, b = own["pages"][name], full["pages"][name]
        ratio = b["best_s"] / a["best_s"]
        worst = max(worst, ratio)
        print(f"{name:>12} {a['best_s'] * 1000:>8.2f} {b['best_s'] * 1000:>10.2f} {ratio:>6.2f} "
              f"{b['first_s'] * 1000:>9.1f} {b['bytes'] / 1024:>6.1f}  {path}")
    print(f"worst ratio {worst:.2f} (goal <= 2: {'met' if worst <= 2 else 'NOT met'})")
    for name, best in full.get("full", {}).items():
        print(f"{name}: {best * 1000:.2f} ms warm with every roster ({FULL_PAGES[name]})")
    print(f"{'state feed':>12} {'cold s':>7} {'cpu s':>6} {'warm ms':>8} {'MB':>5} {'events':>7}  (goal: cold < 2 s, < 10 MB)")
    for state, f in full["feeds"].items():
        print(f"{state:>12} {f['cold_s']:>7.2f} {f['cold_cpu_s']:>6.2f} {f['warm_s'] * 1000:>8.1f} "
              f"{f['bytes'] / 1e6:>5.2f} {f['events']:>7,}  /calendars/combined.ics?state={state}")
    print(f"memory with every roster loaded and every page and state feed asked: {full['rss_mb']:.0f} MB resident "
          f"after loading, {full['peak_mb']:.0f} MB peak (goal < 500: {'met' if full['peak_mb'] < 500 else 'NOT met'})")
    geo = subprocess.run([sys.executable, str(HERE / "geo.py"), "--points", "500"], check=True, capture_output=True,
                         text=True, cwd=HERE.parent).stdout  # the shipped boundaries imported, points asked warm
    print(next(line for line in geo.splitlines() if line.startswith("point lookup")), "(bench/geo.py; goal < 20 ms)")


def bench_app():
    """gunicorn factory: the app plus a constant endpoint returning the bulk answer's bytes."""
    from flask import Response

    from web import create_app

    app = create_app()

    @app.get(CONSTANT)
    def constant():
        return Response(app.config["BENCH_BODY"], mimetype="application/json")

    app.config["BENCH_BODY"] = app.test_client().get(BULK).data  # also warms this worker's caches
    return app


def throughput(folder: Path, workers: int, requests: int, threads: int) -> dict:
    """Bulk API and constant endpoint, req/s, under gunicorn on a fresh PostgreSQL database."""
    import psycopg

    from bench.feeds import _get, run

    name = f"deadlines_bench_{uuid.uuid4().hex[:10]}"
    admin = psycopg.connect(PG, autocommit=True, connect_timeout=5)
    admin.execute(f'CREATE DATABASE "{name}"')
    url = PG.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEADLINES_")}
    env.update(DEADLINES_DATABASE_URL=url, DEADLINES_CALENDARS=str(folder), DEADLINES_TODAY="2026-03-01",
               DEADLINES_SECRET_KEY="bench", PYTHONPATH=str(HERE.parent))
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}",
                               "--timeout", "600", "--log-level", "warning", "bench.scale:bench_app()"],
                              env=env, cwd=HERE.parent)
    try:
        for _ in range(3000):
            try:
                if _get(port, CONSTANT, {})[0] == 200:
                    break
            except OSError:
                if server.poll() is not None:
                    raise SystemExit("gunicorn exited")
                time.sleep(0.2)
        else:
            raise SystemExit("gunicorn did not start")
        body = _get(port, BULK, {})[1]
        assert _get(port, CONSTANT, {})[1] == body, "the constant endpoint must return the bulk answer's bytes"
        for path in (CONSTANT, BULK):  # warm every worker
            run(port, path, {}, 200, 50 * workers, threads)
        best = {"constant": 0.0, "bulk": 0.0}
        for _ in range(3):
            best["constant"] = max(best["constant"], run(port, CONSTANT, {}, 200, requests, threads))
            best["bulk"] = max(best["bulk"], run(port, BULK, {}, 200, requests, threads))
        return {**best, "bytes": len(body)}
    finally:
        server.terminate()
        server.wait(timeout=30)
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--requests", type=int, default=400)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--pages-only", action="store_true", help="only the pages with every roster loaded")
    ap.add_argument("--measure", nargs=2, metavar=("FOLDER", "DB_URL"), help=argparse.SUPPRESS)
    ap.add_argument("--measure-pages", nargs=2, metavar=("FOLDER", "DB_URL"), help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.measure:
        print(json.dumps(measure(*opts.measure)))
        return
    if opts.measure_pages:
        print(json.dumps(measure_pages(*opts.measure_pages)))
        return
    from tests.synthetic_calendars import make_calendars

    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        roster_pages(tmp)
        if opts.pages_only:
            return
        for n in opts.sizes:
            folder = make_calendars(Path(tmp) / f"calendars-{n}", n)
            db = f"sqlite:///{tmp}/db-{n}.sqlite3"
            out = subprocess.run([sys.executable, __file__, "--measure", str(folder), db], check=True,
                                 capture_output=True, text=True, cwd=HERE.parent).stdout
            rows[n] = json.loads(out.strip().splitlines()[-1])
        print(f"bulk query: {BULK.split('?')[0]} from {WINDOW[0]} to {WINDOW[1]} (first page of 100); cold: the "
              f"first ask in the process; afresh: computed again with empty caches (each law's engine run kept: a "
              f"fixed cost), best of 5")
        print(f"{'jurisdictions':>13} {'app s':>6} {'load s':>7} {'load MB':>8} {'peak MB':>8} {'cold s':>7} "
              f"{'afresh s':>9} {'warm ms':>8} {'listed':>7} {'us/jur load':>12} {'KB/jur':>7} {'us/jur afresh':>14}")
        per = {}
        for n, r in rows.items():
            j = r["jurisdictions"]
            per[n] = {"load": r["load_s"] / j * 1e6, "mem": r["load_mb"] / j * 1024, "query": r["again_s"] / j * 1e6}
            print(f"{j:>13,} {r['app_s']:>6.2f} {r['load_s']:>7.2f} {r['load_mb']:>8.0f} {r['peak_mb']:>8.0f} "
                  f"{r['cold_s']:>7.2f} {r['again_s']:>9.3f} {r['warm_s'] * 1000:>8.1f} {r['total']:>7,} "
                  f"{per[n]['load']:>12.1f} {per[n]['mem']:>7.2f} {per[n]['query']:>14.1f}")
        small, large = per[min(per)], per[max(per)]
        ratios = {k: large[k] / small[k] for k in small}
        print(f"per-jurisdiction cost at {max(per):,} / at {min(per):,}: load {ratios['load']:.2f}, memory "
              f"{ratios['mem']:.2f}, bulk query afresh {ratios['query']:.2f} (1.0 = linear; goal <= 1.3: "
              f"{'met' if max(ratios.values()) <= 1.3 else 'NOT met'})")
        t = throughput(Path(tmp) / f"calendars-{max(rows)}", opts.workers, opts.requests, opts.threads)
        print(f"gunicorn {opts.workers} workers on PostgreSQL, {max(rows):,} jurisdictions, {opts.threads} client "
              f"threads, body {t['bytes']} bytes")
        for kind in ("constant", "bulk"):
            print(f"{kind:>9}: {t[kind]:8.0f} req/s   {t[kind] / t['constant']:6.1%} of constant")


if __name__ == "__main__":
    main()
