"""The clerk's desk under ``/clerk`` (the ``desk`` blueprint): per
jurisdiction and cycle what the service computes with what the clerk
recorded, the forms to record, the notices to publish, the subscribers, the
API tokens and the history. Every write is shown first (which deadlines it
moves, and to what), then saved; a clerk sees and writes only their own
jurisdictions. Signing in is :mod:`web.desk_sign_in`, the session and the
forms' CSRF check :mod:`web.desk_session`, the writes :mod:`web.desk_writes`.
Every page, preview, flash message and history line is in the request's
language (:mod:`web.language`: ``lang``, else ``Accept-Language``), and the
desk's links, forms and redirects keep a ``lang`` asked for."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required
from flask_wtf.csrf import CSRFError
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.change_notes import words as change_words
from deadlines.store.db import writer

from deadlines.core.errors import InputError
from deadlines.core.moments import day_of
from deadlines.reminders.notice import draft_notice
from deadlines.service import cycles, lookup
from deadlines.store import history, tokens
from deadlines.store.office_tables import FilingOfficeEntry
from deadlines.store.records import WEEKDAY_NAMES, filing_value, hours_days, hours_entries, hours_now, hours_start
from deadlines.store.tables import (
    ClerkToken, DecisionEntry, NoticePublication, OfficeClosure, OverrideEntry, Reminder, Subscription,
    TriggerEvent,
)
from deadlines.publish.speaking import speaking
from deadlines.words import DEFAULT, Words

from web import desk_actions, desk_writes
from web.common import records, registry, today_in
from web.desk_session import csrf_refused, db, guard_forms
from web.language import said
from web.wording import DATE_FORM_CODES, NOT_A_DAY_CODES, enter_a_date

bp = Blueprint("desk", __name__, url_prefix="/clerk")
guard_forms(bp)
bp.register_error_handler(CSRFError, csrf_refused)


def _mine(jid: str):
    """The jurisdiction, if the signed-in clerk keeps it (else 403)."""
    if jid not in current_user.jurisdictions:
        abort(403, said()._("Your account does not keep {jurisdiction}.", jurisdiction=jid))
    return registry().get(jid)


def _cycle(jur, today: date) -> date:
    try:
        asked = request.values.get("cycle")
        return date.fromisoformat(asked) if asked else cycles(jur, today, date(today.year + 4, 12, 31))[0]
    except ValueError:
        abort(400, said()._("cycle: a date, YYYY-MM-DD"))


#: How many of a subscriber's coming reminders the desk lists (the rest are counted).
REMINDERS_SHOWN = 10


@dataclass(frozen=True)
class Coming:
    """One reminder still to send, as the desk says it."""

    title: str
    what: str
    fires: datetime


def _coming(r: Reminder, zone: ZoneInfo, w: Words) -> Coming:
    payload = json.loads(r.payload)
    title = payload.get("deadline", {}).get("title") or r.deadline_uid
    days = payload.get("lead_days")
    if r.kind == "notice-open":
        what = w._("the notice window opens")
    elif r.kind == "notice-close":
        what = w.n_("{n} day before the notice window closes", "{n} days before the notice window closes", days) \
            if isinstance(days, int) else w._("before the notice window closes")
    elif r.kind == "moved":
        what = w._("the deadline moved")
    elif r.kind == "confirm":
        what = w._("confirm the subscription")
    else:
        what = w.n_("{n} day before", "{n} days before", days) if isinstance(days, int) else r.kind
    return Coming(title, what, r.fire_at.astimezone(zone))


def _subscribers(s: Session, jur) -> list[tuple[Subscription, list[Coming], int]]:
    """Each subscriber with their next reminders (which deadline, when it fires) and how many are pending."""
    zone = ZoneInfo(jur.timezone)
    pending: dict[int, list[Reminder]] = {}
    for r in s.scalars(select(Reminder).where(Reminder.jurisdiction_id == jur.id, Reminder.state == "pending")
                       .order_by(Reminder.fire_at, Reminder.id)):
        pending.setdefault(r.subscription_id, []).append(r)
    subs = s.scalars(select(Subscription).where(Subscription.jurisdiction_id == jur.id).order_by(Subscription.id))
    w = said()
    return [(sub, [_coming(r, zone, w) for r in pending.get(sub.id, [])[:REMINDERS_SHOWN]], len(pending.get(sub.id, [])))
            for sub in subs]


def _drafts(jur, result, window, w) -> list[tuple[str, str]]:
    """The drafted notice of ``window`` as ``(lang, text)``: in the desk's
    language, and in English beside it where the desk's is another (a notice
    is published in English; a Michigan charter's draft is English only)."""
    english = draft_notice(jur, result, window)
    own = None if w.lang == DEFAULT else draft_notice(jur, result, window, w)
    return [(lang, text) for lang, text in ((w.lang, own), (DEFAULT, english)) if text and (lang == DEFAULT or text != english)]


