"""Colorado's local district colleges: Aims Community College (DOLA LGID 64001,
Greeley) and Colorado Mountain College (64045, Glenwood Springs), roster kind
`community-college` on the law `local-district-college` of
calendars/roster/kinds-co.toml (colorado-legal-holidays,
colorado-local-district-college).

The law, in the words quoted in the rule file (C.R.S., OCCO Release 80):
- the trustees are elected "at the regular biennial school election"
  (23-71-110(5)), "the election held on the first Tuesday in November of each
  odd-numbered year" (1-1-104);
- a candidate "shall file a petition for nomination pursuant to section 1-4-803
  and part 9 of article 4 of title 1" (23-71-110(5), 23-71-114): the petition
  may not be circulated "prior to ninety days before the election"
  (1-4-803(1)(b)) and "must be filed no later than sixty-seven days before the
  election date" (1-4-803(2));
- a write-in candidate's affidavit "by the close of business on the
  sixty-fourth day before the election" (1-4-1102(2));
- an uncontested election may be canceled "at the close of business on the
  sixty-third day before the election" (1-5-208(1.5));
- a period "no later than" so many days before an election that ends on a
  Saturday, Sunday or legal holiday "is shortened to and ends on the prior
  business day" (1-1-106(5)); Labor Day is the first Monday in September
  (C.R.S. 24-11-101).

Counted by hand (the election day itself never counts):

November 7, 2023 (November 1, 2023 is a Wednesday, so the first Tuesday is the 7th):
- 67th day: Nov 7 - 7 = Oct 31 (7), - 31 = Sep 30 (38), - 29 = Sep 1 (67):
  Friday, September 1, 2023, at the assumed 5:00 p.m. close (MDT, UTC-6);
- 90th day: Sep 1 - 23 = Wednesday, August 9, 2023: circulation August 9 to
  September 1;
- 64th day: Sep 1 + 3 = Monday, September 4, 2023, Labor Day (September 1, 2023
  is a Friday, so the first Monday is the 4th): shortened to Friday,
  September 1, 2023;
- 63rd day: Tuesday, September 5, 2023.

November 4, 2025 (November 1, 2025 is a Saturday, so the first Tuesday is the 4th):
- 67th day: Nov 4 - 4 = Oct 31 (4), - 31 = Sep 30 (35), - 30 = Aug 31 (65),
  - 2 = Aug 29 (67): Friday, August 29, 2025;
- 90th day: Aug 29 - 23 = Wednesday, August 6, 2025;
- 64th day: Monday, September 1, 2025, Labor Day: shortened to Friday,
  August 29, 2025;
- 63rd day: Tuesday, September 2, 2025. Aims Community College: the candidates
  "are declared elected by a resolution of the Board of Trustees passed during
  a special meeting on September 2" (its cancellation of the November 4, 2025
  election), on that day.

Published by Colorado Mountain College (calendars/facts/co.csv):
- 2021 (November 2): 67th day Nov 2 - 2 = Oct 31 (2), - 31 = Sep 30 (33),
  - 30 = Aug 31 (63), - 4 = Aug 27 (67): Friday, August 27, 2021; "returned to
  the district office by 5 p.m. Aug. 27"; petitions "on or after Aug. 4", the
  90th day (Aug 27 - 23); its board cancelled the uncontested election by a
  resolution adopted "August 31, 2021", the 63rd day (Aug 27 + 4);
- 2019 and 2013 (both November 5): Nov 5 - 5 = Oct 31 (5), - 31 = Sep 30
  (36), - 30 = Aug 31 (66), - 1 = Aug 30 (67): Friday, August 30; petitions
  available "on or after August 7" (2019) and "starting Aug. 7" (2013), the
  90th day (Aug 30 - 23); due "by 5 p.m. on August 30" (2019) but "by Aug. 30,
  2013, by 1:00 p.m." (2013: the day agrees, the hour is earlier than the
  assumed close, so that cycle departs and 1:00 p.m. is the safe time).

Aims Community College, 2005: the election was Tuesday, November 1, 2005 (the
first Tuesday; Weld County's coordinated election that day). 67th day: Nov 1 -
1 = Oct 31 (1), - 31 = Sep 30 (32), - 30 = Aug 31 (62), - 5 = Aug 26 (67):
Friday, August 26, 2005; 63rd day: Aug 26 + 4 = Tuesday, August 30, 2005, the
day the Greeley Tribune reports the trustees cancelled it ("The deadline had
passed for other candidates to register ... On Tuesday, the remaining trustees
voted unanimously to cancel the elections", dated August 30, 2005). Under
23-71-110(2)'s "first Tuesday after the first Monday" the election would have
been November 8, 2005 and the 63rd day September 6: not what was done.
"""
from __future__ import annotations

