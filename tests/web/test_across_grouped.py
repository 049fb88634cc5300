"""``/deadlines`` grouped by deadline, the default where governments share
one; two-way paging with counts; an empty range pointing at the next date.

Worked example (issue 27): Michigan's 21 townships of Kent County (Ada,
Algoma, Alpine, Bowne, Byron, Caledonia, Cannon, Cascade, Courtland, Gaines,
Grand Rapids, Grattan, Lowell, Nelson, Oakfield, Plainfield, Solon, Sparta,
Spencer, Tyrone, Vergennes) elect their officers in 2028 (MCL 168.358); their
candidates' nominating petitions are due by 4:00 p.m. on the fifteenth
Tuesday before the August primary (MCL 168.133), the primary being the
Tuesday after the first Monday in August (MCL 168.534): August 8, 2028, so
the petitions are due Tuesday, April 25, 2028 (August 8 less 105 days). The
page shows that once, "21 townships in Kent County", each township listed
beneath it with its row.
"""
from __future__ import annotations

import csv
import html
import io
import re

KENT = "/deadlines?state=MI&county=Kent&kind=township&from=2028-01-01&to=2028-12-31"
GROUP = re.compile(r'<li class="deadline group[^"]*" id="[^"]*" data-edge="([^"]+)" data-count="(\d+)">(.*?)</li>\n',
                   re.S)
TOWNSHIPS = {"Ada", "Algoma", "Alpine", "Bowne", "Byron", "Caledonia", "Cannon", "Cascade", "Courtland", "Gaines",
             "Grand Rapids", "Grattan", "Lowell", "Nelson", "Oakfield", "Plainfield", "Solon", "Sparta", "Spencer",
             "Tyrone", "Vergennes"}


def _text(client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, url
    return html.unescape(resp.get_data(as_text=True))


def test_petitions_of_21_townships_are_one_entry_naming_each(client):
    page = _text(client, KENT)
    groups = GROUP.findall(page)
    petitions = [body for edge, n, body in groups if "April 25, 2028" in body and "Nominating petitions" in body]
    assert len(petitions) == 1, [b[:200] for _, _, b in groups]
    body = petitions[0]
    assert "By 4:00 p.m., Tuesday, April 25, 2028 (EDT)" in body and "21 townships in Kent County" in body
    listed = re.findall(r'<li><a href="[^"]+">([^<]+?)(?: Charter)? Township</a>', body)  # charter townships too
    assert set(listed) == TOWNSHIPS and len(listed) == 21


def test_the_groups_hold_every_row_once(client):
    rows = list(csv.DictReader(io.StringIO(client.get(KENT.replace("/deadlines?", "/deadlines.csv?")).data
                                           .decode("utf-8-sig"))))
    page = _text(client, KENT + "&limit=1000")
    assert sum(int(n) for _, n, _ in GROUP.findall(page)) == len(rows) > 21
    assert "id=\"view-rows\"" in page
    flat = _text(client, KENT + "&view=rows&limit=1000")
    assert len(re.findall(r'<li class="deadline[^"]*" id="e-', flat)) == len(rows)
    assert 'id="view-grouped"' in flat


def test_pages_go_both_ways_and_say_where_they_are(client):
    first = _text(client, KENT + "&view=rows&limit=50")
    total = int(re.search(r"1–50 of ([\d,]+) dates", first).group(1).replace(",", ""))
    assert total > 100
    second_url = re.search(r'<a href="([^"]+)" rel="next">Next 50 dates</a>', first).group(1)
    second = _text(client, second_url)
    assert f"51–100 of {total:,} dates" in second
    back = re.search(r'<a href="([^"]+)" rel="prev">Previous 50 dates</a>', second).group(1)
    assert "page=" not in back  # page 1 is the page without a number
    assert re.findall(r'id="(e-[^"]+)"', _text(client, back)) == re.findall(r'id="(e-[^"]+)"', first)
    assert 'rel="prev"' not in first


def test_an_empty_range_points_at_the_next_date(client):
    page = _text(client, "/deadlines?state=MI&county=Kent&kind=township&from=2028-01-01&to=2028-01-31")
    assert "No deadline and no opening in this range" in page
    link = re.search(r'<a href="([^"]+)" id="next-day">The next date with deadlines: Tuesday, April 25, 2028.</a>',
                     page)
    assert link and "from=2028-04-25" in link.group(1) and "county=Kent" in link.group(1)
    nothing = _text(client, "/deadlines?state=MI&county=Kent&kind=township&from=2027-01-01&to=2027-01-31")
    assert "None in the following year either." in nothing  # no township election in 2027 (MCL 168.358)


def test_a_bad_view_or_page_is_said_beside_the_filters(client):
    assert client.get(KENT + "&view=cloud").status_code == 400
    assert client.get(KENT + "&page=0").status_code == 400


ADAMS = "/deadlines?state=CO&county=Adams&kind=special-district&from=2027-01-01&to=2027-05-31"


def test_a_deadline_shared_by_hundreds_names_fifty_and_counts_the_rest(client):
    """Adams County's special districts (402 on the roster) share each deadline
    of the May 4, 2027 regular special district election (C.R.S. 1-13.5-111):
    each group names 50 of them with their rows, says how many more and links
    to every row (the list with one row per government, and the CSV), instead
    of naming all of them on one page."""
    from web.across_page import LISTED_IN_GROUP

    resp = client.get(ADAMS)
    assert resp.status_code == 200
    page = html.unescape(resp.get_data(as_text=True))
    rows = list(csv.DictReader(io.StringIO(client.get(ADAMS.replace("/deadlines?", "/deadlines.csv?")).data
                                           .decode("utf-8-sig"))))
    groups = GROUP.findall(page)
    big = [(int(n), body) for _, n, body in groups if int(n) > LISTED_IN_GROUP]
    assert len(big) >= 3, [n for _, n, _ in groups]
    named_by_csv = {r["jurisdiction"] for r in rows}
    for n, body in big:
        listed = re.findall(r'<li><a href="[^"]+">([^<]+)</a>', body)
        assert len(listed) == LISTED_IN_GROUP and set(listed) <= named_by_csv
        more = re.search(r'<li class="more">and ([\d,]+) more, each with its row in <a href="([^"]+)">the list with one '
                         r'row per government</a> and in <a href="([^"]+)">the spreadsheet \(CSV\)</a>.</li>', body)
        assert more, body[-600:]
        assert int(more.group(1).replace(",", "")) == n - LISTED_IN_GROUP
        assert "view=rows" in more.group(2) and "county=Adams" in more.group(2)
        assert more.group(3).startswith("/deadlines.csv?") and "kind=special-district" in more.group(3)
    assert all('class="more"' not in body for _, n, body in groups if int(n) <= LISTED_IN_GROUP)
    assert sum(int(n) for _, n, _ in groups) == len(rows)  # every row still counted in its group
    assert len(resp.data) < 200_000  # naming all of them made 0.9 MB


def test_the_count_of_the_rest_is_said_in_spanish(client):
    page = html.unescape(client.get(ADAMS + "&lang=es").get_data(as_text=True))
    assert re.search(r'<li class="more">y [\d,]+ más, cada uno con su fila en <a href="[^"]+">la lista con una fila por '
                     r'gobierno</a> y en <a href="[^"]+">la hoja de cálculo \(CSV\)</a>.</li>', page)
