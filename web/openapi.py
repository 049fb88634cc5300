"""The OpenAPI 3.1 description of ``/api/v1``. Built from the registry, so the
trigger-event query parameters it lists are the ones the server reads.

Two parts: the public read routes (:mod:`web.api`) and the clerk's write API
(:mod:`web.clerk`, a per-jurisdiction bearer token). Every error of both is an
RFC 9457 problem (``application/problem+json``, with ``field`` naming the
input at fault where there is one).
The HTML sign-up and unsubscribe pages of :mod:`web.subscriptions` are not
part of this API (form posts with CSRF, HTML answers)."""
from __future__ import annotations

from deadlines.core import inputs
from deadlines.core.model import AUDIENCES, GOVERNMENT_KINDS, KINDS, STATUSES, Jurisdiction
from deadlines.store.subscriptions import DEFAULT_LEADS

STR, DATE = {"type": "string"}, {"type": "string", "format": "date"}
DAY = r"20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
INPUT_DATE = {"anyOf": [{**DATE, "pattern": f"^{DAY}$"}, {"const": ""}]}  # 2000-2099; empty: not given
EVENT = {"date": INPUT_DATE,
         "instant": {"anyOf": [{"type": "string", "pattern": f"^{DAY}T([01][0-9]|2[0-3]):[0-5][0-9]$"}, {"const": ""}]}}
NSTR = {"type": ["string", "null"]}
MOMENT = {"type": "string", "description": "A date (YYYY-MM-DD, all-day) or an instant with its UTC offset"}
NMOMENT = {**MOMENT, "type": ["string", "null"]}


def _obj(props: dict, required: list[str] | None = None) -> dict:
    return {"type": "object", "properties": props, "required": list(props) if required is None else required}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(item: dict) -> dict:
    return {"type": "array", "items": item}


