"""Every local government of Michigan, Colorado and Utah: the rosters as the
import makes them, their counts against the source lists, finding a place
(search, Open Civic Data ids), the filters across governments, and every
listed government computing."""
from __future__ import annotations

import csv
import json
import re
import shutil
import tomllib
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.errors import CalendarError
from deadlines.core.registry import Registry
from deadlines.roster_import import COMMITTED_SOURCE, build, default_source
from deadlines.service import lookup

ROOT = Path(__file__).resolve().parents[2]
CALENDARS = ROOT / "calendars"
ROSTER = CALENDARS / "roster"
SOURCE = default_source()  # DEADLINES_ROSTER_SOURCE, else shared/ beside the clone (as CI lays it), else the committed copy


def _source(name: str) -> list[dict]:
    assert SOURCE.is_dir(), f"the source lists are not at {SOURCE} (DEADLINES_ROSTER_SOURCE)"
    with (SOURCE / name).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _roster_rows() -> list[dict]:
    rows = []
    for st in ("mi", "co", "ut"):
        with (ROSTER / f"{st}.csv").open(newline="", encoding="utf-8") as f:
            rows += [dict(r, state=st.upper()) for r in csv.DictReader(f)]
    return rows


def test_the_committed_copy_makes_the_committed_roster_too():
    """calendars/roster/sources, the lists copied whole, imports to the committed
    roster as the shared lists do (the test above, where shared/ is laid beside):
    a fresh clone on its own checks the same roster."""
    assert build(COMMITTED_SOURCE, ROSTER) == {name: (ROSTER / name).read_text(encoding="utf-8")
                                               for name in ("co.csv", "mi.csv", "ut.csv")}


def test_committed_roster_is_what_the_import_makes():
    made = build(SOURCE, ROSTER)
    assert sorted(made) == ["co.csv", "mi.csv", "ut.csv"]
    for name, text in made.items():
        assert (ROSTER / name).read_text(encoding="utf-8") == text, (
            f"calendars/roster/{name} differs from the import: run scripts/import_rosters.py")


