"""A feed asked for one audience says whom it is for in the reader's words
(issue 27: "(candidates)" stayed English in a Spanish feed's name), in a
government's own feed and a combined one, with the same audience words the
pages use (deadlines.publish.words.AUDIENCE_WORDS). Read back with Home
Assistant's ``ical`` (tests/ical_readers.py), not the code that wrote it."""
from __future__ import annotations

import pytest

from tests.ical_readers import read_words


@pytest.mark.parametrize("path, en, es", [
    ("/calendars/orem-ut.ics",
     "City of Orem: election deadlines (for candidates)", "City of Orem: fechas límite electorales (para candidatos)"),
    ("/calendars/combined.ics?j=orem-ut",
     "Election deadlines: City of Orem (1 government) (for candidates)",
     "Fechas límite electorales: City of Orem (1 gobierno) (para candidatos)"),
])
def test_a_feed_for_candidates_says_so_in_the_readers_language(client, path, en, es):
    sep = "&" if "?" in path else "?"
    got_en = client.get(f"{path}{sep}audience=candidates")
    got_es = client.get(f"{path}{sep}audience=candidates&lang=es")
    assert got_en.status_code == got_es.status_code == 200
    assert read_words(got_en.data)[0] == en
    assert read_words(got_es.data)[0] == es
    assert "candidates" not in read_words(got_es.data)[0]


def test_the_clerks_feed_in_spanish_names_the_clerk_in_spanish(client):
    name, _ = read_words(client.get("/calendars/orem-ut.ics?audience=clerk&lang=es").data)
    assert name == "City of Orem: fechas límite electorales (para el secretario(a))"
    name, _ = read_words(client.get("/calendars/orem-ut.ics").data)
    assert name == "City of Orem: election deadlines"  # every deadline: no audience said


def test_a_state_feed_for_petitioners_is_named_in_spanish(client):
    name, _ = read_words(client.get("/calendars/combined.ics?state=UT&kind=town&audience=petitioners&lang=es").data)
    assert name.endswith(" (para peticionarios)") and name.startswith("Fechas límite electorales: "), name
