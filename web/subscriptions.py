"""Public email reminders: a sign-up form (CSRF-protected), a confirmation
email (double opt-in) and a one-click unsubscribe link in every message
(RFC 8058: a mail client may POST ``List-Unsubscribe=One-Click`` to it).
The pages speak the request's language; a subscriber's reminders, the one
the form was filled in (:attr:`Subscription.lang`)."""
from __future__ import annotations

import hmac
import logging
import os
import secrets

from flask import Blueprint, abort, current_app, render_template, request, session
from flask_limiter import RateLimitExceeded
from sqlalchemy.orm import Session

from deadlines.config import instance_dir
from deadlines.core.errors import UNKNOWN_JURISDICTION, CalendarError, InputError
from deadlines.core.model import AUDIENCES
from deadlines.publish.place_words import describe_place
from deadlines.publish.speaking import speaking
from deadlines.reminders import wake
from deadlines.reminders.plan import queue_confirmation, replan
from deadlines.reminders.settings import Settings
from deadlines import commands
from deadlines.store import subscriptions
from deadlines.store.db import now, writer

from web.common import examples, public, unknown_words
from web.language import hidden_lang, lang, said
from web.limits import address_wait
from web.security import base_url, external_url, secret_page

LEAD_CHOICES = (30, 14, 7, 3, 1)
log = logging.getLogger(__name__)
bp = Blueprint("subscriptions", __name__)


@bp.record_once
def _secret_key(state) -> None:
    """Sessions (for CSRF) need a key shared by every worker: DEADLINES_SECRET_KEY,
    else one generated once into the instance folder."""
    app = state.app
    if app.secret_key:
        return
    path = instance_dir() / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    except FileExistsError:
        pass
    app.secret_key = path.read_text().strip()


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def _check_csrf() -> None:
    sent, kept = request.form.get("csrf_token", ""), session.get("csrf", "")
    if not kept or not hmac.compare_digest(sent, kept):
        abort(403, "the form expired or was not sent from this site; reload it and try again")


def feed_links(jid: str, audience: str | None) -> dict:
    """The calendar feed of ``jid`` (only ``audience``'s deadlines, or all
    where None) as the subscribe links give it: ``https`` and ``webcal``."""
    https = external_url("feeds.jurisdiction_feed", jid=jid, audience=audience)
    return {"https": https, "webcal": "webcal://" + https.split("://", 1)[1], "audience": audience}


def _feed(chosen: str) -> tuple[dict | None, str | None, str | None]:
    """The subscribe page's calendar links: those of the chosen jurisdiction
    (with its ``place`` name) for the audience asked (``?audience=``; none:
    every deadline), the audience, and an unknown audience's words. The
    sign-up form's reminders are chosen by the same ``audience``."""
    audience = request.values.get("audience") or None
    problem = None
    if audience is not None and audience not in AUDIENCES:
        problem = said()._("Choose one of: {choices}.", choices=", ".join(AUDIENCES))
        audience = None
    try:
        jur = current_app.extensions["registry"].get(chosen) if chosen else None
    except (InputError, CalendarError):
        jur = None
    return ({**feed_links(jur.id, audience), "place": jur.name} if jur is not None else None), audience, problem


def _db():
    return current_app.extensions["records"].db


def _jurisdictions(chosen: str) -> list[tuple[str, str]]:
    """The choices of the form's list: the one chosen (from a results page's
    link), the jurisdictions with files of their own, and what the place
    search ``q`` finds; never the whole roster."""
    reg = current_app.extensions["registry"]
    q = request.args.get("q")
    index = reg.places()
    places = index.by_id
    found = public(index.search(q))[:50] if q else []
    ids = [chosen, *[jid for jid in reg.file_ids() if jid not in examples()][:24], *(p.id for p in found)]
    return [(jid, f"{places[jid].name} ({describe_place(places[jid], said())})" if places[jid].kind else places[jid].name)
            for jid in dict.fromkeys(ids) if jid in places]


def _page(title: str, message: str, status: int = 200, action: str | None = None, button: str | None = None):
    if action and hidden_lang():  # the button's answer in the language the link asked for
        action += f"?lang={hidden_lang()}"
    return render_template("subscribe_message.html", title=title, message=message, action=action, button=button,
                           csrf_token=csrf_token()), status