import csv
import tomllib
from datetime import date, datetime

import pytest

from deadlines.words import words
from tests.law.charter_helpers import CALENDARS, MDT, at, safe
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

EN = words("en")
TODAY = date(2026, 12, 6)
AIMS, CMC = "aims-community-college-co", "colorado-mountain-college-co"
KINDS = tomllib.loads((CALENDARS / "roster" / "kinds-co.toml").read_text(encoding="utf-8"))


def five_pm(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, 17, 0, tzinfo=MDT)


def _roster() -> dict[str, dict]:
    with (CALENDARS / "roster" / "co.csv").open(newline="", encoding="utf-8") as f:
        return {r["id"]: r for r in csv.DictReader(f)}


# --------------------------------------------------------------------------- the roster and the kind


def test_the_two_colleges_are_on_the_roster_from_dolas_directory():
    rows = _roster()
    aims, cmc = rows[AIMS], rows[CMC]
    assert (aims["ocd_id"], aims["kind"], aims["law"], aims["lgid"]) == (
        "ocd-division/country:us/state:co/community_college_district:64001", "community-college",
        "local-district-college", "64001")
    assert (cmc["ocd_id"], cmc["lgid"]) == ("ocd-division/country:us/state:co/community_college_district:64045", "64045")
    assert aims["county"].split(";")[0] == "Weld" and cmc["county"].split(";")[0] == "Garfield"  # the mailing city's
    # DOLA's two other "Local District College" entries are no local college district (23-71-207)
    assert [r["id"] for r in rows.values() if r["law"] == "local-district-college"] == [AIMS, CMC]
    assert not [r for r in rows.values() if r["lgid"] in ("41010", "52001")]


def test_the_kind_is_holidays_then_the_college_set():
    assert KINDS["local-district-college"]["extends"] == ["colorado-legal-holidays", "colorado-local-district-college"]


def test_found_by_ocd_id_in_the_denver_zone_under_colorado(registry):
    jur = registry.get("ocd-division/country:us/state:co/community_college_district:64045")
    assert (jur.id, jur.kind, jur.state, jur.timezone) == (CMC, "community-college", "CO", "America/Denver")


def test_the_election_is_the_first_tuesday_of_november_of_odd_years(registry):
    general = registry.get(AIMS).elections["general"]
    assert general.held_in(2023)[0] == date(2023, 11, 7)
    assert general.held_in(2025)[0] == date(2025, 11, 4)
    # November 1 is a Tuesday: the school election's day (1-1-104), not 23-71-110(2)'s November 8
    assert general.held_in(2005)[0] == date(2005, 11, 1)
    assert general.held_in(2011)[0] == date(2011, 11, 1)
    assert general.held_in(2024) is None


# --------------------------------------------------------------------------- worked examples


def test_november_7_2023(registry):
    result, d = at(registry, AIMS, date(2023, 11, 7), TODAY)
    assert set(d) == {"petition-circulation", "petition-filing", "write-in-affidavit", "cancellation"}
    assert not result.warnings
    assert d["petition-circulation"].start == date(2023, 8, 9) and d["petition-circulation"].due == date(2023, 9, 1)
    assert d["petition-filing"].due == safe(d["petition-filing"]) == five_pm(2023, 9, 1)
    assert d["write-in-affidavit"].due == five_pm(2023, 9, 1)  # Labor Day, Sep 4, shortened to the Friday
    assert d["cancellation"].due == five_pm(2023, 9, 5)  # "at the close of business": the office closes at 5 p.m.


