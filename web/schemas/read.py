"""A request body read through its model: the first thing wrong with it as
an :class:`InputError` naming the field (the clerk API answers it 422, like
every other invalid value), in the words the API has used for each kind of
mistake."""
from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

from deadlines.core.errors import InputError

M = TypeVar("M", bound=BaseModel)

#: pydantic's error types as the API's errors (:data:`~deadlines.core.errors.ERRORS`,
#: filled from the error's context; ``where`` names the item, e.g. ``leads[2]``).
CODES = {
    "missing": "body.required",
    "string_type": "body.text",
    "bool_type": "body.true_or_false",
    "int_type": "body.whole_number",
    "int_from_float": "body.whole_number",
    "list_type": "body.list",
    "literal_error": "body.one_of",
    "string_too_long": "body.too_long",
    "string_too_short": "body.blank",
    "string_pattern_mismatch": "body.blank",
    "too_short": "body.too_few",
    "too_long": "body.too_many",
    "greater_than_equal": "body.at_least",
    "less_than_equal": "body.at_most",
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
        code = CODES.get(err["type"])
        if code is None:  # pydantic's own words
            raise InputError.of("body.invalid", str(loc[0]), where=where,
                                said=err["msg"][0].lower() + err["msg"][1:]) from None
        raise InputError.of(code, str(loc[0]), where=where, **err.get("ctx", {})) from None
