"""Errors as RFC 9457 ``application/problem+json``, and the guard that reads
every request's path, query and form through :mod:`deadlines.core.inputs`
before a view does (so no such input can reach the database or an encoder it
would break). The clerk API runs the same check after authentication (an
anonymous request is a 401 whatever it carries), and checks JSON bodies there too.
A database that cannot be reached (or stays locked) is a 503 with Retry-After
(a feed answered before gives its last good version instead: :mod:`web.feed_fast`);
so is a jurisdiction whose calendar file is invalid with no good version to
serve. For software (``/api/``, ``/calendars/``) a 503 is a problem document,
for people a page in the site's layout and language."""
from __future__ import annotations

import logging
import re

from flask import Flask, Response, current_app, g, json, render_template, request
from sqlalchemy.exc import OperationalError
from werkzeug.http import HTTP_STATUS_CODES

from deadlines.core import inputs
from deadlines.core.errors import UNKNOWN_JURISDICTION, CalendarError, InputError
from deadlines.words import DEFAULT, Words, _, words
from web.language import said


def problem(status: int, detail: str, field: str | None = None, **extra) -> Response:
    """The problem document; ``extra`` members are added to it (RFC 9457 extensions)."""
    body = {**extra, "type": "about:blank", "title": HTTP_STATUS_CODES[status], "status": status, "detail": detail,
            "instance": request.path if len(request.path) <= inputs.MAX_PATH else request.path[:inputs.MAX_PATH] + "..."}
    if field:
        body["field"] = field
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


def for_software() -> Words:
    """The words of a problem document: the language asked for with ``lang``
    (only: an API is not a page, ``Accept-Language`` leaves it in English),
    else the English tools match on."""
    return said() if g.get("lang_asked") else words(DEFAULT)


def detail(exc: InputError) -> str:
    """An input error's words for a problem document (:func:`for_software`)."""
    return for_software().error(exc)


def input_problem(exc: InputError) -> Response:
    """404 for an unknown jurisdiction (with the nearest ids) or deadline, 400 for any other bad input."""
    if exc.code in UNKNOWN_JURISDICTION:
        return unknown_jurisdiction(exc)
    return problem(404 if exc.field in ("jurisdiction", "deadline") else 400, detail(exc), exc.field,
                   **({"code": exc.code} if exc.code else {}))


_UNKNOWN_ID = re.compile(r"^unknown jurisdiction '(.+?)';")


def typed_id(exc: InputError) -> str | None:
    """The unknown id: the one the registry's message names (a combined feed's
    ``j`` names several), else the one the request's path names (``<jid>``)."""
    named = _UNKNOWN_ID.match(str(exc))
    return named.group(1) if named else (request.view_args or {}).get("jid") or g.get("jid")


#: The registry's errors for an unknown id that name the ids nearest it (none, where none is near).
NAMES_NEAREST = ("jurisdiction.unknown_near", "jurisdiction.unknown")


def nearest(jid: str | None, error: InputError | None = None) -> list[str]:
    """The known ids nearest ``jid`` (the registry's own look-up, as the CLI
    says it: taken from ``error``, the registry's error for ``jid``, where it
    names them, rather than looked up twice, each a comparison with every
    id), else the public places whose names are nearest its words (a bare
    name, "orem": orem-ut; a misspelt one, "denvr": denver-co;
    :meth:`~deadlines.core.places.PlaceIndex.near`)."""
    if not jid or jid.startswith("ocd-division/"):
        return []
    reg = current_app.extensions["registry"]
    facts = dict(error.facts) if error is not None else {}
    if error is not None and error.code in NAMES_NEAREST and facts.get("id") == jid:
        close = list(facts.get("nearest", ()))
    else:
        close = reg.nearest(jid)
    if close:
        return close
    hidden = frozenset(current_app.config.get("EXAMPLE_JURISDICTIONS", ()))
    return [p.id for p in reg.places().near(jid[:100], leave_out=hidden)]


def unknown_jurisdiction(exc: InputError, status: int = 404) -> Response:
    """The problem of an unknown jurisdiction id: ``suggestions``, the nearest
    known ids (closest first, maybe none), and a detail that says them ("did
    you mean ...?") or how to find an id, in the API's own terms rather than
    the command line's (whose words :class:`~deadlines.core.registry.Registry` keeps)."""
    jid = typed_id(exc)
    if jid is None or jid.startswith("ocd-division/"):  # an OCD id: the registry's words say which
        return problem(status, detail(exc), "jurisdiction", suggestions=[], code=exc.code)
    close = nearest(jid, exc)
    answer = (InputError.of("jurisdiction.unknown_api_near", "jurisdiction", id=jid, nearest=tuple(close)) if close
              else InputError.of("jurisdiction.unknown_api", "jurisdiction", id=jid))
    return problem(status, detail(answer), "jurisdiction", suggestions=close, code=answer.code)


