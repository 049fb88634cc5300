"""Where you stand (issue 26, item 5): boundary files imported by
``deadlines boundaries import``, joined to the rosters by Census GEOID or
DOLA LGID, and the governments of a point from the API and the page.

Expected answers come from the data: the Census place files and the DOLA
district file (read here with pyshp, json and shapely directly), the roster
CSVs (read with csv, tests/boundary_files.py), and small county-subdivision,
school-district and county files this test writes in the Census's own format
(pyshp Writer, the Census field names) for a Michigan township and school
district of the roster.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import shapefile
from click.testing import CliRunner
from shapely.geometry import Point, shape
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.store.db import get_db
from deadlines.store.tables import Boundary
from web import create_app

from tests.boundary_files import PLACES, ROOT, SHARED, SHIPPED, YPSILANTI, roster_rows, row
from tests.reminders_fixtures import pg_url  # noqa: F401

METRO = SHIPPED / "co-metropolitan-districts.geojson"
DENVER = (39.7392, -104.9903)
TOWNSHIP_POINT = (42.21, -83.58)  # in Ypsilanti Charter Township, outside every Michigan place of the 2019 file
TOWNSHIP_ID, SCHOOL_ID = "ypsilanti-charter-township-washtenaw-mi", "school-district-of-ypsilanti-mi"
PROBLEM = "application/problem+json"


def place_features(path: Path) -> list[tuple[dict, object]]:
    r = shapefile.Reader(str(path))
    try:
        return [(sr.record.as_dict(), shape(sr.shape.__geo_interface__)) for sr in r.iterShapeRecords()]
    finally:
        r.close()


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env)


def square(lon0: float, lat0: float, lon1: float, lat1: float) -> list[list[list[float]]]:
    """One clockwise ring (a shapefile's outer ring)."""
    return [[[lon0, lat0], [lon0, lat1], [lon1, lat1], [lon1, lat0], [lon0, lat0]]]


def census_zip(folder: Path, name: str, fields: list[tuple], records: list[tuple[dict, list]]) -> Path:
    """A TIGER/Line-style zip: .shp, .shx, .dbf and a NAD83 .prj, Census field names."""
    base = folder / name
    w = shapefile.Writer(str(base), shapeType=shapefile.POLYGON)
    for f in fields:
        w.field(*f)
    for values, rings in records:
        w.poly(rings)
        w.record(**values)
    w.close()
    (folder / f"{name}.prj").write_text('GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",'
                                        'SPHEROID["GRS_1980",6378137,298.257222101]],PRIMEM["Greenwich",0],'
                                        'UNIT["Degree",0.017453292519943295]]')
    out = folder / f"{name}.zip"
    with zipfile.ZipFile(out, "w") as z:
        for ext in ("shp", "shx", "dbf", "prj"):
            z.write(folder / f"{name}.{ext}", f"{name}.{ext}")
    return out


COUSUB_FIELDS = [("STATEFP", "C", 2), ("COUNTYFP", "C", 3), ("COUSUBFP", "C", 5), ("COUSUBNS", "C", 8),
                 ("GEOID", "C", 10), ("NAME", "C", 100), ("NAMELSAD", "C", 100), ("LSAD", "C", 2),
                 ("CLASSFP", "C", 2), ("MTFCC", "C", 5), ("FUNCSTAT", "C", 1), ("ALAND", "N", 14),
                 ("AWATER", "N", 14), ("INTPTLAT", "C", 11), ("INTPTLON", "C", 12)]
UNSD_FIELDS = [("STATEFP", "C", 2), ("UNSDLEA", "C", 5), ("GEOID", "C", 7), ("NAME", "C", 100), ("LSAD", "C", 2),
               ("LOGRADE", "C", 2), ("HIGRADE", "C", 2), ("MTFCC", "C", 5), ("SDTYP", "C", 1), ("FUNCSTAT", "C", 1),
               ("ALAND", "N", 14), ("AWATER", "N", 14), ("INTPTLAT", "C", 11), ("INTPTLON", "C", 12)]
COUNTY_FIELDS = [("STATEFP", "C", 2), ("COUNTYFP", "C", 3), ("COUNTYNS", "C", 8), ("GEOID", "C", 5),
                 ("NAME", "C", 100), ("NAMELSAD", "C", 100), ("LSAD", "C", 2), ("CLASSFP", "C", 2),
                 ("MTFCC", "C", 5), ("FUNCSTAT", "C", 1), ("ALAND", "N", 14), ("AWATER", "N", 14),
                 ("INTPTLAT", "C", 11), ("INTPTLON", "C", 12)]


def township_file(folder: Path) -> Path:
    """Michigan county subdivisions in the Census format: Ypsilanti Charter
    Township (the roster's GEOID), one the roster lacks, and the "not defined" one."""
    geoid = row("MI", TOWNSHIP_ID)["geoid"]
    common = {"STATEFP": "26", "COUNTYFP": geoid[2:5], "MTFCC": "G4040", "FUNCSTAT": "A", "ALAND": 1, "AWATER": 0,
              "INTPTLAT": "+42.21", "INTPTLON": "-083.58"}
    return census_zip(folder, "tl_2024_26_cousub", COUSUB_FIELDS, [
        ({**common, "COUSUBFP": geoid[5:], "COUSUBNS": "01626529", "GEOID": geoid, "NAME": "Ypsilanti",
          "NAMELSAD": "Ypsilanti charter township", "LSAD": "44", "CLASSFP": "T1"}, square(-83.60, 42.19, -83.56, 42.23)),
        ({**common, "COUSUBFP": "99990", "COUSUBNS": "00000000", "GEOID": "2616199990", "NAME": "Nowhere",
          "NAMELSAD": "Nowhere township", "LSAD": "43", "CLASSFP": "T1"}, square(-84.40, 42.00, -84.30, 42.05)),
        ({**common, "COUSUBFP": "00000", "COUSUBNS": "00000000", "GEOID": "2616100000", "NAME": "County subdivisions "
          "not defined", "NAMELSAD": "County subdivisions not defined", "LSAD": "00", "CLASSFP": "Z9"},
         square(-83.50, 42.00, -83.45, 42.05)),
    ])


def school_file(folder: Path) -> Path:
    geoid = row("MI", SCHOOL_ID)["geoid"]
    return census_zip(folder, "tl_2024_26_unsd", UNSD_FIELDS, [
        ({"STATEFP": "26", "UNSDLEA": geoid[2:], "GEOID": geoid, "NAME": "Ypsilanti Community Schools", "LSAD": "00",
          "LOGRADE": "KG", "HIGRADE": "12", "MTFCC": "G5420", "SDTYP": "", "FUNCSTAT": "E", "ALAND": 1, "AWATER": 0,
          "INTPTLAT": "+42.22", "INTPTLON": "-083.60"}, square(-83.66, 42.18, -83.54, 42.27)),
    ])


def county_file(folder: Path) -> Path:
    common = {"LSAD": "06", "CLASSFP": "H1", "MTFCC": "G4020", "FUNCSTAT": "A", "ALAND": 1, "AWATER": 0}
    return census_zip(folder, "tl_2024_us_county", COUNTY_FIELDS, [
        ({**common, "STATEFP": "26", "COUNTYFP": "161", "COUNTYNS": "01625035", "GEOID": "26161", "NAME": "Washtenaw",
          "NAMELSAD": "Washtenaw County", "INTPTLAT": "+42.25", "INTPTLON": "-083.84"}, square(-84.14, 42.07, -83.54, 42.44)),
        ({**common, "STATEFP": "39", "COUNTYFP": "095", "COUNTYNS": "01074060", "GEOID": "39095", "NAME": "Lucas",
          "NAMELSAD": "Lucas County", "INTPTLAT": "+41.6", "INTPTLON": "-083.6"}, square(-83.9, 41.4, -83.4, 41.8)),
    ])


def washtenaw_county_of(jid: str) -> bool:
    return "Washtenaw" in row("MI", jid)["county"].split(";")


# ---- the real files, imported once for the module


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    """A database with the three place files and the metro districts, imported
    by the command; (its URL, the command's result)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('boundaries') / 'b.sqlite3'}"
    result = run("boundaries", "import", *map(str, PLACES.values()), str(METRO), env={"DEADLINES_DATABASE_URL": url})
    return url, result


@pytest.fixture(scope="module")
def api(loaded):
    app = create_app({"TESTING": True, "DATABASE_URL": loaded[0], "TODAY": "2025-03-01",
                      "BASE_URL": "https://deadlines.example"})
    return app.test_client()


def governments(client, lat, lon, **more) -> dict[str, str]:
    resp = client.get("/api/v1/jurisdictions", query_string={"lat": lat, "lon": lon, "limit": 1000, **more})
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert body["total"] == len(body["items"]) and body["next"] is None
    return {i["id"]: i["where"] for i in body["items"]}


def report_of(result, file: Path) -> list[str]:
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{file.name}: "))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("state", ["MI", "CO", "UT"])
def test_the_import_reports_each_place_file_counted_from_the_file(loaded, state):
    _, result = loaded
    assert result.exit_code == 0, result.output
    features = place_features(PLACES[state])
    cdps = [rec for rec, _ in features if rec["LSAD"] == "57"]
    governments_ = [rec for rec, _ in features if rec["LSAD"] != "57"]
    geoids = {r["geoid"] for r in roster_rows(state) if r["geoid"] and r["kind"] not in ("school-district", "township")}
    joined = [rec for rec in governments_ if rec["GEOID"] in geoids]
    missing = [rec for rec in governments_ if rec["GEOID"] not in geoids]
    head, *rest = report_of(result, PLACES[state])
    assert "layer place" in head and "by GEOID" in head
    assert f"{len(features):,} feature(s)" in head
    assert f"{len(joined):,} joined to a government" in head
    assert f"{len(cdps):,} not a government" in head and f"{len(missing):,} not joined" in head
    assert f"  not a government: {len(cdps):,} census-designated place (not a government)" in rest
    if missing:  # the first few named by GEOID and name
        [line] = [r for r in rest if r.startswith("  not joined:")]
        assert f"{missing[0]['GEOID']} ({missing[0]['NAMELSAD']})" in line


def test_the_metro_district_file_joins_by_lgid(loaded):
    _, result = loaded
    doc = json.loads(METRO.read_text(encoding="utf-8"))
    lgids = {r["lgid"] for r in roster_rows("CO") if r["lgid"]}
    joined = [f for f in doc["features"] if f["properties"]["lgid"] in lgids]
    head, *rest = report_of(result, METRO)
    assert "layer district" in head and "by LGID" in head
    assert f"{len(doc['features']):,} feature(s)" in head and f"{len(joined):,} joined to a government" in head
    assert f"{len(doc['features']) - len(joined):,} not joined" in head


def test_a_point_in_ypsilanti_is_in_the_city(api):
    city = next(g for rec, g in place_features(PLACES["MI"]) if rec["GEOID"] == row("MI", "ypsilanti-mi")["geoid"])
    assert city.contains(Point(YPSILANTI[1], YPSILANTI[0]))  # the data says so
    found = governments(api, *YPSILANTI)
    assert found["ypsilanti-mi"] == "inside"
    assert list(found)[0] == "ypsilanti-mi"  # the inside ones first


def test_the_governments_that_may_govern_are_the_rest_of_the_county(api):
    """No county layer: the county is the City of Ypsilanti's (Washtenaw);
    "may" is every Washtenaw government of the roster with no loaded boundary
    (townships, school districts: no layer of them), and none with one."""
    with_boundary = {rec["GEOID"] for rec, _ in place_features(PLACES["MI"]) if rec["LSAD"] != "57"}
    washtenaw = [r for r in roster_rows("MI") if "Washtenaw" in r["county"].split(";")]
    expected_may = {r["id"] for r in washtenaw if r["id"] != "ypsilanti-mi"
                    and not (r["geoid"] in with_boundary and r["kind"] in ("city", "village"))}
    found = governments(api, *YPSILANTI)
    assert {j for j, w in found.items() if w == "may"} == expected_may
    assert {TOWNSHIP_ID, SCHOOL_ID} <= expected_may
    assert set(found) - expected_may == {"ypsilanti-mi"}
    assert governments(api, *YPSILANTI, kind="school-district") == {j: "may" for j in expected_may
                                                                    if row("MI", j)["kind"] == "school-district"}


def test_a_point_in_denver_is_in_the_city_and_county(api):
    assert row("CO", "denver-co")["kind"] == "city-and-county"
    found = governments(api, *DENVER)
    assert found["denver-co"] == "inside"


def test_a_point_in_a_metro_district_is_in_that_district(api):
    doc = json.loads(METRO.read_text(encoding="utf-8"))
    by_lgid = {r["lgid"]: r["id"] for r in roster_rows("CO") if r["lgid"] and r["kind"] == "special-district"}
    feature = next(f for f in doc["features"] if f["properties"]["lgid"] in by_lgid
                   and shape(f["geometry"]).area > 1e-5)
    pt = shape(feature["geometry"]).representative_point()
    found = governments(api, pt.y, pt.x)
    assert found[by_lgid[feature["properties"]["lgid"]]] == "inside"


def test_bad_points_are_problems_naming_the_field(api):
    for query, field in [({"lat": "north", "lon": "-83.6"}, "lat"), ({"lat": "42.2", "lon": "1e2"}, "lon"),
                         ({"lat": "91", "lon": "-83.6"}, "lat"), ({"lat": "42.2", "lon": "-180.5"}, "lon"),
                         ({"lat": "nan", "lon": "0"}, "lat"), ({"lat": "", "lon": "0"}, "lat"),
                         ({"lat": "42.2"}, "lon"), ({"lon": "-83.6"}, "lat"),
                         ({"lat": "42.2", "lon": "-83.6", "q": "ypsilanti"}, "q"),
                         ({"lat": "42.2", "lon": "-83.6", "ocd_id": "ocd-division/country:us/state:mi"}, "ocd_id"),
                         ({"lat": "42.2", "lon": "-83.6", "kind": "kingdom"}, "kind")]:
        resp = api.get("/api/v1/jurisdictions", query_string=query)
        assert resp.status_code == 400 and resp.mimetype == PROBLEM, query
        assert resp.get_json()["field"] == field, (query, resp.get_json())


def test_a_point_outside_every_boundary_lists_nothing(api):
    assert governments(api, 0, 0) == {}
    assert governments(api, "-33.8688", "151.2093") == {}


def test_the_point_pages_like_the_listing(api):
    everything = governments(api, *YPSILANTI)
    first = api.get("/api/v1/jurisdictions", query_string={"lat": YPSILANTI[0], "lon": YPSILANTI[1], "limit": 5})
    body = first.get_json()
    assert [i["id"] for i in body["items"]] == list(everything)[:5] and body["total"] == len(everything)
    second = api.get(body["next"]).get_json()
    assert [i["id"] for i in second["items"]] == list(everything)[5:10]
    item = body["items"][0]
    assert {"id", "ocd_id", "name", "kind", "state", "county", "timezone", "links", "where"} <= set(item)


def test_the_page_lists_the_governments_of_near_without_javascript(api):
    resp = api.get("/?near=42.2411,-83.6130")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert '<a href="/?jurisdiction=ypsilanti-mi">City of Ypsilanti, Michigan</a>' in html
    may = html.split(f'<a href="/?jurisdiction={TOWNSHIP_ID}">', 1)[1].split("</li>", 1)[0]
    assert "may govern this place: its boundary is not loaded" in may
    ypsi = html.split('<a href="/?jurisdiction=ypsilanti-mi">', 1)[1].split("</li>", 1)[0]
    assert "may govern" not in ypsi
    assert 'id="locate" hidden' in html and "Use my location" in html  # shown by JavaScript only
    for name in ("q", "jurisdiction", "election"):
        assert f'name="{name}"' in html


def test_the_page_says_it_in_spanish(api):
    html = api.get("/?near=42.2411,-83.6130&lang=es").get_data(as_text=True)
    assert '<a href="/?jurisdiction=ypsilanti-mi&amp;lang=es">' in html
    assert "puede gobernar este lugar: su límite no está cargado" in html
    assert "Usar mi ubicación" in html and "permiso denegado" in html
    assert "may govern this place" not in html


def test_a_bad_near_is_answered_beside_it(api):
    resp = api.get("/?near=42.2411")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert 'href="#near"' in html and "You entered “42.2411”" in html
    assert api.get("/?near=91,0").status_code == 400
    assert "Usted escribió" in api.get("/?near=x,y&lang=es").get_data(as_text=True)


def test_openapi_documents_lat_and_lon(api):
    params = {p["name"]: p for p in api.get("/api/v1/openapi.json").get_json()["paths"]["/api/v1/jurisdictions"]
              ["get"]["parameters"]}
    assert {"lat", "lon"} <= set(params) and "inside" in params["lat"]["description"]


# ---- layers the test makes in the Census format


def _fresh(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'fresh.sqlite3'}"


def test_a_township_and_a_school_district_layer_join_the_roster(tmp_path):
    url = _fresh(tmp_path)
    cousub, unsd = township_file(tmp_path), school_file(tmp_path)
    result = run("boundaries", "import", str(PLACES["MI"]), str(cousub), str(unsd), env={"DEADLINES_DATABASE_URL": url})
    assert result.exit_code == 0, result.output
    head, *rest = report_of(result, cousub)
    assert "layer cousub" in head and "3 feature(s) in Michigan: 1 joined to a government" in head
    assert "1 not a government, 1 not joined" in head
    assert "  not a government: 1 county subdivision not defined" in rest
    assert any(line.startswith("  not joined: 1,") and "2616199990 (Nowhere township)" in line for line in rest)
    head, *_ = report_of(result, unsd)
    assert "layer unsd" in head and "1 feature(s) in Michigan: 1 joined to a government" in head
    client = create_app({"TESTING": True, "DATABASE_URL": url, "TODAY": "2025-03-01"}).test_client()
    found = governments(client, *TOWNSHIP_POINT)
    assert found[TOWNSHIP_ID] == "inside" and found[SCHOOL_ID] == "inside"
    assert list(found)[:2] == [TOWNSHIP_ID, SCHOOL_ID]  # a township before a school district, then the "may"
    assert all(w == "may" for j, w in found.items() if j not in (TOWNSHIP_ID, SCHOOL_ID))
    at_city = governments(client, *YPSILANTI)
    assert at_city["ypsilanti-mi"] == at_city[SCHOOL_ID] == "inside" and TOWNSHIP_ID not in at_city


def test_a_county_layer_gives_the_county_of_a_point_no_government_holds(tmp_path):
    url = _fresh(tmp_path)
    counties = county_file(tmp_path)
    result = run("boundaries", "import", str(counties), env={"DEADLINES_DATABASE_URL": url})
    assert result.exit_code == 0, result.output
    head, *rest = report_of(result, counties)
    assert "layer county" in head and "2 feature(s) in Michigan: 1 joined to a county" in head
    assert "  not a government: 1 outside Michigan, Colorado and Utah" in rest
    client = create_app({"TESTING": True, "DATABASE_URL": url, "TODAY": "2025-03-01"}).test_client()
    found = governments(client, *TOWNSHIP_POINT)
    washtenaw = {r["id"] for r in roster_rows("MI") if "Washtenaw" in r["county"].split(";")}
    assert found == {jid: "may" for jid in washtenaw}  # no government's boundary is loaded: all of them may
    assert governments(client, 41.6, -83.6) == {}  # Ohio


def test_importing_a_file_again_replaces_its_rows(tmp_path):
    url = _fresh(tmp_path)
    cousub = township_file(tmp_path)
    env = {"DEADLINES_DATABASE_URL": url}
    assert run("boundaries", "import", str(cousub), env=env).exit_code == 0
    assert run("boundaries", "import", str(cousub), env=env).exit_code == 0
    with Session(get_db(url)) as s:
        assert s.scalar(select(func.count()).select_from(Boundary).where(Boundary.source == cousub.name)) == 2
        stored = s.scalars(select(Boundary).where(Boundary.jurisdiction_id == TOWNSHIP_ID)).one()
        assert (stored.layer, stored.key_type, stored.key) == ("cousub", "geoid", row("MI", TOWNSHIP_ID)["geoid"])
        assert (stored.min_lon, stored.min_lat, stored.max_lon, stored.max_lat) == (-83.60, 42.19, -83.56, 42.23)
    listed = run("boundaries", "list", env=env)
    assert listed.stdout.count(cousub.name) == 1 and "3 feature(s)\t1 joined" in listed.stdout


def test_a_file_that_cannot_be_read_is_one_line_and_exit_2(tmp_path):
    url = _fresh(tmp_path)
    env = {"DEADLINES_DATABASE_URL": url}
    not_zip = tmp_path / "tl_2024_26_unsd.zip"
    not_zip.write_text("not a zip")
    empty_zip = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty_zip, "w") as z:
        z.writestr("readme.txt", "no shapefile here")
    bad_json = tmp_path / "districts.geojson"
    bad_json.write_text("{")
    for bad in (not_zip, empty_zip, bad_json, tmp_path / "missing.zip", ROOT / "README.md"):
        result = run("boundaries", "import", str(bad), env=env)
        assert result.exit_code == 2, result.output
        [line] = result.stderr.strip().splitlines()
        assert line.startswith(f"error: {bad}") and "Traceback" not in result.output
    (tmp_path / "made").mkdir()
    result = run("boundaries", "import", str(township_file(tmp_path / "made")), str(not_zip), env=env)
    assert result.exit_code == 2 and result.stdout == ""  # nothing imported: every file is opened first


def test_the_index_is_built_once_per_change(tmp_path):
    url = _fresh(tmp_path)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "TODAY": "2025-03-01"})
    where = app.extensions["where"]
    where.revision_ttl = 0
    empty = where.index()
    assert empty.tree is None and where.index() is empty
    assert run("boundaries", "import", str(school_file(tmp_path)), env={"DEADLINES_DATABASE_URL": url}).exit_code == 0
    built = where.index()
    assert built is not empty and built.tree is not None and where.index() is built
    assert where.at(*TOWNSHIP_POINT).inside == (SCHOOL_ID,)


def test_a_roster_row_added_after_the_import_joins_then(tmp_path, monkeypatch):
    """A feature stored without a government (no row had its LGID) joins once a row has it."""
    from deadlines.geo.where import Where

    url = _fresh(tmp_path)
    lgid = "99999"
    doc = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {
        "lgid": lgid, "abbrev_nam": "Future Metropolitan District"},
        "geometry": {"type": "Polygon", "coordinates": square(-104.99, 39.73, -104.98, 39.74)}}]}
    (tmp_path / "future.geojson").write_text(json.dumps(doc))
    result = run("boundaries", "import", str(tmp_path / "future.geojson"), env={"DEADLINES_DATABASE_URL": url})
    assert "0 joined to a government" in result.stdout and f"{lgid} (Future Metropolitan District)" in result.stdout
    app = create_app({"TESTING": True, "DATABASE_URL": url, "TODAY": "2025-03-01"})
    reg = app.extensions["registry"]
    assert Where(get_db(url), reg).at(39.735, -104.985).inside == ()
    from deadlines.geo import join

    later = SimpleNamespace(id="denver-co", kind="special-district", geoid="", lgid=lgid)  # a row listed later
    monkeypatch.setattr("deadlines.geo.where.joiner", lambda entries: join.joiner([*entries, later]))
    assert Where(get_db(url), reg).at(39.735, -104.985).inside == ("denver-co",)


@pytest.mark.postgres
def test_on_postgresql(pg_url, tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from deadlines.store.tables import Base

    result = run("boundaries", "import", str(PLACES["MI"]), str(township_file(tmp_path)), str(school_file(tmp_path)),
                 env={"DEADLINES_DATABASE_URL": pg_url})
    assert result.exit_code == 0, result.output
    with get_db(pg_url).connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    client = create_app({"TESTING": True, "DATABASE_URL": pg_url, "TODAY": "2025-03-01"}).test_client()
    assert governments(client, *YPSILANTI)["ypsilanti-mi"] == "inside"
    found = governments(client, *TOWNSHIP_POINT)
    assert found[TOWNSHIP_ID] == found[SCHOOL_ID] == "inside"


def test_the_schema_is_the_tables_on_sqlite(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from deadlines.store.tables import Base

    with get_db(_fresh(tmp_path)).connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


# ---- the files shipped, and the first start


def test_the_committed_copies_are_the_shared_files():
    committed = sorted(p.name for p in (ROOT / "boundaries").iterdir() if p.suffix in (".zip", ".geojson"))
    assert committed == sorted([*(p.name for p in PLACES.values()), METRO.name])
    if SHARED.is_dir():
        for name in committed:
            assert (ROOT / "boundaries" / name).read_bytes() == (SHARED / name).read_bytes(), name
    assert "CC BY-SA 4.0" in (ROOT / "boundaries" / "README.md").read_text(encoding="utf-8")


def test_the_default_source(monkeypatch, tmp_path):
    from deadlines.geo import load

    monkeypatch.setenv("DEADLINES_BOUNDARY_SOURCE", str(tmp_path))
    assert load.default_source() == tmp_path
    monkeypatch.delenv("DEADLINES_BOUNDARY_SOURCE")
    assert load.default_source() == (SHARED if SHARED.is_dir() else ROOT / "boundaries")
    monkeypatch.setattr(load, "SHARED", tmp_path / "not-there")
    assert load.default_source() == ROOT / "boundaries"
    assert [p.name for p in load.files_in(ROOT / "boundaries")] == sorted(
        [*(p.name for p in PLACES.values()), METRO.name])


def test_the_defaults_are_imported_only_where_none_is_loaded(monkeypatch, tmp_path):
    from deadlines.core.registry import Registry
    from deadlines.geo.load import import_defaults_once

    folder = tmp_path / "source"
    folder.mkdir()
    shutil.copy(PLACES["MI"], folder)
    monkeypatch.setenv("DEADLINES_BOUNDARY_SOURCE", str(folder))
    db = get_db(_fresh(tmp_path))
    said: list[str] = []
    entries = Registry().roster().entries.values()
    assert import_defaults_once(db, entries, echo=said.append, background=False) is None
    assert said[0].startswith(f"Boundaries: none loaded; importing the 1 file(s) of {folder}")
    assert any(line.startswith("tl_2019_26_place.zip: layer place") for line in said)
    said.clear()
    import_defaults_once(db, entries, echo=said.append, background=False)
    assert said == []  # loaded already: nothing done


def test_serve_imports_the_shipped_files_at_first_start(tmp_path):
    folder = tmp_path / "source"
    folder.mkdir()
    shutil.copy(PLACES["MI"], folder)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "DEADLINES_INSTANCE": str(tmp_path), "DEADLINES_BOUNDARY_SOURCE": str(folder)}
    env.pop("DEADLINES_DATABASE_URL", None)
    proc = subprocess.Popen([str(Path(sys.executable).with_name("deadlines")), "serve", "--port", str(port),
                             "--no-scheduler"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}/api/v1/jurisdictions?lat={YPSILANTI[0]}&lon={YPSILANTI[1]}"
        until = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as resp:
                    if any(i["id"] == "ypsilanti-mi" for i in json.load(resp)["items"]):
                        break
            except OSError:
                pass
            assert time.monotonic() < until, "the boundaries were not imported"
            time.sleep(0.2)
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    text = out.decode()
    assert f"Boundaries: none loaded; importing the 1 file(s) of {folder} (tl_2019_26_place.zip)" in text
    assert "tl_2019_26_place.zip: layer place" in text
