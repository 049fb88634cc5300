"""The lookup form, server side: fields, results, errors beside their field."""
from __future__ import annotations

import re
from pathlib import Path
from html import escape

import pytest


#: the calendars with files of their own, by id (the fictional model-city kept out of public lists)
OWN_FILES = sorted(f.stem for f in (Path(__file__).parents[2] / "calendars").glob("*.toml") if f.stem != "model-city")


def test_landing_lists_every_jurisdiction_and_preselects_none(client):
    html = client.get("/").get_data(as_text=True)
    assert '<select id="jurisdiction" name="jurisdiction"' in html
    # the calendars encoded from their own law; the fictional model-city is served by id only (test_public_finish.py)
    assert re.findall(r'<option value="([a-z-]+)"', html)[:len(OWN_FILES)] == OWN_FILES
    assert '<option value="" selected>Choose a jurisdiction</option>' in html
    assert not re.search(r'<option value="[a-z-]+" selected', html)
    assert 'type="date" id="election" name="election" value=""' in html
    assert "<title>Election deadlines</title>" in html and "Subscribe to" not in html
    assert "<table" not in html
    landing = html[html.index('id="landing-heading"'):]
    # today 2025-03-01. Ypsilanti: the 15th Tuesday before the primary of Tuesday August 4, 2026
    # (the Tuesday after the first Monday, August 3) is April 21, 2026 (August 4 - 105 days).
    ypsi = landing[landing.index("City of Ypsilanti, Michigan"):]
    assert "Next general election: Tuesday, November 3, 2026." in ypsi
    # The notice of it (due April 14) is the clerk's task, not everyone's next deadline: the
    # petitions themselves are, 4:00 p.m. April 21, 2026, 416 days after 2025-03-01.
    first = ypsi.split("</li>")[0]
    assert "Nominating petitions due</a>,\n      4:00 p.m., Tuesday, April 21, 2026 (EDT) <strong>(416 days left)" in first
    assert "Publish notice" not in first
    # Colorado: 67 days before Tuesday November 4, 2025 is Friday August 29, 2025.
    colo = landing[landing.index("?jurisdiction=colorado-local"):].split("</li>")[0]  # its card, not a charter city's
    assert "Friday, August 29, 2025" in colo and "181 days left" in colo
    assert 'href="/jurisdictions/colorado-local"' in colo


def _row(html: str, rid: str) -> str:
    """The row of deadline ``rid`` (a case's: its anchor is ``<case>-<rid>``)."""
    found = re.search(rf'<li id="(?:[a-z0-9]+-\d+-)?{re.escape(rid)}"', html)
    row = html[found.start():]
    return row[:row.index("</details>")]


def test_results_table(client):
    html = client.get("/?jurisdiction=ypsilanti-mi&election=2026-11-03").get_data(as_text=True)
    assert 'name="primary"' in html
    row = _row(html, "petition-filing")
    assert "4:00 p.m., Tuesday, April 21, 2026 (EDT)" in row
    assert "416 days" in row  # from 2025-03-01
    assert "MCL 168.163(1)" in row and "fifteenth Tuesday preceding" in row
    assert 'href="/calendars/ypsilanti-mi/2026-11-03/petition-filing.ics"' in row
    assert 'href="webcal://deadlines.example/calendars/ypsilanti-mi.ics"' in html
    assert 'href="/subscribe?jurisdiction=ypsilanti-mi" id="subscribe-email"' in html
    signup = client.get("/subscribe?jurisdiction=ypsilanti-mi").get_data(as_text=True)
    assert re.search(r'<option value="ypsilanti-mi"\s+selected', signup), signup


