"""The clerk's desk under ``/clerk``: sign-in by an emailed one-time link
(Flask-Login keeps the session; the session itself is a row of the store,
checked on every request and ended by signing out, revoking or inviting
again: :mod:`deadlines.store.clerks`), CSRF-protected forms (Flask-WTF)
each with a one-time submission key (a Save sent twice stores once), and per
jurisdiction and cycle what the service computes with what the clerk
recorded, the forms to record, the notices to publish, the subscribers and
the history. Every write is shown first (which deadlines it moves, and to
what), then saved; a clerk sees and writes only their own jurisdictions.
The writes themselves are :mod:`web.desk_writes`. Every page, preview, flash
message and history line is in the request's language (:mod:`web.language`:
``lang``, else ``Accept-Language``), and the desk's links, forms and redirects
keep a ``lang`` asked for."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import LoginManager, UserMixin, current_user, login_required, login_user, logout_user
from flask_wtf.csrf import CSRFError, CSRFProtect
from limits import parse
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.db import writer

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.moments import day_of
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.notice import draft_notice
from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import AGAIN, send_link
from deadlines.service import cycles, lookup
from deadlines.change_notes import words as change_words
from deadlines.store import clerks, history, tokens
from deadlines.store.records import WEEKDAY_NAMES, hours_days
from deadlines.store.tables import (
    ClerkToken, DecisionEntry, NoticePublication, OfficeClosure, OfficeHoursEntry, OverrideEntry, Reminder, Subscription,
    TriggerEvent,
)
from deadlines.publish.words import speaking
from deadlines.words import Words

from web import desk_writes
from web.common import records, registry, today_in
from web.language import said
from web.limits import address_unwait, address_wait, known_browser, remember_browser
from web.security import base_url, secret_page
from web.wording import DATE_FORM_CODES, NOT_A_DAY_CODES, enter_a_date

bp = Blueprint("desk", __name__, url_prefix="/clerk")
login = LoginManager()
csrf = CSRFProtect()


class Clerk(UserMixin):
    """The signed-in clerk: their account, the jurisdictions they keep, and
    the desk session they are in (its id is what the session cookie names)."""

    def __init__(self, account, jurisdictions: list[str], session_id: int):
        self.id = f"{account.id}.{session_id}"
        self.account_id, self.session_id = account.id, session_id
        self.email, self.name, self.jurisdictions = account.email, account.name, jurisdictions

    @property
    def who(self) -> history.Who:
        return history.Who(f"{self.name or self.email} (desk)")


def _db():
    return current_app.extensions["records"].db


def _w() -> Words:
    """The desk's words: the request's language (``lang``, else
    ``Accept-Language``: :mod:`web.language`), English by default."""
    return said()


def _(message: str) -> str:
    """Marks a message for the catalog; said in the request's language by ``_w()._``."""
    return message


#: Flask-Login's ask to sign in, said in the request's language (its ``localize_callback``).
SIGN_IN_FIRST = _("Sign in to keep the record.")


def _lifetimes() -> dict[str, timedelta]:
    return {"idle": current_app.config["DESK_IDLE_LIFETIME"], "lifetime": current_app.permanent_session_lifetime}


@login.user_loader
def _load(user_id: str) -> Clerk | None:
    """Every request: a session ended (signed out, idle, too old), a revoked
    account or a grant taken away shows at once. A desk request keeps its
    session alive (its end slides, now and then)."""
    account_id, _, session_id = user_id.partition(".")
    if not (account_id.isdigit() and session_id.isdigit()) or max(int(account_id), int(session_id)) > inputs.MAX_ROW_ID:
        return None  # a cookie from before sessions were kept, or not ours
    lifetimes = _lifetimes()
    with Session(_db()) as s:
        account = clerks.session_account(s, int(account_id), int(session_id), lifetime=lifetimes["lifetime"])
        if account is None:
            return None
        clerk = Clerk(account, clerks.jurisdictions(s, account.id), int(session_id))
        due = request.blueprint == "desk" and clerks.slide_due(s, int(session_id), **lifetimes)
    if due:
        with Session(writer(_db())) as s, s.begin():
            clerks.slide(s, int(session_id), **lifetimes)
    return clerk


#: Flask's own default lifetime of a permanent session (replaced by the desk's, unless configured).
FLASK_DEFAULT_LIFETIME = timedelta(days=31)


