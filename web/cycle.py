"""One cycle as people use it, beside its feed: the SVG timeline, the
printable calendar (PDF) and a CSV for spreadsheets, at
``/calendars/<id>/<election>.{svg,pdf,csv}``, each in the request's language
(:mod:`web.language`). Errors are RFC 9457 problems."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, current_app, request

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.computed import Deadline, Result
from deadlines.publish import as_csv, calendar, svg
from deadlines.publish.words import anchor
from deadlines.service import lookup

from web import form_fields, printing
from web.common import read_query, registry, records, today_in
from web.costly import costly
from web.language import lang, said
from web.problems import input_problem
from web.security import external_url

bp = Blueprint("cycle", __name__)
bp.register_error_handler(InputError, input_problem)


def _result(jid: str, election: str) -> Result:
    """The cycle of ``election``, with the primary and trigger dates the query
    gives (the dates typed in the form: its links carry them)."""
    jur = registry().get(jid)
    args = {k: v for k, v in request.args.items() if v and k != "lang"}  # lang: the words', not the cycle's
    inputs.known_fields(jur, args, also=form_fields.time_fields(jur))
    query = read_query(jur, {**form_fields.joined(jur, args), "election": election})
    query["election"] = inputs.day(election, "election")
    return lookup(jur, today=today_in(jur.timezone), records=records(), **query)


def row_url(result: Result, d: Deadline) -> str:
    """The deadline's row on the lookup form."""
    return external_url("form.index", jurisdiction=result.jurisdiction.id, election=result.held.isoformat(),
                        _anchor=anchor(d))


def _file(body, mimetype: str, result: Result, ext: str, disposition: str = "inline") -> Response:
    name = f"{result.jurisdiction.id}-{result.held.isoformat()}.{ext}"
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'{disposition}; filename="{name}"'})


@bp.get("/calendars/<jid>/<election>.svg")
def timeline(jid: str, election: str) -> Response:
    result = _result(jid, election)
    return _file(svg.timeline(result, today_in(result.jurisdiction.timezone), w=said()), "image/svg+xml", result, "svg")


@bp.get("/calendars/<jid>/<election>.pdf")
def printable(jid: str, election: str) -> Response:
    """Rendered once per change, like a feed: keyed on the file's stamp, the
    records' revision, the day, the language and the query's dates; concurrent
    requests wait for one render."""
    jur = registry().get(jid)
    zone = jur.timezone
    typed = tuple(sorted((k, v) for k, v in request.args.items() if k != "lang"))
    key = (jid, election, typed, lang(), registry().stamp(jid), records().revision(jid), today_in(zone))

    processes = int(current_app.config["PDF_PROCESSES"])

    def render() -> tuple[bytes, Result]:
        result = _result(jid, election)
        page = calendar.html(result, today=today_in(zone), w=said(),
                             generated=datetime.now(ZoneInfo(zone)).replace(microsecond=0))
        return printing.printed(page, processes), result

    body, result = current_app.extensions["pdf_cache"].get(key, lambda: costly(render))
    return _file(body, "application/pdf", result, "pdf")


@bp.get("/calendars/<jid>/<election>.csv")
def spreadsheet(jid: str, election: str) -> Response:
    result = _result(jid, election)
    body = as_csv.render(result, lambda d: row_url(result, d), said())
    return _file(body, "text/csv", result, "csv", disposition="attachment")
