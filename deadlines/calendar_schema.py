"""The calendar file's declared shape (:mod:`deadlines.core.loading.shape`) as
pydantic models, and the JSON Schema editors check a calendar file with.

The core stays free of pydantic; this module turns each declared table into a
model (unknown keys forbidden, required keys required, every value typed and
bounded as the shape says) and exports the models' JSON Schema (draft 7, whose
``definitions`` the TOML language server taplo reads). The models also check a
parsed calendar file (:func:`problems_of`): a test holds every committed file
to them, so what the schema tells an editor is what the loader accepts.

    .venv/bin/python -m deadlines.calendar_schema          # write the schemas
    .venv/bin/python -m deadlines.calendar_schema --check  # exit 1 if one is stale
"""
from __future__ import annotations

import json
import keyword
import sys
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError, WithJsonSchema, create_model

from deadlines.core.loader import SHARED_DIR
from deadlines.core.loading import shape

CALENDARS = Path(__file__).resolve().parent.parent / "calendars"
#: Each schema file and the table it declares: a jurisdiction's file, a shared set.
SCHEMAS = {
    CALENDARS / "calendar.schema.json": shape.JURISDICTION,
    CALENDARS / SHARED_DIR / "shared-set.schema.json": shape.SHARED_SET,
}
_CLOCK = {"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$", "examples": ["17:00"]}


def _type(value: object) -> Any:
    """The annotation a declared value is checked with."""
    if isinstance(value, shape.Table):
        return model(value)
    if isinstance(value, shape.Text):
        return Annotated[str, Field(min_length=1)] if value.multiline else Annotated[
            str, Field(min_length=1, pattern=r"^[^\r\n]*$")]
    if isinstance(value, shape.Day):
        return date
    if isinstance(value, shape.Clock):
        return Annotated[time, WithJsonSchema(_CLOCK)]
    if isinstance(value, shape.Moment):
        return Union[datetime, date, Annotated[str, Field(min_length=1)]]
    if isinstance(value, shape.Whole):
        return Annotated[StrictInt, Field(ge=value.low, le=value.high)]
    if isinstance(value, shape.Percent):
        return Annotated[float, Field(gt=0, le=100)]
    if isinstance(value, shape.Flag):
        return StrictBool
    if isinstance(value, shape.OneOf):
        return Literal[value.choices]
    if isinstance(value, shape.Pattern):
        return Annotated[str, Field(pattern=value.regex, examples=[value.example])]
    if isinstance(value, shape.ListOf):
        return list[_type(value.item)]
    if isinstance(value, shape.Named):
        return dict[str, _type(value.item)]
    if isinstance(value, shape.Either):
        return Union[tuple(_type(option) for option in value.options)]
    raise TypeError(f"no schema for {value!r}")


def _field_name(key: str) -> str:
    return f"{key}_" if keyword.iskeyword(key) or hasattr(BaseModel, key) else key


@lru_cache(maxsize=None)
def model(table: shape.Table) -> type[BaseModel]:
    """The pydantic model of one declared table."""
    fields = {
        _field_name(key): (_type(value), Field(... if key in table.required else None, alias=key))
        for key, value in table.keys
    }
    return create_model(table.name, __config__=ConfigDict(extra="forbid"), __doc__=table.doc, **fields)


def _tidy(node: Any) -> Any:
    """Drop the ``default: null`` of optional keys (TOML has no null)."""
    if isinstance(node, dict):
        return {k: _tidy(v) for k, v in node.items() if not (k == "default" and v is None)}
    if isinstance(node, list):
        return [_tidy(v) for v in node]
    return node


def json_schema(table: shape.Table) -> dict:
    """The JSON Schema (draft 7) of a declared table, definitions included."""
    found = model(table).model_json_schema(ref_template="#/definitions/{model}")
    found["definitions"] = found.pop("$defs", {})
    return {"$schema": "http://json-schema.org/draft-07/schema#", **_tidy(found)}


def text_of(table: shape.Table) -> str:
    return json.dumps(json_schema(table), indent=2, ensure_ascii=False) + "\n"


def problems_of(doc: dict, table: shape.Table = shape.JURISDICTION) -> list[str]:
    """What the schema finds wrong in a parsed calendar file (``place: message``)."""
    try:
        model(table).model_validate(doc)
    except ValidationError as exc:
        return [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
    return []


def main(argv: list[str]) -> int:
    stale = [path for path, table in SCHEMAS.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text_of(table)]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is stale: run python -m deadlines.calendar_schema")
        return 1 if stale else 0
    for path in stale:
        path.write_text(text_of(SCHEMAS[path]), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
