"""The OpenAPI 3.1 description of ``/api/v1``, generated: every body and
answer is a model of :mod:`web.schemas` (``components.schemas`` is their
JSON Schema), the paths and parameters are declared here once, and the
trigger-event query parameters are read from the registry (the ones the
server reads).

Two parts: the public read routes (:mod:`web.api`, :mod:`web.bulk`) and the
clerk's write API (:mod:`web.openapi_clerk`). Every error of both is an
RFC 9457 problem (``application/problem+json``, with ``field`` naming the
input at fault where there is one). The HTML sign-up and unsubscribe pages of
:mod:`web.subscriptions` are not part of this API (form posts with CSRF, HTML
answers)."""
from __future__ import annotations

from deadlines.core import inputs
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.model import AUDIENCES
from deadlines.words import DEFAULT, LANGUAGES
from web.openapi_clerk import JID, clerk_paths
from web.openapi_reports import report_paths
from web.openapi_common import DAY, MAX_CONTENT, STR, answer, example, problem  # MAX_CONTENT: read by create_app and serve
from web.schemas import components
from web.schemas.law import Jurisdiction as JurisdictionBody, Places
from web.schemas.results import Listing, Result

DATE = {"type": "string", "format": "date"}
DEGREES = inputs.DEGREES.pattern  # as the server reads lat and lon
INPUT_DATE = {"anyOf": [{**DATE, "pattern": f"^{DAY}$"}, {"const": ""}]}  # empty: not given
EVENT = {"date": INPUT_DATE,
         "instant": {"anyOf": [{"type": "string", "pattern": f"^{DAY}T([01][0-9]|2[0-3]):[0-5][0-9]$"}, {"const": ""}]}}


def _query(name: str, schema: dict, description: str, required: bool = False) -> dict:
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


STATE_400 = ("; a state whose governments this service does not know (it knows Colorado, Michigan and Utah) is a "
             "400 naming `state`, as an unknown `kind` is")


def _place_filters(state: str) -> list[dict]:
    """``state``, ``county`` and ``kind``: which governments."""
    return [
        _query("state", {"type": "string", "pattern": "^[A-Za-z]{2}$"}, state + STATE_400),
        _query("county", STR, "Only governments lying (partly) in this county (without 'County')"),
        _query("kind", {"enum": list(GOVERNMENT_KINDS)}, "Only this kind of government"),
    ]


def _paging(per_page: str) -> list[dict]:
    """``cursor`` and ``limit``: pages of a listing."""
    return [
        _query("cursor", STR, "The `cursor` (or the `next` link) of the previous page"),
        _query("limit", {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}, per_page),
    ]


def _date_param(name: str, what: str) -> dict:
    return _query(name, INPUT_DATE,
                  f"{what} (YYYY-MM-DD, 2000-01-01 to 2099-12-31); default (or empty): the next by rule")


def _event_params(jurisdictions: list[Jurisdiction]) -> list[dict]:
    """One query parameter per trigger event any jurisdiction has."""
    triggers: dict[str, tuple[str, list[str]]] = {}
    for jur in jurisdictions:
        for t in jur.triggers.values():
            triggers.setdefault(t.name, (t.type, []))[1].append(jur.id)
    return [
        _query(name, EVENT[kind],
               f"Trigger event {'date and time, local (YYYY-MM-DDTHH:MM)' if kind == 'instant' else 'date'}. "
               f"Only for: {', '.join(ids[:12])}{f' and {len(ids) - 12:,} more' if len(ids) > 12 else ''} "
               f"(elsewhere a 400).")
        for name, (kind, ids) in sorted(triggers.items())
    ]


BAD = problem("Bad input (the field is named)")
UNKNOWN = problem("Unknown jurisdiction: `suggestions` lists the known ids nearest the one asked (the detail says "
                  "them: \"did you mean ...?\")")
LISTING = ("A deadline is listed when its safe_due (the date to act by) falls from `from` to `to` on its "
           "jurisdiction's calendar (`edge`: closing), and a window also when its start does (`edge`: opening). "
           "Sorted by that day, then the instant (all-day last), jurisdiction, cycle and id. Each `deadline` is "
           "the JSON of /api/v1/jurisdictions/{jid}/deadlines. Deadlines waiting for a trigger event are not "
           "listed until it is recorded; cancelled ones only with `include=cancelled`. The answer is the envelope of "
           "every list: `items`, `total` and `next` (the next page's link); `deadlines` and `cursor`, this listing's "
           "keys before it, are kept for one release and deprecated.")


