"""Which years a computation touches: every year a rule can count to.

A jurisdiction's rules count from its anchors (elections, recorded events) and
from each other; :func:`reach` bounds, once per jurisdiction, how many days
before and after an anchor any chain of its rules can land, so the engine
knows every year a rule touches (two years of retention ahead, twelve months
of residency before), not a guess. How far
each way of counting reaches is its ``reach`` in the operations table
(:data:`~deadlines.core.operations.OPERATIONS`); the loader refuses an
operation without one, so every :class:`Expr` of a loaded rule has it.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from deadlines.core.model import Choice, Expr, Rule
from deadlines.core.operations import OPERATIONS

#: Days a last day may still move when rolled onto a business day.
ROLL_MARGIN = 31


def reach(rules: Mapping[str, tuple[Rule, ...]], order: Iterable[str], choices: Iterable[Choice] = ()) -> tuple[int, int]:
    """(days before, days after) its anchors that any rule can count to,
    following rules that count from other rules (``order``: anchors first);
    a rule's readings and the periods a choice gives it (every era's, with
    their readings) count too."""
    given: dict[str, list[Expr]] = {}
    for choice in choices:
        for rid in choice.deadlines:
            given.setdefault(rid, []).extend(e for p in choice.periods
                                             for e in (p.start, p.due, *(r.due for r in p.readings)) if e is not None)
    span: dict[str, tuple[int, int]] = {}
    for rid in order:
        exprs = [e for rule in rules[rid] for e in (rule.start, rule.due, *(r.due for r in rule.readings)) if e is not None]
        lo = hi = 0
        for expr in exprs + given.get(rid, []):
            base_lo, base_hi = span.get(expr.of, (0, 0))
            e_lo, e_hi = OPERATIONS[expr.op].reach(expr.n)
            lo, hi = min(lo, base_lo + e_lo), max(hi, base_hi + e_hi)
        span[rid] = (lo - ROLL_MARGIN, hi + ROLL_MARGIN)  # a dependant counts from the rolled day
    return (-min((s[0] for s in span.values()), default=0), max((s[1] for s in span.values()), default=0))
