"""Public reports of a date a government published (table ``date_report``):
anyone may say "the city's notice gives June 2, 5:00 p.m. for this deadline
of the 2027 election", with the link and the words quoted
(``POST /api/v1/jurisdictions/<id>/reports``).

A report changes nothing until it is accepted (``deadlines reports accept``,
or the clerk at the desk: :func:`deadlines.commands.accept_report`): then :class:`deadlines.recorded.DbRecords` reads it as a published
notice (:func:`notices`), the history says so and the jurisdiction's records
revision moves, so that every surface computes again. A rejected one keeps
its reason. Of several accepted reports for one deadline of one cycle, the
one accepted last stands.
"""
from __future__ import annotations

from datetime import date, datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from sqlalchemy import case, select
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Fact, Jurisdiction, PublishedNotice
from deadlines.core.moments import day_of, from_iso
from deadlines.store.db import now
from deadlines.store.subscriptions import email_address
from deadlines.store.tables import DateReport

STATES = ("pending", "accepted", "rejected")
#: Who a published-notice fact from an accepted report is by (:data:`deadlines.core.jurisdiction.FACT_BY`).
BY = "report"
DUE_MAX = 60
#: How far from its cycle's election a reported date may fall (a retention
#: deadline runs two years past the filing; a notice comes months before).
YEARS_BEFORE, YEARS_AFTER = 2, 3


def _deadline(jur: Jurisdiction, value: object) -> str:
    if not isinstance(value, str) or value not in jur.rules:
        known = ", ".join(jur.order)
        raise InputError.of("deadline.unknown", "deadline", jurisdiction=jur.id, name=repr(value), known=known)
    return value


def _cycle(jur: Jurisdiction, value: object) -> date:
    if value is None or value == "":
        raise InputError.of("election.required", "election")
    return inputs.cycle(jur, value, "election")


def _due(jur: Jurisdiction, value: object, cycle: date) -> tuple[str, object]:
    """The date as sent (trimmed) and as read (a date, or an instant in the jurisdiction's zone)."""
    if not isinstance(value, str) or not value.strip():
        raise InputError.of("due.required", "due")
    text = value.strip()
    if len(text) > DUE_MAX:
        raise InputError.of("due.too_long", "due", limit=DUE_MAX)
    moment = inputs.moment(text, ZoneInfo(jur.timezone), "due")
    if isinstance(moment, datetime) and datetime.fromisoformat(text).tzinfo is None:
        raise InputError.of("due.needs_offset", "due", got=repr(text))
    first, last = cycle.replace(year=cycle.year - YEARS_BEFORE), cycle.replace(year=cycle.year + YEARS_AFTER)
    if not first <= day_of(moment) <= last:
        raise InputError.of("due.outside_cycle", "due", day=day_of(moment), cycle=cycle, first=first, last=last)
    return text, moment


def _source(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError.of("source.required", "source")
    text = value.strip()
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        host = None
    if len(text) > inputs.MAX_TEXT or parts.scheme.lower() not in ("http", "https") or not host \
            or any(ch.isspace() for ch in text):
        raise InputError.of("source.not_a_url", "source", limit=inputs.MAX_TEXT, got=repr(text[:100]))
    return text


def check(jur: Jurisdiction, body: dict) -> dict:
    """The report ``body`` read for ``jur`` (InputError naming the first field at fault)."""
    deadline = _deadline(jur, body.get("deadline"))
    cycle = _cycle(jur, body.get("election"))
    given, moment = _due(jur, body.get("due"), cycle)
    source = _source(body.get("source"))
    quote = inputs.required_text(body.get("quote"), "quote", "the words of the published notice that give the date")
    email = body.get("email")
    email = None if email is None or email == "" else email_address(email)
    return {"deadline": deadline, "cycle": cycle, "due_given": given, "due": moment.isoformat(), "source": source,
            "quote": quote, "email": email}


def receive(s: Session, jur: Jurisdiction, body: dict, *, client: str) -> tuple[DateReport, bool]:
    """Store a report (pending) and whether it is new: the same report sent
    again while it waits is the one stored (InputError: nothing stored)."""
    said = check(jur, body)
    same = s.scalar(select(DateReport).where(
        DateReport.jurisdiction_id == jur.id, DateReport.state == "pending", DateReport.deadline == said["deadline"],
        DateReport.cycle == said["cycle"], DateReport.due == said["due"], DateReport.source == said["source"]))
    if same is not None:
        return same, False
    row = DateReport(jurisdiction_id=jur.id, client=client, state="pending", received_at=now(), **said)
    s.add(row)
    s.flush()
    return row, True


def find(s: Session, report_id: int) -> DateReport:
    """The pending report ``report_id`` (InputError otherwise)."""
    row = s.get(DateReport, report_id) if 0 < report_id <= inputs.MAX_ROW_ID else None
    if row is None:
        raise InputError.of("report.unknown", "id", report=report_id)
    if row.state != "pending":
        raise InputError.of(f"report.{row.state}_already", "id", report=report_id, by=row.decided_by,
                            on=str(row.decided_on))
    return row


def target(row: DateReport) -> str:
    """What history calls a report: ``report:<cycle>/<deadline>/<id>``."""
    return f"report:{row.cycle}/{row.deadline}/{row.id}"


def brief(row: DateReport) -> dict:
    """What history keeps of a report."""
    return {"id": row.id, "deadline": row.deadline, "due": row.due, "source": row.source, "state": row.state}


def listing(s: Session, jid: str | None = None, state: str | None = None, limit: int | None = None) -> list[DateReport]:
    """Pending reports first (oldest first), then the decided ones (newest first)."""
    q = select(DateReport)
    if jid is not None:
        q = q.where(DateReport.jurisdiction_id == jid)
    if state is not None:
        q = q.where(DateReport.state == state)
    q = q.order_by(case((DateReport.state == "pending", 0), else_=1),
                   case((DateReport.state == "pending", DateReport.id), else_=-DateReport.id))
    return list(s.scalars(q if limit is None else q.limit(limit)))


def as_dict(row: DateReport) -> dict:
    return {"id": row.id, "jurisdiction": row.jurisdiction_id, "deadline": row.deadline,
            "election": row.cycle.isoformat(), "due": row.due_given, "due_read": row.due, "source": row.source,
            "quote": row.quote, "email": row.email, "status": row.state, "reason": row.reason,
            "received_at": row.received_at.isoformat(), "decided_at": row.decided_at and row.decided_at.isoformat(),
            "decided_on": row.decided_on and row.decided_on.isoformat(), "decided_by": row.decided_by}


def notice(row: DateReport) -> PublishedNotice:
    """An accepted report as the published notice the engine reads."""
    fact = Fact(fact=f"published:{row.deadline}", value=row.due_given, source=row.source, by=BY, quote=row.quote,
                as_of=row.decided_on)
    return PublishedNotice(deadline=row.deadline, cycle=row.cycle, due=from_iso(row.due), fact=fact)


def notices(s: Session, jid: str) -> tuple[PublishedNotice, ...]:
    """The accepted reports of ``jid`` as published notices: per deadline and
    cycle, the one accepted last."""
    rows = s.scalars(select(DateReport).where(DateReport.jurisdiction_id == jid, DateReport.state == "accepted")
                     .order_by(DateReport.decided_at.desc(), DateReport.id.desc()))
    seen, out = set(), []
    for row in rows:
        if (row.deadline, row.cycle) not in seen:
            seen.add((row.deadline, row.cycle))
            out.append(notice(row))
    return tuple(out)
