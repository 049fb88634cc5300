"""Worked examples for Utah local districts whose boards are elected (kind
`local-district` of calendars/roster/kinds-ut.toml, calendars/shared/
utah-local-district.toml), and for the Utah half of the board classification
(calendars/roster/district-boards.toml).

Each expected date is worked by hand from the statute's words in the comment
beside it; where a district published the date, the source is named (the same
notices the rule file quotes). The jurisdiction is built as tests/
test_statewide_ut.py builds its kinds: a file of its identity and the `extends`
list the kind has in kinds-ut.toml, read from that file."""
from __future__ import annotations

import shutil
import tomllib
from datetime import date
from pathlib import Path

import pytest

from deadlines.core import engine
from deadlines.core.loader import check_jurisdiction
from deadlines.core.registry import Registry
from deadlines.words import words
from engine_helpers import local

EN = words("en")
DENVER = "America/Denver"
CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
KINDS = tomllib.loads((CALENDARS / "roster" / "kinds-ut.toml").read_text())
BOARDS = tomllib.loads((CALENDARS / "roster" / "district-boards.toml").read_text())
TODAY = date(2026, 12, 2)
JID = "ut-example-improvement-district"


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> Registry:
    folder = tmp_path_factory.mktemp("ut-local-district") / "calendars"
    shutil.copytree(CALENDARS, folder, ignore=shutil.ignore_patterns("*.csv"))
    extends = ", ".join(f'"{name}"' for name in KINDS["local-district"]["extends"])
    (folder / f"{JID}.toml").write_text(
        f'id = "{JID}"\nname = "Example Improvement District"\ntimezone = "{DENVER}"\n'
        f'source = "test: a local-district row of kinds-ut.toml"\nextends = [{extends}]\n'
    )
    return Registry(folder)


def calc(registry, **kwargs):
    result = engine.compute(registry.get(JID), today=kwargs.pop("today", TODAY), **kwargs)
    return {d.id: d for d in result.deadlines}, result


def five_pm(y: int, m: int, d: int):
    return local(DENVER, y, m, d, 17)


def eight_am(y: int, m: int, d: int):
    return local(DENVER, y, m, d, 8)


def test_the_kind_sits_on_the_district_set_then_holidays_and_time():
    assert KINDS["local-district"]["extends"] == ["utah-local-district", "utah-special-district-board-notice",
                                                  "utah-election-code"]


def test_2027_june_period_from_a_tuesday_to_a_monday(registry):
    d, result = calc(registry, election=date(2027, 11, 2))
    assert set(d) == {"board-notice", "declaration-filing", "write-in-declaration", "withdrawal"}
    # 17B-1-306(2)(a)(i): at the municipal general election, the first Tuesday after the first
    # Monday in November of odd years: Monday Nov 1, 2027, so Tuesday Nov 2.
    assert result.held == date(2027, 11, 2)
    decl = d["declaration-filing"]
    # 17B-1-306(3)(b) -> the municipal June 1-7 period: June 1, 2027 is a Tuesday (office opens
    # 8 a.m., assumed), June 7 a Monday: no roll either way, so both readings agree.
    assert decl.statutory_start == date(2027, 6, 1)
    assert decl.start == eight_am(2027, 6, 1)
    assert decl.due == decl.safe_due == five_pm(2027, 6, 7)
    assert {r.due for r in decl.readings} == {five_pm(2027, 6, 7)}
    # 20A-9-601(1)(a): 65 days before Nov 2: Oct 2 is 31 days, Sep 2 is 61, Aug 29 is 65, a Sunday;
    # 68-3-7 gives Monday Aug 30 (Labor Day 2027 is Sep 6); the prior business day is Friday Aug 27.
    w = d["write-in-declaration"]
    assert w.due == five_pm(2027, 8, 30) and w.safe_due == five_pm(2027, 8, 27)
    # 20A-9-207(3)(b): the same 65th day for a withdrawal that keeps the name off the ballot.
    wd = d["withdrawal"]
    assert wd.due == five_pm(2027, 8, 30) and wd.safe_due == five_pm(2027, 8, 27)