def test_november_4_2025(registry):
    _, d = at(registry, AIMS, date(2025, 11, 4), TODAY)
    assert d["petition-circulation"].start == date(2025, 8, 6) and d["petition-circulation"].due == date(2025, 8, 29)
    assert d["petition-filing"].due == five_pm(2025, 8, 29)
    assert d["write-in-affidavit"].due == five_pm(2025, 8, 29)  # Labor Day, Sep 1, shortened to the Friday
    # Aims cancelled its uncontested 2025 election "during a special meeting on September 2": the 63rd day
    assert d["cancellation"].due == five_pm(2025, 9, 2)


def test_the_petition_needs_fifty_signatures_and_says_where_it_is_filed(registry):
    _, d = at(registry, CMC, date(2027, 11, 2), TODAY)
    f = d["petition-filing"]
    assert [(t.min, t.max) for t in f.rule.thresholds] == [(50, None)]
    assert "secretary of the board of trustees" in " ".join(EN.steps(f, ""))
    assert "23-71-114" in f.rule.cite and "1-4-803(2)" in f.rule.cite


def test_2021_as_colorado_mountain_college_published_it(registry):
    _, d = at(registry, CMC, date(2021, 11, 2), TODAY)
    f = d["petition-filing"]
    assert f.due == safe(f) == five_pm(2021, 8, 27)  # "by 5 p.m. Aug. 27"
    assert f.basis.status == "published"
    assert d["petition-circulation"].start == date(2021, 8, 4)  # "on or after Aug. 4"
    assert d["cancellation"].due == five_pm(2021, 8, 31)  # the board's resolution "August 31, 2021"
    assert d["write-in-affidavit"].due == five_pm(2021, 8, 30)  # Monday; Labor Day 2021 is Sep 6


def test_2019_as_published(registry):
    _, d = at(registry, CMC, date(2019, 11, 5), TODAY)
    f = d["petition-filing"]
    assert f.due == safe(f) == five_pm(2019, 8, 30)  # "by 5 p.m. on August 30"
    assert f.basis.status == "published"
    assert d["petition-circulation"].start == date(2019, 8, 7)  # "on or after August 7"


def test_2013_one_p_m_departs_from_the_assumed_close(registry):
    _, d = at(registry, CMC, date(2013, 11, 5), TODAY)
    f = d["petition-filing"]
    assert f.due == five_pm(2013, 8, 30)  # the law's day at the assumed close
    assert safe(f) == datetime(2013, 8, 30, 13, 0, tzinfo=MDT)  # "by Aug. 30, 2013, by 1:00 p.m."
    assert f.basis.status == "departs"


def test_aims_2005_the_school_election_and_the_1996_cancellation(registry):
    _, d = at(registry, AIMS, date(2005, 11, 1), TODAY)
    assert d["petition-filing"].due == five_pm(2005, 8, 26)
    c = d["cancellation"]
    assert c.due == five_pm(2005, 8, 30)  # the close of business on the Tuesday the trustees cancelled (Greeley Tribune, Aug. 30, 2005)
    assert any("were not read" in w and "1996" in w for w in EN.warnings(c, ""))


@pytest.mark.parametrize("election, filing, write_in", [
    # Nov 1, 2027 is a Monday, so Tue Nov 2, 2027: 67th day Fri Aug 27 (counted as 2021); 64th Mon Aug 30
    # (September 1, 2027 is a Wednesday: Labor Day is Sep 6)
    (date(2027, 11, 2), date(2027, 8, 27), date(2027, 8, 30)),
    # Nov 1, 2029 is a Thursday, so Tue Nov 6, 2029: Nov 6 - 6 = Oct 31 (6), - 31 = Sep 30 (37), - 30 =
    # Aug 31 (67), a Friday; 64th Mon Sep 3, 2029, Labor Day (Sep 1 is a Saturday): shortened to Fri Aug 31
    (date(2029, 11, 6), date(2029, 8, 31), date(2029, 8, 31)),
    # Nov 1, 2033 is a Tuesday, the election (not Nov 8): 67th day Fri Aug 26 (counted as 2005); 64th Mon
    # Aug 29 (Labor Day 2033 is Sep 5)
    (date(2033, 11, 1), date(2033, 8, 26), date(2033, 8, 29)),
])
def test_later_cycles(registry, election, filing, write_in):
    _, d = at(registry, AIMS, election, TODAY)
    assert d["petition-filing"].due == five_pm(filing.year, filing.month, filing.day)
    assert d["write-in-affidavit"].due == five_pm(write_in.year, write_in.month, write_in.day)
