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
        [--top50 [LIST]] [--since YEAR]

With ``--list`` each comparison is printed (government, cycle, deadline,
published, the service's dates, the verdict, the source).

``--top50`` keeps the governments of the top-50 list (issue 25: the 50 most
populous governments of each state as calendars/facts/top50-comparison.md
checked them; ``scripts/top50-list.csv``, or the CSV given) and prints the
summary per state and class as a markdown table, with every row that does
not agree. ``--since YEAR`` keeps the cycles whose general election is in
YEAR or later, a Michigan township's from YEAR - 2 (it elects in presidential
years only: ``--since 2022`` is the last two cycles of each, 2022+ and 2020+).
"""
from __future__ import annotations

import argparse
import csv
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
TOP50 = ROOT / "scripts" / "top50-list.csv"
STATES = ("MI", "CO", "UT")
CLASSES = ("agree", "reading", "departs", "not computed", "no such deadline that cycle")


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


def top50(path: Path = TOP50) -> dict[str, str]:
    """The top-50 list: government id -> its state."""
    with path.open(newline="", encoding="utf-8") as f:
        return {row["jurisdiction"]: row["state"] for row in csv.DictReader(f)}


def since(jur, cycle: date, year: int | None) -> bool:
    """Whether ``cycle`` is of ``year`` or later (a Michigan township's: of
    ``year - 2`` or later, its elections being four years apart, in even years)."""
    return year is None or cycle.year >= (year - 2 if jur.kind == "township" else year)


def comparisons(reg: Registry, ids, state: str | None = None, year: int | None = None):
    """(government, notice, the service's deadline or None, the verdict or
    why none) for every published notice of the governments ``ids``, each
    computed by the law alone (the published facts left out)."""
    for jid in ids:
        try:
            jur = reg.get(jid)
        except CalendarError:
            continue
        if state and jur.state != state.upper():
            continue
        notices = [n for n in published_by_research(jur) if since(jur, n.cycle, year)]
        if not notices:
            continue
        bare = replace(jur, facts=tuple(f for f in jur.facts if not f.fact.startswith("published:")))
        for n in notices:
            try:
                result = lookup(bare, today=TODAY, election=n.cycle)
            except InputError as exc:
                yield jur, n, None, f"not computed: {exc}"
                continue
            d = next((x for x in result.deadlines if x.id == n.deadline), None)
            yield jur, n, d, "no such deadline that cycle" if d is None else verdict(n.due, d)


def ours(d) -> str:
    return "-" if d is None else f"{d.safe_due} (due {d.due}; {len(d.readings)} readings)"


def markdown(rows, listed: dict[str, str]) -> str:
    """The summary per class and state (and how many of the list's governments
    have a published row), then every row that does not agree."""
    counts = {st: Counter() for st in STATES}
    governments = {st: set() for st in STATES}
    for jur, _, _, found in rows:
        counts[jur.state][found.split(":")[0]] += 1
        governments[jur.state].add(jur.id)
    out = ["| class | " + " | ".join(STATES) + " | all |", "|---" * (len(STATES) + 2) + "|"]
    for c in CLASSES:
        out.append(f"| {c} | " + " | ".join(str(counts[st][c]) for st in STATES)
                   + f" | {sum(counts[st][c] for st in STATES)} |")
    out.append("| total | " + " | ".join(str(sum(counts[st].values())) for st in STATES)
               + f" | {sum(sum(c.values()) for c in counts.values())} |")
    out.append("| governments with a row | " + " | ".join(
        f"{len(governments[st])} of {sum(1 for s in listed.values() if s == st)}" for st in STATES)
        + f" | {sum(len(g) for g in governments.values())} of {len(listed)} |")
    others = [r for r in rows if r[3] != "agree"]
    out += ["", f"Rows that do not agree ({len(others)}):", "",
            "| state | government | cycle | deadline | published | ours (safe; due; readings) | class | source |",
            "|---|---|---|---|---|---|---|---|"]
    out += [f"| {jur.state} | `{jur.id}` | {n.cycle} | `{n.deadline}` | {n.due} | {ours(d)} | {found} | {n.fact.source} |"
            for jur, n, d, found in others]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", help="only this state (MI, CO, UT)")
    ap.add_argument("--list", action="store_true", help="print each comparison")
    ap.add_argument("--top50", nargs="?", const=TOP50, type=Path, metavar="LIST",
                    help=f"only the governments of the top-50 list (default {TOP50.relative_to(ROOT)}), "
                         "summed in markdown")
    ap.add_argument("--since", type=int, metavar="YEAR",
                    help="only cycles of YEAR or later (a Michigan township's: YEAR - 2)")
    args = ap.parse_args()
    reg = Registry()
    listed = top50(args.top50) if args.top50 else None
    ids = reg.ids()
    if listed is not None:
        known = set(ids)
        for jid in (j for j in listed if j not in known):
            print(f"{args.top50}: {jid} is no government of the calendars", file=sys.stderr)
        ids = [j for j in listed if j in known]
    rows = list(comparisons(reg, ids, args.state, args.since))
    if args.list:
        for jur, n, d, found in rows:
            if d is None and found != "no such deadline that cycle":
                print(f"{jur.id}\t{n.cycle}\t{n.deadline}\t{found}")
            else:
                print(f"{jur.id}\t{n.cycle}\t{n.deadline}\t{n.due}\t{ours(d)}\t{found}\t{n.fact.source}")
    if listed is not None:
        print(markdown(rows, listed))
        return 0
    counts: dict = defaultdict(Counter)
    for jur, _, _, found in rows:
        counts[jur.state][found.split(":")[0]] += 1
    print(f"{'state':6} {'published':>9} {'agree':>6} {'reading':>8} {'departs':>8} {'other':>6}")
    for state, c in sorted(counts.items()):
        other = sum(v for k, v in c.items() if k not in ("agree", "reading", "departs"))
        total = sum(c.values())
        print(f"{state:6} {total:>9} {c['agree']:>6} {c['reading']:>8} {c['departs']:>8} {other:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
