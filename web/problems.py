"""Errors as RFC 9457 ``application/problem+json``, and the guard that reads
every request's text through :mod:`deadlines.core.inputs` before a view does
(so no input can reach the database or an encoder it would break)."""
from __future__ import annotations

from flask import Flask, Response, json, request
from werkzeug.http import HTTP_STATUS_CODES

from deadlines.core import inputs
from deadlines.core.errors import InputError


def problem(status: int, detail: str, field: str | None = None) -> Response:
    body = {"type": "about:blank", "title": HTTP_STATUS_CODES[status], "status": status, "detail": detail,
            "instance": request.path if len(request.path) <= inputs.MAX_PATH else request.path[:inputs.MAX_PATH] + "..."}
    if field:
        body["field"] = field
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


def input_problem(exc: InputError) -> Response:
    """404 for an unknown jurisdiction or deadline, 400 for any other bad input."""
    return problem(404 if exc.field in ("jurisdiction", "deadline") else 400, str(exc), exc.field)


def _check_request() -> Response | None:
    """400 (a problem) for a path, query, form or JSON body that :func:`inputs.text`
    or :func:`inputs.data` refuses; 414 for a path over MAX_PATH characters."""
    if len(request.path) > inputs.MAX_PATH:
        return problem(414, f"the path is over {inputs.MAX_PATH} characters")
    try:
        inputs.text(request.path, "path", inputs.MAX_PATH)
        for source in (request.args, request.form if request.method == "POST" else {}):
            for key, values in source.lists():
                inputs.text(key, "parameter", 100)
                for value in values:
                    inputs.text(value, key)
        if request.is_json and request.content_length:
            body = request.get_json(silent=True)  # cached for the view; malformed JSON is the view's to answer
            inputs.data(body, "body")
    except InputError as exc:
        return problem(400, str(exc), exc.field)
    return None


def init_app(app: Flask) -> None:
    app.before_request(_check_request)