LINKS = _obj({"self": STR, "page": STR, "deadlines": STR, "calendar": STR})
NKIND = {"enum": [*GOVERNMENT_KINDS, None], "description": "The kind of government"}
PLACE = _obj({
    "id": STR, "ocd_id": {**NSTR, "description": "Open Civic Data division id"}, "name": STR, "kind": NKIND,
    "state": NSTR, "county": {**NSTR, "description": "The principal county, without 'County'"},
    "counties": _array(STR), "timezone": STR, "links": LINKS,
})
PLACES = _obj({
    "items": _array(PLACE), "total": {"type": "integer", "description": "Matches in all (every page)"},
    "next": {**NSTR, "description": "The next page's URL; null on the last"},
})
DEADLINE = _obj({
    "id": STR, "uid": STR, "title": STR, "kind": {"enum": list(KINDS)},
    "audience": _array({"enum": list(AUDIENCES)}), "start": NMOMENT, "statutory_start": NSTR, "due": MOMENT,
    "ends": STR, "safe_due": NMOMENT, "status": {"enum": list(STATUSES)}, "citation": STR, "text": STR,
    "steps": _array(STR),
    "readings": _array(_obj({"name": STR, "roll": STR, "due": MOMENT, "cite": STR, "why": STR,
                             "safe": {"type": "boolean"}})),
    "warnings": _array(STR), "thresholds": _array({"type": "object"}),
    "override": {"type": ["object", "null"]}, "rule_effective": NSTR, "source": STR,
    "citation_url": NSTR, "citation_read": NSTR,
    "case": {**NSTR, "description": "The case of a deadline counted from a trigger event"},
    "changes": _array(STR),
})
RESULT = _obj({
    "jurisdiction": _obj({"id": STR, "name": STR, "timezone": STR}),
    "election": DATE,
    "anchors": {"type": "object", "additionalProperties": _obj({"title": STR, "value": MOMENT, "how": STR})},
    "time_law": _obj({"roll": STR, "cite": STR}),
    "deadlines": _array(_ref("Deadline")),
    "pending": _array(_obj({"id": STR, "waiting_for": _array(STR)})),
    "warnings": _array(STR),
    "moved": {**NSTR, "description": "Moved from X to Y by an authority, when the election is"},
    "cases": _array(_obj({"id": STR, "label": STR, "open": {"type": "boolean"},
                          "events": _array(_obj({"name": STR, "at": MOMENT, "id": NSTR, "cancelled": NSTR})),
                          "deadlines": _array(STR)})),
})
JURISDICTION = _obj({
    "id": STR, "name": STR, "timezone": STR, "source": STR, "links": LINKS,
    "ocd_id": NSTR, "kind": NKIND, "state": NSTR, "county": NSTR, "counties": _array(STR),
    "caveats": _array({**STR, "description": "Said with every result: the whole law shown is a reading"}),
    "time_law": _obj({"roll": STR, "cite": STR, "text": STR}),
    "office_hours": {"oneOf": [{"type": "null"}, _obj({"open": STR, "close": STR, "cite": STR})]},
    "elections": _array(_obj({"name": STR, "title": STR, "rule": STR, "cite": STR, "next": DATE})),
    "triggers": _array(_obj({"name": STR, "title": STR, "type": {"enum": ["date", "instant"]}, "cite": STR})),
    "rules": _array(_obj({"id": STR, "title": STR, "kind": STR, "audience": _array(STR), "effective": NSTR,
                          "citation": STR, "text": STR})),
    "holidays": _obj({"cite": STR, "url": NSTR, "read": NSTR, "covers_from": {"type": "integer"},
                      "closed": _array(_obj({"date": DATE, "name": STR})),
                      "office_closures": _array(_obj({"date": DATE, "name": STR, "cite": STR}))}),
})
LISTING = _obj({
    "from": DATE, "to": DATE, "state": NSTR, "audience": NSTR,
    "total": {"type": "integer", "description": "Deadlines in the whole listing (every page)"},
    "deadlines": _array(_obj({
        "jurisdiction": _obj({"id": STR, "name": STR, "timezone": STR, "state": NSTR, "ocd_id": NSTR,
                              "kind": NKIND, "county": NSTR}),
        "election": DATE, "cycle": DATE,
        "edge": {"type": "string", "enum": ["opening", "closing"],
                 "description": "opening: a window opens (at its start); closing: the date to act by (safe_due)"},
        "at": {**MOMENT, "description": "The window's start for an opening, the safe_due for a closing"},
        "deadline": _ref("Deadline"),
    })),
    "cursor": {**NSTR, "description": "Give as `cursor` for the next page; null on the last"},
    "next": {**NSTR, "description": "The next page's URL; null on the last"},
    "warnings": _array(STR),
})
PROBLEM = _obj({"type": STR, "title": STR, "status": {"type": "integer"}, "detail": STR, "instance": STR,
                "field": STR}, ["title", "status", "detail"])


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _problem(description: str) -> dict:
    return {"description": description, "content": {"application/problem+json": {"schema": _ref("Problem")}}}


def _place_filters(state: str) -> list[dict]:
    """``state``, ``county`` and ``kind``: which governments."""
    return [
        {"name": "state", "in": "query", "required": False, "schema": {"type": "string", "pattern": "^[A-Za-z]{2}$"},
         "description": state},
        {"name": "county", "in": "query", "required": False, "schema": STR,
         "description": "Only governments lying (partly) in this county (without 'County')"},
        {"name": "kind", "in": "query", "required": False, "schema": {"enum": list(GOVERNMENT_KINDS)},
         "description": "Only this kind of government"},
    ]


def _paging(per_page: str) -> list[dict]:
    """``cursor`` and ``limit``: pages of a listing."""
    return [
        {"name": "cursor", "in": "query", "required": False, "schema": STR,
         "description": "The `cursor` (or the `next` link) of the previous page"},
        {"name": "limit", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}, "description": per_page},
    ]