def render_desk(jur, cycle: date, *, errors: dict | None = None, preview=None, new_token: str | None = None,
                status: int = 200):
    """The desk page of ``jur`` for ``cycle`` (``preview``: a write shown before it is saved)."""
    w = said()
    today = today_in(jur.timezone)
    result = lookup(jur, today=today, election=cycle, records=records())
    refs = {ref for c in result.cases for ref in c.refs.values()}
    labels = {c.id: c.label for c in result.cases}
    with Session(db()) as s:
        events = [e for e in s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jur.id)
                                       .order_by(TriggerEvent.id)) if str(e.id) in refs]
        overrides = list(s.scalars(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id,
                                                               OverrideEntry.election == result.cycle)))
        decisions = list(s.scalars(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jur.id,
                                                               DecisionEntry.cycle == result.cycle)))
        published = {p.deadline_uid: p for p in s.scalars(select(NoticePublication).where(
            NoticePublication.jurisdiction_id == jur.id))}
        subscribers = _subscribers(s, jur)
        entries = hours_entries(s, jur.id)
        hours = hours_now(entries, today, jur.timezone)  # in force today, or else the next to come
        closures = list(s.scalars(select(OfficeClosure).where(OfficeClosure.jurisdiction_id == jur.id)
                                  .order_by(OfficeClosure.day)))
        live_tokens = [t for t in tokens.listing(s, jur.id) if t.revoked_at is None]
        filing = s.get(FilingOfficeEntry, jur.id)
        log = [change_words(e, jur, labels, w) for e in history.for_cycle(history.listing(s, jur.id), result.cycle, refs)]
    notices = [(d, _drafts(jur, result, d, w), published.get(result.uid(d))) for d in result.deadlines if d.kind == "notice-window"]
    choices = [c for c in jur.choices.values() if c.allowed(result.held)]
    near = cycles(jur, date(today.year - 2, 1, 1), date(today.year + 6, 12, 31))
    return render_template(
        "desk.html", jur=jur, result=result, today=today, words=speaking(w), events=events, overrides=overrides,
        decisions=decisions, notices=notices, subscribers=subscribers, tokens=live_tokens, history=log,
        choices=choices, cycles=near, labels=labels, errors=errors or {}, preview=preview, new_token=new_token,
        form=request.form if request.method == "POST" else {}, bound=desk_actions.bound_rules(jur),
        day_of=day_of, hours=hours, closures=closures, file_hours=registry().get(jur.id).office_hours,
        hours_days=[WEEKDAY_NAMES[d] for d in hours_days(hours)] if hours else [],
        hours_from=hours and hours_start(hours, jur.timezone), filing=filing,
        filing_value=filing and filing_value(filing),
    ), status


@bp.get("/<jid>")
@login_required
def jurisdiction(jid: str):
    jur = _mine(jid)
    return render_desk(jur, _cycle(jur, today_in(jur.timezone)))


@bp.post("/<jid>/<action>")
@login_required
def write(jid: str, action: str):
    """A desk form: shown with what it changes until ``save`` is sent, then saved."""
    jur = _mine(jid)
    cycle = _cycle(jur, today_in(jur.timezone))
    if action == "tokens":
        return _tokens(jur, cycle)
    if action not in desk_actions.ACTIONS:
        abort(404)
    try:
        if request.form.get("step") != "save":
            return render_desk(jur, cycle, preview=desk_writes.preview(jur, cycle, action, request.form, current_user.who))
        told = desk_writes.save(jur, cycle, action, request.form, current_user.who)
    except InputError as exc:
        return render_desk(jur, cycle, errors={_error_key(action, request.form): _error_words(said(), exc)}, status=422)
    flash(told)
    return redirect(url_for("desk.jurisdiction", jid=jid, cycle=cycle.isoformat()))


def _error_words(w: Words, exc: InputError) -> str:
    """A write's error in words: as :meth:`Words.error` says it (English: the
    terse words, unchanged), but in another language a mistyped date said as
    the lookup form says it (how to type one), not as the API's terse template."""
    if w.lang == "en" or exc.code not in (*DATE_FORM_CODES, *NOT_A_DAY_CODES):
        return w.error(exc)
    return enter_a_date(w, w._("the date"), exc.code in NOT_A_DAY_CODES)


def _error_key(action: str, form) -> str:
    """Where the desk says a write's error: beside its form (a report's own
    form, of the several listed, is ``report-accept-<id>``)."""
    report = form.get("report", "")
    return f"{action}-{report}" if action.startswith("report-") and report.isdigit() else action


def _tokens(jur, cycle: date):
    """API tokens from the desk: made (the secret shown once) or revoked."""
    with Session(writer(db()), expire_on_commit=False) as s, s.begin():
        if request.form.get("revoke"):
            row = s.get(ClerkToken, int(request.form["revoke"])) if request.form["revoke"].isdigit() else None
            if row is None or row.jurisdiction_id != jur.id:
                abort(404)
            tokens.revoke(s, row.id)
            w = said()
            flash(w._("Token {id} ({label}) is revoked.", id=row.id, label=row.label or w._("no label")))
            return redirect(url_for("desk.jurisdiction", jid=jur.id, cycle=cycle.isoformat()))
        label = request.form.get("label", "").strip()[:200] or f"{current_user.name or current_user.email} (API)"
        _, secret = tokens.create(s, jur.id, label)
    return render_desk(jur, cycle, new_token=secret)
