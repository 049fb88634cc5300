"""Errors that name the file, the rule and what was expected."""
from __future__ import annotations

import string
from dataclasses import dataclass

from deadlines.core.notes import Note


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a calendar file: ``path: where: message``."""

    path: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.message}" if self.where else f"{self.path}: {self.message}"


class CalendarError(Exception):
    """Calendar files that failed validation; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


#: The English of each input error by code, ``{name}`` fields filled from the
#: error's ``facts`` (text already said as the message says it: ids quoted,
#: dates in ISO 8601; a list is a tuple, said ``{name:or}`` "a or b",
#: ``{name:comma}`` "a, b"; ``{name:lower}`` is text in lower case; another
#: error's words are its :func:`fact`). It is its own msgid: ``deadlines.words``
#: says it in other languages.
ERRORS = {
    "text.too_long": "{field}: at most {limit} characters",
    "text.bad_character": "{field}: contains the character U+{point}, which is not allowed",
    "text.required": "{field}: required text, at most {limit} characters",
    "text.required_what": "{field}: required text ({what}), at most {limit} characters",
    "data.number_out_of_range": "{field}: number out of range",
    "data.too_deep": "{field}: nested too deeply",
    "data.too_many_items": "{field}: at most {limit} items",
    "date.out_of_range": "{field}: give a date from {first} to {last}",
    "date.expected": "{field}: expected a date YYYY-MM-DD",
    "filter.audience": "audience must be one of {allowed}",
    "filter.kind": "kind must be one of {allowed}",
    "filter.state": "state: a two-letter postal code, e.g. MI",
    "range.backwards": "to: the range ends before it starts",
    "range.too_long": "to: a range of at most {most} days, please (ask page by page for longer)",
    "limit.out_of_range": "limit: a whole number from 1 to {most}",
    "date.not_a_date": "{field}: expected a date YYYY-MM-DD, got {got}",
    "moment.expected": "{field}: expected a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM",
    "event.needs_time": "{field}: event '{name}' is an instant: give a date and time, e.g. {day}T14:30",
    "event.date_only": "{field}: event '{name}' is recorded as a date: give YYYY-MM-DD",
    "event.unknown": "{jurisdiction} has no event {name} (its events: {known})",
    "event.malformed": "event: expected NAME=DATETIME[,LABEL], got {got}",
    "label.too_long": "{field}: optional text of at most {limit} characters naming the case",
    "cycle.not_general": "{field}: {day} is not a general election of {jurisdiction} by rule (a cycle is named by that date)",
    "choice.unknown": "{field}: {jurisdiction} has no choice {name} (its choices: {known})",
    "flag.expected": "{field}: true or false",
    "number.out_of_range": "{field}: a whole number from {low} to {high}",
    "cursor.unknown": "cursor: not a cursor this service gave (use the 'next' link of the previous page)",
    "primary.none": "{jurisdiction} holds no primary election; leave out the primary date",
    "point.not_a_number": "{field}: expected a number of degrees, got {got}",
    "point.out_of_range": "{field}: degrees from {low} to {high}",
    "point.needs_both": "{field}: give lat and lon together (the point's latitude and longitude in degrees)",
    "point.not_with": "{field}: not with lat and lon (a point lists the governments there)",
    "near.expected": "near: expected LAT,LON in degrees (42.2411,-83.6130), got {got}",
    "time.expected": "{field}: a time of day, HH:MM (24-hour)",
    "time.not_a_time": "{field}: {got} is not a time of day, HH:MM (24-hour)",
    "time.with_offset": "{field}: {got} carries a UTC offset; give the office's own time of day, HH:MM (24-hour), "
                        "in {zone}",
    "hours.backwards": "close: the office closes ({close}) before it opens ({open})",
    "hours.days": "days: expected the weekdays the office is open, as names (\"tuesday\", \"wed\"), got {got}",
    "hours.other": ("other: expected the open weekdays with other hours, as {{\"friday\": \"09:00-13:00\"}}, each a "
                    "day the office is open, closing after it opens; got {got}"),
    "filing.phone": "phone: {got} is not a phone number (digits, spaces, dashes, parentheses, + and x)",
    "closure.unknown": "no closure {closure} recorded for {jurisdiction}",
    "idempotency.reused": "{field} {key} was used for another event (event {event})",
    "submission.reused": "{field}: this form was saved already (event {event}); reload the page to record another event",
    "body.too_large": "request body over {limit} bytes",
    "events.too_many": "{field}: the {cycle} cycle of {jurisdiction} holds {held} recorded trigger events; a cycle may "
                       "hold at most {limit} (deleted events count: their deadlines stay in the feeds, cancelled), so "
                       "nothing was recorded",
    "leads.not_days": "{field}: a list of whole days before each deadline, e.g. [14, 7, 1]",
    "leads.out_of_range": "{field}: 1 to 10 values, each 0-365 days",
    "email.invalid": "{field}: not an email address",
    "email.invalid_why": "{field}: not an email address ({why})",
    "channel.unknown": "{field}: 'email' or 'webhook'",
    "url.too_long": "{field}: a URL of at most {limit} characters",
    "deadlines.unknown": "{field}: {jurisdiction} has no {names}",
    "value.one_of": "{field}: one of {allowed}",
    "notice_lead.out_of_range": "{field}: 1-21 days before a notice window closes",
    "deadline.unknown": "{field}: {jurisdiction} has no deadline {name} (its deadlines: {known})",
    "election.required": "{field}: required: the general election of the cycle (YYYY-MM-DD)",
    "due.required": "{field}: required: a date (YYYY-MM-DD) or a date and time with its UTC offset (2027-06-01T17:00:00-06:00)",
    "due.too_long": "{field}: a date (YYYY-MM-DD) or a date and time with its UTC offset (2027-06-01T17:00:00-06:00), at most {limit} characters",
    "due.needs_offset": "{field}: a time needs its UTC offset: a date (YYYY-MM-DD) or a date and time with its UTC offset (2027-06-01T17:00:00-06:00); got {got}",
    "due.outside_cycle": "{field}: {day} is not a date of the {cycle} cycle (from {first} to {last})",
    "source.required": "{field}: required: the link to where the government published the date (https://...)",
    "source.not_a_url": "{field}: an http or https URL of at most {limit} characters (https://...), got {got}",
    "event.no_election_after": "{field}: no election of {jurisdiction} follows {moment}",
    "label.taken": "{field}: the case {label} already has a {name} event (id {taken}); give this one its own label, or change that event",
    "text.optional": "{field}: optional text, at most {limit} characters",
    "election.moved_too_far": "{field}: {general} is {days} days from the {cycle} cycle's election by rule; a moved election is held within {limit} days of it (an election of another cycle is entered under that cycle)",
    "primary.not_year_before": "{field}: {primary} must fall in the year before the general election ({held})",
    "election.none_given": "{field}: give a general and/or a primary election date",
    "election.other_cycle": "{field}: {general} would be read as the election of the {other} cycle, not of {cycle}'s (a moved election stays in its own year)",
    "case.not_a_case_deadline": "{field}: {deadline} is the cycle's own deadline, not a case's; leave out the case",
    "case.unknown": "{field}: no case {case} in the {cycle} cycle of {jurisdiction} (its cases: {known})",
    "deadline.unknown_here": "{jurisdiction} has no deadline {name} (its deadlines: {known})",
    "override.status": "{field}: 'overridden' or 'cancelled'",
    "override.needs_due": "{field}: an override gives the new date (or set status 'cancelled')",
    "closure.recorded_already": "{field}: a closure of {day} is already recorded; delete it first to change it",
    "value.required": "{field}: required",
    "primary.none_held": "{jurisdiction} holds no primary election",
    "query.unknown": "no parameter '{field}' here (give {allowed})",
    "date.required": "{field}: required, a date YYYY-MM-DD",
    "include.cancelled": "{field}: {got} is not listed apart; give include=cancelled to list the deadlines a clerk cancelled or deleted too (left out by default)",
    "include.examples": "{field}: {got} is not listed apart; give include=examples to list the example calendars too (left out by default)",
    "filter.lang": "lang must be one of {allowed}",
    "filter.no_match": "no government matches these state, county and kind",
    "combined.none_given": "{field}: give the jurisdictions to combine, comma-separated (j=ypsilanti-mi,orem-ut), or state, county and kind (state=MI&county=Dickinson&kind=township)",
    "combined.too_many": "{field}: at most {limit} jurisdictions in one feed (or name them by state, county and kind: a feed of one event per deadline they share)",
    "access.unknown": "no access request {request}",
    "access.approved_already": "access request {request} was approved already ({by}, {on})",
    "access.denied_already": "access request {request} was denied already ({by}, {on})",
    "report.unknown": "no report {report}",
    "report.accepted_already": "report {report} was accepted already ({by}, {on})",
    "report.rejected_already": "report {report} was rejected already ({by}, {on})",
    "report.other_jurisdiction": "report {report} is of {of}, not {jurisdiction}",
    "moment.not_a_moment": "{field}: expected a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM, got {got}",
    "moment.out_of_years": "{field}: expected a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM from {first} to {last}, got {got}",
    "choice.not_in_force": "{field}: the law gives the choice {name} only for elections from {effective}, not the {cycle} cycle",
    "choice.not_in_force_until": "{field}: the law gives the choice {name} only for elections from {effective} until {ends}, not the {cycle} cycle",
    "jurisdiction.unknown_ocd": "no government with the Open Civic Data division id '{id}'",
    "jurisdiction.malformed": "'{id}' is not a jurisdiction id (lower-case letters, digits and hyphens)",
    "jurisdiction.unknown_of": "unknown jurisdiction '{id}'; known: {known:comma}",
    "jurisdiction.unknown_near": "unknown jurisdiction '{id}'; did you mean {nearest:or}? find a government's id by its name with `deadlines list NAME` or GET /api/v1/jurisdictions?q=NAME ({count} known)",
    "jurisdiction.unknown": "unknown jurisdiction '{id}'; find a government's id by its name with `deadlines list NAME` or GET /api/v1/jurisdictions?q=NAME ({count} known)",
    "jurisdiction.unknown_api_near": "unknown jurisdiction '{id}'; did you mean {nearest:or}?",
    "jurisdiction.unknown_api": "unknown jurisdiction '{id}'; find a government's id by its name with GET /api/v1/jurisdictions?q=NAME",
    "filter.county": "{field}: expected a county's name in letters (Kent), got {county}",
    "filter.county_none_recorded": "{field}: {county} is not a county this service knows (no government here records its county)",
    "filter.county_unknown": "{field}: {county} is not a county of {state} this service knows (did you mean {nearest:or}?)",
    "filter.county_unknown_anywhere": "{field}: {county} is not a county this service knows (did you mean {nearest:or}?)",
    "filter.county_unknown_example": "{field}: {county} is not a county of {state} this service knows (give the county's name, e.g. {example})",
    "filter.county_unknown_example_anywhere": "{field}: {county} is not a county this service knows (give the county's name, e.g. {example})",
    "filter.state_unknown": "{field}: {state} is not a state this service knows (give its postal code: one of {known:comma})",
    "anchor.needs_time": "event '{name}' is an instant: give a date and time, e.g. {day}T14:30",
    "calendar.not_covered": "{day} is outside the years {holds} holds ({first}-{last}); it cannot say whether that is a business day",
    "write.not_servable": "not recorded: with this change {jurisdiction}'s deadlines cannot be computed ({problems})",
    "write.not_servable_because": "not recorded: with this change {jurisdiction}'s deadlines cannot be computed: {why}",
    "body.invalid": "{where}: {said}",
    "body.required": "{where}: required",
    "body.text": "{where}: text",
    "body.true_or_false": "{where}: true or false",
    "body.whole_number": "{where}: a whole number",
    "body.list": "{where}: a list",
    "body.one_of": "{where}: {expected}",
    "body.too_long": "{where}: at most {max_length} characters",
    "body.blank": "{where}: required text, not blank",
    "body.too_few": "{where}: at least {min_length} item(s)",
    "body.too_many": "{where}: at most {max_length} items",
    "body.at_least": "{where}: at least {ge}",
    "body.at_most": "{where}: at most {le}",
    "feed.no_deadline": "{jurisdiction} has no deadline '{deadline}' for {part} (a deadline waiting for a trigger event has no date yet)",
    "feed.no_case": "{jurisdiction} has no case {case}",
    "feed.no_election": "{day} is not the date of a {election:lower}",
    "combined.none_available": "{field}: none of these is available for now (the calendar file has a problem): {ids:comma}",
    "webhook.refused": "{field}: {why}",
    "webhook.url": "webhook URL must be an http(s) URL of at most 2000 characters without spaces",
    "webhook.malformed": "webhook URL is malformed: {why}",
    "webhook.scheme": "webhook URL must be http(s)://host/...",
    "webhook.user_info": "webhook URL must not carry user info (user:password@)",
    "webhook.brackets": "webhook URL is malformed: brackets outside an IPv6 host",
    "webhook.bad_host": "webhook host {host} is not a valid name: {why}",
    "webhook.unresolved": "cannot resolve {host}: {why}",
    "webhook.not_public": "webhook target {host} resolves to {ip}, a non-public address (allow it with DEADLINES_WEBHOOK_ALLOW_NETS)",
}


