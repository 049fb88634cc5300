"""The lookup form at ``/``: a plain GET form (no JavaScript needed) and a
results table; bad input is answered beside its field with HTTP 400."""
from __future__ import annotations

from flask import Blueprint, render_template, request

from deadlines.core import inputs
from deadlines.core.elections import next_election
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.model import AUDIENCES, GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.places import KIND_NAMES, place_of
from deadlines.publish import svg, words
from deadlines.service import lookup

from web import form_records, landing
from web.common import read_query, registry, records, today_in, trouble_notices
from web.security import external_url
from web.feeds import empty_feed_words
from web.wording import for_people

bp = Blueprint("form", __name__)
SEARCH_FIELDS = ("q", "state", "kind", "county")
FORM_FIELDS = ("jurisdiction", "for", "prefilled", "audience", "print", *SEARCH_FIELDS)
MATCHES_SHOWN = 50


def _subscribe(jid: str, audience: str | None) -> dict:
    https = external_url("feeds.jurisdiction_feed", jid=jid, audience=audience)
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
        field = exc.field if exc.field in (*jur.triggers, "election", "primary") else "form"
        said = for_people(exc, jur, args.get(field))
        # the service's own words too: the CLI and the APIs say the same mistake in them
        errors[field] = said if str(exc) in said else f"{said} ({exc})"
        return None
    return None if errors else result


def _matches(args: dict) -> tuple[list, int] | None:
    """The place search's matches (the first :data:`MATCHES_SHOWN`) and how
    many there are; None where nothing was searched for."""
    if not any(args.get(f) for f in SEARCH_FIELDS):
        return None
    kind = args.get("kind") or None
    found = registry().places().search(args.get("q"), state=args.get("state") or None,
                   kind=kind if kind in GOVERNMENT_KINDS else None, county=args.get("county") or None)
    return found[:MATCHES_SHOWN], len(found)


@bp.get("/")
def index():
    reg = registry()
    args = request.args.to_dict()
    errors: dict[str, str] = {}
    jid = args.get("jurisdiction")  # none chosen: the landing page, nothing preselected
    searched = _matches(args)
    jur = None
    try:
        jur = reg.get(jid) if jid is not None else None
    except InputError as exc:
        errors["jurisdiction"] = for_people(exc, None, jid)
    except CalendarError:  # logged by the registry; the other jurisdictions still work
        errors["jurisdiction"] = (f"This calendar file has a problem: '{jid}' is not available until it is "
                                  "corrected; please try again later.")
        jur = None
    notices: list[str] = [] if jur is None else trouble_notices(jur)
    if jur is not None and args.get("for") not in (None, jid):  # a new jurisdiction: keep what it has too
        args, carried = form_records.carry_over(jur, args)
        notices += carried
    result = None
    if jur is not None:
        today = today_in(jur.timezone)
        if not args.get("election"):  # none typed (the landing form's date is blank): the next by rule
            args["election"] = args["prefilled"] = next_election(jur.elections["general"], today).isoformat()
        if "jurisdiction" in request.args:
            result = _compute(jur, args, errors)
    audience = args.get("audience") or None
    rows = [] if result is None else [d for d in result.deadlines if not audience or audience in d.audience]
    extra = {} if result is None else {
        "links": form_records.calendar_links(jur, result, today), "cases": form_records.open_cases(result),
        "clerk": form_records.recorded_by_clerk(jur.id), "empty": empty_feed_words(jur),
    }
    choices = landing.featured() + (searched[0] if searched else [])
    if jur is not None and all(p.id != jur.id for p in choices):  # a government found by search or link
        choices = [place_of(jur), *choices]
    return render_template(
        "form.html", choices=choices, matches=searched, jur=jur, args=args, errors=errors, result=result, rows=rows,
        notices=notices, audiences=AUDIENCES, today=today if jur else None, words=words, svg=svg,
        when=words.when, days_left=words.days_left, subscribe=_subscribe(jur.id, audience) if jur else None,
        printing=bool(args.get("print")), landing=landing.overview() if jid is None and not searched else None,
        kind_names=KIND_NAMES, **extra,
    ), 400 if errors else 200
