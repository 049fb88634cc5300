"""What every surface needs: the registry, the anchor store, "today", and the
user's query (election, primary, trigger events) read into engine arguments."""
from __future__ import annotations

from datetime import date, datetime
from typing import Mapping
from zoneinfo import ZoneInfo

from flask import current_app

from deadlines.core.errors import InputError
from deadlines.core.model import Jurisdiction, Moment
from deadlines.core.moments import day_of, in_range, parse_date, parse_moment
from deadlines.core.registry import Registry
from deadlines.service import RecordSource



def registry() -> Registry:
    return current_app.extensions["registry"]


def records() -> RecordSource:
    return current_app.extensions["records"]


def today_in(timezone: str) -> date:
    """Config ``TODAY`` if set, else today in the jurisdiction's zone (a deadline
    is counted in the clerk's day, not the server's)."""
    pinned = current_app.config.get("TODAY")
    if pinned:
        return pinned if isinstance(pinned, date) else date.fromisoformat(str(pinned))
    return datetime.now(ZoneInfo(timezone)).date()


def read_date(value: str | None, field: str) -> date | None:
    """A YYYY-MM-DD input (None when empty); :class:`InputError` naming ``field``."""
    if not value:
        return None
    try:
        day = parse_date(value)
    except ValueError as exc:
        raise InputError(f"{field}: {exc}", field) from None
    return in_range(day, field)


def read_query(jur: Jurisdiction, args: Mapping[str, str]) -> dict:
    """``election``, ``primary`` and one input per trigger name, as keyword
    arguments for :func:`deadlines.service.lookup`."""
    events: dict[str, Moment] = {}
    for name in jur.triggers:
        if args.get(name):
            try:
                events[name] = parse_moment(args[name], ZoneInfo(jur.timezone))
            except ValueError as exc:
                raise InputError(f"{name}: {exc}", name) from None
            in_range(day_of(events[name]), name)
    return {
        "election": read_date(args.get("election"), "election"),
        "primary": read_date(args.get("primary"), "primary"),
        "events": events,
    }
