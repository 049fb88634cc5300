"""Engine cost per deadline at 1, 1,000 and 100,000 jurisdiction-elections.

Synthetic jurisdictions share the seed rule sets (as thousands of local
governments share one state statute): each is a seed jurisdiction under a new
id. The engine is measured as the service runs it: ``deadlines.results.compute`` (the service's results cache),
once per law and anchors, each jurisdiction getting its own copy of the
deadlines; the last lines give the bare ``deadlines.core.engine.compute`` (no
memo: every item computed) at 1,000 and 100,000 distinct computations, the
engine and the floor run in turn three times and each timed by its fastest
run. Every result of the memo rows is kept in memory, so peak RSS covers
holding them all.
The floor is a bare loop doing, for the same jurisdiction-elections in the same
run, the same date additions (one per start/due expression), business-day rolls
over the same holiday dict (one per reading, plus the office-opening roll) and
local-time combinations the engine does, without any explanation or result
objects.

Times are the process's CPU time (``time.process_time``), engine and floor
alike: on a machine shared with other work the wall clock counts their time too.

    .venv/bin/python bench/engine.py            # 1, 1,000 and 100,000
    .venv/bin/python bench/engine.py --max 1000 # quicker
"""
from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from dataclasses import replace
from datetime import date, datetime, time as time_of_day, timedelta
from zoneinfo import ZoneInfo
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deadlines.core import engine  # noqa: E402
from deadlines.results import compute  # noqa: E402
from deadlines.core.registry import Registry  # noqa: E402
from deadlines.service import cycles  # noqa: E402

EVENTS = {
    "model-city": {"ordinance-adopted": date(2026, 5, 7)},
}


def workload(n: int):
    """n (jurisdiction, election) pairs over synthetic copies of the seeds."""
    seeds = Registry().all()
    elections = {j.id: cycles(j, date(2015, 1, 1), date(2035, 12, 31)) for j in seeds}
    out = []
    i = 0
    while len(out) < n:
        seed = seeds[i % len(seeds)]
        jur = replace(seed, id=f"{seed.id}-{i:06d}")
        cyc = elections[seed.id][(i // len(seeds)) % len(elections[seed.id])]
        out.append((jur, cyc, EVENTS.get(seed.id, {})))
        i += 1
    return out


def run_engine(work, today, fn=compute):
    results = [fn(j, election=e, events=ev, today=today) for j, e, ev in work]
    return results, sum(len(r.deadlines) for r in results)


def floor_plan(work):
    """Per item: its holiday dict and, per deadline rule, how many date
    additions, business-day rolls and local-time combinations the engine does
    for it. Built before the floor is timed."""
    plans = []
    for jur, election, events in work:
        closed = jur.holidays.calendars.legal.closed  # the holiday dict the engine rolls over
        ops = []
        for rid in jur.order:
            rule = jur.rules[rid][-1]
            if any(a in jur.triggers and a not in events for a in rule.anchors()):
                continue
            additions = 1 + (rule.start is not None)
            rolls = (1 + len(rule.readings)) if rule.office_act else 0
            rolls += rule.start_at_opening
            timed = (1 + len(rule.readings)) if (rule.at or (rule.office_act and jur.office_hours)) else 0
            ops.append((additions, rolls, timed + rule.start_at_opening))
        plans.append((election, closed, ZoneInfo(jur.timezone), ops))
    return plans


def run_floor(plans):
    """The same date additions, holiday lookups and local times, with no explanation."""
    total = 0
    five = time_of_day(17, 0)
    for election, closed, zone, ops in plans:
        for additions, rolls, timed in ops:
            d = election
            for _ in range(additions):
                d = d - timedelta(days=67)
            for _ in range(rolls):
                r = d
                while r.weekday() >= 5 or r in closed:
                    r += timedelta(days=1)
            for _ in range(timed):
                datetime.combine(d, five, tzinfo=zone)
            total += d.toordinal() & 1
    return total


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max", type=int, default=100_000)
    args = ap.parse_args()
    today = date(2026, 11, 29)
    print(f"{'jur-elections':>14} {'deadlines':>10} {'engine s':>9} {'us/deadline':>12} {'floor us/dl':>12} {'ratio':>6} {'peak RSS MB':>12}")
    for n in (1, 1_000, 100_000):
        if n > args.max:
            break
        work = workload(n)
        compute(work[0][0], election=work[0][1], events=work[0][2], today=today)  # warm caches once
        gc.collect()
        t0 = time.process_time()
        results, count = run_engine(work, today)
        engine_s = time.process_time() - t0
        plans = floor_plan(work)
        t0 = time.process_time()
        run_floor(plans)
        floor_s = time.process_time() - t0
        floor_per = floor_s / count * 1e6
        per = engine_s / count * 1e6
        print(f"{n:>14,} {count:>10,} {engine_s:>9.3f} {per:>12.1f} {floor_per:>12.2f} {per / floor_per:>6.1f} {peak_mb():>12.0f}")
        del results, work, plans  # the next row is measured without this one's leftovers
    print("ratio = engine time / bare-loop time for the same deadlines; goal <= 10x, 100,000 under 1 GB peak")
    for n in (1_000, 100_000):
        if n > args.max:
            break
        bare, floor_per, count = bare_engine(workload(n), today)
        # DESIGN.md: outside tools read "without the memo ... at 100,000: N us/deadline, R.Rx the floor"
        print(f"without the memo (the bare engine: {n:,} distinct computations, {count:,} deadlines) at {n:,}: "
              f"{bare:.1f} us/deadline, {bare / floor_per:.1f}x the floor (the floor: {floor_per:.2f} us/deadline)")


def bare_engine(work, today, repeat: int = 3) -> tuple[float, float, int]:
    """``deadlines.core.engine.compute`` on every item (as a jurisdiction with
    its own clerk records runs it: no memo), results dropped as they come so
    memory stays flat; and the floor for the same items. The engine and the
    floor run in turn ``repeat`` times and each keeps its fastest run, so a
    burst of other work on a shared machine weighs on neither alone. Returns
    (engine us/deadline, floor us/deadline, deadlines)."""
    plans = floor_plan(work)
    engine_s = floor_s = float("inf")
    for _ in range(repeat):
        gc.collect()
        count = 0
        t0 = time.process_time()
        for j, e, ev in work:
            count += len(engine.compute(j, election=e, events=ev, today=today).deadlines)
        engine_s = min(engine_s, time.process_time() - t0)
        t0 = time.process_time()
        run_floor(plans)
        floor_s = min(floor_s, time.process_time() - t0)
    return engine_s / count * 1e6, floor_s / count * 1e6, count


if __name__ == "__main__":
    main()
