"""The engine's notes in words: one English template per note code (the
template is its own ``msgid`` in the ``engine`` catalog) and the rendering of
a note's arguments in a language.

A template names the note's arguments as ``{name}`` fields, with a format
spec where the argument is said another way than by its type:

- a date is its day ("Tuesday, April 21, 2026"), ``:plain`` without the
  weekday ("April 21, 2026"), ``:month`` its month, ``:dom`` its day of the
  month, ``:weekday`` its weekday;
- an instant is its hour on its day; a time its hour ("4:00 p.m.");
- a whole number is its digits, ``:ord`` its ordinal ("67th"), ``:weekday``
  the weekday it numbers (Monday 0), ``:month`` the month (January 1);
- text is a calendar file's words (through ``Words.calendar``), ``:lower`` in
  lower case, ``:raw`` as written (quoted law, ids);
- a note is its words; a tuple its items joined by "; " (``:comma``: ", ",
  ``:or``: " or " in the language).

``{place}`` is the jurisdiction's name, filled from the result, never a note;
``{zone}`` (a tz database name) is said as people name the zone on the public
pages (``Words.plain``).
An input error (:data:`deadlines.core.errors.ERRORS`) is said the same way,
its facts as the arguments.
A template given as a pair is the singular and plural for the argument ``n``.
"""
from __future__ import annotations

from datetime import date, datetime, time
from functools import lru_cache

from deadlines.core.errors import ERRORS
from deadlines.core.notes import Note
from deadlines.core.roster import LISTS

_EXTRA_MONTHS = "(calendar months; a missing day of the month counts as the month's last day)"


def _calendar_count(unit: str, direction: str, extra: str) -> tuple[str, str]:
    return (f"{{n}} {unit} {direction} {{anchor}} {extra} is {{day}}.",
            f"{{n}} {unit}s {direction} {{anchor}} {extra} is {{day}}.")


