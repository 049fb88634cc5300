"""Coverage is explicit, never silent: a business calendar holds a span of
years and refuses days outside it; the engine loads every year its rules can
reach; hand-kept lists say which years they cover."""
import textwrap
from datetime import date, timedelta

import pytest
from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.engine import compute
from deadlines.core.errors import CoverageError
from deadlines.core.holiday_law import business_calendar
from deadlines.core.loader import load_jurisdiction
from engine_helpers import REGISTRY, TODAY


HEAD = """
id = "testville"
name = "Testville"
timezone = "America/Denver"

[holidays]
cite = "Test Code 9"
covers = { from = 2000 }

[holidays.legal.new-year]
name = "New Year's Day"
date = "01-01"
cite = "Test Code 9(a)"
text = "January 1"

[holidays.legal.christmas]
name = "Christmas"
date = "12-25"
cite = "Test Code 9(b)"
text = "December 25"

[time_law]
roll = "next_business_day"
cite = "Test Code 1"
text = "extended to the next business day"

[elections.general]
title = "General election"
rule = "tuesday_after_first_monday"
month = 11
years = "every"
cite = "Test Code 2"

[triggers.adopted]
title = "Ordinance adopted"
type = "date"
cite = "Test Code 3"

[deadlines.kept]
title = "Records kept until"
kind = "deadline"
audience = ["clerk"]
due = { years_after = 3, of = "adopted" }
cite = "Test Code 4"
text = "kept three years, then handed to the archive"
"""


def _testville(tmp_path, extra=""):
    path = tmp_path / "testville.toml"
    path.write_text(textwrap.dedent(HEAD + extra))
    return path


def test_the_calendar_refuses_days_outside_its_years():
    law = REGISTRY.get("salt-lake-city-ut").holidays
    cal = business_calendar(law, 2026, 2027)
    assert cal.is_business_day(date(2027, 12, 30))
    with pytest.raises(CoverageError, match=r"2028-01-03 is outside the years .* holds \(2026-2027\)") as exc:
        cal.is_business_day(date(2028, 1, 3))
    assert exc.value.code == "calendar.not_covered"
    before = business_calendar(law, 1995, 2001)
    with pytest.raises(CoverageError, match=r"1999-12-31 is outside .*written from 2000"):
        before.is_business_day(date(1999, 12, 31))


def test_an_election_before_the_law_is_written_is_refused_clearly():
    # An election on January 4, 2000: 23 days before is December 12, 1999, before Utah's rules begin.
    res = CliRunner().invoke(main, ["compute", "salt-lake-city-ut", "--election", "2000-01-04"])
    assert res.exit_code == 2
    assert "outside the years the holiday law (Utah Code 63G-1-301 (legal holidays); written from 2000)" in res.output


def test_the_engine_loads_every_year_a_rule_reaches(tmp_path):
    # Adopted Monday January 1, 2026 (a holiday itself, it does not matter): three years after is
    # Monday January 1, 2029, New Year's Day, so the next business day, Tuesday January 2, 2029.
    # The election is 2026's; the calendar must still hold 2029.
    jur = load_jurisdiction(_testville(tmp_path))
    result = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2026, 1, 1)}, today=TODAY)
    assert result.deadlines[0].due == date(2029, 1, 2)
    # Christmas 2029 is a Tuesday: adopted December 25, 2026 -> December 26, 2029.
    result = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2026, 12, 25)}, today=TODAY)
    assert result.deadlines[0].due == date(2029, 12, 26)


def test_reach_of_the_seed_rules():
    # Colorado keeps petitions two years after the 67th day before the election: at least 2 years ahead.
    before, after = REGISTRY.get("colorado-local").reach
    assert after >= 2 * 365 and before >= 67
    # Salt Lake City: residency twelve months before the election.
    assert REGISTRY.get("salt-lake-city-ut").reach[0] >= 365


PROCLAIMED = """
[holidays.proclaimed]
covers = { from = 2024, to = 2026 }
cite = "Governor's proclamations (test list)"
days = [{ date = 2026-03-16, name = "Day of thanksgiving", cite = "Proclamation 2026-1" }]

[holidays.one_off_closures]
covers = { from = 2026, to = 2026 }
cite = "Clerk's notices (test list)"
days = [{ date = 2026-03-20, name = "Office move", cite = "Clerk's notice of March 1, 2026" }]
"""


def test_a_proclaimed_day_is_a_legal_holiday_and_a_closure_is_a_reading(tmp_path):
    jur = load_jurisdiction(_testville(tmp_path, PROCLAIMED))
    # Adopted March 16, 2023 + 3 years = Monday March 16, 2026, proclaimed: extended to Tuesday March 17.
    result = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2023, 3, 16)}, today=TODAY)
    assert result.deadlines[0].due == date(2026, 3, 17)
    # Adopted March 20, 2023 + 3 years = Friday March 20, 2026: a business day in law, but the
    # office is closed (one-off): its last open day before, Thursday March 19, is the safe date.
    result = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2023, 3, 20)}, today=TODAY)
    kept = result.deadlines[0]
    assert (kept.due, kept.safe_due) == (date(2026, 3, 20), date(2026, 3, 19))
    assert next(r for r in kept.readings if r.safe).cite == "Clerk's notice of March 1, 2026"


def test_a_deadline_outside_a_hand_kept_list_is_warned(tmp_path):
    jur = load_jurisdiction(_testville(tmp_path, PROCLAIMED))
    inside = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2023, 3, 16)}, today=TODAY)
    assert not any(n.code.startswith("holidays.unlisted.") for n in inside.warnings)
    outside = compute(jur, election=date(2026, 11, 3), events={"adopted": date(2025, 3, 16)}, today=TODAY)
    unlisted = {n.code: dict(n.args) for n in outside.warnings if n.code.startswith("holidays.unlisted.")}
    assert set(unlisted) == {"holidays.unlisted.proclaimed", "holidays.unlisted.one_off_closures"}
    proclaimed = unlisted["holidays.unlisted.proclaimed"]  # the list covers 2024-2026; a deadline falls in 2028
    assert (proclaimed["cite"], proclaimed["first"], proclaimed["last"], proclaimed["years"]) == (
        "Governor's proclamations (test list)", 2024, 2026, (2028,))


def test_check_warns_when_a_list_ends_before_the_next_two_cycles(tmp_path):
    path = _testville(tmp_path, PROCLAIMED)
    res = CliRunner().invoke(main, ["check", str(path)])
    assert res.exit_code == 0, res.output
    today = date.today()
    first_monday = date(today.year, 11, 1) + timedelta(days=(7 - date(today.year, 11, 1).weekday()) % 7)
    second = today.year + (1 if today <= first_monday + timedelta(days=1) else 2)  # the Tuesday after
    lines = [line for line in res.output.splitlines() if line.startswith("warning:")]
    assert len(lines) == 2 and all(str(path) in line for line in lines)
    assert lines[0].startswith(f"warning: {path}: holidays.proclaimed: covers 2024-2026, which ends before the next two cycles")
    assert lines[0].endswith(f"extend the list and its 'covers' through {second}")
