"""The tables (SQLAlchemy 2 declarative). The migrations in ``migrations/``
create exactly these; a test compares them."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger, Boolean, Date, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from deadlines.store.base import JID, Base
from deadlines.store.db import UTC
from deadlines.store.office_tables import FilingOfficeEntry  # noqa: F401 (the same metadata)

UID = String(300)
MOMENT = String(40)  # ISO 8601: a date, or an instant with its UTC offset


class JurisdictionState(Base):
    """Change counters per jurisdiction: ``anchors_rev`` for what a clerk
    recorded (feeds' cache keys), ``subs_rev`` for subscriptions; ``planned``
    is the fingerprint the reminders were last planned for."""

    __tablename__ = "jurisdiction_state"
    jurisdiction_id: Mapped[str] = mapped_column(JID, primary_key=True)
    anchors_rev: Mapped[int] = mapped_column(Integer, default=0)
    subs_rev: Mapped[int] = mapped_column(Integer, default=0)
    planned: Mapped[str | None] = mapped_column(String(500))


class ElectionEntry(Base):
    __tablename__ = "election_date"
    __table_args__ = (UniqueConstraint("jurisdiction_id", "cycle"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    cycle: Mapped[date] = mapped_column(Date)
    general: Mapped[date | None] = mapped_column(Date)
    primary: Mapped[date | None] = mapped_column(Date)
    authority: Mapped[str | None] = mapped_column(Text)  # what moved the election, when it is moved
    reason: Mapped[str | None] = mapped_column(Text)


class TriggerEvent(Base):
    """A recorded trigger event. Deleting one keeps the row (``deleted_at``):
    its deadlines stay in the feeds, cancelled."""

    __tablename__ = "trigger_event"
    __table_args__ = (Index("ix_trigger_event_jid", "jurisdiction_id"),
                      Index("ux_trigger_event_idempotency", "jurisdiction_id", "idempotency_key", unique=True))
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    name: Mapped[str] = mapped_column(String(100))
    value: Mapped[str] = mapped_column(MOMENT)
    recorded_at: Mapped[datetime] = mapped_column(UTC)
    label: Mapped[str] = mapped_column(String(200), default="")
    deleted_at: Mapped[datetime | None] = mapped_column(UTC)
    deleted_reason: Mapped[str | None] = mapped_column(Text)
    idempotency_key: Mapped[str | None] = mapped_column(String(100))  # the POST's Idempotency-Key, if it sent one


class HistoryEntry(Base):
    """One clerk write: who (the token's label), when, what it changed
    (``before``/``after`` as JSON, null where nothing was) and why."""

    __tablename__ = "clerk_history"
    __table_args__ = (Index("ix_clerk_history_jid", "jurisdiction_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    at: Mapped[datetime] = mapped_column(UTC)
    by: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str] = mapped_column(String(300))
    before: Mapped[str | None] = mapped_column(Text)
    after: Mapped[str | None] = mapped_column(Text)
    authority: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")


class OverrideEntry(Base):
    """A replaced date of one cycle; ``case_id`` names the case whose deadline
    it replaces (a deadline counted from a trigger event), else ""."""

    __tablename__ = "override"
    __table_args__ = (UniqueConstraint("jurisdiction_id", "deadline", "election", "case_id", name="uq_override"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    deadline: Mapped[str] = mapped_column(String(100))
    election: Mapped[date] = mapped_column(Date)
    case_id: Mapped[str] = mapped_column(String(100), default="", server_default="")
    status: Mapped[str] = mapped_column(String(20))
    due: Mapped[str | None] = mapped_column(MOMENT)
    start: Mapped[str | None] = mapped_column(MOMENT)
    authority: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)


class OfficeHoursEntry(Base):
    """Office hours a clerk recorded ("HH:MM" local, on an authority), from a day on until the next entry's day or
    ``holds_until``, over the file's; entries are kept (:func:`deadlines.store.records.hours_on`)."""

    __tablename__ = "office_hours"
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    open: Mapped[str] = mapped_column(String(5))
    close: Mapped[str] = mapped_column(String(5))
    authority: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(UTC)
    days: Mapped[str | None] = mapped_column(String(20), nullable=True)  # "1,2,3" (Monday 0); None: Monday to Friday
    other: Mapped[str | None] = mapped_column(String(80), nullable=True)  # "4 09:00-13:00" by weekday, "; " between
    holds_from: Mapped[date | None] = mapped_column(Date, nullable=True)  # None: the day recorded (before 0016)
    holds_until: Mapped[date | None] = mapped_column(Date, nullable=True)  # the last day, where a clerk ended them


class OfficeClosure(Base):
    """A day the clerk's office is closed, as a clerk recorded it (treated like
    a calendar file's one-off closure)."""

    __tablename__ = "office_closure"
    __table_args__ = (UniqueConstraint("jurisdiction_id", "day"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    day: Mapped[date] = mapped_column(Date)
    reason: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(UTC)


class DecisionEntry(Base):
    """A clerk's decision on a choice the law gives for one cycle
    (:class:`deadlines.core.model.Decision`); it wins over the calendar file's."""

    __tablename__ = "decision"
    __table_args__ = (UniqueConstraint("jurisdiction_id", "choice", "cycle"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    choice: Mapped[str] = mapped_column(String(100))
    cycle: Mapped[date] = mapped_column(Date)
    taken: Mapped[bool] = mapped_column(Boolean)
    authority: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(UTC)


class ClerkToken(Base):
    __tablename__ = "clerk_token"
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(UTC)
    revoked_at: Mapped[datetime | None] = mapped_column(UTC)


class ClerkAccount(Base):
    """A clerk who signs in at ``/clerk`` with an emailed one-time link (no
    password kept); ``revoked_at`` ends every session and link at once."""

    __tablename__ = "clerk_account"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(UTC)
    revoked_at: Mapped[datetime | None] = mapped_column(UTC)


class ClerkGrant(Base):
    """A jurisdiction a clerk account sees and writes."""

    __tablename__ = "clerk_grant"
    account_id: Mapped[int] = mapped_column(ForeignKey("clerk_account.id", ondelete="CASCADE"), primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID, primary_key=True)
    granted_at: Mapped[datetime] = mapped_column(UTC)


class SignInLink(Base):
    """A one-time sign-in link, stored as SHA-256: used once, before ``expires_at``."""

    __tablename__ = "clerk_signin"
    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("clerk_account.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTC)
    expires_at: Mapped[datetime] = mapped_column(UTC)
    used_at: Mapped[datetime | None] = mapped_column(UTC)


class NoticePublication(Base):
    """A legal notice the clerk published (the notice window's deadline uid):
    the day, and the newspaper or site; its notice reminders stop."""

    __tablename__ = "notice_publication"
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    deadline_uid: Mapped[str] = mapped_column(UID, unique=True)
    published_on: Mapped[date] = mapped_column(Date)
    where: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(UTC)
    by: Mapped[str] = mapped_column(String(200))


class Subscription(Base):
    """Who is told, how (``email`` or ``webhook``), and when: ``leads`` in
    days before each deadline ("14,7,1"), ``notice_lead`` days before a notice
    window closes, ``deadline_ids`` to restrict (empty: all); ``audience``
    to restrict to one audience's deadlines (None: all); ``lang`` the
    language its messages are written in (the one it signed up in)."""

    __tablename__ = "subscription"
    __table_args__ = (Index("ix_subscription_jid", "jurisdiction_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    channel: Mapped[str] = mapped_column(String(10))
    target: Mapped[str] = mapped_column(String(2000))
    secret: Mapped[str | None] = mapped_column(String(100))
    leads: Mapped[str] = mapped_column(String(100))
    notice_lead: Mapped[int] = mapped_column(Integer, default=3)
    deadline_ids: Mapped[str] = mapped_column(String(2000), default="")
    confirm_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    unsubscribe_token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTC)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTC)
    unsubscribed_at: Mapped[datetime | None] = mapped_column(UTC)
    lang: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    audience: Mapped[str | None] = mapped_column(String(20))


class TrackedDeadline(Base):
    """The dates a subscriber was last told about, to say what moved."""

    __tablename__ = "tracked_deadline"
    subscription_id: Mapped[int] = mapped_column(ForeignKey("subscription.id", ondelete="CASCADE"), primary_key=True)
    deadline_uid: Mapped[str] = mapped_column(UID, primary_key=True)
    title: Mapped[str] = mapped_column(String(300))
    due: Mapped[str] = mapped_column(MOMENT)
    status: Mapped[str] = mapped_column(String(20))
    safe_due: Mapped[str | None] = mapped_column(MOMENT, nullable=True)  # None: tracked before safe dates were


class Reminder(Base):
    """One message to send: the durable source of truth of the scheduler.

    ``key`` is the idempotency key (subscription, deadline uid, lead, due
    instant). ``state``: pending -> sending (claimed under a lease) -> sent,
    or missed / failed / cancelled."""

    __tablename__ = "reminder"
    __table_args__ = (
        Index("ix_reminder_due", "state", "fire_at"),
        Index("ix_reminder_sub", "subscription_id", "state"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    subscription_id: Mapped[int] = mapped_column(ForeignKey("subscription.id", ondelete="CASCADE"))
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    deadline_uid: Mapped[str] = mapped_column(UID)
    kind: Mapped[str] = mapped_column(String(20))
    lead: Mapped[str] = mapped_column(String(40))
    due: Mapped[str] = mapped_column(MOMENT)
    fire_at: Mapped[datetime] = mapped_column(UTC)
    payload: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(12), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    not_before: Mapped[datetime | None] = mapped_column(UTC)
    lease_until: Mapped[datetime | None] = mapped_column(UTC)
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    sent_at: Mapped[datetime | None] = mapped_column(UTC)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    error: Mapped[str | None] = mapped_column(Text)


class DeliveryLog(Base):
    """Every outcome: sent, late, retry, failed, missed, cancelled."""

    __tablename__ = "delivery_log"
    __table_args__ = (Index("ix_delivery_log_reminder", "reminder_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    reminder_id: Mapped[int] = mapped_column(ForeignKey("reminder.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UTC)
    outcome: Mapped[str] = mapped_column(String(12))
    worker: Mapped[str] = mapped_column(String(64))
    detail: Mapped[str] = mapped_column(Text, default="")


class FeedEventState(Base):
    """Owned by :mod:`deadlines.store.feed_state` (SEQUENCE/LAST-MODIFIED per UID)."""

    __tablename__ = "feed_event_state"
    uid: Mapped[str] = mapped_column(String(300), primary_key=True)
    content_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    sequence: Mapped[int] = mapped_column(Integer, nullable=False)
    last_modified: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    basis: Mapped[int] = mapped_column(BigInteger, nullable=False, server_default="0")


class RateLimit(Base):
    """Owned by :mod:`deadlines.store.rate_limits`: one fixed-window counter
    per key (who, what), shared by every web worker; ``expires_at`` in epoch seconds."""

    __tablename__ = "rate_limit"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, nullable=False)
    expires_at: Mapped[float] = mapped_column(Float, nullable=False)


class BoundaryImport(Base):
    """Owned by :mod:`deadlines.store.boundaries`: one imported boundary file
    per layer (a file imported again replaces its rows and this one). Its ids
    never repeat (AUTOINCREMENT on SQLite too), so ``(count, max id)`` is a
    revision that changes with every import."""

    __tablename__ = "boundary_import"
    __table_args__ = (UniqueConstraint("layer", "source"), {"sqlite_autoincrement": True})
    id: Mapped[int] = mapped_column(primary_key=True)
    layer: Mapped[str] = mapped_column(String(20))
    source: Mapped[str] = mapped_column(String(255))  # the file's name
    features: Mapped[int] = mapped_column(Integer)  # in the file
    joined: Mapped[int] = mapped_column(Integer)  # to a government (or, in a county layer, a county)
    imported_at: Mapped[datetime] = mapped_column(UTC)


class Boundary(Base):
    """Owned by :mod:`deadlines.store.boundaries`: one feature of an imported
    boundary file: the government it is (``jurisdiction_id``; for a county
    layer the county's ``county`` name instead; neither where it joined
    none, kept for a roster that may list it later), its layer, its key
    (``key_type`` ``geoid`` or ``lgid``), the file it came from, the geometry
    (WKB, longitude/latitude) and its bounding box."""

    __tablename__ = "boundary"
    __table_args__ = (Index("ix_boundary_source", "layer", "source"), Index("ix_boundary_jid", "jurisdiction_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str | None] = mapped_column(JID)
    county: Mapped[str | None] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(2))
    layer: Mapped[str] = mapped_column(String(20))
    key_type: Mapped[str] = mapped_column(String(5))
    key: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(255))
    geometry: Mapped[bytes] = mapped_column(LargeBinary)
    min_lon: Mapped[float] = mapped_column(Float)
    min_lat: Mapped[float] = mapped_column(Float)
    max_lon: Mapped[float] = mapped_column(Float)
    max_lat: Mapped[float] = mapped_column(Float)


class AccessRequest(Base):
    """Owned by :mod:`deadlines.store.access`: someone asking for the desk of a
    jurisdiction at ``/clerk/request`` (``state`` pending, approved or denied;
    ``decided_by`` ``domain`` where the address was on the government's own
    domain and the link went at once, else the operator; ``reason`` why it was
    denied). ``client`` is the digest of the asking client's address (the key
    its rate limits count under), ``lang`` the language it asked in."""

    __tablename__ = "access_request"
    __table_args__ = (Index("ix_access_request_state", "state", "id"), Index("ix_access_request_jid", "jurisdiction_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(320))
    role: Mapped[str] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(8), default="en")
    state: Mapped[str] = mapped_column(String(10), default="pending")
    reason: Mapped[str | None] = mapped_column(Text)
    client: Mapped[str] = mapped_column(String(64))
    asked_at: Mapped[datetime] = mapped_column(UTC)
    decided_at: Mapped[datetime | None] = mapped_column(UTC)
    decided_by: Mapped[str | None] = mapped_column(String(200))


class DateReport(Base):
    """Owned by :mod:`deadlines.store.reports`: a date someone says the
    government published for one of its deadlines in a cycle (``cycle``: the
    general election), with the link and the words quoted. Nothing it says is
    used until it is ``accepted`` (then a published-notice fact, as of
    ``decided_on``); ``rejected`` ones keep their ``reason``. ``due`` is the
    date or instant (in the jurisdiction's zone) as read, ``due_given`` as sent."""

    __tablename__ = "date_report"
    __table_args__ = (Index("ix_date_report_jid", "jurisdiction_id", "state"), Index("ix_date_report_state", "state", "id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    jurisdiction_id: Mapped[str] = mapped_column(JID)
    deadline: Mapped[str] = mapped_column(String(100))
    cycle: Mapped[date] = mapped_column(Date)
    due: Mapped[str] = mapped_column(MOMENT)
    due_given: Mapped[str] = mapped_column(String(60))
    source: Mapped[str] = mapped_column(Text)
    quote: Mapped[str] = mapped_column(Text)
    email: Mapped[str | None] = mapped_column(String(320))
    client: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(10), default="pending")
    reason: Mapped[str | None] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTC)
    decided_at: Mapped[datetime | None] = mapped_column(UTC)
    decided_on: Mapped[date | None] = mapped_column(Date)  # the day it was accepted or rejected, in the jurisdiction's zone
    decided_by: Mapped[str | None] = mapped_column(String(200))
