"""The clerk's write API: auth, writes reaching the engine, bad input -> 4xx
with nothing stored, and a webhook subscription told when a date moves."""
from datetime import date, datetime, timedelta, timezone

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.reminders.scheduler import Worker
from deadlines.service import cycle_of, lookup
from deadlines.store import tokens
from deadlines.store.tables import ElectionEntry, OverrideEntry, Subscription, TriggerEvent
from tests.reminders_fixtures import receiver, settings_for, sqlite_url  # noqa: F401
from web import create_app

from conftest import TODAY
from deadlines.words import words

EN = words("en")  # the engine's notes in English

API = "/api/v1/jurisdictions"


@pytest.fixture
def app(sqlite_url, monkeypatch, tmp_path):
    monkeypatch.setenv("DEADLINES_WEBHOOK_ALLOW_NETS", "127.0.0.0/8")
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def _token(app, jid):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        row, secret = tokens.create(s, jid)
    return row, {"Authorization": f"Bearer {secret}"}


def _count(app, model):
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(model))


def test_auth_no_token_other_jurisdiction_revoked(app):
    client = app.test_client()
    body = {"name": "ordinance-adopted", "at": "2026-05-04"}
    r = client.post(f"{API}/model-city/events", json=body)
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.post(f"{API}/model-city/events", json=body, headers={"Authorization": "Bearer nope"}).status_code == 401
    _, slc = _token(app, "salt-lake-city-ut")
    assert client.post(f"{API}/model-city/events", json=body, headers=slc).status_code == 403
    row, mine = _token(app, "model-city")
    with Session(app.extensions["records"].db) as s, s.begin():
        tokens.revoke(s, row.id)
    assert client.post(f"{API}/model-city/events", json=body, headers=mine).status_code == 401
    assert client.get(f"{API}/model-city/events", headers=mine).status_code == 401
    assert _count(app, TriggerEvent) == 0
    _, fresh = _token(app, "model-city")
    assert client.post(f"{API}/model-city/events", json=body, headers=fresh).status_code == 201
    assert _count(app, TriggerEvent) == 1


@pytest.mark.parametrize("path,method,body,status", [
    ("model-city/events", "post", {"name": "ordinance-vetoed", "at": "2026-05-04"}, 422),
    ("model-city/events", "post", {"name": "ordinance-adopted", "at": "2026-02-30"}, 422),
    ("model-city/events", "post", {"name": "ordinance-adopted", "at": "May 4"}, 422),
    ("model-city/events", "post", {"name": "ordinance-adopted"}, 422),
    ("model-city/events", "post", ["ordinance-adopted"], 400),
    ("model-city/events", "post", {"name": "ordinance-adopted", "at": "2026-05-04", "pad": "x" * 20000}, 413),
    ("model-city/elections/2026-11-03", "put", {"general": "2026-11-3x"}, 422),
    ("model-city/elections/2026-11-04", "put", {"general": "2026-11-10"}, 422),
    ("model-city/overrides/2026-11-03/referendum-petition-filing", "put", {"due": "2026-06-01"}, 422),
    ("model-city/overrides/2026-11-03/nope", "put", {"due": "2026-06-01", "authority": "a", "reason": "r"}, 422),
    ("model-city/subscriptions", "post", {"channel": "webhook", "target": "http://10.0.0.5/hook"}, 422),
    ("model-city/subscriptions", "post", {"channel": "email", "target": "not-an-address"}, 422),
    ("model-city/subscriptions", "post", {"channel": "pigeon", "target": "x"}, 422),
    ("model-city/subscriptions", "post", {"channel": "email", "target": "a@example.org", "audience": "aliens"}, 422),
    ("atlantis/events", "post", {"name": "x", "at": "2026-05-04"}, 404),
])
def test_bad_input_is_4xx_and_nothing_is_stored(app, path, method, body, status):
    _, auth = _token(app, "model-city")
    r = getattr(app.test_client(), method)(f"{API}/{path}", json=body, headers=auth)
    assert r.status_code == status, r.get_data(as_text=True)
    for model in (TriggerEvent, ElectionEntry, OverrideEntry, Subscription):
        assert _count(app, model) == 0
    assert app.extensions["records"].revision("model-city") == "0"


