"""The email that carries a clerk's one-time sign-in link to the desk."""
from __future__ import annotations

from typing import Callable

from sqlalchemy.orm import Session

from deadlines.reminders import email
from deadlines.reminders.settings import Settings
from deadlines.store import clerks
from deadlines.words import words

INVITE, AGAIN = "invite", "again"


def send_link(settings: Settings, to: str, name: str, url: str, places: list[str], why: str = INVITE) -> None:
    """Mail ``url`` to ``to`` (raises :class:`~deadlines.reminders.email.DeliveryError`)."""
    subject = "Your sign-in link to the clerk's desk" if why == AGAIN else "You are invited to the clerk's desk"
    lines = [f"Hello{' ' + name if name else ''},", "",
             ("You asked for a link to sign in to the clerk's desk of the election deadline service."
              if why == AGAIN else "You are invited to keep the election deadlines of:"), ""]
    if why == INVITE:
        lines += [f"  {p}" for p in places] + [""]
    lines += ["Open this link to sign in (it works once; no password is needed):", url, "",
              "If you did not expect this message, ignore it: nothing happens until the link is opened."]
    body = "\n".join(lines) + "\n"
    key = url.rsplit("/", 1)[-1][:16]
    email.send(settings, email.build(settings, to, subject, body, f"sign-in-{key}", None, "en"))  # written in English above


def invite(s: Session, settings: Settings, jid: str, address: str, name: str, place_name: Callable[[str], str]):
    """Give ``address`` the desk of ``jid`` (its account made, or revived) and
    mail it a sign-in link valid :data:`~deadlines.store.clerks.INVITE_VALID`
    naming every place it keeps (``place_name`` of each id): what ``deadlines
    clerk invite`` and an approved access request do. Raises InputError or
    :class:`~deadlines.reminders.email.DeliveryError`; the caller rolls back
    ``s`` then, so that nothing is kept of an invitation not sent. The account."""
    account = clerks.invite(s, jid, address, name)
    secret = clerks.link(s, account, clerks.INVITE_VALID)
    places = [place_name(j) for j in clerks.jurisdictions(s, account.id)]
    send_link(settings, account.email, account.name, f"{settings.base_url}/clerk/sign-in/{secret}", places)
    return account


def send_denial(settings: Settings, to: str, name: str, place: str, reason: str, lang: str,
                request_id: int = 0) -> None:
    """Tell ``to`` that its request for the desk of ``place`` was denied, and
    why, in the language it asked in (raises DeliveryError)."""
    w = words(lang)
    subject = w._("Your request for the clerk's desk of {place}", place=place)
    lines = [w._("Hello {name},", name=name) if name else w._("Hello,"), "",
             w._("Your request for access to the clerk's desk of {place} was not granted.", place=place), "",
             w._("The reason given: {reason}", reason=reason), "",
             w._("If this is a mistake, ask again with an address of the government's own, or write to the "
                 "operator of this service."), ""]
    body = "\n".join(lines) + "\n"
    email.send(settings, email.build(settings, to, subject, body, f"access-denied-{request_id}", None, lang))
