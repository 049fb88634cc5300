"""The command line: `deadlines list | check | compute`."""
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from deadlines.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_compute_json_has_the_fixed_fields():
    res = run("compute", "ypsilanti-mi", "--primary", "2026-08-04", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    filing = next(d for d in data["deadlines"] if d["id"] == "petition-filing")
    for key in ("id", "title", "kind", "start", "due", "citation", "steps", "readings", "warnings"):
        assert key in filing
    assert filing["due"] == "2026-04-21T16:00:00-04:00"
    assert filing["citation"].startswith("Ypsilanti City Charter § 3.06")
    notice = next(d for d in data["deadlines"] if d["id"] == "filing-notice")
    assert (notice["start"], notice["due"]) == ("2026-03-31", "2026-04-14")


def test_compute_event_and_table():
    res = run("compute", "model-city", "--event", "ordinance-adopted=2026-05-07", "--today", "2026-05-08")
    assert res.exit_code == 0, res.output
    assert "referendum-petition-filing" in res.output
    assert "Saturday, June 6, 2026 (safe: Friday, June 5, 2026)" in res.output
    assert "warning:" in res.output


def test_compute_instant_event():
    res = run("compute", "salt-lake-city-ut", "--election", "2025-11-04", "--event", "objection-filed=2025-06-12T14:30", "--json")
    data = json.loads(res.output)
    decision = next(d for d in data["deadlines"] if d["id"] == "objection-decision")
    assert decision["due"] == "2025-06-14T14:30:00-06:00"


def test_unknown_jurisdiction_one_line_error():
    res = run("compute", "atlantis")
    assert res.exit_code == 2
    [line] = res.output.strip().splitlines()
    assert line.startswith("error: unknown jurisdiction 'atlantis'; find a government's id by its name with "
                           "`deadlines list NAME` or GET /api/v1/jurisdictions?q=NAME (")
    typo = run("compute", "orem-ur")
    assert typo.exit_code == 2 and "unknown jurisdiction 'orem-ur'; did you mean orem-ut?" in typo.output


def test_list_finds_a_government_by_name():
    res = run("list", "ypsilanti", "--state", "MI")
    assert res.exit_code == 0, res.output
    lines = res.output.strip().splitlines()
    assert lines[0].split("\t")[:3] == ["ypsilanti-mi", "ocd-division/country:us/state:mi/place:ypsilanti",
                                         "City of Ypsilanti, Michigan"]
    assert lines[1].startswith("ypsilanti-charter-township-washtenaw-mi\t")
    assert run("list", "--kind", "hamlet").exit_code == 2


def test_malformed_date_error():
    res = run("compute", "colorado-local", "--election", "2025-02-30")
    assert res.exit_code == 2
    assert "expected a date YYYY-MM-DD, got '2025-02-30'" in res.output
    assert "Traceback" not in res.output


def test_unknown_event_error():
    res = run("compute", "colorado-local", "--event", "ordinance-adopted=2026-01-01")
    assert res.exit_code == 2
    assert "colorado-local has no event 'ordinance-adopted' (its events: none)" in res.output


def test_malformed_event_errors():
    assert "event: expected NAME=DATETIME" in run("compute", "model-city", "--event", "ordinance-adopted").output
    res = run("compute", "model-city", "--event", "ordinance-adopted=yesterday")
    assert res.exit_code == 2 and "ordinance-adopted: expected a date" in res.output
    res = run("compute", "salt-lake-city-ut", "--event", "objection-filed=2025-06-12")
    assert res.exit_code == 2 and "is an instant: give a date and time" in res.output


def test_list_shows_jurisdictions_and_ids():
    res = run("list", "salt lake city", "--rules")
    assert res.exit_code == 0
    assert ("salt-lake-city-ut\tocd-division/country:us/state:ut/place:salt_lake_city\tSalt Lake City, Utah\t"
            "city, Salt Lake County, UT\t") in res.output
    assert "withdrawal" in res.output
    assert len(run("list").output.splitlines()) > 3000  # every government


def test_check_ok_and_failing(tmp_path):
    ok = run("check")
    assert ok.exit_code == 0, ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "good"\nname = 1\n')
    res = run("check", str(bad))
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert f"{bad}: id: file name 'bad.toml' does not match id 'good'; name the file 'good.toml'" in lines
    assert f"{bad}: name: expected a non-empty string, got an integer" in lines
    assert f"{bad}: missing required key 'timezone'" in lines


def test_console_script_runs():
    exe = Path(sys.executable).with_name("deadlines")
    out = subprocess.run([str(exe), "compute", "colorado-local", "--election", "2025-11-04", "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    data = json.loads(out.stdout)
    assert [d["due"] for d in data["deadlines"] if d["id"] == "petition-filing"] == ["2025-08-29T17:00:00-06:00"]


def test_facts_coverage_counts_every_government_once_per_fact_with_the_filing_fee():
    """Per state and kind, each fact's recorded, assumed and not-needed counts add up to the
    governments; a filing fee is needed only where the quoted law asks for one (Utah's
    municipalities: 20A-9-203(3)(a)(ii) "pay the filing fee, if one is required by municipal
    ordinance"), never for a Michigan township."""
    out = CliRunner().invoke(main, ["facts", "--coverage", "--json"])
    assert out.exit_code == 0, out.output
    table = json.loads(out.output)
    for key, entry in table.items():
        for name, counts in entry.items():
            if name != "governments":
                assert sum(counts.values()) == entry["governments"], (key, name)
    assert table["UT city"]["filing_fee"]["recorded"] >= 27
    assert table["MI township"]["filing_fee"] == {"not needed": table["MI township"]["governments"]}
