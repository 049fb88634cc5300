"""Clerk tokens: one jurisdiction each, shown once, stored as SHA-256."""
from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.db import now
from deadlines.store.tables import ClerkToken

PREFIX = "dlc_"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create(s: Session, jid: str, label: str = "") -> tuple[ClerkToken, str]:
    """A new token for ``jid``: the row and the secret (never stored)."""
    secret = PREFIX + secrets.token_urlsafe(32)
    row = ClerkToken(jurisdiction_id=jid, token_hash=digest(secret), label=label, created_at=now())
    s.add(row)
    s.flush()
    return row, secret


#: Token ids are database integers (64-bit): a larger number names no token.
MAX_ID = (1 << 63) - 1


def revoke(s: Session, token_id: int) -> bool:
    """Revoke a live token; False when ``token_id`` names none."""
    if not 0 < token_id <= MAX_ID:
        return False
    row = s.get(ClerkToken, token_id)
    if row is None or row.revoked_at is not None:
        return False
    row.revoked_at = now()
    return True


def listing(s: Session, jid: str | None = None) -> list[ClerkToken]:
    q = select(ClerkToken).order_by(ClerkToken.id)
    return list(s.scalars(q.where(ClerkToken.jurisdiction_id == jid) if jid else q))


def verify(s: Session, secret: str) -> ClerkToken | None:
    """The live token row for ``secret``, or None (unknown or revoked)."""
    row = s.scalar(select(ClerkToken).where(ClerkToken.token_hash == digest(secret)))
    return row if row is not None and row.revoked_at is None else None
