"""The clerk's write API: ``/api/v1/jurisdictions/<id>/{events,elections,
overrides,decisions,subscriptions,history}``, authenticated by a per-jurisdiction bearer token
(``deadlines token create``). Bad input is answered 4xx and nothing is stored;
every change replans the jurisdiction's reminders at once.

A cycle holds at most ``MAX_EVENTS_PER_CYCLE`` recorded events (default
:data:`deadlines.store.records.MAX_EVENTS_PER_CYCLE`): one more is a 422
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
import secrets
import time

from flask import Blueprint, current_app, g, jsonify, request
from limits import parse_many
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.core.errors import CaseNeeded, InputError
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.plan import queue_confirmation, replan
from deadlines.reminders.settings import Settings
from deadlines.reminders import wake
from deadlines.reminders.webhook import check_target
from deadlines import commands
from deadlines.store import history, rate_limits, records, subscriptions, tokens
from deadlines.store.db import now, writer
from deadlines.store.tables import (DecisionEntry, ElectionEntry, OfficeClosure, OfficeHoursEntry, OverrideEntry,
                                    Subscription, TriggerEvent)

from web.common import today_in
from web.limits import address_wait
from web.problems import check_request, detail, problem, unknown_jurisdiction
from web.public_writes import client_key
from web.schemas.clerk import ClosureIn, DecisionIn, ElectionIn, EventIn, OfficeHoursIn, OverrideIn, SubscriptionIn
from web.schemas.read import body as read_body
from web.security import base_url

MAX_BODY = 16 * 1024
#: Failed authentications (an unknown or revoked token) per client, unless ``RATELIMIT_CLERK_AUTH_FAILURES`` is set.
AUTH_FAILURES = "10 per minute; 100 per hour"
log = logging.getLogger(__name__)
bp = Blueprint("clerk", __name__, url_prefix="/api/v1/jurisdictions/<jid>")


@bp.after_request
def _by_token(resp):
    """Every answer here depends on the token sent (a cache must key on it)."""
    resp.vary.add("Authorization")
    return resp


def _error(status: int, message: str, field: str | None = None, headers: dict | None = None, **extra):
    """An RFC 9457 problem, like every other error of the API."""
    resp = problem(status, message, field, **extra)
    resp.headers.update(headers or {})
    return resp


@bp.errorhandler(InputError)
def _input_error(exc: InputError):
    """The problem in the language asked for with ``lang`` (:func:`web.problems.detail`)."""
    told = detail(exc)
    if isinstance(exc, CaseNeeded):
        return _error(409, told, exc.field, cases=[{"id": i, "label": lab} for i, lab in exc.cases])
    if isinstance(exc, commands.TooManyEvents):
        return _error(422, told, exc.field, limit=exc.limit, cycle=exc.cycle.isoformat())
    return _error(422, told, exc.field)


def event_cap() -> int:
    """The most events a cycle holds: the ``MAX_EVENTS_PER_CYCLE`` setting (the API's and the desk's)."""
    return max(1, int(current_app.config.get("MAX_EVENTS_PER_CYCLE", commands.MAX_EVENTS_PER_CYCLE)))


def _failed_authentication(challenge: dict):
    """A token known bad: 401, counted against the client; 429 once the client
    is past ``RATELIMIT_CLERK_AUTH_FAILURES`` (nothing more counted then)."""
    refused = _error(401, "unknown or revoked token", headers=challenge)
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return refused
    strategy = current_app.extensions["limiter"].limiter
    items = parse_many(current_app.config.get("RATELIMIT_CLERK_AUTH_FAILURES", AUTH_FAILURES))
    resets = rate_limits.hit_unless_over(strategy, items, "clerk-auth-failures", "client:" + client_key())
    if resets is None:
        return refused
    wait = max(1, math.ceil(resets - time.time()))
    return _error(429, f"too many failed authentications from this client; try again in {wait} s",
                  headers={**challenge, "Retry-After": str(wait)})


@bp.url_value_preprocessor
def _jurisdiction(endpoint, values):
    g.jid = values.pop("jid")


@bp.before_request
def _authenticate():
    try:
        g.jur = current_app.extensions["registry"].get(g.jid)
    except InputError as exc:  # the nearest ids, as every surface of the API answers
        return unknown_jurisdiction(exc) if exc.code == "jurisdiction.unknown" else _error(404, detail(exc), "jurisdiction")
    auth = request.headers.get("Authorization", "")
    scheme, _, secret = auth.partition(" ")
    challenge = {"WWW-Authenticate": 'Bearer realm="deadlines"'}
    if scheme.lower() != "bearer" or not secret.strip():
        return _error(401, "a clerk token is required: Authorization: Bearer <token>", headers=challenge)
    with _session() as s:
        row = tokens.verify(s, secret.strip())
    if row is None:
        return _failed_authentication(challenge)
    if row.jurisdiction_id != g.jid:
        return _error(403, f"this token is for {row.jurisdiction_id}, not {g.jid}")
    refused = check_request()
    if refused is not None:
        return refused
    g.who = history.Who(row.label)
    for name, value in (request.view_args or {}).items():
        if isinstance(value, int) and value > inputs.MAX_ROW_ID:  # no row has it (and the database could not look it up)
            return _error(404, f"no {name.removesuffix('_id')} {value} for {g.jid}")
    if request.method in ("POST", "PUT", "PATCH"):
        request.max_content_length = MAX_BODY
        if (request.content_length or 0) > MAX_BODY:
            return _error(413, f"request body over {MAX_BODY} bytes")
        if not request.is_json:
            return _error(415, "send JSON (Content-Type: application/json)")
        try:
            g.body = request.get_json(silent=True)
        except RecursionError:  # (a body the nesting check could not read first: sent in chunks)
            exc = InputError.of("data.too_deep", "body")
            return _error(400, detail(exc), exc.field)
        if not isinstance(g.body, dict):
            return _error(400, "the body is not a JSON object")
        try:
            inputs.data(g.body, "body")
        except InputError as exc:
            return _error(400, detail(exc), exc.field)


def _body(model):
    """The request's JSON object read through ``model`` (InputError, so 422, on its first error)."""
    return read_body(model, g.body)


