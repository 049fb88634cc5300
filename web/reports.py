"""``POST /api/v1/jurisdictions/<id>/reports``: anyone may report a date the
government published for one of its deadlines (``deadline``, ``election``:
the cycle's general election, ``due``, ``source``: the link, ``quote``: the
words quoted; ``email`` optional). Answered 202 with the report's ``id``:
it is stored and changes nothing until an operator (``deadlines reports
accept``) or the clerk accepts it (:mod:`deadlines.store.reports`).

Errors are RFC 9457 problems: 404 for an unknown jurisdiction, 415 for a body
that is not JSON, 400 for one that is not a JSON object or breaks a limit,
422 naming the field at fault, 429 with Retry-After past
``RATELIMIT_REPORTS`` per client (:mod:`web.public_writes`).

The desk shows a jurisdiction's reports read-only (``_desk_reports.html``,
through the template global ``date_reports``).
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from sqlalchemy.orm import Session

from deadlines.core import inputs
from deadlines.core.errors import UNKNOWN_JURISDICTION, InputError
from deadlines.store import reports
from deadlines.store.db import writer

from web.common import registry
from web.problems import detail, problem, unknown_jurisdiction
from web.public_writes import client_key, defaults, wait
from web.schemas.read import body as read_body
from web.schemas.reports import ReportIn

MAX_BODY = 16 * 1024
bp = Blueprint("reports", __name__, url_prefix="/api/v1")


@bp.record_once
def _setup(state) -> None:
    defaults(state.app)
    state.app.jinja_env.globals["date_reports"] = desk_listing


@bp.errorhandler(InputError)
def _input_error(exc: InputError):
    if exc.code in UNKNOWN_JURISDICTION:
        return unknown_jurisdiction(exc)
    return problem(404 if exc.field == "jurisdiction" else 422, detail(exc), exc.field)


@bp.post("/jurisdictions/<jid>/reports")
def report(jid: str):
    jur = registry().get(jid)  # 404 for an unknown one
    waited = wait("RATELIMIT_REPORTS", "reports")
    if waited:
        resp = problem(429, f"too many reports from this client a short while ago; try again in {waited} s")
        resp.headers["Retry-After"] = str(waited)
        return resp
    if (request.content_length or 0) > MAX_BODY:
        return problem(413, f"request body over {MAX_BODY} bytes")
    if not request.is_json:
        return problem(415, "send JSON (Content-Type: application/json)")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return problem(400, "the body is not a JSON object")
    try:
        inputs.data(body, "body")
    except InputError as exc:
        return problem(400, detail(exc), exc.field)
    read_body(ReportIn, body)  # the shape (422 naming the field), then the meaning for the jurisdiction
    with Session(writer(current_app.extensions["records"].db), expire_on_commit=False) as s, s.begin():
        row, _ = reports.receive(s, jur, body, client=client_key())
    return jsonify({"id": row.id, "status": row.state}), 202


#: How many of a jurisdiction's decided reports the desk lists (every pending one is).
DESK_DECIDED = 20


def desk_listing(jid: str) -> list[dict]:
    """The jurisdiction's reports as the desk lists them: every pending one,
    then the last decided ones."""
    with Session(current_app.extensions["records"].db) as s:
        rows = reports.listing(s, jid)
    waiting = [r for r in rows if r.state == "pending"]
    return [reports.as_dict(r) for r in waiting + [r for r in rows if r.state != "pending"][:DESK_DECIDED]]
