"""Nothing unfinished in public (issue 27, part 8): an unknown page answers
404 in the site's own style (its layout, a ``<main>``, a search box, in the
reader's language) while /api and /calendars keep their problem documents;
a favicon on every page; and the fictional test calendar (``model-city``)
kept out of every public list while still served by its id."""
from __future__ import annotations

import re
from pathlib import Path

import pytest


@pytest.mark.parametrize("path", ["/no-such-page", "/jurisdiction/ypsilanti-mi", "/static/nothing.css", "/a/b/c?q=x"])
def test_an_unknown_page_is_the_sites_own_404(client, path):
    resp = client.get(path)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 404 and resp.mimetype == "text/html"
    assert '<html lang="en">' in html and 'href="/static/style.css"' in html
    assert re.search(r"<main[ >]", html) and "<h1>Page not found</h1>" in html
    search = re.search(r'<form[^>]*action="/"[^>]*>(.*?)</form>', html, re.S)
    assert search and re.search(r'<input[^>]*name="q"', search.group(1))
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "The requested URL was not found on the server" not in html and "deadlines list" not in html


def test_the_404_in_spanish_keeps_its_language_switch(client):
    resp = client.get("/no-such-page?lang=es")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 404 and '<html lang="es">' in html
    assert "<h1>Página no encontrada</h1>" in html
    assert re.search(r'<input type="hidden" name="lang" value="es">', html)  # the search answers in Spanish too
    assert 'href="/no-such-page?lang=en"' in html
    # a path that begins with two slashes does not become a link to another site
    other = client.get("//evil.example/x?lang=es").get_data(as_text=True)
    assert 'href="//evil' not in other


@pytest.mark.parametrize("path", ["/api/v1/nothing", "/calendars/nothing/else.ics", "/api/v1/jurisdictions/x/y/z"])
def test_api_and_feed_paths_keep_their_problem_404(client, path):
    resp = client.get(path)
    assert resp.status_code == 404 and resp.mimetype == "application/problem+json"


def test_a_favicon_is_served_and_linked_from_the_pages(client):
    ico = client.get("/favicon.ico")
    assert ico.status_code == 200 and ico.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
    assert ico.data[:4] == b"\x00\x00\x01\x00" and len(ico.data) < 10_000
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    for path in ("/", "/deadlines", "/jurisdictions/ypsilanti-mi", "/subscribe", "/no-such-page", "/api/v1/docs",
                 "/clerk/", "/embed/ypsilanti-mi"):
        html = client.get(path).get_data(as_text=True)
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html, path


def test_the_fictional_calendar_is_kept_out_of_public_lists(client):
    landing = client.get("/").get_data(as_text=True)
    assert "model-city" not in landing and "Model city" not in landing
    own = sorted(f.stem for f in (Path(__file__).parents[2] / "calendars").glob("*.toml") if f.stem != "model-city")
    assert len(own) >= 3 and re.findall(r'<option value="([a-z-]+)"', landing)[:len(own)] == own  # the own files, but it
    found = client.get("/?q=model+city").get_data(as_text=True)
    assert "model-city" not in found
    api = client.get("/api/v1/jurisdictions?q=model+city").get_json()
    assert "model-city" not in [i["id"] for i in api["items"]]
    everything = client.get("/api/v1/jurisdictions?limit=1").get_json()["total"]
    with_examples = client.get("/api/v1/jurisdictions?limit=1&include=examples").get_json()["total"]
    assert with_examples == everything + 1
    asked = client.get("/api/v1/jurisdictions?q=model+city&include=examples").get_json()
    assert [i["id"] for i in asked["items"]] == ["model-city"]
    assert client.get("/api/v1/jurisdictions?include=everything").status_code == 400
    subscribe = client.get("/subscribe").get_data(as_text=True)
    assert "model-city" not in subscribe


def test_the_fictional_calendar_is_still_served_by_its_id(client):
    page = client.get("/?jurisdiction=model-city&ordinance-adopted=2025-04-14")
    assert page.status_code == 200 and "Model city" in page.get_data(as_text=True)
    assert '<option value="model-city" selected>' in page.get_data(as_text=True)
    api = client.get("/api/v1/jurisdictions/model-city/deadlines?ordinance-adopted=2025-04-14")
    assert api.status_code == 200 and api.get_json()["deadlines"][0]["id"] == "referendum-petition-filing"
    assert client.get("/api/v1/jurisdictions/model-city").status_code == 200
    assert client.get("/calendars/model-city.ics").status_code == 200
    assert client.get("/jurisdictions/model-city").status_code == 200
