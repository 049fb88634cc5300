"""``/deadlines`` as a reader pages through it: the "Next" links on the page
itself lead through every row of the listing once, in order (one row per
government: ``view=rows``; grouped by deadline, the default where governments
share one: the same rows, gathered)."""
from __future__ import annotations

import csv
import html
import io
import re

#: Utah County's governments over 2025: 200 dates (the CSV, which has no pages, holds them all)
QUERY = "/deadlines?state=UT&county=Utah&from=2025-01-01&to=2025-12-31&view=rows"
ROW = re.compile(r'<li class="deadline[^"]*" id="[^"]*" data-uid="([^"]+)" data-edge="([^"]+)">')
NEXT = re.compile(r'<a href="([^"]+)" rel="next">Next (\d+) dates</a>')


def test_next_links_lead_through_every_row_once(client):
    body = client.get(QUERY.replace("/deadlines?", "/deadlines.csv?").replace("&view=rows", "")).data.decode("utf-8-sig")  # a BOM for Excel
    every = list(csv.DictReader(io.StringIO(body)))
    assert len(every) > 120  # more than two pages of 60
    url, pages, seen = QUERY + "&limit=60", 0, []
    while url:
        page = client.get(url).get_data(as_text=True)
        rows = ROW.findall(page)
        assert 0 < len(rows) <= 60
        seen += rows
        pages += 1
        found = NEXT.search(page)
        assert (found is None) == (len(seen) == len(every))  # a next link exactly while rows are left
        if found:
            assert found.group(2) == "60"  # says the page's own size
        url = html.unescape(found.group(1)) if found else None
    assert pages == -(-len(every) // 60)
    assert len(seen) == len(set(seen)) == len(every)  # no row twice, none lost
    # in the listing's order: the CSV's rows are the pages' rows one after another
    for (uid, edge), r in zip(seen, every):
        assert (uid.split("/")[0], uid.split("/")[-1], edge) == (r["jurisdiction_id"], r["id"], r["edge"])


def test_a_link_that_asks_for_spanish_still_lists_the_deadlines(client):
    """A newsroom following a Spanish page's link (``lang=es``) gets the listing,
    not "No parameter 'lang' here": the language is the page's, not a filter."""
    english = client.get(QUERY + "&limit=60")
    asked = client.get(QUERY + "&limit=60&lang=es")
    assert asked.status_code == english.status_code == 200
    assert ROW.findall(asked.get_data(as_text=True)) == ROW.findall(english.get_data(as_text=True))


def test_the_page_in_spanish(client):
    """The listing's words in Spanish (dates through Babel: 2025-01-01 and
    2025-12-31 are Wednesdays), the same rows as in English, its links keeping
    the language; the English page says what it said."""
    page = client.get(QUERY + "&limit=60&lang=es")
    text = html.unescape(page.get_data(as_text=True))
    assert page.headers["Content-Language"] == "es" and '<html lang="es">' in text
    assert "<h1>Fechas límite de todos los gobiernos</h1>" in text
    assert "fechas del miércoles, 1 de enero de 2025 al miércoles, 31 de diciembre de 2025</h2>" in text
    assert '<label for="f-kind">Tipo de gobierno</label>' in text and ">ciudades</option>" in text
    assert "elección del " in text and "condado de Utah" in text and "Suscribirse a estas" in text
    assert re.search(r'rel="next">Siguientes 60 fechas</a>', text)
    assert '<input type="hidden" name="lang" value="es">' in text
    for english in ("Deadlines across governments", "Show deadlines", "election of ", "Subscribe to these",
                    "Kind of government", "Next 60 dates", "Utah County ·"):  # (a name may hold "County")
        assert english not in text, english
    # each row's link to its government's form keeps the language and names the government
    links = re.findall(r'<h3 class="row-title">.*?<a href="([^"]+)">', text)
    assert links and all(re.fullmatch(r"/\?lang=es&jurisdiction=[a-z0-9-]+&election=\d{4}-\d\d-\d\d#[a-z0-9-]+", u)
                         for u in links), links[:3]
    en = html.unescape(client.get(QUERY + "&limit=60").get_data(as_text=True))
    assert "<h1>Deadlines across governments</h1>" in en and "Utah County" in en and "election of " in en
    assert ROW.findall(text) == ROW.findall(en)


def test_a_filter_at_fault_is_said_in_the_pages_language(client):
    es = html.unescape(client.get("/deadlines?state=CO&kind=county&lang=es").get_data(as_text=True))
    en = html.unescape(client.get("/deadlines?state=CO&kind=county").get_data(as_text=True))
    assert '<p class="error" id="f-kind-error">Elija uno de estos tipos de gobierno: city, village,' in es
    assert '<p class="error" id="f-kind-error">Kind must be one of city, village,' in en
    backwards = html.unescape(client.get("/deadlines?from=2026-05-01&to=2026-04-01&lang=es").get_data(as_text=True))
    assert "Hasta: el intervalo termina antes de empezar" in backwards


def test_the_listings_csv_in_spanish_from_the_spanish_page(client):
    page = html.unescape(client.get(QUERY + "&lang=es").get_data(as_text=True))
    link = re.search(r'href="([^"]+)" id="listing-csv"', page).group(1)
    assert link.startswith("/deadlines.csv?") and "lang=es" in link
    es = list(csv.reader(io.StringIO(client.get(link).data.decode("utf-8-sig"))))
    en = list(csv.reader(io.StringIO(client.get(QUERY.replace("/deadlines?", "/deadlines.csv?").replace("&view=rows", "")).data
                                     .decode("utf-8-sig"))))
    assert es[0][:6] == ["Apertura o cierre", "Fecha", "Hora", "En palabras", "Elección", "Jurisdicción"]
    assert en[0][:6] == ["edge", "date", "time", "in_words", "election", "jurisdiction"]
    assert len(es) == len(en) > 120
    for s, e in zip(es[1:], en[1:]):
        assert (s[0], s[1], s[4], s[6], s[7]) == (e[0], e[1], e[4], e[6], e[7])  # codes, ISO dates and ids as they are
    assert any(" de 2025" in r[3] for r in es[1:]) and not any(" de 2025" in r[3] for r in en[1:])
