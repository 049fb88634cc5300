"""What the public writes share (a request for the clerk's desk,
:mod:`web.clerk_request`; a report of a published date, :mod:`web.reports`):
their rate limits per client, counted in the app's database beside
Flask-Limiter's (:mod:`web.limits`), and the key a stored row keeps of its
client (a digest of its address, never the address).

- ``RATELIMIT_ACCESS_REQUEST``: requests for the desk per client address;
- ``RATELIMIT_ACCESS_REQUEST_EMAIL``: per mailbox asked for (``+tags``
  ignored): past it nothing is stored or mailed, and the answer is the same;
- ``RATELIMIT_REPORTS``: reports per client address.
"""
from __future__ import annotations

import hashlib
import math
import time

from flask import Flask, current_app
from limits import parse_many

from web.limits import client

DEFAULTS = {
    "RATELIMIT_ACCESS_REQUEST": "5 per minute; 20 per day",
    "RATELIMIT_ACCESS_REQUEST_EMAIL": "3 per day",
    "RATELIMIT_REPORTS": "10 per minute; 100 per day",
}


def defaults(app: Flask) -> None:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)


def client_key() -> str:
    """What a stored row keeps of the client that sent it: the digest its rate limits count under."""
    return hashlib.sha256(client().encode("utf-8", "surrogatepass")).hexdigest()[:32]


def wait(setting: str, scope: str, key: str | None = None) -> int:
    """Count one more under each limit of ``setting`` for ``key`` (default:
    this client); 0 if it may go, else the seconds until it may."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return 0
    strategy, key = current_app.extensions["limiter"].limiter, key or "client:" + client_key()
    longest = 0
    for item in parse_many(current_app.config[setting]):
        if not strategy.hit(item, scope, key):
            reset, _ = strategy.get_window_stats(item, scope, key)
            longest = max(longest, max(1, math.ceil(reset - time.time())))
    return longest
