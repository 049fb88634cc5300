"""Worked examples for every kind of Colorado local government on the roster
(calendars/roster/kinds-co.toml): statutory towns and cities, home-rule
municipalities, school districts and special districts.

Each kind is built as the roster builds it: a small calendar file with id,
name, timezone, source and the kind's `extends` list read from the kinds file,
in a copy of the calendars folder. Every expected date is counted by hand from
the statute's words in the comment beside it; where a clerk or another official
source published the date, the comment names it.

Counting: "the Nth day prior to" / "N days before" an election E is E - N
(C.R.S. 31-10-103, 1-1-106(2), 1-13.5-107(2) all come to this). Before a Tuesday
election the 91st, 90th, 71st, 67th, 64th and 100th days are a Tuesday, a
Wednesday, a Monday, a Friday, a Monday and a Sunday."""
from __future__ import annotations

import shutil
import tomllib
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from deadlines.core import engine
from deadlines.core.registry import Registry
from deadlines.words import words

EN = words("en")  # the engine's notes in English

REPO = Path(__file__).resolve().parents[3]
CALENDARS = REPO / "calendars"
KINDS_FILE = CALENDARS / "roster" / "kinds-co.toml"
DENVER = ZoneInfo("America/Denver")
KINDS = tomllib.loads(KINDS_FILE.read_text())

IDS = {  # law key -> the test jurisdiction's id
    "statutory-municipality": "a-statutory-town-co",
    "home-rule-municipality": "a-home-rule-city-co",
    "school-district": "a-school-district-co",
    "special-district": "a-special-district-co",
    "statutory-city": "a-statutory-city-co",
    "appointed-board": "an-appointed-board-co",
    "local-district-college": "a-local-district-college-co",  # test_local_district_colleges.py
}
CITY = IDS["statutory-city"]  # the Statutory Cities' kind


