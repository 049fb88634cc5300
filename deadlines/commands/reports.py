"""A public report of a date decided: accepted (from then on a published
notice of the jurisdiction) or rejected, why said (commands, see :mod:`.base`);
the rows are :mod:`deadlines.store.reports`'s."""
from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from deadlines.commands.base import Done, Written, command
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.store import history
from deadlines.store.db import now
from deadlines.store.reports import brief, target
from deadlines.store.tables import DateReport


def _decide(jur: Jurisdiction, row: DateReport, state: str, who: history.Who, today: date | None,
            reason: str | None) -> Done[DateReport]:
    """``row`` marked ``state`` by ``who`` (on ``today``, by default today in
    ``jur``'s zone); InputError when it is another jurisdiction's."""
    if row.jurisdiction_id != jur.id:
        raise InputError.of("report.other_jurisdiction", "id", report=row.id, of=row.jurisdiction_id,
                            jurisdiction=jur.id)
    before = brief(row)
    at = now()
    row.state, row.reason, row.decided_at, row.decided_by = state, reason, at, who.label or "(unlabelled)"
    row.decided_on = today or at.astimezone(ZoneInfo(jur.timezone)).date()
    return Done(row, Written(f"report.{state.removesuffix('ed')}", target(row), before, brief(row),
                             authority=row.source if state == "accepted" else None, reason=reason), cycle=row.cycle)


@command
def accept_report(s: Session, jur: Jurisdiction, row: DateReport, *, who: history.Who,
                  today: date | None = None) -> Done[DateReport]:
    """Accept the pending report (found by :func:`deadlines.store.reports.find`):
    from now on a published notice of ``jur`` (as of ``today``, by default today in its zone)."""
    return _decide(jur, row, "accepted", who, today, None)


@command
def reject_report(s: Session, jur: Jurisdiction, row: DateReport, reason: object, *, who: history.Who,
                  today: date | None = None) -> Done[DateReport]:
    """Reject the pending report, recording why (InputError on ``reason`` when none is given)."""
    why = inputs.required_text(reason, "reason", "why the report is rejected")
    return _decide(jur, row, "rejected", who, today, why)
