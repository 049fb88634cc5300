"""Worked examples for every kind of Utah local government on the state's shared
law (calendars/roster/kinds-ut.toml): cities, towns and metro townships
(`municipality`) and local school districts (`school-district`).

Each expected date is worked by hand from the statute's words in the comment
beside it; where a clerk or the State published the date, the source is named.
The jurisdictions are built in a temporary copy of the calendars folder, each a
file of its identity and the `extends` list its kind has in kinds-ut.toml (read
from that file, so the file and these tests cannot drift)."""
from __future__ import annotations

import shutil
import tomllib
from datetime import date
from pathlib import Path

import pytest

from deadlines.core import engine
from deadlines.core.model import Decision
from deadlines.core.registry import Registry
from engine_helpers import local
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DENVER = "America/Denver"
CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
KINDS = tomllib.loads((CALENDARS / "roster" / "kinds-ut.toml").read_text())
TODAY = date(2026, 11, 29)
IDS = {"municipality": "ut-example-town", "school-district": "ut-example-school-district"}


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> Registry:
    folder = tmp_path_factory.mktemp("ut") / "calendars"
    shutil.copytree(CALENDARS, folder, ignore=shutil.ignore_patterns("*.csv"))  # the rows are not needed
    for law, jid in IDS.items():
        extends = ", ".join(f'"{name}"' for name in KINDS[law]["extends"])
        (folder / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "Example {KINDS[law]["title"]}"\ntimezone = "{DENVER}"\n'
            f'source = "test: a {law} on the shared law of kinds-ut.toml"\nextends = [{extends}]\n'
        )
    return Registry(folder)


def calc(registry, law: str, **kwargs):
    result = engine.compute(registry.get(IDS[law]), today=kwargs.pop("today", TODAY), **kwargs)
    return {d.id: d for d in result.deadlines}, result


def five_pm(y: int, m: int, d: int):
    return local(DENVER, y, m, d, 17)


def eight_am(y: int, m: int, d: int):
    return local(DENVER, y, m, d, 8)


def test_kinds_file_has_exactly_the_roster_laws():
    # local districts: test_utah_local_district.py; appointed boards: tests/law/test_appointed_boards.py
    assert set(KINDS) == {"municipality", "school-district", "local-district", "appointed-board"}
    for law in KINDS:
        assert KINDS[law]["extends"][-1] == "utah-election-code"  # holidays and 68-3-7 for every kind


# =========================================================================== municipalities


def test_municipality_2025_june_period_state_practice_and_choice_reading(registry):
    d, result = calc(registry, "municipality", election=date(2025, 11, 4))
    decl = d["declaration-filing"]
    # "between June 1 and June 7", during office hours: June 1, 2025 is a Sunday, so the window
    # opens Monday June 2 at 8:00 a.m.; June 7 is a Saturday, so the last office day is Friday June 6.
    # Published: Brighton (Town Clerk, April 28, 2025): "begins on Monday, June 2, 2025 at 8:00 a.m.
    # and ends at 5:00 p.m. on Friday, June 6, 2025"; West Point: "MONDAY, JUNE 2 - FRIDAY, JUNE 6".
    assert decl.statutory_start == date(2025, 6, 1)
    assert decl.start == eight_am(2025, 6, 2)
    assert decl.due == five_pm(2025, 6, 6)
    assert decl.safe_due == five_pm(2025, 6, 6)
    # Readings: 68-3-7 extends Saturday June 7 to Monday June 9; no ranked-choice decision is
    # recorded, so the pilot's period (third Tuesday of August: Aug 5, 12, 19) shows as well.
    assert sorted(r.due for r in decl.readings) == [five_pm(2025, 6, 6), five_pm(2025, 6, 9), five_pm(2025, 8, 19)]
    assert [r.due for r in decl.readings if r.safe] == [five_pm(2025, 6, 6)]
    assert "choice.undecided" in {n.code for n in decl.warnings}
    assert d["nomination-petition-filing"].due == five_pm(2025, 6, 6)
    assert "objection-filing" not in d and result.pending == ()


