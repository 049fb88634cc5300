"""The clerk's write API (:mod:`web.clerk`, a per-jurisdiction bearer token)
in the OpenAPI document: its paths and parameters; bodies and answers are the
models of :mod:`web.schemas.clerk`."""
from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from deadlines.commands import MAX_EVENTS_PER_CYCLE
from web.clerk_reads import DEFAULT_PAGE, MAX_PAGE
from web.openapi_common import BODY_LIMITS, MAX_CONTENT, STR, TEXT_LIMITS, answer, example, page_of, problem, schema_of
from web.schemas import REF, ref
from web.schemas.base import Problem
from web.schemas.clerk import (ClosureIn, ClosureOut, Decision, DecisionIn, ElectionEntry, ElectionIn, Event, EventIn,
                               FilingOfficeIn, FilingOfficeOut, HistoryEntry, OfficeHoursIn, OfficeHoursOut, Override,
                               OverrideIn, Publication, PublicationIn, Subscription, SubscriptionCreated,
                               SubscriptionIn)

NINT = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}  # SQLite's INTEGER
JID = {"name": "jid", "in": "path", "required": True, "schema": STR, "description": "Jurisdiction id",
       "example": "ypsilanti-mi"}


def _clerk_param(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


CYCLE = _clerk_param("cycle", {"type": "string", "format": "date", "minLength": 1},
                     "The cycle: the general election's date by rule (YYYY-MM-DD); any other date is a 422")
CHOICE_ID = _clerk_param("choice", {"type": "string", "minLength": 1},
                         "A choice the law gives the jurisdiction (`[choices.<id>]`, e.g. `ranked-choice`); it must "
                         "be in force for the cycle (422 otherwise)")
DEADLINE_ID = _clerk_param("deadline", {"type": "string", "minLength": 1}, "A deadline id of the jurisdiction")
NOTICE_ID = _clerk_param("deadline", {"type": "string", "minLength": 1},
                         "The id of a notice window of the jurisdiction (`filing-notice`)")
EVENT_ID = _clerk_param("event_id", NINT, "The recorded event's id")
SUB_ID = _clerk_param("sub_id", NINT, "The subscription's id")
CLOSURE_ID = _clerk_param("closure_id", NINT, "The recorded closure's id")
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "schema": {"type": "string", "minLength": 1, "maxLength": 100},
                   "description": "A key of the client's choosing: a retry with the same key and event answers "
                                  "the event recorded the first time (nothing new stored); with another event, 422"}
REASON = {"name": "reason", "in": "query", "required": False, "schema": {"type": "string", "maxLength": 200},
          "description": "Why (kept in the history and said in the cancelled deadlines)"}
PAGE = [
    {"name": "limit", "in": "query", "required": False,
     "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": DEFAULT_PAGE},
     "description": f"Items per page ({DEFAULT_PAGE} unless given, at most {MAX_PAGE:,})"},
    {"name": "cursor", "in": "query", "required": False, "schema": STR,
     "description": "Where the page starts: follow `next` (the link holds it); absent: the first page"},
]
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait"}}
CHALLENGE = {"WWW-Authenticate": {"schema": STR, "description": 'Bearer realm="deadlines"'}}
AUTH_FAILURES = ("too many failed authentications (unknown or revoked tokens) from this client "
                 "(RATELIMIT_CLERK_AUTH_FAILURES); a live token is never refused for them")


class TooManyEventsProblem(Problem):
    """An event past its cycle's cap: nothing stored; `field` is `at`, with the `limit` and the full `cycle`."""
    limit: int = Field(ge=1, description=f"The most events a cycle holds (MAX_EVENTS_PER_CYCLE, {MAX_EVENTS_PER_CYCLE} "
                                         "unless configured; deleted events count)")
    cycle: date = Field(description="The cycle that is full: its general election's date by rule")


def _event_problem(description: str) -> dict:
    """A 422 of an event write: a problem, or (past the cap) one with ``limit`` and ``cycle``."""
    capped = TooManyEventsProblem.model_json_schema(ref_template=REF, mode="serialization")
    capped.pop("$defs", None)  # (CaseRef: in the document's components already)
    return {"description": description,
            "content": {"application/problem+json": {"schema": {"anyOf": [ref(Problem), capped]}}}}


