"""Two copies of one clerk write at the same moment (a client retrying before
the first answer came back): with one Idempotency-Key, both are answered 201
with the one event recorded; two events of one labelled case, one 201 and the
other 422 saying why. Neither is ever a 500 (on PostgreSQL both transactions
used to look the key up, find nothing and insert: a unique-index violation)."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.store import tokens
from deadlines.store.tables import HistoryEntry, TriggerEvent
from tests.reminders_fixtures import pg_url  # noqa: F401
from web import create_app

PATH = "/api/v1/jurisdictions/model-city/events"
PAIRS = 8


def _app(url: str):
    app = create_app({"TESTING": True, "TODAY": "2026-03-01", "SECRET_KEY": "t", "BASE_URL": "http://deadlines.test",
                      "DATABASE_URL": url, "RATELIMIT_CLERK_WRITES": "10000 per minute"})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    return app, secret


def _at_once(app, bodies_and_headers: list[tuple[dict, dict]]) -> list:
    """POST each body with its headers, all released at the same instant; the responses in order."""
    barrier, out = threading.Barrier(len(bodies_and_headers)), [None] * len(bodies_and_headers)

    def post(i: int, body: dict, headers: dict) -> None:
        client = app.test_client()
        barrier.wait()
        resp = client.post(PATH, json=body, headers=headers)
        out[i] = (resp.status_code, resp.get_json())

    threads = [threading.Thread(target=post, args=(i, *bh)) for i, bh in enumerate(bodies_and_headers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def _count(app, model) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(model))


def _same_key_twice(url: str) -> None:
    app, secret = _app(url)
    event = {"name": "ordinance-adopted", "at": "2026-05-04"}
    for n in range(PAIRS):
        headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": f"retry-{n}"}
        (a_status, a), (b_status, b) = _at_once(app, [(event, headers), (event, headers)])
        assert (a_status, b_status) == (201, 201), (a, b)
        assert a == b
    assert _count(app, TriggerEvent) == PAIRS and _count(app, HistoryEntry) == PAIRS


def _one_label_twice(url: str) -> None:
    app, secret = _app(url)
    headers = {"Authorization": f"Bearer {secret}"}
    for n in range(PAIRS):
        event = {"name": "ordinance-adopted", "at": "2026-05-04", "label": f"Ordinance 2026-{n}"}
        answers = _at_once(app, [(event, headers), (event, headers)])
        assert sorted(status for status, _ in answers) == [201, 422], answers
        refused = next(body for status, body in answers if status == 422)
        assert refused["field"] == "label" and "already has a 'ordinance-adopted' event" in refused["detail"]
    assert _count(app, TriggerEvent) == PAIRS


def test_two_retries_at_once_with_one_key_record_one_event_on_sqlite(tmp_path):
    _same_key_twice(f"sqlite:///{tmp_path / 'db.sqlite3'}")


@pytest.mark.postgres
def test_two_retries_at_once_with_one_key_record_one_event_on_postgres(pg_url):  # noqa: F811
    _same_key_twice(pg_url)


@pytest.mark.postgres
def test_two_events_of_one_labelled_case_at_once_are_one_201_and_one_422_on_postgres(pg_url):  # noqa: F811
    _one_label_twice(pg_url)