def test_2025_june_7_a_saturday_districts_published_monday_june_9(registry):
    d, _ = calc(registry, election=date(2025, 11, 4))
    decl = d["declaration-filing"]
    # June 1, 2025 is a Sunday: the window opens Monday June 2 at 8 a.m. June 7 is a Saturday:
    # 68-3-7 extends it to Monday June 9, 5 p.m., as three districts published for 2025 (Mt.
    # Olympus Improvement District "from Monday, June 2, 2025 through Monday, June 9, 2025";
    # Summit County Service Area #3 "June 2, 2025 to June 9, 2025"; Uintah Highlands "ending
    # Monday, June 9th at 5:00 p.m."). The State's municipal practice, the last business day
    # within June 1-7 (Friday June 6), is the reading, and the earlier is the safe date.
    assert decl.statutory_start == date(2025, 6, 1)
    assert decl.start == eight_am(2025, 6, 2)
    assert decl.due == five_pm(2025, 6, 9)
    assert decl.safe_due == five_pm(2025, 6, 6)
    assert sorted(r.due for r in decl.readings) == [five_pm(2025, 6, 6), five_pm(2025, 6, 9)]
    assert any("20A-9-203(3)(d)" in w and "were not read" in w for w in EN.warnings(decl, ""))
    # Nov 4, 2025 - 65: Oct 4 is 31, Sep 4 is 61, Aug 31 is 65, a Sunday; Monday Sep 1 is Labor
    # Day, so 68-3-7 gives Tuesday Sep 2; the prior business day is Friday Aug 29.
    assert d["write-in-declaration"].due == five_pm(2025, 9, 2)
    assert d["write-in-declaration"].safe_due == five_pm(2025, 8, 29)
    assert d["withdrawal"].due == five_pm(2025, 9, 2)


def test_2023_moved_election_and_no_withdrawal_version_yet(registry):
    # By rule Nov 7, 2023; held Nov 21 with the municipal general election (2023 Second Special
    # Session H.B. 2001), at the same time as which 17B-1-306(2)(a)(i) holds the district's.
    d, result = calc(registry, today=date(2023, 1, 15))
    assert result.held == date(2023, 11, 21)
    # June 1, 2023 a Thursday, June 7 a Wednesday. Mt. Olympus Improvement District: "beginning
    # Thursday, June 1, and no later than 5:30 p.m. Wednesday, June 7, 2023" (its own hours; the
    # assumed 5 p.m. is earlier).
    assert d["declaration-filing"].start == eight_am(2023, 6, 1)
    assert d["declaration-filing"].due == five_pm(2023, 6, 7)
    # Nov 21 - 65: Oct 21 is 31, Sep 21 is 61, Sep 17 is 65, a Sunday -> Monday Sep 18.
    assert d["write-in-declaration"].due == five_pm(2023, 9, 18)
    # 20A-9-207's 65 days are from May 1, 2024: no withdrawal version in force for 2023.
    assert "withdrawal" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "withdrawal" for n in result.warnings)


def test_2013_sixty_day_write_in_and_earlier_cycles_not_encoded(registry):
    d, _ = calc(registry, election=date(2013, 11, 5))
    # June 1, 2013 a Saturday: opens Monday June 3; June 7 a Friday.
    assert d["declaration-filing"].start == eight_am(2013, 6, 3)
    assert d["declaration-filing"].due == five_pm(2013, 6, 7)
    # 2013 H.B. 403: 60 days before Nov 5 = Oct 5 (31), Sep 5 (61) -> 60 is Friday Sep 6; the
    # 2013-2018 text sets no hour: the office's closing hour, 5 p.m. assumed.
    assert d["write-in-declaration"].due == five_pm(2013, 9, 6)
    d, result = calc(registry, election=date(2011, 11, 8))
    assert "declaration-filing" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "declaration-filing" for n in result.warnings)


def test_office_hours_are_assumed_and_say_to_confirm(registry):
    d, _ = calc(registry, election=date(2029, 11, 6))
    # June 1, 2029 a Friday, June 7 a Thursday: no roll.
    decl = d["declaration-filing"]
    assert decl.start == eight_am(2029, 6, 1) and decl.due == five_pm(2029, 6, 7)
    # The 2013-2018 write-in text sets no hour: the day ends when the office closes, 5 p.m. as
    # assumed, and the steps say to confirm the district's hours. Nov 3, 2015 - 60: Oct 3 is 31,
    # Sep 3 is 61, so 60 is Friday Sep 4.
    d, _ = calc(registry, election=date(2015, 11, 3))
    w = d["write-in-declaration"]
    assert w.due == five_pm(2015, 9, 4)
    assert any(n.code == "office.closes_confirm" and "office hours not recorded for this district" in n.arg("confirm")
               and "confirm with the district clerk" in n.arg("confirm") for n in w.steps)


