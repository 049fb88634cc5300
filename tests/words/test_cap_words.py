"""The cap of events per cycle (issue 28, item 7) in words and in the
OpenAPI document: ``events.too_many`` is a coded error (its English template
is the message, its Spanish in the engine catalog), and the clerk API's 422
for the 201st event, like its 429 for bad tokens, is the answer the document
declares (:mod:`tests.openapi_walk`). The first 200 events are stored
straight through the store (as in ``tests/clerk/test_event_cap.py``)."""
from __future__ import annotations

import secrets

import pytest
from sqlalchemy.orm import Session

from deadlines.core.errors import ERRORS
from deadlines import commands
from deadlines.words import words
from tests.desk_helpers import API, CYCLE, bearer, seed_events
from tests.openapi_walk import Walk
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)
from web import create_app

from conftest import TODAY

EVENT = {"name": "ordinance-adopted", "at": "2026-06-01"}
SPANISH = "como máximo 200"


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                       "RATELIMIT_CLERK_WRITES": "10000 per minute"})


@pytest.fixture
def full(app):
    """model-city's 2026 cycle holding its 200 events; the clerk's token."""
    seed_events(app, 200)
    return bearer(app)


def _too_many(app) -> commands.TooManyEvents:
    jur = app.extensions["registry"].get("model-city")
    with Session(app.extensions["records"].db) as s:
        with pytest.raises(commands.TooManyEvents) as caught:
            commands.record_event(s, jur, "ordinance-adopted", "2026-06-01", most=3)
    return caught.value


def test_the_template_is_the_message_and_spanish_says_it(app):
    seed_events(app, 3)
    exc = _too_many(app)
    assert exc.code == "events.too_many" and exc.field == "at"
    assert ERRORS[exc.code].format(**dict(exc.facts)) == str(exc)  # the template is its own msgid
    assert words("en").error(exc) == str(exc)
    said = words("es").error(exc)
    assert said.startswith("at: el ciclo del 2026-11-03 de model-city ya tiene 3 eventos registrados")
    assert "como máximo 3" in said and "no se registró nada" in said
    assert "cycle" not in said and "recorded" not in said  # nothing left in English


def _documented(app, method: str, path: str, status: int) -> dict:
    doc = app.test_client().get("/api/v1/openapi.json").get_json()
    return doc, doc["paths"][path][method]["responses"][str(status)]["content"]["application/problem+json"]["schema"]


def test_the_201st_event_answers_the_422_the_document_declares(app, full):
    client = app.test_client()
    for method, path, url, body in [
            ("post", "/api/v1/jurisdictions/{jid}/events", f"{API}/model-city/events", EVENT),
            ("put", "/api/v1/jurisdictions/{jid}/events/{event_id}", None, {**EVENT, "at": "2026-07-01"})]:
        if url is None:  # an event of another cycle moved into the full one
            later = client.post(f"{API}/model-city/events", json={**EVENT, "at": "2027-05-03"}, headers=full)
            assert later.status_code == 201
            url = f"{API}/model-city/events/{later.get_json()['id']}"
        r = getattr(client, method)(url, json=body, headers=full)
        assert r.status_code == 422 and r.mimetype == "application/problem+json"
        problem = r.get_json()
        assert problem["limit"] == 200 and problem["cycle"] == CYCLE.isoformat() and problem["field"] == "at"
        doc, schema = _documented(app, method, path, 422)
        walk = Walk(doc)
        assert walk.drift(problem, schema) == []
        # the plain problem alone would not hold it: the document declares the members
        assert sorted(walk.drift(problem, {"$ref": "#/components/schemas/Problem"})) == [
            "Problem.cycle: not declared", "Problem.limit: not declared"]
    # an ordinary 422 of the same operation still fits
    bad = client.post(f"{API}/model-city/events", json={"name": "ordinance-vetoed", "at": "2026-06-01"}, headers=full)
    doc, schema = _documented(app, "post", "/api/v1/jurisdictions/{jid}/events", 422)
    assert bad.status_code == 422 and Walk(doc).drift(bad.get_json(), schema) == []


def test_the_201st_event_with_lang_es_is_said_in_spanish(app, full):
    r = app.test_client().post(f"{API}/model-city/events", json=EVENT, headers=full, query_string={"lang": "es"})
    assert r.status_code == 422 and r.get_json()["limit"] == 200
    assert SPANISH in r.get_json()["detail"]


def test_accept_language_alone_leaves_the_api_in_english(app, full):
    """As every surface of the API (tests/web/test_api_lang.py): only an asked ``lang`` changes an answer."""
    r = app.test_client().post(f"{API}/model-city/events", json=EVENT, headers={**full, "Accept-Language": "es"})
    assert r.status_code == 422 and "at most 200" in r.get_json()["detail"]


def test_bad_tokens_past_the_limit_answer_the_429_the_document_declares(sqlite_url):
    app = create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                      "RATELIMIT_CLERK_AUTH_FAILURES": "2 per minute"})
    client = app.test_client()
    bad = {"Authorization": f"Bearer dlc_{secrets.token_urlsafe(32)}"}
    codes = [client.get(f"{API}/model-city/events", headers=bad).status_code for _ in range(3)]
    assert codes == [401, 401, 429]
    for method, path, url, kw in [("get", "/api/v1/jurisdictions/{jid}/history", f"{API}/model-city/history", {}),
                                  ("post", "/api/v1/jurisdictions/{jid}/events", f"{API}/model-city/events",
                                   {"json": EVENT}),
                                  ("delete", "/api/v1/jurisdictions/{jid}/events/{event_id}",
                                   f"{API}/model-city/events/1", {})]:
        r = getattr(client, method)(url, headers=bad, **kw)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        doc, schema = _documented(app, method, path, 429)
        assert Walk(doc).drift(r.get_json(), schema) == []
        declared = doc["paths"][path][method]["responses"]["429"]
        assert {"Retry-After", "WWW-Authenticate"} <= set(declared["headers"]) and r.headers["WWW-Authenticate"].startswith("Bearer")
        assert "RATELIMIT_CLERK_AUTH_FAILURES" in declared["description"]


def test_every_clerk_operation_documents_the_429():
    from deadlines.core.registry import Registry
    from web.openapi import document

    doc = document(Registry().all()[:3])
    clerk = [(p, m, op) for p, ops in doc["paths"].items() for m, op in ops.items() if "clerk" in op.get("tags", ())]
    assert clerk and all("429" in op["responses"] for _, _, op in clerk)
    for path, method, op in clerk:
        said = op["responses"]["429"]["description"]
        assert "RATELIMIT_CLERK_AUTH_FAILURES" in said
        assert ("RATELIMIT_CLERK_WRITES" in said) == (method != "get"), (method, path)
