"""The clerk's API: ``/api/v1/jurisdictions/<id>/{events,elections,
overrides,decisions,office-hours,closures,subscriptions,history}``,
authenticated by a per-jurisdiction bearer token (``deadlines token create``).
This module holds its blueprint, the authentication every request passes and
what its views share; the views are :mod:`web.clerk_reads` and
:mod:`web.clerk_writes`. Bad input is answered 4xx and nothing is stored;
every change replans the jurisdiction's reminders at once.

A cycle holds at most ``MAX_EVENTS_PER_CYCLE`` recorded events (default
:data:`deadlines.store.commands.MAX_EVENTS_PER_CYCLE`): one more is a 422
naming the field (``at``) and the ``limit``, nothing stored.

A request whose token is unknown or revoked counts as a failed
authentication of its client (``RATELIMIT_CLERK_AUTH_FAILURES``, default
:data:`AUTH_FAILURES`): past the limit it is answered 429 with Retry-After
instead of 401, and counts nothing more. Only such a failure writes a
rate-limit row (one per client and window); a request with a live token is
never refused for its client's failures (guessing a token of 256 random bits
is hopeless: the limit bounds what a flood of bad ones costs), and its
per-token limit ``RATELIMIT_CLERK_WRITES`` is counted in memory
(:mod:`deadlines.store.rate_limits`), so that no write waits for a counter."""
from __future__ import annotations

import logging
import math
import time
from datetime import date
from typing import Callable, TypeVar

from flask import Blueprint, current_app, g, request
from limits import parse_many
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.commands.base import write_checked
from deadlines.core import inputs
from deadlines.core.errors import UNKNOWN_JURISDICTION, CaseNeeded, InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.reminders.plan import replan
from deadlines.reminders.settings import Settings
from deadlines.reminders import wake
from deadlines.store import history, rate_limits, tokens
from deadlines.store.db import now, writer

from web.common import today_in
from web.problems import check_request, detail, problem, unknown_jurisdiction
from web.public_writes import client_key
from web.schemas.read import body as read_body

MAX_BODY = 16 * 1024
#: Failed authentications (an unknown or revoked token) per client, unless ``RATELIMIT_CLERK_AUTH_FAILURES`` is set.
AUTH_FAILURES = "10 per minute; 100 per hour"
log = logging.getLogger(__name__)
T = TypeVar("T")
bp = Blueprint("clerk", __name__, url_prefix="/api/v1/jurisdictions/<jid>")


@bp.after_request
def _by_token(resp):
    """Every answer here depends on the token sent (a cache must key on it)."""
    resp.vary.add("Authorization")
    return resp


def error(status: int, message: str, field: str | None = None, headers: dict | None = None, **extra):
    """An RFC 9457 problem, like every other error of the API."""
    resp = problem(status, message, field, **extra)
    resp.headers.update(headers or {})
    return resp


@bp.errorhandler(InputError)
def _input_error(exc: InputError):
    """The problem in the language asked for with ``lang`` (:func:`web.problems.detail`)."""
    told = detail(exc)
    if isinstance(exc, CaseNeeded):
        return error(409, told, exc.field, cases=[{"id": i, "label": lab} for i, lab in exc.cases])
    if isinstance(exc, commands.TooManyEvents):
        return error(422, told, exc.field, limit=exc.limit, cycle=exc.cycle.isoformat())
    return error(422, told, exc.field)


def event_cap() -> int:
    """The most events a cycle holds: the ``MAX_EVENTS_PER_CYCLE`` setting (the API's and the desk's)."""
    return max(1, int(current_app.config.get("MAX_EVENTS_PER_CYCLE", commands.MAX_EVENTS_PER_CYCLE)))


def _failed_authentication(challenge: dict):
    """A token known bad: 401, counted against the client; 429 once the client
    is past ``RATELIMIT_CLERK_AUTH_FAILURES`` (nothing more counted then)."""
    refused = error(401, "unknown or revoked token", headers=challenge)
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return refused
    strategy = current_app.extensions["limiter"].limiter
    items = parse_many(current_app.config.get("RATELIMIT_CLERK_AUTH_FAILURES", AUTH_FAILURES))
    resets = rate_limits.hit_unless_over(strategy, items, "clerk-auth-failures", "client:" + client_key())
    if resets is None:
        return refused
    wait = max(1, math.ceil(resets - time.time()))
    return error(429, f"too many failed authentications from this client; try again in {wait} s",
                 headers={**challenge, "Retry-After": str(wait)})


