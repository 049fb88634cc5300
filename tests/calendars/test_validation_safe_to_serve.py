"""What ``deadlines check`` passes is safe to serve (issue 19, items 3 and 4):
counts are bounded, names and sources are one line, no NUL or other control
character gets through a TOML escape, and a file that is not UTF-8, nests too
deeply or cannot be read is a problem naming the file, never a traceback."""
from __future__ import annotations

from click.testing import CliRunner

import pytest

from deadlines.cli import main
from deadlines.core.loader import check_jurisdiction
from tests.calendar_files import BASE, write


def _problems(tmp_path, body: str) -> list[str]:
    jur, found = check_jurisdiction(write(tmp_path, body))
    assert jur is None
    return [str(p) for p in found]


@pytest.mark.parametrize("expr, where, most", [
    ("{ nth_weekday_before = 999999999, weekday = \"tuesday\", of = \"general\" }", "nth_weekday_before", "522"),
    ("{ days_before = 100000, of = \"general\" }", "days_before", "3,660"),
    ("{ months_after = 1000, of = \"general\" }", "months_after", "120"),
    ("{ years_before = 11, of = \"general\" }", "years_before", "10"),
])
def test_a_count_past_ten_years_is_refused(tmp_path, expr, where, most):
    body = BASE.replace('due = { days_before = 60, of = "general" }', f"due = {expr}")
    found = _problems(tmp_path, body)
    assert any(f"deadlines.filing.due.{where}: expected an integer of at most {most}" in p for p in found), found


def test_holiday_years_and_day_offsets_are_bounded(tmp_path):
    found = _problems(tmp_path, BASE.replace("covers = { from = 2000 }", "covers = { from = 999999 }"))
    assert any("holidays.covers.from: expected an integer of at most 2,100, got 999,999" in p for p in found), found


@pytest.mark.parametrize("key", ["name", "source"])
def test_names_and_sources_are_one_line(tmp_path, key):
    body = BASE.replace('name = "Testville"', 'name = "Testville"\nsource = "Test Code"') if key == "source" else BASE
    body = body.replace(f'{key} = "Test', f'{key} = "Line one\\nTest')
    found = _problems(tmp_path, body)
    assert any(p.endswith(f": {key}: must be one line (a line break here would break titles, names and calendar files)")
               for p in found), found


def test_a_deadline_title_is_one_line_but_the_quoted_law_may_run_over_lines(tmp_path):
    found = _problems(tmp_path, BASE.replace('title = "Filing"', 'title = "Fil\\r\\ning"')
                      .replace('text = "file 60 days before"', 'text = """file\n60 days\nbefore"""'))
    assert [p.split(": ", 1)[1] for p in found] == ["deadlines.filing.title: must be one line (a line break here would "
                                                    "break titles, names and calendar files)"]


def test_a_nul_through_a_toml_escape_is_refused(tmp_path):
    found = _problems(tmp_path, BASE.replace('cite = "Test Code 3"', 'cite = "Test\\u0000Code 3"'))
    assert any("deadlines.filing.cite: contains the character U+0000, which is not allowed" in p for p in found), found


def test_a_file_that_is_not_utf8_names_the_byte_and_line(tmp_path):
    path = write(tmp_path, BASE)
    path.write_bytes(path.read_bytes().replace(b"Testville", b"Testvill\xe9", 1))
    _, found = check_jurisdiction(path)
    assert [str(p) for p in found] == [f"{path}: not UTF-8: byte 0xe9 on line 3 (save the file as UTF-8)"]


def test_deep_nesting_is_a_problem_not_a_crash(tmp_path):
    deep_array = BASE + "extra = " + "[" * 5000 + "]" * 5000 + "\n"
    found = _problems(tmp_path, deep_array)
    assert [p.split(": ", 1)[1] for p in found] == ["not valid TOML: nested too deeply (at most 12 levels)"]
    deep_table = BASE + "[deadlines.filing.thresholds]\n" + "".join(f"[deadlines.filing.thresholds{'.x' * n}]\n"
                                                                    for n in range(1, 20))
    assert any("nested more than 12 levels deep" in p for p in _problems(tmp_path, deep_table))


def test_a_file_that_cannot_be_read_is_a_problem(tmp_path):
    (tmp_path / "testville.toml").mkdir()
    _, found = check_jurisdiction(tmp_path / "testville.toml")
    assert [p.message for p in found] == ["cannot be read: Is a directory"]


def test_check_reports_every_such_file_without_a_traceback(tmp_path):
    folder = tmp_path / "calendars"
    folder.mkdir()
    (folder / "shared").mkdir()
    (folder / "testville.toml").write_bytes(BASE.encode().replace(b"Testville", b"Testvill\xe9", 1))
    write(folder, BASE.replace('"testville"', '"deep"') + "x = " + "[" * 5000 + "]" * 5000, "deep")
    write(folder, BASE.replace('"testville"', '"nul"').replace('cite = "Test Code 3"', 'cite = "\\u0000"'), "nul")
    out = CliRunner().invoke(main, ["check", str(folder)])
    assert out.exit_code == 1 and out.exception is None or isinstance(out.exception, SystemExit), out.output
    assert "Traceback" not in out.output
    for name in ("testville", "deep", "nul"):
        assert f"{folder / name}.toml: " in out.output
