"""Benchmark: 100,000 scheduled reminders.

Plans them through the real planner (Ypsilanti subscribers), then starts
``deadlines scheduler`` as a subprocess and measures its start-up time (spawn
to the first delivery of an already-due reminder), its peak memory, and the
firing lag of a burst of webhooks due a few seconds later.

    .venv/bin/python bench/reminders.py [--reminders 100000] [--burst 500] [--database URL]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deadlines.core.registry import Registry  # noqa: E402
from deadlines.reminders.plan import queue_confirmation, replan  # noqa: E402
from deadlines.reminders.settings import Settings  # noqa: E402
from deadlines.store import subscriptions  # noqa: E402
from deadlines.store.db import get_db, writer  # noqa: E402
from deadlines.store.tables import Reminder, Subscription  # noqa: E402

ARRIVALS: list[tuple[float, str]] = []


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        ARRIVALS.append((time.time(), self.headers["Idempotency-Key"]))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *a):
        pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reminders", type=int, default=100_000)
    ap.add_argument("--burst", type=int, default=500)
    ap.add_argument("--database")
    args = ap.parse_args()
    url = args.database or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    reg, settings, jur = Registry(), Settings(), Registry().get("ypsilanti-mi")
    db = get_db(url)
    now = datetime.now(timezone.utc)

    # 1. plan: one subscriber first to learn how many reminders each gets
    def add(n, **kw):
        with Session(writer(db), expire_on_commit=False) as s, s.begin():
            subs = [subscriptions.create(s, jur, channel="email", target=f"c{i}@bench.test", confirmed=True, **kw) for i in range(n)]
        return subs

    add(1)
    replan(db, reg, jur.id, now=now, settings=settings)
    with Session(db) as s:
        per_sub = s.scalar(select(func.count()).select_from(Reminder))
    add(-(-args.reminders // per_sub) - 1)
    t0 = time.perf_counter()
    replan(db, reg, jur.id, now=now, settings=settings)
    plan_s = time.perf_counter() - t0
    with Session(db) as s:
        total = s.scalar(select(func.count()).where(Reminder.state == "pending"))
    print(f"planned {total:,} reminders ({per_sub} per subscriber) in {plan_s:.1f} s")

    # 2. one reminder due now, and a burst due in a few seconds, to a local webhook
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    hook = f"http://127.0.0.1:{server.server_address[1]}/"
    fire = datetime.now(timezone.utc) + timedelta(seconds=8)
    with Session(writer(db), expire_on_commit=False) as s, s.begin():
        model = reg.get("model-city")
        first = subscriptions.create(s, model, channel="webhook", target=hook, secret="k", confirmed=False)
        queue_confirmation(s, first, model, settings, datetime.now(timezone.utc))
        burst = [subscriptions.create(s, model, channel="webhook", target=hook, secret="k", confirmed=False)
                 for _ in range(args.burst)]
        for sub in burst:
            queue_confirmation(s, sub, model, settings, fire)
        s.execute(update(Subscription).where(Subscription.id.in_([b.id for b in burst] + [first.id])).values(confirm_token=None))
        first_key = s.scalar(select(Reminder.key).where(Reminder.subscription_id == first.id))

    # 3. the scheduler process
    env = {**os.environ, "DEADLINES_DATABASE_URL": url, "DEADLINES_WEBHOOK_ALLOW_NETS": "127.0.0.0/8",
           "DEADLINES_SMTP_PORT": "1"}
    t_spawn = time.time()
    proc = subprocess.Popen([sys.executable, "-m", "deadlines.cli", "scheduler", "--tick", "30"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while len(ARRIVALS) < args.burst + 1 and time.time() < deadline:
            time.sleep(0.05)
        rss = _peak_rss(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    start = next((t for t, k in ARRIVALS if k == first_key), float("nan")) - t_spawn
    lags = sorted(t - fire.timestamp() for t, k in ARRIVALS if k != first_key)
    print(f"scheduler start-up (spawn to first delivery): {start:.2f} s")
    print(f"scheduler peak memory (VmHWM): {rss / 1024:.0f} MiB")
    if lags:
        print(f"burst of {len(lags)} webhooks: lag p50 {statistics.median(lags):.2f} s, "
              f"p95 {lags[int(len(lags) * 0.95) - 1]:.2f} s, max {lags[-1]:.2f} s "
              f"({len(lags) / (lags[-1] + 1e-9):.0f}/s including the wait for the first)")
    else:
        print("burst: nothing arrived")


def _peak_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


if __name__ == "__main__":
    main()
