"""Clerk accounts of the desk (``/clerk``): who may sign in, for which
jurisdictions, and the one-time sign-in links mailed to them.

No password is kept: a link is a random secret stored as SHA-256, used once
before it expires.

A spent link is the desk session it began (table ``clerk_signin``: its
``used_at`` is when the clerk signed in, and from then on its ``expires_at`` is
when that session ends): the desk's cookie names the row, and every request
checks it (:func:`session_account`). A session ends when it has been idle for
``idle`` (the end slides forward as the clerk works, :data:`SLIDE_EVERY` at a
time), ``lifetime`` after sign-in whatever happens, and at once when the clerk
signs out, the account is revoked or invited again (:func:`end_sessions`):
a copied cookie then opens nothing, and stays dead when the account is revived.
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
#: A desk session ends after this long without a desk request ...
SESSION_IDLE = timedelta(hours=8)
#: ... and this long after sign-in, however busy (the cookie's own lifetime too).
SESSION_LIFETIME = timedelta(days=7)
#: How stale the stored end of a session may grow before a request slides it
#: (so that a clerk at work writes it once in a while, not on every page).
SLIDE_EVERY = timedelta(minutes=5)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def address(email: object) -> str:
    """The normalised address (lower case), or :class:`InputError` on ``email``."""
    return email_address(email).lower()


def invite(s: Session, jid: str, email: str, name: str = "") -> ClerkAccount:
    """The account for ``email`` (made, or revived if revoked), granted
    ``jid``; a name given replaces the one kept. Every session begun before
    the invitation ends (a cookie from before a revocation stays dead)."""
    email = address(email)
    account = s.scalar(select(ClerkAccount).where(ClerkAccount.email == email))
    if account is None:
        account = ClerkAccount(email=email, name=name.strip(), created_at=now())
        s.add(account)
        s.flush()
    else:
        end_sessions(s, account.id)
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


def use_link(s: Session, secret: str, *, idle: timedelta = SESSION_IDLE,
             lifetime: timedelta = SESSION_LIFETIME) -> tuple[ClerkAccount, int] | None:
    """Spend the link (once: a second use finds it used): the account, and the
    id of the session it begins (the link's row, ending ``idle`` from now)."""
    row = live_link(s, secret)
    if row is None:
        return None
    at = now()
    spent = s.execute(update(SignInLink).where(SignInLink.id == row.id, SignInLink.used_at.is_(None))
                      .values(used_at=at, expires_at=at + min(idle, lifetime))).rowcount
    return (s.get(ClerkAccount, row.account_id), row.id) if spent else None


def session_account(s: Session, account_id: int, session_id: int, *,
                    lifetime: timedelta = SESSION_LIFETIME) -> ClerkAccount | None:
    """The live account whose session ``session_id`` is, if that session has not ended."""
    row = s.get(SignInLink, session_id)
    at = now()
    if row is None or row.account_id != account_id or row.used_at is None or row.expires_at <= at \
            or row.used_at + lifetime <= at:
        return None
    return account(s, account_id)


def _slid(row: SignInLink, idle: timedelta, lifetime: timedelta) -> datetime | None:
    """Where the end of a live session moves to when it is used now, or None
    where it need not move yet (less than :data:`SLIDE_EVERY`)."""
    at = now()
    if row.used_at is None or row.expires_at <= at:
        return None
    ends = min(at + idle, row.used_at + lifetime)
    return ends if ends - row.expires_at >= SLIDE_EVERY else None


def slide_due(s: Session, session_id: int, *, idle: timedelta = SESSION_IDLE,
              lifetime: timedelta = SESSION_LIFETIME) -> bool:
    """Whether using the session now should move its end (read only)."""
    row = s.get(SignInLink, session_id)
    return row is not None and _slid(row, idle, lifetime) is not None


def slide(s: Session, session_id: int, *, idle: timedelta = SESSION_IDLE, lifetime: timedelta = SESSION_LIFETIME) -> None:
    """The session was used now: it ends ``idle`` from now, never later than
    ``lifetime`` after sign-in (a session ended meanwhile stays ended)."""
    row = s.get(SignInLink, session_id)
    ends = row and _slid(row, idle, lifetime)
    if ends is not None:
        s.execute(update(SignInLink).where(SignInLink.id == row.id, SignInLink.expires_at > now())
                  .values(expires_at=ends))


def end_sessions(s: Session, account_id: int) -> int:
    """End every desk session of the account now (signing out, revoking,
    inviting again); how many were live."""
    at = now()
    return s.execute(update(SignInLink).where(SignInLink.account_id == account_id, SignInLink.used_at.is_not(None),
                                              SignInLink.expires_at > at).values(expires_at=at)).rowcount


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
    end_sessions(s, found.id)
    s.execute(update(SignInLink).where(SignInLink.account_id == found.id, SignInLink.used_at.is_(None))
              .values(used_at=found.revoked_at, expires_at=found.revoked_at))
    return True
