"""Each validation error names the file, the deadline and what was expected;
every problem of a file is reported at once."""
import shutil
import textwrap
from pathlib import Path

import pytest

from deadlines.core.errors import CalendarError
from deadlines.core.loader import check_jurisdiction, load_jurisdiction

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
