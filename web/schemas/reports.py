"""A report of a date a government published (``POST
/api/v1/jurisdictions/{jid}/reports``, :mod:`web.reports`): the body it
takes (its shape here; its meaning for the jurisdiction in
:mod:`deadlines.store.reports`) and the answer."""
from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from deadlines.core import inputs
from web.schemas.base import Closed
from web.schemas.clerk import Body, Required


class ReportIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {
        "deadline": "petition-filing", "election": "2026-11-03", "due": "2026-04-21T16:00:00-04:00",
        "source": "https://cityofypsilanti.com/notices/2026-petitions",
        "quote": "Nominating petitions must be filed with the City Clerk by 4:00 p.m. on Tuesday, April 21, 2026."}})
    deadline: str = Field(description="A deadline id of the jurisdiction (see `rules` of the jurisdiction)")
    election: str = Field(json_schema_extra={"format": "date"},
                          description="The cycle: its general election's date by rule (YYYY-MM-DD)")
    due: str = Field(max_length=60, description="The date published: a date (YYYY-MM-DD), or a date and time with "
                                                "its UTC offset (2026-04-21T16:00:00-04:00)")
    source: str = Field(max_length=inputs.MAX_TEXT,
                        description="An http or https link to where the government published it")
    quote: Required = Field(description="The words of the published notice that give the date")
    email: str | None = Field(None, max_length=320, description="Where the operator may write to you (optional)")


class ReportReceived(Closed):
    id: int = Field(description="The report's id (`deadlines reports accept ID`)")
    status: Literal["pending"] = Field(description="Waiting for review: nothing it says is used until accepted")