def test_counts_by_state_and_kind_match_the_source_lists():
    """Counted here from the lists themselves (the name's last word, the DOLA
    types, the school district codes), with the hand-kept additions and
    corrections, independently of the import's code."""
    places = _source("ocd_places_mi_co_ut.csv")
    corrections = {r["ocd_id"]: r for r in csv.DictReader((ROSTER / "corrections.csv").open())}
    additions = list(csv.DictReader((ROSTER / "additions.csv").open()))
    expected: Counter = Counter()
    for p in places:
        if "/place:" not in p["id"] or corrections.get(p["id"], {}).get("change") == "removed":
            continue
        state = p["id"].split("state:")[1][:2].upper()
        kind = corrections.get(p["id"], {}).get("kind") or (
            "township" if p["name"].endswith("township") else p["name"].rsplit(" ", 1)[1])
        if state == "CO":
            continue  # Colorado's municipalities are the DOLA list's, counted below
        expected[(state, kind)] += 1
    for d in _source("colorado_dola_municipalities.csv"):
        named = d["Name"].split(", ")  # "Aguilar, Town of"; "Central City" alone
        kind = "city-and-county" if d["Type"].startswith("City & County") else (
            named[1].split()[0].lower() if len(named) > 1 else "city")
        expected[("CO", kind)] += 1
    for a in additions:
        expected[(a["ocd_id"].split("state:")[1][:2].upper(), a["kind"])] += 1
    codes = {r["id"]: r["sch_dist_stateid"] for r in _source("ocd_school_district_nces_mi_co_ut.csv")}
    for d in _source("ocd_school_districts_mi_co_ut.csv"):
        state, code = d["id"].split("state:")[1][:2].upper(), codes.get(d["id"], "")
        if corrections.get(d["id"], {}).get("change") == "removed":
            continue  # a list's duplicate (Denver's second row)
        if state == "MI" and (code[2:] == "000" or code[2] == "9" or code[:3] == "827" or code[:2] == "84"):
            continue  # intermediate districts, academies, state agencies
        if state == "UT" and not d["name"].endswith(" district"):
            continue  # charter schools
        if state == "CO" and re.search("charter_school_institute|deaf_and_blind|boces", d["id"]):
            continue
        expected[(state, "school-district")] += 1
    boards = tomllib.loads((ROSTER / "district-boards.toml").read_text(encoding="utf-8"))
    electing = {t for t, b in boards["co"].items() if b.get("law")}
    expected[("CO", "special-district")] = sum(1 for d in _source("colorado_dola_local_governments_2026.csv")
                                               if d["Local Government Type:"].strip() in electing)
    for d in _source("colorado_dola_local_governments_2026.csv"):  # the local district colleges, less those it names not
        college = boards["colleges"].get(d["Local Government Type:"].strip())
        if college and d["LGID:"].strip() not in college["not_colleges"]:
            expected[("CO", college["kind"])] += 1
    utah = {" ".join(r["entity_name"].split()) for r in _source("utah_taxing_districts_2025.csv")
            if 4000 <= int(r["entity_code"]) <= 4999}
    first_match = [next((b for b in boards["ut"] if b["match"] in name), {}) for name in utah]  # the first pattern wins
    expected[("UT", "special-district")] = sum(1 for b in first_match if b.get("law"))
    colleges = ROSTER / "community-colleges-mi.csv"
    if colleges.exists():
        expected[("MI", "community-college")] = sum(1 for _ in csv.DictReader(colleges.open(encoding="utf-8")))
    expected = +expected
    found = Counter((r["state"], r["kind"]) for r in _roster_rows())
    assert found == expected
    # the figures of the closing note
    assert found[("MI", "township")] == 1240 and found[("MI", "city")] == 281 and found[("MI", "village")] == 252
    assert found[("CO", "town")] + found[("CO", "city")] + found[("CO", "city-and-county")] == 273  # DOLA 272 + Keystone
    assert found[("CO", "community-college")] == 2  # Aims Community College, Colorado Mountain College


def test_ids_are_unique_and_kept_for_the_seed_jurisdictions():
    rows = _roster_rows()
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    assert len({r["ocd_id"] for r in rows}) == len(rows)
    by_id = {r["id"]: r for r in rows}
    assert by_id["ypsilanti-mi"]["ocd_id"] == "ocd-division/country:us/state:mi/place:ypsilanti"
    assert by_id["salt-lake-city-ut"]["ocd_id"] == "ocd-division/country:us/state:ut/place:salt_lake_city"
    assert by_id["ypsilanti-charter-township-washtenaw-mi"]["kind"] == "township"


def test_central_time_counties_of_michigan():
    rows = {r["id"]: r for r in _roster_rows()}
    # Gogebic, Iron, Dickinson and Menominee counties keep Central time
    for jid in ("iron-mountain-mi", "ironwood-mi", "menominee-mi", "crystal-falls-mi", "alpha-mi",
                "breitung-charter-township-dickinson-mi"):
        assert rows[jid]["timezone"] == "America/Menominee", jid
    assert rows["ypsilanti-mi"]["timezone"] == "America/Detroit"
    assert rows["marquette-mi"]["timezone"] == "America/Detroit"  # Marquette County is Eastern


