"""Issue "The whole answer for each person": small public fixes an audit found
missing. Each deadline row links to a page of its own where anyone reports
another date the government published (no JavaScript needed, CSRF-protected,
rate-limited with the reports API, stored pending and changing nothing until
accepted); the place search's lists are paged to the end; the embed code
advises a height its content fits and fits the frame to the embed's posted
height; an unknown id or a misspelt search suggests the nearest governments
("orem": orem-ut; "denvr": the City and County of Denver)."""
from __future__ import annotations

import re
from html import unescape

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.tables import DateReport
from web import create_app

from conftest import BASE_URL, TODAY

OREM = "/?jurisdiction=orem-ut"


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def report_links(client) -> list[str]:
    html = client.get(OREM).get_data(as_text=True)
    return [unescape(u) for u in re.findall(r'<p class="hint noprint row-report"><a href="([^"]+)"', html)]


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def reports_of(app) -> list[DateReport]:
    with Session(app.extensions["records"].db) as s:
        return list(s.scalars(select(DateReport)))


NOTICE = {"due_day": "2025-08-15", "due_time": "17:00", "source": "https://orem.gov/notices/filing",
          "quote": "Declarations of candidacy are accepted until 5:00 p.m. on Friday, August 15, 2025."}


# 1. "The government published another date"

def test_every_row_links_to_its_report_page(client):
    links = report_links(client)
    html = client.get(OREM).get_data(as_text=True)
    rows = re.findall(r'<li id="[^"]+" class="deadline status-(\w+)', html)
    assert len(links) == len([s for s in rows if s != "cancelled"]) > 3
    assert all(re.fullmatch(r"/jurisdictions/orem-ut/report\?deadline=[a-z0-9-]+&election=2025-11-04", u) for u in links)


def test_the_page_says_nothing_changes_until_accepted_and_stores_a_pending_report(app, client):
    url = report_links(client)[0]
    deadline = url.split("deadline=")[1].split("&")[0]
    page = client.get(url)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert "Nothing changes when you send this: the report waits until the clerk of City of Orem or an operator" in text(html)
    assert "This service shows now:" in text(html)
    sent = client.post(url, data={"csrf_token": csrf_of(html), **NOTICE})
    assert sent.status_code == 202
    assert "Nothing changes on this service until the clerk of City of Orem" in text(sent.get_data(as_text=True))
    (row,) = reports_of(app)
    assert (row.jurisdiction_id, row.deadline, row.cycle.isoformat(), row.state) == ("orem-ut", deadline, "2025-11-04",
                                                                                      "pending")
    assert row.due == "2025-08-15T17:00:00-06:00" and row.source == NOTICE["source"] and row.email is None


def test_a_date_without_an_hour_and_an_email_are_kept(app, client):
    url = report_links(client)[1]
    html = client.get(url).get_data(as_text=True)
    sent = client.post(url, data={"csrf_token": csrf_of(html), **NOTICE, "due_time": "", "email": "ann@example.org"})
    assert sent.status_code == 202
    (row,) = reports_of(app)
    assert row.due == "2025-08-15" and row.email == "ann@example.org"


def test_a_post_without_its_token_is_refused(app, client):
    sent = client.post(report_links(client)[0], data=NOTICE)
    assert sent.status_code == 400 and "reload the page" in text(sent.get_data(as_text=True))
    assert reports_of(app) == []


@pytest.mark.parametrize("lang,words", [("en", "an http or https url"), ("es", "una url http o https")])
def test_a_mistake_is_said_beside_its_field_in_the_readers_language(app, client, lang, words):
    url = report_links(client)[0] + f"&lang={lang}"
    html = client.get(url).get_data(as_text=True)
    sent = client.post(url, data={"csrf_token": csrf_of(html), **NOTICE, "source": "ftp://orem.gov"})
    out = sent.get_data(as_text=True)
    assert sent.status_code == 422 and 'id="source-error"' in out and 'aria-describedby="source-error"' in out
    said = re.search(r'id="source-error"[^>]*><strong>(.*?)</strong>', out).group(1)
    assert words in said.lower() and not said.startswith("source")
    assert 'value="ftp://orem.gov"' in out and NOTICE["quote"] in out  # what was typed stays
    assert reports_of(app) == []


def test_spanish_words(client):
    url = report_links(client)[0] + "&lang=es"
    html = text(client.get(url).get_data(as_text=True))
    assert "Nada cambia al enviar esto" in html and "Enviar el informe" in html and "Send the report" not in html
    assert "¿El gobierno publicó otra fecha?" in text(client.get(OREM + "&lang=es").get_data(as_text=True))


def test_the_page_and_the_api_share_one_rate_limit(tmp_path):
    app = create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                      "BASE_URL": BASE_URL, "RATELIMIT_REPORTS": "2 per minute"})
    client = app.test_client()
    url = report_links(client)[0]
    token = csrf_of(client.get(url).get_data(as_text=True))
    assert client.post(url, data={"csrf_token": token, **NOTICE}).status_code == 202
    api = client.post("/api/v1/jurisdictions/orem-ut/reports", json={
        "deadline": url.split("deadline=")[1].split("&")[0], "election": "2025-11-04", "due": "2025-08-16",
        "source": NOTICE["source"], "quote": NOTICE["quote"]})
    assert api.status_code == 202
    third = client.post(url, data={"csrf_token": token, **NOTICE, "due_day": "2025-08-17"})
    assert third.status_code == 429 and int(third.headers["Retry-After"]) > 0
    assert "try again in a few minutes" in text(third.get_data(as_text=True))
    assert len(reports_of(app)) == 2


