"""The county filter, read in one place (the place search,
:meth:`deadlines.core.places.PlaceIndex.county_key`) for the API, the pages,
the combined feed and the listing across governments: "Kent County", "kent
county" and "Kent Co." mean Kent (issue 27, item 3); a county with no letter
(``!!!``, ``[]``, U+2028) no longer serves the whole state (issue 28, item 13)
and an unknown one is a 400 naming ``county`` with the nearest county names."""
from __future__ import annotations

import re

import pytest

from deadlines.core.errors import InputError
from deadlines.core.places import county_words

SPELLINGS = ("Kent County", "kent county", "Kent Co.", "KENT", "County of Kent", "  Kent  ")
NO_LETTER = ("!!!", "[]", "\u2028", "123", " ")
ROW = re.compile(r'data-uid="([^"]+)" data-edge="([^"]+)"')  # one row per government (view=rows)
ITEM = re.compile(r'<li class="deadline[^"]*" id="([^"]+)"[^>]*>')  # a row, or a group (its deadline and day)
UID = re.compile(r"^UID:(.+)$", re.M)


def _ids(reader, county: str) -> list[str]:
    resp = reader.get("/api/v1/jurisdictions", query_string={"state": "MI", "county": county, "kind": "township",
                                                            "limit": 1000})
    assert resp.status_code == 200, (county, resp.get_data(as_text=True))
    return [i["id"] for i in resp.get_json()["items"]]


def _problem(resp, *words: str) -> str:
    assert resp.status_code == 400, resp.get_data(as_text=True)[:300]
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["field"] == "county", body
    for word in words:
        assert word in body["detail"], body
    return body["detail"]


def test_county_words():
    assert {county_words(s) for s in SPELLINGS} == {"kent"}
    assert county_words("Salt Lake County") == "salt lake"
    assert county_words("Saint Clair") == county_words("St. Clair County") == "st clair"
    assert county_words("County") == "county"  # nothing left to be the name: kept, and then not known


@pytest.mark.parametrize("county", SPELLINGS)
def test_a_county_typed_with_county_lists_the_same_governments(reader, county):
    kent = _ids(reader, "Kent")
    assert len(kent) > 10
    assert _ids(reader, county) == kent


def test_the_listing_across_governments_reads_it_alike(reader):
    base = "/deadlines?state=MI&kind=township&from=2028-01-01&to=2028-12-31&limit=500&view=rows&county="
    kent = ROW.findall(reader.get(base + "Kent").get_data(as_text=True))
    assert len(kent) > 20
    assert ROW.findall(reader.get(base + "Kent+County").get_data(as_text=True)) == kent
    # the spreadsheet and the bulk API too
    csv_base = base.replace("/deadlines?", "/deadlines.csv?").replace("&view=rows", "")
    assert reader.get(csv_base + "Kent+County").data == reader.get(csv_base + "Kent").data
    api = "/api/v1/deadlines?state=MI&kind=township&from=2028-01-01&to=2028-12-31&limit=500&county="
    items = reader.get(api + "Kent").get_json()["items"]
    assert items and reader.get(api + "kent+co.").get_json()["items"] == items


def test_the_default_listing_page_too(reader):
    """The URL issue 27 names, as it is written (the page's own size)."""
    url = "/deadlines?state=MI&county={}&kind=township&from=2028-01-01&to=2028-12-31"
    kent = reader.get(url.format("Kent"))
    assert kent.status_code == 200
    rows = ITEM.findall(kent.get_data(as_text=True))  # grouped by deadline: Kent's townships share them
    assert rows and ITEM.findall(reader.get(url.format("Kent+County")).get_data(as_text=True)) == rows


def test_the_combined_feed_reads_it_alike(reader):
    url = "/calendars/combined.ics?state=MI&kind=township&county="
    kent = reader.get(url + "Kent")
    assert kent.status_code == 200
    uids = sorted(UID.findall(kent.get_data(as_text=True)))
    assert uids and sorted(UID.findall(reader.get(url + "Kent+County").get_data(as_text=True))) == uids


@pytest.mark.parametrize("county", NO_LETTER)
def test_a_county_with_no_letter_is_refused(reader, county):
    """It used to be dropped: ``state=UT&county=!!!`` served every government of Utah."""
    _problem(reader.get("/calendars/combined.ics", query_string={"state": "UT", "county": county}), "county")
    _problem(reader.get("/api/v1/jurisdictions", query_string={"state": "UT", "county": county}), "letters")
    _problem(reader.get("/api/v1/deadlines", query_string={"state": "UT", "county": county, "from": "2025-01-01",
                                                           "to": "2025-02-01"}), "letters")
    page = reader.get("/deadlines", query_string={"state": "UT", "county": county})
    assert page.status_code == 400 and 'county-error"' in page.get_data(as_text=True)


def test_the_issue_url(reader):
    assert "county" in _problem(reader.get("/calendars/combined.ics?state=UT&county=!!!"))


def test_an_unknown_county_answers_the_nearest_names(reader):
    detail = _problem(reader.get("/api/v1/jurisdictions?state=MI&county=Kentt"), "Kentt", "Kent", "MI")
    assert "did you mean" in detail
    _problem(reader.get("/calendars/combined.ics?state=MI&county=Kentt&kind=township"), "Kent")
    _problem(reader.get("/api/v1/deadlines?state=MI&county=Kentt&from=2025-01-01&to=2025-02-01"), "Kent")
    _problem(reader.get("/api/v1/jurisdictions?state=UT&county=Salt+Lak"), "Salt Lake")
    # the counties of the state asked: Utah has no Kent County
    assert "did you mean" not in _problem(reader.get("/api/v1/jurisdictions?state=UT&county=Kentt"), "Beaver")
    page = reader.get("/deadlines?state=MI&county=Kentt").get_data(as_text=True)
    assert 'county-error"' in page and "Kent?" in page
    search = reader.get("/?q=township&state=MI&county=Kentt")
    assert search.status_code == 400 and "Kent?" in search.get_data(as_text=True)


def test_the_search_itself(app):
    places = app.extensions["registry"].places()
    assert [p.id for p in places.search(state="MI", county="Kent County")] == \
        [p.id for p in places.search(state="MI", county="Kent")]
    with pytest.raises(InputError) as caught:
        places.search(state="UT", county="!!!")
    assert caught.value.field == "county" and caught.value.code == "filter.county"
    with pytest.raises(InputError) as caught:
        places.search(state="MI", county="Kentt")
    assert caught.value.code == "filter.county_unknown" and "Kent" in dict(caught.value.facts)["nearest"]
    assert places.search(state="MI", county=None) == places.search(state="MI", county="")  # none given: no filter


def test_the_command_line_says_a_bad_county_in_one_line():
    from click.testing import CliRunner

    from deadlines.cli import main

    bad = CliRunner().invoke(main, ["list", "--state", "MI", "--county", "Kentt"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output and "did you mean Kent?" in bad.output
    good = CliRunner().invoke(main, ["list", "--state", "MI", "--county", "Kent County", "--kind", "city"])
    assert good.exit_code == 0 and "grand-rapids-mi" in good.output