JID = {"name": "jid", "in": "path", "required": True, "schema": STR, "description": "Jurisdiction id",
       "example": "ypsilanti-mi"}


def _date_param(name: str, what: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": INPUT_DATE,
            "description": f"{what} (YYYY-MM-DD, 2000-01-01 to 2099-12-31); default (or empty): the next by rule"}


# --------------------------------------------------------------------------- the clerk's write API (web/clerk.py)

NINT = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}  # SQLite's INTEGER
EVENT_OUT = _obj({"id": {"type": "integer"}, "name": STR, "at": MOMENT, "label": STR,
                  "case": {**NSTR, "description": "The case it belongs to (its deadlines' UIDs carry it)"},
                  "recorded_at": {"type": "string", "description": "When it was recorded (ISO 8601)"},
                  "deleted_at": {**NSTR, "description": "When it was deleted (its deadlines stay, cancelled)"},
                  "deleted_reason": NSTR})
_LABEL = {"type": ["string", "null"], "maxLength": 200}
EVENT_IN = {**_obj({
    "name": {"type": "string", "description": "A trigger event of the jurisdiction (`ordinance-adopted`, "
                                              "`objection-filed`, ...; see `triggers` of the jurisdiction)"},
    "at": {"type": "string", "description": "ISO 8601: a date for a date-type trigger, a date and time for an "
                                            "instant-type one (local time unless an offset is given; an "
                                            "offset is converted to the jurisdiction's zone)"},
    "label": {**_LABEL, "description": "The case's name (\"Ordinance 2027-04\"). Events with the same label "
                                       "are one case; without a label, each occurrence of a trigger is its own case"},
    "reason": {**_LABEL, "description": "Why (kept in the history)"},
}, ["name", "at"]), "example": {"name": "ordinance-adopted", "at": "2026-05-04", "label": "Ordinance 2026-11"}}
ELECTION_OUT = _obj({"cycle": DATE, "general": {**DATE, "type": ["string", "null"]},
                     "primary": {**DATE, "type": ["string", "null"]}, "authority": NSTR, "reason": NSTR})
ELECTION_IN = {"type": "object", "properties": {
    "general": {"type": ["string", "null"], "format": "date", "description": "The date the general election is held"},
    "primary": {"type": ["string", "null"], "format": "date",
                "description": "The date the primary is held (only where the jurisdiction holds one)"},
    "authority": {"type": ["string", "null"], "maxLength": 2000,
                  "description": "What moved the election (said on every surface: moved from X to Y by ...)"},
    "reason": {"type": ["string", "null"], "maxLength": 2000},
}, "description": "At least one of the two dates (422 otherwise)", "example": {"general": "2026-11-10"}}
HISTORY = _obj({"id": {"type": "integer"}, "at": STR, "by": {**STR, "description": "The clerk token's label"},
                "action": STR, "target": STR, "before": {"type": ["object", "null"]},
                "after": {"type": ["object", "null"]}, "authority": STR, "reason": STR})
OVERRIDE_OUT = _obj({"deadline": STR, "election": DATE, "case": NSTR, "status": {"enum": ["overridden", "cancelled"]},
                     "due": NMOMENT, "start": NMOMENT, "authority": STR, "reason": STR})
_TEXT = {"type": "string", "minLength": 1, "maxLength": 2000, "pattern": r"\S"}
OVERRIDE_IN = {**_obj({
    "status": {"enum": ["overridden", "cancelled"], "default": "overridden"},
    "due": {**NMOMENT, "description": "The new due date or instant (ISO 8601); required when overridden"},
    "start": {**NMOMENT, "description": "The new start of a window (ISO 8601)"},
    "authority": {**_TEXT, "description": "What ordered the change (a court order, a proclamation)"},
    "reason": {**_TEXT, "description": "Why"},
    "case": {"type": ["string", "null"], "maxLength": 200,
             "description": "The case (e.g. case-12) whose deadline it replaces, for a deadline counted per case"},
}, ["authority", "reason"]), "example": {"due": "2026-06-01", "authority": "Order of the circuit court",
                                          "reason": "ballot printing delayed"}}
