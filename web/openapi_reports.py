"""The public reports of published dates (:mod:`web.reports`) in the OpenAPI
document: anyone may send one, no token; it is used only once accepted."""
from __future__ import annotations

from web.openapi_clerk import JID
from web.openapi_common import BODY_LIMITS, MAX_CONTENT, answer, problem, schema_of
from web.schemas.reports import ReportIn, ReportReceived


def report_paths() -> dict:
    return {"/api/v1/jurisdictions/{jid}/reports": {"post": {
        "operationId": "reportPublishedDate",
        "summary": "Report a date the government published for one of its deadlines (with the link and the words "
                   "quoted); nothing it says is used until an operator or the clerk accepts it",
        "tags": ["reports"],
        "parameters": [JID],
        "requestBody": {"required": True, "content": {"application/json": {"schema": schema_of(ReportIn)}},
                        "description": BODY_LIMITS},
        "responses": {
            "202": answer(ReportReceived, "Received (the same report sent again while it waits answers its id)"),
            "400": problem("The body is not a JSON object, or a value breaks a limit: " + BODY_LIMITS),
            "404": problem("Unknown jurisdiction"),
            "413": problem(f"Body over {MAX_CONTENT // 1024} KiB"),
            "415": problem("The body is not JSON (Content-Type: application/json)"),
            "422": problem("Invalid for this jurisdiction (the field is named: an unknown deadline, an election "
                           "that is not one of its general elections, a date without its UTC offset or outside "
                           "the cycle, a source that is not an http(s) link); nothing stored"),
            "429": {**problem("Too many reports from this client (RATELIMIT_REPORTS)"),
                    "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait"}}},
        },
    }}}
