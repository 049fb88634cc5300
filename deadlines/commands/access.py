"""Access requests decided with a mail: granted at once on the government's
own domain (:func:`grant_at_once`) or approved by an operator
(:func:`approve`); the rows are :mod:`deadlines.store.access`'s, the mail the
sign-in's (:mod:`deadlines.reminders.sign_in`).
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import AGAIN, invite, send_link
from deadlines.store import access, clerks
from deadlines.store.tables import AccessRequest

DOMAIN = access.DOMAIN


def grant_at_once(s: Session, row: AccessRequest, settings: Settings, place_name, domain: str,
                  sign_in_url) -> bool:
    """Mail ``row``'s address its sign-in link now (its address is on the
    government's ``domain``): a new account is invited (:func:`invite`); a live
    one that keeps the jurisdiction gets a new link (its sessions go on). An
    account revoked, or live without this jurisdiction, is left to the
    operator (False: nothing sent). Raises DeliveryError (roll ``s`` back)."""
    account, keeps = access.requester_account(s, row)
    if account is None:
        invite(s, settings, row.jurisdiction_id, row.email, row.name, place_name)
    elif keeps:
        secret = clerks.link(s, account)
        send_link(settings, account.email, account.name, sign_in_url(secret), [], why=AGAIN)
    else:
        return False
    access.decide(row, "approved", f"{DOMAIN} {domain}")
    return True


def approve(s: Session, request_id: int, settings: Settings, place_name, *, by: str = "operator") -> AccessRequest:
    """Invite the requester as ``deadlines clerk invite`` does (the same
    function: an account granted the jurisdiction, a link mailed). Raises
    InputError, DeliveryError (roll ``s`` back: nothing kept)."""
    row = access.pending(s, request_id)
    invite(s, settings, row.jurisdiction_id, row.email, row.name, place_name)
    access.decide(row, "approved", by)
    return row
