"""Every clerk write, kept: who (the token's label), when, what it changed
(before and after) and the authority or reason given (table ``clerk_history``).

:func:`log` is called by each write (the commands of :mod:`deadlines.commands`,
:mod:`deadlines.store.reports`), in the same transaction; :func:`listing` is what
the API, the command line and the form show. An entry is kept as facts (an
action code, a target, before and after); :mod:`deadlines.change_notes` says it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.db import now
from deadlines.store.tables import HistoryEntry


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


def for_cycle(entries: list[HistoryEntry], cycle: date, event_ids: set[str]) -> list[HistoryEntry]:
    """The entries that bear on one cycle: its elections, overrides, decisions,
    notices, reports and office closures, the events of its cases (``event_ids``), and
    the office hours (which bear on every cycle)."""
    def bears(e: HistoryEntry) -> bool:
        kind, _, key = e.target.partition(":")
        if kind == "office":
            return True
        return key in event_ids if kind == "event" else key.partition("/")[0] == cycle.isoformat()
    return [e for e in entries if bears(e)]
