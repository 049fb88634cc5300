"""What every API model shares: closed response objects (a key a model does
not declare is an error, so the OpenAPI document says ``additionalProperties:
false`` and cannot drift from the JSON), the string forms of dates and
moments, and the note (a fact with a code and arguments)."""
from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Closed(BaseModel):
    """A response object: every key declared, none more."""
    model_config = ConfigDict(extra="forbid")


Day = date  # YYYY-MM-DD (``format: date``)
Moment = Annotated[str, Field(description="A date (YYYY-MM-DD, all-day) or an instant with its UTC offset")]
Next = Annotated[str | None, Field(description="The next page's URL; null on the last")]


class Note(Closed):
    """A fact the engine states: a code and its arguments (dates, counts, ids,
    citations; never prose, except a clerk's or a calendar file's own words as
    ``{"code": "text", "args": {"text"}}``), beside the words of ``steps``/``warnings``.
    Arguments that are facts themselves are nested ``{code, args}``."""
    code: str
    args: dict[str, Any]
    of: Literal["steps", "warnings", "moved", "basis"] = Field(
        description="The key whose words this note is: a deadline's steps or warnings, a result's warnings or move")


Notes = Annotated[list[Note], Field(description="The facts behind the words, as codes with arguments")]


class Problem(Closed):
    """An RFC 9457 problem (``application/problem+json``); ``field`` names the
    input at fault where there is one."""
    type: str = Field(description="about:blank: the status says it")
    title: str
    status: int
    detail: str
    instance: str = Field(description="The path asked")
    field: str | None = None
    code: str | None = Field(
        None, description="What went wrong as a stable code, where the service has one (the detail says it in words, "
                          "in the language asked with lang): an input error's (date.out_of_range), a refusal's "
                          "(busy.queue_full), an outage's (unavailable.database)")
    cases: list[CaseRef] | None = Field(None, description="409 only: the open cases to name one of")
    suggestions: list[str] | None = Field(
        None, description="404 for an unknown jurisdiction only: the known ids nearest the one asked, closest first "
                          "(empty where none is near; the detail then says how to find one)")


class CaseRef(Closed):
    id: str
    label: str


Problem.model_rebuild()