#: The codes of a jurisdiction id no government has (every surface answers
#: them alike: the nearest ids, or a page's words for an unknown government).
UNKNOWN_JURISDICTION = ("jurisdiction.unknown", "jurisdiction.unknown_near", "jurisdiction.unknown_of",
                        "jurisdiction.unknown_ocd")

#: How a tuple fact is joined, by its field's format spec.
JOINS = {"or": " or ", "comma": ", "}


class _English(string.Formatter):
    """An ERRORS template filled in English (see :data:`ERRORS`)."""

    def format_field(self, value, spec: str) -> str:
        if isinstance(value, Note):
            return english(value.code, **dict(value.args))
        if isinstance(value, tuple):
            return JOINS.get(spec, "; ").join(self.format_field(v, "") for v in value)
        if spec in ("lower", "raw"):
            return str(value).lower() if spec == "lower" else str(value)
        return format(value, spec)


_ENGLISH = _English()


def english(code: str, **facts) -> str:
    """The English of error ``code`` (:data:`ERRORS`) with ``facts``."""
    return _ENGLISH.format(ERRORS[code], **facts)


def fact(exc: Exception) -> Note | str:
    """An error as a fact of another one: an error said by its code's
    template (``code`` and ``facts``) as them, said in the reader's language;
    anything else as its English."""
    code, facts = getattr(exc, "code", None), getattr(exc, "facts", ())
    if code in ERRORS and (facts or ERRORS[code] == str(exc)):
        return Note(code, facts)
    return str(exc)


