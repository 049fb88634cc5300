"""The clerk's desk under ``/clerk``: sign-in by an emailed one-time link
(Flask-Login keeps the session), CSRF-protected forms (Flask-WTF), and per
jurisdiction and cycle what the service computes with what the clerk
recorded, the forms to record, the notices to publish, the subscribers and
the history. Every write is shown first (which deadlines it moves, and to
what), then saved; a clerk sees and writes only their own jurisdictions.
The writes themselves are :mod:`web.desk_writes`."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_login import LoginManager, UserMixin, current_user, login_required, login_user, logout_user
from flask_wtf.csrf import CSRFError, CSRFProtect
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.db import writer

from deadlines.core.errors import InputError
from deadlines.core.moments import day_of
from deadlines.publish import words
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.notice import draft_notice
from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import AGAIN, send_link
from deadlines.service import cycles, lookup
from deadlines.store import clerks, history, tokens
from deadlines.store.tables import (
    ClerkToken, DecisionEntry, NoticePublication, OfficeClosure, OfficeHoursEntry, OverrideEntry, Reminder, Subscription,
    TriggerEvent,
)

from web import desk_writes
from web.common import records, registry, today_in
from web.limits import address_wait
from web.security import base_url, secret_page

bp = Blueprint("desk", __name__, url_prefix="/clerk")
login = LoginManager()
csrf = CSRFProtect()


class Clerk(UserMixin):
    """The signed-in clerk: their account and the jurisdictions they keep."""

    def __init__(self, account, jurisdictions: list[str]):
        self.id = str(account.id)
        self.email, self.name, self.jurisdictions = account.email, account.name, jurisdictions

    @property
    def who(self) -> history.Who:
        return history.Who(f"{self.name or self.email} (desk)")


def _db():
    return current_app.extensions["records"].db


@login.user_loader
def _load(account_id: str) -> Clerk | None:
    """Every request: a revoked account or a grant taken away shows at once."""
    with Session(_db()) as s:
        account = clerks.account(s, int(account_id)) if account_id.isdigit() else None
        return None if account is None else Clerk(account, clerks.jurisdictions(s, account.id))


def init_app(app) -> None:
    """Sessions for the desk and CSRF for its forms only (the API uses bearer
    tokens; the public sign-up form keeps its own check)."""
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    login.init_app(app)
    login.login_view = "desk.home"
    login.login_message = "Sign in to keep the record."
    login.session_protection = "basic"
    csrf.init_app(app)


@bp.before_request
def _protect():
    if request.method == "POST":
        csrf.protect()


@bp.errorhandler(CSRFError)
def _csrf_refused(exc: CSRFError):
    return render_template("desk_message.html", title="The form was refused",
                           message=f"{exc.description} Reload the page and send the form again."), 400


# --------------------------------------------------------------------------- signing in


@bp.get("/")
def home():
    """Signed in: the clerk's jurisdictions. Else: ask for a sign-in link."""
    if not current_user.is_authenticated:
        return render_template("desk_sign_in.html")
    places = [registry().get(jid) for jid in current_user.jurisdictions]
    return render_template("desk_home.html", places=places)


@bp.post("/sign-in")
def ask_link():
    """Mail a new link to a clerk's address (the answer is the same whether
    or not the address has an account: it says nothing about who does)."""
    settings = Settings.from_env(base_url=base_url())
    wait = address_wait(request.form.get("email", ""), "RATELIMIT_SIGN_IN_EMAIL", "sign-in-email")
    if wait:
        return render_template("desk_message.html", title="Please wait",
                               message="A sign-in link was asked for that address a short while ago: check the inbox "
                                       "(and spam folder), or try again later."), 429, {"Retry-After": str(wait)}
    with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
        account = clerks.by_email(s, request.form.get("email", ""))
        if account is not None:
            secret = clerks.link(s, account)
            try:
                send_link(settings, account.email, account.name, f"{settings.base_url}{url_for('desk.sign_in', secret=secret)}",
                          [], why=AGAIN)
            except DeliveryError:
                current_app.logger.exception("sign-in link to %s not sent", account.email)
                s.rollback()
                return render_template("desk_message.html", title="Not sent",
                                       message="The link could not be sent just now; try again in a few minutes."), 503
    return render_template("desk_message.html", title="Check your email",
                           message="If that address keeps a desk, a sign-in link is on its way. It works once, "
                                   f"for {clerks.LINK_VALID.seconds // 60} minutes.")


@bp.route("/sign-in/<secret>", methods=["GET", "POST"])
def sign_in(secret: str):
    """The link from the email: a button to press (so that mail scanners
    opening links do not spend it), which signs in and spends the link."""
    secret_page()
    with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
        if request.method == "GET":
            row = clerks.live_link(s, secret)
            account = row and s.get(clerks.ClerkAccount, row.account_id)
            if account is None:
                return render_template("desk_sign_in.html", expired=True), 410
            return render_template("desk_confirm.html", account=account, secret=secret)
        account = clerks.use_link(s, secret)
        jids = account and clerks.jurisdictions(s, account.id)
    if account is None:
        return render_template("desk_sign_in.html", expired=True), 410
    login_user(Clerk(account, jids))
    return redirect(url_for("desk.jurisdiction", jid=jids[0]) if len(jids) == 1 else url_for("desk.home"))


@bp.post("/sign-out")
def sign_out():
    logout_user()
    return render_template("desk_message.html", title="Signed out", message="You are signed out of the desk.")


# --------------------------------------------------------------------------- the desk of one jurisdiction


def _mine(jid: str):
    """The jurisdiction, if the signed-in clerk keeps it (else 403)."""
    if jid not in current_user.jurisdictions:
        abort(403, f"Your account does not keep {jid}.")
    return registry().get(jid)


