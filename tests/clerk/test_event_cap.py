"""Issue 28, item 7: a cycle of a jurisdiction holds at most
``MAX_EVENTS_PER_CYCLE`` recorded trigger events (200 unless configured).
One more is refused before anything is written: a 422 problem on the clerk
API naming the field and the limit, a message beside the desk's form, and
nothing stored; another cycle still takes events."""
from __future__ import annotations

import time
from datetime import date

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.service import cycle_of
from deadlines import commands
from deadlines.store.tables import HistoryEntry, TriggerEvent
from tests.desk_helpers import API, CYCLE, bearer, csrf_of, seed_events, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)
from web import create_app

from conftest import TODAY

OTHER = date(2027, 11, 2)


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                       "RATELIMIT_CLERK_WRITES": "10000 per minute"})


def _count(app, model, **where) -> int:
    with Session(app.extensions["records"].db) as s:
        q = select(func.count()).select_from(model)
        for column, value in where.items():
            q = q.where(getattr(model, column) == value)
        return s.scalar(q)


def test_the_201st_event_of_a_cycle_is_a_422_naming_the_field_and_the_limit(app):
    jur = app.extensions["registry"].get("model-city")
    assert cycle_of(jur, date(2026, 1, 5)) == cycle_of(jur, date(2026, 10, 11)) == CYCLE
    assert commands.MAX_EVENTS_PER_CYCLE == 200
    seed_events(app, 200, key="first-try")
    auth, client = bearer(app), app.test_client()
    events, logged = _count(app, TriggerEvent), _count(app, HistoryEntry)
    assert events == 200
    started = time.monotonic()
    r = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2026-06-01"}, headers=auth)
    assert time.monotonic() - started < 5
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.headers["Content-Type"] == "application/problem+json"
    problem = r.get_json()
    assert problem["field"] == "at" and problem["limit"] == 200 and problem["cycle"] == "2026-11-03"
    assert "at most 200" in problem["detail"] and "2026-11-03" in problem["detail"]
    assert _count(app, TriggerEvent) == events and _count(app, HistoryEntry) == logged  # nothing stored
    # a deleted event still counts (its deadlines stay in the feeds, cancelled)
    first = client.get(f"{API}/model-city/events", headers=auth).get_json()["items"][0]["id"]
    assert client.delete(f"{API}/model-city/events/{first}", headers=auth).status_code == 204
    again = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2026-06-02"}, headers=auth)
    assert again.status_code == 422 and _count(app, TriggerEvent) == 200
    # a retry of a write stored before the cap was reached is answered as the first time, nothing new stored
    retry = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2026-01-05"},
                        headers={**auth, "Idempotency-Key": "first-try"})
    assert retry.status_code == 201 and retry.get_json()["id"] == first and _count(app, TriggerEvent) == 200
    # another cycle still takes events, and so does another jurisdiction
    other = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2027-05-03"}, headers=auth)
    assert other.status_code == 201, other.get_data(as_text=True)
    assert _count(app, TriggerEvent) == 201


def test_the_cap_is_configurable_and_an_event_moved_into_a_full_cycle_is_refused(sqlite_url):
    app = create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                      "MAX_EVENTS_PER_CYCLE": 3})
    auth, client = bearer(app), app.test_client()
    codes = [client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": f"2026-05-0{i}"},
                         headers=auth).status_code for i in range(1, 5)]
    assert codes == [201, 201, 201, 422]
    later = client.post(f"{API}/model-city/events", json={"name": "ordinance-adopted", "at": "2027-05-03"}, headers=auth)
    assert later.status_code == 201
    moved = client.put(f"{API}/model-city/events/{later.get_json()['id']}",
                       json={"name": "ordinance-adopted", "at": "2026-05-09"}, headers=auth)
    assert moved.status_code == 422 and moved.get_json()["limit"] == 3 and moved.get_json()["field"] == "at"
    listed = client.get(f"{API}/model-city/events", headers=auth).get_json()["items"]
    assert [e["at"] for e in listed] == ["2026-05-01", "2026-05-02", "2026-05-03", "2027-05-03"]  # unchanged
    # changed within its own cycle, an event needs no room
    same = client.put(f"{API}/model-city/events/{listed[0]['id']}", json={"name": "ordinance-adopted", "at": "2026-05-08"},
                      headers=auth)
    assert same.status_code == 200


def test_the_desk_says_so_beside_the_form_and_stores_nothing(app):
    seed_events(app, 200)
    client, _ = signed_in(app)
    token = csrf_of(client.get(f"/clerk/model-city?cycle={CYCLE}").get_data(as_text=True))
    form = {"csrf_token": token, "name": "ordinance-adopted", "date": "2026-06-01", "label": "Ordinance 2026-9",
            "submission": "desk-test-1"}
    events, logged = _count(app, TriggerEvent), _count(app, HistoryEntry)
    for step in ({}, {"step": "save"}):  # the check before the Save, and the Save itself
        r = client.post(f"/clerk/model-city/event?cycle={CYCLE}", data={**form, **step})
        assert r.status_code == 422
        page = r.get_data(as_text=True)
        assert 'id="event-error"' in page
        said = page.split('id="event-error">', 1)[1].split("</p>", 1)[0]
        assert "at most 200" in said and "nothing was recorded" in said
        assert _count(app, TriggerEvent) == events and _count(app, HistoryEntry) == logged
    # another cycle's desk still records
    token = csrf_of(client.get(f"/clerk/model-city?cycle={OTHER}").get_data(as_text=True))
    ok = client.post(f"/clerk/model-city/event?cycle={OTHER}", data={
        "csrf_token": token, "name": "ordinance-adopted", "date": "2027-05-03", "step": "save", "submission": "desk-test-2"})
    assert ok.status_code == 302
    assert _count(app, TriggerEvent) == events + 1


def test_counting_reads_only_the_cycle_asked_for(app):
    jur = app.extensions["registry"].get("model-city")
    seed_events(app, 5)
    seed_events(app, 4, first=date(2027, 1, 4))
    with Session(app.extensions["records"].db) as s:
        assert commands.events_in_cycle(s, jur, CYCLE) == 5
        assert commands.events_in_cycle(s, jur, OTHER) == 4
        assert commands.events_in_cycle(s, jur, date(2028, 11, 7)) == 0
