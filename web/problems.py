"""Errors as RFC 9457 ``application/problem+json``."""
from __future__ import annotations

from flask import Response, json, request
from werkzeug.http import HTTP_STATUS_CODES

from deadlines.core.errors import InputError


def problem(status: int, detail: str, field: str | None = None) -> Response:
    body = {"type": "about:blank", "title": HTTP_STATUS_CODES[status], "status": status, "detail": detail,
            "instance": request.path}
    if field:
        body["field"] = field
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


def input_problem(exc: InputError) -> Response:
    """404 for an unknown jurisdiction or deadline, 400 for any other bad input."""
    return problem(404 if exc.field in ("jurisdiction", "deadline") else 400, str(exc), exc.field)
