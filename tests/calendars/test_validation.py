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
from tests.calendar_files import BASE, MESSAGE_CASES, problems, rule, write

EN = words("en")  # the engine's notes in English

REPO_CALENDARS = Path(__file__).resolve().parents[2] / "calendars"



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
    script = Path(__file__).resolve().parents[2] / "scripts" / "loader_messages.py"
    out = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout


def test_a_citation_carries_the_url_of_its_text_and_the_date_it_was_read(tmp_path):
    from deadlines.core.engine import compute
    from deadlines.publish.as_json import deadline_dict
    from deadlines.publish.ical import describe
    from deadlines.words import words

    url = "https://le.utah.gov/xcode/Title68/Chapter3/68-3-S7.html"
    jur = load_jurisdiction(write(tmp_path, BASE + f'url = "{url}"\nread = 2026-11-29\n'))
    result = compute(jur, election=date(2025, 11, 4), today=date(2025, 1, 1))
    filing = result.deadlines[0]
    said = deadline_dict(filing, jur, words("en"))
    assert (said["citation_url"], said["citation_read"], said["uid"]) == (url, "2026-11-29", f"{jur.id}/2025-11-04/{filing.id}")
    assert f"Text: {url} (read 2026-11-29)" in describe(filing, result, words("en"))


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
    assert jur.caveats[0] in EN.warnings(filing, "")


def test_roster_defaults_fill_what_the_file_leaves_out(tmp_path):
    path = write(tmp_path, BASE.replace('name = "Testville"\n', "").replace('timezone = "America/Denver"\n', ""))
    jur, found = check_jurisdiction(path, {"name": "Testville town", "timezone": "America/Denver", "kind": "town",
                                           "county": "Weld", "ocd_id": "ocd-division/country:us/state:co/place:testville"})
    assert not found, found
    assert (jur.name, jur.kind, jur.county, jur.ocd_id) == (
        "Testville town", "town", "Weld", "ocd-division/country:us/state:co/place:testville")