def _cycle(jur, today: date) -> date:
    try:
        asked = request.values.get("cycle")
        return date.fromisoformat(asked) if asked else cycles(jur, today, date(today.year + 4, 12, 31))[0]
    except ValueError:
        abort(400, "cycle: a date, YYYY-MM-DD")


#: How many of a subscriber's coming reminders the desk lists (the rest are counted).
REMINDERS_SHOWN = 10


@dataclass(frozen=True)
class Coming:
    """One reminder still to send, as the desk says it."""

    title: str
    what: str
    fires: datetime


def _coming(r: Reminder, zone: ZoneInfo) -> Coming:
    payload = json.loads(r.payload)
    title = payload.get("deadline", {}).get("title") or r.deadline_uid
    days = payload.get("lead_days")
    what = {"notice-open": "the notice window opens", "notice-close": f"{days} days before the notice window closes",
            "moved": "the deadline moved", "confirm": "confirm the subscription"}.get(
        r.kind, f"{days} day{'s' if days != 1 else ''} before" if days is not None else r.kind)
    return Coming(title, what, r.fire_at.astimezone(zone))


def _subscribers(s: Session, jur) -> list[tuple[Subscription, list[Coming], int]]:
    """Each subscriber with their next reminders (which deadline, when it fires) and how many are pending."""
    zone = ZoneInfo(jur.timezone)
    pending: dict[int, list[Reminder]] = {}
    for r in s.scalars(select(Reminder).where(Reminder.jurisdiction_id == jur.id, Reminder.state == "pending")
                       .order_by(Reminder.fire_at, Reminder.id)):
        pending.setdefault(r.subscription_id, []).append(r)
    subs = s.scalars(select(Subscription).where(Subscription.jurisdiction_id == jur.id).order_by(Subscription.id))
    return [(sub, [_coming(r, zone) for r in pending.get(sub.id, [])[:REMINDERS_SHOWN]], len(pending.get(sub.id, [])))
            for sub in subs]


def render_desk(jur, cycle: date, *, errors: dict | None = None, preview=None, new_token: str | None = None,
                status: int = 200):
    """The desk page of ``jur`` for ``cycle`` (``preview``: a write shown before it is saved)."""
    today = today_in(jur.timezone)
    result = lookup(jur, today=today, election=cycle, records=records())
    refs = {ref for c in result.cases for ref in c.refs.values()}
    labels = {c.id: c.label for c in result.cases}
    with Session(_db()) as s:
        events = [e for e in s.scalars(select(TriggerEvent).where(TriggerEvent.jurisdiction_id == jur.id)
                                       .order_by(TriggerEvent.id)) if str(e.id) in refs]
        overrides = list(s.scalars(select(OverrideEntry).where(OverrideEntry.jurisdiction_id == jur.id,
                                                               OverrideEntry.election == result.cycle)))
        decisions = list(s.scalars(select(DecisionEntry).where(DecisionEntry.jurisdiction_id == jur.id,
                                                               DecisionEntry.cycle == result.cycle)))
        published = {p.deadline_uid: p for p in s.scalars(select(NoticePublication).where(
            NoticePublication.jurisdiction_id == jur.id))}
        subscribers = _subscribers(s, jur)
        hours = s.get(OfficeHoursEntry, jur.id)
        closures = list(s.scalars(select(OfficeClosure).where(OfficeClosure.jurisdiction_id == jur.id)
                                  .order_by(OfficeClosure.day)))
        live_tokens = [t for t in tokens.listing(s, jur.id) if t.revoked_at is None]
        log = [history.words(e, jur, labels) for e in history.for_cycle(history.listing(s, jur.id), result.cycle, refs)]
    notices = [(d, draft_notice(jur, result, d), published.get(d.uid)) for d in result.deadlines if d.kind == "notice-window"]
    choices = [c for c in jur.choices.values() if c.allowed(result.held)]
    near = cycles(jur, date(today.year - 2, 1, 1), date(today.year + 6, 12, 31))
    return render_template(
        "desk.html", jur=jur, result=result, today=today, words=words, events=events, overrides=overrides,
        decisions=decisions, notices=notices, subscribers=subscribers, tokens=live_tokens, history=log,
        choices=choices, cycles=near, labels=labels, errors=errors or {}, preview=preview, new_token=new_token,
        form=request.form if request.method == "POST" else {}, bound=desk_writes.bound_rules(jur),
        day_of=day_of, hours=hours, closures=closures, file_hours=registry().get(jur.id).office_hours,
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
    if action not in desk_writes.ACTIONS:
        abort(404)
    try:
        if request.form.get("step") != "save":
            return render_desk(jur, cycle, preview=desk_writes.preview(jur, cycle, action, request.form, current_user.who))
        said = desk_writes.save(jur, cycle, action, request.form, current_user.who)
    except InputError as exc:
        return render_desk(jur, cycle, errors={action: str(exc)}, status=422)
    flash(said)
    return redirect(url_for("desk.jurisdiction", jid=jid, cycle=cycle.isoformat()))


def _tokens(jur, cycle: date):
    """API tokens from the desk: made (the secret shown once) or revoked."""
    with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
        if request.form.get("revoke"):
            row = s.get(ClerkToken, int(request.form["revoke"])) if request.form["revoke"].isdigit() else None
            if row is None or row.jurisdiction_id != jur.id:
                abort(404)
            tokens.revoke(s, row.id)
            flash(f"Token {row.id} ({row.label or 'no label'}) is revoked.")
            return redirect(url_for("desk.jurisdiction", jid=jur.id, cycle=cycle.isoformat()))
        label = request.form.get("label", "").strip()[:200] or f"{current_user.name or current_user.email} (API)"
        _, secret = tokens.create(s, jur.id, label)
    return render_desk(jur, cycle, new_token=secret)
