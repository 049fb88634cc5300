"""Reminder subscriptions: email (double opt-in when public) or webhook."""
from __future__ import annotations

import secrets
from typing import Collection

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import AUDIENCES
from deadlines.store.db import now
from deadlines.store.tables import Reminder, Subscription
from deadlines.store.util import bump

DEFAULT_LEADS = (14, 7, 1)


def _whole(x: object) -> int:
    """A whole number given as an int or as digits (not a bool, a float or inf)."""
    if isinstance(x, bool) or not isinstance(x, (int, str)):
        raise TypeError(x)
    return int(x)


def parse_leads(value: object) -> tuple[int, ...]:
    """Days before each deadline: 0-365, at most 10 of them."""
    items = value.split(",") if isinstance(value, str) else value
    try:
        leads = tuple(sorted({_whole(x) for x in items}, reverse=True))
    except (TypeError, ValueError):
        raise InputError.of("leads.not_days", "leads") from None
    if not leads or len(leads) > 10 or any(not 0 <= n <= 365 for n in leads):
        raise InputError.of("leads.out_of_range", "leads")
    return leads


def email_address(value: object) -> str:
    """A plain ASCII mailbox ``local@domain.tld`` (email-validator's syntax
    rules: no comments, quoted local parts, display names, whitespace, CR, LF
    or NUL), normalised; InputError (``email``) otherwise. ``.test`` domains
    are allowed (they never resolve; tests use them)."""
    if not isinstance(value, str):
        raise InputError.of("email.invalid", "email")
    try:
        found = validate_email(value, check_deliverability=False, allow_smtputf8=False, test_environment=True)
    except EmailNotValidError as exc:
        raise InputError.of("email.invalid_why", "email", why=str(exc)) from None
    return found.normalized


def create(s: Session, jur: Jurisdiction, *, channel: str, target: str, leads=DEFAULT_LEADS, notice_lead: int = 3,
           deadline_ids=(), confirmed: bool = False, secret: str | None = None, lang: str = "en",
           audience: str | None = None, languages: Collection[str] = ("en",)) -> Subscription:
    """A subscription; unconfirmed ones get a confirmation token and receive
    nothing but the confirmation message until confirmed. ``lang``: the
    language of its messages, one of ``languages`` (the store knows no words:
    :func:`deadlines.commands.subscribe` passes :data:`deadlines.words.LANGUAGES`);
    ``audience``: only the deadlines of that audience (one of
    :data:`~deadlines.core.model.AUDIENCES`; None: every deadline)."""
    if channel == "email":
        target = email_address(target)
    elif channel != "webhook":
        raise InputError.of("channel.unknown", "channel")
    elif not isinstance(target, str) or len(target) > 2000:
        raise InputError.of("url.too_long", "target", limit=2000)
    unknown = [d for d in deadline_ids if d not in jur.rules]
    if unknown:
        raise InputError.of("deadlines.unknown", "deadlines", jurisdiction=jur.id, names=", ".join(map(str, unknown)))
    if audience is not None and audience not in AUDIENCES:
        raise InputError.of("value.one_of", "audience", allowed=", ".join(AUDIENCES))
    if lang not in languages:
        raise InputError.of("value.one_of", "lang", allowed=", ".join(languages))
    if isinstance(notice_lead, bool) or not isinstance(notice_lead, int) or not 1 <= notice_lead <= 21:
        raise InputError.of("notice_lead.out_of_range", "notice_lead")
    stamp = now()
    sub = Subscription(
        jurisdiction_id=jur.id, channel=channel, target=target, secret=secret,
        leads=",".join(map(str, parse_leads(leads))), notice_lead=notice_lead, deadline_ids=",".join(deadline_ids),
        confirm_token=None if confirmed else secrets.token_urlsafe(24), unsubscribe_token=secrets.token_urlsafe(24),
        created_at=stamp, confirmed_at=stamp if confirmed else None, lang=lang, audience=audience,
    )
    s.add(sub)
    bump(s, jur.id, "subs_rev")
    s.flush()
    return sub


def confirm(s: Session, token: str) -> Subscription | None:
    sub = s.scalar(select(Subscription).where(Subscription.confirm_token == token))
    if sub is None or sub.unsubscribed_at is not None:
        return None
    sub.confirm_token, sub.confirmed_at = None, now()
    bump(s, sub.jurisdiction_id, "subs_rev")
    return sub


def unsubscribe(s: Session, sub: Subscription) -> None:
    """Stop it now: its pending messages are cancelled at once."""
    if sub.unsubscribed_at is None:
        sub.unsubscribed_at = now()
        s.execute(update(Reminder).where(Reminder.subscription_id == sub.id, Reminder.state == "pending")
                  .values(state="cancelled"))
        bump(s, sub.jurisdiction_id, "subs_rev")


def by_unsubscribe_token(s: Session, token: str) -> Subscription | None:
    return s.scalar(select(Subscription).where(Subscription.unsubscribe_token == token))


def active(s: Session, jid: str) -> list[Subscription]:
    return list(s.scalars(select(Subscription).where(
        Subscription.jurisdiction_id == jid, Subscription.confirmed_at.is_not(None),
        Subscription.unsubscribed_at.is_(None)).order_by(Subscription.id)))