def public_paths(jurisdictions: list[Jurisdiction]) -> dict:
    return {
        "/api/v1/jurisdictions": {"get": {
            "operationId": "listJurisdictions", "tags": ["public"],
            "summary": "Find governments: by name words (q), state, kind, county, Open Civic Data id, or a point "
                       "(lat, lon)",
            "parameters": [
                _query("q", STR, "Words that begin words of the name, kind or county (ypsilanti, weld township)"),
                *_place_filters("Postal code (MI)"),
                _query("ocd_id", STR, "Open Civic Data division id"),
                _query("lat", {"type": "string", "pattern": DEGREES},
                       "Latitude in degrees (-90 to 90; WGS84, e.g. 42.2411), with `lon`: the governments of that "
                       "point, those whose loaded boundary holds it first (`where`: `inside`), then those of its "
                       "county that have no boundary loaded (`where`: `may`); not with `q` or `ocd_id`; "
                       "`state`, `kind` and `county` narrow it"),
                _query("lon", {"type": "string", "pattern": DEGREES},
                       "Longitude in degrees (-180 to 180; WGS84, e.g. -83.6130), with `lat`"),
                _query("include", {"enum": ["examples"]},
                       "`examples`: list too the example calendars kept for tests and illustrations (the fictional "
                       "`model-city`), which the default listing leaves out; each is served by its id either way"),
                *_paging("Governments per page"),
            ],
            "responses": {
                "200": answer(Places, "The matching governments, best first", example("listJurisdictions", "200")),
                "400": problem(BAD["description"], example("listJurisdictions", "400"))},
        }},
        "/api/v1/jurisdictions/{jid}": {"get": {
            "operationId": "getJurisdiction", "summary": "Rules, elections and holidays in force", "tags": ["public"],
            "parameters": [JID],
            "responses": {"200": answer(JurisdictionBody, "The jurisdiction"), "404": UNKNOWN},
        }},
        "/api/v1/jurisdictions/{jid}/deadlines": {"get": {
            "operationId": "getDeadlines", "summary": "Deadlines of one election cycle (as `deadlines compute --json`)",
            "tags": ["public"],
            "parameters": [JID, _date_param("election", "General election date"),
                           _date_param("primary", "Primary election date"), *_event_params(jurisdictions),
                           _query("lang", {"enum": list(LANGUAGES), "default": DEFAULT},
                                  "Language of the rendered `steps`, `warnings`, `ends` and dates' words (quoted law "
                                  "and citations stay in English); `notes` are the same facts in every language")],
            "x-parameters-by-jurisdiction": {
                jur.id: ["election", *(["primary"] if "primary" in jur.elections else []), *sorted(jur.triggers),
                         "lang"]
                for jur in jurisdictions},
            "responses": {"200": answer(Result, "The computed deadlines", example("getDeadlines", "200")),
                          "400": BAD, "404": problem(UNKNOWN["description"], example("getDeadlines", "404"))},
        }},
        "/api/v1/deadlines": {"get": {
            "operationId": "listDeadlines", "tags": ["public"],
            "summary": "Every deadline of every jurisdiction to act on in a range, by date (paginated)",
            "description": LISTING,
            "parameters": [
                _query("from", {**DATE, "pattern": f"^{DAY}$"}, "First day of the range (YYYY-MM-DD)", True),
                _query("to", {**DATE, "pattern": f"^{DAY}$"},
                       "Last day of the range (YYYY-MM-DD), at most 731 days after `from`", True),
                *_place_filters("Only jurisdictions under this US state's law (postal code, e.g. MI)"),
                _query("audience", {"enum": list(AUDIENCES)}, "Only deadlines for this audience"),
                _query("include", {"enum": ["cancelled"]},
                       "`cancelled`: list too the deadlines a clerk cancelled or deleted (status `cancelled`), "
                       "which the default listing leaves out"),
                *_paging("Deadlines per page"),
            ],
            "responses": {"200": answer(Listing, "One page of the listing", example("listDeadlines", "200")),
                          "400": BAD},
        }},
    }


def document(jurisdictions: list[Jurisdiction]) -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Election deadline service", "version": "1.0.0",
                 "description": "Deadlines derived from election law, with citations, counting steps and readings. "
                                "The reference rendered from this document: /api/v1/docs."},
        "tags": [{"name": "public", "description": "Reading the law and the deadlines: no token"},
                 {"name": "clerk", "description": "The clerk's records of one jurisdiction: its clerk token"},
                 {"name": "reports", "description": "Anyone's report of a date the government published: no token"}],
        "paths": {**public_paths(jurisdictions), **clerk_paths(), **report_paths()},
        "components": {
            "schemas": components(),
            "securitySchemes": {"bearerAuth": {
                "type": "http", "scheme": "bearer",
                "description": "A clerk token for the jurisdiction in the path (`deadlines token create ID`)"}},
        },
    }
