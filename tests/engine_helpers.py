"""Shared helpers for the worked-example tests (imported by name; no fixtures)."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from deadlines.core.engine import compute
from deadlines.core.registry import Registry

REGISTRY = Registry()
TODAY = date(2026, 11, 29)


def calc(jid: str, **kwargs):
    """Compute ``jid`` with a fixed 'today'; returns {deadline id: Deadline} and the Result."""
    result = compute(REGISTRY.get(jid), today=kwargs.pop("today", TODAY), **kwargs)
    return {d.id: d for d in result.deadlines}, result


def local(zone: str, *args) -> datetime:
    """An aware local time: local("America/Denver", 2025, 6, 9, 17)."""
    return datetime(*args, tzinfo=ZoneInfo(zone))


def one_per_law(reg) -> list[str]:
    """Every jurisdiction with a file of its own, and one roster row per kind
    of government and zone: the rows of one kind share one law (one model,
    :mod:`deadlines.core.registry`), so a test of one covers them all."""
    chosen, seen = list(reg.file_ids()), set()
    for entry in reg.roster().entries.values():
        key = (entry.state, entry.law, entry.timezone)
        if key not in seen and entry.id not in chosen:
            seen.add(key)
            chosen.append(entry.id)
    return chosen