DECISION_OUT = _obj({"choice": STR, "cycle": DATE, "taken": {"type": "boolean"}, "authority": STR,
                     "recorded_at": {"type": "string", "description": "When it was recorded (ISO 8601)"}})
DECISION_IN = {**_obj({
    "taken": {"type": "boolean", "description": "Whether the jurisdiction takes the choice for this cycle"},
    "authority": {**_TEXT, "description": "What decided it (a council resolution, the notice to the lieutenant governor)"},
    "reason": {"type": ["string", "null"], "maxLength": 2000, "description": "Why (kept in the history)"},
}, ["taken", "authority"]), "example": {"taken": True, "authority": "City Council, Resolution 5 of 2019"}}
SUBSCRIPTION = _obj({
    "id": {"type": "integer"}, "channel": {"enum": ["email", "webhook"]}, "target": STR,
    "leads": _array({"type": "integer"}), "notice_lead": {"type": "integer"}, "deadlines": _array(STR),
    "confirmed": {"type": "boolean"}, "active": {"type": "boolean"},
})
SUBSCRIPTION_IN = {**_obj({
    "channel": {"enum": ["email", "webhook"], "description": "email: confirmed by the recipient first (double "
                                                             "opt-in); webhook: active at once"},
    "target": {"type": "string", "maxLength": 2000,
               "description": "An email address, or an http(s) URL that resolves to a public address"},
    "leads": {**_array({"type": "integer", "minimum": 0, "maximum": 365}), "minItems": 1, "maxItems": 10,
              "default": list(DEFAULT_LEADS), "description": "Days before each deadline"},
    "notice_lead": {"type": "integer", "minimum": 1, "maximum": 21, "default": 3,
                    "description": "Days before a notice window closes"},
    "deadlines": {**_array(STR), "default": [], "description": "Deadline ids (empty: all)"},
}, ["channel", "target"]), "example": {"channel": "webhook", "target": "https://example.org/hooks/deadlines"}}


def _clerk_param(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


CYCLE = _clerk_param("cycle", {"type": "string", "format": "date", "minLength": 1},
                     "The cycle: the general election's date by rule (YYYY-MM-DD); any other date is a 422")
CHOICE_ID = _clerk_param("choice", {"type": "string", "minLength": 1},
                         "A choice the law gives the jurisdiction (`[choices.<id>]`, e.g. `ranked-choice`); it must "
                         "be in force for the cycle (422 otherwise)")
DEADLINE_ID = _clerk_param("deadline", {"type": "string", "minLength": 1}, "A deadline id of the jurisdiction")
EVENT_ID = _clerk_param("event_id", NINT, "The recorded event's id")
SUB_ID = _clerk_param("sub_id", NINT, "The subscription's id")
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "schema": {"type": "string", "minLength": 1, "maxLength": 100},
                   "description": "A key of the client's choosing: a retry with the same key and event answers "
                                  "the event recorded the first time (nothing new stored); with another event, 422"}
REASON = {"name": "reason", "in": "query", "required": False, "schema": {"type": "string", "maxLength": 200},
          "description": "Why (kept in the history and said in the cancelled deadlines)"}


def _error(description: str) -> dict:
    return {"description": description, "content": {"application/problem+json": {"schema": _ref("Problem")}}}