def test_an_appointed_board_kind_on_holiday_law_alone_is_refused(tmp_path):
    # What a kind `[appointed-board]` extending only utah-election-code would be: the loader
    # needs a general election rule, so it cannot be written as a kind (see kinds-ut.toml).
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder, ignore=shutil.ignore_patterns("*.csv"))
    path = folder / "ut-example-appointed-board.toml"
    path.write_text('id = "ut-example-appointed-board"\nname = "Example"\ntimezone = "America/Denver"\n'
                    'source = "test"\nextends = ["utah-election-code"]\n')
    jur, problems = check_jurisdiction(path)
    assert jur is None
    assert [p.message for p in problems] == [
        "missing 'elections.general': every jurisdiction needs its general election rule"]


# --------------------------------------------------------------------------- district-boards.toml, Utah


def board_of(name: str):
    return next((b for b in BOARDS["ut"] if b["match"] in name), None)


@pytest.mark.parametrize("name, match, law", [
    # Type words decide before the generic words a name also holds.
    ("MAMMOTH CREEK SPECIAL SERVICE DISTRICT FOR FIRE PROTECTION", "SPECIAL SERVICE DISTRICT", "appointed-board"),
    ("ALTA CANYON RECREATION SPECIAL SERVICE DISTRICT", "SPECIAL SERVICE DISTRICT", "appointed-board"),
    ("SALT LAKE METROPOLITAN WATER DISTRICT", "METROPOLITAN WATER", "appointed-board"),
    ("ROY WATER CONSERVANCY SUBDISTRICT", "WATER CONSERVANCY", "appointed-board"),
    ("CACHE MOSQUITO ABATEMENT DISTRICT", "MOSQUITO ABATEMENT", "appointed-board"),
    ("GRAND COUNTY SERVICE AREA FOR THE CASTLE VALLEY FIRE PROTECTION DISTRICT", "SERVICE AREA", "local-district"),
    ("ANTIMONY CEMETERY IMPROVEMENT DISTRICT", "IMPROVEMENT DISTRICT", "local-district"),
    ("MT. OLYMPUS IMPROVEMENT DISTRICT", "IMPROVEMENT DISTRICT", "local-district"),
    ("FIELDING CEMETERY MAINTENANCE DISTRICT", "CEMETERY MAINTENANCE", "local-district"),
    ("BOUNTIFUL IRRIGATION DISTRICT", "IRRIGATION", "local-district"),
    ("POLE CANYON BASIC LOCAL DISTRICT", "LOCAL DISTRICT", "local-district"),
    ("MAGNA WATER DISTRICT", "WATER DISTRICT", "local-district"),
])
def test_utah_patterns_first_match_wins(name, match, law):
    b = board_of(name)
    assert b["match"] == match and b.get("law") == law


def test_utah_names_that_do_not_say_their_type_are_left_out():
    for name in ("NORTH TOOELE FIRE PROTECTION SERVICE DISTRICT", "PARK CITY FIRE SERVICE DISTRICT",
                 "SAN JUAN COUNTY HEALTH SERVICE DISTRICT", "WHEELER BASIN DISTRICT"):
        assert board_of(name) is None, name


def test_every_utah_entry_quotes_and_cites_and_electing_ones_name_a_kind():
    for b in BOARDS["ut"]:
        assert b["match"] == b["match"].upper()
        assert b["board"] in ("elected", "appointed", "ex officio")
        assert b["cite"] and b["text"].strip() and b["url"].startswith("http") and b["subtype"]
        if b["board"] == "elected":
            assert b["law"] == "local-district" and b["law"] in KINDS  # an elected Utah type always has a law here
        else:
            assert b["law"] == "appointed-board" and b["law"] in KINDS  # listed, with no candidate deadlines



def test_the_boards_notice_to_the_county_clerk_by_february_1(registry):
    """17B-1-305: "On or before February 1 of each election year in which board members of a special
    district are elected, the board ... shall prepare and transmit to the clerk of each county ... a
    written notice". 2027: Monday, February 1, no roll. 2025: February 1 a Saturday; 68-3-7 extends
    to Monday, February 3; the business day before, Friday, January 31, is the safe date."""
    d, _ = calc(registry, election=date(2027, 11, 2))
    n = d["board-notice"]
    assert n.due == n.safe_due == five_pm(2027, 2, 1) and n.audience == ("clerk",)
    d, _ = calc(registry, election=date(2025, 11, 4))
    n = d["board-notice"]
    assert (n.due, n.safe_due, n.status) == (five_pm(2025, 2, 3), five_pm(2025, 1, 31), "tentative")
