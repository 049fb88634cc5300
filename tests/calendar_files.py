"""A small valid calendar file (Testville), writing one and checking it, and
its broken variants with the loader message each must give
(``MESSAGE_CASES``), for the validation tests (imported by name; no fixtures)."""
from __future__ import annotations

import textwrap
from pathlib import Path

from deadlines.core.loader import check_jurisdiction

BASE = """
id = "testville"
name = "Testville"
timezone = "America/Denver"

[holidays]
cite = "Test Code 9"
covers = { from = 2000 }

[holidays.legal.new-year]
name = "New Year's Day"
date = "01-01"
observed = ["sunday_to_monday"]
cite = "Test Code 9(a)"
text = "January 1"

[time_law]
roll = "next_business_day"
cite = "Test Code 1"
text = "test"

[elections.general]
title = "General election"
rule = "tuesday_after_first_monday"
month = 11
years = "odd"
cite = "Test Code 2"

[deadlines.filing]
title = "Filing"
kind = "deadline"
audience = ["candidates"]
due = { days_before = 60, of = "general" }
cite = "Test Code 3"
text = "file 60 days before"
"""


def write(tmp_path: Path, body: str, name: str = "testville") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(textwrap.dedent(body))
    return path

def problems(tmp_path, body, name="testville"):
    path = write(tmp_path, body, name)
    _, found = check_jurisdiction(path)
    return path, [str(p) for p in found]


RULE_END = 'text = "file 60 days before"\n'
HOLIDAY_END = 'text = "January 1"\n'
VERSION = BASE[BASE.index("[deadlines.filing]"):].replace("[deadlines.filing]", "[[deadlines.filing]]")
TRIGGER = '\n[triggers.adopted]\ntitle = "Adopted"\ntype = "date"\ncite = "x"\n'


def swap(old: str, new: str) -> str:
    assert old in BASE, old
    return BASE.replace(old, new)


def rule(extra: str) -> str:
    """BASE with keys added to the deadline."""
    return swap(RULE_END, RULE_END + extra + "\n")


def holiday(extra: str) -> str:
    """BASE with keys added to the legal holiday."""
    return swap(HOLIDAY_END, HOLIDAY_END + extra + "\n")


def due(expr: str) -> str:
    return swap('due = { days_before = 60, of = "general" }', f"due = {expr}")


