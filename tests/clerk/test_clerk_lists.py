"""Every list of the clerk API answers the envelope of the public lists
(issue 27 item 5): ``items``, ``total`` and ``next`` (the next page's link,
null on the last), a page of ``limit`` at a time; a bad ``limit`` or
``cursor``, or another query key, is a 400 naming it."""
from __future__ import annotations

import pytest

from tests.desk_helpers import bearer, seed_events

API = "/api/v1/jurisdictions/model-city"
LISTS = ("events", "history", "elections", "overrides", "decisions", "closures", "subscriptions")


@pytest.fixture
def app(desk_app):
    return desk_app


@pytest.mark.parametrize("name", LISTS)
def test_every_clerk_list_is_the_envelope(app, name):
    body = app.test_client().get(f"{API}/{name}", headers=bearer(app)).get_json()
    assert set(body) == {"items", "total", "next"}
    assert body["items"] == [] and body["total"] == 0 and body["next"] is None


def test_a_long_list_pages_to_its_end_and_the_pages_hold_every_item_once(app):
    seed_events(app, 5)
    client, auth = app.test_client(), bearer(app)
    everything = client.get(f"{API}/events", headers=auth).get_json()
    assert everything["total"] == 5 and len(everything["items"]) == 5 and everything["next"] is None
    seen, url, pages = [], f"{API}/events?limit=2", 0
    while url:
        page = client.get(url, headers=auth).get_json()
        assert page["total"] == 5 and len(page["items"]) <= 2
        seen += [e["id"] for e in page["items"]]
        url, pages = page["next"], pages + 1
    assert pages == 3  # 2 + 2 + 1
    assert seen == [e["id"] for e in everything["items"]]


@pytest.mark.parametrize("query, field", [("limit=0", "limit"), ("limit=1001", "limit"), ("cursor=zz", "cursor"),
                                          ("page=2", "page")])
def test_a_bad_page_is_a_400_naming_the_field(app, query, field):
    r = app.test_client().get(f"{API}/closures?{query}", headers=bearer(app))
    assert r.status_code == 400 and r.get_json()["field"] == field