def test_municipality_2025_write_in_withdrawal_and_notice(registry):
    d, _ = calc(registry, "municipality", election=date(2025, 11, 4))
    # 20A-9-601(1)(a): 65 days before Nov 4, 2025: Oct 4 is 31, Sep 4 is 61, Aug 31 is 65, a Sunday;
    # 68-3-7: Monday Sep 1 is Labor Day, so Tuesday Sep 2, 5 p.m.; the prior business day is Friday Aug 29.
    # (KRCL's 2025 list says "September 8" for write-ins: it does not agree with 65 days; not asserted.)
    w = d["write-in-declaration"]
    assert w.due == five_pm(2025, 9, 2) and w.safe_due == five_pm(2025, 8, 29)
    # Withdrawal to be left off the printed ballot: the same 65th day. Juab County's 2025 schedule:
    # "September 2 - Last Day to Withdraw Candidacy to be Removed from the Printed Ballot".
    wd = d["withdrawal"]
    assert wd.due == five_pm(2025, 9, 2) and wd.safe_due == five_pm(2025, 8, 29)
    # The 23-day reading: Nov 4 - 23 = Sunday Oct 12; Monday Oct 13 is Columbus Day -> Tuesday Oct 14.
    assert five_pm(2025, 10, 14) in [r.due for r in wd.readings]
    # 10-3-301(2)(a): "On or before May 1 in a year in which there is a municipal general election":
    # Jan 1 to May 1, 2025 (Thursday). Brighton's notice is dated April 28, 2025: inside the window.
    n = d["filing-notice"]
    assert (n.start, n.due) == (date(2025, 1, 1), date(2025, 5, 1))
    assert n.start <= date(2025, 4, 28) <= n.due


def test_municipality_2027_after_the_pilot_june_7_a_monday(registry):
    d, _ = calc(registry, "municipality", election=date(2027, 11, 2))
    decl = d["declaration-filing"]
    # June 1, 2027 is a Tuesday, June 7 a Monday: no extension either way; the pilot ended
    # January 1, 2026, so there is no August reading.
    assert decl.start == eight_am(2027, 6, 1) and decl.due == five_pm(2027, 6, 7)
    assert {r.due for r in decl.readings} == {five_pm(2027, 6, 7)}
    # Nov 2, 2027 - 65: Oct 2 is 31, Sep 2 is 61, Aug 29 is 65 (a Sunday) -> Monday Aug 30
    # (Labor Day 2027 is Sep 6); the prior business day is Friday Aug 27.
    assert d["write-in-declaration"].due == five_pm(2027, 8, 30)
    assert d["write-in-declaration"].safe_due == five_pm(2027, 8, 27)
    # May 1, 2027 is a Saturday: publication is not an act at the office, so no roll.
    assert d["filing-notice"].due == date(2027, 5, 1) and EN.warnings(d["filing-notice"], "") == ()


def test_municipality_2023_moved_election(registry):
    # By rule Nov 7, 2023; held Nov 21 (2023 2nd Special Session H.B. 2001).
    d, result = calc(registry, "municipality", today=date(2023, 1, 15))
    assert result.held == date(2023, 11, 21)
    decl = d["declaration-filing"]
    # June 1, 2023 a Thursday, June 7 a Wednesday. Provo City 2023: "From June 1 through June 7, 2023
    # (excluding Saturday and Sunday) ... office hours: 8 AM - 5 PM".
    assert decl.start == eight_am(2023, 6, 1) and decl.due == five_pm(2023, 6, 7)
    # The pilot's period for 2023: Tuesdays in August 2023 are 1, 8, 15: the third is Aug 15
    # (Salt Lake City, which chose it: "August 8-15, 2023").
    assert five_pm(2023, 8, 15) in [r.due for r in decl.readings]
    # 65 days before Nov 21: Oct 21 is 31, Sep 21 is 61, Sep 17 is 65 (a Sunday) -> Monday Sep 18.
    # Fairfield Town: "September 18, 2023, by 5 pm. Write-in Candidate deadline".
    assert d["write-in-declaration"].due == five_pm(2023, 9, 18)
    # 20A-9-207's 65 days are from 2024: no withdrawal version for 2023.
    assert "withdrawal" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "withdrawal" for n in result.warnings)


def test_municipality_2021_decision_recorded_takes_the_august_period(registry):
    # A city that chose ranked-choice voting for 2021 (as Springville did): the August period.
    # Tuesdays of August 2021: 3, 10, 17 -> Aug 10 at 8:00 a.m. to Aug 17 at 5:00 p.m.
    # Springville City's 2021 guide: "begins Tuesday, August 10, 2021 and ends Tuesday, August 17,
    # 2021 at 5:00 p.m."
    taken = [Decision("ranked-choice", date(2021, 11, 2), True, "City Council resolution (test)")]
    d, _ = calc(registry, "municipality", election=date(2021, 11, 2), decisions=taken)
    decl = d["declaration-filing"]
    assert decl.start == eight_am(2021, 8, 10) and decl.due == five_pm(2021, 8, 17)
    # Declined: the June period, June 1 (Tuesday) to June 7 (Monday), 2021. Green River City:
    # "begins on Tuesday, June 1, 2021 through Monday, June 7, 2021 during regular business hours".
    declined = [Decision("ranked-choice", date(2021, 11, 2), False, "no vote to participate (test)")]
    d, _ = calc(registry, "municipality", election=date(2021, 11, 2), decisions=declined)
    assert d["declaration-filing"].start == eight_am(2021, 6, 1)
    assert d["declaration-filing"].due == five_pm(2021, 6, 7)