def init_app(app) -> None:
    """Sessions for the desk and CSRF for its forms only (the API uses bearer
    tokens; the public sign-up form keeps its own check). A desk session ends
    after ``DESK_IDLE_LIFETIME`` without a desk request and
    ``PERMANENT_SESSION_LIFETIME`` after sign-in (the cookie's lifetime too)."""
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    idle = app.config.setdefault("DESK_IDLE_LIFETIME", clerks.SESSION_IDLE)
    if not isinstance(idle, timedelta):  # seconds, as DEADLINES_DESK_IDLE_LIFETIME gives it
        app.config["DESK_IDLE_LIFETIME"] = timedelta(seconds=int(idle))
    if app.permanent_session_lifetime == FLASK_DEFAULT_LIFETIME:
        app.config["PERMANENT_SESSION_LIFETIME"] = clerks.SESSION_LIFETIME
    login.init_app(app)
    login.login_view = "desk.home"
    login.login_message = SIGN_IN_FIRST
    login.localize_callback = lambda message: _w()._(message)
    login.session_protection = "basic"
    csrf.init_app(app)
    app.jinja_env.globals["submission_key"] = desk_writes.submission_key


def guard_forms(blueprint: Blueprint) -> None:
    """Every POST of ``blueprint`` checked for its CSRF token, and none of its
    pages kept by a browser or a proxy (a new token, the record, a sign-in or
    request form: each page carries this browser's own token)."""
    @blueprint.before_request
    def _protect():
        if request.method == "POST":
            csrf.protect()

    @blueprint.after_request
    def _never_cached(resp):
        resp.headers["Cache-Control"] = "no-store"
        return resp


guard_forms(bp)


#: Flask-WTF's reasons for refusing a form (its English is the msgid, said in the request's language).
CSRF_REASONS = (_("The CSRF session token is missing."), _("The CSRF token has expired."),
                _("The CSRF token is invalid."), _("The CSRF token is missing."), _("The CSRF tokens do not match."),
                _("The referrer does not match the host."), _("The referrer header is missing."))


