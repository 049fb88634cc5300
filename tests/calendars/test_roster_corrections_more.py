"""Roster rows that misstated a government (issues 25, 27), corrected as data
with a source in calendars/roster/corrections.csv and applied by the import:

- Colorado: the OCD/NCES list holds two Denver school districts, "denver 1"
  (NCES 0800245) and "school district no. 1" (NCES 0803360); DOLA's directory
  lists one school district in Denver (Denver County 1 School District), and
  NCES 0803360 is the Denver Public Schools. The first row is removed, the
  second shown as "Denver Public Schools (School District No. 1)" under its
  id school-district-no-1-co.
- Michigan: Ovid is a city (its charter, § 4.08; its city council), not the
  village of the ~2014 census list: ovid-mi keeps its id, on the city law.
  So is Manchester since its charter vote of November 7, 2023 (manchester-mi).
"""
from __future__ import annotations

import csv
import shutil
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from deadlines.core import engine
from deadlines.core.registry import Registry
from deadlines.roster_import import COMMITTED_SOURCE, build

ROOT = Path(__file__).resolve().parents[2]
ROSTER = ROOT / "calendars" / "roster"
DETROIT = ZoneInfo("America/Detroit")
DPS = "school-district-no-1-co"
DPS_NAME = "Denver Public Schools (School District No. 1)"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _corrections() -> dict[str, dict]:
    with (ROSTER / "corrections.csv").open(newline="", encoding="utf-8") as f:
        return {r["ocd_id"]: r for r in csv.DictReader(f)}


def test_every_correction_is_sourced_and_says_what_it_changes():
    rows = _corrections()
    for ocd_id, r in rows.items():
        assert r["change"] in ("removed", "kind", "name"), ocd_id
        assert "http" in r["source"], f"{ocd_id}: a correction names its source"
        if r["change"] in ("kind", "name"):
            assert r[r["change"]].strip(), ocd_id
    assert rows["ocd-division/country:us/state:mi/place:ovid"]["kind"] == "city"
    assert "15th Tuesday before the election" in rows["ocd-division/country:us/state:mi/place:ovid"]["source"]


# --------------------------------------------------------------------------- Denver


def test_denver_public_schools_is_one_row_under_the_name_people_know(registry):
    entries = registry.roster().entries
    assert "denver-1-co" not in entries
    dps = entries[DPS]
    assert (dps.name, dps.kind, dps.law, dps.counties, dps.geoid) == (
        DPS_NAME, "school-district", "school-district", ("Denver",), "0803360")
    assert dps.ocd_id == "ocd-division/country:us/state:co/county:denver/school_district:school_district_no._1"
    in_denver = [e.id for e in entries.values() if e.state == "CO" and e.kind == "school-district"
                 and "Denver" in e.counties]
    assert in_denver == [DPS]


def test_search_for_denver_lists_its_school_district_once(client):
    page = client.get("/api/v1/jurisdictions?q=denver&kind=school-district").get_json()
    assert [(i["id"], i["name"]) for i in page["items"]] == [(DPS, DPS_NAME)]
    everything, url = [], "/api/v1/jurisdictions?q=denver&limit=100"
    while url:
        page = client.get(url).get_json()
        everything += page["items"]
        url = page["next"]
    assert len(everything) == page["total"]
    schools = [i["id"] for i in everything if i["kind"] == "school-district"]
    assert schools == [DPS]
    assert "denver-1-co" not in {i["id"] for i in everything}
    # the name people type finds it first
    first = client.get("/api/v1/jurisdictions?q=denver+public+schools").get_json()["items"][0]
    assert first["id"] == DPS


# --------------------------------------------------------------------------- Ovid


def test_ovid_keeps_its_id_as_a_city(registry):
    ovid = registry.roster().entries["ovid-mi"]
    assert (ovid.name, ovid.kind, ovid.law) == ("City of Ovid", "city", "city")
    assert ovid.ocd_id == "ocd-division/country:us/state:mi/place:ovid"
    assert ovid.counties == ("Clinton", "Shiawassee")


def test_ovid_2026_petition_deadline_under_the_city_rule(registry):
    """Worked by hand. 2026: the general election is Tuesday, November 3
    (the Tuesday after the first Monday, November 2). Ovid's charter § 4.08:
    the deadline "is 4 p.m. on the 15th Tuesday before the election", and
    nomination is "by petition" (no primary: calendars/facts/mi.csv,
    holds_primary = no, the city rule's no-primary choice, MCL 168.644f(4)(a)).
    November 3 - 15 x 7 = 105 days: October 3 (-31), September 3 (-61),
    August 3 (-92), Tuesday, July 21, 2026 (-105), 4 p.m. EDT. Withdrawal
    (MCL 168.322a): 4 p.m. on the third day after, Friday, July 24. Were a
    primary held (Tuesday, August 4), the date would be 105 days before it,
    Tuesday, April 21: not Ovid's."""
    entries = registry.roster().entries
    assert entries["ovid-mi"].law == "city"
    result = engine.compute(registry.get("ovid-mi"), today=date(2026, 3, 1), election=date(2026, 11, 3))
    d = {x.id: x for x in result.deadlines}
    filing = d["petition-filing"]
    assert filing.due == filing.safe_due == datetime(2026, 7, 21, 16, tzinfo=DETROIT)
    assert filing.due.utcoffset().total_seconds() == -4 * 3600
    assert datetime(2026, 4, 21, 16, tzinfo=DETROIT) not in {filing.due, *(r.due for r in filing.readings)}
    assert d["withdrawal"].due == datetime(2026, 7, 24, 16, tzinfo=DETROIT)
    assert result.jurisdiction.name == "City of Ovid"