def _clerk(op_id: str, summary: str, ok: dict, *, params=(), body: dict | None = None, not_found: str = "") -> dict:
    """One clerk operation with the answers :func:`web.clerk._authenticate` and the handler give."""
    responses = {
        **ok,
        "401": {**_error("No bearer token, or an unknown or revoked one"),
                "headers": {"WWW-Authenticate": {"schema": STR, "description": 'Bearer realm="deadlines"'}}},
        "403": _error("The token is for another jurisdiction"),
        "404": _error("Unknown jurisdiction" + (f", or {not_found}" if not_found else "")),
        "400": _error("A path or query value breaks a limit: " + TEXT_LIMITS),
    }
    op = {"operationId": op_id, "summary": summary, "tags": ["clerk"], "security": [{"bearerAuth": []}],
          "parameters": [JID, *params], "responses": responses}
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}},
                             "description": BODY_LIMITS}
        responses.update({
            "400": _error("The body is not a JSON object, or a value breaks a limit: " + BODY_LIMITS),
            "413": _error(f"Body over {MAX_CONTENT // 1024} KiB"),
            "429": {**_error("Too many writes with this token (RATELIMIT_CLERK_WRITES)"),
                    "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait"}}},
            "415": _error("The body is not JSON (Content-Type: application/json)"),
            "422": _error("Invalid for this jurisdiction's calendar file (the field is named); nothing stored"),
        })
    elif any(p["name"] == "cycle" for p in params):
        responses["422"] = _error("The cycle is not a general election of the jurisdiction by rule"
                                  + (", or the choice is unknown or not in force for it"
                                     if any(p["name"] == "choice" for p in params) else ""))
    return op


MAX_CONTENT = 16 * 1024  # web.create_app's MAX_CONTENT_LENGTH
TEXT_LIMITS = (f"strings of at most {inputs.MAX_TEXT} characters without NUL, other control characters (tab and "
               f"line breaks aside) or lone surrogates")
BODY_LIMITS = (f"at most {MAX_CONTENT // 1024} KiB; {TEXT_LIMITS}; at most {inputs.MAX_ITEMS} items per list or "
               f"object; nesting at most {inputs.MAX_DEPTH} deep")


def _gone(what: str) -> dict:
    return {"204": {"description": f"{what} deleted"}}