def test_ocd_ids_everywhere():
    reg = Registry()
    orem = reg.get("ocd-division/country:us/state:ut/place:orem")
    assert (orem.id, orem.kind, orem.state, orem.county) == ("orem-ut", "city", "UT", "Utah")
    res = CliRunner().invoke(main, ["compute", "ocd-division/country:us/state:ut/place:orem", "--election",
                                    "2025-11-04", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["jurisdiction"]["id"] == "orem-ut"
    assert {"declaration-filing", "withdrawal", "write-in-declaration"} <= {d["id"] for d in data["deadlines"]}
    bad = CliRunner().invoke(main, ["compute", "ocd-division/country:us/state:ut/place:nowhere"])
    assert bad.exit_code == 2 and "no government with the Open Civic Data division id" in bad.output


def test_a_government_file_is_read_over_its_row(tmp_path):
    """Its own facts win; what it leaves out comes from its row."""
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder)
    (folder / "orem-ut.toml").write_text(
        'id = "orem-ut"\n[office_hours]\nopen = "07:00"\nclose = "18:00"\ncite = "Orem City Recorder (test)"\n')
    jur = Registry(folder).get("orem-ut")
    assert (jur.name, jur.kind, jur.ocd_id) == ("City of Orem", "city", "ocd-division/country:us/state:ut/place:orem")
    assert jur.office_hours.close.hour == 18


def test_a_bad_row_stops_only_itself(tmp_path):
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder)
    path = folder / "roster" / "ut.csv"
    lines = path.read_text().splitlines()
    orem = next(i for i, line in enumerate(lines) if line.startswith("orem-ut,"))
    lines[orem] = lines[orem].replace(",municipality,", ",no-such-law,")
    path.write_text("\n".join(lines) + "\n")
    reg = Registry(folder)
    problems = [str(p) for p in reg.roster().problems]
    assert problems == [f"{path}: line {orem + 1} (orem-ut): law: no [no-such-law] in kinds-ut.toml "
                        "(known: municipality, school-district, local-district, appointed-board)"]
    assert "orem-ut" not in reg.ids() and reg.get("provo-ut").name == "City of Provo"
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1 and f"{path}: line {orem + 1} (orem-ut): law:" in res.output


def test_search_tells_the_city_from_the_charter_township():
    places = Registry().places()
    found = places.search("ypsilanti")
    assert [p.id for p in found[:2]] == ["ypsilanti-mi", "ypsilanti-charter-township-washtenaw-mi"]
    assert found[0].describe() == "city, Washtenaw County, MI"
    assert found[1].describe() == "township, Washtenaw County, MI"
    assert places.search("orem")[0].id == "orem-ut"
    assert places.search("Cañon")[0].id == "canon-city-co" and places.search("canon city")[0].id == "canon-city-co"
    assert {p.kind for p in places.search(state="MI", county="Dickinson", kind="township")} == {"township"}


def test_jurisdictions_api_filters_and_pages(client):
    first = client.get("/api/v1/jurisdictions?state=MI&kind=township&county=Dickinson&limit=3").get_json()
    # Dickinson County's townships: Breen, Breitung, Felch, Norway, Sagola, Waucedah, West Branch
    assert first["total"] == 7
    assert [i["kind"] for i in first["items"]] == ["township"] * 3
    seen = [i["id"] for i in first["items"]]
    page = first
    while page["next"]:
        page = client.get(page["next"]).get_json()
        seen += [i["id"] for i in page["items"]]
    assert len(seen) == len(set(seen)) == 7
    item = client.get("/api/v1/jurisdictions?ocd_id=ocd-division/country:us/state:ut/place:orem").get_json()["items"]
    assert [(i["id"], i["name"], i["kind"], i["state"], i["county"], i["timezone"]) for i in item] == [
        ("orem-ut", "City of Orem", "city", "UT", "Utah", "America/Denver")]
    assert item[0]["links"]["deadlines"] == "/api/v1/jurisdictions/orem-ut/deadlines"
    whole = client.get("/api/v1/jurisdictions").get_json()
    assert whole["total"] == len(Registry().ids()) - 1 and len(whole["items"]) == 100  # all but the fictional model-city
    assert client.get("/api/v1/jurisdictions?include=examples").get_json()["total"] == len(Registry().ids())
    bad = client.get("/api/v1/jurisdictions?kind=hamlet")
    assert bad.status_code == 400 and bad.get_json()["field"] == "kind"
    assert client.get("/api/v1/jurisdictions?colour=red").status_code == 400


