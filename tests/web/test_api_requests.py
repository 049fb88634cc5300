"""The clerk API's request bodies are read through the models the OpenAPI
document is generated from (:mod:`web.schemas.clerk`): the document's
request schemas are those models', and a body that breaks one (a wrong JSON
type, a value out of range) is a 422 naming the field, with nothing stored;
keys a model does not declare are ignored, as they always were."""
from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from deadlines.store import tokens
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app
from web.schemas import REF, components
from web.schemas.clerk import (ClosureIn, DecisionIn, ElectionIn, EventIn, FilingOfficeIn, OfficeHoursIn, OverrideIn,
                               PublicationIn, SubscriptionIn)
from web.schemas.reports import ReportIn

from conftest import TODAY

API = "/api/v1/jurisdictions"


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def _auth(app, jid):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        return {"Authorization": f"Bearer {tokens.create(s, jid, 'Clerk')[1]}"}


def test_the_documents_request_bodies_are_the_models(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    bodies = {(path, method): op["requestBody"]["content"]["application/json"]["schema"]
              for path, ops in doc["paths"].items() for method, op in ops.items() if "requestBody" in op}
    models = {("/events", "post"): EventIn, ("/events/{event_id}", "put"): EventIn,
              ("/elections/{cycle}", "put"): ElectionIn, ("/overrides/{cycle}/{deadline}", "put"): OverrideIn,
              ("/decisions/{cycle}/{choice}", "put"): DecisionIn, ("/subscriptions", "post"): SubscriptionIn,
              ("/office-hours", "put"): OfficeHoursIn, ("/closures", "post"): ClosureIn, ("/reports", "post"): ReportIn,
              ("/notices/{cycle}/{deadline}", "put"): PublicationIn, ("/filing-office", "put"): FilingOfficeIn}
    assert bodies == {(f"{API}/{{jid}}{tail}", method): {"$ref": REF.format(model=model.__name__)}
                      for (tail, method), model in models.items()}
    for model in set(models.values()):
        assert doc["components"]["schemas"][model.__name__] == model.model_json_schema(ref_template=REF)
        assert components()[model.__name__] == doc["components"]["schemas"][model.__name__]


@pytest.mark.parametrize("jid, method, path, body, field, detail", [
    ("model-city", "post", "events", {"name": 5, "at": "2026-05-04"}, "name", "name: text"),
    ("model-city", "post", "events", {"name": "ordinance-adopted", "at": "2026-05-04", "label": "x" * 201},
     "label", "label: at most 200 characters"),
    ("salt-lake-city-ut", "put", "decisions/2019-11-05/ranked-choice", {"taken": 1, "authority": "a"}, "taken",
     "taken: true or false"),
    ("model-city", "post", "subscriptions", {"channel": "email", "target": "a@example.org", "notice_lead": "3"},
     "notice_lead", "notice_lead: a whole number"),
    ("model-city", "post", "subscriptions", {"channel": "email", "target": "a@example.org", "leads": [7, 400]},
     "leads", "leads[1]: at most 365"),
    ("model-city", "post", "subscriptions", {"channel": "email", "target": "a@example.org", "leads": []},
     "leads", "leads: at least 1 item(s)"),
    ("model-city", "post", "subscriptions", {"channel": "email", "target": "a@example.org",
                                             "deadlines": "referendum-petition-filing"}, "deadlines", "deadlines: a list"),
    ("model-city", "post", "subscriptions", {"channel": "fax", "target": "555-0100"}, "channel",
     "channel: 'email' or 'webhook'"),
    ("ypsilanti-mi", "put", "overrides/2026-11-03/petition-filing",
     {"status": "moved", "authority": "a", "reason": "r"}, "status", "status: 'overridden' or 'cancelled'"),
    ("ypsilanti-mi", "put", "overrides/2026-11-03/petition-filing",
     {"due": "2026-05-08", "authority": " \t", "reason": "r"}, "authority", "authority: required text, not blank"),
    ("ypsilanti-mi", "put", "elections/2026-11-03", {"general": 20261110}, "general", "general: text"),
])
def test_a_body_breaking_its_model_is_422_naming_the_field(app, jid, method, path, body, field, detail):
    client, auth = app.test_client(), _auth(app, jid)
    resp = getattr(client, method)(f"{API}/{jid}/{path}", json=body, headers=auth)
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json", resp.get_data(as_text=True)
    assert (resp.json["field"], resp.json["detail"]) == (field, detail)
    assert client.get(f"{API}/{jid}/history", headers=auth).json["items"] == []
    assert app.extensions["records"].revision(jid) == "0"


def test_keys_a_model_does_not_declare_are_ignored(app):
    auth = _auth(app, "model-city")
    resp = app.test_client().post(f"{API}/model-city/events", headers=auth,
                                  json={"name": "ordinance-adopted", "at": "2026-05-04", "comment": "from the desk"})
    assert resp.status_code == 201 and "comment" not in resp.json