def test_non_json_body_is_415(app):
    _, auth = _token(app, "model-city")
    r = app.test_client().post(f"{API}/model-city/events", data="name=ordinance-adopted", headers=auth,
                               content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415 and _count(app, TriggerEvent) == 0


def test_record_change_delete_event_and_overrides(app):
    _, auth = _token(app, "salt-lake-city-ut")
    client, src = app.test_client(), app.extensions["records"]
    jur = app.extensions["registry"].get("salt-lake-city-ut")
    r = client.post(f"{API}/salt-lake-city-ut/events", json={"name": "objection-filed", "at": "2027-06-10T10:00"}, headers=auth)
    assert r.status_code == 201 and r.json["at"] == "2027-06-10T10:00:00-06:00"
    eid = r.json["id"]
    assert client.put(f"{API}/salt-lake-city-ut/events/{eid}", json={"name": "objection-filed", "at": "2027-06-11T09:00"},
                      headers=auth).status_code == 200
    due = {d.id: d.due for d in lookup(jur, today=date(2027, 1, 1), records=src).deadlines}["objection-decision"]
    assert due.isoformat() == "2027-06-13T09:00:00-06:00"
    assert client.delete(f"{API}/salt-lake-city-ut/events/{eid}?reason=filed in error", headers=auth).status_code == 204
    assert client.delete(f"{API}/salt-lake-city-ut/events/{eid}", headers=auth).status_code == 404
    decision = {d.id: d for d in lookup(jur, today=date(2027, 1, 1), records=src).deadlines}["objection-decision"]
    assert decision.status == "cancelled" and decision.due.isoformat() == "2027-06-13T09:00:00-06:00"
    assert "filed in error" in EN.steps(decision, "")[-1]

    ov = {"due": "2027-10-15T17:00", "authority": "Order of the court", "reason": "ballots"}
    assert client.put(f"{API}/salt-lake-city-ut/overrides/2027-11-02/withdrawal", json=ov, headers=auth).status_code == 200
    assert client.get(f"{API}/salt-lake-city-ut/overrides", headers=auth).json["items"][0]["authority"] == "Order of the court"
    assert client.delete(f"{API}/salt-lake-city-ut/overrides/2027-11-02/withdrawal", headers=auth).status_code == 204
    assert client.put(f"{API}/salt-lake-city-ut/elections/2027-11-02", json={"general": "2027-11-09"},
                      headers=auth).json == {"cycle": "2027-11-02", "general": "2027-11-09", "primary": None,
                                             "authority": None, "reason": None}


def test_webhook_subscriber_is_told_when_the_ordinance_date_changes(app, receiver):
    _, auth = _token(app, "model-city")
    client = app.test_client()
    r = client.post(f"{API}/model-city/subscriptions", json={"channel": "webhook", "target": receiver.url, "leads": [1]},
                    headers=auth)
    assert r.status_code == 201 and r.json["secret"] and r.json["confirmed"] and r.json["audience"] is None
    only = client.post(f"{API}/model-city/subscriptions", headers=auth,
                       json={"channel": "webhook", "target": receiver.url, "audience": "petitioners"})
    assert only.status_code == 201 and only.json["audience"] == "petitioners"
    assert client.delete(f"{API}/model-city/subscriptions/{only.json['id']}", headers=auth).status_code == 204
    first, then = date.today() + timedelta(days=2), date.today() + timedelta(days=9)
    jur = app.extensions["registry"].get("model-city")
    if cycle_of(jur, first) != cycle_of(jur, then):  # keep both in one election cycle
        first, then = first + timedelta(days=14), then + timedelta(days=14)
    eid = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": first.isoformat()},
                      headers=auth).json["id"]
    client.put(f"{API}/model-city/events/{eid}", json={"name": "ordinance-adopted", "at": then.isoformat()}, headers=auth)
    worker = Worker(app.extensions["records"].db, app.extensions["registry"], settings_for(),
                    lambda: datetime.now(timezone.utc))
    assert worker.tick() == {"sent": 1}
    [moved] = [q["json"] for q in receiver.requests]
    assert moved["type"] == "moved"
    assert (moved["old"]["due"], moved["new"]["due"]) == ((first + timedelta(days=30)).isoformat(),
                                                          (then + timedelta(days=30)).isoformat())
    assert client.delete(f"{API}/model-city/subscriptions/{r.json['id']}", headers=auth).status_code == 204
    assert client.get(f"{API}/model-city/subscriptions", headers=auth).json["items"][0]["active"] is False


def test_feed_shows_a_recorded_event_at_once(app):
    """The feed's cache key holds the store revision; this process's write is seen at once."""
    _, auth = _token(app, "model-city")
    client = app.test_client()
    before = client.get("/calendars/model-city.ics")
    assert before.status_code == 200 and b"referendum-petition-filing" not in before.data
    r = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2026-12-01"}, headers=auth)
    assert r.status_code == 201
    after = client.get("/calendars/model-city.ics", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    # Dec 1, 2026 + 30 days = Thursday Dec 31, 2026 (all-day: DTSTART;VALUE=DATE)
    assert f"model-city/case-{r.json['id']}/referendum-petition-filing@deadlines".encode() in after.data
    assert b"DTSTART;VALUE=DATE:20261231" in after.data


def test_the_clerks_mistakes_are_said_in_the_language_asked(app):
    """The same refusal in English (the words tools match on) and, with ``lang=es``, in Spanish."""
    client, (_, auth) = app.test_client(), _token(app, "salt-lake-city-ut")
    closure = {"day": "2027-06-04", "reason": "Courthouse closed for repairs"}
    assert client.post(f"{API}/salt-lake-city-ut/closures", json=closure, headers=auth).status_code in (200, 201)
    en = client.post(f"{API}/salt-lake-city-ut/closures", json=closure, headers=auth)
    es = client.post(f"{API}/salt-lake-city-ut/closures?lang=es", json=closure, headers=auth)
    assert en.status_code == es.status_code == 422
    assert en.json["detail"] == "day: a closure of 2027-06-04 is already recorded; delete it first to change it"
    assert es.json["detail"] == "day: ya hay un cierre registrado el viernes, 4 de junio de 2027; bórrelo antes de cambiarlo"
