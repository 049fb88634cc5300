"""Worked examples for Colorado nonpartisan local government nomination petitions
(C.R.S. article 13.5 of title 1; computation of time C.R.S. 1-1-106(5) and 1-13.5-107(2)).

Filing is an act at the designated election official's office: with no hour in
the law, the last day ends when the office closes, 5:00 p.m. by the shared rule
set's office hours."""
from datetime import date, time
from pathlib import Path

import pytest

from engine_helpers import calc, local
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DENVER = "America/Denver"


def five_pm(day: date):
    return local(DENVER, day.year, day.month, day.day, 17)


def test_2025_filing_is_67th_day_prior_to_nov_4():
    # Nov 4, 2025 - 67 days: Oct 4 is -31, Sep 4 is -61, Aug 29 is -67 (a Friday).
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    assert d["petition-filing"].due == five_pm(date(2025, 8, 29))
    assert d["petition-circulation"].start == date(2025, 1, 1)
    assert d["petition-circulation"].due == date(2025, 8, 29)


@pytest.mark.parametrize(
    "election, published",
    [
        (date(2019, 11, 5), date(2019, 8, 30)),  # Denver Elections: "August 30, 2019 (67 days before election)"
        # Denver Public Schools: "no later than 5:00 p.m. on August 27, 2021"
        (date(2021, 11, 2), date(2021, 8, 27)),
        (date(2025, 11, 4), date(2025, 8, 29)),  # CASB 2025 checklist: "by August 29, 2025"
    ],
)
def test_published_colorado_67_day_deadlines(election, published):
    d, _ = calc("colorado-local", election=election)
    assert d["petition-filing"].due == five_pm(published)


def test_election_is_first_tuesday_in_november():
    # C.R.S. 1-41-103: "the first Tuesday of November". Nov 1, 2033 is a Tuesday:
    # the election is Nov 1 (not Nov 8), and 67 days before is Aug 26, 2033.
    d, result = calc("colorado-local", today=date(2033, 1, 10))
    assert result.held == date(2033, 11, 1)
    assert d["petition-filing"].due == five_pm(date(2033, 8, 26))


def test_weekend_67th_day_two_readings():
    # A special election on Wednesday, May 6, 2026: April 6 is 30 days before, March 6
    # is 61, so the 67th day prior is Saturday, February 28. 1-1-106(5) shortens to
    # Friday Feb 27; 1-13.5-107(2) extends to Monday March 2.
    d, result = calc("colorado-local", election=date(2026, 5, 6))
    f = d["petition-filing"]
    assert f.due == five_pm(date(2026, 2, 27))
    assert f.safe_due == five_pm(date(2026, 2, 27))
    assert [(r.roll, r.due) for r in f.readings] == [
        ("prior_business_day", five_pm(date(2026, 2, 27))),
        ("next_business_day", five_pm(date(2026, 3, 2))),
    ]
    assert f.readings[0].safe and not f.readings[1].safe
    assert [(n.arg("day"), n.arg("to")) for n in f.steps if n.code == "roll.shortened"] == [
        (date(2026, 2, 28), five_pm(date(2026, 2, 27)))]
    assert "election.not_by_rule" in {n.code for n in result.warnings}
    # circulation needs no open office: it ends on the 67th day itself
    assert d["petition-circulation"].due == date(2026, 2, 28)


def test_readings_agree_on_a_business_day():
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    f = d["petition-filing"]
    assert {r.due for r in f.readings} == {five_pm(date(2025, 8, 29))}
    assert f.status == "scheduled" and EN.warnings(f, "") == ()


def test_retention_two_years_after_filing_including_feb_29():
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    assert d["petition-retention"].due == date(2027, 8, 29)
    assert EN.warnings(d["petition-retention"], "") == ()  # not an act at the office: a Sunday is fine


def test_filing_ends_at_close_of_business_with_hours_cited():
    # Published: "Completed petitions should be submitted to the Denver Elections Division
    # no later than 5:00 p.m. on August 27, 2021" (Denver Public Schools, 2021 election).
    d, _ = calc("colorado-local", election=date(2021, 11, 2))
    f = d["petition-filing"]
    assert f.due == five_pm(date(2021, 8, 27))
    assert (f.ends.code, f.ends.arg("clock")) == ("ends.office_closes", time(17, 0))
    closing = [n for n in f.steps if n.code == "office.closes_confirm"]  # the file's cite and its word to confirm
    assert closing and "Denver Elections Division" in closing[0].arg("cite")
    assert "confirm the closing hour" in closing[0].arg("confirm")
    # circulating needs no office: its last day stays a whole day
    assert d["petition-circulation"].due == date(2021, 8, 27)


# --------------------------------------------------------------------------- even-year elections


