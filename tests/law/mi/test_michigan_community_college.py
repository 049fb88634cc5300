"""Worked examples for Michigan community college districts (kind
`community-college` of calendars/roster/kinds-mi.toml: michigan-holidays-and-time,
michigan-community-college, michigan-write-in), and the roster list
calendars/roster/community-colleges-mi.csv.

Counting used (DESIGN.md): "the fifteenth Tuesday before" a Tuesday election is
15 x 7 = 105 days before it (the election day itself never counts); "the third
day after" a Tuesday is the Friday; "the second Friday immediately before" a
Tuesday is 11 days before it. Each expected date is counted by hand in the
comment beside it; where a college or county published the date, it is named.

The jurisdictions are built as tests/law/mi/test_statewide_mi.py builds its kinds: a
file of what a roster row holds, with the extends list read from kinds-mi.toml.
"""
from __future__ import annotations

import csv
import shutil
import tomllib
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from deadlines.core import engine
from deadlines.core.registry import Registry
from deadlines.words import words

EN = words("en")
CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
KINDS = tomllib.loads((CALENDARS / "roster" / "kinds-mi.toml").read_text())
COLLEGES = CALENDARS / "roster" / "community-colleges-mi.csv"
DETROIT, MENOMINEE = "America/Detroit", "America/Menominee"
TODAY = date(2026, 12, 2)
JURISDICTIONS = {"test-community-college-mi": DETROIT, "test-gogebic-community-college-mi": MENOMINEE}


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> Registry:
    root = tmp_path_factory.mktemp("mi-community-college") / "calendars"
    shutil.copytree(CALENDARS, root, ignore=shutil.ignore_patterns("*.csv"))
    extends = ", ".join(f'"{name}"' for name in KINDS["community-college"]["extends"])
    for jid, zone in JURISDICTIONS.items():
        (root / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "Test {KINDS["community-college"]["title"]}"\ntimezone = "{zone}"\n'
            f'source = "a roster row of kind community-college (test)"\nextends = [{extends}]\n'
        )
    return Registry(root)


def calc(registry, jid="test-community-college-mi", **kwargs):
    result = engine.compute(registry.get(jid), today=kwargs.pop("today", TODAY), **kwargs)
    return {d.id: d for d in result.deadlines}, result


def four_pm(day: date, zone: str = DETROIT) -> datetime:
    return datetime(day.year, day.month, day.day, 16, tzinfo=ZoneInfo(zone))


def test_the_kind_begins_with_holidays_and_ends_with_the_write_in_set():
    assert KINDS["community-college"]["extends"] == [
        "michigan-holidays-and-time", "michigan-community-college", "michigan-write-in"]


def test_2026_november_election(registry):
    d, result = calc(registry, election=date(2026, 11, 3))
    assert set(d) == {"petition-filing", "withdrawal", "write-in-declaration"}
    assert result.jurisdiction.state == "MI"
    # Nov 3, 2026 is the first Tuesday after the first Monday (Nov 2). 15 Tuesdays before it:
    # 105 days back: Oct 3 is 31 days, Sep 3 is 61, Aug 3 is 92, and 13 more is Tue Jul 21, 2026
    # (check: Jul 21 + 10 = Jul 31, + 31 = Aug 31, + 30 = Sep 30, + 31 = Oct 31, + 3 = Nov 3: 105).
    f = d["petition-filing"]
    assert f.due == f.safe_due == four_pm(date(2026, 7, 21))
    assert f.due.utcoffset().total_seconds() == -4 * 3600  # EDT
    assert any("389.152" in w and "were not read" in w for w in EN.warnings(f, ""))
    # Third day after Tue Jul 21 = Fri Jul 24, 2026, 4 p.m. (no holiday that Friday).
    assert d["withdrawal"].due == four_pm(date(2026, 7, 24))
    # MCL 168.737a: the Fridays before Tue Nov 3 are Oct 30 (1st) and Oct 23 (2nd): 11 days before.
    assert d["write-in-declaration"].due == four_pm(date(2026, 10, 23))


