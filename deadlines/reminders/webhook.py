"""Signed webhooks: a JSON body, ``X-Deadlines-Signature: sha256=<hex>`` =
HMAC-SHA256(secret, ``<timestamp>.<body>``) with the timestamp in
``X-Deadlines-Timestamp``, and ``Idempotency-Key``.

Targets are checked strictly (:func:`check_target`): an ``http(s)`` URL
without user info, whose host resolves only to globally routable unicast
addresses (no loopback, private, link-local, site-local, shared, NAT64,
6to4, Teredo, IPv4-mapped or -compatible, 192.0.0.0/24 or other special
addresses) unless its network is allowed (:attr:`Settings.webhook_allow_nets`).
The post then connects to the address that was checked (no second lookup, so
a name cannot be rebound in between); TLS still verifies the host name.
Redirects are not followed."""
from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings

# Beyond what ipaddress calls non-global: ranges that reach an IPv4 address inside IPv6, and old site-local.
EMBEDDING = tuple(ipaddress.ip_network(n) for n in (
    "64:ff9b::/96", "64:ff9b:1::/48", "2002::/16", "2001::/32", "::/96", "::ffff:0:0/96", "::ffff:0:0:0/96",
    "fec0::/10", "192.0.0.0/24", "100::/64", "2001:db8::/32"))


@dataclass(frozen=True)
class Target:
    """A checked webhook target: where to connect, and what to ask for."""

    scheme: str
    host: str
    address: str
    port: int
    path: str


def sign(secret: str, timestamp: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def _refuse(code: str, **facts) -> DeliveryError:
    return DeliveryError.of(code, permanent=True, **facts)


def public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Globally routable unicast, and not an IPv6 form of some IPv4 address."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return False
    return ip.is_global and not ip.is_multicast and not any(ip in net for net in EMBEDDING if net.version == ip.version)


def check_target(url: str, settings: Settings) -> Target:
    """The target ``url`` names, resolved and checked; :class:`DeliveryError`
    (permanent for a URL that is refused, transient when the name does not resolve)."""
    if not isinstance(url, str) or len(url) > 2000 or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise _refuse("webhook.url")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:  # a bad IPv6 literal or port
        raise _refuse("webhook.malformed", why=str(exc)) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _refuse("webhook.scheme")
    if "@" in parts.netloc or parts.username is not None or parts.password is not None:
        raise _refuse("webhook.user_info")
    if "[" in parts.netloc and not parts.netloc.startswith("["):
        raise _refuse("webhook.brackets")
    host = parts.hostname
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except UnicodeError as exc:  # not a valid host name (e.g. a label over 63 characters)
        raise _refuse("webhook.bad_host", host=repr(host), why=str(exc)) from None
    except socket.gaierror as exc:
        raise DeliveryError.of("webhook.unresolved", host=host, why=str(exc)) from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]
    for ip in addresses:
        if not public(ip) and not any(ip in net for net in settings.webhook_allow_nets):
            raise _refuse("webhook.not_public", host=host, ip=str(ip))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, str(addresses[0]), port, path)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to a fixed address, verifying the certificate for the host name."""

    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
        self._address = target.address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def post(settings: Settings, url: str, secret: str, key: str, body: bytes) -> None:
    target = check_target(url, settings)
    stamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "User-Agent": "deadlines-reminders/1", "Idempotency-Key": key,
               "X-Deadlines-Timestamp": stamp, "X-Deadlines-Signature": sign(secret, stamp, body)}
    conn = (_PinnedHTTPS if target.scheme == "https" else _PinnedHTTP)(target, settings.timeout)
    try:
        conn.request("POST", target.path, body=body, headers=headers)
        resp = conn.getresponse()
    except (OSError, http.client.HTTPException) as exc:
        conn.close()
        raise DeliveryError(f"webhook: {exc}") from None
    try:  # the status is the answer: a body cut short after a 2xx is no reason to post it again
        resp.read(1024)
    except (OSError, http.client.HTTPException):
        pass
    finally:
        conn.close()
    if resp.status >= 300:
        transient = resp.status in (408, 425, 429) or resp.status >= 500
        raise DeliveryError(f"webhook answered HTTP {resp.status}", permanent=not transient)
