"""The lookup form at ``/``: a plain GET form (no JavaScript needed) and a
results table; bad input is answered beside its field with HTTP 400."""
from __future__ import annotations

from datetime import date, datetime

from flask import Blueprint, render_template, request, url_for

from deadlines.core import inputs
from deadlines.core.elections import next_election
from deadlines.core.errors import InputError
from deadlines.core.model import AUDIENCES, Deadline, Jurisdiction, Moment
from deadlines.core.moments import day_of, say_clock, say_day
from deadlines.service import lookup

from web import form_records
from web.common import read_query, registry, records, today_in
from web.feeds import empty_feed_words

bp = Blueprint("form", __name__)
FORM_FIELDS = ("jurisdiction", "for", "prefilled", "audience", "print")


def when(moment: Moment) -> str:
    """"4:00 p.m., Tuesday, April 21, 2026 (EDT)" (the hour first, as the law
    says it) or the day alone."""
    if isinstance(moment, datetime):
        return f"{say_clock(moment.timetz())}, {say_day(moment.date())} ({moment.tzname()})"
    return say_day(moment)


def days_left(d: Deadline, today: date) -> str:
    n = (day_of(d.safe_due) - today).days
    return "today" if n == 0 else f"{n} day{'s' if n != 1 else ''}" if n > 0 else f"passed {-n} day{'s' if n != -1 else ''} ago"


def _subscribe(jid: str, audience: str | None) -> dict:
    https = url_for("feeds.jurisdiction_feed", jid=jid, audience=audience, _external=True)
    return {"https": https, "webcal": "webcal://" + https.split("://", 1)[1]}


def _compute(jur: Jurisdiction, args, errors: dict):
    """The result for the submitted form, or None (with ``errors`` filled)."""
    audience = args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        errors["audience"] = f"Choose one of: {', '.join(AUDIENCES)}."
    try:
        inputs.known_fields(jur, {k: v for k, v in args.items() if v}, also=FORM_FIELDS)
        query = read_query(jur, args)
        result = lookup(jur, today=today_in(jur.timezone), records=records(), **query)
    except InputError as exc:
        errors[exc.field if exc.field in (*jur.triggers, "election", "primary") else "form"] = str(exc)
        return None
    return None if errors else result


@bp.get("/")
def index():
    reg = registry()
    jurisdictions = reg.all()
    args = request.args.to_dict()
    errors: dict[str, str] = {}
    jid = args.get("jurisdiction") or jurisdictions[0].id
    try:
        jur = reg.get(jid)
    except InputError as exc:
        errors["jurisdiction"] = str(exc)
        jur = None
    notices: list[str] = []
    if jur is not None and args.get("for") not in (None, jid):  # a new jurisdiction: keep what it has too
        args, notices = form_records.carry_over(jur, args)
    result = None
    if jur is not None:
        today = today_in(jur.timezone)
        if not args.get("election"):
            args["election"] = args["prefilled"] = next_election(jur.elections["general"], today).isoformat()
        if "jurisdiction" in request.args:
            result = _compute(jur, args, errors)
    audience = args.get("audience") or None
    rows = [] if result is None else [d for d in result.deadlines if not audience or audience in d.audience]
    extra = {} if result is None else {
        "links": form_records.calendar_links(jur, result, today), "cases": form_records.open_cases(result),
        "clerk": form_records.recorded_by_clerk(jur.id), "empty": empty_feed_words(jur),
    }
    return render_template(
        "form.html", jurisdictions=jurisdictions, jur=jur, args=args, errors=errors, result=result, rows=rows,
        notices=notices, audiences=AUDIENCES, today=today if jur else None, when=when, days_left=days_left,
        subscribe=_subscribe(jur.id, audience) if jur else None, printing=bool(args.get("print")), **extra,
    ), 400 if errors else 200
