"""Email over SMTP (STARTTLS and login when configured)."""
from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate

from deadlines.core.errors import english
from deadlines.reminders import html
from deadlines.reminders.settings import Settings


class DeliveryError(Exception):
    """A failed send; ``permanent`` ones are not retried. A refused target is
    said by ``code`` (:data:`~deadlines.core.errors.ERRORS`) and ``facts``:
    :meth:`of`."""

    def __init__(self, message: str, permanent: bool = False, code: str | None = None,
                 facts: tuple[tuple[str, object], ...] = ()):
        super().__init__(message)
        self.permanent, self.code, self.facts = permanent, code, facts

    @classmethod
    def of(cls, code: str, permanent: bool = False, **facts) -> "DeliveryError":
        return cls(english(code, **facts), permanent, code, tuple(facts.items()))


def build(settings: Settings, to: str, subject: str, body: str, key: str, unsubscribe_url: str | None,
          lang: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = settings.mail_from, to, subject
    msg["Date"] = formatdate(localtime=False)
    domain = settings.mail_from.rpartition("@")[2] or "localhost"
    msg["Message-ID"] = f"<{key}@{domain}>"  # the same on a resend, so mail systems can drop the copy
    msg["X-Deadlines-Key"] = key
    msg["Auto-Submitted"] = "auto-generated"
    if unsubscribe_url:
        msg["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058
    msg.set_content(body)
    msg.add_alternative(html.from_text(subject, body, lang), subtype="html")  # the same words, for mail apps that prefer HTML
    msg["Content-Language"] = lang  # after the parts: setting content drops Content-* headers
    return msg


def send(settings: Settings, msg: EmailMessage) -> None:
    """Hand ``msg`` to the SMTP server; returns once it accepted the message.
    What goes wrong after that (the QUIT timing out, the connection dropping)
    is no failure: the message was delivered, and a retry would send it twice."""
    try:
        smtp = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=settings.timeout)
        try:
            if settings.smtp_starttls:
                smtp.starttls(context=ssl.create_default_context())
            if settings.smtp_user:
                smtp.login(settings.smtp_user, settings.smtp_password or "")
            smtp.send_message(msg)
        except BaseException:
            smtp.close()
            raise
        try:
            smtp.quit()
        except (OSError, smtplib.SMTPException):
            smtp.close()
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        raise DeliveryError(f"recipient refused: {exc.recipients}", permanent=all(c >= 500 for c in codes)) from None
    except smtplib.SMTPResponseException as exc:
        raise DeliveryError(f"SMTP {exc.smtp_code}: {exc.smtp_error!r}", permanent=exc.smtp_code >= 500) from None
    except (OSError, smtplib.SMTPException) as exc:
        raise DeliveryError(f"SMTP: {exc}") from None
