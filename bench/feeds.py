"""Feed throughput under gunicorn (2 workers) as a ratio to a constant-bytes
Flask endpoint served by the same server in the same run.

    .venv/bin/python bench/feeds.py [--requests 3000] [--threads 4]

Three request kinds, each run in alternating rounds (the best round counts):
``constant`` (the feed's bytes returned by a bare view, no work), ``feed``
(GET /calendars/ypsilanti-mi.ics, 200) and ``304`` (the same with its ETag in
If-None-Match). Goal: feed >= 80 %, 304 >= 95 % of constant.
"""
from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

FEED = "/calendars/ypsilanti-mi.ics"
CONSTANT = "/bench/constant"


def bench_app():
    """The app plus one bench-only route returning the feed's bytes, unchanged (gunicorn factory)."""
    from flask import Response, request

    from web import create_app

    app = create_app()

    @app.get(CONSTANT)
    def constant():
        if "BENCH_BODY" not in app.config:  # rendered for this host: feeds link back to the rows by URL
            app.config["BENCH_BODY"] = app.test_client().get(FEED, base_url=request.host_url).data
        return Response(app.config["BENCH_BODY"], mimetype="text/calendar")

    return app


def _get(port: int, path: str, headers: dict) -> tuple[int, bytes, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read(), dict(resp.getheaders())
    finally:
        conn.close()


def run(port: int, path: str, headers: dict, expect: int, total: int, threads: int) -> float:
    """Requests per second for ``total`` requests over ``threads`` client threads."""
    per = total // threads
    errors = []

    def worker():
        for _ in range(per):
            try:
                status = _get(port, path, headers)[0]
            except OSError as exc:
                status = repr(exc)
            if status != expect:
                errors.append(status)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    start = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise SystemExit(f"{path}: {len(errors)} unexpected statuses, e.g. {errors[0]}")
    return per * threads / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests per round and kind")
    parser.add_argument("--threads", type=int, default=4, help="client threads")
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as instance:
        env = {**os.environ, "DEADLINES_INSTANCE": instance}
        env.pop("DEADLINES_DATABASE_URL", None)
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "--chdir", str(here),
             "--log-level", "warning", "feeds:bench_app()"],
            env=env,
        )
        try:
            for _ in range(200):
                try:
                    status, body, headers = _get(port, FEED, {})
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("gunicorn did not start")
            assert status == 200 and _get(port, CONSTANT, {})[1] == body, "the constant endpoint must return the feed's bytes"
            kinds = {
                "constant": (CONSTANT, {}, 200),
                "feed": (FEED, {}, 200),
                "304": (FEED, {"If-None-Match": headers["ETag"]}, 304),
            }
            for path, hdrs, expect in kinds.values():  # warm both workers
                run(port, path, hdrs, expect, 100, opts.threads)
            best = {k: 0.0 for k in kinds}
            for _ in range(opts.rounds):
                for kind, (path, hdrs, expect) in kinds.items():
                    best[kind] = max(best[kind], run(port, path, hdrs, expect, opts.requests, opts.threads))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"gunicorn 2 workers, {opts.threads} client threads, {opts.requests} requests x {opts.rounds} rounds, "
          f"feed body {len(body)} bytes")
    for kind, rps in best.items():
        print(f"{kind:>8}: {rps:8.0f} req/s   {rps / best['constant']:6.1%} of constant")
    goals = {"feed": 0.80, "304": 0.95}
    met = all(best[k] / best["constant"] >= g for k, g in goals.items())
    print("goals (feed >= 80 %, 304 >= 95 %):", "met" if met else "NOT met")


if __name__ == "__main__":
    main()
