"""The API's shapes as pydantic models, one source for the OpenAPI document
(:func:`components`), the clerk API's request validation and the drift test
that holds every response to them."""
from __future__ import annotations

from functools import cache

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from web.schemas.base import Problem
from web.schemas.clerk import (ClosureIn, ClosureOut, Decision, DecisionIn, ElectionEntry, ElectionIn, Event, EventIn,
                               FilingOfficeIn, FilingOfficeOut, HistoryEntry, OfficeHoursIn, OfficeHoursOut, Override,
                               OverrideIn, Publication, PublicationIn, Subscription, SubscriptionCreated,
                               SubscriptionIn)
from web.schemas.law import Jurisdiction, Places
from web.schemas.results import Deadline, Listing, Result
from web.schemas.reports import ReportIn, ReportReceived

#: Models of response bodies, and of request bodies (validated as sent).
RESPONSES: tuple[type[BaseModel], ...] = (
    Result, Deadline, Listing, Jurisdiction, Places, Problem,
    Event, ElectionEntry, Override, Decision, Subscription, SubscriptionCreated, HistoryEntry, ReportReceived,
    OfficeHoursOut, ClosureOut, Publication, FilingOfficeOut)
REQUESTS: tuple[type[BaseModel], ...] = (EventIn, ElectionIn, OverrideIn, DecisionIn, SubscriptionIn, ReportIn,
                                         OfficeHoursIn, ClosureIn, PublicationIn, FilingOfficeIn)
REF = "#/components/schemas/{model}"


def ref(model: type[BaseModel]) -> dict:
    return {"$ref": REF.format(model=model.__name__)}


@cache
def components() -> dict[str, dict]:
    """Every model's JSON Schema (and the models they hold) by name, as
    ``components.schemas`` of the OpenAPI document (the same dict every call:
    do not change it)."""
    _, top = models_json_schema([(m, "serialization") for m in RESPONSES] + [(m, "validation") for m in REQUESTS],
                                ref_template=REF)
    return top["$defs"]