def test_ovid_without_its_fact_is_the_city_rule_with_both_readings(tmp_path):
    """The same cycle on the roster row alone (the facts file without Ovid's
    holds_primary): the city rule's date before the August 4 primary, August
    4 - 105 days = Tuesday, April 21, 2026 (July 28 the first Tuesday before,
    14 weeks earlier), with July 21 as the no-primary reading."""
    root = tmp_path / "calendars"
    shutil.copytree(ROOT / "calendars", root)
    facts = root / "facts" / "mi.csv"
    facts.write_text("".join(line for line in facts.read_text(encoding="utf-8").splitlines(keepends=True)
                             if not line.startswith("ovid-mi,")), encoding="utf-8")
    result = engine.compute(Registry(root).get("ovid-mi"), today=date(2026, 3, 1), election=date(2026, 11, 3))
    filing = {x.id: x for x in result.deadlines}["petition-filing"]
    assert result.anchors["primary"].value == date(2026, 8, 4)
    assert filing.due == datetime(2026, 4, 21, 16, tzinfo=DETROIT)
    # no primary-day reading (August 4): the current MCL 168.646a(1) sets "the fifteenth Tuesday before
    # the general November election" for a city nominating by petition without a primary
    assert sorted(r.due for r in filing.readings) == [datetime(2026, 4, 21, 16, tzinfo=DETROIT),
                                                      datetime(2026, 7, 21, 16, tzinfo=DETROIT)]


def test_manchester_2027_city_cycle():
    """Manchester's charter passed November 7, 2023 (its first council
    elected with 2- and 4-year terms, so odd-year elections). 2027 by hand:
    November 2 (the Tuesday after Monday, November 1); the primary Tuesday,
    August 3 (after Monday, August 2). Fifteenth Tuesday before August 3 =
    August 3 - 105 days: July 3 (-31), June 3 (-61), May 3 (-92), April 20
    (-105), a Tuesday, 4 p.m. EDT; before November 2: October 2 (-31),
    September 2 (-61), August 2 (-92), July 20 (-105), the no-primary reading
    ("the fifteenth Tuesday before the general November election", MCL
    168.646a(1) as it now reads: no later day).
    As a village (2023) its petitions went to the township clerk "by Tuesday,
    July 25, at 4pm", the fifteenth Tuesday before November 7, 2023."""
    reg = Registry()
    row = reg.roster().entries["manchester-mi"]
    assert (row.name, row.kind, row.law) == ("City of Manchester", "city", "city")
    result = engine.compute(reg.get("manchester-mi"), today=date(2026, 3, 1), election=date(2027, 11, 2))
    filing = {x.id: x for x in result.deadlines}["petition-filing"]
    assert result.anchors["primary"].value == date(2027, 8, 3)
    assert filing.due == datetime(2027, 4, 20, 16, tzinfo=DETROIT)
    assert sorted(r.due for r in filing.readings) == [datetime(2027, 4, 20, 16, tzinfo=DETROIT),
                                                      datetime(2027, 7, 20, 16, tzinfo=DETROIT)]


def test_cities_named_villages_say_they_are_cities(client):
    """Two cities whose legal names hold "Village": shown by those names,
    which say so, not as "Village of ..." alone (ids unchanged)."""
    entries = Registry().roster().entries
    assert entries["village-of-clarkston-mi"].name == "City of the Village of Clarkston"
    assert entries["village-of-grosse-pointe-shores-mi"].name == "Village of Grosse Pointe Shores, a Michigan City"
    assert {entries[j].kind for j in ("village-of-clarkston-mi", "village-of-grosse-pointe-shores-mi")} == {"city"}
    assert client.get("/api/v1/jurisdictions?q=grosse+pointe+shores").get_json()["items"][0]["id"] == (
        "village-of-grosse-pointe-shores-mi")
    feed = client.get("/calendars/village-of-grosse-pointe-shores-mi.ics").get_data(as_text=True)
    assert "Village of Grosse Pointe Shores\\, a Michigan City" in feed  # RFC 5545: a comma in TEXT is escaped


# --------------------------------------------------------------------------- the import's checks


def _roster_copy(tmp_path: Path, extra: str) -> Path:
    roster = tmp_path / "roster"
    shutil.copytree(ROSTER, roster, ignore=shutil.ignore_patterns("mi.csv", "co.csv", "ut.csv", "sources"))
    with (roster / "corrections.csv").open("a", encoding="utf-8") as f:
        f.write(extra)
    return roster


@pytest.mark.parametrize("row, message", [
    ('ocd-division/country:us/state:mi/place:ovidd,kind,city,,"typo https://example.org"\n', "no place or school district"),
    ('ocd-division/country:us/state:mi/place:milan,city,,,"wrong column https://example.org"\n', "change 'city'"),
    ('ocd-division/country:us/state:mi/place:milan,name,,,"no name https://example.org"\n', "change 'name'"),
    ('ocd-division/country:us/state:mi/place:milan,removed,,,\n', "no source"),
])
def test_a_correction_that_would_change_nothing_stops_the_import(tmp_path, row, message):
    with pytest.raises(ValueError, match=message):
        build(COMMITTED_SOURCE, _roster_copy(tmp_path, row))