class InputError(ValueError):
    """Bad input from a user (an unknown jurisdiction, a malformed date, an event
    the jurisdiction does not know). ``field`` names the input at fault;
    ``code`` says what is wrong (``date.malformed``, ``event.needs_time``...;
    ``input.invalid`` where nothing finer is said), for code that answers it
    in other words; the message is the terse words tools match on."""

    def __init__(self, message: str, field: str | None = None, code: str = "input.invalid",
                 facts: tuple[tuple[str, object], ...] = ()):
        super().__init__(message)
        self.field = field
        self.code = code
        self.facts = facts  # the fields of ERRORS[code], where the message is that template filled

    @classmethod
    def of(cls, code: str, field: str | None, **facts) -> "InputError":
        """The error ``code`` of :data:`ERRORS`, its message the template filled
        with ``facts`` (``field`` is a fact too)."""
        facts = {"field": field, **facts}
        return cls(english(code, **facts), field, code, tuple(facts.items()))


class CoverageError(InputError):
    """A day outside the years a business calendar holds: the holiday law is
    not written for it, so the calendar refuses to call it a business day."""


class CaseNeeded(InputError):
    """An override of a deadline that exists only in cases, naming none, where
    the cycle has no single open case to bind it to; ``cases`` lists them as
    ``(id, label)`` (answered 409: the request is right, the record ambiguous)."""

    def __init__(self, message: str, cases: list[tuple[str, str]]):
        super().__init__(message, "case", "case.needed")
        self.cases = list(cases)
