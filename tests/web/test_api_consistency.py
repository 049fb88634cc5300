"""The same rules on every list (issue 27, part 5): a state the service does
not know is a 400 naming ``state`` on the place search, the bulk listing and
the across page, as a bad ``kind`` is; an unknown jurisdiction id answers
404 with the nearest ids (``suggestions``), and no public page tells people
to run a command; and ``/api/v1/deadlines`` answers the envelope
``/api/v1/jurisdictions`` does (``items``, ``next``, ``total``), its old keys
(``deadlines``, ``cursor``) kept one release and documented as deprecated."""
from __future__ import annotations

import re
from html import unescape

import pytest

RANGE = {"from": "2026-04-01", "to": "2026-04-30"}


@pytest.mark.parametrize("url", [
    "/api/v1/jurisdictions?state=XX", "/api/v1/jurisdictions?state=xx&q=orem", "/api/v1/jurisdictions?state=Michigan",
    "/api/v1/deadlines?from=2026-04-01&to=2026-04-30&state=XX", "/api/v1/deadlines?from=2026-04-01&to=2026-04-30&state=NY",
])
def test_an_unknown_state_is_a_400_naming_state(client, url):
    resp = client.get(url)
    assert resp.status_code == 400 and resp.mimetype == "application/problem+json", resp.data[:200]
    body = resp.get_json()
    assert body["field"] == "state"
    assert "CO" in body["detail"] and "MI" in body["detail"] and "UT" in body["detail"]


def test_a_known_state_is_read_in_either_case(client):
    upper = client.get("/api/v1/jurisdictions?state=UT&limit=1").get_json()
    lower = client.get("/api/v1/jurisdictions?state=ut&limit=1").get_json()
    assert upper["total"] == lower["total"] > 400
    assert client.get("/api/v1/deadlines", query_string={**RANGE, "state": "mi", "limit": 1}).status_code == 200


def test_the_across_page_says_an_unknown_state_beside_its_field(client):
    resp = client.get("/deadlines?state=XX")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    error = re.search(r'<p class="error" id="f-state-error">(.*?)</p>', html).group(1)
    assert "XX" in error and "Michigan" in error
    spanish = client.get("/deadlines?state=XX&lang=es")
    error = re.search(r'<p class="error" id="f-state-error">(.*?)</p>', spanish.get_data(as_text=True)).group(1)
    assert spanish.status_code == 400 and "XX" in error and "estado" in error.lower() and "Michigan" in error


@pytest.mark.parametrize("url", ["/api/v1/jurisdictions/ypsilantti-mi", "/api/v1/jurisdictions/ypsilantti-mi/deadlines",
                                 "/api/v1/jurisdictions/orem-ur/deadlines?election=2027-11-02"])
def test_an_unknown_id_answers_the_nearest_ids(client, url):
    resp = client.get(url)
    body = resp.get_json()
    assert resp.status_code == 404 and body["field"] == "jurisdiction"
    typed = url.split("/")[4].split("?")[0]
    expected = {"ypsilantti-mi": "ypsilanti-mi", "orem-ur": "orem-ut"}[typed]
    assert body["suggestions"][0] == expected
    assert f"did you mean {expected}" in body["detail"]
    assert "deadlines list" not in body["detail"] and "`" not in body["detail"]


def test_an_id_near_nothing_answers_how_to_find_one(client):
    body = client.get("/api/v1/jurisdictions/atlantis/deadlines").get_json()
    assert body["suggestions"] == []
    assert "deadlines list" not in body["detail"] and "/api/v1/jurisdictions?q=" in body["detail"]


def test_the_clerk_and_report_apis_answer_the_nearest_ids_too(client):
    clerk = client.get("/api/v1/jurisdictions/ypsilantti-mi/events", headers={"Authorization": "Bearer x"})
    assert clerk.status_code == 404 and clerk.get_json()["suggestions"] == ["ypsilanti-mi"]
    report = client.post("/api/v1/jurisdictions/ypsilantti-mi/reports", json={})
    assert report.status_code == 404 and report.get_json()["suggestions"] == ["ypsilanti-mi"]


