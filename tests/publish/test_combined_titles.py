"""The combined feed's titles say the government and "Last day" as a
government's own feed does, in the reader's language ("Último día" with
``lang=es``), under the same UIDs and versions as the English feed; every
client still reads it alike (icalendar, Home Assistant's ``ical``,
recurring-ical-events, ical.js, node-ical)."""
from __future__ import annotations

import icalendar

from tests.ical_readers import read_every_client

COMBINED = "/calendars/combined.ics?j=orem-ut,ypsilanti-mi"


def summaries(body: bytes) -> dict[str, str]:
    return {str(e["uid"]): str(e["summary"]) for e in icalendar.Calendar.from_ical(body).walk("VEVENT")}


def test_the_combined_feed_names_the_government_and_the_last_day_in_spanish(client, tmp_path):
    en, es = client.get(COMBINED), client.get(COMBINED + "&lang=es")
    assert en.status_code == es.status_code == 200
    said_en, said_es = summaries(en.data), summaries(es.data)
    assert said_en.keys() == said_es.keys() and len(said_es) > 10
    for uid, title in said_es.items():
        place = "City of Orem" if "orem-ut/" in uid else "City of Ypsilanti, Michigan"
        assert title.startswith(place + ": "), title
        if said_en[uid].startswith(place + ": Last day: "):  # a window's closing event
            assert title.startswith(place + ": Último día: "), title
        assert "Last day" not in title and "Open:" not in title, title
    # the single feed says the same title for the same event
    own = summaries(client.get("/calendars/orem-ut.ics?lang=es").data)
    assert {u: t for u, t in said_es.items() if u in own} == {u: own[u] for u in own if u in said_es}
    assert "Fechas límite electorales: City of Orem y City of Ypsilanti, Michigan (2 gobiernos)" in es.get_data(
        as_text=True).replace("\r\n ", "")
    # one version per event whatever the language; every client reads the Spanish feed as the English one
    assert read_every_client(es.data, tmp_path) == read_every_client(en.data, tmp_path)


def test_a_combined_feed_of_one_says_one_government(client):
    body = client.get("/calendars/combined.ics?j=orem-ut").get_data(as_text=True)
    assert "X-WR-CALNAME:Election deadlines: City of Orem (1 government)" in body.replace("\r\n ", "")


def test_a_combined_feed_by_county_is_named_in_spanish(client):
    body = client.get("/calendars/combined.ics?state=MI&county=Dickinson&kind=township&lang=es").get_data(as_text=True)
    assert "del condado de Dickinson, Michigan" in body.replace("\r\n ", "")


def test_same_named_governments_are_told_apart_in_the_name_and_description(client):
    """Michigan has several "Adams Township": a feed of two names each by its county."""
    from tests.ical_readers import read_words

    for lang, county in (("en", "Arenac County"), ("es", "condado de Arenac")):
        body = client.get("/calendars/combined.ics?j=adams-township-hillsdale-mi,adams-township-arenac-mi"
                          f"&lang={lang}").data
        name, events = read_words(body)
        assert f"Adams Township ({county})" in name, name
        assert "Hillsdale" in name
        about = str(icalendar.Calendar.from_ical(body).get("X-WR-CALDESC"))
        assert f"Adams Township ({county}) (America/Detroit)" in about, about
        assert "Hillsdale" in about
        assert events