def test_municipality_2013_and_2017_earlier_versions(registry):
    d, _ = calc(registry, "municipality", election=date(2013, 11, 5))
    # June 1, 2013 a Saturday: the window opens Monday June 3; June 7 is a Friday.
    # Salt Lake Tribune 2013: "candidate have just five days - June 3-7 during business hours".
    assert d["declaration-filing"].start == eight_am(2013, 6, 3)
    assert d["declaration-filing"].due == five_pm(2013, 6, 7)
    # 2013 H.B. 403: 60 days before the municipal general election: Nov 5 - 60 = Friday Sep 6
    # (St. George News, May 22, 2013: "60 days before the election, i.e. by Sept. 6").
    assert d["write-in-declaration"].due == five_pm(2013, 9, 6)
    d, _ = calc(registry, "municipality", election=date(2017, 11, 7))
    # Nov 7 - 60 = Friday Sep 8, 2017 (electionsutah: "Friday, 8 September 2017 - Filing Deadline
    # Write-in Candidates"); June 7, 2017 a Wednesday ("Wednesday, 7 June 2017 - Candidate Filing").
    assert d["write-in-declaration"].due == five_pm(2017, 9, 8)
    assert d["declaration-filing"].due == five_pm(2017, 6, 7)
    # The notice under the February 1 text (2014 H.B. 272), with its warning.
    assert d["filing-notice"].due == date(2017, 2, 1) and EN.warnings(d["filing-notice"], "")


def test_municipality_before_2013_is_not_encoded(registry):
    d, result = calc(registry, "municipality", election=date(2011, 11, 8))
    assert "declaration-filing" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "declaration-filing" for n in result.warnings)


def test_municipality_office_hours_are_the_statutes_to_confirm(registry):
    d, _ = calc(registry, "municipality", election=date(2029, 11, 6))
    # June 1, 2029 a Friday, June 7 a Thursday; 10-3-301(3)(b)(i)'s 8 a.m. to 5 p.m.
    assert d["declaration-filing"].start == eight_am(2029, 6, 1)
    assert d["declaration-filing"].due == five_pm(2029, 6, 7)
    # Nov 6, 2029 - 65: Oct 6 is 31, Sep 6 is 61, Sep 2 is 65 (a Sunday); Monday Sep 3 Labor Day -> Sep 4.
    assert d["write-in-declaration"].due == five_pm(2029, 9, 4)
    # The 2013-2018 write-in text sets no hour: the day ends when the office closes, 5:00 p.m. by
    # 10-3-301(3)(b), and the steps say to confirm the municipality's hours.
    d, _ = calc(registry, "municipality", election=date(2015, 11, 3))
    w = d["write-in-declaration"]
    # Nov 3, 2015 - 60: Oct 3 is 31, Sep 3 is 61, so 60 is Friday Sep 4.
    assert w.due == five_pm(2015, 9, 4)
    assert any(n.code == "office.closes_confirm" and "10-3-301(3)(b)" in n.arg("cite")
               and "confirm with the city recorder" in n.arg("confirm") for n in w.steps)


# =========================================================================== school districts


def test_school_district_2024_january_period(registry):
    d, _ = calc(registry, "school-district", election=date(2024, 11, 5))
    decl = d["declaration-filing"]
    # Five business days from January 2, 2024 (a Tuesday; Jan 1 a Monday holiday): Jan 2, 3, 4, 5, 8.
    # Juab County: "Begins Tuesday, January 2, 2024, and ends at 5 p.m. on Monday, January 8, 2024"
    # for "local Board of Education candidates"; Tooele County: "Tue Jan 2, 2024 to 5pm on Mon Jan 8".
    assert decl.start == eight_am(2024, 1, 2) and decl.due == five_pm(2024, 1, 8)
    assert EN.warnings(decl, "")  # 20A-9-201.5(2)'s words were not read
    # 20A-9-601(1)(a): Nov 5 - 65: Oct 5 is 31, Sep 5 is 61, Sep 1 is 65 (a Sunday); Monday Sep 2 is
    # Labor Day -> Tuesday Sep 3, 5 p.m. Tooele County: "5pm on Tue Sep 3"; the State's deputy
    # director of elections (KSL NewsRadio, Aug 14, 2024): "until 5 p.m. on Sept. 3".
    w = d["write-in-declaration"]
    assert w.due == five_pm(2024, 9, 3) and w.safe_due == five_pm(2024, 8, 30)
    assert d["withdrawal"].due == five_pm(2024, 9, 3) and d["withdrawal"].safe_due == five_pm(2024, 8, 30)


