#!/usr/bin/env python3
"""Compare every date a government published (the research facts
``published:<deadline>`` in calendars/facts, each with its source) with the
service's dates for that cycle, as the law alone gives them (the published
notice itself left out):

- ``agree``: the published day and hour are the service's safe date;
- ``reading``: the published day is among the dates the service shows (its
  due date or a reading: the no-primary date of a Michigan city, the
  ranked-choice period, the other roll), or the day agrees and only the hour
  differs (an office hour not recorded: the statute's default was shown);
- ``departs``: another day: the government departs from the statute as the
  service reads it (a home-rule charter's own days, a notice's error).

    .venv/bin/python scripts/compare_published.py [--state MI] [--list]

With ``--list`` each comparison is printed (government, cycle, deadline,
published, the service's dates, the verdict, the source).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deadlines.core.basis import published_by_research, published_within_window  # noqa: E402
from deadlines.core.errors import CalendarError, InputError  # noqa: E402
from deadlines.core.moments import day_of  # noqa: E402
from deadlines.core.registry import Registry  # noqa: E402
from deadlines.service import lookup  # noqa: E402

TODAY = date(2026, 12, 2)


def verdict(published, d) -> str:
    """``agree`` where the published moment is the safe date (a date alone: its
    day), or, for a notice the government publishes (``notice-window``), a day
    within the window (the day it appeared, not another last day); ``reading``
    where its day is among the days shown, else ``departs``."""
    if published == d.safe_due or (not isinstance(published, datetime) and published == day_of(d.safe_due)):
        return "agree"
    if published_within_window(published, d):
        return "agree"
    shown = {day_of(m) for m in (d.safe_due, d.due, *(r.due for r in d.readings))}
    return "reading" if day_of(published) in shown else "departs"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", help="only this state (MI, CO, UT)")
    ap.add_argument("--list", action="store_true", help="print each comparison")
    args = ap.parse_args()
    reg = Registry()
    counts: dict = defaultdict(Counter)
    for jid in reg.ids():
        try:
            jur = reg.get(jid)
        except CalendarError:
            continue
        if args.state and jur.state != args.state.upper():
            continue
        notices = published_by_research(jur)
        if not notices:
            continue
        bare = replace(jur, facts=tuple(f for f in jur.facts if not f.fact.startswith("published:")))
        for n in notices:
            try:
                result = lookup(bare, today=TODAY, election=n.cycle)
            except InputError as exc:
                counts[jur.state]["not computed"] += 1
                if args.list:
                    print(f"{jid}\t{n.cycle}\t{n.deadline}\tnot computed: {exc}")
                continue
            d = next((x for x in result.deadlines if x.id == n.deadline), None)
            found = "no such deadline that cycle" if d is None else verdict(n.due, d)
            counts[jur.state][found] += 1
            if args.list:
                ours = "-" if d is None else f"{d.safe_due} (due {d.due}; {len(d.readings)} readings)"
                print(f"{jid}\t{n.cycle}\t{n.deadline}\t{n.due}\t{ours}\t{found}\t{n.fact.source}")
    print(f"{'state':6} {'published':>9} {'agree':>6} {'reading':>8} {'departs':>8} {'other':>6}")
    for state, c in sorted(counts.items()):
        other = sum(v for k, v in c.items() if k not in ("agree", "reading", "departs"))
        total = sum(c.values())
        print(f"{state:6} {total:>9} {c['agree']:>6} {c['reading']:>8} {c['departs']:>8} {other:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
