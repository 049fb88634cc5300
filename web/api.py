"""The JSON API, ``/api/v1``: jurisdictions, their law, and computed deadlines
(the JSON of ``deadlines compute --json``). Errors are RFC 9457 problems."""
from __future__ import annotations

from datetime import date

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

from deadlines.core.counting import WEEKDAYS
from deadlines.core.elections import describe_rule, next_election
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.facts import in_force
from deadlines.core.holiday_law import business_calendar, closures_in
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.places import Place
from deadlines.publish.as_json import result_dict
from deadlines.service import lookup
from deadlines.words import DEFAULT, LANGUAGES, words

from web import site, where
from web.common import check_state, examples, once_per_change, read_query, registry, records, safe_args, today_in
from web.openapi import document
from web.problems import input_problem, problem

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.register_error_handler(InputError, input_problem)


@bp.app_errorhandler(HTTPException)
def http_problem(exc: HTTPException):
    """Routing errors under /api and /calendars as problems; elsewhere a 404 is
    the site's own page (:func:`web.site.not_found`), any other as usual."""
    if request.path.startswith(("/api/", "/calendars/")):
        resp = problem(exc.code or 500, exc.description or "")
        resp.headers.extend((k, v) for k, v in exc.get_headers() if k.lower() != "content-type")  # e.g. Allow
        return resp
    if exc.code == 404:
        return site.not_found()
    return exc


def _links(jid: str) -> dict:
    return {
        "self": url_for("api.jurisdiction", jid=jid),
        "page": url_for("form.index", jurisdiction=jid),
        "deadlines": url_for("api.deadlines", jid=jid),
        "calendar": url_for("feeds.jurisdiction_feed", jid=jid),
    }


PLACE_PARAMS = ("q", "state", "kind", "county", "ocd_id", "lat", "lon", "include", "limit", "cursor")
#: ``include``: what the default listing leaves out (the example calendars, :func:`web.common.examples`).
PLACE_INCLUDES = ("examples",)
MAX_PLACES, DEFAULT_PLACES = 1000, 100


def place_dict(p: Place) -> dict:
    return {"id": p.id, "ocd_id": p.ocd_id, "name": p.name, "kind": p.kind, "state": p.state, "county": p.county,
            "counties": list(p.counties), "timezone": p.timezone, "links": _links(p.id),
            **{k: v for k, v in (("subtype", p.subtype), ("website", p.website), ("lgid", p.lgid)) if v}}


@bp.get("/jurisdictions")
def jurisdictions() -> Response:
    """The governments matching ``q`` (words of the name, kind or county),
    ``state``, ``kind``, ``county`` and ``ocd_id``, best first, in pages of
    ``limit`` (100, at most 1,000) with ``cursor``/``next`` (the example
    calendars only with ``include=examples``); or, given
    ``lat`` and ``lon``, the governments of that point, each with ``where``
    (:mod:`web.where`). Where ``q`` finds nothing, ``suggested`` holds the
    governments whose names are nearest it ("denvr": the City and County of
    Denver), as the page suggests them; else it is empty."""
    args = request.args
    unknown = sorted(set(args) - set(PLACE_PARAMS))
    if unknown:
        raise InputError.of("query.unknown", unknown[0], allowed=", ".join(PLACE_PARAMS))
    limit = inputs.whole_number(args.get("limit"), "limit", 1, MAX_PLACES, DEFAULT_PLACES)
    first = inputs.offset_cursor(args.get("cursor"))
    kind = args.get("kind") or None
    if kind is not None and kind not in GOVERNMENT_KINDS:
        raise InputError.of("filter.kind", "kind", allowed=", ".join(GOVERNMENT_KINDS))
    state = check_state(args.get("state"))
    include = args.get("include") or None
    if include is not None and include not in PLACE_INCLUDES:
        raise InputError.of("include.examples", "include", got=repr(include))
    at, suggested = inputs.point(args), []
    if at is not None:
        found = where.governments_at(*at, state=state, kind=kind, county=args.get("county") or None)
        items = [{**place_dict(p), "where": w} for p, w in found[first:first + limit]]
    else:
        filters = {"state": state, "kind": kind, "county": args.get("county") or None,
                   "leave_out": frozenset() if include == "examples" else examples()}
        found = registry().places().search(args.get("q"), ocd_id=args.get("ocd_id") or None, **filters)
        items = [place_dict(p) for p in found[first:first + limit]]
        if not found and args.get("q") and not args.get("ocd_id"):  # "denvr": the nearest names, as the page offers
            suggested = [place_dict(p) for p in registry().places().near(args.get("q"), **filters)]
    more = first + limit < len(found)
    query = {k: v for k, v in safe_args().items() if k != "cursor"}  # never url_for's own arguments
    return jsonify({
        "items": items, "total": len(found),
        "next": url_for("api.jurisdictions", **query, cursor=inputs.make_offset_cursor(first + limit)) if more else None,
        "suggested": suggested,
    })