def test_combined_feed_by_county_names_each_town(client):
    body = client.get("/calendars/combined.ics?state=MI&county=Dickinson&kind=township").get_data(as_text=True)
    summaries = re.findall(r"^SUMMARY:(.*)$", body, re.M)
    assert summaries and all(re.match(r"(Breen|Breitung Charter|Felch|Norway|Sagola|Waucedah|West Branch) Township: ", s)
                             for s in summaries), summaries[:5]
    own = client.get("/calendars/felch-township-dickinson-mi.ics").get_data(as_text=True)
    uid = re.search(r"^UID:(felch-township-dickinson-mi/.*)$", own, re.M).group(1)
    assert f"UID:{uid}" in body  # the same events, under their own UIDs
    too_many = client.get("/calendars/combined.ics?j=" + ",".join(p["id"] for p in client.get(
        "/api/v1/jurisdictions?state=MI&limit=501").get_json()["items"]))
    assert too_many.status_code == 400 and "at most 500" in too_many.get_data(as_text=True)  # a list of ids: at most 500


def test_bulk_listing_by_county_and_kind(client):
    # township offices are filled in presidential years (MCL 168.349): the 2028 cycle's deadlines
    page = client.get("/api/v1/deadlines?from=2028-01-01&to=2028-12-31&state=MI&county=Dickinson&kind=township"
                      "&limit=1000").get_json()
    assert page["total"] > 0
    assert {d["jurisdiction"]["kind"] for d in page["deadlines"]} == {"township"}
    assert {d["jurisdiction"]["county"] for d in page["deadlines"]} == {"Dickinson"}


def test_every_listed_government_computes():
    """The whole roster: every row loads and computes its next cycle (rows
    of one law share one computation, so this is quick)."""
    reg = Registry()
    found, invalid = reg.load_all()
    assert not invalid, {jid: str(exc)[:300] for jid, exc in list(invalid.items())[:3]}
    assert not reg.roster().problems
    on_roster = set(reg.roster().entries)
    kinds = Counter()
    for jur in found:
        if jur.id not in on_roster:
            continue
        result = lookup(jur, today=date(2026, 3, 1))
        if reg.roster().entries[jur.id].law == "appointed-board":  # listed to be found: no candidate files
            assert not result.deadlines and jur.caveats, jur.id
        else:
            assert result.deadlines, jur.id
        kinds[(jur.state, jur.kind)] += 1
    assert len(on_roster) == sum(kinds.values()) > 3000


def test_place_search_form_without_javascript(client):
    html = client.get("/?q=ypsilanti").get_data(as_text=True)
    links = re.findall(r'<li><a href="/\?jurisdiction=([a-z0-9-]+)">([^<]+)</a> <span class="hint">([^<]+)</span>', html)
    assert links[0] == ("ypsilanti-mi", "City of Ypsilanti, Michigan", "city, Washtenaw County, MI")
    assert links[1] == ("ypsilanti-charter-township-washtenaw-mi", "Ypsilanti Charter Township",
                        "township, Washtenaw County, MI")
    landing = client.get("/").get_data(as_text=True)
    assert len(landing) < 200_000 and landing.count("<option") < 150  # no page carries the whole roster (6,760)
    assert 'href="/?state=MI&amp;kind=township"' in landing


def test_compute_by_ocd_id_for_every_kind_of_every_state():
    """`deadlines compute OCD_ID --election DATE --json`, one government of each
    kind and zone (the rest of its kind share its law), at its next election."""
    reg = Registry()
    seen = set()
    for entry in reg.roster().entries.values():
        key = (entry.state, entry.law, entry.timezone)
        if key in seen:
            continue
        seen.add(key)
        election = lookup(reg.get(entry.id), today=date(2026, 12, 1)).held.isoformat()
        res = CliRunner().invoke(main, ["compute", entry.ocd_id, "--election", election, "--json"])
        assert res.exit_code == 0, (entry.id, res.output[-500:])
        data = json.loads(res.output)
        assert data["jurisdiction"]["id"] == entry.id and data["election"] == election
        assert data["deadlines"] or data["pending"] or entry.law == "appointed-board", entry.id
        for d in data["deadlines"]:
            assert {"id", "title", "kind", "start", "due", "citation", "steps", "readings", "warnings"} <= set(d)
    assert {s for s, _, _ in seen} == {"MI", "CO", "UT"} and len(seen) >= 11