def test_school_district_2026_january_period(registry):
    d, _ = calc(registry, "school-district", election=date(2026, 11, 3))
    # January 2, 2026 a Friday: Jan 2, 5, 6, 7, 8 -> Thursday January 8. Millard County: "Friday,
    # January 2, 2026 at 8:00 a.m., through Thursday, January 8, 2026 ending promptly at 5:00 p.m.";
    # Utah County: "January 2 to January 8 ... no later than 5:00PM on Thursday, January 8th".
    assert d["declaration-filing"].start == eight_am(2026, 1, 2)
    assert d["declaration-filing"].due == five_pm(2026, 1, 8)
    # Nov 3 - 65: Oct 3 is 31, Sep 3 is 61, Aug 30 is 65 (a Sunday) -> Monday Aug 31 (Labor Day 2026
    # is Sep 7); the prior business day is Friday Aug 28.
    assert d["write-in-declaration"].due == five_pm(2026, 8, 31)
    assert d["write-in-declaration"].safe_due == five_pm(2026, 8, 28)
    assert "filing-notice" not in d and "nomination-petition-filing" not in d


def test_school_district_2028_weekend_ends(registry):
    d, result = calc(registry, "school-district")  # today Nov 29, 2026: the next is Nov 7, 2028
    assert result.held == date(2028, 11, 7)
    decl = d["declaration-filing"]
    # Jan 2, 2028 a Sunday -> opens Monday Jan 3; five business days Jan 3-7: Friday Jan 7, which is
    # January 8 (a Saturday) moved back; the 68-3-7 reading gives Monday Jan 10.
    assert decl.start == eight_am(2028, 1, 3) and decl.due == five_pm(2028, 1, 7)
    assert sorted(r.due for r in decl.readings) == [five_pm(2028, 1, 7), five_pm(2028, 1, 10)]
    # Nov 7 - 65: Oct 7 is 31, Sep 7 is 61, Sep 3 is 65 (a Sunday); Monday Sep 4 is Labor Day ->
    # Tuesday Sep 5; prior business day Friday Sep 1.
    assert d["write-in-declaration"].due == five_pm(2028, 9, 5)
    assert d["write-in-declaration"].safe_due == five_pm(2028, 9, 1)


def test_school_district_2034_new_years_observed_on_january_2(registry):
    d, _ = calc(registry, "school-district", election=date(2034, 11, 7))
    decl = d["declaration-filing"]
    # Jan 1, 2034 a Sunday: Monday Jan 2 is the legal holiday (63G-1-301(2)(b)). Opens Tuesday Jan 3;
    # Jan 8 a Sunday: moved back to Friday Jan 6 (the safe date); five business days (Jan 3, 4, 5,
    # 6, 9) end Monday Jan 9, the other reading.
    assert decl.start == eight_am(2034, 1, 3)
    assert decl.safe_due == five_pm(2034, 1, 6)
    assert five_pm(2034, 1, 9) in [r.due for r in decl.readings]


def test_school_district_2022_and_before(registry):
    d, result = calc(registry, "school-district", election=date(2022, 11, 8))
    # 20A-9-201.5(1): "begins at 8 a.m. on February 28, 2022, and ends at 5 p.m. on March 4, 2022"
    # (Lieutenant Governor, Feb 17, 2022: "Monday, Feb. 28 through Friday, March 4 at 5 p.m.").
    assert d["declaration-filing"].start == eight_am(2022, 2, 28)
    assert d["declaration-filing"].due == five_pm(2022, 3, 4)
    # Nov 8 - 65: Oct 8 is 31, Sep 8 is 61, Sep 4 is 65 (a Sunday); Monday Sep 5 Labor Day -> Sep 6.
    assert d["write-in-declaration"].due == five_pm(2022, 9, 6)
    assert "withdrawal" not in d
    d, result = calc(registry, "school-district", election=date(2020, 11, 3))
    assert "declaration-filing" not in d  # the March periods before 2022 are not encoded
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "declaration-filing" for n in result.warnings)