MESSAGE_CASES = {
    "state": (swap('id = "testville"', 'id = "testville"\nstate = "Utah"'),
              "state: expected a state's two-letter postal code in capitals (MI), got 'Utah'"),
    "table": (due("5"), "deadlines.filing.due: expected a table, got an integer"),
    "required key": (swap('cite = "Test Code 3"\n', ""), "deadlines.filing: missing required key 'cite'"),
    "string": (swap('title = "Filing"', "title = 5"), "deadlines.filing.title: expected a non-empty string, got an integer"),
    "note not a string": (rule("note = 5"), "deadlines.filing.note: expected a non-empty string, got an integer"),
    "reading of the wrong type": (
        rule('readings = [{ roll = "none", name = 5, cite = "x", why = "y" }]'),
        "deadlines.filing.readings[0].name: expected a non-empty string, got an integer"),
    "threshold of the wrong type": (
        rule('thresholds = [{ office = ["Mayor"], who = "voters", cite = "x", min = 5 }]'),
        "deadlines.filing.thresholds[0].office: expected a non-empty string, got a list"),
    "threshold note of the wrong type": (
        rule('thresholds = [{ office = "Mayor", who = "voters", cite = "x", min = 5, note = 7 }]'),
        "deadlines.filing.thresholds[0].note: expected a non-empty string, got an integer"),
    "integer too small": (due('{ nth_weekday_before = 0, weekday = "tuesday", of = "general" }'),
                          "deadlines.filing.due.nth_weekday_before: expected an integer of at least 1, got 0"),
    "boolean": (rule('office_act = "no"'), "deadlines.filing.office_act: expected true or false, got a string"),
    "date": (rule('effective = "2020-13-01"'), "deadlines.filing.effective: expected a date YYYY-MM-DD, got '2020-13-01'"),
    "time of day": (rule('at = "5pm"'), "deadlines.filing.at: expected a time of day HH:MM (24-hour), got '5pm'"),
    "list": (swap('audience = ["candidates"]', 'audience = "candidates"'), "deadlines.filing.audience: expected a list, got a string"),
    "election without a way": (
        swap('rule = "tuesday_after_first_monday"\nmonth = 11\nyears = "odd"\n', "ways = []\n"),
        "elections.general.ways: give at least one way (rule, month, years, cite)"),
    "no general election": (swap("[elections.general]", "[elections.regular]"),
                            "elections: missing 'elections.general': every jurisdiction needs its general election rule"),
    "two versions on one date": (
        BASE[: BASE.index("[deadlines.filing]")] + (VERSION + 'effective = 2020-01-01\n') * 2,
        "deadlines.filing: two versions take effect on the same date"),
    "no holidays": (BASE[: BASE.index("[holidays]")] + BASE[BASE.index("[time_law]"):],
                    "holidays: missing [holidays]: the legal holidays of the state's statute, as rules (see calendars/shared)"),
    "holidays without covers": (swap("covers = { from = 2000 }\n", ""), "holidays: missing required key 'covers'"),
    "reading drops an unknown holiday": (
        BASE + '\n[holidays.readings.other]\nname = "n"\ncite = "c"\nwhy = "w"\ndrop = ["christmas"]\n',
        "holidays.readings.other.drop[0]: no legal holiday 'christmas' here (known: new-year)"),
    "no legal holidays": (
        BASE[: BASE.index("[holidays.legal.new-year]")] + "legal = {}\n\n" + BASE[BASE.index("[time_law]"):],
        "holidays.legal: no legal holidays: list the statute's holidays as rules"),
    "url": (rule('url = "www.example.com/law"'),
            "deadlines.filing.url: expected a web address starting with https:// (where the quoted text can be read), got 'www.example.com/law'"),
    "covers ends before it begins": (
        BASE + '\n[holidays.proclaimed]\ncovers = { from = 2027, to = 2025 }\ncite = "c"\n',
        "holidays.proclaimed.covers: ends (2025) before it begins (2027)"),
    "holiday versions need from": (
        BASE.replace("[holidays.legal.new-year]", "[[holidays.legal.new-year]]").replace(
            HOLIDAY_END, HOLIDAY_END + '\n[[holidays.legal.new-year]]\nname = "x"\ndate = "01-02"\ncite = "c"\ntext = "t"\nfrom = 2020-01-01\n'),
        "holidays.legal.new-year: every version of a holiday needs 'from' (the date it took effect)"),
    "holiday versions on one date": (
        BASE.replace("[holidays.legal.new-year]", "[[holidays.legal.new-year]]").replace(
            HOLIDAY_END, HOLIDAY_END + 'from = 2020-01-01\n\n[[holidays.legal.new-year]]\nname = "x"\ndate = "01-02"\ncite = "c"\ntext = "t"\nfrom = 2020-01-01\n'),
        "holidays.legal.new-year: two versions take effect on the same date"),
    "two ways of finding the day": (holiday('nth = { n = 1, weekday = "monday", month = 1 }'),
                                    "holidays.legal.new-year: expected exactly one way of finding the day (date, nth, last, easter, every); got date, nth"),
    "plus_days on a fixed date": (holiday("plus_days = 1"),
                                  "holidays.legal.new-year.plus_days: only a weekday-of-the-month rule (nth, last) takes plus_days"),
    "observed on a weekday rule": (
        holiday("").replace('date = "01-01"', 'last = { weekday = "monday", month = 5 }'),
        "holidays.legal.new-year.observed: only a fixed date moves when it falls on a weekend; a rule by last takes no 'observed'"),
    "observed twice for a weekday": (
        swap('observed = ["sunday_to_monday"]', 'observed = ["saturday_sunday_to_following_monday", "sunday_to_monday"]'),
        "holidays.legal.new-year.observed: two observed-day rules move the same weekday"),
    "until before from": (holiday("from = 2020-05-01\nuntil = 2020-04-30"),
                          "holidays.legal.new-year.until: ends (2020-04-30) before it takes effect (2020-05-01)"),
    "unknown reading": (holiday('reading = "later"'),
                        "holidays.legal.new-year.reading: no reading 'later' in [holidays.readings] (known: none)"),
    "fifth weekday": (holiday("").replace('date = "01-01"\nobserved = ["sunday_to_monday"]', 'nth = { n = 5, weekday = "monday", month = 1 }'),
                      "holidays.legal.new-year.nth.n: a month has a 5th monday only in some years; use 'last' for the last one"),
    "month 13": (holiday("").replace('date = "01-01"\nobserved = ["sunday_to_monday"]', 'last = { weekday = "monday", month = 13 }'),
                 "holidays.legal.new-year.last.month: expected a month 1-12, got 13"),
    "listed day outside the years covered": (
        BASE + '\n[holidays.proclaimed]\ncovers = { from = 2024, to = 2025 }\ncite = "c"\ndays = [{ date = 2026-03-01, name = "n", cite = "c" }]\n',
        "holidays.proclaimed.days[0].date: 2026-03-01 is outside the years the list covers (2024-2025)"),
    "February 29 in a deadline": (due('{ date = "02-29", year_of = "general" }'),
                                  "deadlines.filing.due.date: February 29 exists only in leap years; a fixed date must exist every year"),
    "February 29 as a holiday": (swap('date = "01-01"', 'date = "02-29"'),
                                 "holidays.legal.new-year.date: February 29 exists only in leap years; a fixed date must exist every year"),
    "month-day": (due('{ date = "13-01", year_of = "general" }'), "deadlines.filing.due.date: expected a month and day MM-DD, got '13-01'"),
    "no time law": (BASE[: BASE.index("[time_law]")] + BASE[BASE.index("[elections.general]"):],
                    "time_law: missing [time_law]: the computation-of-time law (roll, cite, text)"),
    "office closes before it opens": (BASE + '\n[office_hours]\nopen = "17:00"\nclose = "08:00"\ncite = "c"\n',
                                      "office_hours: closes (08:00) before it opens (17:00)"),
    "no way of counting": (due('{ of = "general" }'),
                           "deadlines.filing.due: expected exactly one way of counting (nth_weekday_before, days_before, days_after, months_before, months_after, years_before, years_after, hours_after, nth_weekday_in, or date with year_of); got none"),
    "year_of without a date": (due('{ days_before = 60, of = "general", year_of = "general" }'),
                               "deadlines.filing.due.year_of: only a fixed 'date' or 'nth_weekday_in' takes 'year_of'"),
    "missing of": (due("{ days_before = 60 }"),
                   "deadlines.filing.due: missing 'of': the election, trigger or deadline this is counted from"),
    "missing weekday": (due('{ nth_weekday_before = 2, of = "general" }'), "deadlines.filing.due: missing 'weekday' for nth_weekday_before"),
    "weekday not taken": (due('{ days_before = 60, of = "general", weekday = "monday" }'),
                          "deadlines.filing.due.weekday: days_before takes no weekday"),
    "date with of": (due('{ date = "06-01", of = "general", year_of = "general" }'),
                     "deadlines.filing.due.of: a fixed date takes 'year_of' (the election whose year it is in), not 'of'"),
    "deadline with a start": (rule('start = { days_before = 90, of = "general" }'),
                              "deadlines.filing.start: a deadline has no start; use kind = \"window\""),
    "percentage": (rule('thresholds = [{ office = "Mayor", who = "voters", cite = "x", percent = 120 }]'),
                   "deadlines.filing.thresholds[0].percent: expected a percentage between 0 and 100, got 120"),
    "threshold without an amount": (rule('thresholds = [{ office = "Mayor", who = "voters", cite = "x" }]'),
                                    "deadlines.filing.thresholds[0]: give 'min' (and optionally 'max') or 'percent'"),
    "max below min": (rule('thresholds = [{ office = "Mayor", who = "voters", cite = "x", min = 50, max = 25 }]'),
                      "deadlines.filing.thresholds[0]: max 25 is below min 50"),
    "roll without an office act": (rule('office_act = false\nroll = "next_business_day"'),
                                   "deadlines.filing.roll: a rule that is not an act at the office (office_act = false) does not roll"),
    "year_of a trigger": (swap("[deadlines.filing]", TRIGGER + "\n[deadlines.filing]").replace(
                              'due = { days_before = 60, of = "general" }', 'due = { date = "06-01", year_of = "adopted" }'),
                          "deadlines.filing.due: year_of 'adopted' must name an election (general)"),
    "override of an unknown deadline": (
        BASE + '\n[[overrides]]\ndeadline = "filling"\nelection = 2025-11-04\ndue = 2025-09-01\nauthority = "a"\nreason = "r"\n',
        "overrides[0].deadline: no deadline 'filling' here"),
    "override of a day that is not a cycle": (
        BASE + '\n[[overrides]]\ndeadline = "filing"\nelection = 2025-11-05\ndue = 2025-09-01\nauthority = "a"\nreason = "r"\n',
        "overrides[0].election: 2025-11-05 is not an election of this jurisdiction (give the cycle's date by rule or the day it was held)"),
    "ocd id": (swap('id = "testville"', 'id = "testville"\nocd_id = "place:testville"'),
               "ocd_id: expected an Open Civic Data division id (ocd-division/country:us/state:ut/place:orem), got 'place:testville'"),
    "county with its word": (swap('id = "testville"', 'id = "testville"\ncounty = "Dickinson County"'),
                             "county: expected a county's name on one line without 'County' (Dickinson), got 'Dickinson County'"),
    "extends a path": (swap('id = "testville"', 'id = "testville"\nextends = ["../../etc/passwd"]'),
                       "extends[0]: expected a shared set's name (lower-case letters, digits and hyphens, calendars/shared/<name>.toml), got '../../etc/passwd'"),
    "replaces what is not extended": (rule('replaces = "michigan-city"'),
                                      "deadlines.filing.replaces: 'michigan-city' is not a shared set this file extends that defines 'filing' (extended: none)"),
    "override without a date": (
        BASE + '\n[[overrides]]\ndeadline = "filing"\nelection = 2025-11-04\nauthority = "a"\nreason = "r"\n',
        "overrides[0]: an override gives 'due' or 'start' (or status = \"cancelled\")"),
}
