"""Every clerk write, kept: who (the token's label), when, what it changed
(before and after) and the authority or reason given (table ``clerk_history``).

:func:`log` is called by each write in :mod:`deadlines.store.records`, in the
same transaction; :func:`listing` is what the API, the command line and the
form show; :func:`words` says one entry in a line for feed descriptions.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.db import now
from deadlines.store.tables import HistoryEntry

ACTIONS = {
    "event.record": "recorded",
    "event.change": "changed",
    "event.delete": "deleted",
    "election.set": "entered election dates",
    "election.delete": "removed the entered election dates",
    "override.put": "replaced a date",
    "override.delete": "removed an override",
    "decision.put": "recorded a decision on a choice the law gives",
    "decision.delete": "removed a decision on a choice the law gives",
}


@dataclass(frozen=True)
class Who:
    """Who writes: the label of the clerk token used (or the command line)."""

    label: str


def log(s: Session, jid: str, who: Who, action: str, target: str, before: dict | None, after: dict | None,
        *, authority: str | None = None, reason: str | None = None) -> None:
    s.add(HistoryEntry(
        jurisdiction_id=jid, at=now(), by=who.label or "(unlabelled token)", action=action, target=target,
        before=None if before is None else json.dumps(before, sort_keys=True),
        after=None if after is None else json.dumps(after, sort_keys=True),
        authority=authority or "", reason=reason or "",
    ))


def listing(s: Session, jid: str, limit: int = 500) -> list[HistoryEntry]:
    """The newest entries first."""
    q = select(HistoryEntry).where(HistoryEntry.jurisdiction_id == jid).order_by(HistoryEntry.id.desc()).limit(limit)
    return list(s.scalars(q))


def as_dict(e: HistoryEntry) -> dict:
    return {
        "id": e.id, "at": e.at.isoformat(), "by": e.by, "action": e.action, "target": e.target,
        "before": None if e.before is None else json.loads(e.before),
        "after": None if e.after is None else json.loads(e.after),
        "authority": e.authority, "reason": e.reason,
    }


def _brief(values: dict | None) -> str:
    if not values:
        return "nothing"
    return ", ".join(f"{k} {v}" for k, v in sorted(values.items()) if v not in (None, "") and k != "id")


def words(e: HistoryEntry) -> str:
    """"2027-05-03 14:02 UTC, City Clerk: changed (at 2027-05-01 -> at 2027-05-03); reason: typo"."""
    when: datetime = e.at
    before, after = (None if v is None else json.loads(v) for v in (e.before, e.after))
    what = ACTIONS.get(e.action, e.action)
    if before and after:
        what += f" ({_brief(before)} -> {_brief(after)})"
    elif after:
        what += f" ({_brief(after)})"
    elif before:
        what += f" (was {_brief(before)})"
    why = "; ".join(f"{k}: {v}" for k, v in (("authority", e.authority), ("reason", e.reason)) if v)
    return f"{when:%Y-%m-%d %H:%M} UTC, {e.by}: {what}" + (f"; {why}" if why else "")