def _session() -> Session:
    """A read (beside any writer, never waiting for one)."""
    return Session(current_app.extensions["records"].db, expire_on_commit=False)


def _writing() -> Session:
    """A write: the lock is taken first (:func:`deadlines.store.db.writer`)."""
    return Session(writer(current_app.extensions["records"].db), expire_on_commit=False)


def _servable(s: Session, cycle=None) -> None:
    """Refuse (422, nothing stored) a write after which a surface could not show the jurisdiction."""
    commands.check_servable(s, g.jur, today=today_in(g.jur.timezone), years_ahead=current_app.config["FEED_YEARS_AHEAD"],
                           cycle=cycle)


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


def _changed():
    after_write(g.jid)


def _election(e: ElectionEntry) -> dict:
    return {"cycle": e.cycle.isoformat(), "general": e.general and e.general.isoformat(),
            "primary": e.primary and e.primary.isoformat(), "authority": e.authority, "reason": e.reason}


def _override(o: OverrideEntry) -> dict:
    return {"deadline": o.deadline, "election": o.election.isoformat(), "case": o.case_id or None, "status": o.status, "due": o.due,
            "start": o.start, "authority": o.authority, "reason": o.reason}


def _decision(d: DecisionEntry) -> dict:
    return {"choice": d.choice, "cycle": d.cycle.isoformat(), "taken": d.taken, "authority": d.authority,
            "recorded_at": d.recorded_at.isoformat()}


def _subscription(sub: Subscription) -> dict:
    return {"id": sub.id, "channel": sub.channel, "target": sub.target, "leads": [int(n) for n in sub.leads.split(",")],
            "notice_lead": sub.notice_lead, "deadlines": list(filter(None, sub.deadline_ids.split(","))),
            "audience": sub.audience, "confirmed": sub.confirmed_at is not None, "active": sub.unsubscribed_at is None}


def _list(model, order, render):
    with _session() as s:
        rows = s.scalars(select(model).where(model.jurisdiction_id == g.jid).order_by(order))
        return jsonify([render(r) for r in rows])


# --------------------------------------------------------------------------- trigger events


def _event(e: TriggerEvent) -> dict:
    """The event with the case it belongs to (see :mod:`deadlines.core.cases`)."""
    case = next((c for c in current_app.extensions["records"].recorded(g.jid).cases(g.jur)
                 if str(e.id) in c.refs.values()), None)
    return {**records.event_dict(e), "case": case and case.id}


@bp.get("/events")
def list_events():
    """Every recorded event, deleted ones too (their deadlines stay in the feeds, cancelled)."""
    cases = {ref: c.id for c in current_app.extensions["records"].recorded(g.jid).cases(g.jur) for ref in c.refs.values()}
    return _list(TriggerEvent, TriggerEvent.id, lambda e: {**records.event_dict(e), "case": cases.get(str(e.id))})


