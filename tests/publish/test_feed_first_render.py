"""What a feed render writes (issue 28: a GET must not take the write lock on
the common path): the first render of a feed stores its events' versions and
its own in one short write transaction, opened after the deadlines are
computed; another worker's render of the same content writes nothing; after a
clerk write only the versions that changed are written; and workers rendering
a feed for the first time at once serve the same bytes under the same
versions, each version stored once."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from deadlines.store import tokens
from deadlines.store.feed_state import feed_event_state
from tests.reminders_fixtures import pg_url, write_transactions  # noqa: F401
from web import create_app, feeds

FEED = "/calendars/ypsilanti-mi.ics"
REAL_UPCOMING = feeds.upcoming


def _worker(url: str):
    """Another web worker on the same database (its own caches)."""
    return create_app({"TESTING": True, "TODAY": "2025-03-01", "DATABASE_URL": url, "BASE_URL": "https://x.example"})


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request, tmp_path):
    """A database the workers share: SQLite, and PostgreSQL."""
    return f"sqlite:///{tmp_path / 'feeds.sqlite3'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")


def _watch(db) -> dict:
    """The write transactions (``write_transactions``: ``begun``, ``open``) and
    ``rows``, how many rows each write of versions carries."""
    seen = write_transactions(db)
    seen["rows"] = []

    @event.listens_for(db, "before_cursor_execute")
    def _statement(conn, cursor, statement, parameters, context, many):
        if statement.startswith("INSERT INTO feed_event_state"):
            # one row per parameter set (executemany), or five parameters a row in one statement
            seen["rows"].append(len(parameters) if many else len(parameters) // 5)

    return seen


def _versions(db) -> dict[str, int]:
    with db.connect() as conn:
        return dict(conn.execute(select(feed_event_state.c.uid, feed_event_state.c.sequence)).all())


def test_one_write_after_the_computing_none_for_another_worker_and_only_what_changed(url, monkeypatch):
    first = _worker(url)
    db = first.extensions["records"].db
    seen = _watch(db)
    during = []

    def upcoming(*args, **kw):
        during.append(seen["open"])
        return REAL_UPCOMING(*args, **kw)

    monkeypatch.setattr(feeds, "upcoming", upcoming)
    served = first.test_client().get(FEED)
    assert served.status_code == 200 and during == [0]  # computed with no write transaction open
    versions = _versions(db)
    events = {u for u in versions if not u.startswith("feed:")}
    assert len(events) >= 10 and set(versions.values()) == {0}
    assert seen["begun"] == 1 and seen["rows"] == [len(versions)]  # one transaction: the events and the feed's own

    again = _worker(url).test_client().get(FEED)  # another worker (or a restart): the same content
    assert seen["begun"] == 1  # read, not written
    assert (again.data, again.headers["ETag"], again.headers["Last-Modified"]) == (
        served.data, served.headers["ETag"], served.headers["Last-Modified"])
    spanish = _worker(url).test_client().get(FEED + "?lang=es")
    assert spanish.status_code == 200 and seen["begun"] == 2 and seen["rows"][-1] == 1  # its own version alone

    # a clerk moves one deadline: the next render writes the versions that changed and no other
    with Session(db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "ypsilanti-mi")
    moved = first.test_client().put("/api/v1/jurisdictions/ypsilanti-mi/overrides/2026-11-03/petition-filing",
                                    json={"due": "2026-04-24T16:00", "authority": "Council resolution 2026-41",
                                          "reason": "office move"},
                                    headers={"Authorization": f"Bearer {secret}"})
    assert moved.status_code == 200, moved.data
    begun = seen["begun"]
    changed = _worker(url).test_client().get(FEED)
    assert changed.status_code == 200 and changed.data != served.data
    after = _versions(db)
    rose = {u for u in after if after[u] > versions.get(u, -1)} - {"feed:" + FEED + "?lang=es"}
    assert "feed:" + FEED in rose and 0 < len(rose - {"feed:" + FEED}) < len(events)
    assert seen["begun"] == begun + 1 and seen["rows"][-1] == len(rose)


def test_workers_rendering_a_feed_first_at_once_serve_the_same_versions(url, monkeypatch):
    workers = [_worker(url) for _ in range(4)]
    together = threading.Barrier(4, timeout=60)

    computing = []

    def upcoming(*args, **kw):
        computing.append(threading.current_thread().name)
        if computing.count(computing[-1]) == 1:
            together.wait()  # every worker computes now, none has stored a version yet
        return REAL_UPCOMING(*args, **kw)

    monkeypatch.setattr(feeds, "upcoming", upcoming)
    answers, failed = [None] * 4, []

    def get(i):
        try:
            answers[i] = workers[i].test_client().get(FEED)
        except Exception as exc:  # noqa: BLE001 (reported below)
            failed.append(exc)

    threads = [threading.Thread(target=get, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == [] and [a.status_code for a in answers] == [200] * 4
    assert len(set(computing)) == 4 and len(computing) <= 7  # made again by those another stored first
    assert len({(a.data, a.headers["ETag"], a.headers["Last-Modified"]) for a in answers}) == 1
    versions = _versions(workers[0].extensions["records"].db)
    assert set(versions.values()) == {0}  # every version stored once: none counted as a change
    uids = [line.split(":", 1)[1].strip() for line in answers[0].data.decode().splitlines() if line.startswith("UID:")]
    assert uids and set(uids) <= set(versions)


def test_a_feed_of_many_first_rendered_writes_once_and_another_worker_not_at_all(url):
    first = _worker(url)
    seen = _watch(first.extensions["records"].db)
    combined = "/calendars/combined.ics?j=salt-lake-city-ut,ypsilanti-mi"
    served = first.test_client().get(combined)
    assert served.status_code == 200 and seen["begun"] == 1  # the governments' parts and the feed's own together
    again = _worker(url).test_client().get(combined)
    assert seen["begun"] == 1 and (again.data, again.headers["ETag"]) == (served.data, served.headers["ETag"])
    own = _worker(url).test_client().get(FEED)  # its events published by the feed of many: its own version alone
    assert own.status_code == 200 and seen["begun"] == 2 and seen["rows"][-1] == 1
