"""``/jurisdictions/<id>/report?deadline=<id>&election=<cycle>``: a page of its
own, linked from each deadline row of the lookup page, where anyone tells the
service "the government published another date" without JavaScript: the date
(and the hour, where the notice names one), the link, the words quoted and an
optional email, a CSRF-protected form (Flask-WTF's token in ``csrf_token``,
as the clerk's access request's), in English and Spanish.

It is the public reports API's write (``POST
/api/v1/jurisdictions/<id>/reports``, :mod:`web.reports`): the same checks
(:func:`deadlines.store.reports.receive`), the same rate limit per client
(``RATELIMIT_REPORTS``, counted together: 429 with Retry-After), answered 202
with the report's number. The page says that nothing changes until the clerk
or an operator accepts the report.
"""
from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from flask import Blueprint, current_app, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.core.errors import CalendarError, InputError
from deadlines.publish.speaking import speaking
from deadlines.service import lookup
from deadlines.store import reports
from deadlines.store.db import writer

from web.common import nearest_places, records, registry, suggestion_links, today_in
from web.desk_session import guard_forms
from web.language import said
from web.public_writes import client_key, defaults, wait

bp = Blueprint("report_page", __name__)
#: The form's fields, as the report's body names them (the date and hour typed apart are ``due``).
FIELDS = ("due", "source", "quote", "email")


@bp.record_once
def _settings(state) -> None:
    defaults(state.app)


guard_forms(bp)


def _page(status: int = 200, headers: dict | None = None, **values):
    form = request.form if request.method == "POST" else {}
    values.setdefault("errors", {})
    return render_template("report.html", form=form, **values), status, headers or {}


@bp.errorhandler(CSRFError)
def _csrf_refused(exc: CSRFError):
    w = said()
    return _page(400, title=w._("The form was refused"), jur=None,
                 message=w._("The form expired or was not sent from this site: reload the page and send it again."))


def _what(jid: str):
    """The jurisdiction, the deadline and the cycle asked for, with what the
    page says of them; or the page that says why there is none (a 404 for an
    unknown government, a 400 for a deadline or election it does not have)."""
    w = said()
    try:
        jur = registry().get(jid)
    except (InputError, CalendarError):
        suggested = suggestion_links([(url_for("form.index", jurisdiction=p.id), p.name) for p in nearest_places(jid)])
        return None, _page(404, title=w._("Unknown government"), jur=None, suggested=suggested,
                           message=w._("No government has the id “{id}”: find yours on the lookup page.", id=jid[:100]))
    deadline = request.values.get("deadline", "")
    try:
        if deadline not in jur.rules:
            raise InputError.of("deadline.unknown", "deadline", jurisdiction=jur.id, name=repr(deadline[:100]),
                                known=", ".join(jur.order))
        cycle = inputs.cycle(jur, request.values.get("election") or None, "election")
    except InputError as exc:
        return None, _page(400, title=w._("Report a date the government published"), jur=jur, message=w.error(exc))
    words = speaking(w)
    shown = None
    try:
        result = lookup(jur, today=today_in(jur.timezone), records=records(), election=cycle)
        shown = next((d for d in result.deadlines if d.id == deadline and not d.case), None)
    except InputError:  # counted from an event not recorded: the rule's title alone
        pass
    title = words.w.title(shown) if shown is not None else words.w.calendar(jur.rules[deadline][-1].title)
    return (jur, deadline, cycle), {"jur": jur, "deadline": deadline, "cycle": cycle, "deadline_title": title,
                                    "shown": words.act_by(shown) if shown is not None else None,
                                    "election_words": words.when(cycle),
                                    "title": w._("Report a date {place} published", place=jur.name)}


@bp.get("/jurisdictions/<jid>/report")
def form(jid: str):
    found, values = _what(jid)
    return values if found is None else _page(**values)


def _due(jur, day: str, hour: str) -> str:
    """The date typed (and the hour, where one is) as the report's ``due``: a
    date, or a date and time with the jurisdiction's UTC offset that day."""
    if not hour:
        return day
    try:
        moment = datetime.combine(date.fromisoformat(day), time.fromisoformat(hour), ZoneInfo(jur.timezone))
    except ValueError:
        raise InputError.of("due.required", "due") from None
    return moment.isoformat()


@bp.post("/jurisdictions/<jid>/report")
def submit(jid: str):
    found, values = _what(jid)
    if found is None:
        return values
    jur, deadline, cycle = found
    w = said()
    waited = wait("RATELIMIT_REPORTS", "reports")  # counted with the API's reports
    if waited:
        return _page(429, {"Retry-After": str(waited)}, **values, message=w._(
            "Too many reports from here a short while ago: try again in a few minutes."))
    f = request.form
    try:
        body = {"deadline": deadline, "election": cycle.isoformat(),
                "due": _due(jur, f.get("due_day", "").strip(), f.get("due_time", "").strip()),
                "source": f.get("source", ""), "quote": f.get("quote", ""), "email": f.get("email", "").strip() or None}
        with Session(writer(current_app.extensions["records"].db), expire_on_commit=False) as s, s.begin():
            row, _ = reports.receive(s, jur, body, client=client_key())
    except InputError as exc:
        field = exc.field if exc.field in FIELDS else "due"
        words = w.error(exc)  # beside its field: without the field's name before it
        words = words[len(f"{exc.field}: "):] if exc.field and words.startswith(f"{exc.field}: ") else words
        return _page(422, **values, errors={field: words[:1].upper() + words[1:]})
    return _page(202, **{**values, "title": w._("Report received")}, message=w._(
        "Thank you: report {number} is stored. Nothing changes on this service until the clerk of {place} or an "
        "operator of this service checks it against the government's notice and accepts it.",
        number=row.id, place=jur.name))