def _clerk(op_id: str, summary: str, ok: dict, *, params=(), body: type[BaseModel] | None = None,
           not_found: str = "", events: bool = False) -> dict:
    """One clerk operation with the answers :func:`web.clerk._authenticate` and the handler give
    (``events``: a write of an event, refused past its cycle's cap)."""
    writes = body is not None or "204" in ok  # a body, or a deletion: RATELIMIT_CLERK_WRITES counts both
    responses = {
        **ok,
        "401": {**problem("No bearer token, or an unknown or revoked one"), "headers": CHALLENGE},
        "403": problem("The token is for another jurisdiction"),
        "404": problem("Unknown jurisdiction" + (f", or {not_found}" if not_found else "")),
        "400": problem("A path or query value breaks a limit: " + TEXT_LIMITS),
        "429": {**problem("Too many writes with this token (RATELIMIT_CLERK_WRITES), or " + AUTH_FAILURES if writes
                          else AUTH_FAILURES[0].upper() + AUTH_FAILURES[1:]),
                "headers": {**RETRY_AFTER, "WWW-Authenticate": {
                    **CHALLENGE["WWW-Authenticate"], "description": 'Bearer realm="deadlines" (failed authentications)'}}},
    }
    if op_id.startswith("list"):  # every list: the envelope, a page at a time (web.clerk_reads.envelope)
        params = [*params, *PAGE]
        responses["400"] = problem("A path or query value breaks a limit (" + TEXT_LIMITS + "), or `limit` or "
                                   "`cursor` is not one this list gives, or another query parameter is sent")
    op = {"operationId": op_id, "summary": summary, "tags": ["clerk"], "security": [{"bearerAuth": []}],
          "parameters": [JID, *params], "responses": responses}
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema_of(body)}},
                             "description": BODY_LIMITS}
        responses.update({
            "400": problem("The body is not a JSON object, or a value breaks a limit: " + BODY_LIMITS),
            "413": problem(f"Body over {MAX_CONTENT // 1024} KiB"),
            "415": problem("The body is not JSON (Content-Type: application/json)"),
            "422": problem("Invalid for this jurisdiction's calendar file (the field is named); nothing stored"),
        })
        if events:
            responses["422"] = _event_problem(
                "Invalid for this jurisdiction's calendar file (the field is named), or the event's cycle holds "
                f"MAX_EVENTS_PER_CYCLE events already ({MAX_EVENTS_PER_CYCLE} unless configured; deleted ones "
                "count): `field` is `at`, with the `limit` and the `cycle` (its general election's date); "
                "nothing stored")
    elif any(p["name"] == "cycle" for p in params):
        responses["422"] = problem("The cycle is not a general election of the jurisdiction by rule"
                                   + (", or the choice is unknown or not in force for it"
                                      if any(p["name"] == "choice" for p in params) else ""))
    return op


def _gone(what: str) -> dict:
    return {"204": {"description": f"{what} deleted"}}


