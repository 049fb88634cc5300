"""The deadlines API in Spanish: ``lang=es`` renders the steps, warnings and
ends in Spanish beside the same notes (facts) and the same dates; only an
asked ``lang`` changes it (an integrator's output does not follow a
browser's ``Accept-Language``); an unknown language is refused by name."""
from __future__ import annotations

import pytest

from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

API = "/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election=2027-11-02"


@pytest.fixture
def client(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": "2027-05-01",
                       "BASE_URL": "https://deadlines.example"}).test_client()


def _by_id(body: dict) -> dict:
    return {d["id"]: d for d in body["deadlines"]}


def test_lang_es_says_the_same_facts_in_spanish(client):
    en, es = client.get(API), client.get(API + "&lang=es")
    assert en.status_code == es.status_code == 200
    assert en.headers["Content-Language"] == "en" and es.headers["Content-Language"] == "es"
    en_d, es_d = _by_id(en.get_json()), _by_id(es.get_json())
    assert en_d.keys() == es_d.keys()
    for rid in en_d:
        for same in ("due", "safe_due", "start", "status", "notes", "text", "citation"):
            assert en_d[rid].get(same) == es_d[rid].get(same), (rid, same)
        assert len(en_d[rid]["steps"]) == len(es_d[rid]["steps"])
    # Utah Code 20A-9-203(3)(a)(i): declarations close at 5 p.m. on June 7; 2027-06-07 is a Monday
    declaration = es_d["declaration-filing"]
    assert declaration["due"] == "2027-06-07T17:00:00-06:00"
    assert any("7 de junio de 2027" in step for step in declaration["steps"])
    assert not any("June 7, 2027" in step for step in declaration["steps"])
    assert any("June 7, 2027" in step for step in en_d["declaration-filing"]["steps"])


def test_only_an_asked_lang_changes_the_answer(client):
    plain = client.get(API).get_json()
    assert client.get(API, headers={"Accept-Language": "es"}).get_json() == plain
    assert client.get(API + "&lang=en").get_json() == plain


def test_an_unknown_language_is_a_problem_naming_the_field(client):
    r = client.get(API + "&lang=fr")
    assert r.status_code == 400 and r.get_json()["field"] == "lang"
    assert "en, es" in r.get_json()["detail"]


def test_openapi_documents_lang():
    from deadlines.core.registry import Registry
    from web.openapi import document

    op = document(Registry().all()[:3])["paths"]["/api/v1/jurisdictions/{jid}/deadlines"]["get"]
    lang = [p for p in op["parameters"] if p["name"] == "lang"]
    assert len(lang) == 1 and lang[0]["schema"]["enum"] == ["en", "es"]
    assert all("lang" in names for names in op["x-parameters-by-jurisdiction"].values())


@pytest.mark.parametrize("url, status, code_words, english", [
    ("/api/v1/jurisdictions/ypsilantti-mi/deadlines", 404, "jurisdicción desconocida 'ypsilantti-mi'; ¿quiso decir "
     "ypsilanti-mi?", "unknown jurisdiction 'ypsilantti-mi'; did you mean ypsilanti-mi?"),
    ("/api/v1/jurisdictions/Bad_Id/deadlines", 404, "'Bad_Id' no es un identificador de jurisdicción",
     "'Bad_Id' is not a jurisdiction id"),
    (API + "&objection-filed=2027-06-1x", 400, "objection-filed: se esperaba una fecha AAAA-MM-DD o una fecha y hora",
     "objection-filed: expected a date YYYY-MM-DD or a date and time"),
    ("/calendars/model-city/2026-11-04.ics", 400, "2026-11-04 no es la fecha de una elección",
     "2026-11-04 is not the date of a "),
    ("/calendars/model-city/case-99.ics", 404, "model-city no tiene el caso 'case-99'", "model-city has no case 'case-99'"),
])
def test_a_newly_coded_error_is_a_problem_in_the_lang_asked(client, url, status, code_words, english):
    """Input errors that had no code answered in English whatever was asked;
    each is said in Spanish now, its status, field and English unchanged."""
    joined = "&" if "?" in url else "?"
    en, es = client.get(url), client.get(url + joined + "lang=es")
    assert en.status_code == es.status_code == status
    assert en.get_json()["detail"].startswith(english)
    assert es.get_json()["detail"].startswith(code_words) and english not in es.get_json()["detail"]
    assert en.get_json().get("field") == es.get_json().get("field")
    assert en.get_json().get("suggestions") == es.get_json().get("suggestions")