@bp.post("/events")
def add_event():
    ev_in = _body(EventIn)
    with _writing() as s, s.begin():
        ev = commands.record_event(s, g.jur, ev_in.name, ev_in.at, ev_in.label,
                                  who=g.who, reason=ev_in.reason, key=request.headers.get("Idempotency-Key"),
                                  most=event_cap())
        _servable(s)
    _changed()
    return jsonify(_event(ev)), 201


@bp.put("/events/<int:event_id>")
def change_event(event_id: int):
    ev_in = _body(EventIn)
    with _writing() as s, s.begin():
        ev = commands.change_event(s, g.jur, event_id, ev_in.name, ev_in.at, ev_in.label, who=g.who, reason=ev_in.reason,
                                  most=event_cap())
        if ev is not None:
            _servable(s)
    if ev is None:
        return _error(404, f"no event {event_id} for {g.jid}")
    _changed()
    return jsonify(_event(ev))


@bp.delete("/events/<int:event_id>")
def delete_event(event_id: int):
    """The event is kept, marked deleted (``?reason=`` says why): its deadlines
    stay in the feeds, cancelled."""
    with _writing() as s, s.begin():
        if not commands.delete_event(s, g.jur, event_id, who=g.who, reason=request.args.get("reason")):
            return _error(404, f"no event {event_id} for {g.jid}")
    _changed()
    return "", 204


@bp.get("/history")
def list_history():
    """Every clerk write, newest first."""
    with _session() as s:
        return jsonify([history.as_dict(e) for e in history.listing(s, g.jid)])


# --------------------------------------------------------------------------- election dates


@bp.get("/elections")
def list_elections():
    return _list(ElectionEntry, ElectionEntry.cycle, _election)


@bp.put("/elections/<cycle>")
def put_election(cycle: str):
    held = _body(ElectionIn)
    with _writing() as s, s.begin():
        entry = commands.set_election(s, g.jur, cycle, held.general, held.primary, who=g.who,
                                     authority=held.authority, reason=held.reason)
        _servable(s, entry.cycle)
    _changed()
    return jsonify(_election(entry))


@bp.delete("/elections/<cycle>")
def delete_election(cycle: str):
    with _writing() as s, s.begin():
        if not commands.delete_election(s, g.jur, cycle, who=g.who):
            return _error(404, f"no election dates entered for the {cycle} cycle")
    _changed()
    return "", 204


# --------------------------------------------------------------------------- overrides


@bp.get("/overrides")
def list_overrides():
    return _list(OverrideEntry, OverrideEntry.election, _override)


@bp.put("/overrides/<cycle>/<deadline>")
def put_override(cycle: str, deadline: str):
    order = _body(OverrideIn).model_dump()
    with _writing() as s, s.begin():
        entry = commands.put_override(s, g.jur, cycle, deadline, order, who=g.who)
        _servable(s, entry.election)
    _changed()
    return jsonify(_override(entry))


@bp.delete("/overrides/<cycle>/<deadline>")
def delete_override(cycle: str, deadline: str):
    with _writing() as s, s.begin():
        if not commands.delete_override(s, g.jur, cycle, deadline, who=g.who, case=request.args.get("case"),
                                       reason=request.args.get("reason")):
            return _error(404, f"no override of {deadline} in the {cycle} cycle" + (
                f" for case {request.args['case']}" if request.args.get("case") else ""))
    _changed()
    return "", 204


# --------------------------------------------------------------------------- decisions on choices the law gives


@bp.get("/decisions")
def list_decisions():
    """The clerk's decisions (the calendar file's are in the file)."""
    return _list(DecisionEntry, DecisionEntry.cycle, _decision)


@bp.put("/decisions/<cycle>/<choice>")
def put_decision(cycle: str, choice: str):
    decided = _body(DecisionIn).model_dump()
    with _writing() as s, s.begin():
        entry, new = commands.put_decision(s, g.jur, cycle, choice, decided, who=g.who)
        _servable(s, entry.cycle)
    _changed()
    return jsonify(_decision(entry)), 201 if new else 200


@bp.delete("/decisions/<cycle>/<choice>")
def delete_decision(cycle: str, choice: str):
    """``?reason=`` is kept in the history."""
    with _writing() as s, s.begin():
        if not commands.delete_decision(s, g.jur, cycle, choice, who=g.who, reason=request.args.get("reason")):
            return _error(404, f"no decision on {choice} recorded for the {cycle} cycle")
    _changed()
    return "", 204


