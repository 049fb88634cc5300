"""Which years a computation touches: every year a rule can count to.

A jurisdiction's rules count from its anchors (elections, recorded events) and
from each other; :func:`reach` bounds, once per jurisdiction, how many days
before and after an anchor any chain of its rules can land, so the engine
loads the business calendar for every year a rule touches (two years of
retention ahead, twelve months of residency before), not a guess.
"""
from __future__ import annotations

from datetime import date
from typing import Iterable, Mapping, Sequence

from deadlines.core.model import Choice, Expr, Rule

#: Days a last day may still move when rolled onto a business day.
ROLL_MARGIN = 31

# Bounds in days of each way of counting, per unit of its count (earliest, latest).
_PER_UNIT = {
    "nth_weekday_before": (-7, -1),
    "days_before": (-1, -1),
    "days_after": (1, 1),
    "months_before": (-31, -28),
    "months_after": (28, 31),
    "years_before": (-366, -365),
    "years_after": (365, 366),
    "hours_after": (0, 1),
}


def _bounds(expr: Expr) -> tuple[int, int]:
    if expr.op in ("date", "nth_weekday_in"):  # a day of the anchor's year
        return -366, 366
    lo, hi = _PER_UNIT[expr.op]
    if expr.op == "hours_after":
        return 0, expr.n // 24 + 1
    return min(lo * expr.n, hi * expr.n), max(lo * expr.n, hi * expr.n)


def reach(rules: Mapping[str, tuple[Rule, ...]], order: Iterable[str], choices: Iterable[Choice] = ()) -> tuple[int, int]:
    """(days before, days after) its anchors that any rule can count to,
    following rules that count from other rules (``order``: anchors first);
    a rule's readings and the periods a choice gives it count too."""
    given: dict[str, list[Expr]] = {}
    for choice in choices:
        for rid in choice.deadlines:
            given.setdefault(rid, []).extend(e for e in (choice.start, choice.due) if e is not None)
    span: dict[str, tuple[int, int]] = {}
    for rid in order:
        exprs = [e for rule in rules[rid] for e in (rule.start, rule.due, *(r.due for r in rule.readings)) if e is not None]
        lo = hi = 0
        for expr in exprs + given.get(rid, []):
            base_lo, base_hi = span.get(expr.of, (0, 0))
            e_lo, e_hi = _bounds(expr)
            lo, hi = min(lo, base_lo + e_lo), max(hi, base_hi + e_hi)
        span[rid] = (lo - ROLL_MARGIN, hi + ROLL_MARGIN)  # a dependant counts from the rolled day
    return (-min((s[0] for s in span.values()), default=0), max((s[1] for s in span.values()), default=0))


def years_touched(anchors: Sequence[date], days: tuple[int, int]) -> tuple[int, int]:
    """The first and last year a computation from ``anchors`` can touch."""
    before, after = days
    return date.fromordinal(min(anchors).toordinal() - before).year, date.fromordinal(max(anchors).toordinal() + after).year
