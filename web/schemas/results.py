"""The computed deadlines: one election cycle of one jurisdiction (``Result``,
the JSON of ``deadlines compute --json``) and the listing across many
(``Listing``), as :mod:`deadlines.publish.as_json` writes them."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.core.model import AUDIENCES, KINDS, STATUSES
from web.schemas.base import Closed, Day, Moment, Next, Notes

GovernmentKind = Literal[GOVERNMENT_KINDS]  # type: ignore[valid-type]


class Reading(Closed):
    """One way the law can be read, with the date it gives."""
    name: str
    roll: str
    due: Moment
    cite: str
    why: str
    safe: bool


class Threshold(Closed):
    """How many signatures (or what share) a petition needs."""
    office: str
    who: str
    min: int | None
    max: int | None
    percent: float | None
    note: str | None
    cite: str
    text: str


class DeadlineOverride(Closed):
    """The order that replaced the computed date."""
    authority: str
    reason: str
    computed_due: Moment | None


class LocalFact(Closed):
    """A fact of the government itself a date rests on, with where it was found."""
    fact: str = Field(description="office_hours, closure, filing_office, holds_primary, decision:<choice>, published:<deadline>, notice_published:<deadline> (the clerk marked the notice published: the day, and where as its quote)")
    value: str
    source: str = Field(description="The link where it was read, or \"recorded by the clerk\"")
    quote: str = Field(description="The words quoted from the source")
    as_of: str | None
    by: Literal["clerk", "report", "research"]


class FeeAmount(Closed):
    """The dollars of a filing fee, for one office or (office null) every office."""
    office: Literal["mayor", "council"] | None
    dollars: str = Field(description="As the source states it: 50, 35.00")


class FilingFee(Closed):
    """The filing fee research recorded for this filing and cycle (Utah Code 20A-9-203(3)(a)(ii): "pay the filing
    fee, if one is required by municipal ordinance"), with where it was found."""
    amounts: list[FeeAmount]
    fact: Literal["filing_fee"]
    value: str = Field(description="The fact's value: 50, 35.00, or mayor 100; council 50")
    source: str = Field(description="The link where it was read")
    quote: str = Field(description="The words quoted from the source")
    as_of: str | None
    by: Literal["clerk", "report", "research"]
    text: str = Field(description="The row's sentence, in the response's language")


class Basis(Closed):
    """What the date rests on: the statute alone (law), a local fact unknown and the state's default used
    (assumed: named in `assumed`), a recorded local fact (recorded), the government's own published notice
    giving the same date (published) or another (departs: both shown, the earlier safe)."""
    status: Literal["law", "assumed", "recorded", "published", "departs"]
    facts: list[LocalFact]
    assumed: list[str] = Field(description="The local facts not known, whose default is used: office_hours, a choice's name")
    said: str = Field(description="All this in plain words, in the response's language")
    notes: Notes


class Deadline(Closed):
    id: str
    uid: str
    title: str
    kind: Literal[KINDS]  # type: ignore[valid-type]
    audience: list[Literal[AUDIENCES]]  # type: ignore[valid-type]
    start: Moment | None
    statutory_start: str | None
    due: Moment
    ends: str
    safe_due: Moment | None
    status: Literal[STATUSES]  # type: ignore[valid-type]
    citation: str
    citation_url: str | None
    citation_read: str | None
    text: str
    steps: list[str]
    readings: list[Reading]
    warnings: list[str]
    basis: Basis | None = Field(None, description="What the date rests on (every deadline the service computes has one)")
    thresholds: list[Threshold]
    override: DeadlineOverride | None
    rule_effective: str | None
    source: str
    case: str | None = Field(description="The case of a deadline counted from a trigger event")
    changes: list[str]
    notes: Notes
    filing_fee: FilingFee | None = Field(None, description="The filing fee recorded for this filing and cycle, where one is (absent otherwise)")


class JurisdictionRef(Closed):
    id: str
    name: str
    timezone: str


class Anchor(Closed):
    title: str
    value: Moment
    how: str


class TimeLaw(Closed):
    roll: str
    cite: str


class Pending(Closed):
    """A deadline counted from a trigger event not recorded yet."""
    id: str
    waiting_for: list[str]


class CaseEvent(Closed):
    name: str
    at: Moment
    id: str | None
    cancelled: str | None


class Case(Closed):
    id: str
    label: str
    open: bool
    events: list[CaseEvent]
    deadlines: list[str]


class Result(Closed):
    jurisdiction: JurisdictionRef
    election: Day = Field(description="The day the general election is held")
    cycle: Day = Field(description="The cycle: the general election's date by rule (differs when it moved)")
    anchors: dict[str, Anchor]
    time_law: TimeLaw
    deadlines: list[Deadline]
    pending: list[Pending]
    warnings: list[str]
    moved: str | None = Field(description="Moved from X to Y by an authority, when the election is")
    cases: list[Case]
    notes: Notes


class JurisdictionBrief(Closed):
    id: str
    name: str
    timezone: str
    state: str | None
    ocd_id: str | None
    kind: GovernmentKind | None
    county: str | None


class ListingEntry(Closed):
    jurisdiction: JurisdictionBrief
    election: Day
    cycle: Day
    edge: Literal["opening", "closing"] = Field(
        description="opening: a window opens (at its start); closing: the date to act by (safe_due)")
    at: Moment = Field(description="The window's start for an opening, the safe_due for a closing")
    deadline: Deadline


class Listing(Closed):
    from_: Day = Field(alias="from")
    to: Day
    state: str | None
    audience: str | None
    total: int = Field(description="Deadlines in the whole listing (every page)")
    items: list[ListingEntry] = Field(description="This page's deadlines, by date (the envelope of every list: "
                                                  "`items`, `next`, `total`)")
    next: Next
    deadlines: list[ListingEntry] = Field(
        deprecated=True, description="Deprecated (kept one release; read `items`): the same entries as `items`")
    cursor: str | None = Field(
        deprecated=True, description="Deprecated (kept one release; follow `next`): the next page's cursor alone, "
                                     "to give as `cursor`; null on the last")
    warnings: list[str]
