"""Each validation error names the file, the deadline and what was expected;
every problem of a file is reported at once."""
import shutil
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import pytest

from deadlines.core.errors import CalendarError
from deadlines.core.loader import check_jurisdiction, load_jurisdiction
from deadlines.words import words

EN = words("en")  # the engine's notes in English

REPO_CALENDARS = Path(__file__).resolve().parent.parent / "calendars"

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


def test_valid_base_file_loads(tmp_path):
    jur = load_jurisdiction(write(tmp_path, BASE))
    assert jur.order == ("filing",)


def test_unknown_key_names_file_deadline_and_allowed_keys(tmp_path):
    path, found = problems(tmp_path, BASE + 'colour = "blue"\n')
    assert found == [f"{path}: deadlines.filing.colour: unknown key; expected one of: " + found[0].split("expected one of: ")[1]]
    assert "audience" in found[0] and "due" in found[0]


def test_wrong_type(tmp_path):
    path, found = problems(tmp_path, BASE.replace('days_before = 60', 'days_before = "sixty"'))
    assert f"{path}: deadlines.filing.due.days_before: expected an integer, got a string" in found


def test_unknown_time_zone(tmp_path):
    path, found = problems(tmp_path, BASE.replace("America/Denver", "America/Gotham"))
    assert f"{path}: timezone: unknown time zone 'America/Gotham'; expected an IANA name such as America/Denver" in found


def test_missing_anchor(tmp_path):
    path, found = problems(tmp_path, BASE.replace('of = "general"', 'of = "primary"'))
    assert f"{path}: deadlines.filing.due: anchor 'primary' is not an election, trigger or deadline here (known: filing, general)" in found


def test_cycle_between_deadlines(tmp_path):
    body = BASE.replace('of = "general"', 'of = "notice"') + textwrap.dedent("""
    [deadlines.notice]
    title = "Notice"
    kind = "deadline"
    audience = ["clerk"]
    due = { days_before = 7, of = "filing" }
    cite = "Test Code 4"
    text = "notice"
    """)
    path, found = problems(tmp_path, body)
    assert any(f.startswith(f"{path}: deadlines.") and "cycle between deadlines: " in f for f in found)
    cyc = next(f for f in found if "cycle" in f)
    assert "filing" in cyc and "notice" in cyc


def test_window_that_ends_before_it_starts(tmp_path):
    body = BASE.replace('kind = "deadline"', 'kind = "window"\nstart = { days_before = 30, of = "general" }').replace(
        "days_before = 60", "days_before = 40"
    )
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.filing: the window ends before it starts (its due counts to an earlier day than its start)" in found


def test_window_without_start(tmp_path):
    path, found = problems(tmp_path, BASE.replace('kind = "deadline"', 'kind = "window"'))
    assert f"{path}: deadlines.filing: a window needs 'start'" in found


def test_file_name_not_its_id(tmp_path):
    path, found = problems(tmp_path, BASE, name="otherville")
    assert f"{path}: id: file name 'otherville.toml' does not match id 'testville'; name the file 'testville.toml'" in found


def test_duplicate_id_across_shared_set(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "state.toml").write_text(textwrap.dedent("""
    name = "State"
    [deadlines.filing]
    title = "State filing"
    kind = "deadline"
    audience = ["candidates"]
    due = { days_before = 50, of = "general" }
    cite = "State Code"
    text = "text"
    """))
    path, found = problems(tmp_path, 'extends = ["state"]\n' + BASE)
    assert f"{shared / 'state.toml'}: deadlines.filing: duplicate id 'filing': also defined in {path}" in found


def test_missing_shared_set(tmp_path):
    (tmp_path / "shared").mkdir()
    path, found = problems(tmp_path, 'extends = ["nowhere"]\n' + BASE)
    assert any(f.startswith(f"{path}: extends[0]: no shared rule set 'nowhere'") for f in found)


def test_not_toml_names_line(tmp_path):
    path, found = problems(tmp_path, BASE + "this is not = = toml\n")
    assert len(found) == 1 and found[0].startswith(f"{path}: not valid TOML:") and "line" in found[0]