#: Every note code and its English template.
TEMPLATES: dict[str, str | tuple[str, str]] = {
    "moment": "{clock} on {day}",
    "cited": "{what} ({cite})",
    "cited_text": "{cite}: {text:raw}",
    # anchors and elections
    "anchor": "the {title:lower} ({value})",
    "anchor.entered": "entered",
    "anchor.recorded": "recorded",
    "anchor.derived": "derived by rule: {rule} ({cite})",
    "anchor.derived_moved": "derived by rule: {rule} ({cite}); moved from {rule_date} by {authority}",
    "election.first_tuesday": "the first Tuesday in {month:month} of {years}",
    "election.tuesday_after_first_monday": "the Tuesday after the first Monday in {month:month} of {years}",
    "election.second_tuesday_after_first_monday":
        "the second Tuesday following the first Monday in {month:month} of {years}",
    "election.last_tuesday": "the last Tuesday in {month:month} of {years}",
    "election.ways": "{ways}",
    "years.odd": "odd-numbered years",
    "years.even": "even-numbered years",
    "years.every": "every year",
    "years.presidential": "presidential election years (every fourth year)",
    "years.after-presidential": "the years after presidential election years (every fourth year: 2025, 2029, ...)",
    "election.taken_as_primary": ("{day} is the date of the {election:lower} by rule ({rule}), so it is taken as "
                                  "the primary, not the general election."),
    "election.primary_not_before": ("The {primary:lower} ({primary_day}) is not before the {general:lower} "
                                    "({general_day}): a primary comes before its general election; check the "
                                    "dates entered."),
    "election.not_this_year": "{year} is not a year of the {election:lower} ({rule})",
    "election.rule_gives": "the rule gives {day}",
    "election.no_such_year": "{year} is not a year of this election by rule",
    "election.not_by_rule": ("{day} is not the date of the {election:lower} by rule ({rule}; {expected}); "
                             "deadlines are counted from the date entered."),
    "election.moved": "The {election:lower} was moved from {cycle} to {held} by {authority}.",
    # counting
    "count.nth_weekday_before": ("The {n:ord} {weekday:weekday} preceding {anchor}, not counting that day itself, "
                                 "is {day}."),
    "count.days_before": "The {n:ord} day prior to {anchor} is {day}.",
    "count.same_day": "The day of {anchor} itself is {day}.",
    "count.days_after": _calendar_count("day", "after", "(the day itself not counted)"),
    "count.months_before": _calendar_count("month", "before", _EXTRA_MONTHS),
    "count.months_after": _calendar_count("month", "after", _EXTRA_MONTHS),
    "count.years_before": _calendar_count("year", "before", _EXTRA_MONTHS),
    "count.years_after": _calendar_count("year", "after", _EXTRA_MONTHS),
    "count.hours_after": "{n} hours after {anchor} is {day}.",
    "count.nth_weekday_in": "The {n:ord} {weekday:weekday} of {day:month} in the year of {anchor} is {day}.",
    "count.date": "{day:month} {day:dom} of the year of {anchor} is {day}.",
    # closed days and rolls
    "closed.holiday": "{name} (a holiday)",
    "closed.weekday": "a {day:weekday}",
    "closed.on": "{day} is {name}",
    "closed.also": " ({days}, a holiday)",
    "roll.next_business_day": "the next business day",
    "roll.prior_business_day": "the prior business day",
    "roll.none": "no roll: the day stands as counted",
    "roll.extended": "{day:plain} is {closed}{also}, so the last day is extended to {to}, {roll} ({cite}).",
    "roll.shortened": "{day:plain} is {closed}{also}, so the last day is shortened to {to}, {roll} ({cite}).",
    "roll.none_office_closed": ("{day} is {closed} and the law for this rule names no roll ({cite}), so the date "
                                "is not moved; the office may be closed that day: to be safe, act by {safe}."),
    "hours.office_closed": ("{day} is {closed}: the law counts hours, so the time is not moved, but the office "
                            "may be closed then."),
    # when the last day ends
    "ends.at": "{clock} local time ({zone})",
    "ends.office_closes": "close of office hours, {clock} local time ({zone})",
    "ends.end_of_day": "end of day (11:59 p.m. local time); no hour is set by the law",
    "ends.instant": "{clock} local time ({zone}), an exact instant",
    "ends.ordered_at": "{clock} local time ({zone}), as {authority} orders",
    "ends.ordered_end_of_day": "end of day (11:59 p.m. local time), as {authority} orders",
    "office.closes": ("No hour is set by the text and the act is done at the office, so the day ends when the "
                      "office closes: the {ends} ({cite})."),
    "office.closes_confirm": ("No hour is set by the text and the act is done at the office, so the day ends when "
                              "the office closes: the {ends} ({cite}). {confirm}"),
    # windows
    "window.opens_later": ("{day:plain} is {closed}, so the office first opens for filing at {clock} on {opens} "
                           "({cite})."),
    "office.closes_on_weekday": ("No hour is set by the text and the act is done at the office, so the day ends "
                                 "when the office closes, which on a {weekday:weekday} is the {ends} ({cite})."),
    "window.opens_with_office": "Filing opens when the office opens ({clock}).",
    "window.ends_before_opening": "This window ends ({due}) before it opens ({start}).",
    "deadline.ends_on_election": ("This deadline ends on the {election:lower} it is for ({due}; the election is "
                                  "{day}): its rule does not fit an election on that day (a special or moved "
                                  "election?). Ask the election official for the dates that apply."),
    "deadline.ends_after_election": ("This deadline ends after the {election:lower} it is for ({due}; the election "
                                     "is {day}): its rule does not fit an election on that day (a special or moved "
                                     "election?). Ask the election official for the dates that apply."),
    "window.ends_on_election": ("This window ends on the {election:lower} it is for ({due}; the election is "
                                "{day}): its rule does not fit an election on that day (a special or moved "
                                "election?). Ask the election official for the dates that apply."),
    "window.ends_after_election": ("This window ends after the {election:lower} it is for ({due}; the election is "
                                   "{day}): its rule does not fit an election on that day (a special or moved "
                                   "election?). Ask the election official for the dates that apply."),
    # readings
    "reading.own": "{roll} ({cite})",
    "reading.own_at": "{clock} local time ({zone}), {own}",
    "reading.own_why": "Counted by the rule's own computation of time.",
    "reading.holiday_law": "{own}, {reading}",
    "reading.office_closure": "the office's last open day before a closure",
    "reading.office_closure_why": ("{day} is not a legal holiday, so the law does not move the last day, but the "
                                   "office is closed ({closure}); a filing in person must be made by its last "
                                   "open day before it."),
    "reading.due": "{name}: {due}",
    "office.not_open_weekday": "the office's hours leave out {day:weekday}s",
    "reading.office_closes_earlier": ("The act is done at the office, which on a {weekday:weekday} closes at "
                                      "{clock} ({cite}), before the {law_clock} the law sets: it is done by then."),
    "reading.office_hours": "the office's own closing hour that day",
    "hours.closes_before_law": ("The law says {law_clock}; the office closes at {clock} on {weekday:weekday}s "
                                "({cite}), and a filing cannot be made at a closed office, so it is done by the hour "
                                "the office closes."),
    "basis.closes_before_law": ("The law says {law_clock}; the office closes at {clock} on {weekday:weekday}s, so a "
                                "date that falls then is given at the hour the office closes."),
    "reading.statute": "the date the law gives",
    "reading.statute_why": "Counted from the statute as quoted here.",
    "reading.published": "as the government published it ({source:raw})",
    "reading.published_why": "The government's own notice (read {as_of}) says: \"{quote:raw}\".",
    # what a date rests on (deadlines.core.basis)
    "basis.law": "The statute alone sets this date.",
    "basis.published": "A published notice for {place} gives the same date ({source:raw}).",
    "basis.published_within": "{place} published this notice on {day}, within the law's window ({source:raw}).",
    "basis.departs": ("A published notice for {place} gives {published} ({source:raw}); the statute gives {statute}. "
                      "Both are shown: act by the earlier, {safe}."),
    "basis.departs_hours": ("A published notice for {place} gives {published} ({source:raw}); the law, at the office's "
                            "recorded hours, gives {statute}. Both are shown: act by the earlier, {safe}."),
    "basis.fact.office_hours": "The office's hours, {open} to {close}, {by}.",
    "basis.fact.office_hours_on": "The office's hours, {open} to {close} on {days:comma} only, {by}.",
    "basis.fact.notice_published": "The notice was published on {day} in {where}, {by}.",
    "basis.fact.office_hours_other": "The office's hours, {open} to {close}, and {others:comma}, {by}.",
    "hours.on_weekday": "{open} to {close} on {day:weekday}s",
    "weekday.name": "{day:weekday}",
    "basis.fact.office_hours_as_said": "The office's hours, {value:raw}, {by}.",
    "basis.fact.closure": "The office is closed on {day} ({reason:raw}), {by}.",
    "basis.fact.holds_primary_yes": "{place} holds a primary election, {by}.",
    "basis.fact.holds_primary_no": ("{place} holds no primary: its candidates are nominated by petition for the "
                                    "November election, {by}."),
    "basis.fact.decision_taken": "{place} takes the choice \"{choice}\" for this election, {by}.",
    "basis.fact.decision_declined": "{place} does not take the choice \"{choice}\" for this election, {by}.",
    "basis.fact.decision_not_listed": ("{place} does not take the choice \"{choice}\" for this election: it is not on "
                                       "the lieutenant governor's list of {year} participants ({source:raw})."),
    "basis.assumed.office_hours": "The office's closing hour is not recorded here: {clock} is used.",
    "basis.assumed.choice": ("Whether {place} takes \"{choice}\" for this election is not recorded: both dates "
                             "are shown; plan on the earlier."),
    "basis.assumed.own_text": ("{place}'s own law for this date (its charter or code) is not recorded here: the day "
                               "is the one {place} published in past cycles."),
    "basis.confirm": "Confirm with the office before the day.",
    "basis.confirm_at": "Confirm with the office before the day: {office:raw}.",
    "basis.by.clerk": "recorded by the clerk",
    "basis.by.report": "from an accepted report of the government's notice ({source:raw})",
    "basis.by.research": "found by research in a published source ({source:raw})",
    "readings.disagree": "The law reads two ways here ({readings}). The safe date is the earliest, {safe}.",
    "readings.agree": "Every reading of the law gives the same date ({names:comma}).",
    # overrides, rules, cases, holiday lists
    "override.cancelled": "Cancelled by {authority}: {reason}.",
    "override.replaced": ("Replaced by {authority}: {reason}. The computed date was {computed}; the date in force "
                          "is {due}."),
    "rule.not_in_force": "{rule:raw}: no version of this rule was in force on {day} (the first took effect {first})",
    "rule.counts_from_missing": ("{rule:raw}: not computed, because {missing:comma} (which it counts from) has no "
                                 "version in force"),
    "case.label": "{trigger}, {at}",
    "case.title": "{title} ({label})",
    "roster.source": "{kind} under its state's law; listed in {file:raw} from {listed}",
    **{f"roster.listed.{key}": words for key, words in LISTS.items()},
    # signatures a petition needs (a rule's thresholds)
    "threshold.percent": "{office}: at least {percent} % of {who}",
    "threshold.range": "{office}: {min}-{max} {who}",
    "threshold.at_least": "{office}: at least {min} {who}",
    "threshold.noted": "{threshold} ({note})",
    "case.deleted": "Cancelled by the clerk on {day}.",
    "case.deleted_why": "Cancelled by the clerk on {day}: {reason}.",
    "holidays.unlisted.proclaimed": ("The list of proclaimed holidays ({cite}) covers {first}-{last}; deadlines "
                                     "fall in {years:comma}, where a day missing from the list is unknown, not "
                                     "absent: check with the clerk."),
    "holidays.unlisted.one_off_closures": ("The list of one-off office closures ({cite}) covers {first}-{last}; "
                                           "deadlines fall in {years:comma}, where a day missing from the list is "
                                           "unknown, not absent: check with the clerk."),
    # what a clerk changed (deadlines.store.history)
    "change": "{day}, {clock} {zone}, {by}: {what}.",
    "change.why": "{day}, {clock} {zone}, {by}: {what}. {why}",
    "change.authority": "Authority: {text}.",
    "change.reason": "Reason: {text}.",
    "change.none": "(none)",
    "change.case": " (case “{label}”)",
    "change.event_recorded": "recorded “{title}” on {at}{case}",
    "change.event_changed": "changed “{title}”{case} from {before} to {after}",
    "change.event_deleted": "deleted “{title}” of {before}{case}",
    "change.office_hours_removed": "removed the office hours recorded: the calendar file's apply again",
    "change.office_hours": "recorded the office hours: open {open} to {close}{was}",
    "change.office_hours_other": "recorded the office hours: open {open} to {close}, and {others:comma}{was}",
    "change.filing_office": "recorded the filing office: {office:raw}",
    "change.filing_office_removed": "removed the filing office recorded: research's, if any, applies again",
    "change.office_hours_were": " (they had been {open} to {close})",
    "change.closure_removed": "removed the closure of the office on {day}",
    "change.closure": "recorded that the office is closed on {day} ({reason})",
    "change.election_removed": "removed the election dates entered for the election of {election}",
    "change.election": "entered the dates of the election of {election}: {dates:comma}",
    "change.general_date": "general election {at}",
    "change.primary_date": "primary election {at}",
    "change.deadline": "“{title}”{case}",
    "change.override_removed": "removed the replaced date of {deadline}: the computed date is in force again",
    "change.override_cancelled": "cancelled {deadline} for the election of {election}",
    "change.override": "replaced the date of {deadline} with {due}{was}",
    "change.was": " (it had been {due})",
    "change.choice": "“{title}”",
    "change.decision_removed": "removed the decision on {choice} for the election of {election}",
    "change.decision_taken": "recorded that {place} takes {choice} for the election of {election}",
    "change.decision_declined": "recorded that {place} does not take {choice} for the election of {election}",
    "change.notice": "marked “{title}” published on {on} in {where}",
    "change.notice_removed": "removed the mark that “{title}” was published",
    "change.report_accepted": "accepted the public report that {place} published {due} for “{title}”",
    "change.report_rejected": "rejected the public report of {due} for “{title}”",
    # choices the law gives
    "choice.ended": "{choice}: ended {day} ({cite}).",
    "choice.ended_then": "{choice}: ended {day} ({cite}). {after}",
    "choice.if_taken": 'if {place} takes the choice "{choice}" for this election ({cite})',
    "choice.undecided": ('The law lets {place} choose "{choice}" for this election ({cite}), and no choice is '
                         'recorded: both periods are shown as readings; file by the earlier.'),
    "choice.declined": '{place} did not choose "{choice}" for this election ({authority}).',
    "choice.not_listed": ('{place} did not choose "{choice}" for this election: it is not on the lieutenant '
                          "governor's list of {year} participants ({source:raw})."),
    "choice.removes": ('No deadline "{title}" ({cite}) for this election: {place} chose "{choice}" ({authority}), '
                       "so the election it is counted from is not held."),
    "choice.not_held": ('{place} chose "{choice}" for this election ({authority}): its {election:lower} '
                        '({day}) is not held.'),
    "choice.taken": ('{place} chose "{choice}" for this election ({authority}), so the period of {period_cite} '
                     'applies in place of {cite}.'),
}