@pytest.mark.parametrize(
    "year, held, filing",
    [
        # Nov 1, 2022 is a Tuesday: the even-year general election is the Tuesday after the first
        # Monday (Nov 7), Nov 8 (1-1-104(17)). Nov 8 - 67: Oct 31 is -8, Sep 30 -39, Aug 31 -69 -> Sep 2.
        (2022, date(2022, 11, 8), date(2022, 9, 2)),
        # Nov 1, 2016 is a Tuesday too: Nov 8, 2016 - 67 days = Fri Sep 2, 2016.
        (2016, date(2016, 11, 8), date(2016, 9, 2)),
        # Odd year with Nov 1 a Tuesday: the first Tuesday (1-41-103), Nov 1, 2033 - 67 = Aug 26.
        (2033, date(2033, 11, 1), date(2033, 8, 26)),
    ],
)
def test_election_day_by_kind_of_year(year, held, filing):
    d, result = calc("colorado-local", today=date(year, 1, 2))
    assert result.held == held
    assert d["petition-filing"].due == five_pm(filing)
    assert "election.not_by_rule" not in {n.code for n in result.warnings}


def test_2022_entered_election_needs_no_warning():
    d, result = calc("colorado-local", election=date(2022, 11, 8))
    assert result.cycle == date(2022, 11, 8)
    assert EN.result_warnings(result) == ()


# --------------------------------------------------------------------------- write-in affidavit (1-13.5-305)


def test_write_in_affidavit_64th_day_on_labor_day_two_readings():
    # Nov 4, 2025 - 64 days: Oct 4 is -31, Sep 4 -61, Sep 1 -64 = Labor Day (a Monday).
    # 1-1-106(5) shortens to Fri Aug 29; 1-13.5-107(2) extends to Tue Sep 2.
    # Published: Greeley-Evans School District 6, "August 29, 2025, 4:30 p.m.: Deadline for
    # school director write-in candidates to file an affidavit of intent" (its own office hours).
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    w = d["write-in-affidavit"]
    assert w.due == w.safe_due == five_pm(date(2025, 8, 29))
    assert [(r.roll, r.due, r.safe) for r in w.readings] == [
        ("prior_business_day", five_pm(date(2025, 8, 29)), True),
        ("next_business_day", five_pm(date(2025, 9, 2)), False),
    ]
    assert any("Labor Day" in s and "shortened" in s for s in EN.steps(w, ""))
    assert w.citation == "C.R.S. 1-13.5-305"


def test_write_in_affidavit_plain_monday():
    # Nov 2, 2021 - 64 days: Oct 2 -31, Sep 2 -61, Aug 30 -64 (Monday, no holiday).
    d, _ = calc("colorado-local", election=date(2021, 11, 2))
    w = d["write-in-affidavit"]
    assert w.due == five_pm(date(2021, 8, 30))
    assert {r.due for r in w.readings} == {five_pm(date(2021, 8, 30))}
    assert EN.warnings(w, "") == ()


def test_write_in_affidavit_2022():
    # Nov 8, 2022 - 64 = Mon Sep 5, 2022 = Labor Day: Fri Sep 2 or Tue Sep 6.
    d, _ = calc("colorado-local", election=date(2022, 11, 8))
    w = d["write-in-affidavit"]
    assert w.safe_due == five_pm(date(2022, 9, 2))
    assert {r.due for r in w.readings} == {five_pm(date(2022, 9, 2)), five_pm(date(2022, 9, 6))}


# --------------------------------------------------------------------------- a file's own office hours


def test_a_local_government_sets_its_own_closing_hour(tmp_path):
    from deadlines.core.engine import compute
    from deadlines.core.loader import load_jurisdiction

    shared = tmp_path / "shared"
    shared.mkdir()
    src = Path(__file__).resolve().parents[3] / "calendars" / "shared" / "colorado-local-government-election-code.toml"
    (shared / src.name).write_text(src.read_text())
    (tmp_path / "early-district.toml").write_text(
        'id = "early-district"\nname = "A district whose office closes at 3:30"\ntimezone = "America/Denver"\n'
        'extends = ["colorado-local-government-election-code"]\n\n'
        '[office_hours]\nopen = "07:30"\nclose = "15:30"\ncite = "the district\'s posted office hours"\n'
    )
    jur = load_jurisdiction(tmp_path / "early-district.toml")
    result = compute(jur, election=date(2025, 11, 4), today=date(2025, 1, 2))
    f = {d.id: d for d in result.deadlines}["petition-filing"]
    assert f.due == local(DENVER, 2025, 8, 29, 15, 30)
    assert any(n.code.startswith("office.closes") and n.arg("cite") == "the district's posted office hours"
               for n in f.steps)