def test_bad_enum_values(tmp_path):
    body = BASE.replace('kind = "deadline"', 'kind = "deadlin"').replace('["candidates"]', '["voters"]').replace(
        'roll = "next_business_day"', 'roll = "tomorrow"'
    )
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.filing.kind: expected one of deadline, window, notice-window, retention; got 'deadlin'" in found
    assert f"{path}: deadlines.filing.audience[0]: expected one of candidates, clerk, public, petitioners; got 'voters'" in found
    assert f"{path}: time_law.roll: expected one of next_business_day, prior_business_day, none; got 'tomorrow'" in found


def test_every_problem_reported_at_once(tmp_path):
    body = BASE.replace("America/Denver", "Mars/Base").replace('of = "general"', 'of = "nothing"') + 'bogus = 1\n'
    path = write(tmp_path, body, "wrongname")
    with pytest.raises(CalendarError) as exc:
        load_jurisdiction(path)
    messages = [str(p) for p in exc.value.problems]
    assert len(messages) == 4, messages
    assert all(m.startswith(str(path)) for m in messages)


def test_hours_after_needs_an_instant_trigger(tmp_path):
    body = BASE + textwrap.dedent("""
    [triggers.adopted]
    title = "Adopted"
    type = "date"
    cite = "x"

    [deadlines.decide]
    title = "Decide"
    kind = "deadline"
    audience = ["clerk"]
    due = { hours_after = 48, of = "adopted" }
    cite = "x"
    text = "x"
    """)
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.decide.due: hours_after counts from an instant; 'adopted' is not a trigger of type \"instant\"" in found


def test_versions_need_effective_dates(tmp_path):
    version = BASE[BASE.index("[deadlines.filing]"):].replace("[deadlines.filing]", "[[deadlines.filing]]")
    body = BASE[: BASE.index("[deadlines.filing]")] + version + version
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.filing: every version of a rule needs 'effective' (the date it took effect)" in found


def test_repository_calendars_are_valid(tmp_path):
    copy = tmp_path / "calendars"
    shutil.copytree(REPO_CALENDARS, copy)
    for path in sorted(copy.glob("*.toml")):
        assert check_jurisdiction(path)[1] == [], path