def _form(error: str | None = None, status: int = 200):
    chosen = request.values.get("jurisdiction", "")
    leads = request.form.getlist("leads") if request.method == "POST" else [str(n) for n in subscriptions.DEFAULT_LEADS]
    feed, audience, audience_error = _feed(chosen)
    return render_template("subscribe.html", jurisdictions=_jurisdictions(chosen), chosen=chosen, error=error,
                           q=request.args.get("q", ""), subscribe=feed, audience=audience, audiences=AUDIENCES,
                           audience_error=audience_error, words=speaking(said()),
                           email=request.form.get("email", ""), lead_choices=LEAD_CHOICES, leads=leads,
                           csrf_token=csrf_token()), 400 if audience_error and status == 200 else status


@bp.get("/subscribe")
def form():
    return _form()


@bp.post("/subscribe")
def subscribe():
    _check_csrf()
    w = said()
    try:
        jur = current_app.extensions["registry"].get(request.form.get("jurisdiction", ""))
        if (request.form.get("audience") or None) not in (None, *AUDIENCES):
            raise InputError(w._("Choose one of: {choices}.", choices=", ".join(AUDIENCES)), "audience")
        address = subscriptions.email_address(request.form.get("email", "").strip())
        subscriptions.parse_leads(request.form.getlist("leads") or subscriptions.DEFAULT_LEADS)
        wait = address_wait(address)
        if wait:
            page = _page(w._("Please wait"), w._("A confirmation email went to {address} a short while ago: check your "
                                                 "inbox (and spam folder), or try again later.", address=address), 429)
            return *page, {"Retry-After": str(wait)}
        with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
            sub = commands.subscribe(s, jur, channel="email", target=address, lang=lang(),
                                       leads=request.form.getlist("leads") or [str(n) for n in subscriptions.DEFAULT_LEADS],
                                       audience=request.form.get("audience") or None)
            queue_confirmation(s, sub, jur, Settings.from_env(base_url=base_url()), now())
    except InputError as exc:  # an unknown id in people's words (never the command line's hint)
        return _form(unknown_words(request.form.get("jurisdiction", "")) if exc.code in UNKNOWN_JURISDICTION
                     else w.error(exc), 422)
    wake.notify(_db())
    return _page(w._("Check your email"), w._("We sent a confirmation link to {address}. "
                                            "Reminders for {place} start once you confirm.", address=sub.target,
                                            place=jur.name))


@bp.errorhandler(RateLimitExceeded)
def _too_many(exc: RateLimitExceeded):
    """429 as a page; Flask-Limiter adds Retry-After."""
    return _page(said()._("Please wait"), said()._("Too many requests: {why}.", why=exc.description), 429)


@bp.get("/subscribe/confirm/<token>")
def confirm_form(token: str):
    secret_page()
    w = said()
    return _page(w._("Confirm your reminders"), w._("Press the button to start email reminders."),
                 action=request.path, button=w._("Confirm"))


@bp.post("/subscribe/confirm/<token>")
def confirm(token: str):
    secret_page()
    _check_csrf()
    with Session(writer(_db()), expire_on_commit=False) as s, s.begin():
        sub = subscriptions.confirm(s, token)
    w = said()
    if sub is None:
        return _page(w._("Link not valid"), w._("This confirmation link is used up or unknown."), 404)
    try:
        replan(_db(), current_app.extensions["registry"], sub.jurisdiction_id, now=now(), settings=Settings.from_env())
    except Exception:  # the scheduler's next tick plans it
        log.exception("planning after confirmation failed")
    wake.notify(_db())
    return _page(w._("Reminders confirmed"), w._("Reminders will go to {address}. Every message has an unsubscribe link.",
                                              address=sub.target))


@bp.get("/unsubscribe/<token>")
def unsubscribe_form(token: str):
    secret_page()
    w = said()
    return _page(w._("Unsubscribe"), w._("Press the button to stop these reminders."), action=request.path,
                 button=w._("Unsubscribe"))


@bp.post("/unsubscribe/<token>")
def unsubscribe(token: str):
    """One click, no CSRF token: the unguessable token in the link is the
    authority (RFC 8058 clients post without cookies)."""
    w = said()
    with Session(writer(_db())) as s, s.begin():
        sub = subscriptions.by_unsubscribe_token(s, token)
        if sub is None:
            return _page(w._("Link not valid"), w._("This unsubscribe link is unknown."), 404)
        subscriptions.unsubscribe(s, sub)
    return _page(w._("Unsubscribed"), w._("You will get no more reminders from this subscription."))