@bp.errorhandler(CSRFError)
def _csrf_refused(exc: CSRFError):
    w = _w()
    reason = w._(exc.description) if exc.description in CSRF_REASONS else exc.description
    return render_template("desk_message.html", title=w._("The form was refused"),
                           message=w._("{reason} Reload the page and send the form again.", reason=reason)), 400


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
    or not the address has an account: it says nothing about who does).

    An address is mailed at most once per ``RATELIMIT_SIGN_IN_EMAIL`` window:
    past it an ask mails nothing and gets the same answer (the link mailed in
    the window still works), so that no one can fill a clerk's inbox or lock
    her out. From a browser that signed in with the address before, the ask
    counts only under ``RATELIMIT_SIGN_IN_KNOWN`` (hers alone) and is mailed."""
    settings = Settings.from_env(base_url=base_url())
    asked = request.form.get("email", "")
    if known_browser(asked):
        limit = ("RATELIMIT_SIGN_IN_KNOWN", "sign-in-known")
        wait = address_wait(asked, *limit)
        if wait:
            return render_template("desk_message.html", title=_w()._("Please wait"), message=_w()._(
                "Several sign-in links went to that address from this browser a short while ago: use the newest, or "
                "try again later.")), 429, {"Retry-After": str(wait)}
    else:
        limit = ("RATELIMIT_SIGN_IN_EMAIL", "sign-in-email")
        if address_wait(asked, *limit):
            limit = None  # mailed a short while ago: that link works, nothing is sent
    if limit is not None:
        with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
            account = clerks.by_email(s, asked)
            if account is not None:
                secret = clerks.link(s, account)
                try:
                    send_link(settings, account.email, account.name,
                              f"{settings.base_url}{url_for('desk.sign_in', secret=secret)}", [], why=AGAIN)
                except DeliveryError:
                    current_app.logger.exception("sign-in link to %s not sent", account.email)
                    s.rollback()
                    address_unwait(asked, *limit)
                    return render_template("desk_message.html", title=_w()._("Not sent"), message=_w()._(
                        "The link could not be sent just now; try again in a few minutes.")), 503
    window = parse(current_app.config["RATELIMIT_SIGN_IN_EMAIL"]).get_expiry() // 60
    return render_template("desk_message.html", title=_w()._("Check your email"), message=_w()._(
        "If that address keeps a desk, a sign-in link went to it within the last {window} minutes (one is mailed in "
        "that time at most, except to a browser that signed in with the address before). The newest link works "
        "once, for {valid} minutes.", window=window, valid=clerks.LINK_VALID.seconds // 60))


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
        used = clerks.use_link(s, secret, **_lifetimes())
        account, session_id = used or (None, None)
        jids = account and clerks.jurisdictions(s, account.id)
    if account is None:
        return render_template("desk_sign_in.html", expired=True), 410
    session.clear()  # a new session: nothing of the one before survives (its CSRF token neither)
    login_user(Clerk(account, jids, session_id))
    session.permanent = True  # the cookie lasts PERMANENT_SESSION_LIFETIME; the row decides
    resp = redirect(url_for("desk.jurisdiction", jid=jids[0]) if len(jids) == 1 else url_for("desk.home"))
    remember_browser(resp, account.email)
    return resp


@bp.post("/sign-out")
def sign_out():
    """Sign out: every session of the account ends (a copy of this browser's
    cookie, or a browser signed in elsewhere, opens nothing any more)."""
    if current_user.is_authenticated:
        with Session(writer(_db())) as s, s.begin():
            clerks.end_sessions(s, current_user.account_id)
    logout_user()
    session.clear()
    return render_template("desk_message.html", title=_w()._("Signed out"), message=_w()._(
        "You are signed out of the desk, in this browser and in every other one where you had signed in."))


# --------------------------------------------------------------------------- the desk of one jurisdiction


def _mine(jid: str):
    """The jurisdiction, if the signed-in clerk keeps it (else 403)."""
    if jid not in current_user.jurisdictions:
        abort(403, _w()._("Your account does not keep {jurisdiction}.", jurisdiction=jid))
    return registry().get(jid)


def _cycle(jur, today: date) -> date:
    try:
        asked = request.values.get("cycle")
        return date.fromisoformat(asked) if asked else cycles(jur, today, date(today.year + 4, 12, 31))[0]
    except ValueError:
        abort(400, _w()._("cycle: a date, YYYY-MM-DD"))


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
    w = _w()
    return [(sub, [_coming(r, zone, w) for r in pending.get(sub.id, [])[:REMINDERS_SHOWN]], len(pending.get(sub.id, [])))
            for sub in subs]


def render_desk(jur, cycle: date, *, errors: dict | None = None, preview=None, new_token: str | None = None,
                status: int = 200):
    """The desk page of ``jur`` for ``cycle`` (``preview``: a write shown before it is saved)."""
    w = _w()
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
        log = [change_words(e, jur, labels, w) for e in history.for_cycle(history.listing(s, jur.id), result.cycle, refs)]
    notices = [(d, draft_notice(jur, result, d), published.get(d.uid)) for d in result.deadlines if d.kind == "notice-window"]
    choices = [c for c in jur.choices.values() if c.allowed(result.held)]
    near = cycles(jur, date(today.year - 2, 1, 1), date(today.year + 6, 12, 31))
    return render_template(
        "desk.html", jur=jur, result=result, today=today, words=speaking(w), events=events, overrides=overrides,
        decisions=decisions, notices=notices, subscribers=subscribers, tokens=live_tokens, history=log,
        choices=choices, cycles=near, labels=labels, errors=errors or {}, preview=preview, new_token=new_token,
        form=request.form if request.method == "POST" else {}, bound=desk_writes.bound_rules(jur),
        day_of=day_of, hours=hours, closures=closures, file_hours=registry().get(jur.id).office_hours,
        hours_days=[WEEKDAY_NAMES[d] for d in hours_days(hours)] if hours else [],
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
        return render_desk(jur, cycle, errors={_error_key(action, request.form): _error_words(_w(), exc)}, status=422)
    flash(said)
    return redirect(url_for("desk.jurisdiction", jid=jid, cycle=cycle.isoformat()))


def _error_words(w: Words, exc: InputError) -> str:
    """A write's error in words: as :meth:`Words.error` says it (English: the
    terse words, unchanged), but a mistyped date, whose terse words have no
    translation, said in the page's language."""
    told = w.error(exc)
    if w.lang == "en" or told != str(exc) or exc.code not in (*DATE_FORM_CODES, *NOT_A_DAY_CODES):
        return told
    return enter_a_date(w, w._("the date"), exc.code in NOT_A_DAY_CODES)


def _error_key(action: str, form) -> str:
    """Where the desk says a write's error: beside its form (a report's own
    form, of the several listed, is ``report-accept-<id>``)."""
    report = form.get("report", "")
    return f"{action}-{report}" if action.startswith("report-") and report.isdigit() else action


def _tokens(jur, cycle: date):
    """API tokens from the desk: made (the secret shown once) or revoked."""
    with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
        if request.form.get("revoke"):
            row = s.get(ClerkToken, int(request.form["revoke"])) if request.form["revoke"].isdigit() else None
            if row is None or row.jurisdiction_id != jur.id:
                abort(404)
            tokens.revoke(s, row.id)
            w = _w()
            flash(w._("Token {id} ({label}) is revoked.", id=row.id, label=row.label or w._("no label")))
            return redirect(url_for("desk.jurisdiction", jid=jur.id, cycle=cycle.isoformat()))
        label = request.form.get("label", "").strip()[:200] or f"{current_user.name or current_user.email} (API)"
        _, secret = tokens.create(s, jur.id, label)
    return render_desk(jur, cycle, new_token=secret)