@bp.url_value_preprocessor
def _jurisdiction(endpoint, values):
    g.jid = values.pop("jid")


@bp.before_request
def _authenticate():
    try:
        g.jur = current_app.extensions["registry"].get(g.jid)
    except InputError as exc:  # the nearest ids, as every surface of the API answers
        return unknown_jurisdiction(exc) if exc.code in UNKNOWN_JURISDICTION else error(404, detail(exc), "jurisdiction")
    auth = request.headers.get("Authorization", "")
    scheme, _, secret = auth.partition(" ")
    challenge = {"WWW-Authenticate": 'Bearer realm="deadlines"'}
    if scheme.lower() != "bearer" or not secret.strip():
        return error(401, "a clerk token is required: Authorization: Bearer <token>", headers=challenge)
    with reading() as s:
        row = tokens.verify(s, secret.strip())
    if row is None:
        return _failed_authentication(challenge)
    if row.jurisdiction_id != g.jid:
        return error(403, f"this token is for {row.jurisdiction_id}, not {g.jid}")
    refused = check_request()
    if refused is not None:
        return refused
    g.who = history.Who(row.label)
    for name, value in (request.view_args or {}).items():
        if isinstance(value, int) and value > inputs.MAX_ROW_ID:  # no row has it (and the database could not look it up)
            return error(404, f"no {name.removesuffix('_id')} {value} for {g.jid}")
    if request.method in ("POST", "PUT", "PATCH"):
        request.max_content_length = MAX_BODY
        if (request.content_length or 0) > MAX_BODY:
            return error(413, f"request body over {MAX_BODY} bytes")
        if not request.is_json:
            return error(415, "send JSON (Content-Type: application/json)")
        try:
            g.body = request.get_json(silent=True)
        except RecursionError:  # (a body the nesting check could not read first: sent in chunks)
            exc = InputError.of("data.too_deep", "body")
            return error(400, detail(exc), exc.field)
        if not isinstance(g.body, dict):
            return error(400, "the body is not a JSON object")
        try:
            inputs.data(g.body, "body")
        except InputError as exc:
            return error(400, detail(exc), exc.field)


def body(model):
    """The request's JSON object read through ``model`` (InputError, so 422, on its first error)."""
    return read_body(model, g.body)


def reading() -> Session:
    """A read (beside any writer, never waiting for one)."""
    return Session(current_app.extensions["records"].db, expire_on_commit=False)


def writing() -> Session:
    """A write: the lock is taken first (:func:`deadlines.store.db.writer`)."""
    return Session(writer(current_app.extensions["records"].db), expire_on_commit=False)


def written(write: Callable[[Session], T], cycle: Callable[[T], date | None] = lambda _: None,
            jur: Jurisdiction | None = None) -> T:
    """``write(s)`` on ``jur`` (default: the API's ``g.jur``) committed,
    refused (422, nothing stored) when a surface could then not show the
    jurisdiction (or ``cycle(result)``), the API's writes and the desk's
    alike; the jurisdiction is computed outside the write lock, so that other
    jurisdictions' writes do not wait for it
    (:func:`deadlines.commands.base.write_checked`: ``write`` may run twice)."""
    jur = jur or g.jur
    return write_checked(current_app.extensions["records"].db, jur, write, cycle=cycle, servable=servable_for(jur))


def servable_for(jur: Jurisdiction) -> commands.Servable:
    """What every surface must be able to show of ``jur`` after a write: today, the feeds' years ahead."""
    return commands.Servable(today_in(jur.timezone), current_app.config["FEED_YEARS_AHEAD"])


def after_write(jid: str) -> None:
    """Feeds see the change at once; replan now and wake the scheduler, so
    that moved deadlines are announced within seconds and reminders follow
    (the API and the desk call it after every write)."""
    current_app.extensions["records"].forget(jid)
    db = current_app.extensions["records"].db
    try:
        replan(db, current_app.extensions["registry"], jid, now=now(), settings=Settings.from_env())
    except Exception:  # the scheduler's next tick replans anyway
        log.exception("replanning %s after a change failed", jid)
    wake.notify(db)  # "deadline moved" and confirmation messages are due now


def changed():
    """After a write of the API: :func:`after_write` of the jurisdiction asked for."""
    after_write(g.jid)
