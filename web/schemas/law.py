"""A jurisdiction's law as the API gives it (``Jurisdiction``) and the place
search's pages (``Places``), as :mod:`web.api` writes them."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from web.schemas.base import Closed, Day, Next
from web.schemas.results import GovernmentKind


class Links(Closed):
    self: str
    page: str
    deadlines: str
    calendar: str


class Place(Closed):
    id: str
    ocd_id: str | None = Field(description="Open Civic Data division id")
    name: str
    kind: GovernmentKind | None = Field(description="The kind of government")
    state: str | None
    county: str | None = Field(description="The principal county, without 'County'")
    counties: list[str]
    timezone: str
    links: Links
    subtype: str | None = Field(None, description="A special district's kind (\"fire protection\"), where listed")
    website: str | None = Field(None, description="Its website as its source list gives it (often without a scheme)")
    lgid: str | None = Field(None, description="Its Colorado DOLA local-government id")
    where: Literal["inside", "may"] | None = Field(
        None, description="Given lat and lon only: `inside`, its loaded boundary holds the point; `may`, no "
                          "boundary of it is loaded and it lies in the point's county, so it may govern there")


class Places(Closed):
    items: list[Place]
    total: int = Field(description="Matches in all (every page)")
    next: Next
    suggested: list[Place] = Field(
        description="Where `q` matches nothing (`items` empty, `total` 0): the governments whose names are nearest "
                    "what was typed, nearest first, at most 3, with the same filters (`q=denvr`: the City and County "
                    "of Denver), as the search page suggests them; empty otherwise")


class TimeLawText(Closed):
    roll: str
    cite: str
    text: str


class OtherHours(Closed):
    day: str = Field(description="a weekday, lower case: friday")
    open: str
    close: str


class FilingOffice(Closed):
    value: str = Field(description="where a candidate files: office; address; phone; where in it")
    by: str = Field(description="who recorded it: clerk, report or research (the clerk's wins)")
    source: str = Field(description="a link, or \"recorded by the clerk\"")
    quote: str | None = Field(description="the words quoted from the source (the clerk's authority)")
    as_of: str | None


class OfficeHours(Closed):
    open: str = Field(description="the usual opening hour, HH:MM")
    close: str = Field(description="the usual closing hour, HH:MM: a last day with no hour of its own ends then")
    cite: str
    days: list[str] = Field(description="the weekdays the office is open, lower case")
    other: list[OtherHours] = Field(description="the open weekdays with other hours than the usual (a last day on "
                                               "one ends at its closing hour)")


class Election(Closed):
    name: str
    title: str
    rule: str
    cite: str
    next: Day


class Trigger(Closed):
    name: str
    title: str
    type: Literal["date", "instant"]
    cite: str


class Rule(Closed):
    id: str
    title: str
    kind: str
    audience: list[str]
    effective: str | None
    citation: str
    text: str


class Holiday(Closed):
    date: Day
    name: str


class OfficeClosure(Closed):
    date: Day
    name: str
    cite: str


class Holidays(Closed):
    cite: str
    url: str | None
    read: str | None
    covers_from: int
    closed: list[Holiday]
    office_closures: list[OfficeClosure]


class Jurisdiction(Closed):
    id: str
    name: str
    timezone: str
    source: str
    links: Links
    ocd_id: str | None
    kind: GovernmentKind | None
    state: str | None
    county: str | None
    counties: list[str]
    caveats: list[str] = Field(description="Said with every result: the whole law shown is a reading")
    time_law: TimeLawText
    office_hours: OfficeHours | None
    filing_office: FilingOffice | None = Field(description="the filing office in force today, by precedence")
    elections: list[Election]
    triggers: list[Trigger]
    rules: list[Rule]
    holidays: Holidays
