"""Anonymous GETs that were 500s (issue 28, item 9): an unknown audience on the
lookup form, query keys that ``url_for`` takes as its own arguments
(``endpoint``, ``_method``, ``_scheme``, ``_anchor``) or that name a part of
the path (``jid``, ``election``), and ``_external``, which made links and a
301's ``Location`` come from the client's Host header. Each is a 4xx problem
(an unknown value) or ignored (a stray key), never a 500, and no link
changes."""
from __future__ import annotations

import html
import re

import pytest



FOREIGN = "evil.example"
#: The query keys url_for reads as its own arguments.
STRAY = "endpoint=x&_method=y&_scheme=ftp&_anchor=z&_external=1"
#: Pages, feeds and API answers that pass their query on into links.
PAGES = (
    "/",
    "/?q=orem",
    "/?jurisdiction=orem-ut",
    "/?jurisdiction=orem-ut&election=2025-11-04",
    "/jurisdictions/orem-ut",
    "/embed/orem-ut",
    "/subscribe",
    "/deadlines",
    "/deadlines?state=UT&county=Utah&from=2025-01-01&to=2025-12-31&limit=10",
    "/deadlines.csv?state=UT&county=Utah&from=2025-01-01&to=2025-03-31",
    "/calendars/orem-ut.ics",
    "/calendars/orem-ut/2025-11-04.ics",
    "/calendars/orem-ut/2025-11-04.csv",
    "/calendars/orem-ut/2025-11-04.svg",
    "/calendars/combined.ics?j=orem-ut,provo-ut",
    "/api/v1/jurisdictions?q=orem",
    "/api/v1/jurisdictions?state=MI&limit=1",
    "/api/v1/jurisdictions/orem-ut",
    "/api/v1/jurisdictions/orem-ut/deadlines",
    "/api/v1/deadlines?from=2025-01-01&to=2025-02-01&state=UT&limit=1",
    "/api/v1/docs",
    "/no-such-page",
)
HREF = re.compile(r'(?:href|src|action)="([^"]*)"')


def _with(url: str, query: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{query}"


def _links(resp) -> list[str]:
    """Every link of an answer: the hrefs of a page, the ``next`` of a list, a redirect's Location."""
    text = resp.get_data().decode("utf-8", "replace")
    found = [html.unescape(h) for h in HREF.findall(text)]
    if resp.is_json and isinstance(resp.get_json(), dict):
        found += [str(resp.get_json().get("next"))]
    return found + [resp.headers.get("Location", "")]


def _not_a_500(resp, url: str) -> None:
    assert resp.status_code < 500, (url, resp.status_code)
    if resp.status_code >= 400 and resp.is_json:  # a problem document naming what is wrong
        assert resp.mimetype == "application/problem+json" and resp.get_json()["detail"], url


def test_an_unknown_audience_is_said_beside_its_field(reader):
    resp = reader.get("/?jurisdiction=orem-ut&audience=zzz")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert 'id="audience-error"' in page and "Choose one of: candidates, clerk, public, petitioners." in page
    # nothing links on with the unknown audience (the subscribe links are the feed of every audience)
    assert "/calendars/orem-ut.ics?audience=zzz" not in page
    # a known one still works, and the same page in Spanish says it too
    assert reader.get("/?jurisdiction=orem-ut&audience=candidates").status_code == 200
    assert reader.get("/?jurisdiction=orem-ut&audience=zzz&lang=es").status_code == 400


@pytest.mark.parametrize("url", PAGES)
def test_url_for_arguments_in_the_query_are_ignored(reader, url):
    plain = reader.get(url)
    stray = reader.get(_with(url, STRAY))
    _not_a_500(stray, url)
    assert stray.status_code == plain.status_code, url
    assert _links(stray) == _links(plain), url  # the keys change no link


@pytest.mark.parametrize("query", ["endpoint=x", "_method=y", "endpoint=x&_method=y", "_scheme=ftp", "_anchor=a"])
@pytest.mark.parametrize("url", ["/", "/?q=orem", "/?jurisdiction=orem-ut", "/deadlines", "/jurisdictions/orem-ut"])
def test_each_stray_key_alone(reader, url, query):
    resp = reader.get(_with(url, query))
    _not_a_500(resp, url)
    assert resp.status_code == 200, (url, query)


@pytest.mark.parametrize("url", PAGES)
def test_external_takes_no_link_from_the_clients_host(reader, url):
    plain = reader.get(url, headers={"Host": FOREIGN})
    resp = reader.get(_with(url, "_external=1"), headers={"Host": FOREIGN})
    _not_a_500(resp, url)
    assert FOREIGN not in resp.get_data().decode("utf-8", "replace"), url
    assert FOREIGN not in resp.headers.get("Location", ""), url
    assert _links(resp) == _links(plain), url


def test_a_redirect_keeps_its_location_on_the_path(reader):
    """The feed's canonical redirect passes the query on: ``_external`` makes
    it no absolute URL of the client's Host; ``jid``/``election`` in the query
    (the path's own parts) no TypeError and no other feed."""
    for query in ("_external=1", "jid=provo-ut&election=2027-11-02", STRAY):
        resp = reader.get(f"/calendars/orem-ut/%202025-11-04.ics?{query}", headers={"Host": FOREIGN})
        assert resp.status_code == 301, query
        assert resp.headers["Location"] == "/calendars/orem-ut/2025-11-04.ics", query


@pytest.mark.parametrize("url", [
    "/calendars/orem-ut.ics?jid=provo-ut",
    "/calendars/orem-ut/2025-11-04.ics?jid=provo-ut&election=2027-11-02",
    "/calendars/orem-ut/2025-11-04.csv?jid=provo-ut&election=2027-11-02",
    "/calendars/orem-ut/2025-11-04.svg?jid=provo-ut&election=2027-11-02",
    "/jurisdictions/orem-ut?jid=provo-ut",
    "/embed/orem-ut?jid=provo-ut",
    "/api/v1/jurisdictions/orem-ut?jid=provo-ut",
    "/api/v1/jurisdictions/orem-ut/deadlines?jid=provo-ut",
])
def test_a_query_naming_a_part_of_the_path_is_ignored(reader, url):
    resp = reader.get(url)
    plain = reader.get(url.split("?", 1)[0])
    _not_a_500(resp, url)
    assert resp.status_code == plain.status_code == 200, url
    assert _links(resp) == _links(plain), url  # the language switch still links Orem, not Provo


def test_the_form_refuses_a_stray_jid_as_it_refuses_any_unknown_field(reader):
    """``jid`` names no part of ``/``'s path: the form answers it as any field
    it does not have (a 400 beside the form), never a 500."""
    resp = reader.get("/?jurisdiction=orem-ut&jid=x&election=2025-11-04")
    assert resp.status_code == 400
    assert "jid" in resp.get_data(as_text=True)


def test_the_shared_helper_drops_what_url_for_would_take(app):
    from web.common import safe_args

    with app.test_request_context("/?q=orem&endpoint=x&_method=y&_external=1&lang=es"):
        assert dict(safe_args()) == {"q": "orem", "lang": "es"}
