"""What both parts of the OpenAPI document use: answers by model, problems,
and the input limits every request is held to (:mod:`deadlines.core.inputs`)."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from deadlines.core import inputs
from web.schemas import ref
from web.schemas.base import Problem

STR = {"type": "string"}
DAY = r"20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"  # 2000-2099
MAX_CONTENT = 16 * 1024  # web.create_app's MAX_CONTENT_LENGTH
TEXT_LIMITS = (f"strings of at most {inputs.MAX_TEXT} characters without NUL, other control characters (tab and "
               f"line breaks aside) or lone surrogates")
BODY_LIMITS = (f"at most {MAX_CONTENT // 1024} KiB; {TEXT_LIMITS}; at most {inputs.MAX_ITEMS} items per list or "
               f"object; nesting at most {inputs.MAX_DEPTH} deep")


#: Real answers of the app for small cases (``scripts/api_examples.py`` writes them; a test checks them).
EXAMPLES = Path(__file__).with_name("api_examples.json")


@cache
def _examples() -> dict:
    return json.loads(EXAMPLES.read_text(encoding="utf-8"))


def example(operation: str, status: str) -> dict | None:
    """The captured request and answer of ``operation`` for ``status`` (None where none is kept)."""
    return _examples().get(operation, {}).get(status)


def schema_of(body: type[BaseModel] | dict) -> dict:
    """A model as a reference to its component; a schema as it is."""
    return ref(body) if isinstance(body, type) else body


def _example(captured: dict | None) -> dict:
    """A media type's ``example`` from a captured answer (``{"request", "answer"}``, :func:`example`),
    with the request that gave it (``x-example-request``)."""
    return {} if captured is None else {"example": captured["answer"], "x-example-request": captured["request"]}


def answer(body: type[BaseModel] | dict, description: str, example: dict | None = None) -> dict:
    """A JSON answer of ``body`` (a model, or a schema such as an array of one), with an example
    (a real answer of the app) where one is given."""
    return {"description": description, "content": {"application/json": {"schema": schema_of(body),
                                                                          **_example(example)}}}


def many(model: type[BaseModel]) -> dict:
    return {"type": "array", "items": ref(model)}


def page_of(model: type[BaseModel]) -> dict:
    """The envelope of every list (the public lists' and the clerk's): ``items``, ``total``, ``next``."""
    return {"type": "object", "additionalProperties": False, "required": ["items", "total", "next"], "properties": {
        "items": {**many(model), "description": "This page's items (the envelope of every list: `items`, `next`, "
                                                "`total`)"},
        "total": {"type": "integer", "minimum": 0, "description": "Items in the whole list (every page)"},
        "next": {"type": ["string", "null"], "description": "The next page's URL; null on the last"}}}


def problem(description: str, example: dict | None = None) -> dict:
    return {"description": description, "content": {"application/problem+json": {"schema": ref(Problem),
                                                                                  **_example(example)}}}
