"""The email that carries a clerk's one-time sign-in link to the desk."""
from __future__ import annotations

from deadlines.reminders import email
from deadlines.reminders.settings import Settings

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
    email.send(settings, email.build(settings, to, subject, body, f"sign-in-{key}", None))