#: Query values that may be longer than :data:`inputs.MAX_TEXT`: the combined
#: feed's ``j`` names up to 500 ids of up to 100 characters each.
LONGER = {"j": 500 * 101}


#: The largest JSON body read for its nesting where the app sets no limit of its own (bytes).
MAX_SCAN = 1 << 20
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(rb"[\[\]{}]")


def nesting(raw: bytes) -> int:
    """How deeply the JSON text ``raw`` nests its arrays and objects (read
    without decoding it: a decoder recurses, and a body nested thousands deep
    would exhaust the interpreter's stack before any check saw it)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub(b'""', raw)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def check_json_depth() -> Response | None:
    """400 for a JSON body nested deeper than :data:`inputs.MAX_DEPTH` (one of a
    size the app reads at all: a larger one is refused for its size)."""
    if request.method not in ("POST", "PUT", "PATCH") or not request.is_json or request.content_length is None:
        return None
    if request.content_length > (request.max_content_length or MAX_SCAN):
        return None
    if nesting(request.get_data(cache=True)) > inputs.MAX_DEPTH:
        exc = InputError.of("data.too_deep", "body")
        return problem(400, detail(exc), exc.field)
    return None


def check_request() -> Response | None:
    """A problem for a path (404: it names nothing), query or form (400) that
    :func:`inputs.text` refuses, or a JSON body nested too deeply (400)."""
    try:
        inputs.text(request.path, "path", inputs.MAX_PATH)
    except InputError as exc:
        return problem(404, f"no such page: {exc}")
    try:
        for source in (request.args, request.form) if request.method == "POST" else (request.args,):
            for key, values in source.lists():
                inputs.text(key, "parameter", 100)
                for value in values:
                    inputs.text(value, key, LONGER.get(key, inputs.MAX_TEXT))
    except InputError as exc:
        return problem(400, detail(exc), exc.field)
    return check_json_depth()


AFTER_AUTHENTICATION = {"clerk"}  # blueprints that call check_request themselves, once the caller is known


def _guard() -> Response | None:
    return None if request.blueprint in AFTER_AUTHENTICATION else check_request()


#: Seconds a client is asked to wait when the database cannot be reached.
RETRY_AFTER = 30
log = logging.getLogger(__name__)


#: Paths answered for software (problem documents); every other path is a page for people.
FOR_SOFTWARE = ("/api/", "/calendars/")


def refusal(status: int, code: str, message: str, retry_after: int, why: str, **facts) -> Response:
    """A refusal to be asked again later (429 or 503, with ``Retry-After``):
    under :data:`FOR_SOFTWARE` a problem document with ``code`` and
    ``message`` (English, its own msgid in the ``messages`` catalog, ``{name}``
    fields from ``facts``; said as :func:`for_software` says), else a
    page in the site's layout and the reader's language saying it (``why``:
    which page: ``database``, ``calendar`` or ``busy``)."""
    if request.path.startswith(FOR_SOFTWARE):
        resp = problem(status, for_software()._(message, **facts), code=code)
    else:
        resp = Response(render_template("unavailable.html", why=why, reason=said()._(message, **facts)),
                        status=status, mimetype="text/html")
        resp.headers["Cache-Control"] = "no-store"
    resp.headers["Retry-After"] = str(retry_after)
    return resp


def unavailable(exc: OperationalError) -> Response:
    """503: the database is unreachable or locked for now (logged once per request)."""
    log.error("database unavailable for %s: %s", request.path, str(exc).splitlines()[0])
    return refusal(503, "unavailable.database", _("the database is unavailable for the moment; try again shortly"),
                   RETRY_AFTER, "database")


def not_available(exc: CalendarError) -> Response:
    """503: this jurisdiction's calendar file is invalid and no good version of
    it was ever loaded (logged by the registry); every other one still serves."""
    return refusal(503, "unavailable.calendar", _("this calendar file has a problem: the jurisdiction is not "
                                                  "available until it is corrected"), RETRY_AFTER, "calendar")


def init_app(app: Flask) -> None:
    app.before_request(_guard)
    app.register_error_handler(OperationalError, unavailable)
    app.register_error_handler(CalendarError, not_available)