def clerk_paths() -> dict:
    base = "/api/v1/jurisdictions/{jid}"
    return {
        f"{base}/events": {
            "get": _clerk("listEvents", "Recorded trigger events", {"200": answer(page_of(Event), "The events")}),
            "post": _clerk("recordEvent", "Record a trigger event", {"201": answer(Event, "Recorded")},
                           params=[IDEMPOTENCY_KEY], body=EventIn, events=True),
        },
        f"{base}/events/{{event_id}}": {
            "put": _clerk("changeEvent", "Change a recorded trigger event", {"200": answer(Event, "Changed")},
                          params=[EVENT_ID], body=EventIn, not_found="no such event", events=True),
            "delete": _clerk("deleteEvent", "Delete a recorded trigger event (its deadlines stay in the feeds, "
                             "cancelled; `?reason=` is kept in the history)", _gone("Event"),
                             params=[EVENT_ID, REASON], not_found="no such event"),
        },
        f"{base}/history": {
            "get": _clerk("listHistory", "Every clerk write, newest first: who (the token's label), when, "
                          "before and after, authority and reason",
                          {"200": answer(page_of(HistoryEntry), "The history")}),
        },
        f"{base}/elections": {
            "get": _clerk("listElections", "Election dates entered by the clerk",
                          {"200": answer(page_of(ElectionEntry), "The entries", example("listElections", "200"))}),
        },
        f"{base}/elections/{{cycle}}": {
            "put": _clerk("putElection", "Enter the dates an election cycle is held on (a moved election)",
                          {"200": answer(ElectionEntry, "Entered")}, params=[CYCLE], body=ElectionIn),
            "delete": _clerk("deleteElection", "Delete the entered dates of a cycle", _gone("Entry"), params=[CYCLE],
                             not_found="no dates entered for the cycle"),
        },
        f"{base}/overrides": {
            "get": _clerk("listOverrides", "Overrides (court orders, proclamations)",
                          {"200": answer(page_of(Override), "The overrides")}),
        },
        f"{base}/overrides/{{cycle}}/{{deadline}}": {
            "put": _clerk("putOverride", "Override or cancel one deadline of a cycle",
                          {"200": answer(Override, "Stored"),
                           "409": problem("The deadline is counted per case and the cycle has no single open case: "
                                         "name one (`cases` lists them); nothing stored")},
                          params=[CYCLE, DEADLINE_ID], body=OverrideIn),
            "delete": _clerk("deleteOverride", "Delete an override", _gone("Override"), params=[CYCLE, DEADLINE_ID],
                             not_found="no such override"),
        },
        f"{base}/decisions": {
            "get": _clerk("listDecisions", "Decisions recorded by the clerk on choices the law gives per cycle",
                          {"200": answer(page_of(Decision), "The decisions")}),
        },
        f"{base}/decisions/{{cycle}}/{{choice}}": {
            "put": _clerk("putDecision", "Record whether the jurisdiction takes a choice the law gives for a cycle "
                          "(it wins over the calendar file's)",
                          {"200": answer(Decision, "Replaced"), "201": answer(Decision, "Recorded")},
                          params=[CYCLE, CHOICE_ID], body=DecisionIn),
            "delete": _clerk("deleteDecision", "Delete the clerk's decision (the calendar file's applies again, or "
                             "none: both periods shown as readings; `?reason=` is kept in the history)",
                             _gone("Decision"), params=[CYCLE, CHOICE_ID, REASON], not_found="no such decision"),
        },
        f"{base}/office-hours": {
            "get": _clerk("getOfficeHours", "The office hours the clerk recorded that are in force today (or "
                          "else the next to come), with the days they hold",
                          {"200": answer(OfficeHoursOut, "The hours")}, not_found="no hours recorded"),
            "put": _clerk("putOfficeHours", "Record the office's hours and weekdays from a day on (`from`, default "
                          "today in the jurisdiction's zone): they win over the calendar file's and research's for "
                          "every cycle whose general election falls on or after that day, until the next entry's "
                          "day; earlier entries are kept, so a past cycle keeps the hours in force then; every date "
                          "that ends when the office closes follows",
                          {"200": answer(OfficeHoursOut, "Recorded")}, body=OfficeHoursIn),
            "delete": _clerk("deleteOfficeHours", "End the recorded hours: the entry in force ends yesterday (one "
                             "from today or later is removed), so the calendar file's apply again from today; "
                             "earlier entries stay for the cycles they held for (`?reason=` is kept in the history)",
                             _gone("Hours"), params=[REASON], not_found="no hours recorded"),
        },
        f"{base}/filing-office": {
            "get": _clerk("getFilingOffice", "The filing office the clerk recorded",
                          {"200": answer(FilingOfficeOut, "The office")}, not_found="no filing office recorded"),
            "put": _clerk("putFilingOffice", "Record the office a candidate files with (office, address, phone, "
                          "where in it): it wins over research's on the rows, the about page, the printed calendar, "
                          "the embed and the API, said \"recorded by the clerk\"",
                          {"200": answer(FilingOfficeOut, "Recorded")}, body=FilingOfficeIn),
            "delete": _clerk("deleteFilingOffice", "Forget the filing office recorded (research's applies again; "
                             "`?reason=` is kept in the history)",
                             _gone("Office"), params=[REASON], not_found="no filing office recorded"),
        },
        f"{base}/closures": {
            "get": _clerk("listClosures", "Days the clerk recorded the office closed",
                          {"200": answer(page_of(ClosureOut), "The closures")}),
            "post": _clerk("recordClosure", "Record a day the office is closed (a last day on it gets the "
                           "office's last open day before it as the safe date)",
                           {"201": answer(ClosureOut, "Recorded")}, body=ClosureIn),
        },
        f"{base}/closures/{{closure_id}}": {
            "delete": _clerk("deleteClosure", "Delete a recorded closure (`?reason=` is kept in the history)",
                             _gone("Closure"), params=[CLOSURE_ID, REASON], not_found="no such closure"),
        },
        f"{base}/notices": {
            "get": _clerk("listNotices", "Notices marked published (as the desk's \"Mark as published\")",
                          {"200": answer(page_of(Publication), "The marks")}),
        },
        f"{base}/notices/{{cycle}}/{{deadline}}": {
            "put": _clerk("markNoticePublished", "Mark the notice window `deadline` of the cycle published, as the "
                          "desk does: `published_on` not after today in the jurisdiction's zone and inside the "
                          "window (422 otherwise, nothing stored); its reminders stop and the public row says "
                          "\"published\" with the day and the place. The same mark sent again (a retry) answers 200 with the "
                          "mark stored the first time and stores nothing",
                          {"201": answer(Publication, "Marked"),
                           "200": answer(Publication, "Marked so already (the same day and place): nothing stored"),
                           "409": problem("The notice is marked published on another day or in another place: "
                                          "undo that first (DELETE); nothing stored")},
                          params=[CYCLE, NOTICE_ID], body=PublicationIn,
                          not_found="no notice window of that id in the cycle"),
            "delete": _clerk("undoNoticePublished", "Undo \"published\": the notice is no longer marked (its reminders "
                             "come back; `?reason=` is kept in the history)", _gone("Mark"),
                             params=[CYCLE, NOTICE_ID, REASON],
                             not_found="no notice window of that id in the cycle, or it is not marked published"),
        },
        f"{base}/subscriptions": {
            "get": _clerk("listSubscriptions", "Reminder subscriptions (email and webhook)",
                          {"200": answer(page_of(Subscription), "The subscriptions, unsubscribed ones too")}),
            "post": _clerk("addSubscription", "Subscribe an email address (double opt-in) or a webhook", {
                "201": answer(SubscriptionCreated,
                             "Created; a webhook's HMAC secret is shown once (null for email)")},
                body=SubscriptionIn),
        },
        f"{base}/subscriptions/{{sub_id}}": {
            "delete": _clerk("deleteSubscription", "Unsubscribe (pending reminders are cancelled)",
                             _gone("Subscription"), params=[SUB_ID], not_found="no such subscription"),
        },
    }
