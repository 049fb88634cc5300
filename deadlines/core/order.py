"""The order people read deadlines in, and whose task a deadline is.

Deadlines are ordered by the instant to act by (the safe date and its hour;
a date without an hour ends with its day, after every hour of that day),
then by kind: a filing deadline before a window closing on the same day,
both before a notice window or a retention period.
"""
from __future__ import annotations

from datetime import datetime, time

from deadlines.core.computed import Deadline
from deadlines.core.moments import day_of

#: kinds on one day and hour: the act a person must do first
KIND_RANK = {"deadline": 0, "window": 1, "notice-window": 2, "retention": 3}


def reading_order(d: Deadline) -> tuple:
    """The sort key of ``d`` among the deadlines of one jurisdiction."""
    safe = d.safe_due if d.safe_due is not None else d.due
    clock = safe.timetz().replace(tzinfo=None) if isinstance(safe, datetime) else time.max
    return (day_of(safe), clock, KIND_RANK.get(d.kind, len(KIND_RANK)), d.id, d.case or "")


def is_clerk_task(d: Deadline) -> bool:
    """A task of the office (publishing a notice, keeping petitions), not a
    deadline a candidate or voter acts on: shown to the clerk audience, never
    as everyone's next deadline."""
    return d.kind in ("notice-window", "retention") or set(d.audience) <= {"clerk"}
