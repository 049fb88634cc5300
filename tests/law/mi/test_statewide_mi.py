"""Worked examples for Michigan's statewide rule sets, one kind of local
government at a time (calendars/roster/kinds-mi.toml): city, village, township,
school district. Each expected date is counted by hand from the statute's words
in the comment beside it; where a clerk or the Department of State published the
date, the source is named too.

Counting used throughout (DESIGN.md): "the fifteenth Tuesday before" a Tuesday
is 15 x 7 = 105 days before it (the anchor itself never counts); "the twelfth"
is 84 days; "the second Friday immediately before" a Tuesday is 11 days before
it; "the 110th day before" is that many days; "the third day after" a Tuesday is
the Friday. MCL 168.13 moves a last day on a Saturday, Sunday or legal holiday
to the next secular day.

The jurisdictions are built in a copy of the calendars folder, one small file
per kind holding exactly what a roster row holds (id, name, timezone, source,
extends), with the extends list read from the kinds file itself.
"""
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

CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
KINDS = tomllib.loads((CALENDARS / "roster" / "kinds-mi.toml").read_text())
DETROIT, MENOMINEE = "America/Detroit", "America/Menominee"
TODAY = date(2026, 11, 29)

JURISDICTIONS = {  # test id -> (law key, zone)
    "test-city-mi": ("city", DETROIT),
    "test-village-mi": ("village", DETROIT),
    "test-township-mi": ("township", DETROIT),
    "test-school-district-mi": ("school-district", DETROIT),
    "test-township-menominee-mi": ("township", MENOMINEE),
}


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> Registry:
    root = tmp_path_factory.mktemp("statewide-mi") / "calendars"
    shutil.copytree(CALENDARS, root, ignore=shutil.ignore_patterns("*.csv"))
    for jid, (law, zone) in JURISDICTIONS.items():
        extends = ", ".join(f'"{name}"' for name in KINDS[law]["extends"])
        (root / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "Test {KINDS[law]["title"]}"\ntimezone = "{zone}"\n'
            f'source = "a roster row of kind {law} (test)"\nextends = [{extends}]\n'
        )
    return Registry(root)


def calc(registry, jid, **kwargs):
    result = engine.compute(registry.get(jid), today=kwargs.pop("today", TODAY), **kwargs)
    return {d.id: d for d in result.deadlines}, result


def four_pm(day: date, zone: str = DETROIT) -> datetime:
    return datetime(day.year, day.month, day.day, 16, tzinfo=ZoneInfo(zone))


# --------------------------------------------------------------------------- the kinds file


def test_kinds_file_has_exactly_the_roster_law_keys():
    assert set(KINDS) == {"city", "village", "township", "school-district", "community-college"}  # test_michigan_community_college.py
    for law, table in KINDS.items():
        assert set(table) == {"title", "extends"}, law
        # holidays and time law come from the first file that gives them
        assert table["extends"][0] == "michigan-holidays-and-time", law
        for name in table["extends"]:
            assert (CALENDARS / "shared" / f"{name}.toml").is_file(), name


@pytest.mark.parametrize(
    "jid, ids",
    [
        ("test-city-mi", {"petition-filing", "filing-notice", "withdrawal", "write-in-declaration", "write-in-declaration-primary"}),
        ("test-village-mi", {"petition-filing", "withdrawal", "write-in-declaration"}),
        ("test-township-mi", {"petition-filing", "withdrawal", "write-in-declaration", "write-in-declaration-primary",
                              "qualifying-petition", "qualifying-petition-withdrawal"}),
        ("test-school-district-mi", {"petition-filing", "withdrawal", "write-in-declaration"}),
    ],
)
def test_each_kind_gives_its_statewide_deadline_ids(registry, jid, ids):
    election = {"test-township-mi": date(2024, 11, 5)}.get(jid, date(2026, 11, 3))
    d, result = calc(registry, jid, election=election)
    assert set(d) == ids
    assert result.jurisdiction.state == "MI"


# --------------------------------------------------------------------------- cities


