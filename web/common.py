"""What every surface needs: the registry, the anchor store, "today", the
user's query (election, primary, trigger events) read into engine arguments,
and the notice a jurisdiction's pages show while its file has a problem."""
from __future__ import annotations

from datetime import date, datetime
from typing import Callable, Mapping
from zoneinfo import ZoneInfo

from flask import current_app, request

from deadlines.core.model import Jurisdiction
from deadlines.core import inputs
from deadlines.core.registry import Registry
from deadlines.service import RecordSource

from web.language import lang, said



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


def trouble_notices(jur: Jurisdiction) -> list[str]:
    """That the jurisdiction's file is invalid and which version is shown instead (none when all is well)."""
    trouble = registry().trouble(jur.id)
    if trouble is None or trouble[1] is None:
        return []
    written = datetime.fromtimestamp(trouble[1], ZoneInfo(jur.timezone))
    w = said()
    return [w._("This calendar file has a problem; the last good version from {day}, {clock} ({zone}) is shown.",
                day=w.day(written.date()), clock=w.clock(written.time()), zone=jur.timezone)]


def once_per_change(jid: str, what: str, render: Callable[[Jurisdiction], object], vary: tuple = ()):
    """``render(jur)`` for this request, computed once per change of what a
    feed is keyed on (the file's stamp, the records' revision, the day), of
    the query and of ``vary`` (whatever else the answer depends on: the base
    URL of its links, a language), however many ask at once (``answers``, a
    :class:`~deadlines.core.memo.Computed`). An answer already computed costs
    a stat and look-ups: the jurisdiction is loaded only to compute one."""
    reg = registry()
    jid = reg.resolve(jid)  # an Open Civic Data id too
    stamp = reg.stamp(jid)
    zones = current_app.extensions["zones"]  # (id, stamp) -> its time zone (whose day the answer is of)
    zone = zones.get((jid, stamp))
    if zone is None:
        zone = reg.get(jid).timezone
        zones.put((jid, stamp), zone)
    key = (what, jid, request.query_string, lang(), stamp, records().revision(jid), today_in(zone), *vary)
    return current_app.extensions["answers"].get(key, lambda: render(reg.get(jid)))
