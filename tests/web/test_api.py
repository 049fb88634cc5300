"""The JSON API: the CLI's JSON, the jurisdiction's law, RFC 9457 errors, and
an OpenAPI document that schemathesis holds the server to (no input gives 5xx)."""
from __future__ import annotations

import json

import pytest
import schemathesis
from click.testing import CliRunner

from deadlines.cli import main
from web import create_app

from conftest import TODAY
from tests.openapi_fuzz import fuzz
from tests.reminders_fixtures import fresh_pg_database


def test_jurisdictions(client):
    body = client.get("/api/v1/jurisdictions?q=ypsilanti").get_json()
    assert [j["id"] for j in body["items"]][:2] == ["ypsilanti-mi", "ypsilanti-charter-township-washtenaw-mi"]
    assert body["items"][0]["links"]["calendar"] == "/calendars/ypsilanti-mi.ics"
    assert body["next"] is None and body["total"] == len(body["items"])
    for jid in ("colorado-local", "model-city", "salt-lake-city-ut", "ypsilanti-mi"):
        # the fictional model-city is listed only when examples are asked for (test_public_finish.py)
        query = {"q": jid.replace("-", " "), **({"include": "examples"} if jid == "model-city" else {})}
        found = client.get("/api/v1/jurisdictions", query_string=query).get_json()["items"]
        assert jid in [i["id"] for i in found], jid


def test_jurisdiction_law(client):
    body = client.get("/api/v1/jurisdictions/salt-lake-city-ut").get_json()
    assert body["timezone"] == "America/Denver"
    assert (body["ocd_id"], body["kind"], body["state"], body["county"]) == (
        "ocd-division/country:us/state:ut/place:salt_lake_city", "city", "UT", "Salt Lake")
    assert {r["id"] for r in body["rules"]} >= {"declaration-filing", "withdrawal", "objection-cure"}
    assert body["elections"][0]["next"] == "2025-11-04"
    assert {"date": "2025-07-24", "name": "Pioneer Day"} in body["holidays"]["closed"]
    assert {t["name"] for t in body["triggers"]} == {"objection-filed", "objection-sustained"}
    assert body["holidays"]["covers_from"] == 2000 and body["holidays"]["office_closures"] == []


def test_jurisdiction_office_closures_apart_from_legal_holidays(client):
    holidays = client.get("/api/v1/jurisdictions/ypsilanti-mi").get_json()["holidays"]
    assert holidays["cite"] == "MCL 435.101 (public holidays); MCL 435.102"
    christmas_eve = [c for c in holidays["office_closures"] if c["name"] == "Christmas Eve"]
    assert christmas_eve and christmas_eve[0]["cite"].startswith("State of Michigan office closure")
    assert not any(h["name"] == "Christmas Eve" for h in holidays["closed"])
    assert any(h["name"] == "Lincoln's Birthday" for h in holidays["closed"])


@pytest.mark.parametrize("args", [
    ["ypsilanti-mi", "--election", "2026-11-03"],
    ["salt-lake-city-ut"],
    ["model-city", "--event", "ordinance-adopted=2025-04-14"],
])
def test_deadlines_are_the_cli_json(client, args):
    cli = CliRunner().invoke(main, ["compute", *args, "--json", "--today", TODAY])
    assert cli.exit_code == 0, cli.output
    query = {}
    if "--election" in args:
        query["election"] = args[args.index("--election") + 1]
    if "--event" in args:
        name, _, value = args[args.index("--event") + 1].partition("=")
        query[name] = value
    resp = client.get(f"/api/v1/jurisdictions/{args[0]}/deadlines", query_string=query)
    assert resp.status_code == 200
    assert resp.get_json() == json.loads(cli.output)


def test_worked_example(client):
    body = client.get("/api/v1/jurisdictions/colorado-local/deadlines?election=2025-11-04").get_json()
    due = {d["id"]: d["due"] for d in body["deadlines"]}
    assert due["petition-filing"] == "2025-08-29T17:00:00-06:00"  # 67th day prior, office closes 5:00 p.m.


@pytest.mark.parametrize("url, status, field", [
    ("/api/v1/jurisdictions/atlantis", 404, "jurisdiction"),
    ("/api/v1/jurisdictions/atlantis/deadlines", 404, "jurisdiction"),
    ("/api/v1/jurisdictions/ypsilanti-mi/deadlines?election=2026-02-30", 400, "election"),
    ("/api/v1/jurisdictions/ypsilanti-mi/deadlines?election=3026-11-03", 400, "election"),
    ("/api/v1/jurisdictions/colorado-local/deadlines?primary=2026-08-04", 400, "primary"),
    ("/api/v1/jurisdictions/model-city/deadlines?ordinance-adopted=soon", 400, "ordinance-adopted"),
    ("/api/v1/jurisdictions/salt-lake-city-ut/deadlines?objection-filed=2025-06-16", 400, "objection-filed"),
    ("/api/v1/jurisdictions/ypsilanti-mi/deadlines?ordinance-adopted=2025-06-16", 400, "ordinance-adopted"),
])
def test_errors_are_problems(client, url, status, field):
    resp = client.get(url)
    assert resp.status_code == status
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["status"] == status and body["field"] == field and body["detail"]


def test_unknown_route_is_a_problem(client):
    resp = client.get("/api/v1/nothing")
    assert resp.status_code == 404 and resp.mimetype == "application/problem+json"


def test_openapi_lists_the_trigger_parameters(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    params = {p["name"] for p in doc["paths"]["/api/v1/jurisdictions/{jid}/deadlines"]["get"]["parameters"]}
    assert params == {"jid", "election", "primary", "ordinance-adopted", "objection-filed", "objection-sustained",
                      "lang"}


@pytest.mark.parametrize("store", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_server_matches_openapi(store, tmp_path):
    """On SQLite and on PostgreSQL (text one store keeps can break the other:
    NUL bytes, 32-bit ids)."""
    # Every check but positive_data_acceptance: a well-formed input can still be wrong for the
    # jurisdiction asked (a primary where none is held) and is then rightly a documented 400.
    # The clerk's operations are in the document too and are called here without a token (401, or
    # 404 for an unknown jurisdiction); test_openapi_clerk.py calls them with one.
    databases = fresh_pg_database() if store == "postgres" else iter([f"sqlite:///{tmp_path}/api.sqlite3"])
    url = next(databases)
    try:
        schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", create_app({"TODAY": TODAY, "DATABASE_URL": url}))
        excluded = [schemathesis.checks.positive_data_acceptance]
        assert fuzz(schema, 30, lambda case: case.call_and_validate(excluded_checks=excluded)) >= 4
    finally:
        next(databases, None)
