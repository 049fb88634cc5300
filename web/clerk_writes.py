"""The clerk API's writes (:mod:`web.clerk`'s blueprint): trigger events,
election dates, overrides, decisions, the office's hours and closures, and
subscriptions. Each is checked by the store (:mod:`deadlines.store.records`),
refused if a surface could not show the result, and replans the
jurisdiction's reminders at once."""
from __future__ import annotations

import secrets

from flask import g, jsonify, request

from deadlines import commands
from deadlines.core.errors import InputError, fact
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.plan import queue_confirmation
from deadlines.reminders.settings import Settings
from deadlines.reminders.webhook import check_target
from deadlines.store import records, subscriptions
from deadlines.store.db import now
from deadlines.store.tables import Subscription

from web.clerk import body, bp, changed, error, event_cap, writing, written
from web.common import today_in
from web.clerk_reads import (
    closure_out, decision_out, election_out, event_out, filing_out, hours_out, override_out, subscription_out,
)
from web.limits import address_wait
from web.schemas.clerk import (
    ClosureIn, DecisionIn, ElectionIn, EventIn, FilingOfficeIn, OfficeHoursIn, OverrideIn, SubscriptionIn,
)
from web.security import base_url


@bp.post("/events")
def add_event():
    ev_in = body(EventIn)
    key = request.headers.get("Idempotency-Key")
    ev = written(lambda s: commands.record_event(s, g.jur, ev_in.name, ev_in.at, ev_in.label, who=g.who,
                                                 reason=ev_in.reason, key=key, most=event_cap()))
    changed()
    return jsonify(event_out(ev)), 201


@bp.put("/events/<int:event_id>")
def change_event(event_id: int):
    ev_in = body(EventIn)
    ev = written(lambda s: commands.change_event(s, g.jur, event_id, ev_in.name, ev_in.at, ev_in.label, who=g.who,
                                                 reason=ev_in.reason, most=event_cap()))
    if ev is None:
        return error(404, f"no event {event_id} for {g.jid}")
    changed()
    return jsonify(event_out(ev))


@bp.delete("/events/<int:event_id>")
def delete_event(event_id: int):
    """The event is kept, marked deleted (``?reason=`` says why): its deadlines
    stay in the feeds, cancelled."""
    with writing() as s, s.begin():
        if not commands.delete_event(s, g.jur, event_id, who=g.who, reason=request.args.get("reason")):
            return error(404, f"no event {event_id} for {g.jid}")
    changed()
    return "", 204


@bp.put("/elections/<cycle>")
def put_election(cycle: str):
    held = body(ElectionIn)
    entry = written(lambda s: commands.set_election(s, g.jur, cycle, held.general, held.primary, who=g.who,
                                                    authority=held.authority, reason=held.reason),
                    lambda entry: entry.cycle)
    changed()
    return jsonify(election_out(entry))


@bp.delete("/elections/<cycle>")
def delete_election(cycle: str):
    with writing() as s, s.begin():
        if not commands.delete_election(s, g.jur, cycle, who=g.who):
            return error(404, f"no election dates entered for the {cycle} cycle")
    changed()
    return "", 204


@bp.put("/overrides/<cycle>/<deadline>")
def put_override(cycle: str, deadline: str):
    order = body(OverrideIn).model_dump()
    entry = written(lambda s: commands.put_override(s, g.jur, cycle, deadline, order, who=g.who),
                    lambda entry: entry.election)
    changed()
    return jsonify(override_out(entry))


@bp.delete("/overrides/<cycle>/<deadline>")
def delete_override(cycle: str, deadline: str):
    with writing() as s, s.begin():
        if not commands.delete_override(s, g.jur, cycle, deadline, who=g.who, case=request.args.get("case"),
                                       reason=request.args.get("reason")):
            return error(404, f"no override of {deadline} in the {cycle} cycle" + (
                f" for case {request.args['case']}" if request.args.get("case") else ""))
    changed()
    return "", 204


@bp.put("/decisions/<cycle>/<choice>")
def put_decision(cycle: str, choice: str):
    decided = body(DecisionIn).model_dump()
    entry, new = written(lambda s: commands.put_decision(s, g.jur, cycle, choice, decided, who=g.who),
                         lambda done: done[0].cycle)
    changed()
    return jsonify(decision_out(entry)), 201 if new else 200