def test_the_command_line_keeps_its_own_hint():
    from deadlines.core.registry import Registry

    reg = Registry()
    assert reg.nearest("ypsilantti-mi") == ["ypsilanti-mi"] and reg.nearest("atlantis") == []
    assert "`deadlines list NAME`" in str(reg.unknown("atlantis"))


@pytest.mark.parametrize("url", ["/?jurisdiction=ypsilantti-mi", "/jurisdictions/ypsilantti-mi", "/embed/ypsilantti-mi"])
def test_no_public_page_tells_people_to_run_a_command(client, url):
    resp = client.get(url)
    html = resp.get_data(as_text=True)
    assert resp.status_code in (400, 404)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    assert "deadlines list" not in text and "GET /api" not in text and "`" not in text
    assert re.search(r'<a href="[^"]*jurisdiction(?:s/|=)ypsilanti-mi[^"]*"[^>]*>City of Ypsilanti, Michigan</a>', html), url


def test_the_bulk_listing_answers_the_one_envelope(client):
    first = client.get("/api/v1/deadlines", query_string={**RANGE, "state": "MI", "limit": 5}).get_json()
    assert len(first["items"]) == 5 and first["total"] > 5 and first["next"]
    assert first["deadlines"] == first["items"] and first["cursor"]  # the old keys, one release more
    seen, page = [(i["jurisdiction"]["id"], i["deadline"]["id"], i["edge"]) for i in first["items"]], first
    for _ in range(2):
        page = client.get(page["next"]).get_json()
        seen += [(i["jurisdiction"]["id"], i["deadline"]["id"], i["edge"]) for i in page["items"]]
    assert len(seen) == len(set(seen)) == 15
    last = client.get("/api/v1/deadlines", query_string={"from": "2026-04-21", "to": "2026-04-21", "state": "UT"})
    assert last.get_json()["next"] is None and last.get_json()["items"] == []


def test_the_old_keys_are_documented_as_deprecated(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    listing = doc["components"]["schemas"]["Listing"]
    assert {"items", "next", "total"} <= set(listing["required"])
    assert listing["properties"]["deadlines"].get("deprecated") is True
    assert listing["properties"]["cursor"].get("deprecated") is True
    assert not listing["properties"]["items"].get("deprecated")
    assert "deprecated" in listing["properties"]["deadlines"]["description"].lower()
    params = {p["name"]: p for p in doc["paths"]["/api/v1/jurisdictions"]["get"]["parameters"]}
    assert "400" in params["state"]["description"] or "unknown" in params["state"]["description"]


def test_the_combined_feed_names_an_unknown_state_too(client):
    resp = client.get("/calendars/combined.ics?state=XX&kind=township")
    assert resp.status_code == 400 and resp.get_json()["field"] == "state"
    assert client.get("/calendars/combined.ics?state=mi&county=Dickinson&kind=township").status_code == 200


def test_the_across_pages_json_link_answers_in_any_language(client):
    html = client.get("/deadlines?lang=es&state=CO&from=2027-01-01&to=2027-01-31").get_data(as_text=True)
    link = unescape(re.search(r'href="([^"]+)" id="listing-json"', html).group(1))
    assert "lang=" not in link and client.get(link).status_code == 200


def test_the_subscription_form_says_an_unknown_id_in_plain_words(client):
    page = client.get("/subscribe").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    resp = client.post("/subscribe", data={"csrf_token": token, "jurisdiction": "ypsilantti-mi",
                                           "email": "voter@example.org"})
    text = unescape(re.sub(r"<[^>]+>", " ", resp.get_data(as_text=True)))
    assert resp.status_code == 422 and "There is no government with the id “ypsilantti-mi” here." in text
    assert "deadlines list" not in text and "`" not in text


@pytest.mark.parametrize("url", ["/calendars/combined.ics?j=salt-lake-city-ut,ypsilantti-mi",
                                 "/calendars/ypsilantti-mi/2026-11-03.csv"])
def test_the_feeds_and_cycle_files_answer_the_nearest_ids_too(client, url):
    resp = client.get(url)
    body = resp.get_json()
    assert resp.status_code == 404 and body["suggestions"] == ["ypsilanti-mi"]
    assert "deadlines list" not in body["detail"]