def test_city_2025_odd_year_cycle(registry):
    # Nov 4, 2025: the first Monday of August 2025 is Aug 4, so the primary is Tue Aug 5.
    # 15 Tuesdays before Aug 5 = Aug 5 - 105 days = Tue Apr 22, 2025, 4 p.m.
    # Published: City of Hillsdale, "until the deadline of 4 p.m., Tuesday, April 22, 2025".
    d, result = calc(registry, "test-city-mi", election=date(2025, 11, 4))
    assert result.anchors["primary"].value == date(2025, 8, 5)
    f = d["petition-filing"]
    assert f.due == f.safe_due == four_pm(date(2025, 4, 22))
    assert f.due.utcoffset().total_seconds() == -4 * 3600  # EDT
    # The reading for a city with no primary: 15 Tuesdays before Nov 4 = Nov 4 - 105 = Tue Jul 22 (the
    # current MCL 168.646a(1): "the fifteenth Tuesday before the general November election"; no later day).
    assert sorted(r.due for r in f.readings) == [four_pm(date(2025, 4, 22)), four_pm(date(2025, 7, 22))]
    # MCL 168.322a: third day after Tue Apr 22 = Fri Apr 25, 4 o'clock.
    assert d["withdrawal"].due == four_pm(date(2025, 4, 25))
    # Charter notice: 21 and 7 days before Apr 22 = Apr 1 to Apr 15.
    assert (d["filing-notice"].start, d["filing-notice"].due) == (date(2025, 4, 1), date(2025, 4, 15))
    # MCL 168.737a: Fridays before Tue Nov 4 are Oct 31 (1st) and Oct 24 (2nd); before Aug 5: Aug 1, Jul 25.
    assert d["write-in-declaration"].due == four_pm(date(2025, 10, 24))
    assert d["write-in-declaration-primary"].due == four_pm(date(2025, 7, 25))


def test_city_set_is_marked_a_reading_of_state_law(registry):
    # The charter is not encoded: the caveat marks every city deadline tentative.
    d, result = calc(registry, "test-city-mi", election=date(2025, 11, 4))
    assert all(x.status == "tentative" for x in d.values())
    assert any("home rule" in w for w in EN.result_warnings(result))


@pytest.mark.parametrize(
    "election, with_primary, no_primary, primary",
    [
        # 2022: primary Aug 2 (Aug 1 is the first Monday); Aug 2 - 105 = Tue Apr 19, 2022: the
        # Ypsilanti deadline, "4:00 p.m., Tuesday, April 19, 2022". No primary: Nov 8 - 105 = Jul 26,
        # published by Bridgman: "no later than 4:00 p.m. on July 26, 2022".
        (date(2022, 11, 8), date(2022, 4, 19), date(2022, 7, 26), date(2022, 8, 2)),
        # 2023: primary Aug 8 (Aug 7 first Monday); Aug 8 - 105 = Apr 25. No primary: Nov 7 - 105 =
        # Jul 25, published by Northville: "until 4 p.m. July 25 to file nominating petitions". No
        # primary-day reading from the 2023 cycle (the current MCL 168.646a(1) allows none).
        (date(2023, 11, 7), date(2023, 4, 25), date(2023, 7, 25), None),
        # 2017: no primary: Nov 7 - 105 = Jul 25, published by Garden City: "4:00 p.m., Tuesday,
        # July 25, 2017". Primary Aug 8, 2017 - 105 = Apr 25.
        (date(2017, 11, 7), date(2017, 4, 25), date(2017, 7, 25), date(2017, 8, 8)),
        # 2020: primary Aug 4 - 105 = Apr 21, published by Hillsdale: "Tuesday, April 21, 2020 by
        # 4:00p.m." (before the federal court moved it; an override is a city file's to record).
        # No primary: Nov 3 - 105 = Jul 21.
        (date(2020, 11, 3), date(2020, 4, 21), date(2020, 7, 21), date(2020, 8, 4)),
    ],
)
def test_city_fifteenth_tuesday_both_ways(registry, election, with_primary, no_primary, primary):
    """Both ways, and before 2023 a charter's own day as late as the primary (MCL 168.646a(1) as it
    stood in 2015: "not later than the date of the primary"), the latest."""
    d, _ = calc(registry, "test-city-mi", election=election)
    f = d["petition-filing"]
    assert f.safe_due == four_pm(with_primary)
    assert {r.due for r in f.readings} == {four_pm(with_primary), four_pm(no_primary),
                                           *([four_pm(primary)] if primary else [])}