# --------------------------------------------------------------------------- the office: hours and closures


def _hours(h) -> dict:
    return {"open": h.open, "close": h.close, "days": [records.WEEKDAY_NAMES[d] for d in records.hours_days(h)],
            "authority": h.authority, "recorded_at": h.recorded_at.isoformat()}


def _closure(c) -> dict:
    return {"id": c.id, "day": c.day.isoformat(), "reason": c.reason, "recorded_at": c.recorded_at.isoformat()}


@bp.get("/office-hours")
def get_office_hours():
    """The hours the clerk recorded (404 where none: the calendar file's apply)."""
    with _session() as s:
        entry = s.get(OfficeHoursEntry, g.jid)
        return jsonify(_hours(entry)) if entry else _error(404, f"no office hours recorded for {g.jid}")


@bp.put("/office-hours")
def put_office_hours():
    """Record the office's hours (and weekdays): they win over the calendar
    file's and research's, and every date that ends when the office closes
    (or opens when it opens) follows on every surface."""
    body = _body(OfficeHoursIn).model_dump()
    with _writing() as s, s.begin():
        entry = commands.set_office_hours(s, g.jur, body, who=g.who)
        _servable(s)
        out = _hours(entry)
    _changed()
    return jsonify(out)


@bp.delete("/office-hours")
def delete_office_hours():
    """Forget the recorded hours (``?reason=`` is kept in the history)."""
    with _writing() as s, s.begin():
        if not commands.delete_office_hours(s, g.jur, who=g.who, reason=request.args.get("reason")):
            return _error(404, f"no office hours recorded for {g.jid}")
    _changed()
    return "", 204


@bp.get("/closures")
def list_closures():
    return _list(OfficeClosure, OfficeClosure.day, _closure)


@bp.post("/closures")
def add_closure():
    """Record a day the office is closed: a last day on it gets the office's
    last open day before it as the safe date."""
    closed = _body(ClosureIn)
    with _writing() as s, s.begin():
        entry = commands.record_closure(s, g.jur, closed.day, closed.reason, who=g.who)
        _servable(s)
        out = _closure(entry)
    _changed()
    return jsonify(out), 201


@bp.delete("/closures/<int:closure_id>")
def delete_closure(closure_id: int):
    with _writing() as s, s.begin():
        if not commands.delete_closure(s, g.jur, closure_id, who=g.who, reason=request.args.get("reason")):
            return _error(404, f"no closure {closure_id} recorded for {g.jid}")
    _changed()
    return "", 204


# --------------------------------------------------------------------------- subscriptions


@bp.get("/subscriptions")
def list_subscriptions():
    return _list(Subscription, Subscription.id, _subscription)


@bp.post("/subscriptions")
def add_subscription():
    """Webhooks start at once (their secret is returned once); email
    addresses get a confirmation message first (double opt-in)."""
    wanted, settings = _body(SubscriptionIn), Settings.from_env(base_url=base_url())
    channel, target = wanted.channel, wanted.target
    secret = None
    if channel == "webhook":
        try:
            check_target(target, settings)
        except DeliveryError as exc:
            raise InputError(f"target: {exc}", "target") from None
        secret = secrets.token_urlsafe(32)
    if channel == "email":
        wait = address_wait(subscriptions.email_address(target))
        if wait:
            return _error(429, f"target: a confirmation email went to {target} a short while ago; "
                               f"try again in {wait} s", "target", headers={"Retry-After": str(wait)})
    with _writing() as s, s.begin():
        sub = commands.subscribe(s, g.jur, channel=channel, target=target, leads=wanted.leads,
                                   notice_lead=wanted.notice_lead, deadline_ids=wanted.deadlines,
                                   confirmed=channel == "webhook", secret=secret, audience=wanted.audience)
        if channel == "email":
            queue_confirmation(s, sub, g.jur, settings, now())
    _changed()
    return jsonify({**_subscription(sub), "secret": secret}), 201


@bp.delete("/subscriptions/<int:sub_id>")
def delete_subscription(sub_id: int):
    with _writing() as s, s.begin():
        sub = s.get(Subscription, sub_id)
        if sub is None or sub.jurisdiction_id != g.jid:
            return _error(404, f"no subscription {sub_id} for {g.jid}")
        subscriptions.unsubscribe(s, sub)
    return "", 204
