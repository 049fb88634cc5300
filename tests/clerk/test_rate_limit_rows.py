"""Issue 28, item 11: the clerk API wrote a rate-limit row for every write
before its token was checked (3,416 rows in 25 s from random tokens, and
clerk writes waited behind them). Now a row is written only once a token is
known bad (failed authentications are limited per client, in the database),
and the per-token write limit is counted in memory: writes with a live token
add no rows, and are still limited."""
from __future__ import annotations

import secrets

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.store import tokens
from deadlines.store.rate_limits import MemoryCounters, in_memory
from deadlines.store.tables import RateLimit, TriggerEvent
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)
from web import create_app

from conftest import TODAY

API = "/api/v1/jurisdictions"
EVENT = {"name": "ordinance-adopted", "at": "2026-05-04"}


def _app(url, **config):
    return create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY, **config})


@pytest.fixture
def app(sqlite_url):
    return _app(sqlite_url)


def _auth(app, jid="model-city") -> dict:
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, jid)
    return {"Authorization": f"Bearer {secret}"}


def _rows(app) -> list[tuple[str, int]]:
    with Session(app.extensions["records"].db) as s:
        return [(r.key, r.count) for r in s.scalars(select(RateLimit).order_by(RateLimit.key))]


def _events(app) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(TriggerEvent))


def _bad() -> dict:
    return {"Authorization": f"Bearer dlc_{secrets.token_urlsafe(32)}"}


def test_many_writes_with_a_live_token_add_no_rate_limit_rows(app):
    auth, client = _auth(app), app.test_client()
    before = _rows(app)
    remaining = []
    for i in range(40):
        r = client.post(f"{API}/model-city/events", json={**EVENT, "label": f"Ordinance {i}"}, headers=auth)
        assert r.status_code == 201, r.get_data(as_text=True)
        remaining.append(int(r.headers["X-RateLimit-Remaining"]))
    put = client.put(f"{API}/model-city/elections/2026-11-03", json={"general": "2026-11-03"}, headers=auth)
    assert put.status_code == 200
    assert _rows(app) == before == []
    assert remaining == list(range(119, 79, -1))  # still counted, in memory, under RATELIMIT_CLERK_WRITES


def test_the_per_token_write_limit_holds_without_rows(sqlite_url):
    app = _app(sqlite_url, RATELIMIT_CLERK_WRITES="3 per minute")
    auth, client = _auth(app), app.test_client()
    codes = [client.post(f"{API}/model-city/events", json={**EVENT, "label": f"O{i}"}, headers=auth).status_code
             for i in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    limited = client.post(f"{API}/model-city/events", json=EVENT, headers=auth)
    assert limited.headers["Content-Type"] == "application/problem+json" and int(limited.headers["Retry-After"]) > 0
    assert _rows(app) == [] and _events(app) == 3
    assert client.post(f"{API}/model-city/events", json=EVENT, headers=_auth(app)).status_code == 201  # another token


def test_bad_tokens_are_limited_per_client_with_one_counter_per_window(sqlite_url):
    app = _app(sqlite_url, RATELIMIT_CLERK_AUTH_FAILURES="5 per minute")
    client = app.test_client()
    codes = []
    for _ in range(60):
        r = client.post(f"{API}/model-city/events", json=EVENT, headers=_bad())
        codes.append(r.status_code)
        assert r.headers["WWW-Authenticate"].startswith("Bearer")
        assert r.headers["Content-Type"] == "application/problem+json"
    assert codes == [401] * 5 + [429] * 55
    assert int(r.headers["Retry-After"]) > 0 and "failed authentications" in r.get_json()["detail"]
    rows = _rows(app)
    assert len(rows) == 1 and rows[0][1] == 5  # one counter for the client, not counted past its limit
    assert "clerk-auth-failures" in rows[0][0]
    # reads with a bad token count too; the limited client's answer stays 429
    assert client.get(f"{API}/model-city/events", headers=_bad()).status_code == 429
    # another client is not limited by this one
    other = client.post(f"{API}/model-city/events", json=EVENT, headers=_bad(), environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 401
    # a live token from the limited client still writes (a token is not guessed: the limit bounds the flood)
    assert client.post(f"{API}/model-city/events", json=EVENT, headers=_auth(app)).status_code == 201
    assert _events(app) == 1
    assert len(_rows(app)) == 2


def test_default_failure_limits_and_requests_without_a_token(app):
    client = app.test_client()
    for _ in range(20):  # no token at all: 401, nothing to count
        assert client.post(f"{API}/model-city/events", json=EVENT).status_code == 401
    assert _rows(app) == []
    codes = [client.post(f"{API}/model-city/events", json=EVENT, headers=_bad()).status_code for _ in range(12)]
    assert codes == [401] * 10 + [429] * 2  # RATELIMIT_CLERK_AUTH_FAILURES: 10 per minute; 100 per hour
    assert len(_rows(app)) == 2  # the minute's counter and the hour's
    revoked = _auth(app)
    with Session(app.extensions["records"].db) as s, s.begin():
        revoked_row = tokens.verify(s, revoked["Authorization"].split()[1])
        tokens.revoke(s, revoked_row.id)
    assert client.post(f"{API}/model-city/events", json=EVENT, headers=revoked).status_code == 429
    assert _events(app) == 0


def test_rate_limits_switched_off_leave_401(sqlite_url):
    app = _app(sqlite_url, RATELIMIT_ENABLED=False)
    client = app.test_client()
    assert {client.post(f"{API}/model-city/events", json=EVENT, headers=_bad()).status_code for _ in range(15)} == {401}
    assert _rows(app) == []


def test_memory_counters_are_bounded_and_keyed_by_scope():
    counters = MemoryCounters(size=3)
    for i in range(10):
        assert counters.incr(f"k{i}", 60) == 1
    assert len(counters) == 3 and counters.get("k9") == 1 and counters.get("k0") == 0
    assert counters.incr("k9", 60) == 2
    assert counters.incr("gone", 0) == 1 and counters.get("gone") == 0  # an expired window counts from 0
    assert in_memory("LIMITER/deadlines/token:abc/clerk.add_event:clerk-writes/120/1/minute")
    assert not in_memory("LIMITER/clerk-auth-failures/client:abc/10/1/minute")
    assert not in_memory("LIMITER/deadlines/127.0.0.1/signup/10/1/minute")
