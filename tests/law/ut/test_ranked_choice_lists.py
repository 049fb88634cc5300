"""The complete lists of ranked-choice pilot participants (calendars/facts/ut-lists.csv).

Utah Code 20A-4-602(3)(a): a municipality takes part in the pilot in an odd year only if,
"before May 1 of the odd-numbered year", its legislative body votes to and gives "written
notice to the lieutenant governor". The lieutenant governor's lists of 2019, 2021 and 2023
name every municipality that did (KSL, 2021: "the 23 municipalities that informed the state
they will test ranked-choice voting in 2021 are: ..."), so a city or town not named did not
use the pilot that year and files in the June period of 20A-9-203(3)(a)(i) alone.

Each date below is worked by hand in the comment beside it."""
from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from deadlines.cli.checks import calendar_files, report
from deadlines.core import engine
from deadlines.core.registry import Registry
from deadlines.words import words
from engine_helpers import local

EN, ES = words("en"), words("es")
DENVER = "America/Denver"
CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
TODAY = date(2026, 11, 29)
KSL = "https://www.ksl.com/article/50164045/here-are-the-23-utah-municipalities-testing-ranked-choice-voting-this-year"


def five_pm(y, m, d):
    return local(DENVER, y, m, d, 17)


def calc(reg: Registry, jid: str, election: date):
    result = engine.compute(reg.get(jid), today=TODAY, election=election)
    return {d.id: d for d in result.deadlines}


@pytest.fixture(scope="module")
def real() -> Registry:
    return Registry(CALENDARS)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder)
    return folder


def test_town_not_on_the_2021_list_files_in_june_only(real):
    # Annabella (a town in Sevier County) is not among the 23 of 2021 and has no row of its own.
    # 20A-9-203(3)(a)(i): "during the office hours ... between June 1 and June 7 of any
    # odd-numbered year". June 1, 2021 is a Tuesday and June 7 a Monday; neither is a Saturday,
    # a Sunday or a Utah legal holiday (63G-1-301: Memorial Day was Monday May 31, 2021; the next,
    # Independence Day, is July 4), so 68-3-7 moves neither end: the window opens June 1 at
    # 8:00 a.m. and closes June 7 at 5:00 p.m. (10-3-301's 8 to 5, the town's hours unrecorded).
    # The pilot's period (second to third Tuesday of August: Aug 10-17, 2021) is not a reading.
    decl = calc(real, "annabella-ut", date(2021, 11, 2))["declaration-filing"]
    assert decl.start == local(DENVER, 2021, 6, 1, 8)
    assert decl.due == decl.safe_due == five_pm(2021, 6, 7)
    assert all(r.due.month == 6 for r in decl.readings)
    assert "choice.undecided" not in {n.code for n in decl.warnings}
    said = EN.note(decl.rule.note, "Annabella")
    assert "not on the lieutenant governor's list of 2021 participants" in said and KSL in said
    assert "no figura en la lista de participantes de 2021 del vicegobernador" in ES.note(decl.rule.note, "Annabella")
    fact = next(f for f in real.get("annabella-ut").facts if f.listed == 2021)
    assert (fact.fact, fact.value, fact.source, fact.by) == ("decision:ranked-choice", "no", KSL, "research")


def test_basis_is_recorded_from_the_list(real):
    from deadlines.core.basis import Local, basis_of, notes_of
    jur = real.get("annabella-ut")
    decl = calc(real, "annabella-ut", date(2023, 11, 7))["declaration-filing"]
    b = basis_of(decl, jur, date(2023, 11, 21), Local())  # 2023's election was held Nov 21
    assert b.status in ("recorded", "assumed") and "ranked-choice" not in b.assumed
    listed = [f for f in b.facts if f.fact == "decision:ranked-choice"]
    assert [(f.value, f.listed) for f in listed] == [("no", 2023)]
    words = " ".join(EN.note(n, "Annabella") for n in notes_of(decl, jur, b))
    assert "not on the lieutenant governor's list of 2023 participants" in words


def test_years_without_a_list_keep_both_periods(real):
    # 2025: no complete list was found, so a town with no row of its own still shows the
    # pilot's August period as a reading (Tuesdays of Aug 2025: 5, 12, 19 -> Aug 19, 5 p.m.).
    decl = calc(real, "annabella-ut", date(2025, 11, 4))["declaration-filing"]
    assert five_pm(2025, 8, 19) in [r.due for r in decl.readings]


def test_listed_city_keeps_the_august_period(tmp_path):
    # With no fact rows at all, only the lists: Springville is on the 2021 list, so the list
    # decides nothing for it and both periods show (the August one: Tuesdays of Aug 2021 are
    # 3, 10, 17 -> Aug 17 at 5 p.m.); Alpine is not on it, so June alone.
    folder = _copy(tmp_path)
    for name in ("ut.csv", "mi.csv", "co.csv", "top50.csv"):
        (folder / "facts" / name).unlink()
    reg = Registry(folder)
    springville = calc(reg, "springville-ut", date(2021, 11, 2))["declaration-filing"]
    assert five_pm(2021, 8, 17) in [r.due for r in springville.readings]
    alpine = calc(reg, "alpine-ut", date(2021, 11, 2))["declaration-filing"]
    assert alpine.due == five_pm(2021, 6, 7) and all(r.due.month == 6 for r in alpine.readings)


def test_own_row_wins_over_the_list(tmp_path, real):
    # A city's own row (yes or no) decides its cycle: a `yes` for Alpine in 2021, though the list
    # does not name it, gives the August period (Aug 10, 8 a.m. to Aug 17, 5 p.m.).
    folder = _copy(tmp_path)
    with (folder / "facts" / "ut.csv").open("a", encoding="utf-8") as f:
        f.write("alpine-ut,decision:ranked-choice,yes,https://example.org/alpine,Alpine opted in (test),"
                "2021-04-01,2021-01-01,2021-12-31\n")
    decl = calc(Registry(folder), "alpine-ut", date(2021, 11, 2))["declaration-filing"]
    assert decl.start == local(DENVER, 2021, 8, 10, 8) and decl.due == five_pm(2021, 8, 17)
    # Cottonwood Heights' own 2019 `no` (it withdrew) stands: no fact is read from the list.
    ch = [f for f in real.get("cottonwood-heights-ut").facts if f.fact == "decision:ranked-choice"]
    assert not any(f.listed for f in ch)


def test_check_names_file_line_and_field(tmp_path):
    folder = _copy(tmp_path)
    lists = folder / "facts" / "ut-lists.csv"
    lines = lists.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace("genola-ut", "genolla-ut").replace("goshen-ut", "alpine-district-ut")
    lines.append("decision:ranked-choice,2025-13-04,city town,midvale-ut,https://example.org,q,2025-01-01")
    lists.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems, _ = report([f for f in calendar_files(folder) if f.name == "ut-lists.csv"], TODAY)
    assert f"{lists}: line 3 (decision:ranked-choice): named: no government 'genolla-ut' on the UT roster" in problems
    assert any(p.startswith(f"{lists}: line 3") and "named: alpine-district-ut is a school-district" in p
               for p in problems)
    assert any(p.startswith(f"{lists}: line 5") and "cycle: expected" in p for p in problems)
    assert len(problems) == 3


def test_the_real_lists_check_clean():
    problems, _ = report([f for f in calendar_files(CALENDARS) if f.name == "ut-lists.csv"], TODAY)
    assert problems == []
