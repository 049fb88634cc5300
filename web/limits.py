"""Rate limits (Flask-Limiter), counted in the app's own database
(:mod:`deadlines.store.rate_limits`) so every web worker shares them.

- Sign-up and confirmation posts, per client address: ``RATELIMIT_SIGNUP``.
- Confirmation emails, per mailbox (``+tags`` ignored), from the sign-up form
  and the clerk API alike: ``RATELIMIT_CONFIRMATION`` (one per period: neither
  is a way to mail someone repeatedly).
- The clerk API's writes, per token: ``RATELIMIT_CLERK_WRITES``.
- Asking for a desk sign-in link, per client address: ``RATELIMIT_SIGN_IN``;
  and per mailbox asked for (whether or not it keeps a desk, so the answer
  says nothing about who does; any case, ``+tags`` ignored):
  ``RATELIMIT_SIGN_IN_EMAIL`` links mailed, past which an ask mails nothing
  and is answered alike (it never locks the address out: a link mailed in the
  window still works, :data:`deadlines.store.clerks.LINK_VALID`). From a
  browser that signed in with that address before (:func:`remember_browser`)
  neither counts: it has its own ``RATELIMIT_SIGN_IN_KNOWN``, which no one
  else can spend.

Past a limit the answer is 429 with ``Retry-After``. The client address is
the connection's peer, or the one a configured trusted proxy forwarded
(:mod:`web.security`). Set ``RATELIMIT_ENABLED`` false to switch them off.
"""
from __future__ import annotations

import hashlib
import math
import time
from datetime import timedelta

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter
from itsdangerous import BadSignature, URLSafeTimedSerializer
from limits import parse

import deadlines.store.rate_limits  # noqa: F401  (registers the deadlines-db:// storage)

DEFAULTS = {
    "RATELIMIT_SIGNUP": "10 per minute; 50 per day",
    "RATELIMIT_CONFIRMATION": "1 per hour",
    "RATELIMIT_CLERK_WRITES": "120 per minute",
    "RATELIMIT_SIGN_IN": "10 per minute; 50 per day",
    "RATELIMIT_SIGN_IN_EMAIL": "1 per 15 minutes",
    "RATELIMIT_SIGN_IN_KNOWN": "5 per hour",
    "RATELIMIT_HEADERS_ENABLED": True,
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def client() -> str:
    return request.remote_addr or "unknown"


def mailbox(address: str) -> str:
    """The mailbox an address reaches: ``Ann+x@Example.org`` and ``ann@example.org``
    are one (a ``+tag`` is delivered to the same inbox)."""
    local, _, domain = address.strip().lower().rpartition("@")
    return local.split("+", 1)[0] + "@" + domain


def address_wait(address: str, setting: str = "RATELIMIT_CONFIRMATION", scope: str = "confirmation") -> int:
    """Count one email to ``address``'s mailbox under the limit ``setting``; 0
    if it may go, else the seconds until one may (the counter holds a hash,
    not the address)."""
    limiter, item = current_app.extensions["limiter"], parse(current_app.config[setting])
    key = "email:" + _digest(mailbox(address))
    if not current_app.config.get("RATELIMIT_ENABLED", True) or limiter.limiter.hit(item, scope, key):
        return 0
    reset, _ = limiter.limiter.get_window_stats(item, scope, key)
    return max(1, math.ceil(reset - time.time()))


def address_unwait(address: str, setting: str, scope: str) -> None:
    """Forget the count of ``address``'s mailbox under ``setting`` (the email it
    counted could not be sent)."""
    if current_app.config.get("RATELIMIT_ENABLED", True):
        limiter = current_app.extensions["limiter"]
        limiter.limiter.clear(parse(current_app.config[setting]), scope, "email:" + _digest(mailbox(address)))


#: The cookie by which a browser that signed in at the desk is known when it asks for a link again.
KNOWN_COOKIE = "desk_known"
KNOWN_FOR = timedelta(days=180)


def _known_signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt="desk-known-browser")


def remember_browser(resp: Response, address: str) -> None:
    """Mark the browser of ``resp`` as one that signed in with ``address`` (a
    signed digest of its mailbox, not the address)."""
    resp.set_cookie(KNOWN_COOKIE, _known_signer().dumps(_digest(mailbox(address))), max_age=int(KNOWN_FOR.total_seconds()),
                    path="/clerk/", httponly=True, samesite="Lax",
                    secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure)


def known_browser(address: str) -> bool:
    """Whether this request comes from a browser that signed in with ``address``'s mailbox."""
    value = request.cookies.get(KNOWN_COOKIE)
    if not value or not address:
        return False
    try:
        return _known_signer().loads(value, max_age=int(KNOWN_FOR.total_seconds())) == _digest(mailbox(address))
    except BadSignature:
        return False


def _known_asker() -> bool:
    return known_browser(request.form.get("email", ""))


def clerk_token() -> str:
    return "token:" + _digest(request.headers.get("Authorization", "").partition(" ")[2].strip())


def _setting(name: str):
    return lambda: current_app.config[name]


def init_app(app: Flask, db) -> Limiter:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    limiter = Limiter(client, storage_uri="deadlines-db://", storage_options={"db": db}, strategy="fixed-window",
                      key_prefix="deadlines")
    limiter.init_app(app)
    views = app.view_functions  # wrapped in place: the decorated views are this app's only
    for endpoint in ("subscriptions.subscribe", "subscriptions.confirm"):
        views[endpoint] = limiter.limit(_setting("RATELIMIT_SIGNUP"), scope="signup")(views[endpoint])
    views["desk.ask_link"] = limiter.limit(_setting("RATELIMIT_SIGN_IN"), scope="sign-in",
                                           exempt_when=_known_asker)(views["desk.ask_link"])
    limiter.limit(_setting("RATELIMIT_CLERK_WRITES"), key_func=clerk_token, scope="clerk-writes",
                  methods=["POST", "PUT", "PATCH", "DELETE"])(app.blueprints["clerk"])
    return limiter