def _rules(jur: Jurisdiction) -> list[dict]:
    return [
        {"id": r.id, "title": r.title, "kind": r.kind, "audience": list(r.audience), "effective": _iso(r.effective),
         "citation": r.cite, "text": r.text}
        for rid in jur.order for r in jur.rules[rid]
    ]


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


@bp.get("/jurisdictions/<jid>")
def jurisdiction(jid: str) -> Response:
    own = registry().get(jid)
    today = today_in(own.timezone)
    stored = records().recorded(jid)
    jur = stored.office(own, today)  # with the office hours (today's) and closures a clerk recorded
    office = in_force([f for f in (*own.facts, *stored.facts) if f.fact == "filing_office"], today).get("filing_office")
    law = jur.holidays
    closed = business_calendar(law, today.year, today.year + 1).closed
    closures = {**closures_in(law, today.year), **closures_in(law, today.year + 1)}
    hours = jur.office_hours
    return jsonify({
        "id": jur.id, "name": jur.name, "timezone": jur.timezone, "source": jur.source, "links": _links(jur.id),
        "ocd_id": jur.ocd_id, "kind": jur.kind, "state": jur.state, "county": jur.county,
        "counties": list(jur.counties), "caveats": list(jur.caveats),
        "time_law": {"roll": jur.time_law.roll, "cite": jur.time_law.cite, "text": jur.time_law.text},
        "office_hours": None if hours is None else {
            "open": hours.open.isoformat("minutes"), "close": hours.close.isoformat("minutes"), "cite": hours.cite,
            "days": [WEEKDAYS[d] for d in hours.days],
            "other": [{"day": WEEKDAYS[d], "open": o.isoformat("minutes"), "close": c.isoformat("minutes")}
                      for d, o, c in hours.other]},
        "filing_office": None if office is None else {
            "value": office.value, "by": office.by, "source": office.source, "quote": office.quote,
            "as_of": _iso(office.as_of)},
        "elections": [
            {"name": e.name, "title": e.title, "rule": words(DEFAULT).note(describe_rule(e)), "cite": e.cite,
             "next": next_election(e, today).isoformat()}
            for e in jur.elections.values()
        ],
        "triggers": [{"name": t.name, "title": t.title, "type": t.type, "cite": t.cite} for t in jur.triggers.values()],
        "rules": _rules(jur),
        "holidays": {
            "cite": law.cite, "url": law.url, "read": _iso(law.read), "covers_from": law.first_year,
            "closed": [{"date": d.isoformat(), "name": name} for d, name in sorted(closed.items())],
            "office_closures": [{"date": d.isoformat(), "name": name, "cite": cite}
                                for d, (name, cite) in sorted(closures.items())],
        },
    })


@bp.get("/jurisdictions/<jid>/deadlines")
def deadlines(jid: str) -> Response:
    """The cycle's deadlines as ``deadlines compute --json``; ``lang`` (only as
    asked in the query: an integrator's output does not change with a
    browser's ``Accept-Language``) is the language of the rendered steps,
    warnings and ends beside the notes, which are the same facts in every language."""
    asked = request.args.get("lang", DEFAULT)
    if asked not in LANGUAGES:
        raise InputError.of("filter.lang", "lang", allowed=", ".join(LANGUAGES))

    def render(jur) -> bytes:
        inputs.known_fields(jur, request.args, also=("lang",))
        result = lookup(jur, today=today_in(jur.timezone), records=records(), **read_query(jur, request.args))
        return jsonify(result_dict(result, words(asked))).get_data()

    resp = Response(once_per_change(jid, "api", render), mimetype="application/json")
    resp.headers["Content-Language"] = asked
    return resp


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document(registry().all()))
