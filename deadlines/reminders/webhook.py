"""Signed webhooks: a JSON body, ``X-Deadlines-Signature: sha256=<hex>`` =
HMAC-SHA256(secret, ``<timestamp>.<body>``) with the timestamp in
``X-Deadlines-Timestamp``, and ``Idempotency-Key``. Loopback, private,
link-local and reserved targets are refused unless their network is allowed
(:attr:`Settings.webhook_allow_nets`); redirects are not followed."""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import socket
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings


def sign(secret: str, timestamp: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def check_target(url: str, settings: Settings) -> None:
    """Raise :class:`DeliveryError` (permanent) for a URL webhooks may not reach."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:  # a bad IPv6 literal or port
        raise DeliveryError(f"webhook URL is malformed: {exc}", permanent=True) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DeliveryError("webhook URL must be http(s)://host/...", permanent=True)
    try:
        infos = socket.getaddrinfo(parts.hostname, port or (443 if parts.scheme == "https" else 80))
    except UnicodeError as exc:  # not a valid host name (e.g. a label over 63 characters)
        raise DeliveryError(f"webhook host {parts.hostname!r} is not a valid name: {exc}", permanent=True) from None
    except socket.gaierror as exc:
        raise DeliveryError(f"cannot resolve {parts.hostname}: {exc}") from None
    for info in infos:
        ip = ipaddress.ip_address(info[4][0].split("%")[0])
        public = ip.is_global and not ip.is_multicast
        if not public and not any(ip in net for net in settings.webhook_allow_nets):
            raise DeliveryError(f"webhook target {parts.hostname} resolves to {ip}, a non-public address "
                                "(allow it with DEADLINES_WEBHOOK_ALLOW_NETS)", permanent=True)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def post(settings: Settings, url: str, secret: str, key: str, body: bytes) -> None:
    check_target(url, settings)
    stamp = str(int(time.time()))
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "deadlines-reminders/1",
        "Idempotency-Key": key, "X-Deadlines-Timestamp": stamp, "X-Deadlines-Signature": sign(secret, stamp, body)})
    try:
        with _opener.open(req, timeout=settings.timeout) as resp:
            resp.read(1024)
    except urllib.error.HTTPError as exc:
        transient = exc.code in (408, 425, 429) or exc.code >= 500
        raise DeliveryError(f"webhook answered HTTP {exc.code}", permanent=not transient) from None
    except (urllib.error.URLError, OSError) as exc:
        raise DeliveryError(f"webhook: {exc}") from None