def test_2024_as_the_colleges_and_counties_published_it(registry):
    d, _ = calc(registry, election=date(2024, 11, 5))
    # Nov 5, 2024 - 105 days: Oct 5 (31), Sep 5 (61), Aug 5 (92), 13 more: Tue Jul 23, 2024.
    # Bay College: "no later than 4 p.m. on the fifteenth Tuesday (July 23, 2024)"; Monroe County
    # Community College: "no later than 4 p.m. on Tuesday, July 23, 2024".
    assert d["petition-filing"].due == four_pm(date(2024, 7, 23))
    # Fri Jul 26, 2024 (the school board withdrawal published for the same filing day, Ishpeming:
    # "Withdrawal deadline elapses at 4:00 p.m. on July 26, 2024").
    assert d["withdrawal"].due == four_pm(date(2024, 7, 26))
    # Second Friday before Tue Nov 5: Nov 1 (1st), Oct 25 (2nd) (Laketown Township, 2024:
    # "Write-ins for the November election must file by Oct. 25").
    assert d["write-in-declaration"].due == four_pm(date(2024, 10, 25))


def test_gogebic_community_college_files_at_4_pm_central_time(registry):
    # Gogebic County keeps Central time (America/Menominee). WUPM, 2024: "Filing Form and
    # Petitions or the nonrefundable filing fee must be filed no later than 4:00 p.m. Tuesday,
    # July 23rd. All forms must be filed with the Gogebic County Clerk."
    d, _ = calc(registry, "test-gogebic-community-college-mi", election=date(2024, 11, 5))
    f = d["petition-filing"]
    assert f.due == four_pm(date(2024, 7, 23), MENOMINEE)
    assert f.due.utcoffset().total_seconds() == -5 * 3600  # CDT: an hour after 4 p.m. in Lansing
    assert d["withdrawal"].due == four_pm(date(2024, 7, 26), MENOMINEE)


@pytest.mark.parametrize("election, filing", [
    # Nov 8, 2022 - 105: Oct 8 (31), Sep 8 (61), Aug 8 (92), 13 more: Tue Jul 26, 2022 (Bay College:
    # "the fifteenth Tuesday (July 26, 2022)").
    (date(2022, 11, 8), date(2022, 7, 26)),
    # Nov 8, 2016: the same count, Tue Jul 26, 2016 (Bay College: "the fifteenth Tuesday (July 26,
    # 2016)"; MSU Extension: "community college trustees (except Wayne County) ... July 26 at 4 p.m.").
    (date(2016, 11, 8), date(2016, 7, 26)),
    # Nov 4, 2014 - 105: Oct 4 (31), Sep 4 (61), Aug 4 (92), 13 more: Tue Jul 22, 2014 (no published
    # community college date was found for 2014; the version's date is the school board rule's).
    (date(2014, 11, 4), date(2014, 7, 22)),
])
def test_earlier_even_year_cycles(registry, election, filing):
    d, _ = calc(registry, election=election)
    assert d["petition-filing"].due == four_pm(filing)
    # Filing is always a Tuesday, so the withdrawal is the Friday after it.
    assert d["withdrawal"].due == four_pm(date.fromordinal(filing.toordinal() + 3))


def test_before_2014_no_petition_version_is_encoded(registry):
    d, result = calc(registry, election=date(2012, 11, 6))
    assert "petition-filing" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "petition-filing" for n in result.warnings)
    # The write-in declaration (MCL 168.737a, 2006 PA 87) is in force: Fridays before Tue Nov 6,
    # 2012 are Nov 2 and Oct 26.
    assert d["write-in-declaration"].due == four_pm(date(2012, 10, 26))


# --------------------------------------------------------------------------- the roster list