@bp.delete("/decisions/<cycle>/<choice>")
def delete_decision(cycle: str, choice: str):
    """``?reason=`` is kept in the history."""
    with writing() as s, s.begin():
        if not commands.delete_decision(s, g.jur, cycle, choice, who=g.who, reason=request.args.get("reason")):
            return error(404, f"no decision on {choice} recorded for the {cycle} cycle")
    changed()
    return "", 204


@bp.put("/office-hours")
def put_office_hours():
    """Record the office's hours (and weekdays): they win over the calendar
    file's and research's, and every date that ends when the office closes
    (or opens when it opens) follows on every surface."""
    hours = body(OfficeHoursIn).model_dump(by_alias=True)
    hours["from"] = hours.get("from") or today_in(g.jur.timezone).isoformat()  # default: the day recorded

    def write(s):
        entry = commands.set_office_hours(s, g.jur, hours, who=g.who)
        s.flush()
        return hours_out(entry, records.hours_entries(s, g.jid), g.jur.timezone)

    out = written(write)
    changed()
    return jsonify(out)


@bp.delete("/office-hours")
def delete_office_hours():
    """Forget the recorded hours (``?reason=`` is kept in the history)."""
    with writing() as s, s.begin():
        if not commands.delete_office_hours(s, g.jur, who=g.who, reason=request.args.get("reason"),
                                            today=today_in(g.jur.timezone)):
            return error(404, f"no office hours recorded for {g.jid}")
    changed()
    return "", 204


@bp.put("/filing-office")
def put_filing_office():
    """Record the office a candidate files with (office, address, phone, where
    in it): it wins over research's on every surface, "recorded by the clerk"."""
    given = body(FilingOfficeIn).model_dump()
    with writing() as s, s.begin():
        entry = commands.set_filing_office(s, g.jur, given, who=g.who)
        s.flush()
        out = filing_out(entry)
    changed()
    return jsonify(out)


@bp.delete("/filing-office")
def delete_filing_office():
    """Forget the filing office recorded (``?reason=`` is kept in the history)."""
    with writing() as s, s.begin():
        if not commands.delete_filing_office(s, g.jur, who=g.who, reason=request.args.get("reason")):
            return error(404, f"no filing office recorded for {g.jid}")
    changed()
    return "", 204


@bp.post("/closures")
def add_closure():
    """Record a day the office is closed: a last day on it gets the office's
    last open day before it as the safe date."""
    closed = body(ClosureIn)
    out = written(lambda s: closure_out(commands.record_closure(s, g.jur, closed.day, closed.reason, who=g.who)))
    changed()
    return jsonify(out), 201


@bp.delete("/closures/<int:closure_id>")
def delete_closure(closure_id: int):
    with writing() as s, s.begin():
        if not commands.delete_closure(s, g.jur, closure_id, who=g.who, reason=request.args.get("reason")):
            return error(404, f"no closure {closure_id} recorded for {g.jid}")
    changed()
    return "", 204


@bp.post("/subscriptions")
def add_subscription():
    """Webhooks start at once (their secret is returned once); email
    addresses get a confirmation message first (double opt-in)."""
    wanted, settings = body(SubscriptionIn), Settings.from_env(base_url=base_url())
    channel, target = wanted.channel, wanted.target
    secret = None
    if channel == "webhook":
        try:
            check_target(target, settings)
        except DeliveryError as exc:
            raise InputError.of("webhook.refused", "target", why=fact(exc)) from None
        secret = secrets.token_urlsafe(32)
    if channel == "email":
        wait = address_wait(subscriptions.email_address(target))
        if wait:
            return error(429, f"target: a confirmation email went to {target} a short while ago; "
                              f"try again in {wait} s", "target", headers={"Retry-After": str(wait)})
    with writing() as s, s.begin():
        sub = commands.subscribe(s, g.jur, channel=channel, target=target, leads=wanted.leads,
                                   notice_lead=wanted.notice_lead, deadline_ids=wanted.deadlines,
                                   confirmed=channel == "webhook", secret=secret, audience=wanted.audience)
        if channel == "email":
            queue_confirmation(s, sub, g.jur, settings, now())
    changed()
    return jsonify({**subscription_out(sub), "secret": secret}), 201


@bp.delete("/subscriptions/<int:sub_id>")
def delete_subscription(sub_id: int):
    with writing() as s, s.begin():
        sub = s.get(Subscription, sub_id)
        if sub is None or sub.jurisdiction_id != g.jid:
            return error(404, f"no subscription {sub_id} for {g.jid}")
        subscriptions.unsubscribe(s, sub)
    return "", 204
