"""Signing in at the clerk's desk (views on :mod:`web.desk`'s blueprint): an
emailed one-time link (rate-limited per address), a button that spends it,
and signing out of every session."""
from __future__ import annotations

from flask import current_app, redirect, render_template, request, session, url_for
from flask_login import current_user, login_user, logout_user
from limits import parse
from sqlalchemy.orm import Session

from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import AGAIN, send_link
from deadlines.store import clerks
from deadlines.store.db import writer

from web.common import registry
from web.desk import bp
from web.desk_session import Clerk, db, session_lifetimes
from web.language import said
from web.limits import address_unwait, address_wait, known_browser, remember_browser
from web.security import base_url, secret_page


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
            return render_template("desk_message.html", title=said()._("Please wait"), message=said()._(
                "Several sign-in links went to that address from this browser a short while ago: use the newest, or "
                "try again later.")), 429, {"Retry-After": str(wait)}
    else:
        limit = ("RATELIMIT_SIGN_IN_EMAIL", "sign-in-email")
        if address_wait(asked, *limit):
            limit = None  # mailed a short while ago: that link works, nothing is sent
    if limit is not None:
        with Session(writer(db()), expire_on_commit=False) as s, s.begin():
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
                    return render_template("desk_message.html", title=said()._("Not sent"), message=said()._(
                        "The link could not be sent just now; try again in a few minutes.")), 503
    window = parse(current_app.config["RATELIMIT_SIGN_IN_EMAIL"]).get_expiry() // 60
    return render_template("desk_message.html", title=said()._("Check your email"), message=said()._(
        "If that address keeps a desk, a sign-in link went to it within the last {window} minutes (one is mailed in "
        "that time at most, except to a browser that signed in with the address before). The newest link works "
        "once, for {valid} minutes.", window=window, valid=clerks.LINK_VALID.seconds // 60))


@bp.route("/sign-in/<secret>", methods=["GET", "POST"])
def sign_in(secret: str):
    """The link from the email: a button to press (so that mail scanners
    opening links do not spend it), which signs in and spends the link."""
    secret_page()
    with Session(writer(db()), expire_on_commit=False) as s, s.begin():
        if request.method == "GET":
            row = clerks.live_link(s, secret)
            account = row and s.get(clerks.ClerkAccount, row.account_id)
            if account is None:
                return render_template("desk_sign_in.html", expired=True), 410
            return render_template("desk_confirm.html", account=account, secret=secret)
        used = clerks.use_link(s, secret, **session_lifetimes())
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
        with Session(writer(db())) as s, s.begin():
            clerks.end_sessions(s, current_user.account_id)
    logout_user()
    session.clear()
    return render_template("desk_message.html", title=said()._("Signed out"), message=said()._(
        "You are signed out of the desk, in this browser and in every other one where you had signed in."))
