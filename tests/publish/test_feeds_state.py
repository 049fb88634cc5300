"""Persisted event versions: SEQUENCE rises once per change and never falls,
LAST-MODIFIED never goes backwards, and concurrent writers (gunicorn workers)
agree. Runs on SQLite and on PostgreSQL (DEADLINES_TEST_PG)."""
from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest

from deadlines.store.feed_state import FeedState, Stamp, Superseded
from deadlines.store import get_db
from tests.reminders_fixtures import pg_url  # noqa: F401  (a throwaway PostgreSQL database)

T0 = datetime(2025, 3, 1, 12, tzinfo=timezone.utc)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def state(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'sub' / 'state.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_url")
    yield FeedState(get_db(url))


def test_sequence_rises_once_per_change_and_never_falls(state):
    uid = f"test-{uuid.uuid4()}"
    assert state.stamps({uid: "a"}, T0)[uid] == state.stamps({uid: "a"}, T0 + timedelta(hours=1))[uid]
    first = state.stamps({uid: "a"}, T0)[uid]
    assert (first.sequence, first.last_modified) == (0, T0)
    changed = state.stamps({uid: "b"}, T0 + timedelta(days=1))[uid]
    assert (changed.sequence, changed.last_modified) == (1, T0 + timedelta(days=1))
    back = state.stamps({uid: "a"}, T0 - timedelta(days=3))[uid]  # a clock gone backwards
    assert (back.sequence, back.last_modified) == (2, T0 + timedelta(days=1))


def test_concurrent_writers_count_a_change_once(state):
    uids = [f"test-{uuid.uuid4()}" for _ in range(20)]
    with ThreadPoolExecutor(8) as pool:
        for content in ("a", "b"):
            results = list(pool.map(lambda _: state.stamps({u: content for u in uids}), range(8)))
            assert all(r == results[0] for r in results)
            assert {s.sequence for s in results[0].values()} == {0 if content == "a" else 1}


def test_content_from_older_records_never_gets_a_newer_sequence(state):
    """Issue 19, item 8: a render that read the records before a clerk write
    and publishes after the render that read them after it is refused."""
    uid = f"test-{uuid.uuid4()}"
    assert state.stamps({uid: "old"}, T0, {uid: 1})[uid].sequence == 0
    assert state.stamps({uid: "new"}, T0, {uid: 2})[uid].sequence == 1
    with pytest.raises(Superseded):
        state.stamps({uid: "old"}, T0, {uid: 1})
    assert state.stamps({uid: "new"}, T0, {uid: 2})[uid].sequence == 1  # unchanged: nothing stored
    assert state.stamps({uid: "newer"}, T0, {uid: 2})[uid].sequence == 2  # same records, new day or file: a change


def test_a_publication_overtaken_stores_nothing_and_one_published_already_writes_nothing(state):
    """Two renders say versions at once (both read before either stored): the
    first stores; the second, whose feed would carry other stamps, stores
    nothing, not even its feed's own version (made again, it reads the first's)."""
    event, feed = f"test-{uuid.uuid4()}", f"feed:test-{uuid.uuid4()}"
    first, second = state.publication(T0), state.publication(T0 + timedelta(seconds=1))
    assert first.stamps({event: "a"})[event] == Stamp(0, T0) and second.stamps({event: "a"})[event] == Stamp(0, T0 + timedelta(seconds=1))
    assert first.stamps({feed: "body with T0"})[feed].sequence == 0
    assert second.stamps({feed: "body with T0+1s"})[feed].sequence == 0
    first.settle()
    with pytest.raises(Superseded):  # Overtaken: the event's stamp is not the one it said
        second.settle()
    again = state.publication(T0 + timedelta(seconds=2))
    assert again.stamps({event: "a", feed: "body with T0"}) == {event: Stamp(0, T0), feed: Stamp(0, T0)}
    again.settle()  # nothing new or changed: no write
    assert state.stamps({feed: "body with T0"})[feed] == Stamp(0, T0)  # the loser's body never stored
