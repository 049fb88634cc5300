"""The clerk's write API: the bodies it takes (validated by these models
before anything is looked up: the shape here, the meaning for the
jurisdiction in :mod:`deadlines.store.records`) and the objects it answers.
Request models ignore keys they do not declare (as the API always has);
response models declare every key."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from deadlines.core import inputs
from deadlines.core.model import AUDIENCES
from deadlines.store.subscriptions import DEFAULT_LEADS
from web.schemas.base import Closed, Day, Moment

Label = Annotated[str | None, Field(max_length=inputs.LABEL_MAX)]
Text = Annotated[str | None, Field(max_length=inputs.MAX_TEXT)]
Required = Annotated[str, Field(min_length=1, max_length=inputs.MAX_TEXT, pattern=r"\S")]
DateText = Annotated[str | None, Field(json_schema_extra={"format": "date"})]
MomentText = Annotated[str | None, Field(description="ISO 8601: a date, or a date and time (local unless an "
                                                     "offset is given)")]


class Body(BaseModel):
    """A request body: strict JSON types (no "5" for 5, no 1 for true)."""
    model_config = ConfigDict(extra="ignore", strict=True)


class EventIn(Body):
    model_config = ConfigDict(json_schema_extra={
        "example": {"name": "ordinance-adopted", "at": "2026-05-04", "label": "Ordinance 2026-11"}})
    name: str = Field(description="A trigger event of the jurisdiction (`ordinance-adopted`, `objection-filed`, ...; "
                                  "see `triggers` of the jurisdiction)")
    at: str = Field(description="ISO 8601: a date for a date-type trigger, a date and time for an instant-type one "
                                "(local time unless an offset is given; an offset is converted to the "
                                "jurisdiction's zone)")
    label: Label = Field(None, description="The case's name (\"Ordinance 2027-04\"). Events with the same label are "
                                           "one case; without a label, each occurrence of a trigger is its own case")
    reason: Label = Field(None, description="Why (kept in the history)")


class ElectionIn(Body):
    model_config = ConfigDict(json_schema_extra={"description": "At least one of the two dates (422 otherwise)",
                                                 "example": {"general": "2026-11-10"}})
    general: DateText = Field(None, description="The date the general election is held")
    primary: DateText = Field(None, description="The date the primary is held (only where the jurisdiction holds one)")
    authority: Text = Field(None, description="What moved the election (said on every surface: moved from X to Y "
                                              "by ...)")
    reason: Text = None


class OverrideIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {
        "due": "2026-06-01", "authority": "Order of the circuit court", "reason": "ballot printing delayed"}})
    status: Literal["overridden", "cancelled"] = "overridden"
    due: MomentText = Field(None, description="The new due date or instant (ISO 8601); required when overridden")
    start: MomentText = Field(None, description="The new start of a window (ISO 8601)")
    authority: Required = Field(description="What ordered the change (a court order, a proclamation)")
    reason: Required = Field(description="Why")
    case: Label = Field(None, description="The case (e.g. case-12) whose deadline it replaces, for a deadline "
                                          "counted per case")


class DecisionIn(Body):
    model_config = ConfigDict(json_schema_extra={
        "example": {"taken": True, "authority": "City Council, Resolution 5 of 2019"}})
    taken: bool = Field(description="Whether the jurisdiction takes the choice for this cycle")
    authority: Required = Field(description="What decided it (a council resolution, the notice to the lieutenant "
                                            "governor)")
    reason: Text = Field(None, description="Why (kept in the history)")


Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class OfficeHoursIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {
        "open": "08:00", "close": "12:00", "days": ["monday", "tuesday", "wednesday", "thursday", "friday"],
        "authority": "Town Council, posted office hours for the 2027 filing period"}})
    open: str = Field(description="When the office opens, HH:MM (24-hour, the office's own local time, no offset)")
    close: str = Field(description="When it closes, HH:MM; a filing \"during office hours\" ends then")
    days: list[Weekday] | None = Field(None, description="The weekdays it is open (default Monday to Friday); a "
                                                        "business day left out keeps the law's last day and adds "
                                                        "the office's last open day before it as the safe date")
    other: dict[Weekday, str] | None = Field(None, description="Open weekdays with other hours, HH:MM-HH:MM "
                                            "(`{\"friday\": \"09:00-13:00\"}`): a last day on one ends when the "
                                            "office closes that day")
    authority: Required = Field(description="What sets the hours (\"Clerk's posted hours, 2027\")")
    from_: DateText = Field(None, alias="from", description="The first day they hold (YYYY-MM-DD; default the day "
                                                            "recorded, in the jurisdiction's zone). They hold until "
                                                            "the next entry's first day; earlier entries are kept, "
                                                            "and a cycle is computed with the hours in force on its "
                                                            "general election. Hours recorded again for the same "
                                                            "first day replace that day's entry")


class OfficeHoursOut(Closed):
    open: str
    close: str
    days: list[Weekday]
    other: dict[Weekday, str] = Field(description="Open weekdays with other hours, as `HH:MM-HH:MM`")
    authority: str
    recorded_at: str
    from_: Day = Field(alias="from", description="The first day these hours hold")
    until: Day | None = Field(description="The last day they hold (the day before the next entry's, or the day "
                                          "before a clerk ended them); null: open-ended")


class ClosureIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {"day": "2027-06-07", "reason": "Town office closed: "
                                                                                           "water main break"}})
    day: str = Field(json_schema_extra={"format": "date"}, description="The day the office is closed (YYYY-MM-DD)")
    reason: Required = Field(description="Why (said beside the dates it moves)")


class ClosureOut(Closed):
    id: int
    day: Day
    reason: str
    recorded_at: str


class SubscriptionIn(Body):
    model_config = ConfigDict(json_schema_extra={
        "example": {"channel": "webhook", "target": "https://example.org/hooks/deadlines"}})
    channel: Literal["email", "webhook"] = Field(
        description="email: confirmed by the recipient first (double opt-in); webhook: active at once")
    target: str = Field(max_length=inputs.MAX_TEXT,
                        description="An email address, or an http(s) URL that resolves to a public address")
    leads: list[Annotated[int, Field(ge=0, le=365)]] = Field(
        list(DEFAULT_LEADS), min_length=1, max_length=10, description="Days before each deadline")
    notice_lead: int = Field(3, ge=1, le=21, description="Days before a notice window closes")
    deadlines: list[str] = Field([], description="Deadline ids (empty: all)")
    audience: Literal[AUDIENCES] | None = Field(  # type: ignore[valid-type]
        None, description="Only the deadlines of this audience (null: every deadline)")


class Event(Closed):
    id: int
    name: str
    at: Moment
    label: str
    case: str | None = Field(description="The case it belongs to (its deadlines' UIDs carry it)")
    recorded_at: str = Field(description="When it was recorded (ISO 8601)")
    deleted_at: str | None = Field(description="When it was deleted (its deadlines stay, cancelled)")
    deleted_reason: str | None


class ElectionEntry(Closed):
    cycle: Day
    general: Day | None
    primary: Day | None
    authority: str | None
    reason: str | None


class Override(Closed):
    deadline: str
    election: Day
    case: str | None
    status: Literal["overridden", "cancelled"]
    due: Moment | None
    start: Moment | None
    authority: str
    reason: str


class Decision(Closed):
    choice: str
    cycle: Day
    taken: bool
    authority: str
    recorded_at: str = Field(description="When it was recorded (ISO 8601)")


class Subscription(Closed):
    id: int
    channel: Literal["email", "webhook"]
    target: str
    leads: list[int]
    notice_lead: int
    deadlines: list[str]
    audience: str | None = Field(description="Only the deadlines of this audience (null: every deadline)")
    confirmed: bool
    active: bool


class SubscriptionCreated(Subscription):
    secret: str | None = Field(description="A webhook's HMAC secret, shown once (null for email)")


class HistoryEntry(Closed):
    id: int
    at: str
    by: str = Field(description="The clerk token's label")
    action: str
    target: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    authority: str
    reason: str


class PublicationIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {"published_on": "2027-04-20",
                                                             "where": "Utah Public Notice Website"}})
    published_on: str = Field(json_schema_extra={"format": "date"},
                              description="The day the notice was published (YYYY-MM-DD): not after today in the "
                                          "jurisdiction's zone, and inside the notice window (422 otherwise)")
    where: Required = Field(description="The newspaper or site it was published in (said on the public row)")


class Publication(Closed):
    """A notice marked published: its reminders stop, the public row says "published" with the day and the place."""
    uid: str = Field(description="The notice window's uid (`<jurisdiction>/<cycle>/<deadline>`)")
    deadline: str = Field(description="The notice window's rule id (`filing-notice`, ...)")
    election: Day = Field(description="The cycle: its general election's date by rule")
    published_on: Day
    where: str
    by: str = Field(description="Who marked it (the token's label, or the clerk at the desk)")
    recorded_at: str


class FilingOfficeIn(Body):
    model_config = ConfigDict(json_schema_extra={"example": {
        "office": "Town Recorder", "address": "65 N. Center, Emery, Utah", "phone": "435-555-0100",
        "where": "the front counter of the town office", "authority": "Town notice of municipal elections, 2027"}})
    office: Required = Field(description="The office a candidate files with (\"City Recorder\")")
    address: Required = Field(description="Its street address")
    phone: Label = Field(None, description="Its phone number")
    where: Label = Field(None, description="Where in it a candidate files (\"Room 415\")")
    authority: Required = Field(description="What says so (kept with it, and in the history)")


class FilingOfficeOut(Closed):
    office: str
    address: str
    phone: str | None
    where: str | None
    authority: str
    recorded_at: str
    value: str = Field(description="As the pages say it (`filing_office` among the local facts, \"recorded by the "
                                   "clerk\"): office; address; phone; where")
