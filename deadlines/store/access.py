"""Requests for the clerk's desk (table ``access_request``): someone at
``/clerk/request?jurisdiction=<id>`` says who they are (name, email, role).

An address on the government's own domain (:func:`deadlines.domains.on_own_domain`)
gets its sign-in link at once; any other waits for an operator: ``deadlines
clerk requests`` lists them. Granting and approving mail a link, so they are
commands (:mod:`deadlines.commands.access`); :func:`deny` records why (the
caller tells the requester). A request asked again while it waits is that request
(its name and role refreshed), not another.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import case, select
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.store import clerks
from deadlines.store.db import now
from deadlines.store.tables import AccessRequest, ClerkAccount, ClerkGrant

STATES = ("pending", "approved", "denied")
NAME_MAX = ROLE_MAX = 200
#: Who decided a request granted at once (``decided_by``): the address's domain is the government's.
DOMAIN = "domain"


def _field(value: object, field: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError.of("value.required", field)
    text = " ".join(inputs.text(value, field, limit).split())
    if len(text) > limit:
        raise InputError.of("text.too_long", field, limit=limit)
    return text


def check(name: object, email: object, role: object) -> tuple[str, str, str]:
    """The name, the normalised address and the role asked with (InputError
    on ``name``, ``email`` or ``role``)."""
    return _field(name, "name", NAME_MAX), clerks.address(email), _field(role, "role", ROLE_MAX)


def ask(s: Session, jid: str, name: object, email: object, role: object, *, client: str,
        lang: str = "en") -> AccessRequest:
    """The pending request of ``email`` for ``jid``: made, or the one already
    waiting, with this name and role (InputError on ``name``, ``email``, ``role``)."""
    name, address, role = check(name, email, role)
    row = s.scalar(select(AccessRequest).where(AccessRequest.jurisdiction_id == jid, AccessRequest.email == address,
                                               AccessRequest.state == "pending"))
    if row is None:
        row = AccessRequest(jurisdiction_id=jid, email=address, state="pending")
        s.add(row)
    row.name, row.role, row.lang, row.client, row.asked_at = name, role, lang, client, now()
    s.flush()
    return row


def requester_account(s: Session, row: AccessRequest) -> tuple[ClerkAccount | None, bool]:
    """The account of ``row``'s address (revoked ones too; None: none), and
    whether it is live and keeps ``row``'s jurisdiction already."""
    account = s.scalar(select(ClerkAccount).where(ClerkAccount.email == row.email))
    keeps = account is not None and account.revoked_at is None and \
        s.get(ClerkGrant, (account.id, row.jurisdiction_id)) is not None
    return account, keeps


def decide(row: AccessRequest, state: str, by: str, reason: str | None = None) -> None:
    """Mark ``row`` ``state`` (approved or denied), by ``by``, now, for ``reason``."""
    row.state, row.decided_by, row.decided_at, row.reason = state, by, now(), reason


def pending(s: Session, request_id: int) -> AccessRequest:
    """The request ``request_id``, which must be waiting (InputError otherwise)."""
    row = s.get(AccessRequest, request_id) if 0 < request_id <= inputs.MAX_ROW_ID else None
    if row is None:
        raise InputError.of("access.unknown", "id", request=request_id)
    if row.state != "pending":
        raise InputError.of(f"access.{row.state}_already", "id", request=request_id, by=row.decided_by,
                            on=f"{row.decided_at:%Y-%m-%d}")
    return row


def deny(s: Session, request_id: int, reason: object, *, by: str = "operator") -> AccessRequest:
    """Record that the request is denied, and why (the caller tells the requester)."""
    row = pending(s, request_id)
    decide(row, "denied", by, inputs.required_text(reason, "reason", "why the request is denied"))
    return row


def listing(s: Session, state: str | None = None) -> list[AccessRequest]:
    """Pending requests first (oldest first), then the decided ones (newest first)."""
    q = select(AccessRequest)
    if state is not None:
        q = q.where(AccessRequest.state == state)
    waiting = case((AccessRequest.state == "pending", 0), else_=1)
    rows = list(s.scalars(q.order_by(waiting, AccessRequest.id)))
    first = [r for r in rows if r.state == "pending"]
    return first + sorted((r for r in rows if r.state != "pending"), key=lambda r: -r.id)


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at else None


def as_dict(row: AccessRequest) -> dict:
    return {"id": row.id, "jurisdiction": row.jurisdiction_id, "name": row.name, "email": row.email,
            "role": row.role, "lang": row.lang, "state": row.state, "reason": row.reason,
            "asked_at": _iso(row.asked_at), "decided_at": _iso(row.decided_at), "decided_by": row.decided_by}
