"""What a person reads is words in their language, never a Python value:
"How these dates are computed" says each election's rule in words (it once
printed ``Note(code='election.tuesday_after_first_monday', ...)``), and the
lookup form says a mistake beside its field in the page's language.

Orem's general election (Utah Code 20A-1-202(1)): "the Tuesday after the
first Monday in November" of odd-numbered years; in Spanish "el martes
siguiente al primer lunes de noviembre de los años impares"."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from deadlines.core.registry import Registry

REPR = re.compile(r"Note\(|args=\(|code=&#39;|code='")


def _one_per_kind() -> list[str]:
    """Every government with a calendar file of its own, the first roster
    government of each state and kind, and three with researched facts."""
    own = {p.stem for p in (Path(__file__).resolve().parents[2] / "calendars").glob("*.toml")}
    seen, ids = set(), ["orem-ut", "hanksville-ut", "adrian-mi"]
    for jur in Registry().all():
        if jur.id in own or (jur.state, jur.kind) not in seen:
            seen.add((jur.state, jur.kind))
            ids.append(jur.id)
    return ids


@pytest.mark.parametrize("lang", ["en", "es"])
def test_how_these_dates_are_computed_prints_no_python_value(reader, lang):
    ids = _one_per_kind()
    assert len(ids) > 20 and {"boulder-co", "ypsilanti-mi", "colorado-local"} <= set(ids)
    for jid in ids:
        resp = reader.get(f"/jurisdictions/{jid}?lang={lang}")
        assert resp.status_code == 200, jid
        html = resp.get_data(as_text=True)
        assert not REPR.search(html), (jid, REPR.search(html).group(0))


def test_elections_are_said_in_words(reader):
    en = unescape(reader.get("/jurisdictions/orem-ut").get_data(as_text=True))
    es = unescape(reader.get("/jurisdictions/orem-ut?lang=es").get_data(as_text=True))
    assert "the Tuesday after the first Monday in November of odd-numbered years (Utah Code 20A-1-202(1))" in en
    assert "el martes siguiente al primer lunes de noviembre de los años impares" in es


def _error(client, query: str, field: str) -> str:
    resp = client.get("/?" + query)
    assert resp.status_code == 400, query
    html = resp.get_data(as_text=True)
    return unescape(re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', html).group(1))


@pytest.mark.parametrize("query, field, spanish", [
    # 2026-13-40: there is no 13th month
    ("jurisdiction=ypsilanti-mi&election=2026-13-40", "election",
     "Escriba la fecha de la elección general con día, mes y año, por ejemplo 3 de noviembre de 2026 "
     "(escrito como 2026-11-03). Usted escribió «2026-13-40». Esa fecha no existe en el calendario."),
    ("jurisdiction=ypsilanti-mi&election=1776-07-04", "election",
     "Escriba la fecha de la elección general entre los años 2000 y 2099"),
    ("jurisdiction=atlantis&election=2026-11-03", "jurisdiction",
     "Elija una jurisdicción de la lista. «atlantis» no es una de ellas."),
    ("jurisdiction=salt-lake-city-ut&for=salt-lake-city-ut&objection-filed=2025-06-16", "objection-filed",
     "con la hora del día, por ejemplo 16 de junio de 2025 a las 2:30 p.m. (escrito como 2025-06-16T14:30)"),
])
def test_form_errors_in_spanish(reader, query, field, spanish):
    said = _error(reader, query + "&lang=es", field)
    assert spanish in said
    assert not re.search(r"\b(Enter|You entered|Choose|expected|got)\b", said), said


def test_form_errors_in_english_unchanged(reader):
    said = _error(reader, "jurisdiction=ypsilanti-mi&election=2026-13-40", "election")
    assert said == ("Enter the general election date as month, day and year, for example November 3, 2026 "
                    "(typed as 2026-11-03). You entered “2026-13-40”. That is not a date on the calendar. "
                    "(election: expected a date YYYY-MM-DD, got '2026-13-40')")


def test_a_public_report_refused_says_why_in_the_language_asked(client):
    body = {"deadline": "withdrawal", "election": "2027-11-02", "due": "2027-08-27T17:00", "source": "https://orem.example/n",
            "quote": "Last day to withdraw: August 27, 2027, 5 p.m."}
    en = client.post("/api/v1/jurisdictions/orem-ut/reports", json=body)
    es = client.post("/api/v1/jurisdictions/orem-ut/reports?lang=es", json=body)
    assert en.status_code == es.status_code == 422
    assert en.json["detail"].startswith("due: a time needs its UTC offset: a date (YYYY-MM-DD)")
    assert es.json["detail"].startswith("due: una hora necesita su desfase UTC")
    unknown = client.post("/api/v1/jurisdictions/orem-ut/reports?lang=es", json={**body, "deadline": "nope"})
    assert unknown.json["detail"].startswith("deadline: orem-ut no tiene la fecha límite 'nope'")
