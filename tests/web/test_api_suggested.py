"""The JSON search suggests as the page does: ``q=denvr`` finds nothing and
answers, in ``suggested``, the governments whose names are nearest (the City
and County of Denver first), with the filters asked; every answer fits the
OpenAPI schema of ``listJurisdictions``, whose ``Places`` is closed."""
from __future__ import annotations

import re
from html import unescape

from tests.openapi_walk import Walk


def ids(items: list[dict]) -> list[str]:
    return [p["id"] for p in items]


def test_a_misspelt_name_answers_the_nearest_names(client):
    answer = client.get("/api/v1/jurisdictions?q=denvr").get_json()
    assert answer["items"] == [] and answer["total"] == 0 and answer["next"] is None
    assert ids(answer["suggested"])[0] == "denver-co"
    assert len(answer["suggested"]) <= 3 and len(set(ids(answer["suggested"]))) == len(answer["suggested"])
    # the page offers the same first name
    page = unescape(client.get("/?q=denvr").get_data(as_text=True))
    assert re.search(r'href="/\?jurisdiction=denver-co"', page)


def test_the_suggestions_keep_the_filters(client):
    answer = client.get("/api/v1/jurisdictions?q=denvr&state=MI").get_json()
    assert answer["suggested"] and all(p["state"] == "MI" for p in answer["suggested"])
    assert "denver-co" not in ids(answer["suggested"])


def test_nothing_is_suggested_where_something_matched_or_nothing_is_near(client):
    assert client.get("/api/v1/jurisdictions?q=denver").get_json()["suggested"] == []
    assert client.get("/api/v1/jurisdictions?q=zzzqqqxx").get_json()["suggested"] == []


def test_the_answer_fits_the_schema(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schema = doc["paths"]["/api/v1/jurisdictions"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    walk = Walk(doc)
    for q in ("denvr", "denver", "denvr&state=MI"):
        assert walk.drift(client.get(f"/api/v1/jurisdictions?q={q}").get_json(), schema) == [], q
    places = doc["components"]["schemas"]["Places"]
    assert "suggested" in places["properties"] and places.get("additionalProperties") is False
