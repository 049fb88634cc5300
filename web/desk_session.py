"""Who is signed in at the clerk's desk: Flask-Login's session (the session
itself is a row of the store, checked on every request and ended by signing
out, revoking or inviting again: :mod:`deadlines.store.clerks`), the desk's
session lifetimes, and CSRF-protected forms (Flask-WTF) for the desk and the
clerk's access request (:func:`guard_forms`)."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, current_app, render_template, request
from flask_login import LoginManager, UserMixin
from flask_wtf.csrf import CSRFError, CSRFProtect
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.publish.words import _
from deadlines.store import clerks, history
from deadlines.store.db import writer

from web import desk_actions
from web.language import said

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


def db():
    """The store's database (accounts, sessions, records)."""
    return current_app.extensions["records"].db


#: Flask-Login's ask to sign in, said in the request's language (its ``localize_callback``).
SIGN_IN_FIRST = _("Sign in to keep the record.")


def session_lifetimes() -> dict[str, timedelta]:
    """How long a desk session lasts: idle, and at most (the settings)."""
    return {"idle": current_app.config["DESK_IDLE_LIFETIME"], "lifetime": current_app.permanent_session_lifetime}


@login.user_loader
def _load(user_id: str) -> Clerk | None:
    """Every request: a session ended (signed out, idle, too old), a revoked
    account or a grant taken away shows at once. A desk request keeps its
    session alive (its end slides, now and then)."""
    account_id, _, session_id = user_id.partition(".")
    if not (account_id.isdigit() and session_id.isdigit()) or max(int(account_id), int(session_id)) > inputs.MAX_ROW_ID:
        return None  # a cookie from before sessions were kept, or not ours
    lifetimes = session_lifetimes()
    with Session(db()) as s:
        account = clerks.session_account(s, int(account_id), int(session_id), lifetime=lifetimes["lifetime"])
        if account is None:
            return None
        clerk = Clerk(account, clerks.jurisdictions(s, account.id), int(session_id))
        due = request.blueprint == "desk" and clerks.slide_due(s, int(session_id), **lifetimes)
    if due:
        with Session(writer(db())) as s, s.begin():
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
    login.localize_callback = lambda message: said()._(message)
    login.session_protection = "basic"
    csrf.init_app(app)
    app.jinja_env.globals["submission_key"] = desk_actions.submission_key


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


#: Flask-WTF's reasons for refusing a form (its English is the msgid, said in the request's language).
CSRF_REASONS = (_("The CSRF session token is missing."), _("The CSRF token has expired."),
                _("The CSRF token is invalid."), _("The CSRF token is missing."), _("The CSRF tokens do not match."),
                _("The referrer does not match the host."), _("The referrer header is missing."))


def csrf_refused(exc: CSRFError):
    """A desk form refused by the CSRF check, said in the request's language."""
    w = said()
    reason = w._(exc.description) if exc.description in CSRF_REASONS else exc.description
    return render_template("desk_message.html", title=w._("The form was refused"),
                           message=w._("{reason} Reload the page and send the form again.", reason=reason)), 400
