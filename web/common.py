"""What every surface needs: the registry, the anchor store, "today", and the
user's query (election, primary, trigger events) read into engine arguments."""
from __future__ import annotations

from datetime import date, datetime
from typing import Mapping
from zoneinfo import ZoneInfo

from flask import current_app

from deadlines.core.model import Jurisdiction
from deadlines.core import inputs
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


def read_query(jur: Jurisdiction, args: Mapping[str, str]) -> dict:
    """The query's ``election``, ``primary`` and trigger events (see
    :func:`deadlines.core.inputs.query`)."""
    return inputs.query(jur, args)
