"""The landing page's list: every jurisdiction with its next election and
next deadline (the form at ``/`` shows it until a jurisdiction is chosen)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deadlines.core.elections import next_election
from deadlines.core.errors import CalendarError
from deadlines.core.model import Deadline, Jurisdiction, Result
from deadlines.service import coming

from web.common import records, registry, today_in


@dataclass(frozen=True)
class Summary:
    jur: Jurisdiction | None
    election: date | None  # the next general election
    result: Result | None  # the cycle of the next deadline
    next: Deadline | None
    today: date | None = None
    problem: str | None = None  # the calendar file is invalid (details: `deadlines check`)


def summaries() -> list[Summary]:
    out = []
    for jid in registry().ids():
        try:
            jur = registry().get(jid)
        except CalendarError as exc:
            out.append(Summary(None, None, None, None, f"{jid}: its calendar file has {len(exc.problems)} problem(s)"))
            continue
        today = today_in(jur.timezone)
        found = coming(jur, today=today, records=records(), count=1)
        result, nxt = found[0] if found else (None, None)
        out.append(Summary(jur, next_election(jur.elections["general"], today), result, nxt, today))
    return out
