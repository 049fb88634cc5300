"""The clerk API's write for notice publications (issue 27 item 5), by the
desk's rules (issue 27 item 6): ``PUT .../notices/<cycle>/<deadline>`` marks
a notice window published on a day not after today and inside the window; the
same mark sent again (a retry, or two at once) stores one; another is refused
until ``DELETE`` undoes the first.

Orem's notice of offices for 2027 (Utah Code 10-3-301(2)(a): "On or before
May 1 in a year in which there is a municipal general election"): the window
opens January 1, 2027 and closes May 1, 2027; "today" is pinned to Tuesday,
April 20, 2027."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.tables import HistoryEntry, NoticePublication
from tests.desk_helpers import bearer
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

J, CYCLE = "orem-ut", "2027-11-02"
NOTICE = f"/api/v1/jurisdictions/{J}/notices/{CYCLE}/filing-notice"
WHERE = "Utah Public Notice Website"


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": "2027-04-20"})


def _marks(app) -> list[tuple]:
    with Session(app.extensions["records"].db) as s:
        return [(p.deadline_uid, p.published_on.isoformat(), p.where, p.by)
                for p in s.scalars(select(NoticePublication).order_by(NoticePublication.id))]


def _history(app) -> list[tuple]:
    with Session(app.extensions["records"].db) as s:
        return [(e.action, e.target, e.by) for e in s.scalars(select(HistoryEntry).order_by(HistoryEntry.id))]


def test_mark_published_stores_once_and_the_public_basis_says_it(app):
    client, auth = app.test_client(), bearer(app, J, "Orem recorder")
    body = {"published_on": "2027-04-15", "where": WHERE}
    first = client.put(NOTICE, json=body, headers=auth)
    assert first.status_code == 201
    assert first.get_json() | {"recorded_at": None} == {
        "uid": f"{J}/{CYCLE}/filing-notice", "deadline": "filing-notice", "election": CYCLE,
        "published_on": "2027-04-15", "where": WHERE, "by": "Orem recorder", "recorded_at": None}
    again = client.put(NOTICE, json=body, headers=auth)  # a retry: answered as the first, nothing stored
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert _marks(app) == [(f"{J}/{CYCLE}/filing-notice", "2027-04-15", WHERE, "Orem recorder")]
    assert _history(app) == [("notice.publish", f"notice:{CYCLE}/filing-notice", "Orem recorder")]
    listed = client.get(f"/api/v1/jurisdictions/{J}/notices", headers=auth).get_json()
    assert listed["total"] == 1 and listed["items"] == [first.get_json()]
    row = next(d for d in client.get(f"/api/v1/jurisdictions/{J}/deadlines?election={CYCLE}").get_json()["deadlines"]
               if d["id"] == "filing-notice")
    assert row["basis"]["status"] == "recorded"
    # another day for a notice marked already: undo first
    other = client.put(NOTICE, json={**body, "published_on": "2027-04-16"}, headers=auth)
    assert other.status_code == 409 and "undo that first" in other.get_json()["detail"]
    assert len(_marks(app)) == 1


@pytest.mark.parametrize("day, said", [
    ("2027-04-21", "published_on: Wednesday, April 21, 2027 is after today (Tuesday, April 20, 2027, Mountain Time)"),
    ("2026-12-31", "published_on: Thursday, December 31, 2026 is before the notice window opens, on Friday, "
                   "January 1, 2027"),
    ("2027-13-01", "published_on"),
])
def test_a_day_in_the_future_or_before_the_window_is_refused_and_nothing_stored(app, day, said):
    r = app.test_client().put(NOTICE, json={"published_on": day, "where": WHERE}, headers=bearer(app, J))
    assert r.status_code == 422 and r.get_json()["field"] == "published_on"
    assert said in r.get_json()["detail"]
    assert _marks(app) == [] and _history(app) == []


def test_undo_removes_the_mark_and_a_second_undo_is_a_404(app):
    client, auth = app.test_client(), bearer(app, J, "Orem recorder")
    assert client.put(NOTICE, json={"published_on": "2027-01-04", "where": WHERE}, headers=auth).status_code == 201
    gone = client.delete(NOTICE + "?reason=Marked by mistake", headers=auth)
    assert gone.status_code == 204 and _marks(app) == []
    assert _history(app)[-1] == ("notice.delete", f"notice:{CYCLE}/filing-notice", "Orem recorder")
    assert client.delete(NOTICE, headers=auth).status_code == 404
    # marked again after the undo, on another day
    assert client.put(NOTICE, json={"published_on": "2027-01-05", "where": WHERE}, headers=auth).status_code == 201


@pytest.mark.parametrize("path", [f"/api/v1/jurisdictions/{J}/notices/{CYCLE}/no-such-notice",
                                  f"/api/v1/jurisdictions/{J}/notices/{CYCLE}/declaration-filing"])
def test_only_a_notice_window_can_be_marked(app, path):
    r = app.test_client().put(path, json={"published_on": "2027-04-15", "where": WHERE}, headers=bearer(app, J))
    assert r.status_code == 404 and r.get_json()["field"] == "deadline"


def test_two_identical_marks_at_the_same_instant_store_one(app):
    auth = bearer(app, J, "Orem recorder")
    start, codes = threading.Barrier(2), []

    def put():
        client = app.test_client()
        start.wait()
        codes.append(client.put(NOTICE, json={"published_on": "2027-04-15", "where": WHERE}, headers=auth).status_code)

    threads = [threading.Thread(target=put) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 201]
    assert len(_marks(app)) == 1 and len(_history(app)) == 1
