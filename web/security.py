"""Response headers, cookies, and where links point.

Every response gets ``X-Content-Type-Options: nosniff`` and a
Content-Security-Policy that allows only this site's own resources (no inline
script or style) and ``frame-ancestors 'none'`` (with ``X-Frame-Options:
DENY`` for old browsers). A view meant to be framed opts in with
:func:`web.framing.frameable` (the embed); it then gets ``frame-ancestors *``
(``FRAME_ANCESTORS`` narrows it). Pages whose URL
carries a secret (confirm and unsubscribe links) call :func:`secret_page`:
``Referrer-Policy: no-referrer`` and ``Cache-Control: no-store``; other pages
send ``strict-origin-when-cross-origin``. Every response carries a
``Permissions-Policy`` (:data:`PERMISSIONS`) that gives no page a camera,
microphone, payment or sensor, and the site's own pages alone the location
(the lookup's "Use my location").

The feeds, the API and the static files never read nor set the session
(:data:`SESSIONLESS`): they answer alike whatever cookie comes, so they send
no ``Vary: Cookie`` that would split every cache by visitor.

The session cookie is ``SameSite=Lax``, and ``Secure`` when the request came
over https (directly, or as forwarded by ``TRUSTED_PROXIES`` hops of reverse
proxy); such answers also carry ``Strict-Transport-Security``. Links in pages,
feeds and emails are built from ``BASE_URL`` (``DEADLINES_BASE_URL``) only,
never from a client's Host or ``X-Forwarded-Host`` header, so no answer
depends on them (cached feeds need no ``Vary`` for them).

Query keys that ``url_for`` would take as its own arguments where a view
passes the query on to a link (``endpoint``, ``_external``, ``_method``,
``_scheme``, ``_anchor``: any key starting with ``_``) or that name a part of
the path (``/calendars/<jid>.ics?jid=...``) are dropped from
``request.args`` before any view reads it (:func:`url_safe`): they are no
field of any form or API, and kept they made 500s or links built from the
client's Host header.
"""
from __future__ import annotations

import os
from typing import Mapping

from flask import Flask, Response, current_app, g, request, url_for
from flask.sessions import SecureCookieSessionInterface
from werkzeug.datastructures import ImmutableMultiDict, MultiDict
from werkzeug.middleware.proxy_fix import ProxyFix

from deadlines.reminders.settings import Settings

from web.framing import is_frameable

HSTS = "max-age=31536000"
PERMISSIONS = ("geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), midi=(), "
               "accelerometer=(), gyroscope=(), magnetometer=(), display-capture=()")
#: Paths whose answers never depend on the session.
SESSIONLESS = ("/api/", "/calendars/", "/static/")
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors {ancestors}")


def secret_page() -> None:
    """This page's URL holds a secret: never sent on as a referrer, never cached."""
    g.secret_page = True


def base_url() -> str:
    """The public address links start with (no trailing slash): the app's
    ``BASE_URL``, else ``DEADLINES_BASE_URL`` as :class:`Settings` reads it
    (its default where unset or empty). Read from the environment alone, not
    through every setting: a feed asks it once per event."""
    return (current_app.config.get("BASE_URL") or os.environ.get("DEADLINES_BASE_URL")
            or Settings.base_url).rstrip("/")


def external_url(endpoint: str, **values) -> str:
    return base_url() + url_for(endpoint, **values)


#: Keyword arguments of ``url_for`` itself (besides those starting with ``_``).
URL_FOR_OWN = frozenset({"endpoint"})


def colliding(key: str, path: Mapping[str, object] | None = None) -> bool:
    """Whether query key ``key`` would clash with ``url_for``'s own arguments,
    or with a part of the path (``path``: the request's view arguments), when
    the query is passed on as ``url_for(endpoint, **path, **query)``."""
    return key in URL_FOR_OWN or key.startswith("_") or key in (path or {})


def url_safe(args: MultiDict, path: Mapping[str, object] | None = None) -> MultiDict:
    """``args`` without the keys that :func:`colliding` names (the same object
    where there are none)."""
    if not any(colliding(k, path) for k in args):
        return args
    return ImmutableMultiDict([(k, v) for k, v in args.items(multi=True) if not colliding(k, path)])


def _drop_colliding_keys() -> None:
    """``request.args`` without keys :func:`colliding` names (a stray key is ignored, never a 500)."""
    safe = url_safe(request.args, request.view_args)
    if safe is not request.args:
        request.args = safe  # werkzeug's cached property: what every later reader gets


def _headers(resp: Response) -> Response:
    frameable = is_frameable()
    ancestors = current_app.config["FRAME_ANCESTORS"] if frameable else "'none'"
    resp.headers.setdefault("Content-Security-Policy", CSP.format(ancestors=ancestors))
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    resp.headers.setdefault("Permissions-Policy", PERMISSIONS)
    if not frameable:
        resp.headers.setdefault("X-Frame-Options", "DENY")
    if request.is_secure:
        resp.headers.setdefault("Strict-Transport-Security", HSTS)
    if g.get("secret_page"):
        resp.headers["Referrer-Policy"] = "no-referrer"
        resp.headers["Cache-Control"] = "no-store"
    else:
        resp.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
    return resp


class _Sessions(SecureCookieSessionInterface):
    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def save_session(self, app: Flask, session, response: Response) -> None:
        """As Flask does, except on :data:`SESSIONLESS` paths: no cookie set,
        and no ``Vary: Cookie`` (an extension's after-request hook reading the
        session there does not make the answer depend on it)."""
        if request.path.startswith(SESSIONLESS):
            return
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    app.config.setdefault("FRAME_ANCESTORS", "*")
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.session_interface = _Sessions()
    hops = int(app.config.get("TRUSTED_PROXIES") or 0)
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops)
    app.before_request(_drop_colliding_keys)
    app.after_request(_headers)
    app.jinja_env.globals["external_url"] = external_url
