"""``/clerk/request?jurisdiction=<id>``: a clerk asks for the desk of their
government (name, email, role; a CSRF-protected form, as the desk's are:
Flask-WTF's token in ``csrf_token``), in English and Spanish.

An address on the government's own domain (:mod:`deadlines.domains`, against
the roster's website) gets its sign-in link at once; any other waits for the
operator (``deadlines clerk requests``, ``approve``, ``deny``;
:mod:`deadlines.store.access`). The answer is the same words whatever
happened (link mailed, waiting, asked too often, an account there or not):
it never says whether an address keeps a desk. Rate-limited per client
(``RATELIMIT_ACCESS_REQUEST``: 429) and per mailbox asked for
(``RATELIMIT_ACCESS_REQUEST_EMAIL``: past it nothing is stored or mailed,
and the answer is the same), :mod:`web.public_writes`.
"""
from __future__ import annotations

import logging

from flask import Blueprint, current_app, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from sqlalchemy.orm import Session

from deadlines.core.errors import CalendarError, InputError
from deadlines.domains import Sites, on_own_domain
from deadlines.publish.words import _
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings
from deadlines.commands import access as access_commands
from deadlines.store import access
from deadlines.store.db import writer
from deadlines.store.tables import AccessRequest

from web.common import registry
from web.desk_session import guard_forms
from web.language import lang, said
from web.limits import address_wait
from web.public_writes import client_key, defaults, wait
from web.security import base_url

log = logging.getLogger(__name__)
bp = Blueprint("clerk_request", __name__, url_prefix="/clerk")


@bp.record_once
def _settings(state) -> None:
    defaults(state.app)


guard_forms(bp)


def _page(title: str, *, jur=None, message: str | None = None, error: str | None = None, status: int = 200,
          headers: dict | None = None):
    form = request.form if request.method == "POST" else {}
    return render_template("clerk_request.html", title=title, jur=jur, message=message, error=error,
                           form=form), status, headers or {}


@bp.errorhandler(CSRFError)
def _csrf_refused(exc: CSRFError):
    w = said()
    return _page(w._("The form was refused"),
                 message=w._("The form expired or was not sent from this site: reload the page and send it again."),
                 status=400)


def _jurisdiction():
    """The government asked for (an id or an Open Civic Data id), or None."""
    key = request.values.get("jurisdiction", "")
    try:
        return registry().get(key) if key else None
    except (InputError, CalendarError):
        return None


def _unknown():
    w = said()
    key = request.values.get("jurisdiction", "")
    return _page(w._("Unknown government"), status=404,
                 message=w._("No government has the id “{id}”: find yours on the lookup page.", id=key[:100])
                 if key else w._("Choose your government on the lookup page first: its page links here."))


def _title(jur) -> str:
    return said()._("Access to the clerk's desk of {place}", place=jur.name)


@bp.get("/request")
def form():
    jur = _jurisdiction()
    return _page(_title(jur), jur=jur) if jur is not None else _unknown()


def own_sites() -> Sites:
    """How many governments' websites use each host and domain (once per roster change)."""
    places = registry().places()
    kept = current_app.extensions.get("own_sites")
    if kept is None or kept[0] is not places:
        kept = (places, Sites.of(p.website for p in places.by_id.values()))
        current_app.extensions["own_sites"] = kept
    return kept[1]


#: What the form says of each field at fault (in the page's language).
FIELD_WORDS = {
    "name": _("Give your name (at most 200 characters)."),
    "email": _("That is not an email address: check it and send the form again."),
    "role": _("Give your role (at most 200 characters): City Clerk, Deputy Recorder ..."),
}


@bp.post("/request")
def submit():
    jur = _jurisdiction()
    if jur is None:
        return _unknown()
    w = said()
    waited = wait("RATELIMIT_ACCESS_REQUEST", "access-request")
    if waited:
        return _page(w._("Please wait"), jur=jur, status=429, headers={"Retry-After": str(waited)},
                     message=w._("Too many requests from here a short while ago: try again in a few minutes."))
    try:
        name, address, role = access.check(request.form.get("name"), request.form.get("email"),
                                           request.form.get("role"))
    except InputError as exc:
        return _page(_title(jur), jur=jur, error=w._(FIELD_WORDS.get(exc.field, FIELD_WORDS["email"])), status=422)
    answer = _page(w._("Request received"), jur=jur, message=w._(
        "If this address may act for {place}, a sign-in link is on its way; otherwise an operator reviews the "
        "request.", place=jur.name))
    if address_wait(address, "RATELIMIT_ACCESS_REQUEST_EMAIL", "access-request-email"):
        return answer  # asked for often a short while ago: nothing stored or mailed, the same words
    db = current_app.extensions["records"].db
    with Session(writer(db), expire_on_commit=False) as s, s.begin():
        row_id = access.ask(s, jur.id, name, address, role, client=client_key(), lang=lang()).id
    domain = on_own_domain(address, jur.website, own_sites())
    if domain is not None:
        settings = Settings.from_env(base_url=base_url())
        try:
            with Session(writer(db), expire_on_commit=False) as s, s.begin():
                access_commands.grant_at_once(s, s.get(AccessRequest, row_id), settings, _place_name, domain,
                                     lambda secret: f"{settings.base_url}{url_for('desk.sign_in', secret=secret)}")
        except DeliveryError:  # rolled back: the request waits for the operator
            log.exception("the sign-in link of access request %s was not sent", row_id)
    return answer


def _place_name(jid: str) -> str:
    try:
        return registry().get(jid).name
    except (InputError, CalendarError):
        return jid

