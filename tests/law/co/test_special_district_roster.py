"""Colorado's special districts as governments of their own: every district of
DOLA's directory whose type calendars/roster/district-boards.toml says elects
its board is a roster row on the special-district law, found by name, with its
counties, website and LGID, computing the May election's deadlines.

Worked example, counted by hand from the statutes' words: the regular special
district election of 2027 is "the Tuesday succeeding the first Monday of May in
every odd-numbered year" (C.R.S. 1-13.5-111(1)): May 3, 2027 is the first
Monday, so Tuesday, May 4, 2027. Counting back (May has 4 days before the 4th,
April 30, March 31):
- self-nomination "no later than the normal close of business on the
  sixty-seventh day before" (1-13.5-303(1)): May 4 - 4 days = April 30, - 30 =
  March 31 (34), - 31 = February 28 (65), - 2 = February 26 (67): Friday,
  February 26, 2027 (January 1, 2027 is a Friday; February 26 is 56 days
  later), at the close of business (the assumed 5:00 p.m.);
- "no earlier than January 1": Friday, January 1, 2027 is New Year's Day and the
  weekend follows, so the office first opens Monday, January 4, 2027;
- the write-in affidavit "not later than sixty-four days before" (1-13.5-305):
  three days after February 26: Monday, March 1, 2027;
- the call for nominations "between seventy-five and one hundred days before"
  (1-13.5-501(1)): 75 days back is February 18 (67 - 8), 100 days back is
  January 24, 2027 (February 18 - 25);
- an uncontested election may be canceled "at the close of business on the
  sixty-third day before" (1-13.5-513(1)): February 26 + 4 = Tuesday, March 2.
"""
from __future__ import annotations

import csv
import json
import tomllib
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.registry import Registry
from deadlines.roster_import import default_source

ROOT = Path(__file__).resolve().parents[3]
ROSTER = ROOT / "calendars" / "roster"
BOARDS = tomllib.loads((ROSTER / "district-boards.toml").read_text(encoding="utf-8"))


def _rows(state: str) -> list[dict]:
    with (ROSTER / f"{state}.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_every_electing_district_of_the_directory_is_a_government():
    """Counted from DOLA's directory itself: each type the boards file lists
    with a law, one row per LGID; appointed boards and authorities are not."""
    with (default_source() / "colorado_dola_local_governments_2026.csv").open(newline="", encoding="utf-8") as f:
        directory = list(csv.DictReader(f))
    electing = {t: b for t, b in BOARDS["co"].items() if b.get("law")}
    expected = Counter(electing[d["Local Government Type:"].strip()]["subtype"] for d in directory
                       if d["Local Government Type:"].strip() in electing)
    districts = [r for r in _rows("co") if r["kind"] == "special-district"]
    assert Counter(r["subtype"] for r in districts) == expected
    assert expected["metropolitan"] == 2565 and expected["fire protection"] == 247
    assert len({r["lgid"] for r in districts}) == len(districts)
    assert all(r["ocd_id"] == f"ocd-division/country:us/state:co/special_district:{r['lgid']}" for r in districts)
    lgids = {d["LGID:"] for d in directory if d["Local Government Type:"] in ("Charter Schools", "Urban Renewal Authorities")}
    assert not lgids & {r["lgid"] for r in districts}


def test_durango_fire_is_found_by_name_with_its_counties(client):
    found = client.get("/api/v1/jurisdictions?q=durango+fire").get_json()["items"]
    first = found[0]
    assert (first["id"], first["name"], first["kind"], first["state"]) == (
        "durango-fire-protection-district-co", "Durango Fire Protection District", "special-district", "CO")
    # DOLA lists "San Juan, La Plata"; Durango, its mailing city, lies in La Plata: the principal county
    assert first["counties"] == ["La Plata", "San Juan"] and first["county"] == "La Plata"
    assert (first["subtype"], first["lgid"], first["website"]) == ("fire protection", "66048", "www.durangofire.org")
    listed = client.get("/api/v1/jurisdictions?q=fire+protection+district&state=CO&limit=1000").get_json()
    # every fire protection district, whatever its name says ("Hotchkiss Fire District")
    assert {r["id"] for r in _rows("co") if r["subtype"] == "fire protection"} <= {i["id"] for i in listed["items"]}


def test_the_may_2027_deadlines_of_a_district(client):
    data = client.get("/api/v1/jurisdictions/durango-fire-protection-district-co/deadlines?election=2027-05-04").get_json()
    by_id = {d["id"]: d for d in data["deadlines"]}
    assert data["anchors"]["general"]["value"] == "2027-05-04"
    nomination = by_id["petition-filing"]
    assert nomination["start"] == "2027-01-04T08:00:00-07:00"
    assert nomination["due"] == "2027-02-26T17:00:00-07:00"
    assert by_id["write-in-affidavit"]["due"] == "2027-03-01T17:00:00-07:00"
    assert (by_id["filing-notice"]["start"], by_id["filing-notice"]["due"]) == ("2027-01-24", "2027-02-18")
    assert by_id["cancellation"]["due"] == "2027-03-02T17:00:00-07:00"  # "at the close of business", 1-13.5-513(1)
    assert "1-13.5-513" in by_id["cancellation"]["citation"]


def test_a_district_by_its_ocd_id_on_the_command_line():
    res = CliRunner().invoke(main, ["compute", "ocd-division/country:us/state:co/special_district:66048",
                                    "--election", "2027-05-04", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output[res.output.index("{"):])
    assert data["jurisdiction"]["id"] == "durango-fire-protection-district-co"


def test_the_statewide_entry_points_to_the_districts():
    jur = Registry().get("colorado-local")
    assert "other than special districts" in jur.source and "each special district is listed on its own" in jur.source
    assert not jur.caveats  # its dates are its law's, not a reading
