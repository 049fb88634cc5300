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
