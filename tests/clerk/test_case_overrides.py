"""A court order reaches a deadline that exists only in cases (issue 17,
item 1): refused 409 with the cases listed while the cycle has two, bound to
the one case where there is one (and stays with it), and told to subscribers.

Worked example (City code § 100.03, "within 30 days after" adoption: the day
of adoption excluded, the last day included): an ordinance adopted Monday
May 3, 2027 gives Wednesday June 2, 2027; one adopted Thursday June 10, 2027
gives Saturday July 10, 2027 (model-city names no state: no roll)."""
from __future__ import annotations

from datetime import date

import pytest

from tests.desk_helpers import bearer

API = "/api/v1/jurisdictions/model-city"
RULE = "referendum-petition-filing"
ORDER = {"due": "2027-07-20T17:00", "authority": "Roe v. Model City, No. 27-114 (Cir. Ct. July 1, 2027)",
         "reason": "the clerk's office was closed by a flood"}


@pytest.fixture
def auth(desk_app):
    return bearer(desk_app, "model-city", "City Clerk")


def _record(client, auth, at, label):
    r = client.post(f"{API}/events", headers=auth, json={"name": "ordinance-adopted", "at": at, "label": label})
    assert r.status_code == 201, r.json
    return r.json


def _rows(client):
    return {d["uid"]: d for d in client.get(f"{API}/deadlines?election=2027-11-02").json["deadlines"] if d["id"] == RULE}


def test_two_cases_and_no_case_is_409_listing_them_and_a_named_case_moves_only_its_deadline(desk_app, auth):
    client = desk_app.test_client()
    first = _record(client, auth, "2027-05-03", "Ordinance 2027-4")
    second = _record(client, auth, "2027-06-10", "Ordinance 2027-9")
    r = client.put(f"{API}/overrides/2027-11-02/{RULE}", headers=auth, json=ORDER)
    assert r.status_code == 409 and r.mimetype == "application/problem+json"
    assert r.json["field"] == "case"
    assert r.json["cases"] == [{"id": first["case"], "label": "Ordinance 2027-4"},
                               {"id": second["case"], "label": "Ordinance 2027-9"}]
    assert client.get(f"{API}/overrides", headers=auth).json["items"] == []  # nothing stored
    r = client.put(f"{API}/overrides/2027-11-02/{RULE}", headers=auth, json={**ORDER, "case": second["case"]})
    assert r.status_code == 200 and r.json["case"] == second["case"]
    rows = _rows(client)
    one, two = rows[f"model-city/{first['case']}/{RULE}"], rows[f"model-city/{second['case']}/{RULE}"]
    assert (one["due"], one["status"]) == ("2027-06-02", "scheduled")
    assert (two["due"], two["status"]) == ("2027-07-20T17:00:00-05:00", "overridden")
    assert two["override"]["computed_due"] == "2027-07-10"
    assert two["title"] == "Referendum petition filing deadline (Ordinance 2027-9)"
    assert "5:00 p.m." in two["ends"]
    # a case of another cycle, or a made-up one, is refused on `case`
    bad = client.put(f"{API}/overrides/2027-11-02/{RULE}", headers=auth, json={**ORDER, "case": "case-999"})
    assert bad.status_code == 422 and bad.json["field"] == "case"


def test_a_single_case_binds_the_order_and_a_later_ordinance_does_not_inherit_it(desk_app, auth):
    client = desk_app.test_client()
    only = _record(client, auth, "2027-05-03", "Ordinance 2027-4")
    r = client.put(f"{API}/overrides/2027-11-02/{RULE}", headers=auth, json=ORDER)
    assert r.status_code == 200 and r.json["case"] == only["case"]
    later = _record(client, auth, "2027-06-10", "Ordinance 2027-9")
    rows = _rows(client)
    assert rows[f"model-city/{only['case']}/{RULE}"]["due"] == "2027-07-20T17:00:00-05:00"
    assert rows[f"model-city/{later['case']}/{RULE}"]["due"] == "2027-07-10"  # its own count, not the order
    assert rows[f"model-city/{later['case']}/{RULE}"]["override"] is None


def test_a_case_for_a_cycles_own_deadline_and_an_unknown_event_name_are_refused_on_their_fields(desk_app):
    client = desk_app.test_client()
    auth = bearer(desk_app, "ypsilanti-mi", "Clerk")
    r = client.put("/api/v1/jurisdictions/ypsilanti-mi/overrides/2026-11-03/petition-filing", headers=auth,
                   json={**ORDER, "due": "2026-05-08T17:00", "case": "case-1"})
    assert r.status_code == 422 and r.json["field"] == "case"
    r = client.post("/api/v1/jurisdictions/ypsilanti-mi/events", headers=auth, json={"name": "ordinance-adoptd", "at": "2026-05-04"})
    assert r.status_code == 422 and r.json["field"] == "name"
