"""Clerk accounts of the desk (``/clerk``): who may sign in, for which
jurisdictions, and the one-time sign-in links mailed to them.

No password is kept: a link is a random secret stored as SHA-256, used once
before it expires; revoking an account ends its links and sessions at once
(the desk loads the account on every request).
"""
from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.store.db import now
from deadlines.store.subscriptions import email_address
from deadlines.store.tables import ClerkAccount, ClerkGrant, SignInLink

#: How long a sign-in link works: an invitation may wait in an inbox for days,
#: a link asked for at the desk is used at once.
INVITE_VALID = timedelta(days=7)
LINK_VALID = timedelta(minutes=30)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def address(email: object) -> str:
    """The normalised address (lower case), or :class:`InputError` on ``email``."""
    return email_address(email).lower()


def invite(s: Session, jid: str, email: str, name: str = "") -> ClerkAccount:
    """The account for ``email`` (made, or revived if revoked), granted
    ``jid``; a name given replaces the one kept."""
    email = address(email)
    account = s.scalar(select(ClerkAccount).where(ClerkAccount.email == email))
    if account is None:
        account = ClerkAccount(email=email, name=name.strip(), created_at=now())
        s.add(account)
        s.flush()
    account.revoked_at = None
    if name.strip():
        account.name = name.strip()
    if s.get(ClerkGrant, (account.id, jid)) is None:
        s.add(ClerkGrant(account_id=account.id, jurisdiction_id=jid, granted_at=now()))
    s.flush()
    return account


def link(s: Session, account: ClerkAccount, valid: timedelta = LINK_VALID) -> str:
    """A new one-time sign-in secret for ``account`` (only its digest is kept)."""
    secret = secrets.token_urlsafe(32)
    at = now()
    s.add(SignInLink(account_id=account.id, token_hash=_digest(secret), created_at=at, expires_at=at + valid))
    s.flush()
    return secret


def live_link(s: Session, secret: str, at: datetime | None = None) -> SignInLink | None:
    """The unused, unexpired link of a live account for ``secret``, or None."""
    row = s.scalar(select(SignInLink).where(SignInLink.token_hash == _digest(secret)))
    if row is None or row.used_at is not None or row.expires_at <= (at or now()):
        return None
    account = s.get(ClerkAccount, row.account_id)
    return row if account is not None and account.revoked_at is None else None


def use_link(s: Session, secret: str) -> ClerkAccount | None:
    """Spend the link (once: a second use finds it used) and return its account."""
    row = live_link(s, secret)
    if row is None:
        return None
    spent = s.execute(update(SignInLink).where(SignInLink.id == row.id, SignInLink.used_at.is_(None))
                      .values(used_at=now())).rowcount
    return s.get(ClerkAccount, row.account_id) if spent else None


def account(s: Session, account_id: int) -> ClerkAccount | None:
    """The live account, or None (unknown or revoked)."""
    found = s.get(ClerkAccount, account_id)
    return found if found is not None and found.revoked_at is None else None


def by_email(s: Session, email: str) -> ClerkAccount | None:
    try:
        email = address(email)
    except InputError:
        return None
    found = s.scalar(select(ClerkAccount).where(ClerkAccount.email == email))
    return found if found is not None and found.revoked_at is None else None


def jurisdictions(s: Session, account_id: int) -> list[str]:
    """The jurisdictions the account keeps, by id."""
    return list(s.scalars(select(ClerkGrant.jurisdiction_id).where(ClerkGrant.account_id == account_id)
                          .order_by(ClerkGrant.jurisdiction_id)))


def listing(s: Session) -> list[tuple[ClerkAccount, list[str]]]:
    return [(a, jurisdictions(s, a.id)) for a in s.scalars(select(ClerkAccount).order_by(ClerkAccount.email))]


def revoke(s: Session, email: str, jid: str | None = None) -> bool:
    """Take ``jid`` from the account, or (no ``jid``) revoke the account and
    its unused links; False where there was nothing to take."""
    found = by_email(s, email)
    if found is None:
        return False
    if jid is not None:
        return s.execute(delete(ClerkGrant).where(ClerkGrant.account_id == found.id,
                                                  ClerkGrant.jurisdiction_id == jid)).rowcount > 0
    found.revoked_at = now()
    s.execute(update(SignInLink).where(SignInLink.account_id == found.id, SignInLink.used_at.is_(None))
              .values(used_at=found.revoked_at))
    return True