def test_safe_date_stands_out(client):
    # June 7, 2031 is a Saturday: the city code extends to Monday June 9, state practice ends Friday June 6
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2031-11-04").get_data(as_text=True)
    assert "<strong>Safe date: 5:00 p.m., Friday, June 6, 2031 (MDT)</strong>" in html
    assert "5:00 p.m., Monday, June 9, 2031 (MDT)" in html
    # an instant is typed as a date and an optional time: two inputs, not one date-time control
    assert 'type="date" id="objection-filed" name="objection-filed"' in html
    assert 'type="time" id="objection-filed-time" name="objection-filed-time"' in html
    assert 'type="datetime-local"' not in html


def test_trigger_date_and_audience(client):
    html = client.get("/?jurisdiction=model-city&ordinance-adopted=2025-04-14&audience=petitioners").get_data(as_text=True)
    assert 'type="date" id="ordinance-adopted" name="ordinance-adopted" value="2025-04-14"' in html
    assert "Wednesday, May 14, 2025" in html
    assert 'href="https://deadlines.example/calendars/model-city.ics?audience=petitioners"' in html


def test_audience_filters_rows(client):
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2025-11-04&audience=clerk").get_data(as_text=True)
    assert 'id="withdrawal"' in html and 'id="declaration-filing"' not in html


@pytest.mark.parametrize("query, field, words", [
    ("jurisdiction=atlantis&election=2026-11-03", "jurisdiction", "Choose a jurisdiction from the list. “atlantis” is not one of them."),
    ("jurisdiction=&election=2026-11-03", "jurisdiction", "Choose a jurisdiction from the list."),
    ("jurisdiction=ypsilanti-mi&for=ypsilanti-mi&election=2026-02-30", "election",
     "Enter the general election date as month, day and year, for example November 3, 2026 (typed as 2026-11-03). "
     "You entered “2026-02-30”. That is not a date on the calendar."),
    ("jurisdiction=ypsilanti-mi&for=ypsilanti-mi&election=1776-07-04", "election",
     "Enter the general election date between the years 2000 and 2099"),
    ("jurisdiction=model-city&for=model-city&ordinance-adopted=yesterday", "ordinance-adopted",
     "Enter the date of “ordinance adopted by the council” as month, day and year"),
    ("jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&objection-filed=2025-06-16", "objection-filed",
     "with the time of day, for example June 16, 2025 at 2:30 p.m."),
])
def test_bad_input_is_answered_beside_the_field(client, query, field, words):
    resp = client.get("/?" + query)
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    said = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', html).group(1)
    assert escape(words, quote=False) in said
    assert f'aria-describedby="{field}-error"' in html
    value = dict(p.split("=") for p in query.split("&")).get(field)
    if field != "jurisdiction":  # the form is kept filled
        assert f'value="{value}"' in html  # the form is kept filled


def test_switching_jurisdiction_keeps_the_typed_date_and_says_what_it_drops(client):
    resp = client.get("/?jurisdiction=salt-lake-city-ut&for=ypsilanti-mi&election=2027-11-02&primary=2026-08-04")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert 'name="election" value="2027-11-02"' in html  # typed: kept and used
    assert "election of Tuesday, November 2, 2027" in html
    assert "Salt Lake City, Utah holds no primary election, so the primary date you typed (2026-08-04) was dropped." in html


def test_switching_keeps_a_typed_past_election(client):
    html = client.get("/?jurisdiction=ypsilanti-mi&for=colorado-local&election=2022-11-08").get_data(as_text=True)
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in _row(html, "petition-filing")


def test_print_view_opens_every_row(client):
    html = client.get("/?jurisdiction=colorado-local&election=2025-11-04&print=1").get_data(as_text=True)
    assert html.count("<details open>") == 4  # petition circulation, filing and retention, write-in affidavit