def test_city_2012_cycle_counts_the_twelfth_tuesday(registry):
    # 2012 PA 276: "Until December 31, 2013 ... the twelfth Tuesday". Primary Aug 7, 2012 - 84 days
    # = Tue May 15, 2012; withdrawal the third day after = Fri May 18 ("4 p.m. May 18, 2012").
    d, _ = calc(registry, "test-city-mi", election=date(2012, 11, 6))
    assert d["petition-filing"].safe_due == four_pm(date(2012, 5, 15))
    assert d["withdrawal"].due == four_pm(date(2012, 5, 18))
    # No primary: Nov 6 - 84 = Aug 14, 2012.
    assert four_pm(date(2012, 8, 14)) in {r.due for r in d["petition-filing"].readings}


def test_city_before_2012_is_computed_with_a_warning(registry):
    # 2009: primary Aug 4, 2009 - 84 days = Tue May 12, 2009; the 2000-2012 version warns.
    d, _ = calc(registry, "test-city-mi", election=date(2009, 11, 3))
    f = d["petition-filing"]
    assert f.safe_due == four_pm(date(2009, 5, 12))
    assert any("verified from the 2012 cycle" in w for w in EN.warnings(f, ""))
    # MCL 168.737a as amended by 2006 PA 87: second Friday before Tue Nov 3, 2009 = Oct 23.
    assert d["write-in-declaration"].due == four_pm(date(2009, 10, 23))


def test_city_next_cycle_by_rule_is_next_november(registry):
    # Today Nov 29, 2026: the next November regular election date is Tue Nov 2, 2027 (Nov 1 is the
    # first Monday); the primary Tue Aug 3, 2027 (Aug 2 the first Monday); Aug 3 - 105 = Apr 20, 2027.
    d, result = calc(registry, "test-city-mi")
    assert result.held == date(2027, 11, 2)
    assert result.anchors["primary"].value == date(2027, 8, 3)
    assert d["petition-filing"].safe_due == four_pm(date(2027, 4, 20))


def test_ypsilanti_seed_keeps_its_2022_deadline(registry):
    # The seed on the restructured sets: 4:00 p.m., Tuesday, April 19, 2022; withdrawal Fri Apr 22.
    result = engine.compute(registry.get("ypsilanti-mi"), today=TODAY, election=date(2022, 11, 8))
    d = {x.id: x for x in result.deadlines}
    assert set(d) == {"petition-filing", "filing-notice", "withdrawal"}
    assert d["petition-filing"].due == four_pm(date(2022, 4, 19))
    assert d["withdrawal"].due == four_pm(date(2022, 4, 22))
    assert d["withdrawal"].source.endswith("shared/michigan-election-law.toml")


# --------------------------------------------------------------------------- villages


def test_village_2026_fifteenth_tuesday_before_november(registry):
    # Nov 3, 2026 - 105 days = Tue Jul 21, 2026 (filed with the township clerk); withdrawal the
    # third day after = Fri Jul 24; write-in: Fridays before Nov 3 are Oct 30 and Oct 23.
    d, result = calc(registry, "test-village-mi", election=date(2026, 11, 3))
    assert "primary" not in result.anchors
    assert d["petition-filing"].due == four_pm(date(2026, 7, 21))
    assert d["withdrawal"].due == four_pm(date(2026, 7, 24))
    assert d["write-in-declaration"].due == four_pm(date(2026, 10, 23))
    # MCL 168.381's own words were not read: the set's caveat marks it tentative.
    assert d["petition-filing"].status == "tentative"


def test_village_2022_published_manchester(registry):
    # Village of Manchester: nominating petitions "by 4:00 p.m. on JULY 26, 2022" = Nov 8 - 105 days.
    d, _ = calc(registry, "test-village-mi", election=date(2022, 11, 8))
    assert d["petition-filing"].due == four_pm(date(2022, 7, 26))
    assert d["withdrawal"].due == four_pm(date(2022, 7, 29))


def test_village_2010_twelfth_tuesday(registry):
    # Before 2014 the twelfth Tuesday before the November election: Nov 2, 2010 - 84 = Tue Aug 10,
    # published: "Candidates running for a village office on the November ballot must file ... by
    # 4 p.m. Aug. 10" (Muskegon Chronicle, 2010); withdrawal Fri Aug 13.
    d, _ = calc(registry, "test-village-mi", election=date(2010, 11, 2))
    assert d["petition-filing"].due == four_pm(date(2010, 8, 10))
    assert d["withdrawal"].due == four_pm(date(2010, 8, 13))


