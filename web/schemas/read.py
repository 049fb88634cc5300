"""A request body read through its model: the first thing wrong with it as
an :class:`InputError` naming the field (the clerk API answers it 422, like
every other invalid value), in the words the API has used for each kind of
mistake."""
from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

from deadlines.core.errors import InputError

M = TypeVar("M", bound=BaseModel)

#: pydantic's error types in the API's words (``{...}`` from the error's context).
WORDS = {
    "missing": "required",
    "string_type": "text",
    "bool_type": "true or false",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "list_type": "a list",
    "literal_error": "{expected}",
    "string_too_long": "at most {max_length} characters",
    "string_too_short": "required text, not blank",
    "string_pattern_mismatch": "required text, not blank",
    "too_short": "at least {min_length} item(s)",
    "too_long": "at most {max_length} items",
    "greater_than_equal": "at least {ge}",
    "less_than_equal": "at most {le}",
}


def body(model: type[M], value: dict) -> M:
    """``value`` as ``model``, or InputError on its first error (``field``: the
    top-level key; the message names the item too, e.g. ``leads[2]: ...``)."""
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = err["loc"]
        where = str(loc[0]) + "".join(f"[{i}]" if isinstance(i, int) else f".{i}" for i in loc[1:])
        words = WORDS.get(err["type"])
        said = words.format(**err.get("ctx", {})) if words else err["msg"][0].lower() + err["msg"][1:]
        raise InputError(f"{where}: {said}", str(loc[0])) from None