def test_an_election_not_by_rule_is_asked_about_at_the_top(client):
    # Salt Lake City's election by rule in 2027: the Tuesday after the first Monday of November, November 2
    html = client.get("/?jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&election=2027-11-03").get_data(as_text=True)
    question = html[html.index('id="election-question"'):html.index("</div>", html.index('id="election-question"'))]
    assert ("Tuesday, November 2, 2027 is the election by rule. Use it, or keep Wednesday, November 3, 2027 "
            "as a special election?") in question
    assert html.index('id="election-question"') < html.index('id="next-deadline"')
    assert 'href="/?jurisdiction=salt-lake-city-ut&amp;election=2027-11-02"' in question
    kept = client.get("/?jurisdiction=salt-lake-city-ut&special=1&election=2027-11-03").get_data(as_text=True)
    assert 'id="election-question"' not in kept and "election of Wednesday, November 3, 2027" in kept
    by_rule = client.get("/?jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&election=2027-11-02").get_data(as_text=True)
    assert 'id="election-question"' not in by_rule


def test_no_field_a_jurisdiction_does_not_use_and_links_carry_typed_dates(client):
    # model-city counts only from the ordinance: no election date asked; 30 days after
    # April 14, 2025 is May 14, 2025; the PDF, CSV and print links keep the ordinance's date
    html = client.get("/?jurisdiction=model-city&ordinance-adopted=2025-04-14").get_data(as_text=True)
    assert 'type="date" id="election"' not in html and 'type="hidden" name="election"' in html
    assert "Wednesday, May 14, 2025" in html
    links = re.findall(r'href="(/calendars/model-city/[^"]+\.(?:pdf|csv)\?[^"]*)"', html)
    assert len(links) == 2 and all("ordinance-adopted=2025-04-14" in link for link in links), links
    assert re.search(r'href="/\?[^"]*print=1[^"]*ordinance-adopted=2025-04-14', html)
    csv_text = client.get(links[1].replace("&amp;", "&")).get_data(as_text=True)
    assert "referendum-petition-filing" in csv_text and "2025-05-14" in csv_text
    assert "&lt;iframe src=&#34;https://deadlines.example/embed/model-city&#34;" in html  # the iframe code, to copy


def test_an_instant_is_typed_as_a_date_and_a_time(client):
    # objection filed June 12, 2025 at 2:30 p.m.: decided within 48 hours, by 2:30 p.m. June 14 (MDT)
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2025-11-04&objection-filed=2025-06-12"
                      "&objection-filed-time=14:30").get_data(as_text=True)
    assert "2:30 p.m., Saturday, June 14, 2025 (MDT)" in _row(html, "objection-decision")
    assert 'value="2025-06-12"' in html and 'value="14:30"' in html


def test_a_past_cycle_leads_to_the_next_election(client):
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2023-11-07").get_data(as_text=True)
    banner = html[html.index('id="next-deadline"'):html.index("</div>", html.index('id="next-deadline"'))]
    assert "Every deadline of this election has passed." in banner
    assert 'href="/?jurisdiction=salt-lake-city-ut&amp;election=2025-11-04"' in banner
    assert "Add to calendar" not in html[html.index('<details class="past-deadlines"'):]


def test_a_moved_date_says_who_moved_it_and_what_it_was(app, client):
    """A court order moves Salt Lake City's 2027 withdrawal to 5:00 p.m. Friday
    October 15: the banner and the row say "Changed by <authority>: was" the
    computed date (the earliest reading, Friday October 8 being its safe date,
    the rule's own Tuesday October 12 its computed due)."""
    from sqlalchemy.orm import Session

    from deadlines.store import tokens

    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "salt-lake-city-ut")
    ov = {"due": "2027-10-15T17:00", "authority": "Order of the court", "reason": "ballots reprinted"}
    assert client.put("/api/v1/jurisdictions/salt-lake-city-ut/overrides/2027-11-02/withdrawal", json=ov,
                      headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2027-11-02&audience=clerk").get_data(as_text=True)
    row = _row(html, "withdrawal")
    assert "By 5:00 p.m., Friday, October 15, 2027 (MDT)" in row
    assert "Changed by Order of the court: was 5:00 p.m., Tuesday, October 12, 2027 (MDT)" in row
    assert "the law may allow" not in row  # the order, not a reading, sets the date