def test_village_before_2006_has_no_filing_rule(registry):
    # Villages elected on their charter's dates before the 2006 November deadline: no version.
    d, result = calc(registry, "test-village-mi", election=date(2004, 11, 2))
    assert "petition-filing" not in d and "withdrawal" not in d
    assert "rule.not_in_force" in {n.code for n in result.warnings}
    # MCL 168.737a as added by 1996 PA 461: "the Friday immediately preceding" Tue Nov 2 = Oct 29.
    assert d["write-in-declaration"].due == four_pm(date(2004, 10, 29))


# --------------------------------------------------------------------------- townships


def test_township_2024_published_dates(registry):
    d, result = calc(registry, "test-township-mi", election=date(2024, 11, 5))
    # Primary: Aug 5 is the first Monday of August 2024, so Tue Aug 6. Aug 6 - 105 = Tue Apr 23.
    # Published: Laketown Township, "4 p.m. Tuesday, April 23"; Vernon Township the same.
    assert result.anchors["primary"].value == date(2024, 8, 6)
    assert d["petition-filing"].due == four_pm(date(2024, 4, 23))
    assert d["petition-filing"].status == "scheduled"
    # Third day after = Fri Apr 26; Flint Charter Township: "Withdrawal deadline elapses at 4:00 p.m.
    # on April 26".
    assert d["withdrawal"].due == four_pm(date(2024, 4, 26))
    # MCL 168.590c(2): 110th day before Nov 5: Oct 5 is -31, Sep 5 -61, Aug 5 -92, Jul 18 -110,
    # a Thursday. Published: "qualifying petitions are due no later than 4 p.m. Thursday, July 18".
    assert d["qualifying-petition"].due == four_pm(date(2024, 7, 18))
    # 590c(3): third day after Thu Jul 18 = Sun Jul 21; MCL 168.13 -> Mon Jul 22.
    assert d["qualifying-petition-withdrawal"].due == four_pm(date(2024, 7, 22))
    # 737a: second Friday before Nov 5 = Oct 25 (Laketown: "Write-ins for the November election must
    # file by Oct. 25"); before Aug 6: Aug 2 (1st), Jul 26 (2nd).
    assert d["write-in-declaration"].due == four_pm(date(2024, 10, 25))
    assert d["write-in-declaration-primary"].due == four_pm(date(2024, 7, 26))


def test_township_2016_published_by_the_townships_association(registry):
    # MTA: "By 4 p.m., April 19, 2016" (Aug 2 - 105), "By 4 p.m., July 21, 2016" (qualifying: Nov 8
    # - 110: Oct 8 -31, Sep 8 -61, Aug 8 -92, Jul 21 -110), "By 4 p.m., July 22: Write-in candidates
    # file declaration of intent for August primary" (Fridays before Aug 2: Jul 29, Jul 22).
    d, _ = calc(registry, "test-township-mi", election=date(2016, 11, 8))
    assert d["petition-filing"].due == four_pm(date(2016, 4, 19))
    assert d["qualifying-petition"].due == four_pm(date(2016, 7, 21))
    assert d["write-in-declaration-primary"].due == four_pm(date(2016, 7, 22))


def test_township_2012_twelfth_tuesday(registry):
    # MCL 168.349 (2012 PA 276): "Until December 31, 2013 ... the twelfth Tuesday before the August
    # primary": Aug 7, 2012 - 84 = Tue May 15; withdrawal Fri May 18.
    d, _ = calc(registry, "test-township-mi", election=date(2012, 11, 6))
    assert d["petition-filing"].due == four_pm(date(2012, 5, 15))
    assert d["withdrawal"].due == four_pm(date(2012, 5, 18))


def test_township_elections_are_in_presidential_years(registry):
    # Today Nov 29, 2026: the next presidential year is 2028; Nov 7, 2028 (Nov 6 the first Monday),
    # primary Aug 8, 2028 (Aug 7 the first Monday). Aug 8 - 105 = Apr 25; Nov 7 - 110 = Thu Jul 20.
    d, result = calc(registry, "test-township-mi")
    assert result.held == date(2028, 11, 7)
    assert result.anchors["primary"].value == date(2028, 8, 8)
    assert d["petition-filing"].due == four_pm(date(2028, 4, 25))
    assert d["qualifying-petition"].due == four_pm(date(2028, 7, 20))


