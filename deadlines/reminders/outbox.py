"""Claiming due reminders and recording what happened to them.

A claim moves rows from ``pending`` to ``sending`` under a lease, in one
statement (``FOR UPDATE SKIP LOCKED`` on PostgreSQL; SQLite serialises
writers), so two schedulers never take the same row. Just before each send
the sender renews the row's lease on the condition that it still holds it
(:func:`_still_mine`), and keeps renewing it while the send runs
(:class:`_KeepLease`): a row whose lease ran out, and which another scheduler
took, is left to that one. A row left ``sending`` by a
process that died is taken again once its lease expires and sent with the same
idempotency key (Message-ID / ``Idempotency-Key``), so a receiver can drop the
one copy a crash between sending and recording may cause.

Late reminders: of the reminders for one subscriber and deadline that are all
due, only the latest is sent (the others are logged ``superseded``), and every
message counts the days left from the moment it is sent.

After a crash: every claim is committed before its send, and the outcome is
committed as soon as the SMTP server or webhook accepted the message (retried
while the database is briefly unavailable, the lease still kept), so the only
messages a crash can repeat are those in flight when it struck: at most
``settings.concurrency`` per sender. A row whose earlier claim ended with no
outcome recorded (:func:`_cut_off`: the sender died, or its database failed,
perhaps after the receiver had the message) may have been delivered, so it is
sent again with the same key and logged as delivered: never logged
``superseded`` or ``missed`` for lateness, which would leave a delivered
message out of the log.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from datetime import datetime, timedelta

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from deadlines.store.db import writer
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from deadlines.reminders import email, webhook
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.notice import days_left, subject_and_body
from deadlines.words import words
from deadlines.reminders.plan import PLANNED_KINDS
from deadlines.reminders.settings import Settings

log = logging.getLogger(__name__)


def claim(db: Engine, worker: str, now: datetime, settings: Settings, limit: int = 20, busy=()) -> list[int]:
    due = or_(
        and_(Reminder.state == "pending", Reminder.fire_at <= now,
             or_(Reminder.not_before.is_(None), Reminder.not_before <= now)),
        and_(Reminder.state == "sending", Reminder.lease_until < now),
    )
    if busy:  # rows this worker is still sending (their lease may have lapsed under a slow database)
        due = and_(due, Reminder.id.not_in(list(busy)))
    ids = (select(Reminder.id).where(due).order_by(Reminder.fire_at).limit(limit)
           .with_for_update(skip_locked=True).scalar_subquery())
    with Session(writer(db)) as s, s.begin():
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


def _finish(s: Session, r: Reminder, worker: str, now: datetime, outcome: str, state: str, detail: str = "", **values) -> str:
    """Record the outcome (returned), in one statement that requires this very claim to
    be still open (``sending``, by ``worker``, the claim's attempt number): a
    row finished already, or taken over and claimed again since (even by this
    worker), gets ``overtaken`` logged, never a second outcome."""
    held = s.execute(update(Reminder).where(Reminder.id == r.id, Reminder.state == "sending",
                                            Reminder.claimed_by == worker, Reminder.attempts == r.attempts)
                     .values(state=state, lease_until=None, **values)).rowcount
    if not held:
        outcome, detail = "overtaken", f"{outcome} here, but another scheduler had taken the reminder over; {detail}"
    s.add(DeliveryLog(reminder_id=r.id, at=now, outcome=outcome, worker=worker, detail=detail))
    return outcome


def unsubscribe_url(settings: Settings, sub: Subscription) -> str:
    """The one-click link, with the subscriber's language where it is not English."""
    return f"{settings.base_url}/unsubscribe/{sub.unsubscribe_token}" + ("" if sub.lang == "en" else f"?lang={sub.lang}")


def _still_mine(db: Engine, reminder_id: int, worker: str, now: datetime, settings: Settings) -> bool:
    """Renew the lease if ``worker`` still holds the row; False if another took it."""
    with Session(writer(db)) as s, s.begin():
        return s.execute(update(Reminder).where(Reminder.id == reminder_id, Reminder.claimed_by == worker,
                                                Reminder.state == "sending")
                         .values(lease_until=now + settings.lease)).rowcount == 1


class _KeepLease:
    """Renews a claimed row's lease every third of it while a send runs, so a
    slow receiver never lets the lease run out under a live sender."""

    def __init__(self, db: Engine, reminder_id: int, worker: str, now: datetime, settings: Settings):
        self.args, self.now, self.settings = (db, reminder_id, worker), now, settings
        self.stop = threading.Event()

    def _run(self) -> None:
        start = time.monotonic()
        while not self.stop.wait(self.settings.lease.total_seconds() / 3):
            try:
                _still_mine(*self.args, self.now + timedelta(seconds=time.monotonic() - start), self.settings)
            except Exception:  # noqa: BLE001 - the next renewal (or the lease) settles it
                log.warning("renewing a lease failed", exc_info=True)

    def __enter__(self):
        threading.Thread(target=self._run, daemon=True, name="lease").start()

    def __exit__(self, *exc) -> None:
        self.stop.set()


def _superseded_by(db: Engine, r: Reminder, now: datetime) -> Reminder | None:
    """A later reminder for the same subscriber and deadline that is also due
    (or already sent): the one to send instead of ``r``."""
    if r.kind not in PLANNED_KINDS:
        return None
    with Session(db) as s:
        return s.scalar(select(Reminder).where(
            Reminder.subscription_id == r.subscription_id, Reminder.deadline_uid == r.deadline_uid,
            Reminder.kind.in_(PLANNED_KINDS), Reminder.id != r.id, Reminder.fire_at > r.fire_at,
            Reminder.fire_at <= now, Reminder.state.in_(("pending", "sending", "sent"))).limit(1))


def _cut_off(s: Session, r: Reminder) -> bool:
    """Whether an earlier claim of ``r`` ended without an outcome in the log
    (each claim counts one attempt, each finished claim logs one row): its
    sender died or lost its database mid-way, perhaps after the receiver had
    accepted the message."""
    finished = s.scalar(select(func.count()).select_from(DeliveryLog).where(DeliveryLog.reminder_id == r.id))
    return r.attempts - 1 > finished


def deliver(db: Engine, reminder_id: int, worker: str, now: datetime, settings: Settings) -> str:
    """Send one claimed reminder (or log it missed/cancelled/superseded);
    returns the outcome. Any error in sending is this reminder's failure
    (retried with backoff), never the caller's."""
    with Session(db) as s:
        r = s.get(Reminder, reminder_id)
        sub = s.get(Subscription, r.subscription_id)
        cut_off = _cut_off(s, r)
    payload = json.loads(r.payload)
    ended = "end" in payload and now > datetime.fromisoformat(payload["end"])
    # a row that may have been delivered already is sent again (same key), however late, so the log says so
    later = None if cut_off else _superseded_by(db, r, now)
    maybe = "; an earlier attempt was cut off and may have been delivered" if cut_off else ""
    if sub is None or sub.unsubscribed_at is not None or (sub.confirmed_at is None and r.kind != "confirm"):
        outcome, state, detail = "cancelled", "cancelled", "subscription ended" + maybe
    elif ended or (now > r.fire_at + settings.grace and not cut_off):
        outcome, state, detail = "missed", "missed", f"due {r.fire_at.isoformat()}, not sent by {now.isoformat()}{maybe}"
    elif later is not None:
        outcome, state, detail = "superseded", "superseded", f"the later reminder {later.key[:12]} ({later.lead}) says it"
    elif not _still_mine(db, r.id, worker, now, settings):
        log.info("reminder %s was taken by another scheduler after its lease ran out; not sending", r.key[:12])
        return "lost"
    else:
        late = now - r.fire_at > settings.late_after
        with _KeepLease(db, r.id, worker, now, settings):  # kept until the outcome is recorded
            try:
                _send(settings, r, sub, payload, late, now)
            except DeliveryError as exc:
                return _failed(db, r, worker, now, settings, exc)
            except Exception as exc:  # noqa: BLE001 - one bad target must not stop the others
                log.exception("reminder %s: unexpected error while sending", r.key[:12])
                return _failed(db, r, worker, now, settings, DeliveryError(f"unexpected error: {exc!r}"))
            # accepted: record it at once, and keep trying while the database is unavailable (a row left
            # ``sending`` would be sent again when its lease ran out)
            return _record(db, settings, lambda s: _finish(
                s, r, worker, now, "late" if late else "sent", "sent", sent_at=now, late=late,
                detail=f"{r.attempts} attempt(s){'; sent again after a cut-off attempt' if cut_off else ''}"))
    with Session(writer(db)) as s, s.begin():
        return _finish(s, r, worker, now, outcome, state, detail)


def _record(db: Engine, settings: Settings, finish) -> str:
    """Run ``finish`` in a write transaction, retried on database errors for
    up to a lease (the caller keeps the lease meanwhile)."""
    stop, wait = time.monotonic() + settings.lease.total_seconds(), 0.05
    while True:
        try:
            with Session(writer(db)) as s, s.begin():
                return finish(s)
        except DBAPIError:
            if time.monotonic() + wait > stop:
                raise
            log.warning("recording a delivered reminder failed; retrying in %.2f s", wait, exc_info=True)
            time.sleep(wait)
            wait = min(wait * 2, 2.0)


def _send(settings: Settings, r: Reminder, sub: Subscription, payload: dict, late: bool, now: datetime) -> None:
    if sub.channel == "email":
        unsub = None if r.kind == "confirm" else unsubscribe_url(settings, sub)
        subject, body = subject_and_body(payload, now=now, late=late, unsubscribe_url=unsub, w=words(sub.lang))
        email.send(settings, email.build(settings, sub.target, subject, body, r.key, unsub, lang=sub.lang))
    else:
        body = json.dumps({**payload, "idempotency_key": r.key, "fire_at": r.fire_at.isoformat(), "late": late,
                           "days_left": days_left(payload, now)}, sort_keys=True).encode()
        webhook.post(settings, sub.target, sub.secret or "", r.key, body)


def _failed(db: Engine, r: Reminder, worker: str, now: datetime, settings: Settings, exc: DeliveryError) -> str:
    with Session(writer(db)) as s, s.begin():
        if exc.permanent or r.attempts >= settings.retry_max:
            log.warning("reminder %s failed for good: %s", r.key[:12], exc)
            return _finish(s, r, worker, now, "failed", "failed", str(exc), error=str(exc))
        wait = timedelta(seconds=settings.retry_base * 2 ** (r.attempts - 1))
        return _finish(s, r, worker, now, "retry", "pending", f"{exc}; next try in {wait}", error=str(exc),
                       not_before=now + wait)