def test_an_unknown_deadline_or_government(client):
    bad = client.get("/jurisdictions/orem-ut/report?deadline=no-such&election=2025-11-04")
    assert bad.status_code == 400 and "no-such" in text(bad.get_data(as_text=True))
    assert client.get("/jurisdictions/orem-ut/report?deadline=declaration-filing&election=2025-11-05").status_code == 400
    unknown = client.get("/jurisdictions/orem/report?deadline=declaration-filing&election=2025-11-04")
    assert unknown.status_code == 404 and 'href="/?jurisdiction=orem-ut"' in unknown.get_data(as_text=True)


# 2. The place search's lists, paged to the end

def test_a_kind_of_a_state_is_paged_to_the_end(reader):
    first = reader.get("/?state=MI&kind=township").get_data(as_text=True)
    total = int(re.search(r"([\d,]+) places match", first).group(1).replace(",", ""))
    assert total > 1000 and f"1–50 of {total:,}" in text(first) and 'rel="prev"' not in first
    nxt = unescape(re.search(r'href="([^"]+)" rel="next">Next 50 places<', first).group(1))
    assert nxt == "/?state=MI&kind=township&page=2"
    second = reader.get(nxt).get_data(as_text=True)
    assert f"51–100 of {total:,}" in text(second)
    assert 'href="/?state=MI&amp;kind=township" rel="prev">Previous 50 places<' in second
    names = lambda html: re.findall(r'<ul class="matches">(.*?)</ul>', html, re.S)[-1]  # noqa: E731
    assert names(first) != names(second) and names(second).count("<li>") == 50
    pages = -(-total // 50)
    last = reader.get(f"/?state=MI&kind=township&page={pages}").get_data(as_text=True)
    assert f"{(pages - 1) * 50 + 1:,}–{total:,} of {total:,}" in text(last) and 'rel="next"' not in last
    assert names(last).count("<li>") == total - (pages - 1) * 50
    seen = set()
    for n in range(1, pages + 1):  # every government once, in order, on some page
        html = reader.get(f"/?state=MI&kind=township&page={n}").get_data(as_text=True)
        seen.update(re.findall(r'<li><a href="/\?jurisdiction=([^"]+)"', names(html)))
    assert len(seen) == total
    beyond = reader.get("/?state=MI&kind=township&page=9999").get_data(as_text=True)
    assert names(beyond) == names(last)
    assert "Siguientes 50 lugares" in reader.get("/?state=MI&kind=township&lang=es").get_data(as_text=True)


def test_a_short_list_has_no_pages(reader):
    html = reader.get("/?q=orem").get_data(as_text=True)
    assert 'id="matches-paging"' not in html and 'rel="next"' not in html


# 3. The embed's advised height

def test_the_embed_code_advises_a_height_that_fits_and_fits_the_frame(client):
    from web.form import EMBED_HEIGHT

    html = unescape(client.get(OREM).get_data(as_text=True))
    code = re.search(r"<pre><code>(.*?)</code></pre>", html, re.S).group(1)
    assert f'height="{EMBED_HEIGHT}"' in code and EMBED_HEIGHT >= 760 and "data-deadlines-embed" in code
    assert 'e.origin!=="https://deadlines.example"' in code and "deadlinesEmbedHeight" in code
    embed = client.get("/embed/orem-ut").get_data(as_text=True)
    assert '<script src="/static/embed-size.js" defer></script>' in embed


# 4. Unknown ids and typos: the nearest governments

@pytest.mark.parametrize("typed,first", [("orem", "orem-ut"), ("denvr", "denver-co"), ("ypsilantti-mi", "ypsilanti-mi")])
def test_an_unknown_id_suggests_the_nearest_ids_and_names(client, typed, first):
    body = client.get(f"/api/v1/jurisdictions/{typed}").get_json()
    assert body["suggestions"][0] == first and f"did you mean {first}" in body["detail"]
    page = client.get(f"/?jurisdiction={typed}").get_data(as_text=True)
    assert f'<a href="/?jurisdiction={first}">' in re.search(r'id="suggestions">(.*?)</p>', page).group(1)


def test_nothing_near_still_suggests_nothing(client):
    assert client.get("/api/v1/jurisdictions/atlantis").get_json()["suggestions"] == []
    assert 'id="search-suggestions"' not in client.get("/?q=atlantis").get_data(as_text=True)


@pytest.mark.parametrize("lang,said", [("en", "Did you mean"), ("es", "¿Quiso decir")])
def test_a_misspelt_search_suggests_the_nearest_names(client, lang, said):
    html = client.get(f"/?q=denvr&lang={lang}").get_data(as_text=True)
    found = re.search(r'id="search-suggestions">(.*?)</p>', html).group(1)
    assert found.startswith(said) and 'href="/?jurisdiction=denver-co' in found
    assert found.index("denver-co") < found.index("denver-township")  # the City and County first
    assert "Denver (" in unescape(found)


def test_a_misspelt_search_keeps_its_filters(client):
    html = client.get("/?q=denvr&state=MI").get_data(as_text=True)
    found = re.search(r'id="search-suggestions">(.*?)</p>', html).group(1)
    assert "denver-township" in found and "denver-co" not in found