def _toml_list(items) -> str:
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> Registry:
    root = tmp_path_factory.mktemp("calendars")
    # the whole calendars folder but the rosters' CSV rows (other states' rows are not
    # needed here and only slow the scan); kinds-co.toml is copied with it
    shutil.copytree(CALENDARS, root, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.csv"))
    files = {jid: KINDS[law]["extends"] for law, jid in IDS.items()}
    for jid, extends in files.items():
        (root / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "{jid}"\ntimezone = "America/Denver"\n'
            f'source = "tests/law/co/test_statewide_co.py"\nextends = {_toml_list(extends)}\n'
        )
    return Registry(root)


def calc(registry: Registry, jid: str, *, today: date = date(2026, 12, 1), **kwargs):
    result = engine.compute(registry.get(jid), today=today, **kwargs)
    return {d.id: d for d in result.deadlines}, result


def at(y: int, m: int, d: int, hh: int = 17, mm: int = 0) -> datetime:
    return datetime(y, m, d, hh, mm, tzinfo=DENVER)


# --------------------------------------------------------------------------- the kinds file


def test_kinds_file_has_exactly_the_roster_law_keys():
    assert sorted(KINDS) == sorted(IDS)
    for law, kind in KINDS.items():
        assert set(kind) == {"title", "extends"}, law
        assert kind["extends"][0] == "colorado-legal-holidays", law
        for name in kind["extends"]:
            assert (CALENDARS / "shared" / f"{name}.toml").exists(), name


def test_every_kind_loads_in_the_denver_zone_under_colorado(registry):
    for jid in IDS.values():
        jur = registry.get(jid)
        assert jur.timezone == "America/Denver" and jur.state == "CO"


def test_an_appointed_board_has_no_candidate_deadline(registry):
    # A cemetery district's board: "the board of county commissioners shall appoint a board of directors"
    # (C.R.S. 30-20-803(1)): listed to be found, with the regular special district election it is not on
    d, result = calc(registry, IDS["appointed-board"], election=date(2027, 5, 4))
    assert d == {} and "appointed" in result.jurisdiction.caveats[0]


def test_shared_holidays_are_the_seed_sets_word_for_word():
    # colorado-local-government-election-code.toml keeps its own copy (the seed test
    # loads that set alone); the two must never drift apart.
    ours = tomllib.loads((CALENDARS / "shared" / "colorado-legal-holidays.toml").read_text())
    seed = tomllib.loads((CALENDARS / "shared" / "colorado-local-government-election-code.toml").read_text())
    assert ours["holidays"] == seed["holidays"]


def test_statutory_time_law_is_the_municipal_codes():
    # colorado-statutory-municipality.toml repeats 31-10-103 only to carry the warning about cities
    a = tomllib.loads((CALENDARS / "shared" / "colorado-statutory-municipality.toml").read_text())["time_law"]
    b = tomllib.loads((CALENDARS / "shared" / "colorado-municipal-election-code.toml").read_text())["time_law"]
    assert {k: a[k] for k in ("roll", "cite", "text")} == b


# --------------------------------------------------------------------------- statutory towns and cities


# election-notice: the clerk's notice of election, 31-10-501 (issue 27; worked examples in
# tests/law/co/test_election_notice_co.py)
STATUTORY_IDS = {"election-notice", "petition-circulation", "petition-filing", "withdrawal", "write-in-affidavit"}
#: a statutory town's or city's objections and amended petitions (31-10-305, 31-10-302(4)): not a home-rule
#: municipality's, whose charter may set its own
OBJECTION_IDS = {"objection-filing", "objection-cure", "petition-amendment"}


def test_statutory_2026_collbran_published(registry):
    # Town of Collbran, "2026 General Election Information" (townofcollbran.colorado.gov):
    # "January 6 First day to circulate", "January 26 Last day to circulate nomination petitions ...
    # due in Town Clerk's office by 4:30 p.m.", "February 2 Last day for filing affidavit of intent
    # for write-in candidates", "February 2 Last day candidates may withdraw from nomination".
    # By hand, April 7, 2026: Mar 7 is -31, Feb 7 is -59 (February has 28 days), so
    # Jan 6 is -91 (31-10-302(2)), Jan 26 (Monday) is -71 (31-10-302(6)), Feb 2 (Monday) is -64:
    # the last day "prior to sixty-three days before" (31-10-303(1)) and "not later than sixty-four
    # days before" (31-10-912). Our hour is the assumed 5:00 p.m. close (Collbran's own: 4:30).
    d, result = calc(registry, IDS["statutory-municipality"], election=date(2026, 4, 7))
    assert set(d) == STATUTORY_IDS | OBJECTION_IDS
    assert d["petition-circulation"].start == date(2026, 1, 6)
    assert d["petition-circulation"].due == at(2026, 1, 26)
    assert d["petition-filing"].due == at(2026, 1, 26)
    assert d["withdrawal"].due == at(2026, 2, 2)
    assert d["write-in-affidavit"].due == d["write-in-affidavit"].safe_due == at(2026, 2, 2)
    # 31-10-305: an objection "within three days after the filing" of a petition filed on Monday,
    # January 26: Thursday, January 29; its cure "in no event later than the sixty-fourth day before",
    # and an amendment of signatures "at any time prior to sixty-three days before" (31-10-302(4)):
    # Monday, February 2, like the withdrawal.
    assert d["objection-filing"].due == at(2026, 1, 29)
    assert d["objection-cure"].due == d["petition-amendment"].due == d["petition-amendment"].safe_due == at(2026, 2, 2)
    assert all(x.status == "scheduled" for x in d.values())
    assert [th.min for th in d["petition-filing"].thresholds] == [25, 25, 10, 10]  # 31-10-302(2)(a)-(d)
    assert any("statutory city" in w for w in EN.result_warnings(result))  # the kind covers cities too


def test_statutory_2024_leap_year(registry):
    # April 2, 2024 (2024 is a leap year): Mar 2 is -31, Feb 2 is -60, so Jan 2 is -91,
    # Jan 22 (Monday) is -71 and Jan 29 (Monday) is -64.
    d, _ = calc(registry, IDS["statutory-municipality"], election=date(2024, 4, 2))
    assert d["petition-circulation"].start == date(2024, 1, 2)
    assert d["petition-filing"].due == at(2024, 1, 22)
    assert d["withdrawal"].due == at(2024, 1, 29)
    assert d["write-in-affidavit"].due == at(2024, 1, 29)


def test_statutory_2022_crestone_published(registry):
    # Town of Crestone: petitions returned "no later than January 24, 2022 at 2:00 pm
    # (CRS 31-10-302, 31-10-909)" for April 5, 2022; Carbondale: petitions from Jan. 4, due
    # "no later than 5 p.m. Jan. 24". By hand: Mar 5 is -31, Feb 5 is -59, Jan 24 is -71
    # (Monday), Jan 4 is -91.
    d, _ = calc(registry, IDS["statutory-municipality"], election=date(2022, 4, 5))
    assert d["petition-filing"].due == at(2022, 1, 24)
    assert d["petition-circulation"].start == date(2022, 1, 4)


def test_statutory_2020_estes_park_published(registry):
    # Estes Park Trail-Gazette, Jan. 1, 2020: "Nomination packets for the April election will be
    # available Jan. 7". April 7, 2020 (leap year): Mar 7 -31, Feb 7 -60, Jan 7 -91.
    d, _ = calc(registry, IDS["statutory-municipality"], election=date(2020, 4, 7))
    assert d["petition-circulation"].start == date(2020, 1, 7)
    # before HB 20-1156 (September 14, 2020) the mail ballot section 31-10-909 was not read
    assert any("31-10-909" in w for w in EN.warnings(d["petition-filing"], ""))


def test_statutory_filing_on_mlk_day_moves_back(registry):
    # April 1, 2036 (leap year): Mar 1 is -31, Feb 1 is -60, Jan 21 is -71: Monday, January 21,
    # 2036, the third Monday of January (Jan 7, 14, 21), Dr. Martin Luther King, Jr. Day
    # (24-11-101). 31-10-103: the end of circulation and filing "shall be done upon the preceding
    # day": Friday, January 18. The withdrawal day, Jan 28 (-64), is an ordinary Monday.
    d, _ = calc(registry, IDS["statutory-municipality"], election=date(2036, 4, 1))
    assert d["petition-filing"].due == at(2036, 1, 18)
    assert d["petition-circulation"].due == at(2036, 1, 18)
    assert d["petition-circulation"].start == date(2036, 1, 1)  # -91; circulating needs no open office
    assert d["withdrawal"].due == at(2036, 1, 28)


def test_statutory_election_by_rule_is_first_tuesday_of_april_even_years(registry):
    # 31-1-101(10)(a): towns, "the first Tuesday of April in each even-numbered year".
    # After January 10, 2027 the next is April 4, 2028 (April 1, 2028 is a Saturday).
    # April 4, 2028 - 71: Mar 4 -31, Feb 4 -60 (leap year), Jan 25 -70, Jan 24 -71 (Monday).
    d, result = calc(registry, IDS["statutory-municipality"], today=date(2027, 1, 10))
    assert result.held == date(2028, 4, 4)
    assert d["petition-filing"].due == at(2028, 1, 24)


def test_statutory_before_hb_15_1130(registry):
    # April 1, 2014, under the 50th/30th-day rule that Vail's Ordinance No. 9 (2015) recites:
    # -30 is Sunday, March 2, 2014 (Apr 1 -> Mar 2 is 30 days), moved back by 31-10-103 to
    # Friday, February 28; -50 is Monday, February 10. No withdrawal version before 2015.
    d, result = calc(registry, IDS["statutory-municipality"], election=date(2014, 4, 1))
    assert d["petition-filing"].due == at(2014, 2, 28)
    assert d["petition-circulation"].start == date(2014, 2, 10)
    assert any("Vail" in w for w in EN.warnings(d["petition-filing"], ""))
    assert "withdrawal" not in d and any(n.code == "rule.not_in_force" and n.arg("rule") == "withdrawal" for n in result.warnings)


def test_statutory_city_november_labor_day(registry):
    # A statutory city: "the first Tuesday of November in each odd-numbered year" (31-1-101(10)(a)):
    # November 4, 2025. Oct 4 is -31, Sep 4 -61, Aug 25 -71 (Monday): petitions; Aug 5 -91.
    # -64 is Monday, September 1, 2025, Labor Day. Withdrawal (31-10-103: the preceding day): Friday
    # August 29. Write-in: 31-10-103 extends to Tuesday September 2; in a coordinated election
    # (1-4-805, 1-4-1102(2)) 1-1-106(5) shortens to Friday August 29, the safe date.
    d, result = calc(registry, CITY, today=date(2025, 1, 2))
    assert result.held == date(2025, 11, 4)
    assert d["petition-circulation"].start == date(2025, 8, 5)
    assert d["petition-filing"].due == at(2025, 8, 25)
    assert d["withdrawal"].due == at(2025, 8, 29)
    w = d["write-in-affidavit"]
    assert w.due == at(2025, 9, 2) and w.safe_due == at(2025, 8, 29) and w.status == "tentative"
    assert {r.roll: r.due for r in w.readings} == {"next_business_day": at(2025, 9, 2),
                                                   "prior_business_day": at(2025, 8, 29)}
    # 31-10-305: objection to a petition filed Monday, August 25: by Thursday, August 28. The cure's
    # 64th day, Labor Day, is done "upon the preceding day" (31-10-103 names 31-10-305): Friday, August 29.
    assert d["objection-filing"].due == at(2025, 8, 28)
    cure = d["objection-cure"]
    assert cure.due == cure.safe_due == at(2025, 8, 29) and cure.status == "scheduled"
    # The amendment of signatures (31-10-302(4)): the preceding day, Friday August 29, or, if 31-10-103's
    # general rule governs it, Tuesday, September 2: the rule is the earlier, safe day, the later a reading.
    a = d["petition-amendment"]
    assert (a.due, a.safe_due) == (at(2025, 8, 29), at(2025, 8, 29))
    assert {r.roll: r.due for r in a.readings} == {"prior_business_day": at(2025, 8, 29),
                                                   "next_business_day": at(2025, 9, 2)}


# --------------------------------------------------------------------------- home-rule municipalities


def test_home_rule_says_its_charter_governs_and_shows_a_reading(registry):
    # The coordinated odd-year election (1-41-103(1)), first Tuesday of November: after
    # January 2, 2025 it is November 4, 2025. The Municipal Election Code's dates, a reading:
    # the same as the statutory city's above (Aug 25, Aug 29; write-in Sep 2 / safe Aug 29).
    d, result = calc(registry, IDS["home-rule-municipality"], today=date(2025, 1, 2))
    assert result.held == date(2025, 11, 4)
    assert set(d) == STATUTORY_IDS
    caveat = registry.get(IDS["home-rule-municipality"]).caveats
    assert caveat and "charter" in caveat[0] and "reading only" in caveat[0]
    assert EN.result_warnings(result)[0] == caveat[0]
    for x in d.values():
        assert x.status == "tentative" and caveat[0] in EN.warnings(x, ""), x.id
    assert d["petition-filing"].due == at(2025, 8, 25)
    assert d["withdrawal"].due == at(2025, 8, 29)
    assert d["write-in-affidavit"].safe_due == at(2025, 8, 29)


def test_home_rule_2023(registry):
    # November 7, 2023: Oct 7 -31, Sep 7 -61, Aug 28 -71 (Monday); Aug 8 -91. -64 is Monday,
    # September 4, 2023, Labor Day: withdrawal Friday September 1; write-in Tuesday September 5
    # (31-10-103) or Friday September 1 (coordinated: 1-1-106(5)), the safe date.
    d, _ = calc(registry, IDS["home-rule-municipality"], election=date(2023, 11, 7))
    assert d["petition-circulation"].start == date(2023, 8, 8)
    assert d["petition-filing"].due == at(2023, 8, 28)
    assert d["withdrawal"].due == at(2023, 9, 1)
    assert d["write-in-affidavit"].due == at(2023, 9, 5)
    assert d["write-in-affidavit"].safe_due == at(2023, 9, 1)


def test_home_rule_april_election_entered(registry):
    # A charter's April election (Denver's, the first Tuesday of April of odd years): April 6,
    # 2027. Mar 6 -31, Feb 6 -59, Jan 25 -71 (Monday); -64 is Monday, February 1.
    d, result = calc(registry, IDS["home-rule-municipality"], election=date(2027, 4, 6))
    assert d["petition-filing"].due == at(2027, 1, 25)
    assert d["withdrawal"].due == at(2027, 2, 1)
    assert d["write-in-affidavit"].due == d["write-in-affidavit"].safe_due == at(2027, 2, 1)
    assert all(x.status == "tentative" for x in d.values())  # still only a reading


# --------------------------------------------------------------------------- school districts


SCHOOL_IDS = {"filing-notice", "petition-circulation", "petition-filing", "write-in-affidavit"}


def test_school_2025_published(registry):
    # November 4, 2025. CASB "2025 Elections Checklist": "Beginning August 6, 2025, candidates may
    # ... begin circulating petitions ... submit them ... by August 29, 2025"; Summit School
    # District: "August 6, 2025 Call for nominations ... First day ... to publish a call".
    # Greeley-Evans School District 6: "August 29, 2025, 4:30 p.m.: Deadline for school director
    # write-in candidates to file an affidavit of intent".
    # By hand: Oct 4 -31, Sep 4 -61, Aug 29 -67 (Friday, 1-4-803(2)), Aug 21 -75, Aug 6 -90
    # (22-31-107(1.5), 1-4-803(1)(b)). -64 is Monday, September 1, Labor Day: 1-1-106(5) shortens
    # "by the close of business on the sixty-fourth day" (1-4-1102(2)) to Friday, August 29.
    d, result = calc(registry, IDS["school-district"], election=date(2025, 11, 4))
    assert set(d) == SCHOOL_IDS
    assert (d["filing-notice"].start, d["filing-notice"].due) == (date(2025, 8, 6), date(2025, 8, 21))
    assert (d["petition-circulation"].start, d["petition-circulation"].due) == (date(2025, 8, 6), date(2025, 8, 29))
    assert d["petition-filing"].due == at(2025, 8, 29)
    assert d["write-in-affidavit"].due == at(2025, 8, 29)
    assert any("Labor Day" in s for s in EN.steps(d["write-in-affidavit"], ""))
    assert [th.min for th in d["petition-filing"].thresholds] == [25, 50]  # 1-4-803(1)(a)
    assert EN.result_warnings(result) == ()


def test_school_2023_call_window_published(registry):
    # CASB FAQ: the call "must be 'published' no earlier than August 9, 2023 and no later than
    # August 24, 2023". November 7, 2023: Oct 7 -31, Sep 7 -61, Aug 24 -75, Aug 9 -90;
    # Sep 1 -67 (Friday); -64 is Monday, September 4, Labor Day: shortened to Friday, September 1.
    d, _ = calc(registry, IDS["school-district"], election=date(2023, 11, 7))
    assert (d["filing-notice"].start, d["filing-notice"].due) == (date(2023, 8, 9), date(2023, 8, 24))
    assert d["petition-filing"].due == at(2023, 9, 1)
    assert d["write-in-affidavit"].due == at(2023, 9, 1)


def test_school_2021_denver_published(registry):
    # Denver Public Schools, 2021: petitions may not be circulated "prior to ninety days before the
    # election - August 4, 2021"; "no later than 5:00 p.m. on August 27, 2021". November 2, 2021:
    # Oct 2 -31, Sep 2 -61, Aug 27 -67, Aug 4 -90; -64 is Monday, August 30 (Labor Day is Sep 6).
    d, _ = calc(registry, IDS["school-district"], election=date(2021, 11, 2))
    assert d["petition-circulation"].start == date(2021, 8, 4)
    assert d["petition-filing"].due == at(2021, 8, 27)
    assert d["write-in-affidavit"].due == at(2021, 8, 30)


def test_school_election_is_first_tuesday_of_november_odd_years(registry):
    # 1-1-104: "the first Tuesday in November of each odd-numbered year": November 1, 2033 (a
    # Tuesday), not November 8. Oct 1 -31, Sep 1 -61, Aug 26 -67.
    d, result = calc(registry, IDS["school-district"], today=date(2033, 1, 10))
    assert result.held == date(2033, 11, 1)
    assert d["petition-filing"].due == at(2033, 8, 26)


# --------------------------------------------------------------------------- special districts


SPECIAL_IDS = {"filing-notice", "petition-filing", "write-in-affidavit", "cancellation", "objection-filing",
               "objection-cure"}


def test_special_2025_published(registry):
    # Lyons Gaddis, "Important Deadlines for Special District Regular Elections" (May 6, 2025): the
    # call "between January 26, 2025 and February 20, 2025"; self-nomination forms "by the close of
    # business on February 28, 2025"; "March 3, 2025 is the final day to accept the Written
    # Affidavit of Write-In Candidate". By hand: Apr 6 -30, Mar 6 -61, Feb 28 -67 (1-13.5-303(1)),
    # Feb 20 -75, Jan 26 -100 (1-13.5-501(1)), Mar 3 -64 (1-13.5-305). Forms "no earlier than
    # January 1": a legal holiday, so the office first opens Thursday, January 2, 8:00 a.m.
    d, result = calc(registry, IDS["special-district"], election=date(2025, 5, 6))
    assert set(d) == SPECIAL_IDS
    assert (d["filing-notice"].start, d["filing-notice"].due) == (date(2025, 1, 26), date(2025, 2, 20))
    f = d["petition-filing"]
    assert f.kind == "window" and f.due == at(2025, 2, 28)
    assert f.statutory_start == date(2025, 1, 1) and f.start == at(2025, 1, 2, 8)
    assert d["write-in-affidavit"].due == at(2025, 3, 3)
    # "at the close of business on the sixty-third day before the election" (1-13.5-513(1)): four days after
    # the 67th, Tuesday, March 4, 2025, when the office closes (5 p.m. where no other hours are recorded)
    assert d["cancellation"].due == at(2025, 3, 4)
    # 1-13.5-306: an objection "within three days after the filing", the first day excluded
    # (1-13.5-107(2)): to a form filed on Friday, February 28, by Monday, March 3, 2025.
    assert d["objection-filing"].due == d["objection-filing"].safe_due == at(2025, 3, 3)
    # The cure "in no event later than the fifty-eighth day before the day of election": May 6 - 6 = Apr 30,
    # - 30 = Mar 31 (36), - 22 = Sunday, March 9, 2025 (58). Article 13.5 extends it to Monday, March 10;
    # 1-1-106(5) shortens it to Friday, March 7, the safe date (tentative: the readings differ).
    cure = d["objection-cure"]
    assert (cure.due, cure.safe_due, cure.status) == (at(2025, 3, 10), at(2025, 3, 7), "tentative")
    assert all(x.status == "scheduled" for k, x in d.items() if k != "objection-cure")
    assert EN.result_warnings(result) == ()


def test_special_2023_published(registry):
    # North Fork Fire Protection District (nfpd.org), May 2, 2023: "Call for Nominations - Sunday,
    # January 22, 2023", "Deadline for Notice of Self-Nomination and Acceptance Form - Friday,
    # February 24, 2023", "Deadline for Write-In Candidates - Monday, February 27, 2023".
    # By hand: Apr 2 -30, Mar 2 -61, Feb 24 -67, Feb 27 -64, Jan 22 -100, Feb 16 -75.
    d, _ = calc(registry, IDS["special-district"], election=date(2023, 5, 2))
    assert d["filing-notice"].start == date(2023, 1, 22) and d["filing-notice"].due == date(2023, 2, 16)
    assert d["petition-filing"].due == at(2023, 2, 24)
    assert d["write-in-affidavit"].due == at(2023, 2, 27)


def test_special_election_by_rule_is_may_of_odd_years(registry):
    # 1-13.5-111(1): "the Tuesday succeeding the first Monday of May in every odd-numbered year":
    # May 3, 2027 is the first Monday, so May 4, 2027. Apr 4 -30, Mar 4 -61, Feb 26 -67, Mar 1 -64,
    # Jan 24 -100 (a Sunday; a 2027 special district calendar, docs.google.com, also lists "Sunday,
    # January 24, 2027"). January 1, 2027 is a Friday and a holiday: forms from Monday, January 4.
    d, result = calc(registry, IDS["special-district"], today=date(2026, 6, 1))
    assert result.held == date(2027, 5, 4)
    assert d["filing-notice"].start == date(2027, 1, 24)
    assert d["petition-filing"].due == at(2027, 2, 26) and d["petition-filing"].start == at(2027, 1, 4, 8)
    assert d["write-in-affidavit"].due == at(2027, 3, 1)


def test_special_even_year_election_before_2022_entered(registry):
    # Before HB 18-1039 (July 1, 2022) regular elections were in May of even years: May 6, 2014.
    # Collins Cockrel & Cole's "May 6, 2014 Regular Mail Ballot Election Calendar": "2-28-14
    # Self-Nomination and Acceptance forms must be filed", "2-20-14 Last day to publish call for
    # nominations" (it gives "1-27-14" as the first day; -100 is Sunday, January 26, unrolled here).
    # By hand: Apr 6 -30, Mar 6 -61, Feb 28 -67, Feb 20 -75, Jan 26 -100.
    d, result = calc(registry, IDS["special-district"], election=date(2014, 5, 6))
    assert d["petition-filing"].due == at(2014, 2, 28)
    assert d["filing-notice"].due == date(2014, 2, 20) and d["filing-notice"].start == date(2014, 1, 26)
    assert "election.not_by_rule" in {n.code for n in result.warnings}  # the rule gives odd years only


def test_special_before_article_13_5_rests_on_a_2010_form(registry):
    # Article 13.5 took effect February 18, 2014; title 32's earlier rules were not read. A call
    # for nominations form for the May 4, 2010 election (docstoc): "The deadline to submit a
    # Self-Nomination and Acceptance is close of business on Friday, February 26, 2010 (not less
    # than 67 days before the election)". By hand: Apr 4 -30, Mar 4 -61, Feb 26 -67.
    d, result = calc(registry, IDS["special-district"], election=date(2010, 5, 4))
    assert set(d) == {"petition-filing", "cancellation"}
    # 1-5-208(1.5), as amended in 2010: "at the close of business on the sixty-third day before": March 2, 2010
    assert d["cancellation"].due == at(2010, 3, 2)
    f = d["petition-filing"]
    assert f.kind == "deadline" and f.due == at(2010, 2, 26)
    assert any("32-1-804.3" in w for w in EN.warnings(f, ""))
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "filing-notice" for n in result.warnings)
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "write-in-affidavit" for n in result.warnings)


def test_special_write_in_on_cabrini_day_two_readings(registry):
    # A special election on Tuesday, December 7, 2027 (1-13.5-111(2): the first Tuesday after the
    # first Monday in December). Nov 7 -30, Oct 7 -61, Oct 4 -64: Monday, October 4, 2027, the first
    # Monday of October, Frances Xavier Cabrini Day. 1-13.5-107(2) extends to Tuesday, October 5;
    # 1-1-106(5) would shorten to Friday, October 1, the safe date.
    d, _ = calc(registry, IDS["special-district"], election=date(2027, 12, 7))
    w = d["write-in-affidavit"]
    assert w.due == at(2027, 10, 5) and w.safe_due == at(2027, 10, 1) and w.status == "tentative"