def test_registry_rereads_a_jurisdiction_when_its_shared_set_changes(tmp_path):
    import os

    from deadlines.core.registry import Registry

    copy = tmp_path / "calendars"
    shutil.copytree(REPO_CALENDARS, copy)
    reg = Registry(copy)
    before = reg.get("colorado-local").rules["petition-filing"][0].due.n
    shared = copy / "shared" / "colorado-local-government-election-code.toml"
    shared.write_text(shared.read_text().replace("days_before = 67, of = \"general\" }\ncite = \"C.R.S. art. 13.5 of title 1 (HB 14-1164), nomination petitions, subsection (5)\"",
                                                 "days_before = 70, of = \"general\" }\ncite = \"C.R.S. art. 13.5 of title 1 (HB 14-1164), nomination petitions, subsection (5)\""))
    stat = shared.stat()
    os.utime(shared, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert (before, reg.get("colorado-local").rules["petition-filing"][0].due.n) == (67, 70)


def test_a_state_from_the_shared_set_or_the_file(tmp_path):
    assert load_jurisdiction(write(tmp_path, BASE)).state is None
    assert load_jurisdiction(write(tmp_path, BASE.replace('id = "testville"', 'id = "testville"\nstate = "UT"'))).state == "UT"
    assert load_jurisdiction(REPO_CALENDARS / "ypsilanti-mi.toml").state == "MI"  # from michigan-election-law


def test_the_combined_feeds_name_is_reserved(tmp_path):
    path, found = problems(tmp_path, BASE.replace('id = "testville"', 'id = "combined"'), "combined")
    assert f"{path}: id: 'combined' is reserved (/calendars/combined.ics is the feed of several jurisdictions); choose another id" in found


# ----------------------------------------------------------------- one test per loader message
# `scripts/loader_messages.py --check` fails when a message of deadlines/core/loader.py has
# none here. Each case: a change to BASE and the exact `where: message` line it must give.

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
    "integer too small": (due('{ days_before = 0, of = "general" }'),
                          "deadlines.filing.due.days_before: expected an integer of at least 1, got 0"),
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


@pytest.mark.parametrize("body,expected", MESSAGE_CASES.values(), ids=MESSAGE_CASES.keys())
def test_each_loader_message(tmp_path, body, expected):
    path, found = problems(tmp_path, body)
    assert f"{path}: {expected}" in found, found


def test_file_not_found(tmp_path):
    path = tmp_path / "nowhere.toml"
    assert [str(p) for p in check_jurisdiction(path)[1]] == [f"{path}: file not found"]


def test_a_table_of_ids_must_be_a_table(tmp_path):
    path, found = problems(tmp_path, 'triggers = 5\n' + BASE)
    assert f"{path}: triggers: expected a table, got an integer" in found


def test_every_loader_message_has_a_test():
    script = Path(__file__).resolve().parent.parent / "scripts" / "loader_messages.py"
    out = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout


def test_a_citation_carries_the_url_of_its_text_and_the_date_it_was_read(tmp_path):
    from deadlines.core.engine import compute
    from deadlines.publish.as_json import deadline_dict
    from deadlines.publish.ical import describe

    url = "https://le.utah.gov/xcode/Title68/Chapter3/68-3-S7.html"
    jur = load_jurisdiction(write(tmp_path, BASE + f'url = "{url}"\nread = 2026-11-29\n'))
    result = compute(jur, election=date(2025, 11, 4), today=date(2025, 1, 1))
    filing = result.deadlines[0]
    assert (deadline_dict(filing)["citation_url"], deadline_dict(filing)["citation_read"]) == (url, "2026-11-29")
    assert f"Text: {url} (read 2026-11-29)" in describe(filing, result)


def test_check_on_a_broken_copy_of_the_calendars_names_file_and_rule(tmp_path):
    from click.testing import CliRunner

    from deadlines.cli import main

    copy = tmp_path / "calendars"
    shutil.copytree(REPO_CALENDARS, copy)
    utah = copy / "shared" / "utah-election-code.toml"
    utah.write_text(utah.read_text().replace('name = "Pioneer Day"\ndate = "07-24"', 'name = "Pioneer Day"\ndate = "02-29"')
                    .replace('observed = ["tuesday_to_friday_to_preceding_monday"', 'observed = ["tuesday_to_monday"'))
    slc = copy / "salt-lake-city-ut.toml"
    slc.write_text(slc.read_text().replace('note = "Counted from the last day for filing after its June 7 extension."', "note = 5"))
    res = CliRunner().invoke(main, ["check", str(copy)])
    assert res.exit_code == 1
    lines = res.output.splitlines()
    assert f"{utah}: holidays.legal.pioneer-day.date: February 29 exists only in leap years; a fixed date must exist every year" in lines
    assert any(line.startswith(f"{utah}: holidays.legal.juneteenth[0].observed[0]: expected one of saturday_to_friday") for line in lines)
    assert f"{slc}: deadlines.objection-filing.note: expected a non-empty string, got an integer" in lines


STATE_SET = ('name = "State"\ncaveat = "The state\'s dates are shown as a reading only."\n'
             + BASE[BASE.index("[deadlines.filing]"):].replace('"Filing"', '"State filing"').replace("= 60,", "= 50,"))


def test_own_deadline_replaces_its_states_when_it_says_so(tmp_path):
    """A government's own rule wins over its state's only where it names the
    set it replaces; the state's caveat is said with every result."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "state.toml").write_text(textwrap.dedent(STATE_SET))
    body = 'extends = ["state"]\n' + rule('replaces = "state"')
    jur = load_jurisdiction(write(tmp_path, body))
    assert jur.rules["filing"][0].title == "Filing"  # its own, 60 days, not the state's 50
    assert jur.caveats == ("The state's dates are shown as a reading only.",)
    from deadlines.core import engine
    result = engine.compute(jur, election=date(2025, 11, 4), today=date(2025, 1, 1))
    assert EN.result_warnings(result)[0] == jur.caveats[0]
    filing = result.deadlines[0]
    assert filing.due.isoformat() == "2025-09-05" and filing.status == "tentative"  # Nov 4 - 60 days
    assert jur.caveats[0] in EN.warnings(filing)


def test_roster_defaults_fill_what_the_file_leaves_out(tmp_path):
    path = write(tmp_path, BASE.replace('name = "Testville"\n', "").replace('timezone = "America/Denver"\n', ""))
    jur, found = check_jurisdiction(path, {"name": "Testville town", "timezone": "America/Denver", "kind": "town",
                                           "county": "Weld", "ocd_id": "ocd-division/country:us/state:co/place:testville"})
    assert not found, found
    assert (jur.name, jur.kind, jur.county, jur.ocd_id) == (
        "Testville town", "town", "Weld", "ocd-division/country:us/state:co/place:testville")
