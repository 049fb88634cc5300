"""Claiming due reminders and recording what happened to them.

A claim moves rows from ``pending`` to ``sending`` under a lease, in one
statement (``FOR UPDATE SKIP LOCKED`` on PostgreSQL; SQLite serialises
writers), so two schedulers never take the same row. A row left ``sending``
by a process that died is taken again once its lease expires and sent with
the same idempotency key (Message-ID / ``Idempotency-Key``), so a receiver can
drop the one copy a crash between sending and recording may cause.
"""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from deadlines.reminders import email, webhook
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.notice import subject_and_body
from deadlines.reminders.settings import Settings

log = logging.getLogger(__name__)


def claim(db: Engine, worker: str, now: datetime, settings: Settings, limit: int = 20) -> list[int]:
    due = or_(
        and_(Reminder.state == "pending", Reminder.fire_at <= now,
             or_(Reminder.not_before.is_(None), Reminder.not_before <= now)),
        and_(Reminder.state == "sending", Reminder.lease_until < now),
    )
    ids = (select(Reminder.id).where(due).order_by(Reminder.fire_at).limit(limit)
           .with_for_update(skip_locked=True).scalar_subquery())
    with Session(db) as s, s.begin():
        return list(s.scalars(
            update(Reminder).where(Reminder.id.in_(ids))
            .values(state="sending", claimed_by=worker, lease_until=now + settings.lease, attempts=Reminder.attempts + 1)
            .returning(Reminder.id)))


def next_due(db: Engine) -> datetime | None:
    """When the earliest pending reminder may fire (a retry waits for ``not_before``)."""
    pending = Reminder.state == "pending"
    with Session(db) as s:
        first = s.scalar(select(Reminder.fire_at).where(pending, Reminder.not_before.is_(None))
                         .order_by(Reminder.fire_at).limit(1))
        retry = s.scalar(select(func.min(Reminder.not_before)).where(pending))
    return min((t for t in (first, retry) if t is not None), default=None)


def _finish(s: Session, r: Reminder, worker: str, now: datetime, outcome: str, state: str, detail: str = "", **values) -> None:
    s.execute(update(Reminder).where(Reminder.id == r.id, Reminder.claimed_by == worker)
              .values(state=state, lease_until=None, **values))
    s.add(DeliveryLog(reminder_id=r.id, at=now, outcome=outcome, worker=worker, detail=detail))


def unsubscribe_url(settings: Settings, sub: Subscription) -> str:
    return f"{settings.base_url}/unsubscribe/{sub.unsubscribe_token}"


def deliver(db: Engine, reminder_id: int, worker: str, now: datetime, settings: Settings) -> str:
    """Send one claimed reminder (or log it missed/cancelled); returns the outcome."""
    with Session(db) as s:
        r = s.get(Reminder, reminder_id)
        sub = s.get(Subscription, r.subscription_id)
    payload = json.loads(r.payload)
    if sub is None or sub.unsubscribed_at is not None or (sub.confirmed_at is None and r.kind != "confirm"):
        outcome, state, detail = "cancelled", "cancelled", "subscription ended"
    elif now > r.fire_at + settings.grace or ("end" in payload and now > datetime.fromisoformat(payload["end"])):
        outcome, state, detail = "missed", "missed", f"due {r.fire_at.isoformat()}, not sent by {now.isoformat()}"
    else:
        late = now - r.fire_at > settings.late_after
        try:
            _send(settings, r, sub, payload, late)
        except DeliveryError as exc:
            return _failed(db, r, worker, now, settings, exc)
        with Session(db) as s, s.begin():
            _finish(s, r, worker, now, "late" if late else "sent", "sent", sent_at=now, late=late,
                    detail=f"{r.attempts} attempt(s)")
        return "late" if late else "sent"
    with Session(db) as s, s.begin():
        _finish(s, r, worker, now, outcome, state, detail)
    return outcome


def _send(settings: Settings, r: Reminder, sub: Subscription, payload: dict, late: bool) -> None:
    if sub.channel == "email":
        unsub = None if r.kind == "confirm" else unsubscribe_url(settings, sub)
        subject, body = subject_and_body(payload, late=late, unsubscribe_url=unsub)
        email.send(settings, email.build(settings, sub.target, subject, body, r.key, unsub))
    else:
        body = json.dumps({**payload, "idempotency_key": r.key, "fire_at": r.fire_at.isoformat(), "late": late},
                          sort_keys=True).encode()
        webhook.post(settings, sub.target, sub.secret or "", r.key, body)


def _failed(db: Engine, r: Reminder, worker: str, now: datetime, settings: Settings, exc: DeliveryError) -> str:
    with Session(db) as s, s.begin():
        if exc.permanent or r.attempts >= settings.retry_max:
            _finish(s, r, worker, now, "failed", "failed", str(exc), error=str(exc))
            log.warning("reminder %s failed for good: %s", r.key[:12], exc)
            return "failed"
        wait = timedelta(seconds=settings.retry_base * 2 ** (r.attempts - 1))
        _finish(s, r, worker, now, "retry", "pending", f"{exc}; next try in {wait}", error=str(exc), not_before=now + wait)
    return "retry"