def clerk_paths() -> dict:
    base = "/api/v1/jurisdictions/{jid}"
    return {
        f"{base}/events": {
            "get": _clerk("listEvents", "Recorded trigger events", {"200": _json(_array(_ref("Event")), "The events")}),
            "post": _clerk("recordEvent", "Record a trigger event", {"201": _json(_ref("Event"), "Recorded")},
                           params=[IDEMPOTENCY_KEY], body=EVENT_IN),
        },
        f"{base}/events/{{event_id}}": {
            "put": _clerk("changeEvent", "Change a recorded trigger event", {"200": _json(_ref("Event"), "Changed")},
                          params=[EVENT_ID], body=EVENT_IN, not_found="no such event"),
            "delete": _clerk("deleteEvent", "Delete a recorded trigger event (its deadlines stay in the feeds, "
                             "cancelled; `?reason=` is kept in the history)", _gone("Event"),
                             params=[EVENT_ID, REASON], not_found="no such event"),
        },
        f"{base}/history": {
            "get": _clerk("listHistory", "Every clerk write, newest first: who (the token's label), when, "
                          "before and after, authority and reason",
                          {"200": _json(_array(_ref("HistoryEntry")), "The history")}),
        },
        f"{base}/elections": {
            "get": _clerk("listElections", "Election dates entered by the clerk",
                          {"200": _json(_array(_ref("ElectionEntry")), "The entries")}),
        },
        f"{base}/elections/{{cycle}}": {
            "put": _clerk("putElection", "Enter the dates an election cycle is held on (a moved election)",
                          {"200": _json(_ref("ElectionEntry"), "Entered")}, params=[CYCLE], body=ELECTION_IN),
            "delete": _clerk("deleteElection", "Delete the entered dates of a cycle", _gone("Entry"), params=[CYCLE],
                             not_found="no dates entered for the cycle"),
        },
        f"{base}/overrides": {
            "get": _clerk("listOverrides", "Overrides (court orders, proclamations)",
                          {"200": _json(_array(_ref("Override")), "The overrides")}),
        },
        f"{base}/overrides/{{cycle}}/{{deadline}}": {
            "put": _clerk("putOverride", "Override or cancel one deadline of a cycle",
                          {"200": _json(_ref("Override"), "Stored"),
                           "409": _error("The deadline is counted per case and the cycle has no single open case: "
                                         "name one (`cases` lists them); nothing stored")},
                          params=[CYCLE, DEADLINE_ID], body=OVERRIDE_IN),
            "delete": _clerk("deleteOverride", "Delete an override", _gone("Override"), params=[CYCLE, DEADLINE_ID],
                             not_found="no such override"),
        },
        f"{base}/decisions": {
            "get": _clerk("listDecisions", "Decisions recorded by the clerk on choices the law gives per cycle",
                          {"200": _json(_array(_ref("Decision")), "The decisions")}),
        },
        f"{base}/decisions/{{cycle}}/{{choice}}": {
            "put": _clerk("putDecision", "Record whether the jurisdiction takes a choice the law gives for a cycle "
                          "(it wins over the calendar file's)",
                          {"200": _json(_ref("Decision"), "Replaced"), "201": _json(_ref("Decision"), "Recorded")},
                          params=[CYCLE, CHOICE_ID], body=DECISION_IN),
            "delete": _clerk("deleteDecision", "Delete the clerk's decision (the calendar file's applies again, or "
                             "none: both periods shown as readings; `?reason=` is kept in the history)",
                             _gone("Decision"), params=[CYCLE, CHOICE_ID, REASON], not_found="no such decision"),
        },
        f"{base}/subscriptions": {
            "get": _clerk("listSubscriptions", "Reminder subscriptions (email and webhook)",
                          {"200": _json(_array(_ref("Subscription")), "The subscriptions, unsubscribed ones too")}),
            "post": _clerk("addSubscription", "Subscribe an email address (double opt-in) or a webhook", {
                "201": _json({"allOf": [_ref("Subscription"), _obj({"secret": NSTR})]},
                             "Created; a webhook's HMAC secret is shown once (null for email)")},
                body=SUBSCRIPTION_IN),
        },
        f"{base}/subscriptions/{{sub_id}}": {
            "delete": _clerk("deleteSubscription", "Unsubscribe (pending reminders are cancelled)",
                             _gone("Subscription"), params=[SUB_ID], not_found="no such subscription"),
        },
    }