_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def english_ordinal(n: int) -> str:
    """1 -> "1st", 12 -> "12th", 23 -> "23rd"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


def render(words, n: Note, place: str = "") -> str:
    """Note ``n`` in the language of ``words`` (a :class:`deadlines.words.Words`);
    ``place`` names the jurisdiction."""
    return _render(words, n, place)


@lru_cache(maxsize=262144)
def _render(words, n: Note, place: str) -> str:
    if n.code == "text":
        return words.calendar(n.args[0][1])
    if n.code == "joined":
        return " ".join(_render(words, part, place) for part in n.args[0][1])
    template = TEMPLATES.get(n.code) or ERRORS[n.code]
    args = dict(n.args)
    if isinstance(template, tuple):
        message = words.engine_n(template[0], template[1], args["n"])
    else:
        message = words.engine(template)
    return message.format_map(_Fields(words, args, place))


class _Fields(dict):
    """A template's fields: the note's arguments as :class:`_Arg`, and ``place``."""

    def __init__(self, words, args: dict, place: str):
        super().__init__()
        self.words, self.args, self.place = words, args, place

    def __missing__(self, key: str):
        if key == "place":
            return self.place
        value = self.args[key]
        if key == "zone" and self.words.plain and isinstance(value, str):
            return self.words.zone_argument(value)
        return _Arg(self.words, value, self.place)


class _Arg:
    """One argument, said by its type and the template's format spec."""

    __slots__ = ("words", "value", "place")

    def __init__(self, words, value, place: str):
        self.words, self.value, self.place = words, value, place

    def __format__(self, spec: str) -> str:
        return say(self.words, self.value, spec, self.place)


def say(words, value, spec: str = "", place: str = "") -> str:
    """One argument of a note in words (see the module's list of specs)."""
    w = words
    if value is None:
        return ""
    if isinstance(value, Note):
        return _render(w, value, place)
    if isinstance(value, tuple):
        joint = ", " if spec == "comma" else w._(" or ") if spec == "or" else "; "
        return joint.join(say(w, v, "", place) for v in value)
    if isinstance(value, datetime):
        if spec:
            return say(w, value.date(), spec)
        return w.moment(value)
    if isinstance(value, date):
        if spec == "plain":
            return w.plain_day(value)
        if spec == "month":
            return w.month(value.month)
        if spec == "dom":
            return str(value.day)
        if spec == "weekday":
            return w.weekday(value.weekday())
        return w.day(value)
    if isinstance(value, time):
        return w.clock(value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int):
        if spec == "ord":
            return w.ordinal(value)
        if spec == "weekday":
            return w.weekday(value)
        if spec == "month":
            return w.month(value)
        return str(value)
    if spec == "raw":
        return str(value)
    said = w.calendar(value)
    return said.lower() if spec == "lower" else said