def rows() -> list[dict]:
    with COLLEGES.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == ["ocd_id", "name", "county", "website", "source"]
        return list(reader)


def test_twenty_eight_districts_each_with_a_source():
    found = rows()
    # MCL 388.1829a lists them as items (a) to (bb): 26 + 2 = 28.
    assert len(found) == 28
    assert len({r["ocd_id"] for r in found}) == 28 and len({r["name"] for r in found}) == 28
    for r in found:
        assert r["ocd_id"].startswith("ocd-division/country:us/state:mi/community_college_district:")
        slug = r["ocd_id"].rsplit(":", 1)[1]
        assert slug and slug == slug.lower() and " " not in slug and "-" not in slug
        assert r["county"] and all(c.strip() == c and c for c in r["county"].split(";"))
        url, said = r["source"].split(" | ", 1)
        assert url.startswith("https://") and r["name"] in said
        assert r["website"].startswith("https://")


def test_gogebic_is_listed_in_gogebic_county():
    gogebic = [r for r in rows() if r["name"] == "Gogebic Community College"]
    assert len(gogebic) == 1
    assert gogebic[0]["county"] == "Gogebic"
    assert gogebic[0]["ocd_id"].endswith("community_college_district:gogebic_community_college")


# --------------------------------------------------------------------------- Wayne County's district


def test_wayne_county_community_college_counts_from_its_august_primary():
    """MCL 389.83(2) as amended by 2018 PA 628 (effective March 28, 2019): "A candidate for trustee
    shall be nominated at a nonpartisan primary election ... The nominating petitions must contain
    not less than 250 or more than 500 signatures ... and must be filed ... on or before 4 p.m. of
    the fifteenth Tuesday before the primary election." Its own file
    (calendars/wayne-county-community-college-mi.toml) wins over its roster row, which had counted
    the fifteenth Tuesday before November (July 25, 2028: 91 days late)."""
    registry = Registry()
    jur = registry.get("wayne-county-community-college-mi")
    assert jur.ocd_id.endswith("community_college_district:wayne_county_community_college")  # the row's identity
    result = engine.compute(jur, today=TODAY, election=date(2028, 11, 7))
    d = {x.id: x for x in result.deadlines}
    # The August regular election of 2028: Monday August 7 is the first Monday, so Tuesday August 8.
    assert result.anchors["primary"].value == date(2028, 8, 8)
    # Fifteen Tuesdays before Tue Aug 8 (the primary itself never counts): 105 days back.
    # Aug 8 -> Jul 8 is 31 days, -> Jun 8 61, -> May 8 91, 14 more: Tue Apr 25, 2028.
    assert d["petition-filing"].due == d["petition-filing"].safe_due == four_pm(date(2028, 4, 25))
    assert [(t.min, t.max) for t in d["petition-filing"].thresholds] == [(250, 500)]
    # The shared set's withdrawal, the third day after filing: Fri Apr 28, 2028, 4 p.m.
    assert d["withdrawal"].due == four_pm(date(2028, 4, 28))
    # MCL 168.737a for the primary: Fridays before Tue Aug 8 are Aug 4 (1st) and Jul 28 (2nd).
    assert d["write-in-declaration-primary"].due == four_pm(date(2028, 7, 28))
    # And for the November election: Fridays before Tue Nov 7 are Nov 3 and Oct 27.
    assert d["write-in-declaration"].due == four_pm(date(2028, 10, 27))


def test_wayne_county_community_college_before_2020_is_not_computed():
    """The twelfth-Tuesday wording of 2003 PA 306 was not read: the 2018 cycle gets no petition date
    (said as a warning), not the November rule's."""
    result = engine.compute(Registry().get("wayne-county-community-college-mi"), today=TODAY,
                            election=date(2018, 11, 6))
    assert "petition-filing" not in {x.id for x in result.deadlines}
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "petition-filing" for n in result.warnings)