def document(jurisdictions: list[Jurisdiction]) -> dict:
    triggers: dict[str, tuple[str, list[str]]] = {}
    for jur in jurisdictions:
        for t in jur.triggers.values():
            triggers.setdefault(t.name, (t.type, []))[1].append(jur.id)
    event_params = [
        {"name": name, "in": "query", "required": False, "schema": EVENT[kind],
         "description": f"Trigger event {'date and time, local (YYYY-MM-DDTHH:MM)' if kind == 'instant' else 'date'}. "
                        f"Only for: {', '.join(ids[:12])}{f' and {len(ids) - 12:,} more' if len(ids) > 12 else ''} "
                        f"(elsewhere a 400)."}
        for name, (kind, ids) in sorted(triggers.items())
    ]
    return {
        "openapi": "3.1.0",
        "info": {"title": "Election deadline service", "version": "1.0.0",
                 "description": "Deadlines derived from election law, with citations, counting steps and readings."},
        "paths": {
            "/api/v1/jurisdictions": {"get": {
                "operationId": "listJurisdictions",
                "summary": "Find governments: by name words (q), state, kind, county or Open Civic Data id",
                "parameters": [
                    {"name": "q", "in": "query", "required": False, "schema": STR,
                     "description": "Words that begin words of the name, kind or county (ypsilanti, weld township)"},
                    *_place_filters("Postal code (MI)"),
                    {"name": "ocd_id", "in": "query", "required": False, "schema": STR,
                     "description": "Open Civic Data division id"},
                    *_paging("Governments per page"),
                ],
                "responses": {"200": _json(_ref("Places"), "The matching governments, best first"),
                              "400": _problem("Bad input (the field is named)")},
            }},
            "/api/v1/jurisdictions/{jid}": {"get": {
                "operationId": "getJurisdiction", "summary": "Rules, elections and holidays in force",
                "parameters": [JID],
                "responses": {"200": _json(_ref("Jurisdiction"), "The jurisdiction"),
                              "404": _problem("Unknown jurisdiction")},
            }},
            "/api/v1/jurisdictions/{jid}/deadlines": {"get": {
                "operationId": "getDeadlines", "summary": "Deadlines of one election cycle (as `deadlines compute --json`)",
                "parameters": [JID, _date_param("election", "General election date"),
                               _date_param("primary", "Primary election date"), *event_params],
                "x-parameters-by-jurisdiction": {
                    jur.id: ["election", *(["primary"] if "primary" in jur.elections else []), *sorted(jur.triggers)]
                    for jur in jurisdictions},
                "responses": {"200": _json(_ref("Result"), "The computed deadlines"),
                              "400": _problem("Bad input (the field is named)"),
                              "404": _problem("Unknown jurisdiction")},
            }},
            "/api/v1/deadlines": {"get": {
                "operationId": "listDeadlines",
                "summary": "Every deadline of every jurisdiction to act on in a range, by date (paginated)",
                "description": "A deadline is listed when its safe_due (the date to act by) falls from `from` to "
                               "`to` on its jurisdiction's calendar (`edge`: closing), and a window also when its "
                               "start does (`edge`: opening). Sorted by that day, then the instant (all-day "
                               "last), jurisdiction, cycle and id. Each `deadline` is the JSON of "
                               "/api/v1/jurisdictions/{jid}/deadlines. Deadlines waiting for a trigger event are "
                               "not listed until it is recorded; cancelled ones only with `include=cancelled`.",
                "parameters": [
                    {"name": "from", "in": "query", "required": True, "schema": {**DATE, "pattern": f"^{DAY}$"},
                     "description": "First day of the range (YYYY-MM-DD)"},
                    {"name": "to", "in": "query", "required": True, "schema": {**DATE, "pattern": f"^{DAY}$"},
                     "description": "Last day of the range (YYYY-MM-DD), at most 731 days after `from`"},
                    *_place_filters("Only jurisdictions under this US state's law (postal code, e.g. MI)"),
                    {"name": "audience", "in": "query", "required": False, "schema": {"enum": list(AUDIENCES)},
                     "description": "Only deadlines for this audience"},
                    {"name": "include", "in": "query", "required": False, "schema": {"enum": ["cancelled"]},
                     "description": "`cancelled`: list too the deadlines a clerk cancelled or deleted (status "
                                    "`cancelled`), which the default listing leaves out"},
                    *_paging("Deadlines per page"),
                ],
                "responses": {"200": _json(_ref("Listing"), "One page of the listing"),
                              "400": _problem("Bad input (the field is named)")},
            }},
            **clerk_paths(),
        },
        "components": {
            "schemas": {"Deadline": DEADLINE, "Result": RESULT, "Listing": LISTING, "Jurisdiction": JURISDICTION, "Places": PLACES, "Problem": PROBLEM,
                        "Event": EVENT_OUT, "ElectionEntry": ELECTION_OUT,
                        "Override": OVERRIDE_OUT, "Decision": DECISION_OUT, "Subscription": SUBSCRIPTION, "HistoryEntry": HISTORY},
            "securitySchemes": {"bearerAuth": {
                "type": "http", "scheme": "bearer",
                "description": "A clerk token for the jurisdiction in the path (`deadlines token create ID`)"}},
        },
    }