def test_qualifying_petition_2010_published_withdrawal(registry):
    # Department of State, 2010 (partisan offices, same section 590c): "qualifying petition ... by 4
    # p.m. July 15. The withdrawal deadline is 4 p.m. July 19." Nov 2, 2010 - 110 = Thu Jul 15; + 3 =
    # Sun Jul 18 -> Mon Jul 19. (2010 is not a township year: entered, with a warning.)
    d, result = calc(registry, "test-township-mi", election=date(2010, 11, 2))
    assert d["qualifying-petition"].due == four_pm(date(2010, 7, 15))
    assert d["qualifying-petition-withdrawal"].due == four_pm(date(2010, 7, 19))
    assert "election.not_by_rule" in {n.code for n in result.warnings}


def test_township_in_central_time(registry):
    # A township in Menominee County keeps Central time: 4 p.m. there is 4 p.m. CDT (UTC-5).
    d, _ = calc(registry, "test-township-menominee-mi", election=date(2024, 11, 5))
    due = d["petition-filing"].due
    assert due == four_pm(date(2024, 4, 23), MENOMINEE)
    assert due.utcoffset().total_seconds() == -5 * 3600


# --------------------------------------------------------------------------- school districts


def test_school_district_2024_published_stockbridge(registry):
    # MCL 168.303(1): "4 p.m. on the fifteenth Tuesday before the election date": Nov 5, 2024 - 105
    # = Tue Jul 23. Stockbridge Community Schools: "no later than 4 p.m. on Tuesday July 23, 2024";
    # withdrawal the third day after = Fri Jul 26 (the page says "Friday, July 24th": July 24, 2024
    # is a Wednesday, so its day number is a slip; its "Friday" agrees).
    d, result = calc(registry, "test-school-district-mi", election=date(2024, 11, 5))
    assert "primary" not in result.anchors
    assert d["petition-filing"].due == four_pm(date(2024, 7, 23))
    assert d["withdrawal"].due == four_pm(date(2024, 7, 26))
    assert d["write-in-declaration"].due == four_pm(date(2024, 10, 25))
    assert [(t.min, t.max) for t in d["petition-filing"].thresholds] == [(6, 20), (40, 100)]


def test_school_district_2016_published_barry_county(registry):
    # Barry County Clerk: "November 8, 2016 General Election ... July 26, 2016 Before 4 p.m."
    # Nov 8 - 105 days = Tue Jul 26.
    d, _ = calc(registry, "test-school-district-mi", election=date(2016, 11, 8))
    assert d["petition-filing"].due == four_pm(date(2016, 7, 26))


def test_school_district_2012_twelfth_tuesday(registry):
    # "Until December 31, 2013 ... the twelfth Tuesday before the election date": Nov 6, 2012 - 84 =
    # Tue Aug 14. Kalamazoo Gazette: "Aug. 14 is deadline to file candidacy for school board seat".
    d, _ = calc(registry, "test-school-district-mi", election=date(2012, 11, 6))
    assert d["petition-filing"].due == four_pm(date(2012, 8, 14))


def test_school_district_may_2005_published_masb(registry):
    # A May 3, 2005 school election (entered; before 2012 districts could elect in May):
    # May 3 - 84 days = Tue Feb 8; withdrawal Fri Feb 11; the 1996 write-in wording, "the Friday
    # immediately preceding the election" = Fri Apr 29. MASB 2005: "Tuesday, Feb. 8, 4 p.m. -
    # Nominating petitions ... due", "Friday, Feb. 11, 4 p.m. - Deadline for a written withdrawal",
    # "Friday, April 29, 4 p.m. - Deadline for write-in candidates to file intent".
    d, _ = calc(registry, "test-school-district-mi", election=date(2005, 5, 3))
    assert d["petition-filing"].due == four_pm(date(2005, 2, 8))
    assert d["withdrawal"].due == four_pm(date(2005, 2, 11))
    assert d["write-in-declaration"].due == four_pm(date(2005, 4, 29))
    assert d["write-in-declaration"].due.utcoffset().total_seconds() == -4 * 3600  # EDT from Apr 3, 2005
