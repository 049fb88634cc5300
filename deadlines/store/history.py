"""Every clerk write, kept: who (the token's label), when, what it changed
(before and after) and the authority or reason given (table ``clerk_history``).

:func:`log` is called by each write in :mod:`deadlines.store.records`, in the
same transaction; :func:`listing` is what the API, the command line and the
form show; :func:`words` says one entry in a line, in plain words and the
jurisdiction's local time (the form, the desk, feed descriptions).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Mapping
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.core.model import Jurisdiction
from deadlines.core.moments import from_iso, say, say_clock, say_day
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


def _at(values: dict | None, key: str, zone: ZoneInfo) -> str:
    """A stored moment of ``values`` in words, instants in the jurisdiction's zone."""
    moment = from_iso((values or {}).get(key))
    if moment is None:
        return "(none)"
    return say(moment.astimezone(zone) if isinstance(moment, datetime) else moment)


def _title(jur: Jurisdiction, rid: str) -> str:
    return jur.rules[rid][-1].title if rid in jur.rules else rid


def _what(e: HistoryEntry, jur: Jurisdiction, labels: Mapping[str, str]) -> str:
    """What the write did, in words (which deadline, which dates)."""
    zone = ZoneInfo(jur.timezone)
    before, after = (None if v is None else json.loads(v) for v in (e.before, e.after))
    kind, _, key = e.target.partition(":")
    if kind == "event":
        ev = after or before or {}
        trigger = jur.triggers.get(ev.get("name"))
        title = trigger.title if trigger else ev.get("name", "an event")
        case = f" (case “{ev['label']}”)" if ev.get("label") else ""
        if e.action == "event.record":
            return f"recorded “{title}” on {_at(after, 'at', zone)}{case}"
        if e.action == "event.change":
            return f"changed “{title}”{case} from {_at(before, 'at', zone)} to {_at(after, 'at', zone)}"
        return f"deleted “{title}” of {_at(before, 'at', zone)}{case}"
    if kind == "office":
        if after is None:
            return "removed the office hours recorded: the calendar file's apply again"
        hours = {k: say_clock(time.fromisoformat(after[k])) for k in ("open", "close")}
        was = (f" (they had been {say_clock(time.fromisoformat(before['open']))} to "
               f"{say_clock(time.fromisoformat(before['close']))})") if before else ""
        return f"recorded the office hours: open {hours['open']} to {hours['close']}{was}"
    if kind == "closure":
        day = say_day(date.fromisoformat((after or before)["day"]))
        if after is None:
            return f"removed the closure of the office on {day}"
        return f"recorded that the office is closed on {day} ({after['reason']})"
    cycle, _, rest = key.partition("/")
    election = say_day(date.fromisoformat(cycle))
    if kind == "election":
        if after is None:
            return f"removed the election dates entered for the election of {election}"
        dates = ", ".join(f"{k} election {_at(after, k, zone)}" for k in ("general", "primary") if after.get(k))
        return f"entered the dates of the election of {election}: {dates}"
    if kind == "override":
        rid, _, case = rest.partition("/")
        what = f"“{_title(jur, rid)}”" + (f" (case “{labels.get(case, case)}”)" if case else "")
        if after is None:
            return f"removed the replaced date of {what}: the computed date is in force again"
        was = f" (it had been {_at(before, 'due', zone)})" if before and before.get("due") else ""
        if after.get("status") == "cancelled":
            return f"cancelled {what} for the election of {election}"
        return f"replaced the date of {what} with {_at(after, 'due', zone)}{was}"
    if kind == "decision":
        choice = jur.choices.get(rest)
        name = f"“{choice.title}”" if choice else rest
        if after is None:
            return f"removed the decision on {name} for the election of {election}"
        return f"recorded that {jur.name} {'takes' if after.get('taken') else 'does not take'} {name} for the election of {election}"
    if kind == "notice":
        return f"marked “{_title(jur, rest)}” published on {_at(after, 'on', zone)} in {(after or {}).get('where')}"
    return e.action


def words(e: HistoryEntry, jur: Jurisdiction, labels: Mapping[str, str] | None = None) -> str:
    """"Monday, May 3, 2027, 2:02 p.m. CDT, City Clerk: replaced the date of
    “Referendum petition filing deadline” (case “Ordinance 2027-9”) with 5:00 p.m.
    on Tuesday, July 20, 2027. Authority: ... Reason: ..." (local time;
    ``labels`` names cases by their id)."""
    at = e.at.astimezone(ZoneInfo(jur.timezone))
    when = f"{say_day(at.date())}, {say_clock(at.timetz())} {at.tzname()}"
    why = "".join(f" {k}: {v.rstrip('.')}." for k, v in (("Authority", e.authority), ("Reason", e.reason)) if v)
    return f"{when}, {e.by}: {_what(e, jur, labels or {})}.{why}"


def for_cycle(entries: list[HistoryEntry], cycle: date, event_ids: set[str]) -> list[HistoryEntry]:
    """The entries that bear on one cycle: its elections, overrides, decisions,
    notices and office closures, the events of its cases (``event_ids``), and
    the office hours (which bear on every cycle)."""
    def bears(e: HistoryEntry) -> bool:
        kind, _, key = e.target.partition(":")
        if kind == "office":
            return True
        return key in event_ids if kind == "event" else key.partition("/")[0] == cycle.isoformat()
    return [e for e in entries if bears(e)]
